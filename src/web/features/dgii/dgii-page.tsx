import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, FileDown } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { type DgiiFormat, isPeriod, previousPeriod, SALE_FORMS, type SaleForms } from "../../../shared/dgii/codes";
import type { Issue, Row606, Row607, Row608 } from "../../../shared/dgii/report";
import { formatTaxId } from "../../../shared/fiscal/tax-id";
import { formatMoney } from "../../../shared/money/format";
import { useTRPC } from "../../app/trpc";
import { PermissionButton } from "../../components/permission-button";
import type { ReportData } from "../../components/report/report-data";
import { downloadBlob } from "../../components/report/report-data";
import { ReportHeader } from "../../components/report/report-header";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Skeleton } from "../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { toast } from "../../components/ui/use-toast";
import { formatDate, todayInSantoDomingo } from "../../lib/dates";
import { cn } from "../../lib/utils";
import { export606, export607, export608, exportIt1, it1Lines } from "./dgii-export";

const TABS = ["606", "607", "608", "it1"] as const;
type Tab = (typeof TABS)[number];
const PAGE_SIZE = 200;

/** yyyyMM ⇄ the month input's yyyy-MM. */
const toMonthInput = (period: string) => `${period.slice(0, 4)}-${period.slice(4, 6)}`;
const fromMonthInput = (value: string) => value.replace("-", "");
function shiftPeriod(period: string, months: number): string {
  const index = Number(period.slice(0, 4)) * 12 + Number(period.slice(4, 6)) - 1 + months;
  return `${Math.floor(index / 12)}${String((index % 12) + 1).padStart(2, "0")}`;
}

/**
 * Reportes DGII (/home/accounting/dgii/:format?period=yyyyMM): the month (the previous one by
 * default, the one filed by the 15th), the 606 / 607 / 608 previews with their validation issues
 * on their rows, totals by payment form, the 607's summary of consumer invoices under
 * RD$250,000, 'Descargar TXT', and the IT-1 helper; Exportar/Imprimir through the report header.
 */
