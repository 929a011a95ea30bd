import { type SQL, sql } from "drizzle-orm";
import { Big, toBig } from "../../../shared/catalog/decimal";
import { rowsOf, type Tx } from "../../db/client";
import { booksFor, loadBooks, writeEntry } from "./books";
import {
  type BillPaymentDoc,
  type Books,
  billPaymentEntry,
  type CashDifferenceDoc,
  type CreditNoteDoc,
  cashDifferenceEntry,
  creditNoteEntry,
  type EntryDraft,
  type InvoicePaymentDoc,
  invoicePaymentEntry,
  paymentReversalEntry,
  type SaleDoc,
  type StockMovementDoc,
  type SupplierBillDoc,
  saleEntry,
  stockMovementEntry,
  supplierBillEntry,
} from "./postings";
import { reverseEntry, reverseSources } from "./service";

/**
 * The documents as the postings read them, loaded from their tables: by the document's own
 * transaction right after it wrote them (posting), or for a date range (the rebuild check). One
 * loader per kind, so a posting and its rebuild read the same figures.
 */
export type Scope = { ids: string[] } | { from: string; to: string };

function within(scope: Scope, idColumn: SQL, dateColumn: SQL): SQL {
  return "ids" in scope ? sql`${idColumn} = ANY(${`{${scope.ids.join(",")}}`}::uuid[])` : sql`${dateColumn} BETWEEN ${scope.from}::date AND ${scope.to}::date`;
}

const tzDate = (column: SQL, tenantId: string) => sql`(${column} AT TIME ZONE (SELECT timezone FROM tenants WHERE id = ${tenantId}))::date`;

/**
 * Sales as issued: the payments made with the sale (written in its transaction, so with its
 * created_at) and what was owed after them, whatever was paid or cancelled since.
 */
export async function loadSales(tx: Tx, tenantId: string, scope: Scope): Promise<SaleDoc[]> {
  const rows = rowsOf<{ id: string; number: string; date: string; cancelled_on: string | null; warehouse_id: string; total: string; lines: unknown; payments: unknown }>(
    await tx.execute(sql`
      SELECT o.id, o.number, o.business_date::text AS date, o.warehouse_id, o.total::text AS total,
        CASE WHEN o.status = 'cancelled' THEN ${tzDate(sql`o.cancelled_at`, tenantId)}::text END AS cancelled_on,
        (SELECT coalesce(jsonb_agg(jsonb_build_object('productType', coalesce(p.product_type, 'product'), 'total', i.total::text, 'taxAmount', i.tax_amount::text, 'taxRate', i.tax_rate::text, 'quantity', i.quantity::text, 'costPrice', coalesce(i.cost_price, 0)::text) ORDER BY i.line_no), '[]')
          FROM order_items i LEFT JOIN products p ON p.tenant_id = i.tenant_id AND p.id = i.product_id
          WHERE i.tenant_id = o.tenant_id AND i.order_id = o.id) AS lines,
        (SELECT coalesce(jsonb_agg(jsonb_build_object('methodId', pm.id, 'code', upper(m.code), 'amount', pm.base_amount::text) ORDER BY pm.id), '[]')
          FROM order_payments pm JOIN payment_methods m ON m.tenant_id = pm.tenant_id AND m.id = pm.payment_method_id
          WHERE pm.tenant_id = o.tenant_id AND pm.order_id = o.id AND pm.created_at = o.created_at AND pm.status <> 'pending') AS payments
      FROM orders o
      WHERE o.tenant_id = ${tenantId} AND o.status IN ('completed', 'cancelled') AND ${within(scope, sql`o.id`, sql`o.business_date`)}`),
  );
  return rows.map((r) => {
    const payments = (typeof r.payments === "string" ? JSON.parse(r.payments) : r.payments) as { methodId: string; code: string; amount: string }[];
    const lines = (typeof r.lines === "string" ? JSON.parse(r.lines) : r.lines) as SaleDoc["lines"];
    return { ...saleFigures(r.total, payments), id: r.id, number: r.number, date: r.date, cancelledOn: r.cancelled_on, warehouseId: r.warehouse_id, total: r.total, tip: "0", lines, payments };
  });
}

