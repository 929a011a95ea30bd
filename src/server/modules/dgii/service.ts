import { sql } from "drizzle-orm";
import { Big, toBig } from "../../../shared/catalog/decimal";
import { type DgiiFormat, type PaymentForm606, periodBounds, type SaleForm } from "../../../shared/dgii/codes";
import {
  type Bill606,
  billPaymentForm,
  type Cancelled608,
  creditNoteForms,
  it1Of,
  methodForms,
  pageRows,
  report606,
  report607,
  report608,
  type Sale607,
  saleForms,
} from "../../../shared/dgii/report";
import { rowsOf, type Tx } from "../../db/client";
import type { ProtectedContext } from "../../trpc/init";

/**
 * dgii.*: the DGII 606/607/608 of a month and the IT-1 helper (issue 14 §6), read from the
 * documents as they are (supplier bills and their payments, sales and their payments, credit
 * notes, cancelled invoices); the lines, the rules and the TXT are src/shared/dgii's. Every read is
 * the tenant's (its where and row-level security), by business date in the tenant's time zone.
 *
 * Which month a document belongs to: its NCF date (business_date / ncf_date). An invoice
 * cancelled is in the 608 of its NCF's month and out of that month's 607, so every NCF issued
 * in a month is in exactly one of the two. Payments count up to the end of the month
 * (created_at before the next month's midnight in the tenant's zone); what is still owed then is
 * credit.
 */
type Ctx = Pick<ProtectedContext, "tx" | "tenant">;

interface Range {
  from: string;
  to: string;
  /** the first instant of the next month in the tenant's zone, as a timestamptz expression */
  end: ReturnType<typeof sql>;
}

function rangeOf(ctx: Ctx, period: string): Range {
  const b = periodBounds(period);
  return { from: b.from, to: b.to, end: sql`(${b.next}::timestamp AT TIME ZONE ${ctx.tenant.timezone})` };
}

async function methodsOf(tx: Tx, tenantId: string) {
  const rows = rowsOf<{ id: string; code: string; use_card_provider: boolean }>(
    await tx.execute(sql`SELECT id, code, use_card_provider FROM payment_methods WHERE tenant_id = ${tenantId}`),
  );
  return new Map(rows.map((m) => [m.id, methodForms({ code: m.code, useCardProvider: m.use_card_provider })]));
}

// ——— 606 ———

export async function bills606(ctx: Ctx, period: string): Promise<Bill606[]> {
  const { tx, tenant } = ctx;
  const r = rangeOf(ctx, period);
  const [bills, payments, methods] = await Promise.all([
    tx.execute(sql`
      SELECT b.id, b.number, p.name AS provider_name, b.ncf, b.ncf_date::text AS ncf_date, b.supplier_tax_id, b.expense_type, b.payment_form,
             b.services_amount::text AS services_amount, b.goods_amount::text AS goods_amount, b.itbis::text AS itbis,
             b.itbis_withheld::text AS itbis_withheld, b.isr_withholding_type, b.isr_withheld::text AS isr_withheld, b.payable::text AS payable
        FROM supplier_bills b
        JOIN providers p ON p.tenant_id = b.tenant_id AND p.id = b.provider_id
       WHERE b.tenant_id = ${tenant.id} AND b.ncf_date BETWEEN ${r.from}::date AND ${r.to}::date AND b.status <> 'cancelled'
       ORDER BY b.ncf_date, b.number`),
    tx.execute(sql`
      SELECT sp.bill_id, sp.payment_method_id, sp.amount::text AS amount, sp.paid_on::text AS paid_on
        FROM supplier_bill_payments sp
        JOIN supplier_bills b ON b.tenant_id = sp.tenant_id AND b.id = sp.bill_id
       WHERE sp.tenant_id = ${tenant.id} AND b.ncf_date BETWEEN ${r.from}::date AND ${r.to}::date AND b.status <> 'cancelled'
         AND sp.status = 'completed' AND sp.paid_on <= ${r.to}::date`),
    methodsOf(tx, tenant.id),
  ]);
  const paid = new Map<string, { form: PaymentForm606 | null; amount: string; paidOn: string }[]>();
  for (const p of rowsOf<{ bill_id: string; payment_method_id: string; amount: string; paid_on: string }>(payments)) {
    const list = paid.get(p.bill_id) ?? [];
    list.push({ form: methods.get(p.payment_method_id)?.purchase ?? null, amount: p.amount, paidOn: p.paid_on });
    paid.set(p.bill_id, list);
  }
  type BillRow = {
    id: string;
    number: string;
    provider_name: string;
    ncf: string;
    ncf_date: string;
    supplier_tax_id: string | null;
    expense_type: string;
    payment_form: string;
    services_amount: string;
    goods_amount: string;
    itbis: string;
    itbis_withheld: string;
    isr_withholding_type: string | null;
    isr_withheld: string;
    payable: string;
  };
  return rowsOf<BillRow>(bills).map((b) => {
    const list = paid.get(b.id) ?? [];
    const sum = list.reduce((s, p) => s.plus(toBig(p.amount)), new Big(0));
    const fullyPaid = list.length > 0 && sum.gte(toBig(b.payable));
    return {
      id: b.id,
      number: b.number,
      providerName: b.provider_name,
      ncf: b.ncf,
      ncfDate: b.ncf_date,
      taxId: b.supplier_tax_id,
      expenseType: b.expense_type,
      paymentForm: billPaymentForm(b.payment_form, list, fullyPaid),
      // the date it was paid in full, when that happened by the end of the month
      paymentDate: fullyPaid ? list.reduce((max, p) => (p.paidOn > max ? p.paidOn : max), "") : null,
      servicesAmount: b.services_amount,
      goodsAmount: b.goods_amount,
      itbis: b.itbis,
      itbisWithheld: b.itbis_withheld,
      isrWithholdingType: b.isr_withholding_type,
      isrWithheld: b.isr_withheld,
    };
  });
}

