import { useQuery, useQueryClient } from "@tanstack/react-query";
import { FileSpreadsheet, Printer } from "lucide-react";
import * as React from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AGING_BUCKETS } from "../../../../shared/invoices/schemas";
import { formatMoney } from "../../../../shared/money/format";
import { useTRPC } from "../../../app/trpc";
import { PrintedStatement } from "../../../components/printed-statement";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table";
import { toast } from "../../../components/ui/use-toast";
import { formatDate } from "../../../lib/dates";
import { cn } from "../../../lib/utils";
import { saveFile } from "../../product-import/download";
import { loadExcelJS, XLSX_MIME } from "../../product-import/workbook";
import { displayTaxId } from "../customer-format";
import { type Statement, statementFileName, statementWorkbook } from "./statement-excel";

/**
 * 'Estado de cuenta' on the customer detail: balance due, overdue, credit limit and what is left,
 * store credit, the five aging buckets and the open invoices oldest first; printable (a statement
 * page of its own) and exportable to Excel.
 */
export function StatementCard({ customerId }: { customerId: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery({ ...trpc.customer.getStatement.queryOptions({ customerId }), meta: { silent: true } });
  const [exporting, setExporting] = React.useState(false);
  const s = query.data;

  const exportExcel = async () => {
    if (!s) return;
    setExporting(true);
    try {
      // the card lists the oldest 1,000 open invoices; the workbook has every one of them
      const full = s.truncated ? await queryClient.fetchQuery(trpc.customer.getStatement.queryOptions({ customerId, asOf: s.asOf, all: true })) : s;
      const bytes = await statementWorkbook(await loadExcelJS(), full, t, (iso) => formatDate(iso, lang));
      saveFile(bytes, statementFileName(s), XLSX_MIME);
    } catch (e) {
      toast({ variant: "destructive", title: t("customers:statement.exportError"), description: (e as Error).message });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card className="lg:col-span-2" data-testid="statement-card">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
        <div>
          <CardTitle>{t("customers:statement.title")}</CardTitle>
          {s ? <CardDescription>{t("customers:statement.asOf", { date: formatDate(s.asOf, lang) })}</CardDescription> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => window.print()} disabled={!s} data-testid="statement-print">
            <Printer /> {t("customers:statement.print")}
          </Button>
          <Button variant="outline" onClick={() => void exportExcel()} disabled={!s || exporting} data-testid="statement-export">
            <FileSpreadsheet /> {t("customers:statement.export")}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.isLoading ? <Skeleton className="h-40 w-full" /> : null}
        {query.isError ? <p className="text-sm text-destructive">{t("customers:statement.loadError")}</p> : null}
        {s ? (
          <>
            <StatementSummary s={s} lang={lang} />
            <InvoicesTable s={s} lang={lang} />
            {createPortal(<StatementPrint s={s} lang={lang} />, document.body)}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

function Figure({ label, value, testId, tone, note }: { label: string; value: string; testId: string; tone?: "danger" | "muted"; note?: string }) {
  return (
    <div className="rounded-[var(--radius-card)] border p-3">
      <p className="text-xs text-muted-foreground">{label}</p>
      <p className={cn("text-lg font-semibold tabular-nums", tone === "danger" && "text-destructive", tone === "muted" && "text-muted-foreground")} data-testid={testId}>
        {value}
      </p>
      {note ? <p className="text-xs text-muted-foreground tabular-nums">{note}</p> : null}
    </div>
  );
}

function StatementSummary({ s, lang }: { s: Statement; lang: string }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="grid grid-cols-2 gap-2 md:grid-cols-4">
        <Figure label={t("customers:statement.balance")} value={formatMoney(s.balanceDue, lang)} testId="statement-balance" />
        <Figure label={t("customers:statement.overdue")} value={formatMoney(s.overdueTotal, lang)} testId="statement-overdue" tone={Number(s.overdueTotal) > 0 ? "danger" : undefined} />
        {s.creditLimit === null ? (
          <Figure label={t("customers:statement.creditLimit")} value={t("customers:statement.noLimit")} testId="statement-credit-limit" tone="muted" />
        ) : (
          <Figure
            label={t("customers:statement.creditAvailable")}
            value={formatMoney(s.creditAvailable ?? "0", lang)}
            testId="statement-credit-available"
            note={`${t("customers:statement.creditLimit")}: ${formatMoney(s.creditLimit, lang)}`}
          />
        )}
        <Figure label={t("customers:statement.storeCredit")} value={formatMoney(s.storeCredit, lang)} testId="statement-store-credit" />
      </div>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {AGING_BUCKETS.map((b) => (
          <div key={b} className={cn("rounded-[var(--radius-card)] border p-2 text-center", b !== "current" && Number(s.buckets[b]) > 0 && "border-destructive/40")} data-testid="statement-bucket" data-bucket={b}>
            <p className="text-xs text-muted-foreground">{t(`customers:statement.buckets.${b}`)}</p>
            <p className="font-semibold tabular-nums">{formatMoney(s.buckets[b], lang)}</p>
          </div>
        ))}
      </div>
    </>
  );
}

function InvoicesTable({ s, lang }: { s: Statement; lang: string }) {
  const { t } = useTranslation();
  if (s.openInvoices.length === 0) return <p className="text-sm text-muted-foreground">{t("customers:statement.empty")}</p>;
  return (
    <div className="overflow-x-auto">
      <Table className="[&_td]:px-2 [&_th]:px-2 sm:[&_td]:px-3 sm:[&_th]:px-3" aria-label={t("customers:statement.title")}>
        <THead>
          <TR>
            <TH>{t("customers:statement.columns.invoice")}</TH>
            <TH className="hidden md:table-cell">{t("customers:statement.columns.ncf")}</TH>
            <TH>{t("customers:statement.columns.dueDate")}</TH>
            <TH className="hidden text-right sm:table-cell">{t("customers:statement.columns.total")}</TH>
            <TH className="text-right">{t("customers:statement.columns.balance")}</TH>
            <TH className="hidden text-right sm:table-cell">{t("customers:statement.columns.daysOverdue")}</TH>
          </TR>
        </THead>
        <TBody>
          {s.openInvoices.map((i) => (
            <TR key={i.id} data-testid="statement-invoice" data-bucket={i.bucket}>
              <TD>
                <Link to={`/home/invoices/${i.id}`} className="whitespace-nowrap font-medium text-primary hover:underline">
                  {i.number}
                </Link>
                <div className="text-xs text-muted-foreground">{formatDate(i.date, lang)}</div>
              </TD>
              <TD className="hidden font-mono text-xs md:table-cell">{i.ncf ?? "—"}</TD>
              <TD>
                {i.dueDate ? formatDate(i.dueDate, lang) : "—"}
                {i.daysOverdue > 0 ? <div className="text-xs font-semibold text-destructive sm:hidden">{t("customers:statement.daysOverdue", { count: i.daysOverdue })}</div> : null}
              </TD>
              <TD className="hidden text-right tabular-nums sm:table-cell">{formatMoney(i.total, lang)}</TD>
              <TD className="text-right font-medium tabular-nums">{formatMoney(i.balanceDue, lang)}</TD>
              <TD className={cn("hidden text-right tabular-nums sm:table-cell", i.daysOverdue > 0 && "font-semibold text-destructive")}>{i.daysOverdue > 0 ? i.daysOverdue : "—"}</TD>
            </TR>
          ))}
        </TBody>
      </Table>
      {s.truncated ? <p className="mt-2 text-xs text-muted-foreground">{t("customers:statement.truncated", { shown: s.openInvoices.length, count: s.openInvoiceCount })}</p> : null}
    </div>
  );
}

/** The printed statement: only this shows on paper (the app is hidden while printing). */
function StatementPrint({ s, lang }: { s: Statement; lang: string }) {
  const { t } = useTranslation();
  return (
    <PrintedStatement
      business={s.business}
      title={t("customers:statement.title")}
      date={t("customers:statement.asOf", { date: formatDate(s.asOf, lang) })}
      className="statement-print"
      testId="statement-print-view"
    >
      <div className="mt-3">
        <p>
          <strong>{t("customers:statement.customer")}:</strong> {s.customer.name} ({s.customer.code})
          {s.customer.taxId ? ` · ${t("customers:statement.taxId")} ${displayTaxId(s.customer.taxId)}` : ""}
        </p>
        {s.customer.address || s.customer.phone ? <p>{[s.customer.address, s.customer.phone].filter(Boolean).join(" · ")}</p> : null}
      </div>
      <table className="mt-3 w-full border-collapse">
        <thead>
          <tr className="border-b text-left">
            {PRINT_COLUMNS.map((k) => (
              <th key={k} className={cn("py-1", PRINT_NUMERIC.has(k) && "text-right")}>
                {t(`customers:statement.columns.${k}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {s.openInvoices.map((i) => (
            <tr key={i.id} className="border-b">
              <td className="py-1">{i.number}</td>
              <td className="font-mono text-xs">{i.ncf ?? ""}</td>
              <td>{formatDate(i.date, lang)}</td>
              <td>{i.dueDate ? formatDate(i.dueDate, lang) : ""}</td>
              <td className="text-right tabular-nums">{formatMoney(i.total, lang)}</td>
              <td className="text-right tabular-nums">{formatMoney(i.paidTotal, lang)}</td>
              <td className="text-right tabular-nums">{formatMoney(i.creditedTotal, lang)}</td>
              <td className="text-right tabular-nums">{formatMoney(i.balanceDue, lang)}</td>
              <td className="text-right tabular-nums">{i.daysOverdue || ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-4 grid grid-cols-5 gap-2 text-center">
        {AGING_BUCKETS.map((b) => (
          <div key={b} className="border p-1">
            <p className="text-xs">{t(`customers:statement.buckets.${b}`)}</p>
            <p className="font-semibold tabular-nums">{formatMoney(s.buckets[b], lang)}</p>
          </div>
        ))}
      </div>
      {s.truncated ? <p className="mt-2 text-xs">{t("customers:statement.truncated", { shown: s.openInvoices.length, count: s.openInvoiceCount })}</p> : null}
      <table className="mt-3 ml-auto">
        <tbody>
          <PrintTotal label={t("customers:statement.overdue")} value={formatMoney(s.overdueTotal, lang)} />
          {s.creditLimit === null ? null : (
            <>
              <PrintTotal label={t("customers:statement.creditLimit")} value={formatMoney(s.creditLimit, lang)} />
              <PrintTotal label={t("customers:statement.creditAvailable")} value={formatMoney(s.creditAvailable ?? "0", lang)} />
            </>
          )}
          {Number(s.storeCredit) > 0 ? <PrintTotal label={t("customers:statement.storeCredit")} value={formatMoney(s.storeCredit, lang)} /> : null}
          <tr className="border-t text-base font-bold">
            <td className="py-1 pr-6">{t("customers:statement.total")}</td>
            <td className="py-1 text-right tabular-nums">{formatMoney(s.balanceDue, lang)}</td>
          </tr>
        </tbody>
      </table>
    </PrintedStatement>
  );
}

const PRINT_COLUMNS = ["invoice", "ncf", "date", "dueDate", "total", "paid", "credited", "balance", "daysOverdue"] as const;
const PRINT_NUMERIC = new Set<string>(["total", "paid", "credited", "balance", "daysOverdue"]);

function PrintTotal({ label, value }: { label: string; value: string }) {
  return (
    <tr>
      <td className="pr-6">{label}</td>
      <td className="text-right tabular-nums">{value}</td>
    </tr>
  );
}
