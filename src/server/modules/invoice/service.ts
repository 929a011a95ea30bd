import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { Big, MONEY_MAX, toBig } from "../../../shared/catalog/decimal";
import { isNotForPayments, methodTakesCurrency } from "../../../shared/fiscal-settings/payment-method";
import { balanceDueOf, paymentStatusOf } from "../../../shared/invoices/balance";
import { type CancelReasonCode, type InvoiceListInput, type invoiceDraftInput, type invoiceListInput, invoiceStatusOf, type recordPaymentInput } from "../../../shared/invoices/schemas";
import { businessDate } from "../../../shared/platform/dates";
import { COUNT_CAP, offsetOf, pageOf } from "../../../shared/platform/pagination";
import type { PosCardPaymentInput } from "../../../shared/pos/schemas";
import { rowsOf } from "../../db/client";
import { startsWith } from "../../db/prefix";
import { newId } from "../../ids";
import { appError, notFound } from "../../trpc/errors";
import { postDocument, postPaymentReversal } from "../accounting/documents";
import { users } from "../auth/tables";
import { openSessionOf } from "../cashbox/service";
import { creditNotes } from "../credit-note/tables";
import { rateInForce } from "../currency/service";
import { currencies } from "../currency/tables";
import { getCustomerForSale } from "../customer/service";
import { customers } from "../customer/tables";
import { employees } from "../employee/tables";
import { ncfTypes } from "../ncf/tables";
import { paymentMethods } from "../payment-method/tables";
import { cancelInvoice, createInvoice, getReceiptData, type InvoiceInput, loadProducts, orderItemRows, type PosContext, priceItems } from "../pos/service";
import { orderItems, orderPayments, orders } from "../pos/tables";
import { nextDocumentNumber } from "../sequence/service";
import { warehouses } from "../warehouse/tables";
import { invoiceConditions, invoiceTypes } from "./tables";

type ListInput = z.output<typeof invoiceListInput>;

/** The WHERE of invoice.getAll: every filter narrows the tenant's invoices (drafts only when asked). */
function listWhere(tenantId: string, input: ListInput, today: string): SQL {
  const where: SQL[] = [sql`o.tenant_id = ${tenantId}`];
  if (input.status === "cancelled" || input.status === "draft") where.push(sql`o.status = ${input.status}`);
  else if (input.status) where.push(sql`o.status = 'completed' AND o.payment_status = ${input.status}`);
  else where.push(sql`o.status IN ('completed', 'cancelled')`);
  if (input.dateFrom) where.push(sql`o.business_date >= ${input.dateFrom}`);
  if (input.dateTo) where.push(sql`o.business_date <= ${input.dateTo}`);
  if (input.customerId) where.push(sql`o.customer_id = ${input.customerId}`);
  if (input.ncfTypeId) where.push(sql`o.ncf_type_id = ${input.ncfTypeId}`);
  if (input.sellerId) where.push(sql`o.seller_employee_id = ${input.sellerId}`);
  if (input.overdue) where.push(sql`o.status = 'completed' AND o.balance_due > 0 AND o.due_date < ${today}`);
  const search = input.search.toUpperCase();
  if (search) {
    // An NCF (B0100000012) or an invoice number, whole or its start; a bare number matches FAC-…number.
    const digits = /^\d+$/.test(search) ? `FAC-${search.padStart(6, "0")}` : null;
    where.push(sql`(${startsWith(sql`o.ncf`, search)} OR ${startsWith(sql`o.number`, search)}${digits ? sql` OR o.number = ${digits}` : sql``})`);
  }
  return sql.join(where, sql` AND `);
}

interface ListRow {
  id: string;
  number: string;
  ncf: string | null;
  ncf_type: string | null;
  created_at: string;
  business_date: string;
  due_date: string | null;
  status: string;
  payment_status: string;
  customer_id: string;
  customer_name: string;
  seller_name: string | null;
  total: string;
  paid_total: string;
  balance_due: string;
  credited_total: string;
  payment_methods: { code: string; name: string }[] | null;
}

/**
 * invoice.getAll: a page of invoices, newest first (by date, then the time it was made), and how
 * many match, counted up to COUNT_CAP ('more than 10,000' beyond). The page walks orders_list_idx
 * (tenant, business_date, created_at, id) from the end, so a date range a year back reads its own
 * rows, not the year since. The money totals of the filtered set are invoice.getTotals: summing
 * every matching invoice on each page was what kept the list slow (bench/RESULTS.md).
 */