export async function build606(ctx: Ctx, period: string) {
  return report606(ctx.tenant.taxId, period, await bills606(ctx, period));
}

// ——— 607 ———

const SALES_WHERE = (tenantId: string, r: Range) =>
  sql`o.tenant_id = ${tenantId} AND o.business_date BETWEEN ${r.from}::date AND ${r.to}::date AND o.status = 'completed' AND o.ncf IS NOT NULL`;

export async function sales607(ctx: Ctx, period: string): Promise<Sale607[]> {
  const { tx, tenant } = ctx;
  const r = rangeOf(ctx, period);
  const [orders, payments, notes, methods] = await Promise.all([
    tx.execute(sql`
      SELECT o.id, o.number, o.ncf, o.business_date::text AS ncf_date, o.total::text AS total, (o.total - o.tax_total)::text AS amount, o.tax_total::text AS tax_total,
             o.change_amount::text AS change_amount, c.name AS customer_name, c.tax_id, c.tax_id_override
        FROM orders o
        JOIN customers c ON c.tenant_id = o.tenant_id AND c.id = o.customer_id
       WHERE ${SALES_WHERE(tenant.id, r)}
       ORDER BY o.business_date, o.ncf`),
    tx.execute(sql`
      SELECT p.order_id, p.payment_method_id, sum(p.base_amount)::text AS amount
        FROM order_payments p
        JOIN orders o ON o.tenant_id = p.tenant_id AND o.id = p.order_id
       WHERE ${SALES_WHERE(tenant.id, r)} AND p.status = 'completed' AND p.created_at < ${r.end}
       GROUP BY p.order_id, p.payment_method_id`),
    tx.execute(sql`
      SELECT n.id, n.number, n.ncf, n.modified_ncf, n.business_date::text AS ncf_date, n.subtotal::text AS subtotal, n.tax_total::text AS tax_total,
             n.total::text AS total, n.applied_amount::text AS applied_amount, n.refund_amount::text AS refund_amount, n.refund_method,
             c.name AS customer_name, c.tax_id, c.tax_id_override
        FROM credit_notes n
        JOIN customers c ON c.tenant_id = n.tenant_id AND c.id = n.customer_id
       WHERE n.tenant_id = ${tenant.id} AND n.business_date BETWEEN ${r.from}::date AND ${r.to}::date AND n.ncf IS NOT NULL
       ORDER BY n.business_date, n.ncf`),
    methodsOf(tx, tenant.id),
  ]);
  const paid = new Map<string, { form: SaleForm; amount: string }[]>();
  for (const p of rowsOf<{ order_id: string; payment_method_id: string; amount: string }>(payments)) {
    const list = paid.get(p.order_id) ?? [];
    list.push({ form: methods.get(p.payment_method_id)?.sale ?? "others", amount: p.amount });
    paid.set(p.order_id, list);
  }
  type OrderRow = { id: string; number: string; ncf: string; ncf_date: string; total: string; amount: string; tax_total: string; change_amount: string; customer_name: string; tax_id: string | null; tax_id_override: boolean };
  type NoteRow = {
    id: string;
    number: string;
    ncf: string;
    modified_ncf: string | null;
    ncf_date: string;
    subtotal: string;
    tax_total: string;
    total: string;
    applied_amount: string;
    refund_amount: string;
    refund_method: string;
    customer_name: string;
    tax_id: string | null;
    tax_id_override: boolean;
  };
  const sales: Sale607[] = rowsOf<OrderRow>(orders).map((o) => ({
    kind: "invoice",
    id: o.id,
    number: o.number,
    customerName: o.customer_name,
    ncf: o.ncf,
    modifiedNcf: null,
    ncfDate: o.ncf_date,
    taxId: o.tax_id,
    taxIdOverride: o.tax_id_override,
    amount: o.amount,
    itbis: o.tax_total,
    forms: saleForms(o.total, paid.get(o.id) ?? [], o.change_amount),
  }));
  for (const n of rowsOf<NoteRow>(notes)) {
    sales.push({
      kind: "creditNote",
      id: n.id,
      number: n.number,
      customerName: n.customer_name,
      ncf: n.ncf,
      modifiedNcf: n.modified_ncf,
      ncfDate: n.ncf_date,
      taxId: n.tax_id,
      taxIdOverride: n.tax_id_override,
      amount: n.subtotal,
      itbis: n.tax_total,
      forms: creditNoteForms({ appliedAmount: n.applied_amount, refundAmount: n.refund_amount, refundMethod: n.refund_method, total: n.total }),
    });
  }
  return sales;
}

