import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { Big, toBig } from "../../../shared/catalog/decimal";
import { type createCreditNoteInput, type creditNoteListInput, itbisCreditable, type recordCardRefundInput, returnAmounts, type settleRefundInput } from "../../../shared/credit-notes/rules";
import { balanceDueOf, paymentStatusOf } from "../../../shared/invoices/balance";
import { businessDate } from "../../../shared/platform/dates";
import { offsetOf, pageOf } from "../../../shared/platform/pagination";
import { rowsOf, type Tx } from "../../db/client";
import { startsWith } from "../../db/prefix";
import { newId } from "../../ids";
import { appError, isUniqueViolation, notFound } from "../../trpc/errors";
import { postDocument } from "../accounting/documents";
import { users } from "../auth/tables";
import { openSessionOf } from "../cashbox/service";
import { addPointMovement } from "../customer/service";
import { customers } from "../customer/tables";
import { applyStockChanges } from "../inventory/stock";
import { takeNcf } from "../ncf/service";
import type { PosContext } from "../pos/service";
import { orderItems, orderPayments, orders } from "../pos/tables";
import { products } from "../product/tables";
import { nextDocumentNumber } from "../sequence/service";
import { warehouses } from "../warehouse/tables";
import { creditNoteItems, creditNotes, creditNoteUsages } from "./tables";

export const CREDIT_NOTE_METHOD_CODE = "CREDIT_NOTE";
const SERIES = { key: "credit_note", prefix: "NC-", width: 6 };

type CreateInput = z.output<typeof createCreditNoteInput>;

/**
 * creditNote.create: a B04 credit note against an invoice. The invoice row is locked, so two
 * returns of one invoice take turns; each line's returned quantity grows only while it stays
 * within what was sold (checked in the UPDATE itself). Goods go back to the warehouse through
 * the stock ledger, the points the sale earned are taken back in proportion, and the amount
 * first settles what the invoice still owes; the rest is refunded in cash from the user's open
 * cash box, kept as store credit, or paid back to the card the invoice was paid with: then the
 * note waits ('pending') for the terminal's return, which the browser makes and
 * creditNote.recordCardRefund records (see cardRefundOf). The same client_key again returns the
 * first note.
 */