/** The change and what stays owed of a sale, from its total and the payments made with it. */
export function saleFigures(total: string, payments: { amount: string }[]) {
  const paid = payments.reduce((sum, p) => sum.plus(p.amount), new Big(0));
  const t = toBig(total);
  return { changeAmount: (paid.gt(t) ? paid.minus(t) : new Big(0)).toFixed(2), balanceDue: (paid.lt(t) ? t.minus(paid) : new Big(0)).toFixed(2) };
}

/** Payments recorded on invoices after the sale (at the sale they are in the sale's entry). */
export async function loadInvoicePayments(tx: Tx, tenantId: string, scope: Scope): Promise<InvoicePaymentDoc[]> {
  const rows = rowsOf<{ id: string; number: string; date: string; cancelled_on: string | null; method_id: string; code: string; amount: string }>(
    await tx.execute(sql`
      SELECT pm.id, o.number, ${tzDate(sql`pm.created_at`, tenantId)}::text AS date,
        CASE WHEN pm.status = 'cancelled' THEN coalesce(${tzDate(sql`o.cancelled_at`, tenantId)}, ${tzDate(sql`pm.created_at`, tenantId)})::text END AS cancelled_on, pm.payment_method_id AS method_id, upper(m.code) AS code, pm.base_amount::text AS amount
      FROM order_payments pm
      JOIN orders o ON o.tenant_id = pm.tenant_id AND o.id = pm.order_id
      JOIN payment_methods m ON m.tenant_id = pm.tenant_id AND m.id = pm.payment_method_id
      WHERE pm.tenant_id = ${tenantId} AND pm.created_at > o.created_at AND pm.status <> 'pending'
        AND ${within(scope, sql`pm.id`, tzDate(sql`pm.created_at`, tenantId))}`),
  );
  return rows.map((r) => ({ id: r.id, invoiceNumber: r.number, date: r.date, cancelledOn: r.cancelled_on, methodId: r.method_id, code: r.code, amount: r.amount }));
}

export async function loadCreditNotes(tx: Tx, tenantId: string, scope: Scope): Promise<CreditNoteDoc[]> {
  const rows = rowsOf<{ id: string; number: string; invoice: string; date: string; warehouse_id: string; applied: string; refund: string; refund_method: string; method_id: string | null; code: string | null; lines: unknown }>(
    await tx.execute(sql`
      SELECT n.id, n.number, o.number AS invoice, n.business_date::text AS date, n.warehouse_id, n.applied_amount::text AS applied, n.refund_amount::text AS refund, n.refund_method,
        coalesce(n.refund_payment_method_id, cm.id) AS method_id, upper(coalesce(rm.code, cm.code)) AS code,
        (SELECT coalesce(jsonb_agg(jsonb_build_object('productType', coalesce(p.product_type, 'product'), 'subtotal', ci.subtotal::text, 'taxAmount', ci.tax_amount::text, 'taxRate', oi.tax_rate::text, 'quantity', ci.quantity::text, 'costPrice', coalesce(oi.cost_price, 0)::text) ORDER BY ci.line_no), '[]')
          FROM credit_note_items ci
          JOIN order_items oi ON oi.tenant_id = ci.tenant_id AND oi.id = ci.order_item_id
          LEFT JOIN products p ON p.tenant_id = ci.tenant_id AND p.id = ci.product_id
          WHERE ci.tenant_id = n.tenant_id AND ci.credit_note_id = n.id) AS lines
      FROM credit_notes n
      JOIN orders o ON o.tenant_id = n.tenant_id AND o.id = n.order_id
      LEFT JOIN payment_methods rm ON rm.tenant_id = n.tenant_id AND rm.id = n.refund_payment_method_id
      LEFT JOIN LATERAL (SELECT id, code FROM payment_methods WHERE tenant_id = n.tenant_id AND upper(code) = 'CASH' ORDER BY created_at LIMIT 1) cm ON n.refund_method = 'cash'
      WHERE n.tenant_id = ${tenantId} AND ${within(scope, sql`n.id`, sql`n.business_date`)}`),
  );
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    invoiceNumber: r.invoice,
    date: r.date,
    warehouseId: r.warehouse_id,
    appliedAmount: r.applied,
    refundAmount: r.refund,
    refund: r.refund_method === "store_credit" || !r.method_id || !r.code ? null : { methodId: r.method_id, code: r.code },
    lines: (typeof r.lines === "string" ? JSON.parse(r.lines) : r.lines) as CreditNoteDoc["lines"],
  }));
}