export async function build607(ctx: Ctx, period: string) {
  return report607(ctx.tenant.taxId, period, await sales607(ctx, period));
}

// ——— 608 ———

/** The 608 reason a cancelled supplier bill with our own B11/B13 takes: the bill keeps no reason code (04, information correction). */
export const BILL_CANCEL_REASON = "04";

export async function cancelled608(ctx: Ctx, period: string): Promise<Cancelled608[]> {
  const { tx, tenant } = ctx;
  const r = rangeOf(ctx, period);
  const tz = tenant.timezone;
  const rows = rowsOf<{ kind: "invoice" | "bill"; id: string; number: string; ncf: string; ncf_date: string; reason_code: string | null; cancelled_on: string | null }>(
    await tx.execute(sql`
      SELECT 'invoice' AS kind, o.id, o.number, o.ncf, o.business_date::text AS ncf_date, o.cancel_reason_code AS reason_code,
             ((o.cancelled_at AT TIME ZONE ${tz})::date)::text AS cancelled_on
        FROM orders o
       WHERE o.tenant_id = ${tenant.id} AND o.business_date BETWEEN ${r.from}::date AND ${r.to}::date AND o.status = 'cancelled' AND o.ncf IS NOT NULL
      UNION ALL
      SELECT 'bill' AS kind, b.id, b.number, b.ncf, b.ncf_date::text, NULL, ((b.cancelled_at AT TIME ZONE ${tz})::date)::text
        FROM supplier_bills b
       WHERE b.tenant_id = ${tenant.id} AND b.ncf_date BETWEEN ${r.from}::date AND ${r.to}::date AND b.status = 'cancelled' AND b.ncf_type IN ('B11', 'B13')
       ORDER BY ncf_date, ncf`),
  );
  return rows.map((c) => ({
    kind: c.kind,
    id: c.id,
    number: c.number,
    ncf: c.ncf,
    ncfDate: c.ncf_date,
    reasonCode: c.kind === "bill" ? BILL_CANCEL_REASON : c.reason_code,
    reasonAssumed: c.kind === "bill",
    cancelledOn: c.cancelled_on,
  }));
}

export async function build608(ctx: Ctx, period: string) {
  return report608(ctx.tenant.taxId, period, await cancelled608(ctx, period));
}

// ——— procedures ———

interface PreviewOptions {
  period: string;
  page: number;
  pageSize: number;
  onlyIssues: boolean;
}

/** The preview: everything but the TXT content, one page of rows. */
function preview<R extends { rows: { issues: unknown[] }[]; content: string }>(report: R, o: PreviewOptions) {
  const { content: _content, rows, ...rest } = report;
  return { ...rest, ...pageRows(rows as never[], o.page, o.pageSize, o.onlyIssues), bytes: Buffer.byteLength(report.content, "utf8") };
}

export async function get606(ctx: Ctx, o: PreviewOptions) {
  const r = await build606(ctx, o.period);
  return preview(r, o) as Omit<typeof r, "content"> & ReturnType<typeof pageRows<(typeof r.rows)[number]>> & { bytes: number };
}