export async function createCreditNote(ctx: PosContext, input: CreateInput) {
  const { tx, tenant, user } = ctx;
  const tenantId = tenant.id;
  // The invoice (locked), an earlier note of the same client_key and the invoice's lines go to the
  // database in one round trip: the server runs them in turn, so the last two read after the lock.
  const [[order], [existing], lines] = await Promise.all([
    tx
      .select({
        id: orders.id,
        status: orders.status,
        customerId: orders.customerId,
        isDefault: customers.isDefault,
        warehouseId: orders.warehouseId,
        ncf: orders.ncf,
        businessDate: orders.businessDate,
        total: orders.total,
        paidTotal: orders.paidTotal,
        changeAmount: orders.changeAmount,
        creditedTotal: orders.creditedTotal,
        balanceDue: orders.balanceDue,
        pointsEarned: orders.pointsEarned,
      })
      .from(orders)
      .innerJoin(customers, and(eq(customers.tenantId, orders.tenantId), eq(customers.id, orders.customerId)))
      .where(and(eq(orders.tenantId, tenantId), eq(orders.id, input.order_id)))
      .for("no key update", { of: orders }),
    tx
      .select({ id: creditNotes.id, orderId: creditNotes.orderId })
      .from(creditNotes)
      .where(and(eq(creditNotes.tenantId, tenantId), eq(creditNotes.clientKey, input.client_key))),
    tx
      .select({
        id: orderItems.id,
        productId: orderItems.productId,
        productName: orderItems.productName,
        quantity: orderItems.quantity,
        returnedQuantity: orderItems.returnedQuantity,
        unitPrice: orderItems.unitPrice,
        baseAmount: orderItems.baseAmount,
        discountAmount: orderItems.discountAmount,
        taxAmount: orderItems.taxAmount,
        total: orderItems.total,
        productType: products.productType,
        creditedTax: sql<string>`coalesce((SELECT sum(ci.tax_amount) FROM ${creditNoteItems} ci WHERE ci.tenant_id = ${orderItems.tenantId} AND ci.order_item_id = ${orderItems.id}), 0)::text`,
        creditedTotal: sql<string>`coalesce((SELECT sum(ci.total) FROM ${creditNoteItems} ci WHERE ci.tenant_id = ${orderItems.tenantId} AND ci.order_item_id = ${orderItems.id}), 0)::text`,
      })
      .from(orderItems)
      .innerJoin(products, and(eq(products.tenantId, orderItems.tenantId), eq(products.id, orderItems.productId)))
      .where(and(eq(orderItems.tenantId, tenantId), eq(orderItems.orderId, input.order_id)))
      .orderBy(asc(orderItems.lineNo)),
  ]);
  if (!order) throw notFound();
  if (existing) {
    if (existing.orderId !== order.id) throw appError("BAD_REQUEST", "creditNotes:errors.createFailed");
    return createdResult(tx, tenantId, existing.id);
  }
  if (order.status !== "completed") throw appError("BAD_REQUEST", "creditNotes:errors.invoiceCancelled");
  if (order.isDefault) throw appError("BAD_REQUEST", "creditNotes:errors.noCustomer");
  if (input.customer_id !== order.customerId) throw appError("BAD_REQUEST", "creditNotes:errors.customerMismatch");

  // The lines returned and how many of each: all that is left (cancel), or the ones chosen.
  const left = new Map(lines.map((l) => [l.id, toBig(l.quantity).minus(l.returnedQuantity)]));
  const chosen = new Map<string, Big>();
  if (input.kind === "cancel") {
    for (const l of lines) if (left.get(l.id)!.gt(0)) chosen.set(l.id, left.get(l.id)!);
  } else {
    for (const item of input.items) {
      const line = item.id
        ? lines.find((l) => l.id === item.id && l.productId === item.product_id)
        : lines.find((l) => l.productId === item.product_id && left.get(l.id)!.minus(chosen.get(l.id) ?? 0).gt(0));
      if (!line) throw appError("BAD_REQUEST", "creditNotes:errors.lineNotOnInvoice");
      const total = (chosen.get(line.id) ?? new Big(0)).plus(item.quantity);
      if (total.gt(left.get(line.id)!)) throw appError("BAD_REQUEST", "creditNotes:errors.quantityAboveAvailable", { n: left.get(line.id)!.toString() });
      chosen.set(line.id, total);
    }
  }
  if (chosen.size === 0) throw appError("BAD_REQUEST", "creditNotes:errors.noLines");

  const today = businessDate(new Date(), tenant.timezone);
  const warehouseId = input.warehouse_id ?? order.warehouseId;
  if (input.warehouse_id) {
    const [w] = await tx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(eq(warehouses.tenantId, tenantId), eq(warehouses.id, input.warehouse_id), eq(warehouses.isActive, true)));
    if (!w) throw notFound();
  }
  const noteLines = lines
    .filter((l) => chosen.has(l.id))
    .map((l, i) => {
      const q = chosen.get(l.id)!;
      const amounts = returnAmounts(
        { quantity: l.quantity, net: toBig(l.baseAmount).minus(l.discountAmount).toFixed(2), taxAmount: l.taxAmount, total: l.total, returnedQuantity: l.returnedQuantity, creditedTax: l.creditedTax, creditedTotal: l.creditedTotal },
        q.toString(),
      );
      const reason = input.items.find((it) => it.id === l.id || it.product_id === l.productId)?.reason ?? null;
      return { line: l, lineNo: i + 1, quantity: q.toFixed(4), reason, ...amounts };
    });
  const subtotal = noteLines.reduce((s, l) => s.plus(l.subtotal), new Big(0));
  const taxTotal = noteLines.reduce((s, l) => s.plus(l.taxAmount), new Big(0));
  const total = subtotal.plus(taxTotal);
  // First what the invoice still owes (goods not yet paid for), then the customer gets the rest.
  const applied = total.gt(order.balanceDue) ? toBig(order.balanceDue) : total;
  const refund = total.minus(applied);
  const cardRefund = input.refund_method === "card" && refund.gt(0) ? await cardRefundOf(tx, tenantId, order.id, refund) : null;
  const cashboxSessionId = input.refund_method !== "store_credit" && refund.gt(0) ? (await openSessionOf(ctx.tx, ctx.tenant.id, ctx.user.id))?.id ?? null : null;
  if (input.refund_method === "cash" && refund.gt(0) && !cashboxSessionId) throw appError("BAD_REQUEST", "creditNotes:errors.noOpenCashbox");

  const id = newId();
  const settled = toBig(order.paidTotal).minus(order.changeAmount).plus(order.creditedTotal).plus(total);
  const points = order.pointsEarned > 0 ? toBig(order.pointsEarned).times(total).div(order.total).round(0, Big.roundDown).toNumber() : 0;
  const stock = noteLines.filter((l) => l.line.productType === "product").map((l) => ({ productId: l.line.productId, warehouseId, delta: l.quantity }));

  // Each line's returned quantity grows only while it stays within what was sold (one UPDATE for
  // all lines, through the invoice's lines index). In the same round trip: the note's number and
  // B04 NCF and the points the sale earned taken back. A
  // refusal rolls all of it back, and is only thrown once everything has settled, so no statement
  // of theirs is sent after the ROLLBACK.
  const grow = JSON.stringify(noteLines.map((l) => ({ id: l.line.id, quantity: l.quantity })));
  const [grown, numbering, rest] = await Promise.allSettled([
    // .then sends the UPDATE now, ahead of the statements below
    tx
      .execute(sql`
        UPDATE ${orderItems} i SET returned_quantity = i.returned_quantity + r.quantity
        FROM jsonb_to_recordset(${grow}::jsonb) AS r(id uuid, quantity numeric)
        WHERE i.tenant_id = ${tenantId} AND i.order_id = ${order.id} AND i.id = r.id AND i.returned_quantity + r.quantity <= i.quantity
        RETURNING i.id`)
      .then((r) => rowsOf<{ id: string }>(r)),
    Promise.all([nextDocumentNumber(tx, tenantId, SERIES.key, SERIES.prefix, SERIES.width), takeNcf(tx, tenantId, { code: "B04" }, today)]),
    points > 0 ? addPointMovement(tx, tenantId, { customerId: order.customerId, points: -points, sourceType: "credit_note", sourceId: id }) : null,
  ]);
  if (grown.status === "rejected") throw grown.reason;
  const updated = new Set(grown.value.map((r) => r.id));
  const refused = noteLines.find((l) => !updated.has(l.line.id));
  if (refused) throw appError("BAD_REQUEST", "creditNotes:errors.quantityAboveAvailable", { n: left.get(refused.line.id)!.toString() });
  if (numbering.status === "rejected") throw numbering.reason;
  if (rest.status === "rejected") throw rest.reason;
  const [number, ncf] = numbering.value;

  const note = {
    tenantId,
    id,
    number,
    clientKey: input.client_key,
    orderId: order.id,
    customerId: order.customerId,
    warehouseId,
    ncfTypeId: ncf.ncfTypeId,
    ncf: ncf.ncf,
    ncfExpiresOn: ncf.expiresOn,
    modifiedNcf: order.ncf,
    kind: input.kind,
    reason: input.kind === "cancel" ? "cancellation" : input.reason,
    notes: input.notes ?? null,
    status: refund.gt(0) && input.refund_method === "store_credit" ? "approved" : cardRefund ? "pending" : "used",
    refundMethod: input.refund_method,
    refundPaymentMethodId: cardRefund?.paymentMethodId ?? null,
    cardProviderId: cardRefund?.providerId ?? null,
    card: cardRefund ? { originalTransactionId: cardRefund.transactionId, originalInvoiceNumber: cardRefund.invoiceNumber } : null,
    subtotal: subtotal.toFixed(2),
    taxTotal: taxTotal.toFixed(2),
    total: total.toFixed(2),
    appliedAmount: applied.toFixed(2),
    refundAmount: refund.toFixed(2),
    available: input.refund_method === "store_credit" ? refund.toFixed(2) : "0",
    itbisCreditable: itbisCreditable(order.businessDate, today),
    cashboxSessionId,
    userId: user.id,
    businessDate: today,
  } satisfies typeof creditNotes.$inferInsert;
  await Promise.all([
    tx.insert(creditNotes).values(note),
    tx.insert(creditNoteItems).values(
      noteLines.map((l) => ({
        tenantId,
        id: newId(),
        creditNoteId: id,
        lineNo: l.lineNo,
        orderItemId: l.line.id,
        productId: l.line.productId,
        productName: l.line.productName,
        quantity: l.quantity,
        unitPrice: l.line.unitPrice,
        subtotal: l.subtotal,
        taxAmount: l.taxAmount,
        total: l.total,
        reason: l.reason,
      })),
    ),
    tx
      .update(orders)
      .set({
        creditedTotal: toBig(order.creditedTotal).plus(total).toFixed(2),
        balanceDue: balanceDueOf(order.total, settled.toFixed(2)),
        paymentStatus: paymentStatusOf(order.total, settled.toFixed(2)),
        updatedAt: new Date(),
      })
      .where(and(eq(orders.tenantId, tenantId), eq(orders.id, order.id))),
    applyStockChanges(tx, { tenantId, userId: user.id, sourceType: "return", sourceId: id, allowNegative: true }, stock),
  ]);
  await postDocument(tx, tenantId, user.id, "credit_note", id);
  return createdResult(tx, tenantId, id);
}