export async function listInvoices(ctx: PosContext, input: ListInput, today: string) {
  const { tx, tenant } = ctx;
  const where = listWhere(tenant.id, input, today);
  const [rows, counted] = await Promise.all([
    tx.execute(sql`
      SELECT o.id, o.number, o.ncf, t.code AS ncf_type, o.created_at, o.business_date::text, o.due_date::text,
        o.status, o.payment_status, o.customer_id, c.name AS customer_name, e.name AS seller_name,
        o.total::text, o.paid_total::text, o.balance_due::text, o.credited_total::text,
        (SELECT jsonb_agg(DISTINCT jsonb_build_object('code', pm.code, 'name', pm.name))
          FROM ${orderPayments} p JOIN ${paymentMethods} pm ON pm.tenant_id = p.tenant_id AND pm.id = p.payment_method_id
          WHERE p.tenant_id = o.tenant_id AND p.order_id = o.id AND p.status <> 'cancelled') AS payment_methods
      FROM ${orders} o
      JOIN ${customers} c ON c.tenant_id = o.tenant_id AND c.id = o.customer_id
      LEFT JOIN ${ncfTypes} t ON t.tenant_id = o.tenant_id AND t.id = o.ncf_type_id
      LEFT JOIN ${employees} e ON e.tenant_id = o.tenant_id AND e.id = o.seller_employee_id
      WHERE ${where}
      ORDER BY o.business_date DESC, o.created_at DESC, o.id DESC
      LIMIT ${input.pageSize} OFFSET ${offsetOf(input.page, input.pageSize)}`),
    tx.execute(sql`SELECT count(*)::int AS count FROM (SELECT 1 FROM ${orders} o WHERE ${where} LIMIT ${COUNT_CAP + 1}) matching`),
  ]);
  const [c] = rowsOf<{ count: number }>(counted);
  const data = rowsOf<ListRow>(rows).map((r) => ({
    id: r.id,
    number: r.number,
    ncf: r.ncf,
    ncfType: r.ncf_type,
    createdAt: new Date(r.created_at).toISOString(),
    date: r.business_date,
    dueDate: r.due_date,
    status: invoiceStatusOf({ status: r.status, paymentStatus: r.payment_status }),
    overdue: r.status === "completed" && toBig(r.balance_due).gt(0) && !!r.due_date && r.due_date < today,
    customer: { id: r.customer_id, name: r.customer_name },
    sellerName: r.seller_name,
    total: r.total,
    paidTotal: r.paid_total,
    balanceDue: r.balance_due,
    creditedTotal: r.credited_total,
    /** the methods it was paid with (not cancelled payments), for the list's badges */
    paymentMethods: r.payment_methods ?? [],
  }));
  return pageOf(data, Number(c?.count ?? 0), input.page, input.pageSize);
}

/**
 * invoice.getTotals: the totals of the filtered set (count, invoiced, collected, still owed) of the
 * list's filters. The list asks once per filter, not once per page; without a narrower filter the
 * sums are read from orders_status_totals_idx alone (index-only).
 */
export async function invoiceTotals(ctx: PosContext, input: ListInput, today: string) {
  const where = listWhere(ctx.tenant.id, input, today);
  const [t] = rowsOf<{ count: number; total: string; balance_due: string; paid: string }>(
    await ctx.tx.execute(sql`
      SELECT count(*)::int AS count,
        coalesce(sum(o.total) FILTER (WHERE o.status = 'completed'), 0)::text AS total,
        coalesce(sum(o.balance_due) FILTER (WHERE o.status = 'completed'), 0)::text AS balance_due,
        coalesce(sum(o.paid_total - o.change_amount) FILTER (WHERE o.status = 'completed'), 0)::text AS paid
      FROM ${orders} o WHERE ${where}`),
  );
  return { count: Number(t?.count ?? 0), total: toBig(t?.total).toFixed(2), balanceDue: toBig(t?.balance_due).toFixed(2), paid: toBig(t?.paid).toFixed(2) };
}

