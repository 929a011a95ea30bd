import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { TFunction } from "i18next";
import { CalendarX2, } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { daysBetween } from "../../../../shared/appointments/availability";
import { presetPeriod, REPORT_MAX_DAYS, REPORT_PRESETS, REPORT_STATUSES, type ReportPreset, rate } from "../../../../shared/appointments/report";
import { formatMoney } from "../../../../shared/money/format";
import { type AppRouter, useTRPC } from "../../../app/trpc";
import type { ReportData } from "../../../components/report/report-data";
import { ReportHeader } from "../../../components/report/report-header";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Skeleton } from "../../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table";
import { formatDate, todayInSantoDomingo } from "../../../lib/dates";
import { usePermissions } from "../../../lib/permissions";
import { cn } from "../../../lib/utils";

type Report = inferRouterOutputs<AppRouter>["appointment"]["getReport"];
type Status = (typeof REPORT_STATUSES)[number];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Status colours (Okabe–Ito, readable on light and dark themes): done green, confirmed blue, pending orange… cancelled grey. */
const STATUS_COLORS: Record<Status, string> = {
  completed: "#009E73",
  confirmed: "#0072B2",
  pending: "#E69F00",
  rescheduled: "#56B4E9",
  no_show: "#D55E00",
  cancelled: "#7f7f7f",
};
const axisTick = { fontSize: 11, fill: "var(--muted-foreground)" };
const locale = (lang: string) => (lang === "en" ? "en-US" : "es-DO");