/**
 * Where a refund to a card goes: the invoice's latest approved card payment (its method, provider,
 * terminal key and the invoice number the POS sent), provided what that provider took on the
 * invoice, less the card refunds of earlier notes, covers the refund.
 */
async function cardRefundOf(tx: Tx, tenantId: string, orderId: string, refund: Big) {
  const [payments, [earlier]] = await Promise.all([
    tx
      .select({ paymentMethodId: orderPayments.paymentMethodId, providerId: orderPayments.cardProviderId, transactionId: orderPayments.cardTransactionId, amount: orderPayments.baseAmount, card: orderPayments.card })
      .from(orderPayments)
      .where(and(eq(orderPayments.tenantId, tenantId), eq(orderPayments.orderId, orderId), eq(orderPayments.status, "completed"), sql`${orderPayments.cardProviderId} is not null`))
      .orderBy(sql`${orderPayments.createdAt} desc`),
    tx
      .select({ refunded: sql<string>`coalesce(sum(${creditNotes.refundAmount}), 0)::text` })
      .from(creditNotes)
      .where(and(eq(creditNotes.tenantId, tenantId), eq(creditNotes.orderId, orderId), eq(creditNotes.refundMethod, "card"), inArray(creditNotes.status, ["pending", "used"]))),
  ]);
  const latest = payments[0];
  if (!latest?.providerId) throw appError("BAD_REQUEST", "creditNotes:errors.noCardPayment");
  const paid = payments.filter((p) => p.providerId === latest.providerId).reduce((sum, p) => sum.plus(p.amount), new Big(0));
  const refundable = paid.minus(earlier?.refunded ?? "0");
  if (refund.gt(refundable)) throw appError("BAD_REQUEST", "creditNotes:errors.cardRefundAboveCard", { amount: refundable.toFixed(2) });
  const invoiceNumber = (latest.card as { invoiceNumber?: string } | null)?.invoiceNumber ?? null;
  return { paymentMethodId: latest.paymentMethodId, providerId: latest.providerId, transactionId: latest.transactionId, invoiceNumber };
}

