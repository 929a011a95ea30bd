import type * as React from "react";
import { type FieldValues, type Path, type UseFormReturn, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { allowedNcfTypeCodes, customerFiscalKind } from "../../../shared/customers/fiscal";
import { Input, NativeSelect } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { Switch } from "../../components/ui/switch";
import { tMessage } from "../../lib/i18n";
import { cn } from "../../lib/utils";

/**
 * Form building blocks shared by the customer form and the legal-client form: labelled inputs
 * wired to react-hook-form with their message underneath (ids `${prefix}-${name}`).
 */

type AnyForm<T extends FieldValues> = UseFormReturn<T, unknown, any>;

function errorOf<T extends FieldValues>(form: AnyForm<T>, name: Path<T>): string | undefined {
  const parts = String(name).split(".");
  let node: unknown = form.formState.errors;
  for (const p of parts) node = (node as Record<string, unknown> | undefined)?.[p];
  return tMessage((node as { message?: string } | undefined)?.message);
}

export function TextField<T extends FieldValues>({
  form,
  name,
  label,
  prefix,
  required,
  hint,
  ...input
}: { form: AnyForm<T>; name: Path<T>; label: string; prefix: string; required?: boolean; hint?: string } & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "form">) {
  const error = errorOf(form, name);
  const id = `${prefix}-${name}`;
  return (
    <Field label={label} htmlFor={id} error={error} required={required} hint={hint}>
      <Input id={id} aria-invalid={!!error} aria-describedby={error ? `${id}-error` : undefined} autoComplete="off" {...input} {...form.register(name)} />
    </Field>
  );
}

export function TextAreaField<T extends FieldValues>({ form, name, label, prefix, rows = 3 }: { form: AnyForm<T>; name: Path<T>; label: string; prefix: string; rows?: number }) {
  const error = errorOf(form, name);
  const id = `${prefix}-${name}`;
  return (
    <Field label={label} htmlFor={id} error={error}>
      <textarea
        id={id}
        rows={rows}
        aria-invalid={!!error}
        className="flex w-full rounded-[var(--radius-button)] border border-input bg-card px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-destructive"
        {...form.register(name)}
      />
    </Field>
  );
}

/** A select of values with translated labels; '' is "none" unless the field is required. */
export function SelectField<T extends FieldValues>({
  form,
  name,
  label,
  prefix,
  options,
  none,
  disabled,
}: { form: AnyForm<T>; name: Path<T>; label: string; prefix: string; options: { value: string; label: string }[]; none?: string; disabled?: boolean }) {
  const error = errorOf(form, name);
  const id = `${prefix}-${name}`;
  return (
    <Field label={label} htmlFor={id} error={error}>
      <NativeSelect id={id} aria-invalid={!!error} disabled={disabled} {...form.register(name)}>
        {none !== undefined ? <option value="">{none}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}

/** A yes/no switch with its label and an optional hint. */
export function SwitchField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  prefix,
  disabled,
  onChanged,
}: { form: AnyForm<T>; name: Path<T>; label: string; hint?: string; prefix: string; disabled?: boolean; onChanged?: (value: boolean) => void }) {
  const id = `${prefix}-${name}`;
  const checked = useWatch({ control: form.control, name }) as boolean;
  return (
    <div className={cn("flex items-center justify-between gap-3 rounded-md border p-3", disabled && "opacity-70")}>
      <label htmlFor={id} className="grid gap-1 text-sm">
        <span className="font-medium">{label}</span>
        {hint ? <span className="text-muted-foreground">{hint}</span> : null}
      </label>
      <Switch
        id={id}
        checked={!!checked}
        disabled={disabled}
        onCheckedChange={(v) => {
          form.setValue(name, v as never, { shouldDirty: true });
          onChanged?.(v);
        }}
        data-testid={`${prefix}-${name}`}
      />
    </div>
  );
}

/** A native checkbox with its label (used for the tax-id override). */
export function CheckboxField<T extends FieldValues>({ form, name, label, prefix }: { form: AnyForm<T>; name: Path<T>; label: string; prefix: string }) {
  const id = `${prefix}-${name}`;
  return (
    <div className="flex items-start gap-2 text-sm">
      <input id={id} type="checkbox" className="mt-0.5 size-4 accent-[var(--color-primary)]" {...form.register(name)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** Under the tax id: what kind of id it is and which fiscal receipts (NCF) the customer may receive. */
export function FiscalHint({ taxId, override }: { taxId: string; override: boolean }) {
  const { t } = useTranslation();
  const kind = customerFiscalKind({ taxId, taxIdOverride: override });
  const codes = allowedNcfTypeCodes({ taxId, taxIdOverride: override });
  return (
    <p className="text-xs text-muted-foreground" data-testid="fiscal-hint">
      {t(`customers:fiscal.kind.${kind}`)} · {t("customers:fiscal.receives")}: {codes.map((c) => `${c} ${t(`customers:fiscal.ncf.${c}`)}`).join(", ")}
    </p>
  );
}