/** '25.0' -> '25.0 %' ('25.0%' in English); null (a rate over nothing) -> '—'. */
function formatPercent(value: string | null, lang: string): string {
  if (value === null) return "—";
  const n = new Intl.NumberFormat(locale(lang), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(Number(value));
  return lang === "en" ? `${n}%` : `${n} %`;
}
const formatHours = (minutes: number, lang: string) => new Intl.NumberFormat(locale(lang), { maximumFractionDigits: 1 }).format(minutes / 60);
const formatCount = (n: number, lang: string) => new Intl.NumberFormat(locale(lang)).format(n);
/** A day on the axis: 'dd/MM' (es) or 'MM/dd' (en). */
const shortDay = (date: string, lang: string) => (lang === "en" ? `${date.slice(5, 7)}/${date.slice(8, 10)}` : `${date.slice(8, 10)}/${date.slice(5, 7)}`);

/**
 * The appointments area's reports (/home/appointments/reports; spec 03 §9 'Report metrics'): a
 * period (today, this week, this month or custom dates, at most 366 days) and filters by employee
 * and service, in the address; KPI cards (appointments today / this week / this month, appointments
 * of the period, revenue, value booked, utilization, no-show and cancellation rates, average
 * booking value); charts (appointments per day by status, revenue per day, utilization by
 * employee, status breakdown) with the figures in the tables beneath (by employee, by service);
 * Imprimir and Exportar (Excel / PDF of the summary). The rules are in src/shared/appointments/report.ts.
 */
export function ReportsPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const { can } = usePermissions();
  const [params, setParams] = useSearchParams();
  const today = React.useMemo(() => todayInSantoDomingo(), []);

  const preset = ((REPORT_PRESETS as readonly string[]).includes(params.get("period") ?? "") ? params.get("period") : "month") as ReportPreset;
  const fallback = presetPeriod(preset === "custom" ? "month" : preset, today);
  const from = preset === "custom" && DATE.test(params.get("from") ?? "") ? params.get("from")! : fallback.from;
  const to = preset === "custom" && DATE.test(params.get("to") ?? "") ? params.get("to")! : fallback.to;
  const employeeId = params.get("employee") ?? "";
  const serviceId = params.get("service") ?? "";
  const rangeError = from > to ? "appointments:errors.dateRange" : daysBetween(from, to) + 1 > REPORT_MAX_DAYS ? "appointmentAdmin:reports.errors.rangeTooLong" : null;

  const update = (next: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(next)) v ? p.set(k, v) : p.delete(k);
        return p;
      },
      { replace: true },
    );
  const choosePreset = (p: ReportPreset) => (p === "custom" ? update({ period: "custom", from, to }) : update({ period: p, from: null, to: null }));

  const services = useQuery(trpc.product.getAll.queryOptions({ search: "", isScheduleable: true, page: 1, pageSize: 100, showDeleted: false }));
  const employees = useQuery({ ...trpc.employee.getAll.queryOptions({ search: "", page: 1, pageSize: 200, showInactive: false }), enabled: can("employees.view") });
  const report = useQuery({
    ...trpc.appointment.getReport.queryOptions({ from, to, employee_id: employeeId || undefined, service_id: serviceId || undefined }),
    enabled: !rangeError,
    placeholderData: keepPreviousData,
  });
  const data = report.data;
  const periodText = t("appointmentAdmin:reports.periodLabel", { from: formatDate(from, lang), to: formatDate(to, lang) });

  return (
    <div className="grid min-w-0 gap-4" data-testid="appointment-reports">
      {/* The area's layout holds the one h1 ('Citas'); a section titles itself with an h2. */}
      <ReportHeader level={2} showBack={false} title={t("appointmentAdmin:reports.title")} subtitle={periodText} report={data ? exportReport(data, t, lang, periodText) : undefined} />

      <Card className="print:hidden">
        <CardContent className="grid gap-3 pt-5" role="group" aria-label={t("appointmentAdmin:reports.filters")}>
          <fieldset className="m-0 flex flex-wrap gap-1 border-0 p-0">
            <legend className="sr-only">{t("appointmentAdmin:reports.period")}</legend>
            {REPORT_PRESETS.map((p) => (
              <Button
                key={p}
                aria-pressed={preset === p}
                variant={preset === p ? "default" : "outline"}
                size="sm"
                className="min-h-11 sm:min-h-9"
                onClick={() => choosePreset(p)}
                data-testid={`report-preset-${p}`}
              >
                {t(`appointmentAdmin:reports.presets.${p}`)}
              </Button>
            ))}
          </fieldset>
          <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
            <label className="grid gap-1 text-xs text-muted-foreground">
              {t("appointmentAdmin:reports.from")}
              <Input type="date" className="sm:w-40" value={from} max={to} onChange={(e) => e.target.value && update({ period: "custom", from: e.target.value, to })} data-testid="report-from" />
            </label>
            <label className="grid gap-1 text-xs text-muted-foreground">
              {t("appointmentAdmin:reports.to")}
              <Input type="date" className="sm:w-40" value={to} min={from} onChange={(e) => e.target.value && update({ period: "custom", from, to: e.target.value })} data-testid="report-to" />
            </label>
            <NativeSelect
              className="col-span-2 w-full sm:w-56"
              aria-label={t("appointmentAdmin:reports.employee")}
              value={employeeId}
              onChange={(e) => update({ employee: e.target.value || null })}
              data-testid="report-employee"
            >
              <option value="">{t("appointmentAdmin:reports.allEmployees")}</option>
              {employees.data?.data.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.name}
                </option>
              ))}
            </NativeSelect>
            <NativeSelect
              className="col-span-2 w-full sm:w-56"
              aria-label={t("appointmentAdmin:reports.service")}
              value={serviceId}
              onChange={(e) => update({ service: e.target.value || null })}
              data-testid="report-service"
            >
              <option value="">{t("appointmentAdmin:reports.allServices")}</option>
              {services.data?.data.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          {rangeError ? (
            <p role="alert" className="text-sm text-destructive">
              {t(rangeError)}
            </p>
          ) : null}
        </CardContent>
      </Card>

      {report.isError && !data ? (
        <Card>
          <CardContent className="grid justify-items-center gap-2 py-10 text-center" role="alert">
            <p className="font-medium">{t("appointmentAdmin:reports.loadFailed")}</p>
            <Button variant="outline" size="sm" onClick={() => void report.refetch()}>
              {t("appointmentAdmin:reports.retry")}
            </Button>
          </CardContent>
        </Card>
      ) : !data ? (
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
          {Array.from({ length: 10 }, (_, i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
      ) : (
        <ReportBody data={data} lang={lang} />
      )}
    </div>
  );
}

function Kpi({ id, label, value, hint }: { id: string; label: string; value: string; hint?: string }) {
  return (
    <Card className="min-w-0 print:break-inside-avoid" data-testid={`kpi-${id}`}>
      <CardContent className="grid min-w-0 gap-1 p-3 sm:p-4">
        <span className="text-xs font-medium text-muted-foreground">{label}</span>
        <span className="text-xl font-bold tabular-nums [overflow-wrap:anywhere]" data-testid={`kpi-${id}-value`}>
          {value}
        </span>
        {hint ? <span className="text-xs text-muted-foreground">{hint}</span> : null}
      </CardContent>
    </Card>
  );
}

function ChartCard({ title, testId, children, className }: { title: string; testId: string; children: React.ReactNode; className?: string }) {
  return (
    <Card className={cn("min-w-0 print:break-inside-avoid", className)} data-testid={testId}>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent className="min-w-0">{children}</CardContent>
    </Card>
  );
}

function ReportBody({ data, lang }: { data: Report; lang: string }) {
  const { t } = useTranslation();
  const s = data.summary;
  const status = (x: Status) => t(`appointments:statuses.${x}`);
  const money = (v: string) => formatMoney(v, lang);
  const compact = (v: number) => new Intl.NumberFormat(locale(lang), { notation: "compact", maximumFractionDigits: 1 }).format(v);
  const days = data.days.map((d) => ({ ...d, label: shortDay(d.date, lang), revenueValue: Number(d.revenue) }));
  const statusData = data.by_status.filter((b) => b.count > 0);
  const utilizationData = data.employees.map((e) => ({ name: e.name, value: e.utilization === null ? 0 : Number(e.utilization), display: formatPercent(e.utilization, lang) }));
  const isEmpty = s.appointments === 0;

  return (
    <div className="grid min-w-0 gap-4">
      <section aria-label={t("appointmentAdmin:reports.summary")} className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5" data-testid="report-kpis">
        <Kpi id="today" label={t("appointmentAdmin:reports.kpi.today")} value={formatCount(data.counts.today, lang)} hint={t("appointmentAdmin:reports.kpi.countsHint")} />
        <Kpi id="week" label={t("appointmentAdmin:reports.kpi.week")} value={formatCount(data.counts.week, lang)} hint={t("appointmentAdmin:reports.kpi.countsHint")} />
        <Kpi id="month" label={t("appointmentAdmin:reports.kpi.month")} value={formatCount(data.counts.month, lang)} hint={t("appointmentAdmin:reports.kpi.countsHint")} />
        <Kpi
          id="appointments"
          label={t("appointmentAdmin:reports.kpi.appointments")}
          value={formatCount(s.appointments, lang)}
          hint={t("appointmentAdmin:reports.kpi.appointmentsHint", { active: s.active, cancelled: s.cancelled })}
        />
        <Kpi id="revenue" label={t("appointmentAdmin:reports.kpi.revenue")} value={money(s.revenue)} hint={t("appointmentAdmin:reports.kpi.revenueHint")} />
        <Kpi id="booked" label={t("appointmentAdmin:reports.kpi.bookedValue")} value={money(s.booked_value)} hint={t("appointmentAdmin:reports.kpi.bookedValueHint")} />
        <Kpi
          id="utilization"
          label={t("appointmentAdmin:reports.kpi.utilization")}
          value={formatPercent(s.utilization, lang)}
          hint={t("appointmentAdmin:reports.kpi.utilizationHint", { booked: formatHours(s.booked_minutes, lang), working: formatHours(s.working_minutes, lang) })}
        />
        <Kpi
          id="no-show"
          label={t("appointmentAdmin:reports.kpi.noShowRate")}
          value={formatPercent(s.no_show_rate, lang)}
          hint={t("appointmentAdmin:reports.kpi.noShowHint", { count: s.no_show, total: s.active })}
        />
        <Kpi
          id="cancellation"
          label={t("appointmentAdmin:reports.kpi.cancellationRate")}
          value={formatPercent(s.cancellation_rate, lang)}
          hint={t("appointmentAdmin:reports.kpi.cancellationHint", { count: s.cancelled, total: s.appointments })}
        />
        <Kpi id="average" label={t("appointmentAdmin:reports.kpi.averageBookingValue")} value={money(s.average_booking_value)} hint={t("appointmentAdmin:reports.kpi.averageHint")} />
      </section>

      {isEmpty ? (
        <Card data-testid="report-empty">
          <CardContent className="grid justify-items-center gap-2 py-10 text-center">
            <CalendarX2 className="size-10 text-muted-foreground" aria-hidden />
            <p className="font-medium">{t("appointmentAdmin:reports.empty")}</p>
            <p className="text-sm text-muted-foreground">{t("appointmentAdmin:reports.emptyHint")}</p>
          </CardContent>
        </Card>
      ) : null}

      <div className="grid min-w-0 gap-4 lg:grid-cols-2 lg:items-start">
        <ChartCard title={t("appointmentAdmin:reports.charts.perDay")} testId="chart-per-day">
          <div aria-hidden="true" className="h-64 w-full min-w-0">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={days} margin={{ top: 8, right: 8, left: 0, bottom: 0 }} accessibilityLayer={false}>
                <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
                <XAxis dataKey="label" tick={axisTick} tickLine={false} axisLine={false} minTickGap={8} />
                <YAxis allowDecimals={false} tick={axisTick} tickLine={false} axisLine={false} width={32} />
                <Tooltip cursor={{ fill: "var(--muted)", opacity: 0.5 }} />
                <Legend wrapperStyle={{ fontSize: 12 }} />
                {REPORT_STATUSES.map((x) => (
                  <Bar key={x} dataKey={x} name={status(x)} stackId="status" fill={STATUS_COLORS[x]} isAnimationActive={false} />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </div>
        </ChartCard>
        <ChartCard title={t("appointmentAdmin:reports.charts.revenuePerDay")} testId="chart-revenue">
          <div aria-hidden="true" className="h-64 w-full min-w-0">
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={days} margin={{ top: 8, right: 12, left: 0, bottom: 0 }} accessibilityLayer={false}>
                <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
                <XAxis dataKey="label" tick={axisTick} tickLine={false} axisLine={false} minTickGap={8} />
                <YAxis tick={axisTick} tickLine={false} axisLine={false} width={48} tickFormatter={compact} />
                <Tooltip formatter={(v) => money(String(v))} />
                <Line type="monotone" dataKey="revenueValue" name={t("appointmentAdmin:reports.kpi.revenue")} stroke="var(--primary)" strokeWidth={2} dot={days.length <= 31} isAnimationActive={false} />
              </LineChart>
            </ResponsiveContainer>
          </div>
        </ChartCard>
        <ChartCard title={t("appointmentAdmin:reports.charts.utilizationByEmployee")} testId="chart-utilization">
          <div aria-hidden="true" className="w-full min-w-0" style={{ height: Math.max(140, utilizationData.length * 36 + 40) }}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={utilizationData} layout="vertical" margin={{ top: 4, right: 16, left: 4, bottom: 4 }} accessibilityLayer={false}>
                <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" horizontal={false} />
                <XAxis type="number" tick={axisTick} tickLine={false} axisLine={false} domain={[0, (max: number) => Math.max(100, Math.ceil(max))]} unit="%" />
                <YAxis type="category" dataKey="name" tick={axisTick} tickLine={false} axisLine={false} width={110} tickFormatter={(v: string) => (v.length > 16 ? `${v.slice(0, 15)}…` : v)} />
                <Tooltip formatter={(_v, _n, item) => (item?.payload as { display?: string } | undefined)?.display ?? ""} cursor={{ fill: "var(--muted)", opacity: 0.5 }} />
                <Bar dataKey="value" name={t("appointmentAdmin:reports.kpi.utilization")} fill="var(--primary)" barSize={20} radius={[0, 4, 4, 0]} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </ChartCard>
        <ChartCard title={t("appointmentAdmin:reports.charts.statusBreakdown")} testId="chart-status">
          <div className="grid gap-4">
            <div aria-hidden="true" className="h-52 w-full min-w-0">
              {statusData.length > 0 ? (
                <ResponsiveContainer width="100%" height="100%">
                  <PieChart accessibilityLayer={false}>
                    <Pie data={statusData} dataKey="count" nameKey="status" rootTabIndex={-1} innerRadius="55%" outerRadius="90%" paddingAngle={statusData.length > 1 ? 2 : 0} stroke="var(--card)" isAnimationActive={false}>
                      {statusData.map((b) => (
                        <Cell key={b.status} fill={STATUS_COLORS[b.status]} />
                      ))}
                    </Pie>
                  </PieChart>
                </ResponsiveContainer>
              ) : null}
            </div>
            <Table aria-label={t("appointmentAdmin:reports.charts.statusBreakdown")} data-testid="status-table">
              <THead>
                <TR>
                  <TH>{t("appointmentAdmin:reports.table.status")}</TH>
                  <TH className="text-right">{t("appointmentAdmin:reports.table.appointments")}</TH>
                  <TH className="text-right">{t("appointmentAdmin:reports.table.share")}</TH>
                </TR>
              </THead>
              <TBody>
                {data.by_status.map((b) => (
                  <TR key={b.status} data-testid={`status-row-${b.status}`}>
                    <TD>
                      <span className="inline-flex items-center gap-2">
                        <span className="size-3 shrink-0 rounded-sm" style={{ background: STATUS_COLORS[b.status] }} aria-hidden />
                        {status(b.status)}
                      </span>
                    </TD>
                    <TD className="text-right tabular-nums">{formatCount(b.count, lang)}</TD>
                    <TD className="text-right tabular-nums">{formatPercent(rate(b.count, s.appointments), lang)}</TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          </div>
        </ChartCard>
      </div>

      <DayTable data={data} lang={lang} />
      <EmployeeTable data={data} lang={lang} />
      <ServiceTable data={data} lang={lang} />
    </div>
  );
}

/** The per-day figures of the two day charts (days with an appointment or a payment; the period's totals last). */
function DayTable({ data, lang }: { data: Report; lang: string }) {
  const { t } = useTranslation();
  const h = (k: string) => t(`appointmentAdmin:reports.table.${k}`);
  const rows = data.days.map((d) => ({ ...d, total: REPORT_STATUSES.reduce((acc, x) => acc + d[x], 0) })).filter((d) => d.total > 0 || Number(d.revenue) !== 0);
  if (rows.length === 0) return null;
  return (
    <Card className="min-w-0">
      <CardHeader className="pb-2">
        <CardTitle className="text-base">{h("byDay")}</CardTitle>
      </CardHeader>
      <CardContent className="min-w-0">
        <Table stack aria-label={h("byDay")} data-testid="day-table">
          <THead>
            <TR>
              <TH>{h("date")}</TH>
              {REPORT_STATUSES.map((x) => (
                <TH key={x} className="text-right">
                  {t(`appointments:statuses.${x}`)}
                </TH>
              ))}
              <TH className="text-right">{h("total")}</TH>
              <TH className="text-right">{h("revenue")}</TH>
            </TR>
          </THead>
          <TBody>
            {rows.map((d) => (
              <TR key={d.date} data-testid="day-row">
                <TD stack="primary" className="whitespace-nowrap font-medium">
                  {formatDate(d.date, lang)}
                </TD>
                {REPORT_STATUSES.map((x) => (
                  <TD key={x} label={t(`appointments:statuses.${x}`)} className="text-right tabular-nums">
                    {formatCount(d[x], lang)}
                  </TD>
                ))}
                <TD label={h("total")} className="text-right font-medium tabular-nums">
                  {formatCount(d.total, lang)}
                </TD>
                <TD label={h("revenue")} className="text-right tabular-nums">
                  {formatMoney(d.revenue, lang)}
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </CardContent>
    </Card>
  );
}

function EmployeeTable({ data, lang }: { data: Report; lang: string }) {
  const { t } = useTranslation();
  const h = (k: string) => t(`appointmentAdmin:reports.table.${k}`);
  return (
    <Card className="min-w-0">
      <CardHeader className="pb-2">
        <CardTitle className="text-base">{h("byEmployee")}</CardTitle>
      </CardHeader>
      <CardContent className="min-w-0">
        <Table stack aria-label={h("byEmployee")} data-testid="employee-table">
          <THead>
            <TR>
              <TH>{h("employee")}</TH>
              <TH className="text-right">{h("appointments")}</TH>
              <TH className="text-right">{h("cancelled")}</TH>
              <TH className="text-right">{h("noShow")}</TH>
              <TH className="text-right">{h("bookedValue")}</TH>
              <TH className="text-right">{h("revenue")}</TH>
              <TH className="text-right">{h("bookedHours")}</TH>
              <TH className="text-right">{h("workingHours")}</TH>
              <TH className="text-right">{h("utilization")}</TH>
            </TR>
          </THead>
          <TBody>
            {data.employees.map((e) => (
              <TR key={e.id} data-testid="employee-row">
                <TD stack="primary" className="font-medium">
                  {e.name}
                </TD>
                <TD label={h("appointments")} className="text-right tabular-nums">
                  {formatCount(e.appointments, lang)}
                </TD>
                <TD label={h("cancelled")} className="text-right tabular-nums">
                  {formatCount(e.cancelled, lang)}
                </TD>
                <TD label={h("noShow")} className="text-right tabular-nums">
                  {formatCount(e.no_show, lang)}
                </TD>
                <TD label={h("bookedValue")} className="text-right tabular-nums">
                  {formatMoney(e.booked_value, lang)}
                </TD>
                <TD label={h("revenue")} className="text-right tabular-nums">
                  {formatMoney(e.revenue, lang)}
                </TD>
                <TD label={h("bookedHours")} className="text-right tabular-nums">
                  {formatHours(e.booked_minutes, lang)}
                </TD>
                <TD label={h("workingHours")} className="text-right tabular-nums">
                  {formatHours(e.working_minutes, lang)}
                </TD>
                <TD label={h("utilization")} className="text-right tabular-nums" data-testid="employee-utilization">
                  {formatPercent(e.utilization, lang)}
                </TD>
              </TR>
            ))}
            {data.employees.length === 0 ? (
              <TR className="hover:bg-transparent">
                <TD colSpan={9} className="py-6 text-center text-muted-foreground">
                  {t("appointmentAdmin:reports.empty")}
                </TD>
              </TR>
            ) : null}
          </TBody>
        </Table>
      </CardContent>
    </Card>
  );
}

function ServiceTable({ data, lang }: { data: Report; lang: string }) {
  const { t } = useTranslation();
  const h = (k: string) => t(`appointmentAdmin:reports.table.${k}`);
  return (
    <Card className="min-w-0">
      <CardHeader className="pb-2">
        <CardTitle className="text-base">{h("byService")}</CardTitle>
      </CardHeader>
      <CardContent className="min-w-0">
        <Table stack aria-label={h("byService")} data-testid="service-table">
          <THead>
            <TR>
              <TH>{h("service")}</TH>
              <TH className="text-right">{h("appointments")}</TH>
              <TH className="text-right">{h("cancellationRate")}</TH>
              <TH className="text-right">{h("noShowRate")}</TH>
              <TH className="text-right">{h("bookedValue")}</TH>
              <TH className="text-right">{h("average")}</TH>
              <TH className="text-right">{h("revenue")}</TH>
            </TR>
          </THead>
          <TBody>
            {data.services.map((s) => (
              <TR key={s.id} data-testid="service-row">
                <TD stack="primary" className="font-medium">
                  {s.name}
                </TD>
                <TD label={h("appointments")} className="text-right tabular-nums">
                  {formatCount(s.appointments, lang)}
                </TD>
                <TD label={h("cancellationRate")} className="text-right tabular-nums">
                  {formatPercent(s.cancellation_rate, lang)}
                </TD>
                <TD label={h("noShowRate")} className="text-right tabular-nums">
                  {formatPercent(s.no_show_rate, lang)}
                </TD>
                <TD label={h("bookedValue")} className="text-right tabular-nums">
                  {formatMoney(s.booked_value, lang)}
                </TD>
                <TD label={h("average")} className="text-right tabular-nums">
                  {formatMoney(s.average_booking_value, lang)}
                </TD>
                <TD label={h("revenue")} className="text-right tabular-nums">
                  {formatMoney(s.revenue, lang)}
                </TD>
              </TR>
            ))}
            {data.services.length === 0 ? (
              <TR className="hover:bg-transparent">
                <TD colSpan={7} className="py-6 text-center text-muted-foreground">
                  {t("appointmentAdmin:reports.empty")}
                </TD>
              </TR>
            ) : null}
          </TBody>
        </Table>
      </CardContent>
    </Card>
  );
}

/** What Exportar writes: the summary and the per-employee and per-service figures. */
function exportReport(d: Report, t: TFunction, lang: string, periodText: string): ReportData {
    const r = (k: string) => t(`appointmentAdmin:reports.${k}`);
    const s = d.summary;
    const rows: Record<string, string | number | null>[] = [
      { metric: r("kpi.today"), value: String(d.counts.today) },
      { metric: r("kpi.week"), value: String(d.counts.week) },
      { metric: r("kpi.month"), value: String(d.counts.month) },
      { metric: r("kpi.appointments"), value: String(s.appointments) },
      { metric: r("kpi.revenue"), value: formatMoney(s.revenue, lang) },
      { metric: r("kpi.bookedValue"), value: formatMoney(s.booked_value, lang) },
      { metric: r("kpi.utilization"), value: formatPercent(s.utilization, lang) },
      { metric: r("kpi.noShowRate"), value: formatPercent(s.no_show_rate, lang) },
      { metric: r("kpi.cancellationRate"), value: formatPercent(s.cancellation_rate, lang) },
      { metric: r("kpi.averageBookingValue"), value: formatMoney(s.average_booking_value, lang) },
      ...d.employees.map((e) => ({ metric: `${r("table.utilization")} · ${e.name}`, value: formatPercent(e.utilization, lang) })),
      ...d.services.map((x) => ({ metric: `${r("table.bookedValue")} · ${x.name}`, value: formatMoney(x.booked_value, lang) })),
    ];
    return {
      title: r("title"),
      subtitle: periodText,
      fileName: `${r("fileName")}-${d.period.from}-${d.period.to}`,
      columns: [
        { key: "metric", label: r("metric") },
        { key: "value", label: r("value") },
      ],
      rows,
    };
}
