import type { inferRouterOutputs } from "@trpc/server";
import { FolderX } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { z } from "zod";
import type { AppRouter } from "../../../app/trpc";
import { fieldErrors } from "../../../app/trpc";
import { FormDialog } from "../../../components/form-dialog";
import { Button } from "../../../components/ui/button";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Field } from "../../../components/ui/label";
import { Switch } from "../../../components/ui/switch";
import { tMessage } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";

type Outputs = inferRouterOutputs<AppRouter>["legalCase"];
/** legalCase.getCase's answer (the case with its billing roll-up). */
export type LegalCase = Outputs["getCase"];

/** An unknown id, or another firm's case. */
export function CaseNotFound() {
  const { t } = useTranslation();
  return (
    <div className="grid justify-items-center gap-3 py-16 text-center" data-testid="case-not-found">
      <FolderX className="size-10 text-muted-foreground" aria-hidden />
      <p className="font-medium">{t("legal:form.notFound")}</p>
      <p className="text-sm text-muted-foreground">{t("legal:form.notFoundHint")}</p>
      <Button asChild variant="outline">
        <Link to="/home/legal">{t("legal:form.backToList")}</Link>
      </Button>
    </div>
  );
}

/** The multi-line field of the area's dialogs (the app has no textarea component). */
export const textareaClass =
  "flex min-h-16 w-full rounded-[var(--radius-button)] border border-input bg-card px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-destructive";

export type FormState = Record<string, string | boolean>;

/**
 * A dialog's form held as plain values: `check` validates the input built from them with the
 * shared zod schema (messages are catalog keys, shown translated under each field); `fail` puts
 * the server's field messages in the same places.
 */
export function useDialogForm<T extends FormState>(initial: T, prefix: string) {
  const [values, setValues] = React.useState<T>(initial);
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const set = (key: string, value: string | boolean) => setValues((v) => ({ ...v, [key]: value }));
  function check<S extends z.ZodType>(schema: S, input: unknown): z.output<S> | null {
    const parsed = schema.safeParse(input);
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    const next: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "root");
      if (!next[key]) next[key] = issue.message;
    }
    setErrors(next);
    focusFirst(prefix, next);
    return null;
  }
  const fail = (error: unknown) => {
    const fields = fieldErrors(error);
    const next: Record<string, string> = {};
    for (const [path, message] of Object.entries(fields)) next[path.split(".")[0]!] = message;
    setErrors(next);
    focusFirst(prefix, next);
  };
  return { values, set, errors, check, fail, prefix };
}
export type DialogForm<T extends FormState = FormState> = ReturnType<typeof useDialogForm<T>>;

function focusFirst(prefix: string, errors: Record<string, string>) {
  const first = Object.keys(errors)[0];
  if (first) queueMicrotask(() => document.getElementById(`${prefix}-${first}`)?.focus());
}

/** '' → null for the optional fields of an input (the shared schemas clear with null). */
export function blanksToNull<T extends Record<string, unknown>>(input: T): T {
  return Object.fromEntries(Object.entries(input).map(([k, v]) => [k, v === "" ? null : v])) as T;
}

type Common = { f: DialogForm<FormState>; name: string; label: string; required?: boolean; className?: string; hint?: string };

export function FText({ f, name, label, required, className, hint, ...input }: Common & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "value" | "onChange">) {
  const id = `${f.prefix}-${name}`;
  const error = tMessage(f.errors[name]);
  return (
    <Field label={label} htmlFor={id} error={error} required={required} hint={hint} className={className}>
      <Input
        id={id}
        value={String(f.values[name] ?? "")}
        onChange={(e) => f.set(name, e.target.value)}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        autoComplete="off"
        data-testid={id}
        {...input}
      />
    </Field>
  );
}

export function FArea({ f, name, label, required, className, rows = 3 }: Common & { rows?: number }) {
  const id = `${f.prefix}-${name}`;
  const error = tMessage(f.errors[name]);
  return (
    <Field label={label} htmlFor={id} error={error} required={required} className={className}>
      <textarea id={id} rows={rows} className={textareaClass} value={String(f.values[name] ?? "")} onChange={(e) => f.set(name, e.target.value)} aria-invalid={!!error} data-testid={id} />
    </Field>
  );
}

export function FSelect({ f, name, label, required, className, options, none, hint }: Common & { options: { value: string; label: string }[]; none?: string }) {
  const id = `${f.prefix}-${name}`;
  const error = tMessage(f.errors[name]);
  return (
    <Field label={label} htmlFor={id} error={error} required={required} className={className} hint={hint}>
      <NativeSelect id={id} value={String(f.values[name] ?? "")} onChange={(e) => f.set(name, e.target.value)} aria-invalid={!!error} data-testid={id}>
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

export function FSwitch({ f, name, label, className, hint }: Common) {
  const id = `${f.prefix}-${name}`;
  return (
    <div className={cn("flex items-center justify-between gap-3 rounded-md border p-3", className)}>
      <label htmlFor={id} className="grid gap-1 text-sm">
        <span className="font-medium">{label}</span>
        {hint ? <span className="text-muted-foreground">{hint}</span> : null}
      </label>
      <Switch id={id} checked={!!f.values[name]} onCheckedChange={(v) => f.set(name, v)} data-testid={id} />
    </div>
  );
}

/** One fact of a summary: its name and its value ('—' when empty). */
export function Info({ label, value, numeric, testId }: { label: string; value: React.ReactNode; numeric?: boolean; testId?: string }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cn("break-words text-sm", numeric && "tabular-nums")} data-testid={testId}>
        {value === null || value === undefined || value === "" ? "—" : value}
      </dd>
    </div>
  );
}

/** Options of an enumeration with their labels in the legal namespace. */
export function useEnumOptions() {
  const { t } = useTranslation();
  return <T extends string>(group: string, values: readonly T[]) => values.map((v) => ({ value: v, label: t(`legal:${group}.${v}`) }));
}

/** A timestamp as the value of a datetime-local input, in Santo Domingo time. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Santo_Domingo", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(new Date(iso));
  const p = (type: string) => parts.find((x) => x.type === type)?.value ?? "";
  return `${p("year")}-${p("month")}-${p("day")}T${p("hour")}:${p("minute")}`;
}

/** A datetime-local value (Santo Domingo, UTC−4 all year) as an ISO timestamp. */
export function fromLocalInput(value: string): string | null {
  return value ? `${value}:00-04:00` : null;
}

/** A case record's add or edit dialog (parties, events, tasks, time, communications): the area's titles, Cancelar and one Guardar button. */
export function RecordDialog({
  area,
  editing,
  pending,
  onSubmit,
  onCancel,
  saveTestId,
  children,
}: {
  area: "parties" | "events" | "tasks" | "time" | "communications";
  editing: boolean;
  pending: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  saveTestId: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog
      title={t(`legal:${area}.${editing ? "edit" : "new"}`)}
      description={t(`legal:${area}.dialogDescription`)}
      onSubmit={onSubmit}
      cancelLabel={t("legal:common.cancel")}
      onCancel={onCancel}
      submit={
        <Button type="submit" disabled={pending} data-testid={saveTestId}>
          {pending ? t("legal:common.saving") : t("legal:common.save")}
        </Button>
      }
    >
      {children}
    </FormDialog>
  );
}
