import { type SQL, sql } from "drizzle-orm";
import { CASH_METHOD_CODE } from "../../../shared/cashbox/cashbox";
import { toBig } from "../../../shared/catalog/decimal";
import { AGING_BUCKETS, type AgingBucket } from "../../../shared/invoices/schemas";
import { businessDate } from "../../../shared/platform/dates";
import { daysInPeriod, REPORT_MAX_DAYS, REPORT_MAX_ROWS, type ReportAsOfInput, type ReportPeriodInput, resolvePeriod } from "../../../shared/reports/schemas";
import { rowsOf, type Tx } from "../../db/client";
import { appError, notFound } from "../../trpc/errors";
import { getAging } from "../payables/service";
import type { PosContext } from "../pos/service";

/**
 * report.*: the reports area (issue 14 §7). Read-only, set-based SQL over the documents; money is
 * summed in SQL numeric and answered as decimal strings (totals added with big.js), never floats.
 *
 * Rules every sales report follows:
 * - A sale counts on its business date (the tenant's time zone) when it is completed; cancelled
 *   invoices (anuladas), drafts and discarded drafts count nothing (sales by day shows how many were
 *   cancelled, apart).
 * - Returns are the credit notes (notas de crédito, B04) issued in the period, on their own business
 *   date, whatever the invoice's date: they are their own column and net = sales − returns. A return
 *   is attributed to its invoice's product, category, seller, cash box, customer, warehouse and
 *   ITBIS rate; by payment method, to the way it was given back (cash, the card, store credit, or
 *   taken off what a credit sale still owed).
 * - "Base" is the amount before ITBIS and after discounts; "total" includes ITBIS.
 */

type Money = string;

interface Period {
  from: string;
  to: string;
  warehouse: { id: string; name: string } | null;
}

const today = (ctx: PosContext) => businessDate(new Date(), ctx.tenant.timezone);

async function warehouseOf(tx: Tx, tenantId: string, id: string | undefined) {
  if (!id) return null;
  const [w] = rowsOf<{ id: string; name: string }>(await tx.execute(sql`SELECT id, name FROM warehouses WHERE tenant_id = ${tenantId} AND id = ${id}`));
  if (!w) throw notFound();
  return w;
}

/** The period asked (this month by default) and its warehouse (another tenant's: NOT_FOUND). */
async function periodOf(ctx: PosContext, input: ReportPeriodInput): Promise<Period> {
  const { from, to } = resolvePeriod(input, today(ctx));
  if (from > to) throw appError("BAD_REQUEST", "reports:errors.dateRange");
  if (daysInPeriod(from, to) > REPORT_MAX_DAYS) throw appError("BAD_REQUEST", "reports:errors.rangeTooLong");
  return { from, to, warehouse: await warehouseOf(ctx.tx, ctx.tenant.id, input.warehouseId) };
}

/** Completed sales of the period (alias o). */
function salesWhere(tenantId: string, p: Period): SQL {
  return sql`o.tenant_id = ${tenantId} AND o.status = 'completed' AND o.business_date BETWEEN ${p.from}::date AND ${p.to}::date
    ${p.warehouse ? sql`AND o.warehouse_id = ${p.warehouse.id}` : sql``}`;
}

/** Credit notes of the period (alias n) with their invoice (alias o). */
function returnsWhere(tenantId: string, p: Period): SQL {
  return sql`n.tenant_id = ${tenantId} AND n.status <> 'rejected' AND n.business_date BETWEEN ${p.from}::date AND ${p.to}::date
    AND o.tenant_id = n.tenant_id AND o.id = n.order_id
    ${p.warehouse ? sql`AND o.warehouse_id = ${p.warehouse.id}` : sql``}`;
}

const m = (expr: SQL) => sql`coalesce(${expr}, 0)::numeric(18,2)::text`;
const q = (expr: SQL) => sql`coalesce(${expr}, 0)::numeric(18,4)::text`;