/** invoice.getById: the invoice with its lines, payments, credit notes and NCF history. */
export async function getInvoice(ctx: PosContext, id: string, today: string) {
  const { tx, tenant } = ctx;
  const tenantId = tenant.id;
  const [head] = await tx
    .select({
      order: orders,
      condition: { id: invoiceConditions.id, name: invoiceConditions.name, days: invoiceConditions.days },
      invoiceType: { id: invoiceTypes.id, name: invoiceTypes.name },
      sellerName: employees.name,
      customerIsDefault: customers.isDefault,
      customerEmail: customers.email,
      customerPhone: customers.phone,
      warehouseName: warehouses.name,
      cancelledByName: users.name,
    })
    .from(orders)
    .innerJoin(customers, and(eq(customers.tenantId, orders.tenantId), eq(customers.id, orders.customerId)))
    .innerJoin(warehouses, and(eq(warehouses.tenantId, orders.tenantId), eq(warehouses.id, orders.warehouseId)))
    .leftJoin(invoiceConditions, and(eq(invoiceConditions.tenantId, orders.tenantId), eq(invoiceConditions.id, orders.invoiceConditionId)))
    .leftJoin(invoiceTypes, and(eq(invoiceTypes.tenantId, orders.tenantId), eq(invoiceTypes.id, orders.invoiceTypeId)))
    .leftJoin(employees, and(eq(employees.tenantId, orders.tenantId), eq(employees.id, orders.sellerEmployeeId)))
    .leftJoin(users, and(eq(users.tenantId, orders.tenantId), eq(users.id, orders.cancelledBy)))
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, id)));
  if (!head) throw notFound();
  const o = head.order;
  const [receipt, items, payments, notes] = await Promise.all([
    getReceiptData(tx, tenant, id),
    tx
      .select({ id: orderItems.id, returnedQuantity: orderItems.returnedQuantity, discountType: orderItems.discountType, discountValue: orderItems.discountValue })
      .from(orderItems)
      .where(and(eq(orderItems.tenantId, tenantId), eq(orderItems.orderId, id))),
    tx
      .select({
        payment: orderPayments,
        method: { id: paymentMethods.id, code: paymentMethods.code, name: paymentMethods.name },
        currency: { id: currencies.id, code: currencies.code, symbol: currencies.symbol },
        userName: users.name,
      })
      .from(orderPayments)
      .innerJoin(paymentMethods, and(eq(paymentMethods.tenantId, orderPayments.tenantId), eq(paymentMethods.id, orderPayments.paymentMethodId)))
      .innerJoin(currencies, and(eq(currencies.tenantId, orderPayments.tenantId), eq(currencies.id, orderPayments.currencyId)))
      .leftJoin(users, and(eq(users.tenantId, orderPayments.tenantId), eq(users.id, orderPayments.userId)))
      .where(and(eq(orderPayments.tenantId, tenantId), eq(orderPayments.orderId, id)))
      .orderBy(asc(orderPayments.createdAt)),
    tx
      .select({ id: creditNotes.id, number: creditNotes.number, ncf: creditNotes.ncf, total: creditNotes.total, available: creditNotes.available, status: creditNotes.status, kind: creditNotes.kind, createdAt: creditNotes.createdAt, businessDate: creditNotes.businessDate })
      .from(creditNotes)
      .where(and(eq(creditNotes.tenantId, tenantId), eq(creditNotes.orderId, id)))
      .orderBy(asc(creditNotes.createdAt)),
  ]);
  const itemExtra = new Map(items.map((i) => [i.id, i]));
  const ncfHistory = [
    ...(o.ncf ? [{ ncf: o.ncf, kind: "issued" as const, date: o.businessDate, detail: receipt.order.ncf_type_description }] : []),
    ...notes.filter((n) => n.ncf).map((n) => ({ ncf: n.ncf as string, kind: "credit_note" as const, date: n.businessDate, detail: n.number })),
    ...(o.status === "cancelled" && o.ncf ? [{ ncf: o.ncf, kind: "cancelled" as const, date: (o.cancelledAt ?? o.updatedAt).toISOString().slice(0, 10), detail: o.cancelReasonCode }] : []),
  ];
  return {
    id: o.id,
    number: o.number,
    order_number: o.number,
    ncf: o.ncf,
    ncfType: receipt.order.ncf_type,
    ncfTypeDescription: receipt.order.ncf_type_description,
    ncfExpiresOn: o.ncfExpiresOn,
    status: invoiceStatusOf(o),
    paymentStatus: o.paymentStatus,
    source: o.source,
    createdAt: o.createdAt.toISOString(),
    date: o.businessDate,
    dueDate: o.dueDate,
    overdue: o.status === "completed" && toBig(o.balanceDue).gt(0) && !!o.dueDate && o.dueDate < today,
    condition: head.condition?.id ? head.condition : null,
    invoiceType: head.invoiceType?.id ? head.invoiceType : null,
    sellerName: head.sellerName,
    cashier: receipt.cashier,
    warehouse: { id: o.warehouseId, name: head.warehouseName },
    customer: { ...receipt.customer, isDefault: head.customerIsDefault, email: head.customerEmail, phone: head.customerPhone },
    notes: o.notes,
    items: receipt.items.map((i) => {
      const extra = itemExtra.get(i.id);
      return {
        ...i,
        discount_type: extra?.discountType ?? null,
        discount_percent: extra?.discountType && /percent|bundle/.test(extra.discountType) ? extra.discountValue : null,
        returned_quantity: extra?.returnedQuantity ?? "0",
      };
    }),
    subtotal: o.subtotal,
    discountTotal: o.discountTotal,
    taxTotal: o.taxTotal,
    total: o.total,
    paidTotal: toBig(o.paidTotal).minus(o.changeAmount).toFixed(2),
    balanceDue: o.balanceDue,
    changeAmount: o.changeAmount,
    creditedTotal: o.creditedTotal,
    payments: payments.map((p) => ({
      id: p.payment.id,
      method: p.method,
      currency: p.currency,
      amount: p.payment.amount,
      rate: p.payment.rate,
      baseAmount: p.payment.baseAmount,
      reference: p.payment.reference,
      notes: p.payment.notes,
      status: p.payment.status,
      createdAt: p.payment.createdAt.toISOString(),
      userName: p.userName,
      /** a card payment: its provider, the terminal's transaction key and answer (masked card, authorization …) */
      card: p.payment.cardTransactionId
        ? { ...(p.payment.card as Omit<PosCardPaymentInput, "providerId" | "transactionId"> | null), providerId: p.payment.cardProviderId, transactionId: p.payment.cardTransactionId }
        : null,
    })),
    creditNotes: notes.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() })),
    ncfHistory,
    cancellation: o.status === "cancelled" ? { at: o.cancelledAt?.toISOString() ?? null, byName: head.cancelledByName, reasonCode: o.cancelReasonCode, reason: o.cancelReason } : null,
    shared: !!o.shareToken,
    receiptData: receipt,
  };
}

