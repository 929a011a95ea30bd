import { useQuery } from "@tanstack/react-query";
import { AlertCircle, ArrowDownRight, ArrowRight, ArrowUpRight, BarChart3, Minus } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { DashboardRange } from "../../../shared/dashboard/range";
import { formatMoney, formatQuantity } from "../../../shared/money/format";
import { useTRPC } from "../../app/trpc";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { formatDate } from "../../lib/dates";
import { usePermissions } from "../../lib/permissions";
import { cn } from "../../lib/utils";
import type { ChartDatum } from "./charts";

/**
 * The dashboard's six widgets (issue 14 §8). Each asks its own dashboard.* call for the chosen
 * range, shows skeletons while it loads, an empty state without sales and an error with Retry.
 * Charts come from ./charts (Recharts, its own chunk, fetched when the first chart draws); the
 * figures behind each chart are also a table (visible, or for screen readers only where a table
 * would be long), so nothing is only in a picture.
 */
const TrendChart = React.lazy(() => import("./charts").then((m) => ({ default: m.TrendChart })));
const RankedBarChart = React.lazy(() => import("./charts").then((m) => ({ default: m.RankedBarChart })));
const DonutChart = React.lazy(() => import("./charts").then((m) => ({ default: m.DonutChart })));
/** The same palette as charts.tsx (kept here too so the legend does not wait for the chart chunk). */
const COLORS = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#7f7f7f"];
const MAX_SLICES = 7;

function locale(lang: string) {
  return lang === "en" ? "en-US" : "es-DO";
}

/** dd MMM for a calendar date (yyyy-MM-dd), read as a date of no time zone. */
function shortDate(day: string, lang: string, withWeekday = false): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(locale(lang), { day: "numeric", month: "short", ...(withWeekday ? { weekday: "short" } : {}), timeZone: "UTC" }).format(new Date(Date.UTC(y, m - 1, d)));
}

function timeOf(at: Date | string, lang: string): string {
  return new Intl.DateTimeFormat(locale(lang), { hour: "2-digit", minute: "2-digit", timeZone: "America/Santo_Domingo" }).format(new Date(at));
}

export function usePeriodText(period: { range: DashboardRange; from: string; to: string } | undefined): string | null {
  const { t, i18n } = useTranslation();
  if (!period) return null;
  return period.range === "today"
    ? t("dashboard:periodOf.today", { date: formatDate(period.from, i18n.language) })
    : t(`dashboard:periodOf.${period.range}`, { from: shortDate(period.from, i18n.language), to: shortDate(period.to, i18n.language) });
}