/** Adds the money columns of the rows with big.js. */
function totalsOf<K extends string>(rows: Record<K, unknown>[], keys: readonly K[], places = 2): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const k of keys) out[k] = rows.reduce((s, r) => s.plus(toBig(r[k] as string)), toBig(0)).toFixed(places);
  return out;
}

function capped<T>(rows: T[]) {
  return { rows: rows.slice(0, REPORT_MAX_ROWS), truncated: rows.length > REPORT_MAX_ROWS };
}

// ---------------------------------------------------------------- sales by day

export interface SalesByDayRow {
  date: string;
  invoices: number;
  base: Money;
  itbis: Money;
  total: Money;
  returnCount: number;
  returns: Money;
  net: Money;
  cancelledCount: number;
  cancelledTotal: Money;
}

/** report.getSalesByDay: every day of the period (days without sales too, for the chart). */
export async function salesByDay(ctx: PosContext, input: ReportPeriodInput) {
  const p = await periodOf(ctx, input);
  const t = ctx.tenant.id;
  const result = await ctx.tx.execute(sql`
    WITH s AS (
      SELECT o.business_date AS d, count(*) AS invoices, sum(o.subtotal - o.discount_total) AS base, sum(o.tax_total) AS itbis, sum(o.total) AS total
      FROM orders o WHERE ${salesWhere(t, p)} GROUP BY 1),
    c AS (
      SELECT o.business_date AS d, count(*) AS n, sum(o.total) AS total
      FROM orders o WHERE o.tenant_id = ${t} AND o.status = 'cancelled' AND o.business_date BETWEEN ${p.from}::date AND ${p.to}::date
        ${p.warehouse ? sql`AND o.warehouse_id = ${p.warehouse.id}` : sql``}
      GROUP BY 1),
    r AS (
      SELECT n.business_date AS d, count(*) AS n, sum(n.total) AS total
      FROM credit_notes n, orders o WHERE ${returnsWhere(t, p)} GROUP BY 1)
    SELECT g.d::date::text AS date, coalesce(s.invoices, 0)::int AS invoices, ${m(sql`s.base`)} AS base, ${m(sql`s.itbis`)} AS itbis, ${m(sql`s.total`)} AS total,
      coalesce(r.n, 0)::int AS "returnCount", ${m(sql`r.total`)} AS returns, ${m(sql`coalesce(s.total, 0) - coalesce(r.total, 0)`)} AS net,
      coalesce(c.n, 0)::int AS "cancelledCount", ${m(sql`c.total`)} AS "cancelledTotal"
    FROM generate_series(${p.from}::date, ${p.to}::date, interval '1 day') g(d)
    LEFT JOIN s ON s.d = g.d::date LEFT JOIN r ON r.d = g.d::date LEFT JOIN c ON c.d = g.d::date
    ORDER BY g.d`);
  const rows = rowsOf<SalesByDayRow>(result);
  const money = totalsOf(rows, ["base", "itbis", "total", "returns", "net", "cancelledTotal"] as const);
  const counts = { invoices: rows.reduce((s, r) => s + r.invoices, 0), returnCount: rows.reduce((s, r) => s + r.returnCount, 0), cancelledCount: rows.reduce((s, r) => s + r.cancelledCount, 0) };
  return { ...p, rows, totals: { ...money, ...counts } };
}

// ------------------------------------------------- sales by a dimension (lines)

interface LineSalesRow {
  id: string | null;
  name: string | null;
  quantity: string;
  returnedQuantity: string;
  invoices: number;
  base: Money;
  itbis: Money;
  total: Money;
  returns: Money;
  net: Money;
}

const LINE_MONEY = ["base", "itbis", "total", "returns", "net"] as const;

/**
 * Sales and returns of the period summed per key of the invoice line (a product, a category, a
 * seller): `key` is an SQL expression over o (orders), oi (order_items) and p (products), `label`
 * joins the key's name in; rows ordered by net sales, largest first.
 */
