import { Lock, Wrench } from "lucide-react";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, Outlet, useLocation } from "react-router";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { usePermissions } from "../../lib/permissions";
import { useSession } from "../../lib/session";

/** /home/* needs a session; without one the user goes to the sign-in page. */
export function RequireSession() {
  const { data: user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) {
    return (
      <div className="grid gap-3 p-6">
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (!user) return <Navigate to="/auth/signin" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** 'Acceso denegado' for a user lacking the permission (the server refuses the calls too). */
export function AccessDenied({ message }: { message?: string }) {
  const { t } = useTranslation();
  return (
    <Card className="mx-auto mt-10 max-w-lg" data-testid="access-denied">
      <CardHeader className="items-center text-center">
        <Lock className="size-10 text-muted-foreground" />
        <CardTitle>{t("common:accessDenied.title")}</CardTitle>
        <CardDescription>{message ?? t("common:accessDenied.message")}</CardDescription>
      </CardHeader>
      <CardContent className="flex justify-center">
        <Button asChild variant="outline">
          <Link to="/home">{t("common:accessDenied.back")}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** Pages whose refusal the spec words itself: the dashboard says 'You don't have access to this page'. */
const DENIED_MESSAGES: Record<string, string> = { "dashboard.view": "dashboard:noAccess" };

export function RequirePermission({ permission, children }: { permission: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  const { can, isLoading } = usePermissions();
  if (isLoading) return <Skeleton className="h-40 w-full" />;
  const deniedMessage = DENIED_MESSAGES[permission];
  if (!can(permission)) return <AccessDenied message={deniedMessage ? t(deniedMessage) : undefined} />;
  return <>{children}</>;
}

/** A menu destination whose module is delivered by a later issue. */
export function ModuleComingPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Card className="mx-auto mt-6 max-w-2xl" data-testid="module-coming">
      <CardHeader>
        <CardTitle>{t(titleKey)}</CardTitle>
        <CardDescription>{t("common:moduleComing.description")}</CardDescription>
      </CardHeader>
      <CardContent className="flex items-center gap-2 text-sm text-muted-foreground">
        <Wrench className="size-4" />
        {t("common:moduleComing.hint")}
      </CardContent>
    </Card>
  );
}