/** A note refunded to a card, locked: only such a note still waiting for its terminal takes a return or a change of refund. */
async function lockPendingCardNote(tx: Tx, tenantId: string, id: string) {
  const [note] = await tx
    .select()
    .from(creditNotes)
    .where(and(eq(creditNotes.tenantId, tenantId), eq(creditNotes.id, id)))
    .for("update");
  if (!note) throw appError("NOT_FOUND", "creditNotes:errors.creditNoteNotFound");
  return note;
}

/**
 * creditNote.recordCardRefund: the terminal returned the note's refund to the card. The amount
 * must be the note's refund and the provider the one the invoice was paid through; one terminal
 * return pays back one note. The same transaction again returns the note unchanged. The user's
 * open cash box counts it (off the card method's expected total).
 */
export async function recordCardRefund(ctx: PosContext, input: z.output<typeof recordCardRefundInput>) {
  const { tx, tenant, user } = ctx;
  const note = await lockPendingCardNote(tx, tenant.id, input.id);
  const { providerId, transactionId, ...details } = input.card;
  if (note.cardTransactionId) {
    if (note.cardTransactionId === transactionId && note.cardProviderId === providerId) return createdResult(tx, tenant.id, note.id);
    throw appError("BAD_REQUEST", "creditNotes:errors.cardRefundDone");
  }
  if (note.refundMethod !== "card" || note.status !== "pending") throw appError("BAD_REQUEST", "creditNotes:errors.notPendingCardRefund");
  if (note.cardProviderId !== providerId) throw appError("BAD_REQUEST", "creditNotes:errors.cardProviderMismatch");
  if (!toBig(input.amount).eq(note.refundAmount)) throw appError("BAD_REQUEST", "creditNotes:errors.cardRefundAmountMismatch", { amount: toBig(note.refundAmount).toFixed(2) });
  const sessionId = note.cashboxSessionId ?? (await openSessionOf(tx, tenant.id, user.id))?.id ?? null;
  try {
    await tx
      .update(creditNotes)
      .set({ status: "used", cardTransactionId: transactionId, card: { ...(note.card as object | null), ...details }, cashboxSessionId: sessionId, updatedAt: new Date() })
      .where(and(eq(creditNotes.tenantId, tenant.id), eq(creditNotes.id, note.id)));
  } catch (e) {
    if (isUniqueViolation(e)) throw appError("BAD_REQUEST", "creditNotes:errors.cardTransactionUsed");
    throw e;
  }
  return createdResult(tx, tenant.id, note.id);
}

