import { Lock } from "lucide-react";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { usePermissions } from "../lib/permissions";
import { Button, type ButtonProps } from "./ui/button";
import { Skeleton } from "./ui/skeleton";

/**
 * A permission-gated button (spec 03 'Permission guard'): a skeleton while permissions load; when
 * the permission is not held it hides, shows a fallback, or (the default) shows the button
 * disabled with a lock icon and the tooltip 'Requiere permiso: {permission}', so the user knows
 * the action exists and whom to ask.
 */
export function PermissionButton({ permission, whenDenied = "disable", fallback, children, ...props }: ButtonProps & { permission: string; whenDenied?: "disable" | "hide" | "fallback"; fallback?: React.ReactNode }) {
  const { t } = useTranslation();
  const { can, isLoading } = usePermissions();
  if (isLoading) return <Skeleton className="h-10 w-28" />;
  if (can(permission)) return <Button {...props}>{children}</Button>;
  if (whenDenied === "hide") return null;
  if (whenDenied === "fallback") return <>{fallback ?? null}</>;
  const tip = t("common:requiresPermission", { permission });
  // A disabled button takes no pointer events: the wrapper carries the tooltip and the focus.
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the locked action must be reachable by keyboard to read why it is locked
    <span className="inline-flex" title={tip} tabIndex={0} data-testid="permission-locked" data-permission={permission}>
      <Button {...props} onClick={undefined} disabled aria-disabled>
        <Lock />
        {children}
        <span className="sr-only">{tip}</span>
      </Button>
    </span>
  );
}