async function lineSales(ctx: PosContext, p: Period, key: SQL, label: (k: SQL) => SQL, extra: SQL = sql``) {
  const t = ctx.tenant.id;
  const result = await ctx.tx.execute(sql`
    WITH s AS (
      SELECT ${key} AS k, sum(oi.quantity) AS qty, count(DISTINCT o.id) AS invoices, sum(oi.base_amount - oi.discount_amount) AS base, sum(oi.tax_amount) AS itbis, sum(oi.total) AS total
      FROM orders o JOIN order_items oi ON oi.tenant_id = o.tenant_id AND oi.order_id = o.id
      JOIN products p ON p.tenant_id = oi.tenant_id AND p.id = oi.product_id
      WHERE ${salesWhere(t, p)} GROUP BY 1),
    r AS (
      SELECT ${key} AS k, sum(ci.quantity) AS qty, sum(ci.total) AS total
      FROM credit_notes n, orders o, credit_note_items ci, order_items oi, products p
      WHERE ${returnsWhere(t, p)} AND ci.tenant_id = n.tenant_id AND ci.credit_note_id = n.id
        AND oi.tenant_id = ci.tenant_id AND oi.id = ci.order_item_id AND p.tenant_id = oi.tenant_id AND p.id = oi.product_id
      GROUP BY 1),
    k AS (SELECT k FROM s UNION SELECT k FROM r)
    SELECT k.k::text AS id, x.name ${extra}, ${q(sql`s.qty`)} AS quantity, ${q(sql`r.qty`)} AS "returnedQuantity", coalesce(s.invoices, 0)::int AS invoices,
      ${m(sql`s.base`)} AS base, ${m(sql`s.itbis`)} AS itbis, ${m(sql`s.total`)} AS total, ${m(sql`r.total`)} AS returns,
      ${m(sql`coalesce(s.total, 0) - coalesce(r.total, 0)`)} AS net
    FROM k LEFT JOIN s ON s.k IS NOT DISTINCT FROM k.k LEFT JOIN r ON r.k IS NOT DISTINCT FROM k.k
    LEFT JOIN LATERAL (${label(sql`k.k`)}) x ON true
    ORDER BY coalesce(s.total, 0) - coalesce(r.total, 0) DESC, x.name NULLS LAST`);
  return result;
}

function lineReport<R extends LineSalesRow>(p: Period, all: R[]) {
  const totals = { ...totalsOf(all, LINE_MONEY), ...totalsOf(all, ["quantity", "returnedQuantity"] as const, 4) };
  return { ...p, ...capped(all), totals };
}

/** report.getSalesByProduct: per product (its current name, SKU and category). */
export async function salesByProduct(ctx: PosContext, input: ReportPeriodInput) {
  const p = await periodOf(ctx, input);
  const t = ctx.tenant.id;
  const result = await lineSales(
    ctx,
    p,
    sql`oi.product_id`,
    (k) => sql`SELECT pr.name, pr.sku, c.name AS category FROM products pr LEFT JOIN product_categories c ON c.tenant_id = pr.tenant_id AND c.id = pr.category_id WHERE pr.tenant_id = ${t} AND pr.id = ${k}`,
    sql`, x.sku, x.category`,
  );
  return lineReport(p, rowsOf<LineSalesRow & { sku: string; category: string | null }>(result));
}

/** report.getSalesByCategory: per the products' current category (null: without a category). */
export async function salesByCategory(ctx: PosContext, input: ReportPeriodInput) {
  const p = await periodOf(ctx, input);
  const t = ctx.tenant.id;
  const result = await lineSales(ctx, p, sql`p.category_id`, (k) => sql`SELECT c.name FROM product_categories c WHERE c.tenant_id = ${t} AND c.id = ${k}`);
  return lineReport(p, rowsOf<LineSalesRow>(result));
}

