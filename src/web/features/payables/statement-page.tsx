import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, FileSpreadsheet, Printer } from "lucide-react";
import * as React from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { formatTaxId } from "../../../shared/fiscal/tax-id";
import { formatMoney } from "../../../shared/money/format";
import { AGING_BUCKETS } from "../../../shared/payables/rules";
import { useTRPC } from "../../app/trpc";
import { PrintedStatement } from "../../components/printed-statement";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Skeleton } from "../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { toast } from "../../components/ui/use-toast";
import { formatDate } from "../../lib/dates";
import { saveFile } from "../product-import/download";
import { loadExcelJS, XLSX_MIME } from "../product-import/workbook";
import { entryDescription, type ProviderStatement, providerStatementFileName, providerStatementWorkbook } from "./statement-excel";

/**
 * A provider's statement: balance brought forward, bills and payments with the running balance,
 * the aging buckets; printable (only the print view shows on paper) and exportable to Excel.
 */
export function ProviderStatementPage() {
  const { providerId = "" } = useParams();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const from = params.get("from") || undefined;
  const to = params.get("to") || undefined;
  const query = useQuery(trpc.payable.getStatement.queryOptions({ providerId, from, to }));
  const [exporting, setExporting] = React.useState(false);
  const s = query.data;
  const setRange = (key: "from" | "to", value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const exportExcel = async () => {
    if (!s) return;
    setExporting(true);
    try {
      const bytes = await providerStatementWorkbook(await loadExcelJS(), s, t, (iso) => formatDate(iso, lang));
      saveFile(bytes, providerStatementFileName(s), XLSX_MIME);
      toast({ title: t("payables:statement.exported"), variant: "success" });
    } catch (e) {
      toast({ variant: "destructive", title: t("payables:statement.excel"), description: (e as Error).message });
    } finally {
      setExporting(false);
    }
  };
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="ghost" size="icon" onClick={() => void navigate("/home/payables?tab=aging")} aria-label={t("payables:statement.back")}>
          <ArrowLeft />
        </Button>
        <div className="min-w-0 flex-1 basis-64">
          <h1 className="text-2xl font-bold">{t("payables:statement.title")}</h1>
          <p className="text-sm text-muted-foreground" data-testid="statement-provider">
            {s ? `${s.provider.name}${s.provider.taxId ? ` · ${t("payables:statement.rnc", { taxId: formatTaxId(s.provider.taxId) })}` : ""}` : ""}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => window.print()} disabled={!s} data-testid="statement-print">
            <Printer /> {t("payables:statement.print")}
          </Button>
          <Button variant="outline" onClick={() => void exportExcel()} disabled={!s || exporting} data-testid="statement-excel">
            <FileSpreadsheet /> {t("payables:statement.excel")}
          </Button>
        </div>
      </div>
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <div className="flex flex-wrap items-end gap-3">
            <label className="grid gap-1 text-xs text-muted-foreground">
              {t("payables:fields.from")}
              <Input type="date" className="w-40" value={from ?? ""} onChange={(e) => setRange("from", e.target.value)} />
            </label>
            <label className="grid gap-1 text-xs text-muted-foreground">
              {t("payables:fields.to")}
              <Input type="date" className="w-40" value={to ?? ""} onChange={(e) => setRange("to", e.target.value)} />
            </label>
          </div>
          {s ? <StatementBody s={s} lang={lang} /> : <Skeleton className="h-48 w-full" />}
        </CardContent>
      </Card>
      {s ? createPortal(<StatementPrint s={s} lang={lang} />, document.body) : null}
    </div>
  );
}

