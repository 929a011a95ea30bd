import { useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { type DentalReport, REPORT_GROUPINGS, type ReportFigures, type ReportGrouping, reportCsv, reportInput } from "../../../../shared/dental/reports";
import { formatMoney } from "../../../../shared/money/format";
import { businessDate } from "../../../../shared/platform/dates";
import { useTRPC } from "../../../app/trpc";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Skeleton, SkeletonRows } from "../../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table";
import { formatDate } from "../../../lib/dates";
import type { ChartDatum } from "../../dashboard/charts";
import { RequireDentalRight } from "../dental-layout";
import { RevenueTable, STATUS_COLORS } from "./parts";

const TrendChart = React.lazy(() => import("../../dashboard/charts").then((m) => ({ default: m.TrendChart })));

const FIGURES: (keyof ReportFigures)[] = ["patientsSeen", "newPatients", "proceduresDone", "revenue", "plansProposed", "plansAccepted", "labOrders"];

/** The first day of the month `back` months before the one of `date`. */
function monthsBack(date: string, back: number): string {
  const [y, m] = date.split("-").map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 - back, 1));
  return d.toISOString().slice(0, 10);
}

/** /home/dental/reports (right 'reports'): the practice's figures by period over a date range, with a CSV export. */
export function DentalReportsPage() {
  return (
    <RequireDentalRight right="reports">
      <ReportsScreen />
    </RequireDentalRight>
  );
}