/**
 * invoice.recordPayment: a completed payment of an invoice that still owes. The invoice row is
 * locked, so two payments take turns and never pay more than pending (in pesos, at the
 * currency's rate of the moment, which the payment keeps). The same client_payment_id again
 * returns the first payment. A cash box the user has open counts it.
 */
export async function recordPayment(ctx: PosContext, input: z.output<typeof recordPaymentInput>) {
  const { tx, tenant, user } = ctx;
  const tenantId = tenant.id;
  const [order] = await tx
    .select({ id: orders.id, status: orders.status, total: orders.total, paidTotal: orders.paidTotal, changeAmount: orders.changeAmount, balanceDue: orders.balanceDue, creditedTotal: orders.creditedTotal })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, input.invoice_id)))
    .for("no key update");
  if (!order) throw notFound();
  if (input.client_payment_id) {
    const [done] = await tx
      .select({ id: orderPayments.id, orderId: orderPayments.orderId })
      .from(orderPayments)
      .where(and(eq(orderPayments.tenantId, tenantId), eq(orderPayments.clientPaymentId, input.client_payment_id)));
    if (done) {
      if (done.orderId !== order.id) throw appError("BAD_REQUEST", "invoices:errors.paymentKeyUsed");
      return paymentResult(ctx, order.id, done.id);
    }
  }
  if (order.status === "cancelled") throw appError("BAD_REQUEST", "invoices:errors.invoiceCancelled");
  if (order.status !== "completed") throw appError("BAD_REQUEST", "invoices:errors.invoiceNotIssued");
  const [[method], [currency]] = await Promise.all([
    tx
      .select({ id: paymentMethods.id, code: paymentMethods.code, name: paymentMethods.name, useCurrencies: paymentMethods.useCurrencies })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.tenantId, tenantId), eq(paymentMethods.id, input.payment_method_id), eq(paymentMethods.isActive, true))),
    tx
      .select({ id: currencies.id, code: currencies.code, rate: rateInForce(businessDate(new Date(), ctx.tenant.timezone)), isDefault: currencies.isDefault })
      .from(currencies)
      .where(and(eq(currencies.tenantId, tenantId), eq(currencies.id, input.currency_id), eq(currencies.isActive, true))),
  ]);
  if (!method) throw appError("NOT_FOUND", "invoices:errors.paymentMethodNotFound");
  if (!currency) throw appError("NOT_FOUND", "invoices:errors.currencyNotFound");
  const code = method.code.toUpperCase();
  if (isNotForPayments(code)) throw appError("BAD_REQUEST", "invoices:errors.methodNotForPayments");
  if (!methodTakesCurrency(method, currency)) throw appError("BAD_REQUEST", "fiscalSettings:errors.paymentMethod.singleCurrency", { method: method.name, currency: currency.code });
  const pending = toBig(order.balanceDue);
  if (pending.lte(0)) throw appError("BAD_REQUEST", "invoices:errors.nothingPending");
  const baseAmount = toBig(input.amount).times(toBig(currency.rate)).round(2, Big.roundHalfUp);
  if (baseAmount.gt(MONEY_MAX)) throw appError("BAD_REQUEST", "pos:errors.amountTooLarge", { currency: currency.code });
  if (baseAmount.gt(pending)) throw appError("BAD_REQUEST", "invoices:errors.amountAbovePending", { pending: pending.toFixed(2) });

  const paymentId = newId();
  // What is settled: completed payments (net of change) and the credit notes against it.
  const settled = toBig(order.paidTotal).minus(order.changeAmount).plus(baseAmount).plus(order.creditedTotal).toFixed(2);
  const sessionId = (await openSessionOf(ctx.tx, ctx.tenant.id, ctx.user.id))?.id ?? null;
  await Promise.all([
    tx.insert(orderPayments).values({
      tenantId,
      id: paymentId,
      orderId: order.id,
      paymentMethodId: method.id,
      currencyId: currency.id,
      amount: input.amount,
      rate: currency.rate,
      baseAmount: baseAmount.toFixed(2),
      // The reference is for card, transfer and check payments; cash has none.
      reference: code === "CASH" ? null : (input.reference ?? null),
      notes: input.notes ?? null,
      status: "completed",
      clientPaymentId: input.client_payment_id ?? null,
      cashboxSessionId: sessionId,
      userId: user.id,
    }),
    tx
      .update(orders)
      .set({
        paidTotal: toBig(order.paidTotal).plus(baseAmount).toFixed(2),
        balanceDue: balanceDueOf(order.total, settled),
        paymentStatus: paymentStatusOf(order.total, settled),
        updatedAt: new Date(),
      })
      .where(and(eq(orders.tenantId, tenantId), eq(orders.id, order.id))),
  ]);
  await postDocument(tx, tenantId, user.id, "invoice_payment", paymentId);
  return paymentResult(ctx, order.id, paymentId);
}

