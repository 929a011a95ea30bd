import { useQuery } from "@tanstack/react-query";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { errorCode, useTRPC } from "../../../app/trpc";
import { NativeSelect } from "../../../components/ui/input";
import { Switch } from "../../../components/ui/switch";
import { toast } from "../../../components/ui/use-toast";

/** The employees a configuration screen picks from: every active employee, by name (appointment.getEmployees). */
export function useEmployeeOptions() {
  const trpc = useTRPC();
  const q = useQuery(trpc.appointment.getEmployees.queryOptions());
  return { employees: q.data ?? [], isLoading: q.isLoading };
}

/** The schedulable services with their configuration (appointment.getServices). */
export function useServiceOptions() {
  const trpc = useTRPC();
  const q = useQuery(trpc.appointment.getServices.queryOptions());
  return { services: q.data ?? [], isLoading: q.isLoading };
}

/** A select of employees or services with a first option ('all' or 'choose'). */
export function OptionSelect({
  id,
  value,
  onChange,
  options,
  placeholder,
  label,
  disabled,
  invalid,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  options: { id: string; name: string }[];
  placeholder: string;
  label?: string;
  disabled?: boolean;
  invalid?: boolean;
}) {
  return (
    <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-label={label} disabled={disabled} aria-invalid={invalid || undefined}>
      <option value="">{placeholder}</option>
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
    </NativeSelect>
  );
}

/** A labelled switch with a hint line underneath. */
export function FlagSwitch({ id, label, hint, checked, onChange }: { id: string; label: string; hint?: string; checked: boolean; onChange: (value: boolean) => void }) {
  return (
    <div className="grid gap-1 rounded-md border p-3">
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <Switch id={id} checked={checked} onCheckedChange={onChange} />
      </div>
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

/** One destructive toast with the server's message (a lost session is handled by the app). */
export function useErrorToast() {
  const { t } = useTranslation();
  return (title: string) => (error: { message: string }) => {
    if (errorCode(error) === "UNAUTHORIZED") return;
    toast({ variant: "destructive", title, description: error.message || t("appointmentConfig:common.tryAgain") });
  };
}

/** The heading of a configuration page. */
export function ConfigHeader({ title, subtitle, children }: { title: string; subtitle: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <h2 className="text-xl font-semibold">{title}</h2>
        <p className="text-sm text-muted-foreground">{subtitle}</p>
      </div>
      {children}
    </div>
  );
}

/** Zod issues as a map of 'a.b.0.c' paths to their (translated) message, the first per path. */
export function issuesByPath(issues: { path: PropertyKey[]; message: string }[], translate: (key: string) => string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) {
    const key = i.path.map(String).join(".");
    if (!(key in out)) out[key] = translate(i.message);
  }
  return out;
}

/** Minutes as '45 min'. */
export const minutesText = (n: number | null | undefined) => (n === null || n === undefined ? "—" : `${n} min`);