/**
 * creditNote.settleRefund: a card refund the terminal could not make (declined, card not at
 * hand, terminal down) is given in cash from the user's open cash box, or kept as store credit.
 */
export async function settleRefund(ctx: PosContext, input: z.output<typeof settleRefundInput>) {
  const { tx, tenant, user } = ctx;
  const note = await lockPendingCardNote(tx, tenant.id, input.id);
  if (note.refundMethod === input.refund_method) return createdResult(tx, tenant.id, note.id);
  if (note.refundMethod !== "card" || note.status !== "pending") throw appError("BAD_REQUEST", "creditNotes:errors.notPendingCardRefund");
  const common = { refundMethod: input.refund_method, refundPaymentMethodId: null, updatedAt: new Date() };
  if (input.refund_method === "cash") {
    const session = await openSessionOf(tx, tenant.id, user.id);
    if (!session) throw appError("BAD_REQUEST", "creditNotes:errors.noOpenCashbox");
    await tx
      .update(creditNotes)
      .set({ ...common, status: "used", cashboxSessionId: session.id })
      .where(and(eq(creditNotes.tenantId, tenant.id), eq(creditNotes.id, note.id)));
  } else {
    await tx
      .update(creditNotes)
      .set({ ...common, status: "approved", available: note.refundAmount, cashboxSessionId: null })
      .where(and(eq(creditNotes.tenantId, tenant.id), eq(creditNotes.id, note.id)));
  }
  return createdResult(tx, tenant.id, note.id);
}

async function createdResult(tx: Tx, tenantId: string, id: string) {
  const [n] = await tx.select().from(creditNotes).where(and(eq(creditNotes.tenantId, tenantId), eq(creditNotes.id, id)));
  if (!n) throw notFound();
  return noteResult(n);
}

/** What creditNote.create (and the card refund calls) answer: the note's figures and where its refund stands. */
function noteResult(n: Pick<typeof creditNotes.$inferSelect, "id" | "number" | "ncf" | "total" | "subtotal" | "taxTotal" | "refundAmount" | "appliedAmount" | "status" | "refundMethod" | "cardProviderId" | "card">) {
  const card = n.card as { originalInvoiceNumber?: string | null } | null;
  return {
    id: n.id,
    number: n.number,
    ncf: n.ncf,
    total_amount: n.total,
    subtotal: n.subtotal,
    tax_total: n.taxTotal,
    refund_amount: n.refundAmount,
    applied_amount: n.appliedAmount,
    status: n.status,
    refund_method: n.refundMethod,
    /** a refund to a card still to return on the terminal: its provider and the original sale's terminal invoice number */
    card_refund: n.refundMethod === "card" && n.status === "pending" && n.cardProviderId ? { provider_id: n.cardProviderId, original_invoice_number: card?.originalInvoiceNumber ?? null } : null,
  };
}