export async function get607(ctx: Ctx, o: PreviewOptions) {
  const r = await build607(ctx, o.period);
  // only the detail lines are rows (the summarized consumer invoices are the summary)
  const detail = { ...r, rows: r.rows.filter((x) => x.inDetail) };
  return preview(detail, o) as Omit<typeof r, "content"> & ReturnType<typeof pageRows<(typeof r.rows)[number]>> & { bytes: number };
}

export async function get608(ctx: Ctx, o: PreviewOptions) {
  const r = await build608(ctx, o.period);
  return preview(r, o) as Omit<typeof r, "content"> & ReturnType<typeof pageRows<(typeof r.rows)[number]>> & { bytes: number };
}

/** dgii.getTxt: the file, byte-exact, with its name DGII_F_<format>_<RNC>_<YYYYMM>.TXT. */
export async function getTxt(ctx: Ctx, input: { format: DgiiFormat; period: string }) {
  const report = input.format === "606" ? await build606(ctx, input.period) : input.format === "607" ? await build607(ctx, input.period) : await build608(ctx, input.period);
  return { fileName: report.fileName, content: report.content, count: report.header.count, errorCount: report.errorCount };
}

/** dgii.getIt1: ITBIS charged on sales (less credit notes), ITBIS paid on purchases (the 606), withheld amounts and the balance. */
export async function getIt1(ctx: Ctx, input: { period: string }) {
  const { tx, tenant } = ctx;
  const r = rangeOf(ctx, input.period);
  const [sales, notes, byRate, bills] = await Promise.all([
    tx.execute(sql`
      SELECT count(*)::int AS count, coalesce(sum(o.total - o.tax_total), 0)::text AS amount, coalesce(sum(o.tax_total), 0)::text AS itbis
        FROM orders o WHERE ${SALES_WHERE(tenant.id, r)}`),
    tx.execute(sql`
      SELECT count(*)::int AS count, coalesce(sum(n.subtotal), 0)::text AS amount, coalesce(sum(n.tax_total), 0)::text AS itbis,
             coalesce(sum(n.tax_total) FILTER (WHERE n.itbis_creditable), 0)::text AS creditable
        FROM credit_notes n
       WHERE n.tenant_id = ${tenant.id} AND n.business_date BETWEEN ${r.from}::date AND ${r.to}::date AND n.ncf IS NOT NULL`),
    tx.execute(sql`
      SELECT (CASE WHEN i.is_taxable THEN i.tax_rate ELSE 0 END)::numeric(7,2)::text AS rate,
             sum(i.base_amount - i.discount_amount)::text AS amount, sum(i.tax_amount)::text AS itbis
        FROM order_items i
        JOIN orders o ON o.tenant_id = i.tenant_id AND o.id = i.order_id
       WHERE ${SALES_WHERE(tenant.id, r)}
       GROUP BY 1 ORDER BY 1 DESC`),
    bills606(ctx, input.period),
  ]);
  const s = rowsOf<{ count: number; amount: string; itbis: string }>(sales)[0]!;
  const n = rowsOf<{ count: number; amount: string; itbis: string; creditable: string }>(notes)[0]!;
  const sum = (pick: (b: Bill606) => string | Big) => bills.reduce((acc, b) => acc.plus(toBig(pick(b).toString())), new Big(0)).toFixed(2);
  return {
    period: input.period,
    salesCount: Number(s.count),
    creditNotesCount: Number(n.count),
    purchasesCount: bills.length,
    ...it1Of({
      salesAmount: toBig(s.amount).toFixed(2),
      salesItbis: toBig(s.itbis).toFixed(2),
      creditNotesAmount: toBig(n.amount).toFixed(2),
      creditNotesItbis: toBig(n.itbis).toFixed(2),
      creditNotesCreditableItbis: toBig(n.creditable).toFixed(2),
      purchasesAmount: sum((b) => toBig(b.servicesAmount).plus(toBig(b.goodsAmount))),
      purchasesItbis: sum((b) => b.itbis),
      itbisWithheld: sum((b) => b.itbisWithheld),
      isrWithheld: sum((b) => b.isrWithheld),
      byRate: rowsOf<{ rate: string; amount: string; itbis: string }>(byRate).map((x) => ({ rate: toBig(x.rate).toFixed(2), amount: toBig(x.amount).toFixed(2), itbis: toBig(x.itbis).toFixed(2) })),
    }),
  };
}