function ReportsScreen() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const today = businessDate(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);
  const [draft, setDraft] = React.useState({ from: monthsBack(today, 5), to: today, groupBy: "month" as ReportGrouping });
  const [applied, setApplied] = React.useState(draft);
  const [error, setError] = React.useState<string | null>(null);
  const q = useQuery(trpc.dental.getReports.queryOptions(applied));
  const report = q.data;

  const apply = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = reportInput.safeParse(draft);
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]?.message ?? "dentalAdmin:errors.invalidDate"));
      return;
    }
    setError(null);
    setApplied(parsed.data);
  };

  const figureLabel = (k: keyof ReportFigures) => t(`dentalAdmin:reports.figures.${k}`);
  const figure = (k: keyof ReportFigures, v: string | number) => (k === "revenue" ? formatMoney(String(v), i18n.language) : String(v));
  const periodLabel = (r: DentalReport, p: string) => (r.groupBy === "month" ? new Intl.DateTimeFormat(i18n.language === "en" ? "en-US" : "es-DO", { month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(`${p}T00:00:00Z`)) : formatDate(p, i18n.language));

  const exportCsv = () => {
    if (!report) return;
    const labels = {
      ...(Object.fromEntries(FIGURES.map((k) => [k, figureLabel(k)])) as Record<keyof ReportFigures, string>),
      period: t("dentalAdmin:reports.period"),
      total: t("dentalAdmin:reports.total"),
      procedure: t("dentalAdmin:reports.procedure"),
      code: t("dentalAdmin:reports.code"),
      count: t("dentalAdmin:reports.count"),
    };
    // A byte-order mark so spreadsheets open the accents as UTF-8.
    const blob = new Blob([`\uFEFF${reportCsv(report, labels)}`], { type: "text/csv;charset=utf-8" });
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = t("dentalAdmin:reports.fileName", { from: report.from, to: report.to });
    document.body.append(a);
    a.click();
    a.remove();
    URL.revokeObjectURL(url);
  };

  const chart: ChartDatum[] = (report?.periods ?? []).map((p) => ({ key: p.period, label: periodLabel(report!, p.period), value: Number(p.revenue), display: formatMoney(p.revenue, i18n.language) }));

  return (
    <div className="grid gap-4">
      <div>
        <h1 className="text-2xl font-bold">{t("dentalAdmin:reports.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("dentalAdmin:reports.subtitle")}</p>
      </div>
      <Card>
        <CardContent className="pt-5">
          <form className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto_auto]" onSubmit={apply} noValidate>
            <div className="grid gap-1.5">
              <Label htmlFor="report-from">{t("dentalAdmin:reports.from")}</Label>
              <Input id="report-from" type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} aria-invalid={error ? true : undefined} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="report-to">{t("dentalAdmin:reports.to")}</Label>
              <Input id="report-to" type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} aria-invalid={error ? true : undefined} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="report-group">{t("dentalAdmin:reports.groupBy")}</Label>
              <NativeSelect id="report-group" value={draft.groupBy} onChange={(e) => setDraft({ ...draft, groupBy: e.target.value as ReportGrouping })}>
                {REPORT_GROUPINGS.map((g) => (
                  <option key={g} value={g}>
                    {t(`dentalAdmin:reports.groupings.${g}`)}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <Button type="submit" data-testid="apply-report">
              {t("dentalAdmin:reports.apply")}
            </Button>
            <Button type="button" variant="outline" onClick={exportCsv} disabled={!report} data-testid="export-report">
              <Download />
              {t("dentalAdmin:reports.export")}
            </Button>
            {error ? (
              <p role="alert" className="text-sm text-destructive sm:col-span-2 lg:col-span-5">
                {error}
              </p>
            ) : null}
          </form>
        </CardContent>
      </Card>
      {q.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {q.error.message || t("dentalAdmin:reports.loadError")}
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="report-totals">
        {FIGURES.map((k) => (
          <Card key={k}>
            <CardContent className="p-4">
              <div className="text-xs text-muted-foreground">{figureLabel(k)}</div>
              {report ? (
                <div className="text-base font-bold tabular-nums [overflow-wrap:anywhere] sm:text-lg" data-testid={`total-${k}`}>
                  {figure(k, report.totals[k])}
                </div>
              ) : (
                <Skeleton className="mt-1 h-6 w-16" />
              )}
            </CardContent>
          </Card>
        ))}
      </div>
      <Card className="min-w-0">
        <CardHeader className="pb-3">
          <CardTitle className="text-base">{t("dentalAdmin:reports.revenueChart")}</CardTitle>
        </CardHeader>
        <CardContent>
          {report ? (
            <React.Suspense fallback={<Skeleton className="h-[220px] w-full" />}>
              <TrendChart data={chart} kind="bar" lang={i18n.language} seriesLabel={t("dentalAdmin:reports.revenue")} height={220} />
            </React.Suspense>
          ) : (
            <Skeleton className="h-[220px] w-full" />
          )}
        </CardContent>
      </Card>
      <Card className="min-w-0">
        <CardHeader className="pb-3">
          <CardTitle className="text-base">{t("dentalAdmin:reports.byPeriod")}</CardTitle>
        </CardHeader>
        <CardContent>
          <Table stack aria-label={t("dentalAdmin:reports.byPeriod")} data-testid="report-periods">
            <THead>
              <TR>
                <TH>{t("dentalAdmin:reports.period")}</TH>
                {FIGURES.map((k) => (
                  <TH key={k} className="text-right">
                    {figureLabel(k)}
                  </TH>
                ))}
              </TR>
            </THead>
            <TBody>
              {!report ? <SkeletonRows rows={4} cols={8} /> : null}
              {report?.periods.map((p) => (
                <TR key={p.period} data-testid="report-period-row">
                  <TD stack="primary" className="font-medium">
                    {periodLabel(report, p.period)}
                  </TD>
                  {FIGURES.map((k) => (
                    <TD key={k} label={figureLabel(k)} className="text-right tabular-nums">
                      {figure(k, p[k])}
                    </TD>
                  ))}
                </TR>
              ))}
            </TBody>
          </Table>
        </CardContent>
      </Card>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card className="min-w-0">
          <CardHeader className="pb-3">
            <CardTitle className="text-base">{t("dentalAdmin:reports.revenueByProcedure")}</CardTitle>
          </CardHeader>
          <CardContent>
            {!report ? (
              <Skeleton className="h-24 w-full" />
            ) : report.revenueByProcedure.length === 0 ? (
              <p className="py-4 text-center text-sm text-muted-foreground">{t("dentalAdmin:reports.noRevenue")}</p>
            ) : (
              <RevenueTable rows={report.revenueByProcedure} label={t("dentalAdmin:reports.revenueByProcedure")} />
            )}
          </CardContent>
        </Card>
        <Card className="min-w-0">
          <CardHeader className="pb-3">
            <CardTitle className="text-base">{t("dentalAdmin:reports.treatments")}</CardTitle>
            <CardDescription>{report ? `${formatDate(report.from, i18n.language)} – ${formatDate(report.to, i18n.language)}` : null}</CardDescription>
          </CardHeader>
          <CardContent>
            {!report ? (
              <Skeleton className="h-24 w-full" />
            ) : (
              <table className="w-full text-sm" aria-label={t("dentalAdmin:reports.treatments")}>
                <tbody>
                  {report.treatmentsByStatus.map((s) => (
                    <tr key={s.status} className="border-b last:border-0">
                      <td className="py-1.5">
                        <span className="flex items-center gap-2">
                          <span className="size-3 shrink-0 rounded-sm" style={{ backgroundColor: STATUS_COLORS[s.status] }} aria-hidden="true" />
                          {t(`dentalAdmin:planStatuses.${s.status}`)}
                        </span>
                      </td>
                      <td className="py-1.5 text-right tabular-nums">{s.count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