/**
 * invoice.reverseCardPayment: the card transaction was voided on its terminal, so the payment it
 * paid is cancelled and its invoice owes that amount again (its cash box count no longer expects
 * it). Nothing recorded with that transaction (a void of a charge that never became a sale): null.
 * Idempotent: a payment already cancelled stays as it is.
 */
export async function reverseCardPayment(ctx: PosContext, input: { provider_id: string; transaction_id: string }) {
  const { tx, tenant } = ctx;
  const tenantId = tenant.id;
  const [payment] = await tx
    .select({ id: orderPayments.id, orderId: orderPayments.orderId, baseAmount: orderPayments.baseAmount, status: orderPayments.status })
    .from(orderPayments)
    .where(and(eq(orderPayments.tenantId, tenantId), eq(orderPayments.cardProviderId, input.provider_id), eq(orderPayments.cardTransactionId, input.transaction_id)));
  if (!payment) return null;
  const [order] = await tx
    .select({ id: orders.id, number: orders.number, total: orders.total, paidTotal: orders.paidTotal, changeAmount: orders.changeAmount, creditedTotal: orders.creditedTotal })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, payment.orderId)))
    .for("no key update");
  if (!order) throw notFound();
  if (payment.status === "completed") {
    const paidTotal = toBig(order.paidTotal).minus(payment.baseAmount);
    const settled = paidTotal.minus(order.changeAmount).plus(order.creditedTotal).toFixed(2);
    await Promise.all([
      tx
        .update(orderPayments)
        .set({ status: "cancelled" })
        .where(and(eq(orderPayments.tenantId, tenantId), eq(orderPayments.id, payment.id))),
      tx
        .update(orders)
        .set({ paidTotal: paidTotal.toFixed(2), balanceDue: balanceDueOf(order.total, settled), paymentStatus: paymentStatusOf(order.total, settled), updatedAt: new Date() })
        .where(and(eq(orders.tenantId, tenantId), eq(orders.id, order.id))),
    ]);
    await postPaymentReversal(tx, tenantId, ctx.user.id, payment.id, businessDate(new Date(), tenant.timezone));
  }
  return { ...(await paymentResult(ctx, order.id, payment.id)), number: order.number };
}

async function paymentResult(ctx: PosContext, orderId: string, paymentId: string) {
  const [o] = await ctx.tx
    .select({ paymentStatus: orders.paymentStatus, balanceDue: orders.balanceDue, paidTotal: orders.paidTotal, changeAmount: orders.changeAmount, total: orders.total })
    .from(orders)
    .where(and(eq(orders.tenantId, ctx.tenant.id), eq(orders.id, orderId)));
  if (!o) throw notFound();
  return { invoiceId: orderId, paymentId, status: o.paymentStatus, total: o.total, paidTotal: toBig(o.paidTotal).minus(o.changeAmount).toFixed(2), balanceDue: o.balanceDue };
}

/**
 * invoice.cancel (anulación): the one cancel path (pos.cancelInvoice) with the DGII 608 reason.
 * The NCF stays on the invoice, reported as cancelled in the 608; an invoice with credit notes
 * is corrected by notes, not cancelled.
 */