/** creditNote.getAll: a page of notes, newest first, with the totals of the filtered set. */
export async function listCreditNotes(ctx: PosContext, input: z.output<typeof creditNoteListInput>) {
  const { tx, tenant } = ctx;
  const where: SQL[] = [sql`n.tenant_id = ${tenant.id}`];
  if (input.status) where.push(sql`n.status = ${input.status}`);
  if (input.customerId) where.push(sql`n.customer_id = ${input.customerId}`);
  if (input.dateFrom) where.push(sql`n.business_date >= ${input.dateFrom}`);
  if (input.dateTo) where.push(sql`n.business_date <= ${input.dateTo}`);
  const search = input.search.toUpperCase();
  // The start of the note's number, its NCF, the NCF it modifies or its invoice's number: one index
  // range each (byte-wise, so usable under row-level security), their ids put together.
  if (search)
    where.push(sql`n.id IN (
      SELECT x.id FROM ${creditNotes} x WHERE x.tenant_id = ${tenant.id} AND ${startsWith(sql`x.number`, search)}
      UNION SELECT x.id FROM ${creditNotes} x WHERE x.tenant_id = ${tenant.id} AND ${startsWith(sql`x.ncf`, search)}
      UNION SELECT x.id FROM ${creditNotes} x WHERE x.tenant_id = ${tenant.id} AND ${startsWith(sql`x.modified_ncf`, search)}
      UNION SELECT x.id FROM ${creditNotes} x JOIN ${orders} y ON y.tenant_id = x.tenant_id AND y.id = x.order_id
        WHERE x.tenant_id = ${tenant.id} AND y.tenant_id = ${tenant.id} AND ${startsWith(sql`y.number`, search)})`);
  const cond = sql.join(where, sql` AND `);
  const [rows, totals] = await Promise.all([
    tx.execute(sql`
      SELECT n.id, n.number, n.ncf, n.modified_ncf, n.business_date::text AS date, n.created_at, n.status, n.kind, n.reason, n.refund_method,
        n.total::text, n.available::text, n.customer_id, c.name AS customer_name, o.id AS order_id, o.number AS order_number, u.name AS created_by
      FROM ${creditNotes} n
      JOIN ${customers} c ON c.tenant_id = n.tenant_id AND c.id = n.customer_id
      JOIN ${orders} o ON o.tenant_id = n.tenant_id AND o.id = n.order_id
      JOIN ${users} u ON u.tenant_id = n.tenant_id AND u.id = n.user_id
      WHERE ${cond}
      ORDER BY n.created_at DESC, n.id DESC
      LIMIT ${input.pageSize} OFFSET ${offsetOf(input.page, input.pageSize)}`),
    tx.execute(sql`
      SELECT count(*)::int AS count, coalesce(sum(n.total), 0)::text AS total, coalesce(sum(n.available), 0)::text AS available
      FROM ${creditNotes} n JOIN ${orders} o ON o.tenant_id = n.tenant_id AND o.id = n.order_id WHERE ${cond}`),
  ]);
  const [t] = rowsOf<{ count: number; total: string; available: string }>(totals);
  const data = rowsOf<Record<string, string>>(rows).map((r) => ({
    id: r.id!,
    number: r.number!,
    ncf: r.ncf ?? null,
    modifiedNcf: r.modified_ncf ?? null,
    date: r.date!,
    createdAt: new Date(r.created_at!).toISOString(),
    status: r.status!,
    kind: r.kind!,
    reason: r.reason!,
    refundMethod: r.refund_method!,
    total: r.total!,
    available: r.available!,
    customer: { id: r.customer_id!, name: r.customer_name! },
    order: { id: r.order_id!, number: r.order_number! },
    createdBy: r.created_by!,
  }));
  const count = Number(t?.count ?? 0);
  return { ...pageOf(data, count, input.page, input.pageSize), totals: { count, total: toBig(t?.total).toFixed(2), available: toBig(t?.available).toFixed(2) } };
}

