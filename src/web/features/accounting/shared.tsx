import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { BookOpenCheck } from "lucide-react";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { formatMoney } from "../../../shared/money/format";
import { type AppRouter, useTRPC } from "../../app/trpc";
import { PermissionButton } from "../../components/permission-button";
import { Badge } from "../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { formatDate, todayInSantoDomingo } from "../../lib/dates";
import { cn } from "../../lib/utils";

type Outputs = inferRouterOutputs<AppRouter>;
export type Account = Outputs["account"]["getAll"][number];
export type Entry = Outputs["journalEntry"]["getById"];

/** accounting.getStatus, shared by every accounting page (initialized or not). */
export function useAccountingStatus() {
  const trpc = useTRPC();
  return useQuery(trpc.accounting.getStatus.queryOptions());
}

/** The chart of accounts (active ones unless told), cached for every picker of the page. */
export function useAccounts(includeInactive = false) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.account.getAll.queryOptions({ includeInactive }), staleTime: 60_000 });
}

/**
 * 'Inicializar contabilidad': what initialization creates and the button (accounting.update). Shown
 * on /home/accounting and in place of every accounting page until accounting is initialized.
 */
export function SetupCard() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const init = useMutation(
    trpc.accounting.initialize.mutationOptions({
      onSuccess: async () => {
        await qc.invalidateQueries(trpc.accounting.pathFilter());
        await qc.invalidateQueries(trpc.account.pathFilter());
        await qc.invalidateQueries(trpc.tax.pathFilter());
        await qc.invalidateQueries(trpc.fiscalPeriod.pathFilter());
        toast({ variant: "success", title: t("accounting:setup.done") });
      },
      onError: (e) => toast({ variant: "destructive", title: t("accounting:setup.failed"), description: e.message }),
      meta: { silent: true },
    }),
  );
  const year = todayInSantoDomingo().slice(0, 4);
  const items = ["chart", "periods", "taxes", "mapping"] as const;
  return (
    <Card className="mx-auto w-full max-w-2xl" data-testid="accounting-setup">
      <CardHeader>
        <div className="flex items-center gap-2">
          <BookOpenCheck className="size-6 text-primary" aria-hidden />
          <CardTitle>{t("accounting:setup.title")}</CardTitle>
        </div>
        <CardDescription>{t("accounting:setup.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid list-disc gap-2 pl-5 text-sm">
          {items.map((k) => (
            <li key={k}>{t(`accounting:setup.items.${k}`, { year })}</li>
          ))}
        </ul>
        <p className="text-sm text-muted-foreground">{t("accounting:setup.editable")}</p>
        <div>
          <PermissionButton permission="accounting.update" onClick={() => init.mutate()} disabled={init.isPending} data-testid="accounting-initialize">
            {init.isPending ? t("accounting:setup.initializing") : t("accounting:setup.initialize")}
          </PermissionButton>
        </div>
      </CardContent>
    </Card>
  );
}

/** An accounting page: the setup card until accounting is initialized. */
export function RequireAccounting({ children }: { children: React.ReactNode }) {
  const status = useAccountingStatus();
  if (status.isLoading) return <Skeleton className="h-48 w-full" />;
  if (!status.data?.initialized) return <SetupCard />;
  return <>{children}</>;
}

const STATUS_VARIANTS: Record<string, "success" | "warning" | "outline"> = { draft: "warning", posted: "success", cancelled: "outline" };

export function EntryStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant={STATUS_VARIANTS[status] ?? "outline"} data-testid="entry-status">
      {t(`accounting:statuses.${status}`)}
    </Badge>
  );
}

/** Money as the tables show it (RD$, two decimals). */
export function useMoney() {
  const { i18n } = useTranslation();
  return (v: string | number | null | undefined) => formatMoney(v ?? 0, i18n.language);
}

