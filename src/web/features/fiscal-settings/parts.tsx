import { Star } from "lucide-react";
import type * as React from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toBig } from "../../../shared/catalog/decimal";
import { errorCode, fieldErrors } from "../../app/trpc";
import { Badge } from "../../components/ui/badge";
import { Switch } from "../../components/ui/switch";

/** The permission of the fiscal settings tabs (currencies, payment methods, invoice conditions and types). */
export { FISCAL_SETTINGS_PERMISSION } from "./routes";

/** 'Activo' / 'Inactivo'. */
export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return active ? <Badge variant="success">{t("common:status.active")}</Badge> : <Badge variant="outline">{t("common:status.inactive")}</Badge>;
}

/** The star badge of the one default row. */
export function DefaultBadge({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant="default" className={`gap-1 ${className ?? ""}`} data-testid="default-badge">
      <Star className="size-3" aria-hidden />
      {t("fiscalSettings:default")}
    </Badge>
  );
}

/** A labelled switch in a bordered box, with an optional hint under it. */
export function SwitchRow({
  id,
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  hint?: React.ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <div className="grid gap-1 rounded-md border p-3">
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <Switch id={id} checked={checked} disabled={disabled} onCheckedChange={onChange} />
      </div>
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

/**
 * The onError of a settings sheet: field errors go under their fields; anything else (a code
 * already taken, the one-default rules …) is shown in the sheet, above its buttons (FormError).
 */
export function sheetErrorHandler<T extends FieldValues>(form: UseFormReturn<T, unknown, unknown>, fields: readonly Path<T>[]) {
  return (error: { message: string }) => {
    if (errorCode(error) === "UNAUTHORIZED") return;
    const byField = Object.entries(fieldErrors(error)).filter(([field]) => (fields as readonly string[]).includes(field));
    for (const [field, message] of byField) form.setError(field as Path<T>, { message });
    if (byField.length === 0) form.setError("root", { message: error.message });
  };
}

/** The sheet's error that belongs to no field (from the server), in the user's language. */
export function FormError({ message, testId }: { message: string | undefined; testId: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm font-medium text-destructive" data-testid={testId}>
      {message}
    </p>
  );
}

/** A rate with 2 to 6 decimals and thousands separators: '63.25', '0.017543', '1.00'. */
export function formatRate(value: string | number | null | undefined): string {
  const fixed = toBig(value ?? 0).toFixed(6);
  const [int, dec] = fixed.split(".") as [string, string];
  const trimmed = dec.replace(/0+$/, "").padEnd(2, "0");
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${trimmed}`;
}

/** The next free display order (0–999) after the given rows. */
export function nextOrder(rows: readonly { order: number }[] | undefined): number {
  return Math.min(999, Math.max(-1, ...(rows ?? []).map((r) => r.order)) + 1);
}