export async function loadCashDifferences(tx: Tx, tenantId: string, scope: Scope): Promise<CashDifferenceDoc[]> {
  const rows = rowsOf<{ id: string; number: string; date: string; closing: unknown }>(
    await tx.execute(sql`
      SELECT s.id, c.name AS number, ${tzDate(sql`s.closed_at`, tenantId)}::text AS date,
        (SELECT coalesce(jsonb_agg(jsonb_build_object('methodId', l->>'paymentMethodId', 'code', upper(m.code), 'difference', l->>'difference')), '[]')
          FROM jsonb_array_elements(s.closing) l JOIN payment_methods m ON m.tenant_id = s.tenant_id AND m.id = (l->>'paymentMethodId')::uuid
          WHERE coalesce((l->>'difference')::numeric, 0) <> 0) AS closing
      FROM cashbox_sessions s JOIN cashboxes c ON c.tenant_id = s.tenant_id AND c.id = s.cashbox_id
      WHERE s.tenant_id = ${tenantId} AND s.status = 'closed' AND s.closing IS NOT NULL AND ${within(scope, sql`s.id`, tzDate(sql`s.closed_at`, tenantId))}`),
  );
  return rows.map((r) => ({ id: r.id, number: r.number, date: r.date, differences: (typeof r.closing === "string" ? JSON.parse(r.closing) : r.closing) as CashDifferenceDoc["differences"] }));
}

export async function loadSupplierBills(tx: Tx, tenantId: string, scope: Scope): Promise<SupplierBillDoc[]> {
  const rows = rowsOf<SupplierBillDoc & { from_receipt: boolean }>(
    await tx.execute(sql`
      SELECT id, number, ncf, ncf_date::text AS date, CASE WHEN status = 'cancelled' THEN ${tzDate(sql`cancelled_at`, tenantId)}::text END AS "cancelledOn", expense_type AS "expenseType", receipt_id IS NOT NULL AS from_receipt,
        goods_amount::text AS "goodsAmount", services_amount::text AS "servicesAmount", itbis::text AS itbis,
        itbis_withheld::text AS "itbisWithheld", isr_withheld::text AS "isrWithheld", payable::text AS payable
      FROM supplier_bills WHERE tenant_id = ${tenantId} AND ${within(scope, sql`id`, sql`ncf_date`)}`),
  );
  return rows.map(({ from_receipt, ...r }) => ({ ...r, fromReceipt: from_receipt }));
}

export async function loadBillPayments(tx: Tx, tenantId: string, scope: Scope): Promise<BillPaymentDoc[]> {
  return rowsOf<BillPaymentDoc>(
    await tx.execute(sql`
      SELECT p.id, b.number AS "billNumber", p.paid_on::text AS date, CASE WHEN p.status = 'reversed' THEN ${tzDate(sql`p.reversed_at`, tenantId)}::text END AS "cancelledOn", p.payment_method_id AS "methodId", upper(m.code) AS code, p.amount::text AS amount
      FROM supplier_bill_payments p
      JOIN supplier_bills b ON b.tenant_id = p.tenant_id AND b.id = p.bill_id
      JOIN payment_methods m ON m.tenant_id = p.tenant_id AND m.id = p.payment_method_id
      WHERE p.tenant_id = ${tenantId} AND ${within(scope, sql`p.id`, sql`p.paid_on`)}`),
  );
}