export async function cancel(ctx: PosContext, input: { invoiceId: string; reasonCode: CancelReasonCode; reason?: string | null; recreate: boolean }) {
  const [note] = await ctx.tx
    .select({ id: creditNotes.id })
    .from(creditNotes)
    .where(and(eq(creditNotes.tenantId, ctx.tenant.id), eq(creditNotes.orderId, input.invoiceId), sql`${creditNotes.status} <> 'rejected'`))
    .limit(1);
  if (note) throw appError("BAD_REQUEST", "invoices:errors.hasCreditNotes");
  return cancelInvoice(ctx, { invoiceId: input.invoiceId, recreate: input.recreate, reason: input.reason, reasonCode: input.reasonCode });
}

/** invoice.create: the back-office form through the one invoice path (source 'invoice'). */
export async function create(ctx: PosContext, input: Omit<InvoiceInput, "source" | "orderId"> & { draftId?: string }) {
  const { draftId, ...invoice } = input;
  let ncfTypeId = invoice.ncfTypeId;
  if (invoice.invoiceTypeId) {
    const [type] = await ctx.tx
      .select({ ncfTypeId: invoiceTypes.ncfTypeId })
      .from(invoiceTypes)
      .where(and(eq(invoiceTypes.tenantId, ctx.tenant.id), eq(invoiceTypes.id, invoice.invoiceTypeId)));
    if (!type) throw notFound();
    ncfTypeId ??= type.ncfTypeId;
  }
  // Issuing a draft: its row makes way for the invoice, which keeps its id (a retry with the same
  // key finds the invoice through createInvoice's idempotency).
  const orderId = draftId ? await releaseDraft(ctx, draftId, invoice.clientOrderId) : undefined;
  return createInvoice(ctx, { ...invoice, ncfTypeId, orderId, source: "invoice" });
}

const DRAFT_SERIES = { key: "invoice_draft", prefix: "BOR-" };

/** Serializes the writes of one draft (save, issue, delete) and reads it afresh. */
async function lockDraft(ctx: PosContext, id: string) {
  await ctx.tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${ctx.tenant.id}:draft:${id}`}, 0))`);
  const [draft] = await ctx.tx
    .select({ id: orders.id, status: orders.status, number: orders.number, clientOrderId: orders.clientOrderId })
    .from(orders)
    .where(and(eq(orders.tenantId, ctx.tenant.id), eq(orders.id, id)));
  if (!draft) throw notFound();
  return draft;
}

/** Removes a draft that is being issued; an invoice already issued from it with the same key is left to createInvoice's idempotency. */
async function releaseDraft(ctx: PosContext, id: string, clientOrderId: string): Promise<string | undefined> {
  const draft = await lockDraft(ctx, id);
  if (draft.status !== "draft") {
    if (draft.status === "completed" && draft.clientOrderId === clientOrderId) return undefined;
    throw appError("BAD_REQUEST", "invoices:errors.notDraft");
  }
  const mine = and(eq(orderItems.tenantId, ctx.tenant.id), eq(orderItems.orderId, id));
  await ctx.tx.delete(orderItems).where(mine);
  await ctx.tx.delete(orders).where(and(eq(orders.tenantId, ctx.tenant.id), eq(orders.id, id), eq(orders.status, "draft")));
  return id;
}

/**
 * invoice.saveDraft: the form kept as a draft, priced by the server like a sale (so the list and
 * the detail show its total) but with no NCF, no stock movement and no payment.
 */