/**
 * report.getSalesBySeller: per seller: the employee credited on the line (POS), else the invoice's
 * seller (back-office invoices); null: sold without a seller.
 */
export async function salesBySeller(ctx: PosContext, input: ReportPeriodInput) {
  const p = await periodOf(ctx, input);
  const t = ctx.tenant.id;
  const result = await lineSales(
    ctx,
    p,
    sql`coalesce(oi.seller_employee_id, o.seller_employee_id)`,
    (k) => sql`SELECT e.name, e.code FROM employees e WHERE e.tenant_id = ${t} AND e.id = ${k}`,
    sql`, x.code`,
  );
  return lineReport(p, rowsOf<LineSalesRow & { code: string | null }>(result));
}

// ------------------------------------------ sales by a dimension (whole invoices)

interface DocSalesRow {
  id: string | null;
  name: string | null;
  invoices: number;
  base: Money;
  itbis: Money;
  total: Money;
  returns: Money;
  net: Money;
}

async function docSales(ctx: PosContext, p: Period, key: SQL, label: (k: SQL) => SQL, extra: SQL = sql``, extraSales: SQL = sql``) {
  const t = ctx.tenant.id;
  return ctx.tx.execute(sql`
    WITH s AS (
      SELECT ${key} AS k, count(*) AS invoices, sum(o.subtotal - o.discount_total) AS base, sum(o.tax_total) AS itbis, sum(o.total) AS total, sum(o.balance_due) AS balance
      FROM orders o LEFT JOIN cashbox_sessions cs ON cs.tenant_id = o.tenant_id AND cs.id = o.cashbox_session_id
      WHERE ${salesWhere(t, p)} GROUP BY 1),
    r AS (
      SELECT ${key} AS k, sum(n.total) AS total
      FROM credit_notes n JOIN orders o ON true LEFT JOIN cashbox_sessions cs ON cs.tenant_id = o.tenant_id AND cs.id = o.cashbox_session_id
      WHERE ${returnsWhere(t, p)} GROUP BY 1),
    k AS (SELECT k FROM s UNION SELECT k FROM r)
    SELECT k.k::text AS id, x.name ${extra}, coalesce(s.invoices, 0)::int AS invoices,
      ${m(sql`s.base`)} AS base, ${m(sql`s.itbis`)} AS itbis, ${m(sql`s.total`)} AS total, ${m(sql`r.total`)} AS returns,
      ${m(sql`coalesce(s.total, 0) - coalesce(r.total, 0)`)} AS net ${extraSales}
    FROM k LEFT JOIN s ON s.k IS NOT DISTINCT FROM k.k LEFT JOIN r ON r.k IS NOT DISTINCT FROM k.k
    LEFT JOIN LATERAL (${label(sql`k.k`)}) x ON true
    ORDER BY coalesce(s.total, 0) - coalesce(r.total, 0) DESC, x.name NULLS LAST`);
}

const DOC_MONEY = ["base", "itbis", "total", "returns", "net"] as const;

/** report.getSalesByCashbox: per cash box the sale was made at (null: no cash box, e.g. back-office invoices). */
export async function salesByCashbox(ctx: PosContext, input: ReportPeriodInput) {
  const p = await periodOf(ctx, input);
  const t = ctx.tenant.id;
  const all = rowsOf<DocSalesRow & { code: string | null }>(
    await docSales(ctx, p, sql`cs.cashbox_id`, (k) => sql`SELECT b.name, b.code FROM cashboxes b WHERE b.tenant_id = ${t} AND b.id = ${k}`, sql`, x.code`),
  );
  return { ...p, ...capped(all), totals: { ...totalsOf(all, DOC_MONEY), invoices: all.reduce((s, r) => s + r.invoices, 0) } };
}