/** What credit_notes.card keeps of a refund to a card: the sale it pays back, then the terminal's answer. */
type CardRefundDetails = Partial<Record<"originalTransactionId" | "originalInvoiceNumber" | "reference" | "authorizationCode" | "maskedPan" | "entryMode" | "cardType" | "terminalId" | "merchantId" | "batchNumber" | "invoiceNumber", string | null>>;

/** creditNote.getById (or by number): the note with its lines and each use of its store credit. */
export async function getCreditNote(ctx: PosContext, by: { id: string } | { number: string }) {
  const { tx, tenant } = ctx;
  const tenantId = tenant.id;
  const [head] = await tx
    .select({ note: creditNotes, customerName: customers.name, customerTaxId: customers.taxId, orderNumber: orders.number, orderDate: orders.businessDate, warehouseName: warehouses.name, createdBy: users.name })
    .from(creditNotes)
    .innerJoin(customers, and(eq(customers.tenantId, creditNotes.tenantId), eq(customers.id, creditNotes.customerId)))
    .innerJoin(orders, and(eq(orders.tenantId, creditNotes.tenantId), eq(orders.id, creditNotes.orderId)))
    .innerJoin(warehouses, and(eq(warehouses.tenantId, creditNotes.tenantId), eq(warehouses.id, creditNotes.warehouseId)))
    .innerJoin(users, and(eq(users.tenantId, creditNotes.tenantId), eq(users.id, creditNotes.userId)))
    .where(and(eq(creditNotes.tenantId, tenantId), "id" in by ? eq(creditNotes.id, by.id) : sql`(${creditNotes.number} = ${by.number.trim().toUpperCase()} OR ${creditNotes.ncf} = ${by.number.trim().toUpperCase()})`));
  if (!head) throw appError("NOT_FOUND", "creditNotes:errors.creditNoteNotFound");
  const n = head.note;
  const [items, usages] = await Promise.all([
    tx
      .select()
      .from(creditNoteItems)
      .where(and(eq(creditNoteItems.tenantId, tenantId), eq(creditNoteItems.creditNoteId, n.id)))
      .orderBy(asc(creditNoteItems.lineNo)),
    tx
      .select({ usage: creditNoteUsages, orderNumber: orders.number, userName: users.name })
      .from(creditNoteUsages)
      .innerJoin(orders, and(eq(orders.tenantId, creditNoteUsages.tenantId), eq(orders.id, creditNoteUsages.orderId)))
      .innerJoin(users, and(eq(users.tenantId, creditNoteUsages.tenantId), eq(users.id, creditNoteUsages.userId)))
      .where(and(eq(creditNoteUsages.tenantId, tenantId), eq(creditNoteUsages.creditNoteId, n.id)))
      .orderBy(asc(creditNoteUsages.createdAt)),
  ]);
  return {
    id: n.id,
    number: n.number,
    ncf: n.ncf,
    ncfExpiresOn: n.ncfExpiresOn,
    modifiedNcf: n.modifiedNcf,
    date: n.businessDate,
    createdAt: n.createdAt.toISOString(),
    status: n.status,
    kind: n.kind,
    reason: n.reason,
    notes: n.notes,
    refundMethod: n.refundMethod,
    /** a refund to a card: the provider whose terminal returns it, and once approved the terminal's answer */
    cardRefund: n.refundMethod === "card" && n.cardProviderId ? { ...((n.card as CardRefundDetails | null) ?? {}), providerId: n.cardProviderId, transactionId: n.cardTransactionId } : null,
    subtotal: n.subtotal,
    taxTotal: n.taxTotal,
    total: n.total,
    appliedAmount: n.appliedAmount,
    refundAmount: n.refundAmount,
    available: n.available,
    itbisCreditable: n.itbisCreditable,
    customer: { id: n.customerId, name: head.customerName, taxId: head.customerTaxId },
    order: { id: n.orderId, number: head.orderNumber, date: head.orderDate },
    warehouse: { id: n.warehouseId, name: head.warehouseName },
    createdBy: head.createdBy,
    business: { name: tenant.name, taxId: tenant.taxId, address: tenant.address, phone: tenant.phone },
    items: items.map((i) => ({ id: i.id, orderItemId: i.orderItemId, productId: i.productId, productName: i.productName, quantity: i.quantity, unitPrice: i.unitPrice, subtotal: i.subtotal, taxAmount: i.taxAmount, total: i.total, reason: i.reason })),
    usages: usages.map((u) => ({ id: u.usage.id, orderId: u.usage.orderId, orderNumber: u.orderNumber, amount: u.usage.amount, status: u.usage.status, createdAt: u.usage.createdAt.toISOString(), userName: u.userName })),
  };
}

