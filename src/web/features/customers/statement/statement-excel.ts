import type { inferRouterOutputs } from "@trpc/server";
import { AGING_BUCKETS } from "../../../../shared/invoices/schemas";
import type { AppRouter } from "../../../app/trpc";
import type { ExcelJS } from "../../product-import/workbook";

export type Statement = inferRouterOutputs<AppRouter>["customer"]["getStatement"];

const MONEY_FORMAT = "#,##0.00";
const DATE_FORMAT = "dd/mm/yyyy";

/** A yyyy-MM-dd business date as an Excel date (UTC midnight, so the day never shifts). */
const excelDate = (v: string | null) => (v ? new Date(`${v}T00:00:00Z`) : null);

/** estado-de-cuenta-CLI-000012-2026-11-25.xlsx (only safe characters). */
export function statementFileName(s: Statement): string {
  return `estado-de-cuenta-${s.customer.code.replace(/[^A-Za-z0-9_-]+/g, "-")}-${s.asOf}.xlsx`;
}

/**
 * The statement as a workbook: the business and the customer, the aging buckets and the totals,
 * then one row per open invoice; amounts are numbers formatted #,##0.00 so Excel sums them, dates
 * are dates (dd/mm/yyyy).
 */
export async function statementWorkbook(
  excel: ExcelJS,
  s: Statement,
  t: (key: string, vars?: Record<string, unknown>) => string,
  formatDate: (iso: string) => string = (iso) => iso,
): Promise<Uint8Array> {
  const wb = new excel.Workbook();
  const ws = wb.addWorksheet(t("customers:statement.sheet"));
  const num = (v: string | null) => (v === null ? null : Number(v));
  ws.addRow([s.business.name]).font = { bold: true, size: 14 };
  if (s.business.taxId) ws.addRow([`RNC ${s.business.taxId}`]);
  ws.addRow([`${t("customers:statement.title")} · ${t("customers:statement.asOf", { date: formatDate(s.asOf) })}`]).font = { bold: true };
  ws.addRow([t("customers:statement.customer"), `${s.customer.name} (${s.customer.code})`]);
  if (s.customer.taxId) ws.addRow([t("customers:statement.taxId"), s.customer.taxId]);
  ws.addRow([]);
  const summary: [string, number | string | null][] = [
    [t("customers:statement.balance"), num(s.balanceDue)],
    [t("customers:statement.overdue"), num(s.overdueTotal)],
    ...AGING_BUCKETS.map((b) => [t(`customers:statement.buckets.${b}`), num(s.buckets[b])] as [string, number | null]),
    [t("customers:statement.creditLimit"), s.creditLimit === null ? t("customers:statement.noLimit") : num(s.creditLimit)],
    ...(s.creditAvailable === null ? [] : [[t("customers:statement.creditAvailable"), num(s.creditAvailable)] as [string, number | null]]),
    [t("customers:statement.storeCredit"), num(s.storeCredit)],
  ];
  for (const [label, value] of summary) {
    const row = ws.addRow([label, value]);
    if (typeof value === "number") row.getCell(2).numFmt = MONEY_FORMAT;
  }
  ws.addRow([]);
  const header = ws.addRow(["invoice", "ncf", "date", "dueDate", "total", "paid", "credited", "balance", "daysOverdue", "bucket"].map((k) => t(`customers:statement.columns.${k}`)));
  header.font = { bold: true };
  for (const i of s.openInvoices) {
    const row = ws.addRow([
      i.number,
      i.ncf ?? "",
      excelDate(i.date),
      excelDate(i.dueDate),
      Number(i.total),
      Number(i.paidTotal),
      Number(i.creditedTotal),
      Number(i.balanceDue),
      i.daysOverdue,
      t(`customers:statement.buckets.${i.bucket}`),
    ]);
    for (const c of [3, 4]) row.getCell(c).numFmt = DATE_FORMAT;
    for (const c of [5, 6, 7, 8]) row.getCell(c).numFmt = MONEY_FORMAT;
  }
  const total = ws.addRow([t("customers:statement.total"), "", "", "", "", "", "", Number(s.balanceDue)]);
  total.font = { bold: true };
  total.getCell(8).numFmt = MONEY_FORMAT;
  ws.columns.forEach((col, i) => {
    col.width = [22, 16, 12, 12, 14, 14, 16, 14, 12, 16][i] ?? 14;
  });
  return new Uint8Array(await wb.xlsx.writeBuffer());
}