/** report.getSalesByCustomer: per customer, with what those invoices of the period still owe. */
export async function salesByCustomer(ctx: PosContext, input: ReportPeriodInput) {
  const p = await periodOf(ctx, input);
  const t = ctx.tenant.id;
  const all = rowsOf<DocSalesRow & { code: string; taxId: string | null; balance: Money }>(
    await docSales(
      ctx,
      p,
      sql`o.customer_id`,
      (k) => sql`SELECT c.name, c.code, c.tax_id FROM customers c WHERE c.tenant_id = ${t} AND c.id = ${k}`,
      sql`, x.code, x.tax_id AS "taxId"`,
      sql`, ${m(sql`s.balance`)} AS balance`,
    ),
  );
  return { ...p, ...capped(all), totals: { ...totalsOf(all, [...DOC_MONEY, "balance"] as const), invoices: all.reduce((s, r) => s + r.invoices, 0) } };
}

// ------------------------------------------------------------ by payment method

export interface PaymentMethodRow {
  id: string;
  code: string;
  name: string;
  invoices: number;
  amount: Money;
  refunds: Money;
  net: Money;
}

/**
 * report.getSalesByPaymentMethod: how the period's sales were tendered. A sale's tender is what was
 * written with it: its payments (cash net of the change given) and, on a credit sale, the amount
 * left owed (the CREDIT method); payments collected later on a credit sale are collections of the
 * receivable, not sales, and are left out. Refunds are the period's credit notes by the way they
 * were given back: cash, the card, store credit (the CREDIT_NOTE method) or taken off what the
 * invoice still owed (CREDIT). So the methods add up to the sales total and, net, to net sales.
 */
export async function salesByPaymentMethod(ctx: PosContext, input: ReportPeriodInput) {
  const p = await periodOf(ctx, input);
  const t = ctx.tenant.id;
  const result = await ctx.tx.execute(sql`
    WITH sale AS (SELECT o.id, o.change_amount FROM orders o WHERE ${salesWhere(t, p)}),
    credit_at AS (
      SELECT pp.order_id, min(pp.created_at) AS at FROM order_payments pp JOIN sale ON sale.id = pp.order_id
      WHERE pp.tenant_id = ${t} AND pp.status = 'pending' GROUP BY 1),
    cash AS (SELECT id FROM payment_methods WHERE tenant_id = ${t} AND upper(code) = ${CASH_METHOD_CODE} LIMIT 1),
    tender AS (
      SELECT pp.order_id, pp.payment_method_id AS method, pp.base_amount AS amount
      FROM order_payments pp JOIN sale ON sale.id = pp.order_id LEFT JOIN credit_at ca ON ca.order_id = pp.order_id
      WHERE pp.tenant_id = ${t} AND (pp.status = 'pending' OR (pp.status = 'completed' AND (ca.at IS NULL OR pp.created_at <= ca.at)))
      UNION ALL
      SELECT sale.id, cash.id, -sale.change_amount FROM sale, cash WHERE sale.change_amount > 0),
    paid AS (SELECT method, count(DISTINCT order_id) AS invoices, sum(amount) AS amount FROM tender GROUP BY 1),
    refund AS (
      SELECT x.method, sum(x.amount) AS amount FROM (
        SELECT CASE n.refund_method WHEN 'cash' THEN (SELECT id FROM cash) WHEN 'card' THEN n.refund_payment_method_id
          ELSE (SELECT id FROM payment_methods WHERE tenant_id = ${t} AND upper(code) = 'CREDIT_NOTE' LIMIT 1) END AS method,
          n.refund_amount AS amount
        FROM credit_notes n, orders o WHERE ${returnsWhere(t, p)} AND n.refund_amount > 0
        UNION ALL
        SELECT (SELECT id FROM payment_methods WHERE tenant_id = ${t} AND upper(code) = 'CREDIT' LIMIT 1), n.applied_amount
        FROM credit_notes n, orders o WHERE ${returnsWhere(t, p)} AND n.applied_amount > 0) x
      GROUP BY 1),
    k AS (SELECT method FROM paid UNION SELECT method FROM refund)
    SELECT k.method::text AS id, coalesce(pm.code, '') AS code, coalesce(pm.name, '') AS name, coalesce(paid.invoices, 0)::int AS invoices,
      ${m(sql`paid.amount`)} AS amount, ${m(sql`refund.amount`)} AS refunds, ${m(sql`coalesce(paid.amount, 0) - coalesce(refund.amount, 0)`)} AS net
    FROM k LEFT JOIN paid ON paid.method IS NOT DISTINCT FROM k.method LEFT JOIN refund ON refund.method IS NOT DISTINCT FROM k.method
    LEFT JOIN payment_methods pm ON pm.tenant_id = ${t} AND pm.id = k.method
    ORDER BY pm."order" NULLS LAST, pm.name`);
  const rows = rowsOf<PaymentMethodRow>(result);
  return { ...p, rows, totals: totalsOf(rows, ["amount", "refunds", "net"] as const) };
}

