import type { inferRouterOutputs } from "@trpc/server";
import { AGING_BUCKETS } from "../../../shared/payables/rules";
import type { AppRouter } from "../../app/trpc";
import type { ExcelJS } from "../product-import/workbook";

export type ProviderStatement = inferRouterOutputs<AppRouter>["payable"]["getStatement"];

const MONEY_FORMAT = "#,##0.00";
const DATE_FORMAT = "dd/mm/yyyy";
const excelDate = (v: string | null) => (v ? new Date(`${v}T00:00:00Z`) : null);

/** estado-de-cuenta-suplidor-SUP-1-2026-11-26.xlsx (only safe characters). */
export function providerStatementFileName(s: ProviderStatement): string {
  return `estado-de-cuenta-suplidor-${s.provider.code.replace(/[^A-Za-z0-9_-]+/g, "-")}-${s.to}.xlsx`;
}

/** A statement line's description: the bill and its NCF, or the payment and its method. */
export function entryDescription(e: ProviderStatement["entries"][number], t: (key: string, vars?: Record<string, unknown>) => string): string {
  return e.kind === "bill" ? t("payables:statement.bill", { number: e.number, ncf: e.ncf }) : t("payables:statement.payment", { number: e.number, method: e.method ?? "" });
}

/**
 * The provider statement as a workbook, as the customers' one (src/web/features/customers/statement):
 * the business and the provider, the balance brought forward, one row per bill or payment with
 * the running balance, the closing balance and the aging buckets. Amounts are numbers (#,##0.00), dates are dates.
 */
export async function providerStatementWorkbook(excel: ExcelJS, s: ProviderStatement, t: (key: string, vars?: Record<string, unknown>) => string, formatDate: (iso: string) => string = (iso) => iso): Promise<Uint8Array> {
  const wb = new excel.Workbook();
  const ws = wb.addWorksheet(t("payables:statement.sheet"));
  ws.addRow([s.business.name]).font = { bold: true, size: 14 };
  if (s.business.taxId) ws.addRow([`RNC ${s.business.taxId}`]);
  ws.addRow([`${t("payables:statement.title")} · ${t("payables:statement.closing", { date: formatDate(s.to) })}`]).font = { bold: true };
  ws.addRow([t("payables:fields.provider"), `${s.provider.name} (${s.provider.code})`]);
  if (s.provider.taxId) ws.addRow([t("payables:fields.supplierTaxId"), s.provider.taxId]);
  ws.addRow([]);
  const header = ws.addRow(["date", "description", "dueDate", "charge", "payment", "balance"].map((k) => t(`payables:statement.columns.${k}`)));
  header.font = { bold: true };
  const opening = ws.addRow([s.from ? excelDate(s.from) : null, t("payables:statement.opening"), null, null, null, Number(s.openingBalance)]);
  opening.getCell(1).numFmt = DATE_FORMAT;
  opening.getCell(6).numFmt = MONEY_FORMAT;
  for (const e of s.entries) {
    const row = ws.addRow([excelDate(e.date), entryDescription(e, t), excelDate(e.dueDate), e.charge === null ? null : Number(e.charge), e.payment === null ? null : Number(e.payment), Number(e.balance)]);
    for (const c of [1, 3]) row.getCell(c).numFmt = DATE_FORMAT;
    for (const c of [4, 5, 6]) row.getCell(c).numFmt = MONEY_FORMAT;
  }
  const total = ws.addRow([null, t("payables:statement.closing", { date: formatDate(s.to) }), null, Number(s.billed), Number(s.paid), Number(s.closingBalance)]);
  total.font = { bold: true };
  for (const c of [4, 5, 6]) total.getCell(c).numFmt = MONEY_FORMAT;
  ws.addRow([]);
  for (const b of AGING_BUCKETS) {
    const row = ws.addRow([t(`payables:buckets.${b}`), Number(s.buckets[b])]);
    row.getCell(2).numFmt = MONEY_FORMAT;
  }
  ws.columns.forEach((col, i) => {
    col.width = [14, 48, 14, 16, 16, 16][i] ?? 14;
  });
  return new Uint8Array(await wb.xlsx.writeBuffer());
}