function StatementBody({ s, lang }: { s: ProviderStatement; lang: string }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {AGING_BUCKETS.map((b) => (
          <div key={b} className="rounded-md border p-2">
            <div className="text-xs text-muted-foreground">{t(`payables:buckets.${b}`)}</div>
            <div className="font-semibold tabular-nums" data-testid={`statement-bucket-${b}`}>
              {formatMoney(s.buckets[b], lang)}
            </div>
          </div>
        ))}
      </div>
      <Table stack aria-label={t("payables:statement.title")}>
        <THead>
          <TR>
            <TH>{t("payables:statement.columns.date")}</TH>
            <TH>{t("payables:statement.columns.description")}</TH>
            <TH>{t("payables:statement.columns.dueDate")}</TH>
            <TH className="text-right">{t("payables:statement.columns.charge")}</TH>
            <TH className="text-right">{t("payables:statement.columns.payment")}</TH>
            <TH className="text-right">{t("payables:statement.columns.balance")}</TH>
          </TR>
        </THead>
        <TBody>
          <TR>
            <TD stack="primary">{s.from ? formatDate(s.from, lang) : "—"}</TD>
            <TD label={t("payables:statement.columns.description")}>{t("payables:statement.opening")}</TD>
            <TD />
            <TD />
            <TD />
            <TD className="text-right tabular-nums" label={t("payables:statement.columns.balance")}>
              {formatMoney(s.openingBalance, lang)}
            </TD>
          </TR>
          {s.entries.map((e) => (
            <TR key={`${e.kind}-${e.id}`} data-testid="statement-entry">
              <TD stack="primary">{formatDate(e.date, lang)}</TD>
              <TD label={t("payables:statement.columns.description")}>
                <Link to={`/home/payables/bills/${e.billId}`} className="hover:underline">
                  {entryDescription(e, t)}
                </Link>
              </TD>
              <TD label={e.dueDate ? t("payables:statement.columns.dueDate") : undefined}>{e.dueDate ? formatDate(e.dueDate, lang) : ""}</TD>
              <TD className="text-right tabular-nums" label={e.charge ? t("payables:statement.columns.charge") : undefined}>
                {e.charge ? formatMoney(e.charge, lang) : ""}
              </TD>
              <TD className="text-right tabular-nums" label={e.payment ? t("payables:statement.columns.payment") : undefined}>
                {e.payment ? formatMoney(e.payment, lang) : ""}
              </TD>
              <TD className="text-right tabular-nums" label={t("payables:statement.columns.balance")} data-testid="statement-running">
                {formatMoney(e.balance, lang)}
              </TD>
            </TR>
          ))}
          {s.entries.length === 0 ? (
            <TR>
              <TD colSpan={6} className="py-6 text-center text-muted-foreground">
                {t("payables:statement.empty")}
              </TD>
            </TR>
          ) : null}
        </TBody>
      </Table>
      <dl className="ml-auto grid w-full max-w-sm grid-cols-2 gap-1 text-sm">
        <dt className="text-muted-foreground">{t("payables:statement.billed")}</dt>
        <dd className="text-right tabular-nums">{formatMoney(s.billed, lang)}</dd>
        <dt className="text-muted-foreground">{t("payables:statement.paidTotal")}</dt>
        <dd className="text-right tabular-nums">{formatMoney(s.paid, lang)}</dd>
        <dt className="font-semibold">{t("payables:statement.closing", { date: formatDate(s.to, lang) })}</dt>
        <dd className="text-right font-semibold tabular-nums" data-testid="statement-closing">
          {formatMoney(s.closingBalance, lang)}
        </dd>
      </dl>
    </>
  );
}

/** The printed statement: only this shows on paper (the app is hidden while printing), as the customers' statement. */
function StatementPrint({ s, lang }: { s: ProviderStatement; lang: string }) {
  const { t } = useTranslation();
  return (
    <PrintedStatement
      business={s.business}
      title={t("payables:statement.title")}
      date={`${s.from ? `${formatDate(s.from, lang)} – ` : ""}${formatDate(s.to, lang)}`}
      testId="provider-statement-print"
    >
      <p className="mt-3">
        <strong>{t("payables:fields.provider")}:</strong> {s.provider.name} ({s.provider.code}){s.provider.taxId ? ` · RNC ${formatTaxId(s.provider.taxId)}` : ""}
      </p>
      <table className="mt-3 w-full border-collapse">
        <thead>
          <tr className="border-b text-left">
            {(["date", "description", "dueDate", "charge", "payment", "balance"] as const).map((k) => (
              <th key={k} className={k === "charge" || k === "payment" || k === "balance" ? "py-1 text-right" : "py-1"}>
                {t(`payables:statement.columns.${k}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr className="border-b">
            <td className="py-1">{s.from ? formatDate(s.from, lang) : ""}</td>
            <td>{t("payables:statement.opening")}</td>
            <td />
            <td />
            <td />
            <td className="text-right tabular-nums">{formatMoney(s.openingBalance, lang)}</td>
          </tr>
          {s.entries.map((e) => (
            <tr key={`${e.kind}-${e.id}`} className="border-b">
              <td className="py-1">{formatDate(e.date, lang)}</td>
              <td>{entryDescription(e, t)}</td>
              <td>{e.dueDate ? formatDate(e.dueDate, lang) : ""}</td>
              <td className="text-right tabular-nums">{e.charge ? formatMoney(e.charge, lang) : ""}</td>
              <td className="text-right tabular-nums">{e.payment ? formatMoney(e.payment, lang) : ""}</td>
              <td className="text-right tabular-nums">{formatMoney(e.balance, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-4 grid grid-cols-5 gap-2 text-center">
        {AGING_BUCKETS.map((b) => (
          <div key={b} className="border p-1">
            <p className="text-xs">{t(`payables:buckets.${b}`)}</p>
            <p className="font-semibold tabular-nums">{formatMoney(s.buckets[b], lang)}</p>
          </div>
        ))}
      </div>
      <p className="mt-3 text-right text-base font-bold">
        {t("payables:statement.closing", { date: formatDate(s.to, lang) })}: {formatMoney(s.closingBalance, lang)}
      </p>
    </PrintedStatement>
  );
}