export function DgiiPage() {
  const { t } = useTranslation();
  const { format: param } = useParams();
  const tab: Tab = (TABS as readonly string[]).includes(param ?? "") ? (param as Tab) : "607";
  const [params, setParams] = useSearchParams();
  const fallback = React.useMemo(() => previousPeriod(todayInSantoDomingo()), []);
  const period = isPeriod(params.get("period") ?? "") ? params.get("period")! : fallback;
  const [page, setPage] = React.useState(1);
  const [onlyIssues, setOnlyIssues] = React.useState(false);
  const [report, setReport] = React.useState<ReportData | undefined>(undefined);
  // A new tab, month or filter starts at its first page; each tab sets what Exportar writes itself
  // (a child's effect runs before this one, so resetting the report here would drop a cached tab's).
  React.useEffect(() => {
    setPage(1);
  }, [tab, period, onlyIssues]);
  const setPeriod = (p: string) => {
    if (!isPeriod(p)) return;
    const next = new URLSearchParams(params);
    next.set("period", p);
    setParams(next, { replace: true });
  };
  const query = `?period=${period}`;

  return (
    <div className="grid gap-4">
      <ReportHeader
        title={t("dgii:title")}
        subtitle={`${t(`dgii:reportTitles.${tab}`)} · ${period}`}
        backTo="/home/accounting"
        report={report}
        actions={tab === "it1" ? null : <DownloadTxt format={tab} period={period} />}
      >
        <div className="flex items-end gap-1">
          <Button variant="outline" size="icon" aria-label={t("dgii:previousMonth")} onClick={() => setPeriod(shiftPeriod(period, -1))} data-testid="dgii-prev-month">
            <ChevronLeft />
          </Button>
          <label className="grid gap-1 text-xs text-muted-foreground">
            {t("dgii:period")}
            <Input type="month" className="w-44" value={toMonthInput(period)} onChange={(e) => setPeriod(fromMonthInput(e.target.value))} data-testid="dgii-period" />
          </label>
          <Button variant="outline" size="icon" aria-label={t("dgii:nextMonth")} onClick={() => setPeriod(shiftPeriod(period, 1))} data-testid="dgii-next-month">
            <ChevronRight />
          </Button>
        </div>
        {tab === "it1" ? null : (
          <label className="flex h-10 items-center gap-2 text-sm">
            <input type="checkbox" className="size-4" checked={onlyIssues} onChange={(e) => setOnlyIssues(e.target.checked)} data-testid="dgii-only-issues" />
            {t("dgii:onlyIssues")}
          </label>
        )}
      </ReportHeader>
      <nav className="flex flex-wrap gap-2 border-b pb-2 print:hidden" aria-label={t("dgii:title")}>
        {TABS.map((key) => (
          <Link
            key={key}
            to={`/home/accounting/dgii/${key}${query}`}
            aria-current={tab === key ? "page" : undefined}
            className={cn("rounded-[var(--radius-button)] px-3 py-2 text-sm font-medium hover:bg-accent", tab === key && "bg-primary text-primary-foreground hover:bg-primary")}
            data-testid={`dgii-tab-${key}`}
          >
            {t(`dgii:tabs.${key}`)}
          </Link>
        ))}
      </nav>
      {tab === "606" ? <Preview606 period={period} page={page} onlyIssues={onlyIssues} onPage={setPage} onReport={setReport} /> : null}
      {tab === "607" ? <Preview607 period={period} page={page} onlyIssues={onlyIssues} onPage={setPage} onReport={setReport} /> : null}
      {tab === "608" ? <Preview608 period={period} page={page} onlyIssues={onlyIssues} onPage={setPage} onReport={setReport} /> : null}
      {tab === "it1" ? <It1View period={period} onReport={setReport} /> : null}
    </div>
  );
}