export async function saveDraft(ctx: PosContext, input: z.output<typeof invoiceDraftInput>) {
  const { tx, tenant, user } = ctx;
  const tenantId = tenant.id;
  // A new draft sent twice (same clientOrderId) is created once; an edit names its draft.
  let id = input.id;
  if (!id) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${tenantId}:${input.clientOrderId}`}, 0))`);
    const [again] = await tx.select({ id: orders.id }).from(orders).where(and(eq(orders.tenantId, tenantId), eq(orders.clientOrderId, input.clientOrderId)));
    id = again?.id;
  }
  const draft = id ? await lockDraft(ctx, id) : null;
  if (draft && draft.status !== "draft") throw appError("BAD_REQUEST", "invoices:errors.notDraft");

  const [customer, catalog, warehouse, refs] = await Promise.all([
    getCustomerForSale(tx, tenantId, input.customerId),
    loadProducts(
      tx,
      tenantId,
      input.items.map((i) => i.productId),
    ),
    tx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(eq(warehouses.tenantId, tenantId), eq(warehouses.id, input.warehouseId), eq(warehouses.isActive, true))),
    draftReferences(ctx, input),
  ]);
  if (warehouse.length === 0 || !refs) throw notFound();
  const { lines, totals } = priceItems(input.items, catalog);
  const orderId = draft?.id ?? newId();
  const values = {
    customerId: customer.id,
    warehouseId: input.warehouseId,
    ncfTypeId: input.ncfTypeId ?? null,
    invoiceConditionId: input.invoiceConditionId ?? null,
    sellerEmployeeId: input.sellerId ?? null,
    invoiceTypeId: input.invoiceTypeId ?? null,
    subtotal: totals.subtotal,
    discountTotal: totals.discountTotal,
    taxTotal: totals.taxTotal,
    total: totals.total,
    notes: input.notes ?? null,
    businessDate: businessDate(new Date(), tenant.timezone),
  };
  if (draft) {
    await tx.delete(orderItems).where(and(eq(orderItems.tenantId, tenantId), eq(orderItems.orderId, orderId)));
    await tx
      .update(orders)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(orders.tenantId, tenantId), eq(orders.id, orderId)));
  } else {
    const number = await nextDocumentNumber(tx, tenantId, DRAFT_SERIES.key, DRAFT_SERIES.prefix);
    await tx.insert(orders).values({
      tenantId,
      id: orderId,
      number,
      clientOrderId: input.clientOrderId,
      status: "draft",
      paymentStatus: "pending",
      balanceDue: "0",
      paidTotal: "0",
      source: "invoice",
      userId: user.id,
      ...values,
    });
  }
  await tx.insert(orderItems).values(orderItemRows(tenantId, orderId, lines, input.sellerId ?? null));
  const [saved] = await tx.select({ number: orders.number }).from(orders).where(and(eq(orders.tenantId, tenantId), eq(orders.id, orderId)));
  return { id: orderId, number: saved!.number, status: "draft" as const, total: totals.total };
}

/** The condition, seller, invoice type and NCF type a draft names exist in the tenant (null: one does not). */
async function draftReferences(ctx: PosContext, input: { invoiceConditionId?: string | null; sellerId?: string | null; invoiceTypeId?: string | null; ncfTypeId?: string | null }) {
  const tenantId = ctx.tenant.id;
  const [row] = rowsOf<{ ok: boolean }>(
    await ctx.tx.execute(sql`SELECT
      (${input.invoiceConditionId ?? null}::uuid IS NULL OR EXISTS (SELECT 1 FROM ${invoiceConditions} WHERE tenant_id = ${tenantId} AND id = ${input.invoiceConditionId ?? null}::uuid))
      AND (${input.sellerId ?? null}::uuid IS NULL OR EXISTS (SELECT 1 FROM ${employees} WHERE tenant_id = ${tenantId} AND id = ${input.sellerId ?? null}::uuid AND is_active))
      AND (${input.invoiceTypeId ?? null}::uuid IS NULL OR EXISTS (SELECT 1 FROM ${invoiceTypes} WHERE tenant_id = ${tenantId} AND id = ${input.invoiceTypeId ?? null}::uuid))
      AND (${input.ncfTypeId ?? null}::uuid IS NULL OR EXISTS (SELECT 1 FROM ${ncfTypes} WHERE tenant_id = ${tenantId} AND id = ${input.ncfTypeId ?? null}::uuid)) AS ok`),
  );
  return row?.ok ?? false;
}

/** invoice.getDraft: a draft as the form edits it (lines with today's catalog data). */
export async function getDraft(ctx: PosContext, id: string) {
  const { tx, tenant } = ctx;
  const tenantId = tenant.id;
  const [o] = await tx
    .select({ order: orders, customerName: customers.name, customerTaxId: customers.taxId, customerTaxIdOverride: customers.taxIdOverride, customerIsDefault: customers.isDefault })
    .from(orders)
    .innerJoin(customers, and(eq(customers.tenantId, orders.tenantId), eq(customers.id, orders.customerId)))
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, id), eq(orders.status, "draft")));
  if (!o) throw notFound();
  const lines = await tx
    .select({ productId: orderItems.productId, name: orderItems.productName, sku: orderItems.sku, quantity: orderItems.quantity, unitPrice: orderItems.unitPrice, discountType: orderItems.discountType, discountValue: orderItems.discountValue })
    .from(orderItems)
    .where(and(eq(orderItems.tenantId, tenantId), eq(orderItems.orderId, id)))
    .orderBy(asc(orderItems.lineNo));
  const catalog = await loadProducts(
    tx,
    tenantId,
    lines.map((l) => l.productId),
  );
  const d = o.order;
  return {
    id: d.id,
    number: d.number,
    clientOrderId: d.clientOrderId,
    customer: { id: o.customerIsDefault ? "default" : d.customerId, name: o.customerName, taxId: o.customerTaxId, taxIdOverride: o.customerTaxIdOverride },
    warehouseId: d.warehouseId,
    ncfTypeId: d.ncfTypeId,
    invoiceConditionId: d.invoiceConditionId,
    sellerId: d.sellerEmployeeId,
    invoiceTypeId: d.invoiceTypeId,
    notes: d.notes,
    items: lines.map((l) => {
      const p = catalog.get(l.productId);
      return {
        /** false: the product was deactivated or deleted since; it cannot be issued */
        available: !!p,
        product: {
          id: l.productId,
          name: p?.name ?? l.name,
          sku: p?.sku ?? l.sku,
          price: p && !p.variablePrice ? p.price : l.unitPrice,
          taxPercent: p?.taxPercent ?? null,
          isTaxable: p?.isTaxable ?? true,
          priceIncludesTax: p?.priceIncludesTax ?? true,
          variablePrice: p?.variablePrice ?? false,
        },
        quantity: toBig(l.quantity).toString(),
        price: l.unitPrice,
        discountPercent: l.discountType === "percentage_discount" ? toBig(l.discountValue).toString() : "0",
      };
    }),
  };
}