// ——— Store credit as a tender at checkout ———

export interface CreditNoteSpend {
  paymentId: string;
  /** the note's number (or NCF), the payment's reference */
  reference: string;
  amount: string;
}

/**
 * Spends store credit at checkout: each note's available balance goes down in one UPDATE that
 * only succeeds while enough is left, so an over-spend and a concurrent double spend are refused.
 * The note must be the buyer's. Answers the statement that records the usages, for the sale's
 * write batch (after its order and payments), or null when nothing was spent.
 */
export async function spendCreditNotes(ctx: PosContext, orderId: string, customerId: string, spends: CreditNoteSpend[]) {
  const { tx, tenant, user } = ctx;
  const usages: (typeof creditNoteUsages.$inferInsert)[] = [];
  for (const s of spends) {
    const ref = s.reference.trim().toUpperCase();
    const [row] = await tx
      .update(creditNotes)
      .set({
        available: sql`${creditNotes.available} - ${s.amount}::numeric`,
        status: sql`CASE WHEN ${creditNotes.available} - ${s.amount}::numeric = 0 THEN 'used' ELSE 'partially_used' END`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(creditNotes.tenantId, tenant.id),
          sql`(${creditNotes.number} = ${ref} OR ${creditNotes.ncf} = ${ref})`,
          eq(creditNotes.customerId, customerId),
          inArray(creditNotes.status, ["approved", "partially_used"]),
          sql`${creditNotes.available} >= ${s.amount}::numeric`,
        ),
      )
      .returning({ id: creditNotes.id });
    if (!row) {
      const [note] = await tx
        .select({ number: creditNotes.number, available: creditNotes.available, customerId: creditNotes.customerId, status: creditNotes.status })
        .from(creditNotes)
        .where(and(eq(creditNotes.tenantId, tenant.id), sql`(${creditNotes.number} = ${ref} OR ${creditNotes.ncf} = ${ref})`));
      if (!note) throw appError("BAD_REQUEST", "creditNotes:errors.creditNoteNotFound");
      if (note.customerId !== customerId) throw appError("BAD_REQUEST", "creditNotes:errors.creditNoteOtherCustomer");
      if (toBig(note.available).lte(0) || !["approved", "partially_used"].includes(note.status)) throw appError("BAD_REQUEST", "creditNotes:errors.creditNoteNotUsable", { number: note.number });
      throw appError("BAD_REQUEST", "creditNotes:errors.creditNoteOverspent", { number: note.number, available: note.available });
    }
    usages.push({ tenantId: tenant.id, id: newId(), creditNoteId: row.id, orderId, paymentId: s.paymentId, amount: s.amount, status: "completed", userId: user.id });
  }
  // The usages name the sale's order and payments: written after them (an SQL, not a builder an await would run).
  return usages.length > 0 ? tx.insert(creditNoteUsages).values(usages).getSQL() : null;
}

/** When an order that spent store credit is cancelled, the credit comes back to its notes. */
export async function reverseCreditNoteSpends(tx: Tx, tenantId: string, orderId: string) {
  const usages = await tx
    .update(creditNoteUsages)
    .set({ status: "reversed" })
    .where(and(eq(creditNoteUsages.tenantId, tenantId), eq(creditNoteUsages.orderId, orderId), eq(creditNoteUsages.status, "completed")))
    .returning({ creditNoteId: creditNoteUsages.creditNoteId, amount: creditNoteUsages.amount });
  for (const u of usages) {
    await tx
      .update(creditNotes)
      .set({
        available: sql`${creditNotes.available} + ${u.amount}::numeric`,
        status: sql`CASE WHEN ${creditNotes.available} + ${u.amount}::numeric >= ${creditNotes.refundAmount} THEN 'approved' ELSE 'partially_used' END`,
        updatedAt: new Date(),
      })
      .where(and(eq(creditNotes.tenantId, tenantId), eq(creditNotes.id, u.creditNoteId)));
  }
}