/** Purchase receipts and completed warehouse movements, valued at their lines' cost. */
export async function loadStockMovements(tx: Tx, tenantId: string, scope: Scope): Promise<StockMovementDoc[]> {
  const receipts = rowsOf<{ id: string; number: string; date: string; warehouse_id: string; value: string }>(
    await tx.execute(sql`
      SELECT r.id, po.number, ${tzDate(sql`r.created_at`, tenantId)}::text AS date, r.warehouse_id,
        (SELECT coalesce(sum(l.quantity * l.unit_cost), 0)::text FROM purchase_receipt_lines l WHERE l.tenant_id = r.tenant_id AND l.receipt_id = r.id) AS value
      FROM purchase_receipts r JOIN purchase_orders po ON po.tenant_id = r.tenant_id AND po.id = r.order_id
      WHERE r.tenant_id = ${tenantId} AND ${within(scope, sql`r.id`, tzDate(sql`r.created_at`, tenantId))}`),
  );
  const movements = rowsOf<{ id: string; number: string; date: string; cancelled_on: string | null; type: string; warehouse_id: string; destination_warehouse_id: string | null; value: string }>(
    await tx.execute(sql`
      SELECT m.id, m.number, m.date::text AS date, m.type, CASE WHEN m.cancelled_at IS NOT NULL THEN ${tzDate(sql`m.cancelled_at`, tenantId)}::text END AS cancelled_on, m.warehouse_id, m.destination_warehouse_id,
        (SELECT coalesce(sum(g.quantity * coalesce(l.cost, 0)), 0)::text
          FROM stock_ledger g JOIN warehouse_movement_lines l ON l.tenant_id = g.tenant_id AND l.movement_id = m.id AND l.product_id = g.product_id
          WHERE g.tenant_id = m.tenant_id AND g.source_type = 'movement' AND g.source_id = m.id AND g.warehouse_id = m.warehouse_id) AS value
      FROM warehouse_movements m
      WHERE m.tenant_id = ${tenantId} AND m.completed_at IS NOT NULL AND ${within(scope, sql`m.id`, sql`m.date`)}`),
  );
  return [
    ...receipts.map((r) => ({ id: r.id, number: r.number, date: r.date, kind: "purchase_receipt", warehouseId: r.warehouse_id, destinationWarehouseId: null, lines: [{ value: r.value }] })),
    ...movements.map((m) => ({ id: m.id, number: m.number, date: m.date, cancelledOn: m.cancelled_on, kind: m.type, warehouseId: m.warehouse_id, destinationWarehouseId: m.destination_warehouse_id, lines: [{ value: m.value }] })),
  ];
}

/** Every kind of document with its loader and its posting, by source type. */
export const POSTED_DOCUMENTS = {
  sale: { load: loadSales, build: saleEntry },
  invoice_payment: { load: loadInvoicePayments, build: invoicePaymentEntry },
  credit_note: { load: loadCreditNotes, build: creditNoteEntry },
  cash_difference: { load: loadCashDifferences, build: cashDifferenceEntry },
  supplier_bill: { load: loadSupplierBills, build: supplierBillEntry },
  bill_payment: { load: loadBillPayments, build: billPaymentEntry },
  stock_movement: { load: loadStockMovements, build: stockMovementEntry },
} as const satisfies Record<string, { load: (tx: Tx, tenantId: string, scope: Scope) => Promise<{ id: string; date: string; cancelledOn?: string | null }[]>; build: (doc: never, books: Books) => EntryDraft | null }>;
export type PostedKind = keyof typeof POSTED_DOCUMENTS;

/**
 * Posts a document just written in this transaction: loads it, builds its entry and writes it
 * (nothing when accounting is off; a closed period refuses the document with it).
 */
export async function postDocument(tx: Tx, tenantId: string, userId: string, kind: PostedKind, id: string): Promise<void> {
  const { load, build } = POSTED_DOCUMENTS[kind] as { load: (tx: Tx, tenantId: string, scope: Scope) => Promise<{ id: string; date: string }[]>; build: (doc: unknown, books: Books) => EntryDraft | null };
  const [doc] = await load(tx, tenantId, { ids: [id] });
  if (!doc) return;
  const books = await booksFor(tx, tenantId, doc.date);
  if (!books) return;
  await writeEntry(tx, build(doc, books), { tenantId, userId });
}

/** A payment made with the sale and voided later: it is owed again (its own entry, if it had one, is reversed). */
export async function postPaymentReversal(tx: Tx, tenantId: string, userId: string, paymentId: string, date: string): Promise<void> {
  const [own] = rowsOf<{ id: string }>(await tx.execute(sql`SELECT id FROM journal_entries WHERE tenant_id = ${tenantId} AND source_type = 'invoice_payment' AND source_id = ${paymentId} LIMIT 1`));
  if (own) return reverseSources(tx, tenantId, userId, [{ type: "invoice_payment", ids: [paymentId] }], date);
  const [doc] = rowsOf<InvoicePaymentDoc>(
    await tx.execute(sql`
      SELECT pm.id, o.number AS "invoiceNumber", ${date}::text AS date, pm.payment_method_id AS "methodId", upper(m.code) AS code, pm.base_amount::text AS amount
      FROM order_payments pm JOIN orders o ON o.tenant_id = pm.tenant_id AND o.id = pm.order_id JOIN payment_methods m ON m.tenant_id = pm.tenant_id AND m.id = pm.payment_method_id
      WHERE pm.tenant_id = ${tenantId} AND pm.id = ${paymentId}`),
  );
  if (!doc) return;
  const books = await booksFor(tx, tenantId, date);
  if (!books) return;
  await writeEntry(tx, paymentReversalEntry(doc, books), { tenantId, userId });
}