// ----------------------------------------------------------------- ITBIS by rate

export interface ItbisRateRow {
  rate: string;
  exempt: boolean;
  lines: number;
  base: Money;
  itbis: Money;
  total: Money;
  returnsBase: Money;
  returnsItbis: Money;
  netBase: Money;
  netItbis: Money;
}

/**
 * report.getItbisByRate: per ITBIS rate of the invoice lines (18%, 16%, exempt…): the taxable base
 * (after discounts) and ITBIS charged, what the period's credit notes took back at that rate, and
 * the net (what the IT-1 declares for sales).
 */
export async function itbisByRate(ctx: PosContext, input: ReportPeriodInput) {
  const p = await periodOf(ctx, input);
  const t = ctx.tenant.id;
  const rate = sql`CASE WHEN oi.is_taxable THEN oi.tax_rate ELSE 0 END`;
  const result = await ctx.tx.execute(sql`
    WITH s AS (
      SELECT ${rate} AS rate, count(*) AS lines, sum(oi.base_amount - oi.discount_amount) AS base, sum(oi.tax_amount) AS itbis, sum(oi.total) AS total
      FROM orders o JOIN order_items oi ON oi.tenant_id = o.tenant_id AND oi.order_id = o.id
      WHERE ${salesWhere(t, p)} GROUP BY 1),
    r AS (
      SELECT ${rate} AS rate, sum(ci.subtotal) AS base, sum(ci.tax_amount) AS itbis
      FROM credit_notes n, orders o, credit_note_items ci, order_items oi
      WHERE ${returnsWhere(t, p)} AND ci.tenant_id = n.tenant_id AND ci.credit_note_id = n.id AND oi.tenant_id = ci.tenant_id AND oi.id = ci.order_item_id
      GROUP BY 1),
    k AS (SELECT rate FROM s UNION SELECT rate FROM r)
    SELECT k.rate::numeric(5,2)::text AS rate, (k.rate = 0) AS exempt, coalesce(s.lines, 0)::int AS lines,
      ${m(sql`s.base`)} AS base, ${m(sql`s.itbis`)} AS itbis, ${m(sql`s.total`)} AS total,
      ${m(sql`r.base`)} AS "returnsBase", ${m(sql`r.itbis`)} AS "returnsItbis",
      ${m(sql`coalesce(s.base, 0) - coalesce(r.base, 0)`)} AS "netBase", ${m(sql`coalesce(s.itbis, 0) - coalesce(r.itbis, 0)`)} AS "netItbis"
    FROM k LEFT JOIN s ON s.rate = k.rate LEFT JOIN r ON r.rate = k.rate
    ORDER BY k.rate DESC`);
  const rows = rowsOf<ItbisRateRow>(result);
  return { ...p, rows, totals: totalsOf(rows, ["base", "itbis", "total", "returnsBase", "returnsItbis", "netBase", "netItbis"] as const) };
}