/** 'Descargar TXT': the server's file, byte for byte (CRLF kept), saved under its DGII name. */
function DownloadTxt({ format, period }: { format: DgiiFormat; period: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [busy, setBusy] = React.useState(false);
  async function download() {
    setBusy(true);
    try {
      const file = await qc.fetchQuery({ ...trpc.dgii.getTxt.queryOptions({ format, period }), staleTime: 0 });
      downloadBlob(new Blob([file.content], { type: "text/plain;charset=utf-8" }), file.fileName);
      toast({ title: t("dgii:downloaded", { name: file.fileName }), description: file.errorCount > 0 ? t("dgii:downloadWithErrors", { count: file.errorCount }) : undefined });
    } catch (e) {
      toast({ variant: "destructive", title: (e as Error).message });
    } finally {
      setBusy(false);
    }
  }
  return (
    <PermissionButton permission="accounting.export" onClick={() => void download()} disabled={busy} data-testid="dgii-download-txt">
      <FileDown aria-hidden />
      {t("dgii:downloadTxt")}
    </PermissionButton>
  );
}

interface PreviewProps {
  period: string;
  page: number;
  onlyIssues: boolean;
  onPage: (page: number) => void;
  onReport: (report: ReportData | undefined) => void;
}

/** The preview query's input: a page of rows (the totals are the whole month's). */
const previewInput = (p: PreviewProps) => ({ period: p.period, page: p.page, pageSize: PAGE_SIZE, onlyIssues: p.onlyIssues });

interface PreviewBase<R> {
  period: string;
  rnc: string;
  fileName: string;
  header: { line: string; count: number; issues: Issue[] };
  rows: R[];
  rowCount: number;
  page: number;
  pageCount: number;
  rowsWithIssues: number;
  issueCount: number;
  errorCount: number;
  bytes: number;
}
type Preview606Data = PreviewBase<Row606> & {
  totals: { count: number; services: string; goods: string; total: string; itbis: string; itbisWithheld: string; isrWithheld: string };
  byPaymentForm: { form: string; count: number; total: string; itbis: string }[];
};
type Preview607Data = PreviewBase<Row607> & {
  summary: { count: number; amount: string; itbis: string; total: string; forms: SaleForms };
  byPaymentForm: SaleForms;
  totals: { detailCount: number; invoices: { count: number; amount: string; itbis: string }; creditNotes: { count: number; amount: string; itbis: string }; net: { amount: string; itbis: string } };
};
type Preview608Data = PreviewBase<Row608> & { byReason: { code: string; count: number }[] };

/** The file's header, the issue count and the zero-file notice. */
function FileHeaderCard({ data }: { data: PreviewBase<unknown> }) {
  const { t } = useTranslation();
  return (
    <Card data-testid="dgii-file-header">
      <CardContent className="grid gap-3 pt-5 sm:grid-cols-2 lg:grid-cols-4">
        <Fact label={t("dgii:header.rnc")} value={data.rnc ? formatTaxId(data.rnc) : "—"} />
        <Fact label={t("dgii:header.period")} value={data.period} />
        <Fact label={t("dgii:header.count")} value={String(data.header.count)} testId="dgii-record-count" />
        <Fact label={t("dgii:header.file")} value={data.fileName} hint={t("dgii:header.bytes", { count: data.bytes })} mono />
        <div className="flex flex-wrap items-center gap-2 sm:col-span-2 lg:col-span-4" data-testid="dgii-issue-summary">
          {data.issueCount > 0 ? (
            <Badge variant={data.errorCount > 0 ? "destructive" : "warning"}>{t("dgii:issuesSummary", { count: data.issueCount, rows: data.rowsWithIssues })}</Badge>
          ) : (
            <Badge variant="success">{t("dgii:noIssues")}</Badge>
          )}
          {data.header.issues.map((i) => (
            <span key={i.code} className="text-sm text-destructive">
              {t(`dgii:issues.${i.code}`)}
            </span>
          ))}
          {data.header.count === 0 ? <span className="text-sm text-muted-foreground">{t("dgii:emptyMonth")}</span> : null}
        </div>
        <code className="break-all rounded bg-muted px-2 py-1 font-mono text-xs sm:col-span-2 lg:col-span-4" data-testid="dgii-header-line">
          {data.header.line}
        </code>
      </CardContent>
    </Card>
  );
}

function Fact({ label, value, hint, mono, testId }: { label: string; value: string; hint?: string; mono?: boolean; testId?: string }) {
  return (
    <div className="min-w-0">
      <div className="text-xs text-muted-foreground">{label}</div>
      <div className={cn("truncate font-semibold", mono && "font-mono text-sm")} data-testid={testId} title={value}>
        {value}
      </div>
      {hint ? <div className="text-xs text-muted-foreground">{hint}</div> : null}
    </div>
  );
}

function IssueList({ issues }: { issues: Issue[] }) {
  const { t } = useTranslation();
  if (issues.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className="grid gap-1" data-testid="dgii-row-issues">
      {issues.map((i) => (
        <li key={`${i.code}-${i.field}`} className={cn("text-xs", i.severity === "error" ? "text-destructive" : "text-warning-foreground")}>
          <Badge variant={i.severity === "error" ? "destructive" : "warning"} className="mr-1 px-1.5 py-0 text-[10px]">
            {t(`dgii:severity.${i.severity}`)}
          </Badge>
          {t(`dgii:issues.${i.code}`)}
        </li>
      ))}
    </ul>
  );
}

const rowClass = (issues: Issue[]) => cn(issues.some((i) => i.severity === "error") && "bg-destructive/5", issues.length > 0 && "border-l-2 border-l-destructive");

function Pager({ data, onPage }: { data: { page: number; pageCount: number; rowCount: number }; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  if (data.pageCount <= 1) return <p className="text-sm text-muted-foreground">{t("dgii:page", { page: data.page, pages: data.pageCount, count: data.rowCount })}</p>;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm print:hidden">
      <Button variant="outline" size="sm" disabled={data.page <= 1} onClick={() => onPage(data.page - 1)}>
        {t("dgii:previousPage")}
      </Button>
      <span className="text-muted-foreground">{t("dgii:page", { page: data.page, pages: data.pageCount, count: data.rowCount })}</span>
      <Button variant="outline" size="sm" disabled={data.page >= data.pageCount} onClick={() => onPage(data.page + 1)}>
        {t("dgii:nextPage")}
      </Button>
    </div>
  );
}

function LoadingCard() {
  return (
    <Card>
      <CardContent className="grid gap-3 pt-5">
        <Skeleton className="h-8 w-full" />
        <Skeleton className="h-40 w-full" />
      </CardContent>
    </Card>
  );
}

function Money({ value, negative }: { value: string; negative?: boolean }) {
  const { i18n } = useTranslation();
  return <span className="whitespace-nowrap tabular-nums">{formatMoney(negative ? `-${value}` : value, i18n.language)}</span>;
}

function EmptyRows({ cols, onlyIssues }: { cols: number; onlyIssues: boolean }) {
  const { t } = useTranslation();
  return (
    <TR>
      <TD colSpan={cols} className="py-8 text-center text-muted-foreground">
        {onlyIssues ? t("dgii:noRows") : t("dgii:emptyMonth")}
      </TD>
    </TR>
  );
}

// ——— 606 ———

function Preview606(p: PreviewProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const data = useQuery({ ...trpc.dgii.get606.queryOptions(previewInput(p)), placeholderData: keepPreviousData }).data as Preview606Data | undefined;
  const { onReport } = p;
  React.useEffect(() => onReport(data ? export606(t, data.period, data.rows, data.totals) : undefined), [data, t, onReport]);
  if (!data) return <LoadingCard />;
  return (
    <>
      <FileHeaderCard data={data} />
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <Table stack aria-label={t("dgii:reportTitles.606")} data-testid="dgii-table">
            <THead>
              <TR>
                <TH>{t("dgii:columns.document")}</TH>
                <TH>{t("dgii:columns.taxId")}</TH>
                <TH>{t("dgii:columns.ncf")}</TH>
                <TH>{t("dgii:columns.ncfDate")}</TH>
                <TH>{t("dgii:columns.expenseType")}</TH>
                <TH className="text-right">{t("dgii:columns.total")}</TH>
                <TH className="text-right">{t("dgii:columns.itbis")}</TH>
                <TH className="text-right">{t("dgii:columns.itbisWithheld")}</TH>
                <TH className="text-right">{t("dgii:columns.isrWithheld")}</TH>
                <TH>{t("dgii:columns.paymentForm")}</TH>
                <TH>{t("dgii:columns.issues")}</TH>
              </TR>
            </THead>
            <TBody>
              {data.rows.map((r) => (
                <TR key={r.id} className={rowClass(r.issues)} data-testid="dgii-row" data-ncf={r.ncf} data-issues={r.issues.length}>
                  <TD stack="primary">
                    <Link to={`/home/payables/bills/${r.id}`} className="font-mono text-xs hover:underline">
                      {r.number}
                    </Link>
                    <div className="text-xs text-muted-foreground">{r.providerName}</div>
                  </TD>
                  <TD label={t("dgii:columns.taxId")} className="whitespace-nowrap font-mono text-xs">
                    {r.fileTaxId ? formatTaxId(r.fileTaxId) : "—"}
                  </TD>
                  <TD label={t("dgii:columns.ncf")} className="font-mono text-xs">
                    {r.ncf}
                  </TD>
                  <TD label={t("dgii:columns.ncfDate")}>
                    {formatDate(r.ncfDate, lang)}
                    {r.paymentDate ? <div className="text-xs text-muted-foreground">{t("dgii:columns.paymentDate")}: {formatDate(r.paymentDate, lang)}</div> : null}
                  </TD>
                  <TD label={t("dgii:columns.expenseType")} className="text-xs">
                    {t(`dgii:expenseTypes.${r.expenseType}`, { defaultValue: r.expenseType })}
                  </TD>
                  <TD label={t("dgii:columns.total")} className="text-right">
                    <Money value={r.total} />
                  </TD>
                  <TD label={t("dgii:columns.itbis")} className="text-right">
                    <Money value={r.itbis} />
                  </TD>
                  <TD label={t("dgii:columns.itbisWithheld")} className="text-right">
                    <Money value={r.itbisWithheld} />
                  </TD>
                  <TD label={t("dgii:columns.isrWithheld")} className="text-right">
                    <Money value={r.isrWithheld} />
                  </TD>
                  <TD label={t("dgii:columns.paymentForm")} className="text-xs">
                    {t(`dgii:forms606.${r.paymentForm}`, { defaultValue: r.paymentForm })}
                  </TD>
                  <TD label={t("dgii:columns.issues")}>
                    <IssueList issues={r.issues} />
                  </TD>
                </TR>
              ))}
              {data.rows.length === 0 ? <EmptyRows cols={11} onlyIssues={p.onlyIssues} /> : null}
            </TBody>
          </Table>
          <Pager data={data} onPage={p.onPage} />
        </CardContent>
      </Card>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card data-testid="dgii-totals-by-form">
          <CardHeader>
            <CardTitle>{t("dgii:totals.byForm")}</CardTitle>
          </CardHeader>
          <CardContent>
            <Table aria-label={t("dgii:totals.byForm")}>
              <THead>
                <TR>
                  <TH>{t("dgii:columns.form")}</TH>
                  <TH className="text-right">{t("dgii:columns.count")}</TH>
                  <TH className="text-right">{t("dgii:columns.total")}</TH>
                  <TH className="text-right">{t("dgii:columns.itbis")}</TH>
                </TR>
              </THead>
              <TBody>
                {data.byPaymentForm.map((f) => (
                  <TR key={f.form}>
                    <TD className="text-xs">{t(`dgii:forms606.${f.form}`, { defaultValue: f.form })}</TD>
                    <TD className="text-right tabular-nums">{f.count}</TD>
                    <TD className="text-right">
                      <Money value={f.total} />
                    </TD>
                    <TD className="text-right">
                      <Money value={f.itbis} />
                    </TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t("dgii:totals.title")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2 text-sm">
            <TotalLine label={t("dgii:columns.services")} value={data.totals.services} />
            <TotalLine label={t("dgii:columns.goods")} value={data.totals.goods} />
            <TotalLine label={t("dgii:columns.total")} value={data.totals.total} strong />
            <TotalLine label={t("dgii:columns.itbis")} value={data.totals.itbis} />
            <TotalLine label={t("dgii:columns.itbisWithheld")} value={data.totals.itbisWithheld} />
            <TotalLine label={t("dgii:columns.isrWithheld")} value={data.totals.isrWithheld} />
          </CardContent>
        </Card>
      </div>
    </>
  );
}

function TotalLine({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div className={cn("flex items-center justify-between gap-3 border-b py-1 last:border-0", strong && "font-semibold")} data-testid={testId}>
      <span>{label}</span>
      <Money value={value} />
    </div>
  );
}

// ——— 607 ———

function FormsCell({ forms }: { forms: SaleForms }) {
  const { t } = useTranslation();
  const used = SALE_FORMS.filter((f) => forms[f] !== "0.00");
  return (
    <ul className="grid gap-0.5 text-xs">
      {used.map((f) => (
        <li key={f} className="flex justify-between gap-2">
          <span className="text-muted-foreground">{t(`dgii:forms607.${f}`)}</span>
          <Money value={forms[f]} />
        </li>
      ))}
    </ul>
  );
}

function Preview607(p: PreviewProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const data = useQuery({ ...trpc.dgii.get607.queryOptions(previewInput(p)), placeholderData: keepPreviousData }).data as Preview607Data | undefined;
  const { onReport } = p;
  React.useEffect(() => onReport(data ? export607(t, data.period, data.rows, data.byPaymentForm) : undefined), [data, t, onReport]);
  if (!data) return <LoadingCard />;
  return (
    <>
      <FileHeaderCard data={data} />
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <Table stack aria-label={t("dgii:reportTitles.607")} data-testid="dgii-table">
            <THead>
              <TR>
                <TH>{t("dgii:columns.document")}</TH>
                <TH>{t("dgii:columns.taxId")}</TH>
                <TH>{t("dgii:columns.ncf")}</TH>
                <TH>{t("dgii:columns.ncfDate")}</TH>
                <TH className="text-right">{t("dgii:columns.amount")}</TH>
                <TH className="text-right">{t("dgii:columns.itbis")}</TH>
                <TH>{t("dgii:columns.paymentForms")}</TH>
                <TH>{t("dgii:columns.issues")}</TH>
              </TR>
            </THead>
            <TBody>
              {data.rows.map((r) => (
                <TR key={r.id} className={rowClass(r.issues)} data-testid="dgii-row" data-ncf={r.ncf} data-issues={r.issues.length}>
                  <TD stack="primary">
                    <Link to={r.kind === "invoice" ? `/home/invoices/${r.id}` : "/home/credit-notes"} className="font-mono text-xs hover:underline">
                      {r.number}
                    </Link>
                    <div className="text-xs text-muted-foreground">
                      {t(`dgii:kinds.${r.kind}`)} · {r.customerName}
                    </div>
                  </TD>
                  <TD label={t("dgii:columns.taxId")} className="whitespace-nowrap font-mono text-xs">
                    {r.taxId ? formatTaxId(r.taxId) : "—"}
                  </TD>
                  <TD label={t("dgii:columns.ncf")} className="font-mono text-xs">
                    <span data-testid="dgii-row-ncf">{r.ncf}</span>
                    {r.modifiedNcf ? (
                      <div className="text-muted-foreground" title={t("dgii:columns.modifiedNcf")}>
                        {t("dgii:columns.modifiedNcf")}: <span data-testid="dgii-row-modified">{r.modifiedNcf}</span>
                      </div>
                    ) : null}
                  </TD>
                  <TD label={t("dgii:columns.ncfDate")}>{formatDate(r.ncfDate, lang)}</TD>
                  <TD label={t("dgii:columns.amount")} className="text-right" data-testid="dgii-row-amount">
                    <Money value={r.amount} negative={r.kind === "creditNote"} />
                  </TD>
                  <TD label={t("dgii:columns.itbis")} className="text-right">
                    <Money value={r.itbis} negative={r.kind === "creditNote"} />
                  </TD>
                  <TD label={t("dgii:columns.paymentForms")}>
                    <FormsCell forms={r.forms} />
                  </TD>
                  <TD label={t("dgii:columns.issues")}>
                    <IssueList issues={r.issues} />
                  </TD>
                </TR>
              ))}
              {data.rows.length === 0 ? <EmptyRows cols={8} onlyIssues={p.onlyIssues} /> : null}
            </TBody>
          </Table>
          <Pager data={data} onPage={p.onPage} />
        </CardContent>
      </Card>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card data-testid="dgii-summary">
          <CardHeader>
            <CardTitle>{t("dgii:summary.title")}</CardTitle>
            <CardDescription>{t("dgii:summary.hint")}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-2 text-sm">
            <div className="flex items-center justify-between border-b py-1">
              <span>{t("dgii:summary.count")}</span>
              <span className="tabular-nums" data-testid="dgii-summary-count">
                {data.summary.count}
              </span>
            </div>
            <TotalLine label={t("dgii:summary.amount")} value={data.summary.amount} />
            <TotalLine label={t("dgii:summary.itbis")} value={data.summary.itbis} />
            <TotalLine label={t("dgii:summary.total")} value={data.summary.total} strong testId="dgii-summary-total" />
            {SALE_FORMS.map((f) => (
              <TotalLine key={f} label={t(`dgii:forms607.${f}`)} value={data.summary.forms[f]} testId={`dgii-summary-${f}`} />
            ))}
          </CardContent>
        </Card>
        <Card data-testid="dgii-totals-by-form">
          <CardHeader>
            <CardTitle>{t("dgii:totals.byForm")}</CardTitle>
            <CardDescription>{t("dgii:totals.byFormHint")}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-2 text-sm">
            {SALE_FORMS.map((f) => (
              <TotalLine key={f} label={t(`dgii:forms607.${f}`)} value={data.byPaymentForm[f]} testId={`dgii-form-${f}`} />
            ))}
            <div className="mt-2 grid gap-1 border-t pt-2">
              <div className="flex justify-between">
                <span>
                  {t("dgii:totals.invoices")} ({data.totals.invoices.count})
                </span>
                <Money value={data.totals.invoices.amount} />
              </div>
              <div className="flex justify-between">
                <span>
                  {t("dgii:totals.creditNotes")} ({data.totals.creditNotes.count})
                </span>
                <Money value={data.totals.creditNotes.amount} negative />
              </div>
              <div className="flex justify-between font-semibold">
                <span>{t("dgii:totals.net")}</span>
                <Money value={data.totals.net.amount} />
              </div>
              <div className="flex justify-between text-muted-foreground">
                <span>{t("dgii:totals.detailLines")}</span>
                <span className="tabular-nums">{data.totals.detailCount}</span>
              </div>
            </div>
          </CardContent>
        </Card>
      </div>
    </>
  );
}

// ——— 608 ———

function Preview608(p: PreviewProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const data = useQuery({ ...trpc.dgii.get608.queryOptions(previewInput(p)), placeholderData: keepPreviousData }).data as Preview608Data | undefined;
  const { onReport } = p;
  React.useEffect(() => onReport(data ? export608(t, data.period, data.rows) : undefined), [data, t, onReport]);
  if (!data) return <LoadingCard />;
  return (
    <>
      <FileHeaderCard data={data} />
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <Table stack aria-label={t("dgii:reportTitles.608")} data-testid="dgii-table">
            <THead>
              <TR>
                <TH>{t("dgii:columns.document")}</TH>
                <TH>{t("dgii:columns.ncf")}</TH>
                <TH>{t("dgii:columns.ncfDate")}</TH>
                <TH>{t("dgii:columns.reason")}</TH>
                <TH>{t("dgii:columns.cancelledOn")}</TH>
                <TH>{t("dgii:columns.issues")}</TH>
              </TR>
            </THead>
            <TBody>
              {data.rows.map((r) => (
                <TR key={r.id} className={rowClass(r.issues)} data-testid="dgii-row" data-ncf={r.ncf} data-issues={r.issues.length}>
                  <TD stack="primary">
                    <Link to={r.kind === "invoice" ? `/home/invoices/${r.id}` : `/home/payables/bills/${r.id}`} className="font-mono text-xs hover:underline">
                      {r.number}
                    </Link>
                    <div className="text-xs text-muted-foreground">{t(`dgii:kinds.${r.kind}`)}</div>
                  </TD>
                  <TD label={t("dgii:columns.ncf")} className="font-mono text-xs" data-testid="dgii-row-ncf">
                    {r.ncf}
                  </TD>
                  <TD label={t("dgii:columns.ncfDate")}>{formatDate(r.ncfDate, lang)}</TD>
                  <TD label={t("dgii:columns.reason")} data-testid="dgii-row-reason">
                    {r.reasonCode ? t(`dgii:reasons.${r.reasonCode}`, { defaultValue: r.reasonCode }) : t("dgii:reasons.none")}
                  </TD>
                  <TD label={t("dgii:columns.cancelledOn")}>{formatDate(r.cancelledOn, lang)}</TD>
                  <TD label={t("dgii:columns.issues")}>
                    <IssueList issues={r.issues} />
                  </TD>
                </TR>
              ))}
              {data.rows.length === 0 ? <EmptyRows cols={6} onlyIssues={p.onlyIssues} /> : null}
            </TBody>
          </Table>
          <Pager data={data} onPage={p.onPage} />
        </CardContent>
      </Card>
      {data.byReason.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>{t("dgii:totals.byReason")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-1 text-sm">
            {data.byReason.map((r) => (
              <div key={r.code} className="flex justify-between border-b py-1 last:border-0">
                <span>{r.code ? t(`dgii:reasons.${r.code}`, { defaultValue: r.code }) : t("dgii:reasons.none")}</span>
                <span className="tabular-nums">{r.count}</span>
              </div>
            ))}
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}

// ——— IT-1 ———

function It1View({ period, onReport }: { period: string; onReport: (r: ReportData | undefined) => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.dgii.getIt1.queryOptions({ period }), placeholderData: keepPreviousData });
  const data = q.data;
  const lines = React.useMemo(() => (data ? it1Lines(data, t) : null), [data, t]);
  React.useEffect(() => onReport(lines ? exportIt1(t, period, lines) : undefined), [lines, t, period, onReport]);
  if (!data || !lines) return <LoadingCard />;
  const byKey = Object.fromEntries(lines.map((l) => [l.key, l]));
  const group = (title: string, keys: string[]) => (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-1 text-sm">
        {keys.map((k) => (
          <TotalLine key={k} label={byKey[k]!.label} value={byKey[k]!.value} strong={byKey[k]!.strong} testId={`it1-${k}`} />
        ))}
      </CardContent>
    </Card>
  );
  return (
    <div className="grid gap-4" data-testid="dgii-it1">
      <p className="text-sm text-muted-foreground">{t("dgii:it1.hint")}</p>
      <div className="grid gap-4 lg:grid-cols-2">
        {group(t("dgii:it1.sales"), ["salesAmount", "salesItbis", "creditNotesAmount", "creditNotesItbis", "creditNotesCreditableItbis", "netSalesItbis"])}
        {group(t("dgii:it1.purchases"), ["purchasesAmount", "purchasesItbis"])}
        {group(t("dgii:it1.withholdings"), ["itbisWithheld", "isrWithheld"])}
        {group(t("dgii:it1.balance"), ["difference", "balance", "toPay", "inFavor"])}
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t("dgii:it1.byRate")}</CardTitle>
        </CardHeader>
        <CardContent>
          <Table aria-label={t("dgii:it1.byRate")}>
            <THead>
              <TR>
                <TH>{t("dgii:columns.rate")}</TH>
                <TH className="text-right">{t("dgii:columns.amount")}</TH>
                <TH className="text-right">{t("dgii:columns.itbis")}</TH>
              </TR>
            </THead>
            <TBody>
              {data.byRate.map((r) => (
                <TR key={r.rate}>
                  <TD>{Number(r.rate) === 0 ? t("dgii:it1.exempt") : `${r.rate}%`}</TD>
                  <TD className="text-right">
                    <Money value={r.amount} />
                  </TD>
                  <TD className="text-right">
                    <Money value={r.itbis} />
                  </TD>
                </TR>
              ))}
              {data.byRate.length === 0 ? <EmptyRows cols={3} onlyIssues={false} /> : null}
            </TBody>
          </Table>
        </CardContent>
      </Card>
    </div>
  );
}