/**
 * The entries of documents that have none yet, in a date range (accounting.initialize runs it for
 * the current year, so a business that starts its books mid-year has them from January): each
 * document's entry on its date and, for a document cancelled since, its reversal on that day.
 */
export async function postMissing(tx: Tx, tenantId: string, userId: string, scope: { from: string; to: string }): Promise<number> {
  const { books } = await loadBooks(tx, tenantId, scope.to);
  if (!books) return 0;
  const have = new Set(
    rowsOf<{ k: string }>(await tx.execute(sql`SELECT source_type || ':' || source_id AS k FROM journal_entries WHERE tenant_id = ${tenantId} AND source_id IS NOT NULL`)).map((r) => r.k),
  );
  let posted = 0;
  for (const kind of Object.keys(POSTED_DOCUMENTS) as PostedKind[]) {
    const { load, build } = POSTED_DOCUMENTS[kind] as unknown as { load: (tx: Tx, tenantId: string, scope: Scope) => Promise<{ id: string; date: string; cancelledOn?: string | null }[]>; build: (doc: unknown, books: Books) => EntryDraft | null };
    for (const doc of await load(tx, tenantId, scope)) {
      if (have.has(`${kind}:${doc.id}`)) continue;
      const id = await writeEntry(tx, build(doc, books), { tenantId, userId });
      if (!id) continue;
      posted++;
      if (doc.cancelledOn) await reverseEntry(tx, tenantId, userId, id, doc.cancelledOn);
    }
  }
  return posted;
}

/**
 * The goods already on the shelves when the books start (accounting.initialize): one entry dated
 * the first day posted, bringing each inventory account to the value of its warehouses' stock
 * now (quantity × the product's cost) against accumulated results, after the year's documents
 * were posted. A product's opening stock is not a document, so without it inventory would show
 * only what the year's sales took out.
 */
export async function postOpeningInventory(tx: Tx, tenantId: string, userId: string, date: string, number: () => Promise<string>): Promise<void> {
  const { books } = await loadBooks(tx, tenantId, date);
  if (!books) return;
  const rows = rowsOf<{ account_id: string; value: string; balance: string }>(
    await tx.execute(sql`
      WITH stock AS (
        SELECT coalesce(m.account_id, d.account_id) AS account_id, sum(s.current_quantity * coalesce(p.cost_price, 0)) AS value
        FROM product_stock s
        JOIN products p ON p.tenant_id = s.tenant_id AND p.id = s.product_id AND p.product_type = 'product'
        LEFT JOIN account_mappings m ON m.tenant_id = s.tenant_id AND m.key = 'warehouse:' || s.warehouse_id
        JOIN account_mappings d ON d.tenant_id = s.tenant_id AND d.key = 'inventory'
        WHERE s.tenant_id = ${tenantId}
        GROUP BY 1
      )
      SELECT st.account_id, round(st.value, 2)::text AS value,
        coalesce((SELECT sum(l.debit - l.credit) FROM journal_lines l WHERE l.tenant_id = ${tenantId} AND l.account_id = st.account_id AND l.posted), 0)::text AS balance
      FROM stock st`),
  );
  const equity = books.mappings.get("retained_earnings");
  if (!equity) return;
  const lines: EntryDraft["lines"] = [];
  let total = new Big(0);
  for (const r of rows) {
    const diff = toBig(r.value).minus(r.balance);
    if (diff.eq(0)) continue;
    lines.push({ accountId: r.account_id, description: null, debit: diff.gt(0) ? diff.toFixed(2) : "0.00", credit: diff.lt(0) ? diff.abs().toFixed(2) : "0.00" });
    total = total.plus(diff);
  }
  if (lines.length === 0) return;
  lines.push({ accountId: equity, description: null, debit: total.lt(0) ? total.abs().toFixed(2) : "0.00", credit: total.gt(0) ? total.toFixed(2) : "0.00" });
  await writeEntry(tx, { sourceType: "manual", sourceId: null as unknown as string, number: await number(), date, description: "Inventario inicial", reference: null, lines }, { tenantId, userId });
}