// ----------------------------------------------------------- inventory valuation

export interface ValuationRow {
  id: string;
  sku: string;
  name: string;
  category: string | null;
  quantity: string;
  unitCost: Money;
  value: Money;
}

/**
 * report.getInventoryValuation: the stock of every product (goods, not services) on `asOf` at its
 * current cost: today from the stock table, an earlier date from the append-only stock ledger up to
 * the end of that day in the tenant's time zone. One warehouse or all of them added up. Rows with no
 * stock are left out; negative stock is shown (it needs a count).
 */
export async function inventoryValuation(ctx: PosContext, input: ReportAsOfInput) {
  const t = ctx.tenant.id;
  const now = today(ctx);
  const asOf = input.asOf ?? now;
  const warehouse = await warehouseOf(ctx.tx, t, input.warehouseId);
  const w = (col: SQL) => (warehouse ? sql`AND ${col} = ${warehouse.id}` : sql``);
  const stock =
    asOf >= now
      ? sql`SELECT ps.product_id, sum(ps.current_quantity) AS qty FROM product_stock ps WHERE ps.tenant_id = ${t} ${w(sql`ps.warehouse_id`)} GROUP BY 1`
      : sql`SELECT l.product_id, sum(l.quantity) AS qty FROM stock_ledger l
          WHERE l.tenant_id = ${t} AND l.created_at < ((${asOf}::date + 1)::timestamp AT TIME ZONE ${ctx.tenant.timezone}) ${w(sql`l.warehouse_id`)} GROUP BY 1`;
  const result = await ctx.tx.execute(sql`
    WITH q AS (${stock}),
    v AS (
      SELECT pr.id, pr.sku, pr.name, c.name AS category, q.qty, pr.cost_price, round(q.qty * pr.cost_price, 2) AS value
      FROM q JOIN products pr ON pr.tenant_id = ${t} AND pr.id = q.product_id
      LEFT JOIN product_categories c ON c.tenant_id = pr.tenant_id AND c.id = pr.category_id
      WHERE q.qty <> 0 AND pr.product_type = 'product')
    SELECT v.id::text AS id, v.sku, v.name, v.category, ${q(sql`v.qty`)} AS quantity, ${m(sql`v.cost_price`)} AS "unitCost", ${m(sql`v.value`)} AS value,
      count(*) OVER ()::int AS "rowCount", ${m(sql`sum(v.value) OVER ()`)} AS "totalValue", ${q(sql`sum(v.qty) OVER ()`)} AS "totalQuantity"
    FROM v ORDER BY v.value DESC, v.name LIMIT ${REPORT_MAX_ROWS}`);
  const raw = rowsOf<ValuationRow & { rowCount: number; totalValue: string; totalQuantity: string }>(result);
  const rows = raw.map(({ rowCount: _c, totalValue: _v, totalQuantity: _q, ...r }) => r);
  const first = raw[0];
  return {
    asOf,
    warehouse,
    rows,
    truncated: (first?.rowCount ?? 0) > rows.length,
    totals: { products: first?.rowCount ?? 0, quantity: first?.totalQuantity ?? "0.0000", value: first?.totalValue ?? "0.00" },
  };
}

// ---------------------------------------------------------------------- aging

type Buckets = Record<AgingBucket, Money>;
const zeroBuckets = () => Object.fromEntries(AGING_BUCKETS.map((b) => [b, "0.00"])) as Buckets;

/**
 * The SQL twin of agingBucketOf (src/shared/invoices/schemas.ts), the rule customer.getStatement
 * uses: days past the due date on `asOf`; not yet due or no due date is current. The report test
 * checks both agree.
 */
