import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { ChevronDown, ChevronRight, Download, Printer, UserCheck } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { isCalendarDate } from "../../../shared/employees/employee";
import { useTRPC } from "../../app/trpc";
import { EmptyTableRow, ListHeader } from "../../components/list-page";
import { PaginationBar } from "../../components/pagination";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Input, NativeSelect } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { Skeleton, SkeletonRows } from "../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { toast } from "../../components/ui/use-toast";
import { formatDate, todayInSantoDomingo } from "../../lib/dates";
import { tMessage } from "../../lib/i18n";
import { usePermissions } from "../../lib/permissions";
import { cn } from "../../lib/utils";
import { saveFile } from "../product-import/download";
import { RequirePermission } from "../shell/guards";
import { type CommissionReportRow, formatPercent, pesos } from "./employee-format";

/** Recharts, the suite's one charting library, in its own chunk (see features/dashboard/charts.tsx). */
const RankedBarChart = React.lazy(() => import("../dashboard/charts").then((m) => ({ default: m.RankedBarChart })));

/** /home/sellers: each seller's sales and commissions in a period, with the lines behind each row. */
export function SellersPage() {
  return (
    <RequirePermission permission="sellers.view">
      <SellersScreen />
    </RequirePermission>
  );
}

const LINES_PAGE_SIZE = 50;

/** yyyy-MM-dd of the first day of the month of a yyyy-MM-dd date, and of the month before. */
function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`;
}
function previousMonth(day: string): { from: string; to: string } {
  const [y, m] = day.split("-").map(Number) as [number, number];
  const year = m === 1 ? y - 1 : y;
  const month = m === 1 ? 12 : m - 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, "0");
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${String(last).padStart(2, "0")}` };
}

/** The period and seller live in the address (?from=&to=&employee=): a printed or shared link shows the same report. */
function useReportParams() {
  const [params, setParams] = useSearchParams();
  const today = todayInSantoDomingo();
  const fromParam = params.get("from") ?? "";
  const toParam = params.get("to") ?? "";
  const from = isCalendarDate(fromParam) ? fromParam : monthStart(today);
  const to = isCalendarDate(toParam) ? toParam : today;
  const employeeId = params.get("employee") || undefined;
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === "") next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };
  return { today, from, to, employeeId, update };
}