/** The first and last day of the current month (business time zone). */
export function thisMonth(): { from: string; to: string } {
  const today = todayInSantoDomingo();
  const [y, m] = today.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  return { from: `${today.slice(0, 7)}-01`, to: last };
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A report's period in the address (?from=&to=&compare=1), this month by default. */
export function usePeriod() {
  const [params, setParams] = useSearchParams();
  const month = thisMonth();
  const from = DATE_RE.test(params.get("from") ?? "") ? params.get("from")! : month.from;
  const to = DATE_RE.test(params.get("to") ?? "") ? params.get("to")! : month.to;
  const compare = params.get("compare") === "1";
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === "") next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace: true });
  };
  return { from, to, compare, valid: from <= to, set, params };
}

/** From / to (and 'Comparar con el período anterior' when the report takes it). */
export function PeriodFilter({ period, withCompare = false, asOf = false }: { period: ReturnType<typeof usePeriod>; withCompare?: boolean; asOf?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <label className="grid gap-1 text-xs text-muted-foreground">
        {t("accounting:period.from")}
        <Input type="date" className="w-40" value={period.from} onChange={(e) => period.set({ from: e.target.value })} data-testid="period-from" />
      </label>
      <label className="grid gap-1 text-xs text-muted-foreground">
        {asOf ? t("accounting:period.asOf") : t("accounting:period.to")}
        <Input type="date" className="w-40" value={period.to} onChange={(e) => period.set({ to: e.target.value })} data-testid="period-to" />
      </label>
      {withCompare ? (
        <label className="flex h-10 items-center gap-2 text-sm">
          <input type="checkbox" className="size-4" checked={period.compare} onChange={(e) => period.set({ compare: e.target.checked ? "1" : null })} data-testid="period-compare" />
          {t("accounting:period.compare")}
        </label>
      ) : null}
      {!period.valid ? (
        <p className="text-sm text-destructive" role="alert">
          {t("accounting:errors.rangeInvalid")}
        </p>
      ) : null}
    </>
  );
}

/** '01/11/2026 – 30/11/2026' */
export function useRangeLabel() {
  const { i18n } = useTranslation();
  return (from: string, to: string) => `${formatDate(from, i18n.language)} – ${formatDate(to, i18n.language)}`;
}

/** The document an automatic entry came from, when it has a screen. */
export function sourceLink(sourceType: string, sourceId: string | null): string | null {
  if (!sourceId) return null;
  switch (sourceType) {
    case "sale":
      return `/home/invoices/${sourceId}`;
    case "credit_note":
      return `/home/credit-notes/${sourceId}`;
    case "supplier_bill":
      return `/home/payables/bills/${sourceId}`;
    case "stock_movement":
      return `/home/warehouse-movements/${sourceId}`;
    default:
      return null;
  }
}

/** A row's name indented by its level in the chart (groups in bold). */
export function AccountName({ code, name, level = 0, isGroup = false, to }: { code: string; name: string; level?: number; isGroup?: boolean; to?: string }) {
  const label = (
    <>
      <span className="font-mono text-xs text-muted-foreground">{code}</span> <span>{name}</span>
    </>
  );
  return (
    <span className={cn("inline-block min-w-0 break-words", isGroup && "font-semibold")} style={{ paddingLeft: `${Math.min(level, 6) * 0.9}rem` }}>
      {to ? (
        <Link to={to} className="hover:underline">
          {label}
        </Link>
      ) : (
        label
      )}
    </span>
  );
}

/** A money cell's classes: right-aligned tabular figures. */
export const num = "text-right tabular-nums whitespace-nowrap";

/** A monthly period's name in the user's language ('Noviembre 2026', 'November 2026'); the stored name otherwise. */
export function periodName(p: { name: string; startDate: string; endDate: string }, lang: string): string {
  const start = new Date(`${p.startDate}T12:00:00Z`);
  const monthly = p.startDate.endsWith("-01") && p.startDate.slice(0, 7) === p.endDate.slice(0, 7);
  if (!monthly) return p.name;
  const text = new Intl.DateTimeFormat(lang === "en" ? "en-US" : "es-DO", { month: "long", year: "numeric", timeZone: "UTC" }).format(start).replace(" de ", " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
