import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import type { Pagination } from "../../../../shared/platform/pagination";
import { EmptyTableRow, ListSearch } from "../../../components/list-page";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent } from "../../../components/ui/dialog";
import { SkeletonRows } from "../../../components/ui/skeleton";
import { tMessage } from "../../../lib/i18n";
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

/** The list's state kept in the address (search, page, page size, status filter). */
export interface ListState {
  search: string;
  text: string;
  setText: (text: string) => void;
  page: number;
  pageSize: number;
  status: string | null;
  setStatus: (status: string | undefined) => void;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
}

/** The pagination of a loaded page of `total` rows, or undefined while nothing is loaded. */
export function pageOf(l: ListState, data: { total: number } | undefined): Pagination | undefined {
  const total = data?.total ?? 0;
  return data ? { page: l.page, pageSize: l.pageSize, total, pageCount: Math.max(1, Math.ceil(total / l.pageSize)) } : undefined;
}

/** The filter row of a payments list: the status chips and the search. */
export function ListFilters({ chips, list: l, searchTestId }: { chips: React.ReactNode; list: ListState; searchTestId: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-3">
      {chips}
      <ListSearch className="min-w-56" label={t("appointmentPayments:filters.search")} value={l.text} onValueChange={l.setText} data-testid={searchTestId} />
    </div>
  );
}

/** The alert of a list that failed to load. */
export function LoadError({ error }: { error: { message: string } | null }) {
  const { t } = useTranslation();
  return error ? (
    <p role="alert" className="text-sm text-destructive">
      {t("appointmentPayments:errors.loadFailed")} {tMessage(error.message)}
    </p>
  ) : null;
}

/** The end of a payments table: skeleton rows while loading, else the empty row when nothing was found. */
export function TableEnd({ cols, loading, error, count, icon, kind, filtered }: { cols: number; loading: boolean; error: unknown; count: number; icon: LucideIcon; kind: "deposits" | "refunds"; filtered: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {loading ? <SkeletonRows cols={cols} /> : null}
      {!loading && !error && count === 0 ? (
        <EmptyTableRow cols={cols} icon={icon} title={t(`appointmentPayments:${kind}.emptyTitle`)} hint={t(filtered ? `appointmentPayments:${kind}.emptyFiltered` : `appointmentPayments:${kind}.emptyHint`)} testId={`${kind}-empty`} />
      ) : null}
    </>
  );
}

/** The customer and the service of a row, one under the other. */
export function CustomerCell({ name, service }: { name: string; service: string }) {
  return (
    <div className="grid gap-0.5">
      <span className="font-medium">{name}</span>
      <span className="text-xs text-muted-foreground">{service}</span>
    </div>
  );
}

/** The buttons of the actions a row's status allows now; the destructive one outlined in red. */
export function RowActions<A extends string>({
  actions,
  icons,
  variantOf,
  destructive,
  onAct,
  ariaLabelOf,
  labelOf,
  testIdPrefix,
}: {
  actions: readonly A[];
  icons: Record<A, LucideIcon>;
  variantOf: (action: A) => "default" | "secondary" | "outline";
  destructive: A;
  onAct: (action: A) => void;
  ariaLabelOf: (action: A) => string;
  labelOf: (action: A) => string;
  testIdPrefix: string;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-1.5">
      {actions.map((action) => {
        const Icon: LucideIcon = icons[action];
        return (
          <Button
            key={action}
            size="sm"
            variant={variantOf(action)}
            className={action === destructive ? "border-destructive/50 text-destructive hover:bg-destructive/10 hover:text-destructive" : undefined}
            onClick={() => onAct(action)}
            aria-label={ariaLabelOf(action)}
            data-testid={`${testIdPrefix}-${action}`}
          >
            <Icon /> {labelOf(action)}
          </Button>
        );
      })}
    </div>
  );
}

/** A dialog about one row: open while there is a row, its body only then. */
export function RowDialog({ open, onOpenChange, testId, wide, children, ...rest }: { open: boolean; onOpenChange: (open: boolean) => void; testId: string; wide?: boolean; children: React.ReactNode; "data-action"?: string | null }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent closeLabel={t("common:actions.close")} className={wide ? "max-h-[95dvh] max-w-lg overflow-y-auto" : "max-h-[95dvh] max-w-md overflow-y-auto"} data-testid={testId} {...rest}>
          {children}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