function SellersScreen() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const { can } = usePermissions();
  const { today, from, to, employeeId, update } = useReportParams();
  const rangeError = from > to ? tMessage("employees:validation.dateRange") : undefined;
  const [open, setOpen] = React.useState<string | null>(null);

  const report = useQuery({
    ...trpc.commission.report.queryOptions({ from, to, employeeId }),
    enabled: !rangeError,
    placeholderData: keepPreviousData,
  });
  const employees = useQuery({ ...trpc.employee.getAll.queryOptions({ showInactive: true, pageSize: 200 }), enabled: can("employees.view") });
  const rows = report.data?.employees ?? [];
  const totals = report.data?.totals;
  const options = employees.data?.data.map((e) => ({ id: e.id, label: `${e.name} (${e.code})` })) ?? rows.map((r) => ({ id: r.employeeId, label: `${r.name} (${r.code})` }));

  const exportFile = useMutation(
    trpc.commission.export.mutationOptions({
      meta: { silent: true },
      onSuccess: (file) => {
        const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
        saveFile(bytes, file.fileName, file.mimeType);
        toast({ title: t("employees:report.export.done"), description: file.fileName, variant: "success" });
      },
      onError: (error) => toast({ variant: "destructive", title: t("employees:report.export.error"), description: error.message || undefined }),
    }),
  );

  const presets = [
    { key: "today", range: { from: today, to: today } },
    { key: "thisMonth", range: { from: monthStart(today), to: today } },
    { key: "lastMonth", range: previousMonth(today) },
  ] as const;

  return (
    <div className="grid gap-4" data-testid="sellers-page">
      {/* Printing shows the report only: no menu, header or filters. */}
      <style>{"@media print { aside, header { display: none !important; } main { padding: 0 !important; } }"}</style>
      <ListHeader
        title={t("employees:report.title")}
        subtitle={
          <>
            <span className="print:hidden">{t("employees:report.subtitle")}</span>
            <span className="hidden print:inline">
              {t("employees:report.period")}: {formatDate(from, i18n.language)} — {formatDate(to, i18n.language)}
            </span>
          </>
        }
      >
        <div className="flex gap-2 print:hidden">
          <Button variant="outline" disabled={!!rangeError || exportFile.isPending} onClick={() => exportFile.mutate({ from, to, employeeId })} data-testid="export-report">
            <Download />
            {exportFile.isPending ? t("employees:report.export.working") : t("employees:report.export.button")}
          </Button>
          <Button variant="outline" onClick={() => window.print()} data-testid="print-report">
            <Printer />
            {t("employees:report.print")}
          </Button>
        </div>
      </ListHeader>

      <Card className="print:hidden">
        <CardContent className="grid gap-3 pt-5">
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[12rem_12rem_1fr]">
            <Field label={t("employees:report.from")} htmlFor="report-from">
              <Input id="report-from" type="date" value={from} max={to} onChange={(e) => isCalendarDate(e.target.value) && update({ from: e.target.value })} />
            </Field>
            <Field label={t("employees:report.to")} htmlFor="report-to" error={rangeError}>
              <Input id="report-to" type="date" value={to} min={from} aria-invalid={!!rangeError} onChange={(e) => isCalendarDate(e.target.value) && update({ to: e.target.value })} />
            </Field>
            <Field label={t("employees:report.employee")} htmlFor="report-employee">
              <NativeSelect id="report-employee" value={employeeId ?? ""} onChange={(e) => update({ employee: e.target.value || null })} data-testid="report-employee">
                <option value="">{t("employees:report.allEmployees")}</option>
                {options.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.label}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          </div>
          <fieldset className="flex flex-wrap items-center gap-2">
            <legend className="sr-only">{t("employees:report.presets.label")}</legend>
            {presets.map((p) => {
              const active = p.range.from === from && p.range.to === to;
              return (
                <Button key={p.key} size="sm" variant={active ? "default" : "outline"} aria-pressed={active} onClick={() => update({ from: p.range.from, to: p.range.to })}>
                  {t(`employees:report.presets.${p.key}`)}
                </Button>
              );
            })}
          </fieldset>
        </CardContent>
      </Card>

      <div className="grid gap-3 sm:grid-cols-3">
        <SummaryTile label={t("employees:report.summary.sales")} value={totals ? String(totals.salesCount) : null} testId="summary-sales" />
        <SummaryTile label={t("employees:report.summary.salesAmount")} value={totals ? pesos(totals.salesAmount) : null} testId="summary-amount" />
        <SummaryTile label={t("employees:report.summary.commission")} value={totals ? pesos(totals.commission) : null} testId="summary-commission" strong />
      </div>

      {rows.length > 0 ? (
        <Card className="print:break-inside-avoid" data-testid="sellers-chart">
          <CardHeader className="pb-2">
            <CardTitle className="text-base">{t("employees:report.share")}</CardTitle>
          </CardHeader>
          <CardContent>
            <React.Suspense fallback={<Skeleton className="h-32 w-full" />}>
              <RankedBarChart data={rows.map((r) => ({ key: r.employeeId, label: r.name, value: Number(r.commission), display: pesos(r.commission) }))} lang={i18n.language} seriesLabel={t("employees:report.columns.commission")} barSize={18} />
            </React.Suspense>
          </CardContent>
        </Card>
      ) : null}

      <Card>
        <CardContent className="pt-5">
          <Table stack aria-label={t("employees:report.title")} data-testid="sellers-table">
            <THead>
              <TR>
                <TH>{t("employees:report.columns.employee")}</TH>
                <TH className="text-right">{t("employees:report.columns.salesCount")}</TH>
                <TH className="hidden text-right md:table-cell">{t("employees:report.columns.lineCount")}</TH>
                <TH className="text-right">{t("employees:report.columns.salesAmount")}</TH>
                <TH className="text-right">{t("employees:report.columns.commission")}</TH>
              </TR>
            </THead>
            <TBody>
              {report.isLoading ? <SkeletonRows cols={5} /> : null}
              {rows.map((r) => (
                <SellerRows
                  key={r.employeeId}
                  row={r}
                  from={from}
                  to={to}
                  open={open === r.employeeId}
                  onToggle={() => setOpen((o) => (o === r.employeeId ? null : r.employeeId))}
                />
              ))}
              {!report.isLoading && rows.length === 0 ? (
                <EmptyTableRow cols={5} icon={UserCheck} title={t("employees:report.empty")} hint={t("employees:report.emptyHint")} testId="sellers-empty" />
              ) : null}
              {totals && rows.length > 0 ? (
                <TR className="bg-muted/40 font-semibold hover:bg-muted/40" data-testid="sellers-totals">
                  <TD stack="primary">{t("employees:report.totals")}</TD>
                  <TD className="text-right tabular-nums" label={t("employees:report.columns.salesCount")}>
                    {totals.salesCount}
                  </TD>
                  <TD className="hidden text-right tabular-nums md:table-cell" label={t("employees:report.columns.lineCount")}>
                    {totals.lineCount}
                  </TD>
                  <TD className="text-right tabular-nums" label={t("employees:report.columns.salesAmount")}>
                    {pesos(totals.salesAmount)}
                  </TD>
                  <TD className="text-right tabular-nums" label={t("employees:report.columns.commission")}>
                    {pesos(totals.commission)}
                  </TD>
                </TR>
              ) : null}
            </TBody>
          </Table>
        </CardContent>
      </Card>
    </div>
  );
}