/** invoice.delete: only a draft, which is kept as 'discarded' (an issued invoice is cancelled instead). */
export async function deleteDraft(ctx: PosContext, id: string) {
  const draft = await lockDraft(ctx, id);
  if (draft.status === "discarded") return { id, status: "discarded" as const };
  if (draft.status !== "draft") throw appError("BAD_REQUEST", "invoices:errors.onlyDraftsDeleted");
  await ctx.tx
    .update(orders)
    .set({ status: "discarded", updatedAt: new Date() })
    .where(and(eq(orders.tenantId, ctx.tenant.id), eq(orders.id, id)));
  return { id, status: "discarded" as const };
}

/** invoice.getByNumber (return wizard): the invoice by its number or NCF, with what each line may still return. */
export async function getByNumber(ctx: PosContext, number: string) {
  const { tx, tenant } = ctx;
  const text = number.trim().toUpperCase();
  const candidates = [text, /^\d+$/.test(text) ? `FAC-${text.padStart(6, "0")}` : null].filter((v): v is string => !!v);
  const [order] = await tx
    .select({ id: orders.id, number: orders.number, ncf: orders.ncf, status: orders.status, customerId: orders.customerId, isDefault: customers.isDefault, customerName: customers.name, warehouseId: orders.warehouseId, createdAt: orders.createdAt, businessDate: orders.businessDate, total: orders.total })
    .from(orders)
    .innerJoin(customers, and(eq(customers.tenantId, orders.tenantId), eq(customers.id, orders.customerId)))
    .where(and(eq(orders.tenantId, tenant.id), sql`(${orders.number} IN ${candidates} OR ${orders.ncf} = ${text})`, sql`${orders.status} <> 'draft' AND ${orders.status} <> 'discarded'`))
    .limit(1);
  if (!order) throw appError("NOT_FOUND", "creditNotes:errors.invoiceNotFound", { number: number.trim() });
  const [items, cardPayments] = await Promise.all([
    tx
      .select({ id: orderItems.id, productId: orderItems.productId, name: orderItems.productName, quantity: orderItems.quantity, returned: orderItems.returnedQuantity, unitPrice: orderItems.unitPrice, total: orderItems.total, taxAmount: orderItems.taxAmount })
      .from(orderItems)
      .where(and(eq(orderItems.tenantId, tenant.id), eq(orderItems.orderId, order.id)))
      .orderBy(asc(orderItems.lineNo)),
    tx
      .select({ id: orderPayments.id })
      .from(orderPayments)
      .where(and(eq(orderPayments.tenantId, tenant.id), eq(orderPayments.orderId, order.id), eq(orderPayments.status, "completed"), sql`${orderPayments.cardProviderId} is not null`))
      .limit(1),
  ]);
  return {
    id: order.id,
    number: order.number,
    ncf: order.ncf,
    status: order.status,
    customer_id: order.isDefault ? null : order.customerId,
    customer_name: order.customerName,
    warehouse_id: order.warehouseId,
    date: order.businessDate,
    created_at: order.createdAt.toISOString(),
    total: order.total,
    /** paid (in part) on a card terminal: a return may go back to that card */
    paid_by_card: cardPayments.length > 0,
    items: items.map((i) => {
      const q = toBig(i.quantity);
      // The price of one unit as charged (tax and discount included), what a return refunds.
      const price = q.gt(0) ? toBig(i.total).div(q).round(2, Big.roundHalfUp).toFixed(2) : "0.00";
      return { id: i.id, product: { id: i.productId, name: i.name }, quantity: i.quantity, returned_quantity: i.returned, available: q.minus(i.returned).toString(), price, unit_price: i.unitPrice };
    }),
  };
}

export type { InvoiceListInput };
