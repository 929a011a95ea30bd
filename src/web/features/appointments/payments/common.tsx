import type * as React from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/utils";

/**
 * The status filter of a payments list as chips with their counts ('Todos 12', 'Pagado 4', …): a
 * pressed chip is the filter; 'Todos' clears it.
 */
export function StatusChips<S extends string>({
  statuses,
  value,
  counts,
  onChange,
  labelOf,
  label,
  testId,
}: {
  statuses: readonly S[];
  value: S | undefined;
  counts: Record<S, number> | undefined;
  onChange: (status: S | undefined) => void;
  labelOf: (status: S) => string;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const total = counts ? statuses.reduce((sum, s) => sum + (counts[s] ?? 0), 0) : undefined;
  const chip = (key: S | undefined, text: string, count: number | undefined) => (
    <Button
      key={key ?? "all"}
      type="button"
      size="sm"
      variant={value === key ? "default" : "outline"}
      aria-pressed={value === key}
      className="h-9 gap-1.5 rounded-full px-3"
      onClick={() => onChange(key)}
      data-testid={`${testId}-${key ?? "all"}`}
    >
      {text}
      {count !== undefined ? (
        <span className={cn("rounded-full px-1.5 text-xs tabular-nums", value === key ? "bg-primary-foreground/20" : "bg-muted text-muted-foreground")} data-testid={`${testId}-count-${key ?? "all"}`}>
          {count}
        </span>
      ) : null}
    </Button>
  );
  return (
    <fieldset className="flex min-w-0 flex-wrap gap-2" data-testid={testId}>
      <legend className="sr-only">{label}</legend>
      {chip(undefined, t("appointmentPayments:filters.all"), total)}
      {statuses.map((s) => chip(s, labelOf(s), counts?.[s]))}
    </fieldset>
  );
}

/** A label and a value in a dialog's summary of the row it acts on. */
export function SummaryLine({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