function SummaryTile({ label, value, testId, strong }: { label: string; value: string | null; testId: string; strong?: boolean }) {
  return (
    <Card>
      <CardHeader className="gap-1 p-4">
        <span className="text-sm text-muted-foreground">{label}</span>
        {value === null ? (
          <Skeleton className="h-8 w-32" />
        ) : (
          <CardTitle className={cn("text-2xl tabular-nums", strong && "text-primary")} data-testid={testId}>
            {value}
          </CardTitle>
        )}
      </CardHeader>
    </Card>
  );
}

function SellerRows({ row, from, to, open, onToggle }: { row: CommissionReportRow; from: string; to: string; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const label = open ? t("employees:report.hideLines", { name: row.name }) : t("employees:report.showLines", { name: row.name });
  return (
    <>
      <TR className="cursor-pointer" onClick={onToggle} data-testid="seller-row">
        <TD stack="primary">
          <button type="button" className="flex min-h-11 items-center gap-2 text-left" aria-expanded={open} aria-label={label} title={label} onClick={(e) => {
              e.stopPropagation();
              onToggle();
            }}>
            {open ? <ChevronDown className="size-4 shrink-0 print:hidden" /> : <ChevronRight className="size-4 shrink-0 print:hidden" />}
            <span>
              <span className="font-medium">{row.name}</span>
              <span className="block text-xs text-muted-foreground">
                <span className="font-mono">{row.code}</span>
                {row.isActive ? null : (
                  <Badge variant="outline" className="ml-2">
                    {t("common:status.inactive")}
                  </Badge>
                )}
              </span>
            </span>
          </button>
        </TD>
        <TD className="text-right tabular-nums" label={t("employees:report.columns.salesCount")}>
          {row.salesCount}
        </TD>
        <TD className="hidden text-right tabular-nums md:table-cell" label={t("employees:report.columns.lineCount")}>
          {row.lineCount}
        </TD>
        <TD className="text-right tabular-nums" label={t("employees:report.columns.salesAmount")}>
          {pesos(row.salesAmount)}
        </TD>
        <TD className="text-right font-semibold tabular-nums" label={t("employees:report.columns.commission")}>
          {pesos(row.commission)}
        </TD>
      </TR>
      {open ? (
        <TR className="hover:bg-transparent">
          <TD colSpan={5} className="bg-muted/20 p-0">
            <SellerLines employeeId={row.employeeId} name={row.name} from={from} to={to} />
          </TD>
        </TR>
      ) : null}
    </>
  );
}

/** The drill-down: the sale lines behind a seller's row, 50 a page. */
function SellerLines({ employeeId, name, from, to }: { employeeId: string; name: string; from: string; to: string }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const [page, setPage] = React.useState(1);
  const lines = useQuery({ ...trpc.commission.lines.queryOptions({ from, to, employeeId, page, pageSize: LINES_PAGE_SIZE }), placeholderData: keepPreviousData });
  return (
    <div className="grid gap-2 p-3" data-testid="seller-lines">
      <h4 className="text-sm font-semibold">{t("employees:report.linesTitle", { name })}</h4>
      <div className="overflow-x-auto rounded-md border bg-card">
        <Table aria-label={t("employees:report.linesTitle", { name })}>
          <THead>
            <TR>
              <TH>{t("employees:report.columns.date")}</TH>
              <TH>{t("employees:report.columns.invoice")}</TH>
              <TH>{t("employees:report.columns.product")}</TH>
              <TH className="text-right">{t("employees:report.columns.quantity")}</TH>
              <TH className="text-right">{t("employees:report.columns.amount")}</TH>
              <TH className="hidden md:table-cell">{t("employees:report.columns.rule")}</TH>
              <TH className="text-right">{t("employees:report.columns.percentage")}</TH>
              <TH className="text-right">{t("employees:report.columns.commission")}</TH>
            </TR>
          </THead>
          <TBody>
            {lines.isLoading ? <SkeletonRows rows={3} cols={8} /> : null}
            {(lines.data?.data ?? []).map((l) => (
              <TR key={`${l.orderId}-${l.lineNo}`} data-testid="seller-line">
                <TD className="whitespace-nowrap">{formatDate(l.businessDate, i18n.language)}</TD>
                <TD className="whitespace-nowrap font-mono text-xs">{l.orderNumber}</TD>
                <TD>{l.productName}</TD>
                <TD className="text-right tabular-nums">{Number(l.quantity).toLocaleString(i18n.language === "en" ? "en-US" : "es-DO", { maximumFractionDigits: 4 })}</TD>
                <TD className="text-right tabular-nums">{pesos(l.amount)}</TD>
                <TD className="hidden text-xs md:table-cell">{t(`employees:report.sources.${l.source}`)}</TD>
                <TD className="text-right tabular-nums">{l.percentage === null ? "—" : `${formatPercent(l.percentage)} %`}</TD>
                <TD className="text-right font-medium tabular-nums">{pesos(l.commission)}</TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </div>
      <div className="print:hidden">
        <PaginationBar pagination={lines.data?.pagination} onPage={setPage} />
      </div>
    </div>
  );
}