/** A widget's frame: title, description and its states. */
function Widget({
  id,
  title,
  description,
  query,
  isEmpty,
  className,
  children,
  skeleton,
}: {
  id: string;
  title: string;
  description?: string;
  query: { isLoading: boolean; isError: boolean; refetch: () => unknown };
  isEmpty: boolean;
  className?: string;
  children: React.ReactNode;
  skeleton?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = `${id}-title`;
  return (
    <Card className={cn("min-w-0", className)} data-testid={id} aria-labelledby={titleId} role="region" aria-busy={query.isLoading}>
      <CardHeader className="pb-3">
        <CardTitle id={titleId} className="text-base">
          {title}
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>
        {query.isLoading ? (
          (skeleton ?? (
            <div className="grid gap-2" data-testid="widget-loading">
              <Skeleton className="h-40 w-full" />
              <Skeleton className="h-4 w-2/3" />
            </div>
          ))
        ) : query.isError ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center text-sm text-muted-foreground" role="alert">
            <AlertCircle className="size-6 text-destructive" />
            {t("dashboard:error")}
            <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
              {t("dashboard:retry")}
            </Button>
          </div>
        ) : isEmpty ? (
          <EmptyWidget />
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}

function EmptyWidget() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-1 py-8 text-center" data-testid="widget-empty">
      <BarChart3 className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="font-medium">{t("dashboard:empty.title")}</p>
      <p className="text-sm text-muted-foreground">{t("dashboard:empty.hint")}</p>
    </div>
  );
}

function ChartFallback({ height = 220 }: { height?: number }) {
  return (
    <div style={{ height }}>
      <Skeleton className="h-full w-full" />
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Stats

function Change({ value, range }: { value: string | null; range: DashboardRange }) {
  const { t } = useTranslation();
  const vs = t(`dashboard:stats.vs.${range}`);
  if (value === null) return <span className="text-xs text-muted-foreground">{t("dashboard:stats.noPrevious")}</span>;
  const n = value.startsWith("-") ? -1 : /^0(\.0+)?$/.test(value) ? 0 : 1;
  const abs = value.replace("-", "");
  const Icon = n > 0 ? ArrowUpRight : n < 0 ? ArrowDownRight : Minus;
  const text = n > 0 ? t("dashboard:stats.up", { value: abs }) : n < 0 ? t("dashboard:stats.down", { value: abs }) : t("dashboard:stats.flat");
  return (
    <span className={cn("inline-flex items-center gap-1 text-xs font-medium", n > 0 && "text-success", n < 0 && "text-destructive", n === 0 && "text-muted-foreground")} data-testid="stat-change">
      <Icon className="size-3.5" aria-hidden="true" />
      {text} {vs}
    </span>
  );
}

export function StatsCards({ range }: { range: DashboardRange }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const stats = useQuery(trpc.dashboard.getStats.queryOptions({ range }));
  const s = stats.data;
  const money = (v: string) => formatMoney(v, i18n.language);
  const cards = [
    { key: "sales-total", label: t("dashboard:stats.salesTotal"), value: s ? money(s.salesTotal) : null, previous: s ? money(s.previous.salesTotal) : null, change: s?.change.salesTotal ?? null },
    { key: "invoice-count", label: t("dashboard:stats.invoiceCount"), value: s ? String(s.invoiceCount) : null, previous: s ? String(s.previous.invoiceCount) : null, change: s?.change.invoiceCount ?? null },
    { key: "average-ticket", label: t("dashboard:stats.averageTicket"), value: s ? money(s.averageTicket) : null, previous: s ? money(s.previous.averageTicket) : null, change: s?.change.averageTicket ?? null },
  ];
  return (
    <section className="grid gap-3 @lg:grid-cols-3" aria-label={t("dashboard:stats.title")} data-testid="dashboard-stats" aria-busy={stats.isLoading}>
      {cards.map((c) => (
        <Card key={c.key} className="min-w-0" data-testid={`stat-${c.key}`}>
          <CardHeader className="gap-1 p-4">
            <span className="text-sm text-muted-foreground">{c.label}</span>
            {stats.isError ? (
              <span className="text-sm text-destructive">{t("dashboard:error")}</span>
            ) : c.value === null ? (
              <>
                <Skeleton className="h-8 w-32" />
                <Skeleton className="h-3 w-40" />
              </>
            ) : (
              <>
                <span className="text-2xl font-bold tabular-nums [overflow-wrap:anywhere] @lg:text-xl @4xl:text-2xl" data-testid={`stat-${c.key}-value`}>
                  {c.value}
                </span>
                <Change value={c.change} range={range} />
                <span className="text-xs text-muted-foreground tabular-nums" data-testid={`stat-${c.key}-previous`}>
                  {t("dashboard:stats.previous", { value: c.previous })}
                </span>
              </>
            )}
          </CardHeader>
        </Card>
      ))}
    </section>
  );
}

// ---------------------------------------------------------------------------------------------
// Sales overview

export function SalesOverview({ range }: { range: DashboardRange }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const q = useQuery(trpc.dashboard.getSalesOverview.queryOptions({ range }));
  const byHour = range === "today";
  const title = byHour ? t("dashboard:overview.titleHour") : t("dashboard:overview.titleDay");
  const points = q.data?.points ?? [];
  const data: ChartDatum[] = points.map((p) => ({
    key: p.key,
    label: byHour ? `${p.key}:00` : range === "week" ? shortDate(p.key, i18n.language, true) : shortDate(p.key, i18n.language),
    value: Number(p.total),
    display: formatMoney(p.total, i18n.language),
  }));
  const rows = points.map((p, i) => ({ ...p, label: data[i]!.label }));
  return (
    <Widget
      id="widget-sales-overview"
      title={title}
      description={t("dashboard:overview.description", { unit: byHour ? t("dashboard:overview.unitHour") : t("dashboard:overview.unitDay") })}
      query={q}
      isEmpty={points.every((p) => p.count === 0)}
      className="@4xl:col-span-2"
      skeleton={<ChartFallback height={240} />}
    >
      <React.Suspense fallback={<ChartFallback height={240} />}>
        <TrendChart data={data} kind={range === "month" ? "area" : "bar"} lang={i18n.language} seriesLabel={t("dashboard:overview.sales")} />
      </React.Suspense>
      <table className="sr-only" data-testid="sales-overview-table">
        <caption>{t("dashboard:chartData", { title })}</caption>
        <thead>
          <tr>
            <th scope="col">{byHour ? t("dashboard:overview.hour") : t("dashboard:overview.day")}</th>
            <th scope="col">{t("dashboard:overview.sales")}</th>
            <th scope="col">{t("dashboard:overview.invoices")}</th>
          </tr>
        </thead>
        <tbody>
          {rows
            .filter((r) => r.count > 0)
            .map((r) => (
              <tr key={r.key}>
                <th scope="row">{r.label}</th>
                <td>{formatMoney(r.total, i18n.language)}</td>
                <td>{r.count}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </Widget>
  );
}

// ---------------------------------------------------------------------------------------------
// Recent sales

export function RecentSales({ range }: { range: DashboardRange }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const { can } = usePermissions();
  const q = useQuery(trpc.dashboard.getRecentSales.queryOptions({ range }));
  const sales = q.data?.sales ?? [];
  const canOpen = can("invoices.view");
  return (
    <Widget
      id="widget-recent-sales"
      title={t("dashboard:recent.title")}
      description={t("dashboard:recent.description")}
      query={q}
      isEmpty={sales.length === 0}
      skeleton={
        <div className="grid gap-3" data-testid="widget-loading">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      }
    >
      <ul className="divide-y" aria-label={t("dashboard:recent.title")}>
        {sales.map((s) => (
          <li key={s.id} className="flex items-center gap-3 py-2" data-testid="recent-sale">
            <div className="min-w-0 flex-1">
              <div className="flex items-center gap-2">
                {canOpen ? (
                  <Link to={`/home/invoices/${s.id}`} className="font-mono text-sm font-medium underline-offset-2 hover:underline">
                    {s.number}
                  </Link>
                ) : (
                  <span className="font-mono text-sm font-medium">{s.number}</span>
                )}
                {s.paymentStatus !== "paid" ? (
                  <Badge variant="outline" className="text-[11px]">
                    {t(`dashboard:recent.status.${s.paymentStatus}`, { defaultValue: s.paymentStatus })}
                  </Badge>
                ) : null}
              </div>
              <div className="truncate text-xs text-muted-foreground">
                {s.customerName ?? t("dashboard:recent.noCustomer")} · {range === "today" ? timeOf(s.createdAt, i18n.language) : `${shortDate(s.businessDate, i18n.language)}, ${timeOf(s.createdAt, i18n.language)}`}
              </div>
            </div>
            <span className="shrink-0 text-right font-semibold tabular-nums">{formatMoney(s.total, i18n.language)}</span>
          </li>
        ))}
      </ul>
      {canOpen ? (
        <Button asChild variant="link" size="sm" className="mt-1 h-auto px-0">
          <Link to="/home/invoices">
            {t("dashboard:recent.viewAll")}
            <ArrowRight className="size-4" />
          </Link>
        </Button>
      ) : null}
    </Widget>
  );
}

// ---------------------------------------------------------------------------------------------
// Top products

function FiguresTable({ label, columns, rows, testId }: { label: string; columns: { title: string; numeric?: boolean }[]; rows: { key: string; cells: React.ReactNode[] }[]; testId: string }) {
  return (
    <table className="mt-3 w-full text-sm" aria-label={label} data-testid={testId}>
      <thead>
        <tr className="border-b text-xs text-muted-foreground">
          {columns.map((c) => (
            <th key={c.title} scope="col" className={cn("py-1.5 font-medium", c.numeric ? "text-right" : "text-left")}>
              {c.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} className="border-b last:border-0" data-testid={`${testId}-row`}>
            {r.cells.map((cell, i) => (
              <td key={columns[i]!.title} className={cn("py-1.5", columns[i]!.numeric ? "whitespace-nowrap pl-2 text-right tabular-nums" : "w-full max-w-0 truncate pr-2")}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function TopProducts({ range }: { range: DashboardRange }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const q = useQuery(trpc.dashboard.getTopProducts.queryOptions({ range }));
  const products = q.data?.products ?? [];
  const title = t("dashboard:topProducts.title");
  const data: ChartDatum[] = products.map((p, i) => ({ key: p.productId, label: p.name, value: Number(p.total), display: formatMoney(p.total, i18n.language), color: COLORS[i % COLORS.length] }));
  return (
    <Widget id="widget-top-products" title={title} description={t("dashboard:topProducts.description")} query={q} isEmpty={products.length === 0}>
      <React.Suspense fallback={<ChartFallback height={180} />}>
        <RankedBarChart data={data} lang={i18n.language} seriesLabel={t("dashboard:topProducts.total")} />
      </React.Suspense>
      <FiguresTable
        label={title}
        testId="top-products"
        columns={[{ title: t("dashboard:topProducts.product") }, { title: t("dashboard:topProducts.quantity"), numeric: true }, { title: t("dashboard:topProducts.total"), numeric: true }]}
        rows={products.map((p) => ({ key: p.productId, cells: [<span key="name" title={p.name}>{p.name}</span>, formatQuantity(p.quantity), formatMoney(p.total, i18n.language)] }))}
      />
    </Widget>
  );
}

// ---------------------------------------------------------------------------------------------
// Sales by category

export function SalesByCategory({ range }: { range: DashboardRange }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const q = useQuery(trpc.dashboard.getSalesByCategory.queryOptions({ range }));
  const categories = q.data?.categories ?? [];
  const title = t("dashboard:byCategory.title");
  // The largest slices, the rest summed as one (amounts and shares added exactly, as decimal strings in cents and tenths).
  const shown = categories.length > MAX_SLICES ? categories.slice(0, MAX_SLICES - 1) : categories;
  const rest = categories.slice(shown.length);
  const slices = shown.map((c, i) => ({ key: c.categoryId ?? "none", name: c.name ?? t("dashboard:byCategory.none"), total: c.total, share: c.share, color: COLORS[i % COLORS.length]! }));
  if (rest.length > 0) {
    const cents = rest.reduce((a, c) => a + BigInt(c.total.replace(".", "")), 0n);
    const tenths = rest.reduce((a, c) => a + BigInt(c.share.replace(".", "")), 0n);
    slices.push({ key: "others", name: t("dashboard:byCategory.others"), total: `${cents / 100n}.${String(cents % 100n).padStart(2, "0")}`, share: `${tenths / 10n}.${tenths % 10n}`, color: COLORS[COLORS.length - 1]! });
  }
  const data: ChartDatum[] = slices.map((s) => ({ key: s.key, label: s.name, value: Number(s.total), display: `${formatMoney(s.total, i18n.language)} (${s.share} %)`, color: s.color }));
  return (
    <Widget id="widget-sales-by-category" title={title} description={t("dashboard:byCategory.description")} query={q} isEmpty={categories.length === 0}>
      <div className="grid items-center gap-3">
        <React.Suspense fallback={<ChartFallback height={200} />}>
          <DonutChart data={data} height={180} />
        </React.Suspense>
        <table className="w-full text-sm" aria-label={title} data-testid="sales-by-category">
          <thead className="sr-only">
            <tr>
              <th scope="col">{t("dashboard:byCategory.category")}</th>
              <th scope="col">{t("dashboard:byCategory.total")}</th>
              <th scope="col">{t("dashboard:byCategory.share")}</th>
            </tr>
          </thead>
          <tbody>
            {slices.map((s) => (
              <tr key={s.key} className="border-b last:border-0" data-testid="sales-by-category-row">
                <td className="w-full max-w-0 py-1.5 pr-2">
                  <span className="flex items-center gap-2">
                    <span className="size-3 shrink-0 rounded-sm" style={{ backgroundColor: s.color }} aria-hidden="true" />
                    <span className="truncate" title={s.name}>
                      {s.name}
                    </span>
                  </span>
                </td>
                <td className="whitespace-nowrap py-1.5 text-right tabular-nums">{formatMoney(s.total, i18n.language)}</td>
                <td className="whitespace-nowrap py-1.5 pl-3 text-right text-muted-foreground tabular-nums">{s.share} %</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Widget>
  );
}

// ---------------------------------------------------------------------------------------------
// Employee sales

export function EmployeeSales({ range }: { range: DashboardRange }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const q = useQuery(trpc.dashboard.getEmployeeSales.queryOptions({ range }));
  const employees = q.data?.employees ?? [];
  const title = t("dashboard:employees.title");
  const name = (e: { name: string | null }) => e.name ?? t("dashboard:employees.none");
  const data: ChartDatum[] = employees.map((e) => ({ key: e.employeeId ?? "none", label: name(e), value: Number(e.total), display: formatMoney(e.total, i18n.language), color: e.employeeId ? undefined : "#7f7f7f" }));
  return (
    <Widget id="widget-employee-sales" title={title} description={t("dashboard:employees.description")} query={q} isEmpty={employees.length === 0}>
      <React.Suspense fallback={<ChartFallback height={180} />}>
        <RankedBarChart data={data} lang={i18n.language} seriesLabel={t("dashboard:employees.total")} />
      </React.Suspense>
      <FiguresTable
        label={title}
        testId="employee-sales"
        columns={[{ title: t("dashboard:employees.employee") }, { title: t("dashboard:employees.invoices"), numeric: true }, { title: t("dashboard:employees.total"), numeric: true }]}
        rows={employees.map((e) => ({ key: e.employeeId ?? "none", cells: [<span key="name" title={name(e)}>{name(e)}</span>, String(e.invoiceCount), formatMoney(e.total, i18n.language)] }))}
      />
    </Widget>
  );
}