const bucketSql = (asOf: string) => sql`CASE
  WHEN o.due_date IS NULL OR o.due_date >= ${asOf}::date THEN 'current'
  WHEN ${asOf}::date - o.due_date <= 30 THEN 'd1_30'
  WHEN ${asOf}::date - o.due_date <= 60 THEN 'd31_60'
  WHEN ${asOf}::date - o.due_date <= 90 THEN 'd61_90'
  ELSE 'd90_plus' END`;

export interface ReceivableRow {
  id: string;
  code: string;
  name: string;
  taxId: string | null;
  invoices: number;
  buckets: Buckets;
  total: Money;
}

/**
 * report.getReceivablesAging: what customers owe on `asOf`, per customer in the five buckets, by
 * customer.getStatement's rules (completed invoices with a balance due; a cancelled invoice owes
 * nothing), for the invoices issued up to `asOf`, of one warehouse or all.
 */
export async function receivablesAging(ctx: PosContext, input: ReportAsOfInput) {
  const t = ctx.tenant.id;
  const asOf = input.asOf ?? today(ctx);
  const warehouse = await warehouseOf(ctx.tx, t, input.warehouseId);
  const result = await ctx.tx.execute(sql`
    SELECT x.customer_id::text AS id, c.code, c.name, c.tax_id AS "taxId", x.bucket, ${m(sql`sum(x.balance_due)`)} AS amount, count(*)::int AS n
    FROM (SELECT o.customer_id, ${bucketSql(asOf)} AS bucket, o.balance_due FROM orders o
      WHERE o.tenant_id = ${t} AND o.status = 'completed' AND o.balance_due > 0 AND o.business_date <= ${asOf}::date
      ${warehouse ? sql`AND o.warehouse_id = ${warehouse.id}` : sql``}) x
    JOIN customers c ON c.tenant_id = ${t} AND c.id = x.customer_id
    GROUP BY x.customer_id, c.code, c.name, c.tax_id, x.bucket`);
  const byCustomer = new Map<string, ReceivableRow>();
  for (const r of rowsOf<{ id: string; code: string; name: string; taxId: string | null; bucket: AgingBucket; amount: string; n: number }>(result)) {
    const row = byCustomer.get(r.id) ?? { id: r.id, code: r.code, name: r.name, taxId: r.taxId, invoices: 0, buckets: zeroBuckets(), total: "0.00" };
    row.buckets[r.bucket] = toBig(row.buckets[r.bucket]).plus(r.amount).toFixed(2);
    row.total = toBig(row.total).plus(r.amount).toFixed(2);
    row.invoices += r.n;
    byCustomer.set(r.id, row);
  }
  const rows = [...byCustomer.values()].sort((a, b) => a.name.localeCompare(b.name, "es"));
  return { asOf, warehouse, rows, totals: agingTotals(rows) };
}

function agingTotals(rows: { buckets: Buckets; total: Money; invoices: number }[]) {
  const buckets = zeroBuckets();
  for (const b of AGING_BUCKETS) buckets[b] = rows.reduce((s, r) => s.plus(r.buckets[b]), toBig(0)).toFixed(2);
  return { buckets, total: rows.reduce((s, r) => s.plus(r.total), toBig(0)).toFixed(2), invoices: rows.reduce((s, r) => s + r.invoices, 0) };
}

/**
 * report.getPayablesAging: payable.getAging (src/server/modules/payables/service.ts), the one
 * supplier aging, in the reports' shape. Supplier bills belong to no warehouse: the filter does not apply.
 */
export async function payablesAging(ctx: PosContext, input: ReportAsOfInput) {
  const aging = await getAging(ctx, { asOf: input.asOf });
  const rows = aging.providers.map((r) => ({ id: r.provider.id, code: r.provider.code, name: r.provider.name, invoices: r.billCount, buckets: r.buckets, total: r.total }));
  return { asOf: aging.asOf, warehouse: null, rows, totals: { buckets: aging.totals, total: aging.total, invoices: aging.billCount } };
}
