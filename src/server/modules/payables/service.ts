import { and, asc, eq, ne, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { CASH_METHOD_CODE } from "../../../shared/cashbox/cashbox";
import { toBig } from "../../../shared/catalog/decimal";
import { compactTaxId } from "../../../shared/fiscal/tax-id";
import { isNotForPayments } from "../../../shared/fiscal-settings/payment-method";
import {
  AGING_BUCKETS,
  type AgingBucket,
  agingBucketOf,
  type agingInput,
  billStatusOf,
  billTotals,
  type cancelBillInput,
  type createSupplierBillInput,
  daysPastDue,
  dueDateOf,
  OWN_NCF_TYPES,
  type payBillInput,
  type statementInput,
  type supplierBillListInput,
  supplierTaxIdProblem,
} from "../../../shared/payables/rules";
import { businessDate } from "../../../shared/platform/dates";
import { offsetOf, pageOf } from "../../../shared/platform/pagination";
import { purchaseLineAmounts } from "../../../shared/purchasing/totals";
import { rowsOf, type Tx } from "../../db/client";
import { newId } from "../../ids";
import { appError, isUniqueViolation, notFound } from "../../trpc/errors";
import { postDocument } from "../accounting/documents";
import { reverseSources } from "../accounting/service";
import { users } from "../auth/tables";
import { openSessionOf } from "../cashbox/service";
import { invoiceConditions } from "../invoice/tables";
import { takeNcf } from "../ncf/service";
import { paymentMethods } from "../payment-method/tables";
import type { PosContext } from "../pos/service";
import { products } from "../product/tables";
import { providers } from "../provider/tables";
import { purchaseOrderLines, purchaseOrders, purchaseReceiptLines, purchaseReceipts } from "../purchasing/tables";
import { nextDocumentNumber } from "../sequence/service";
import { supplierBillPayments, supplierBills } from "./tables";

const SERIES = { key: "supplier_bill", prefix: "FP-", width: 6 };
/** Payment methods a supplier bill cannot be paid with: they are not money leaving the business. */

const today = (ctx: PosContext) => businessDate(new Date(), ctx.tenant.timezone);

/**
 * supplierBill.create: a bill typed by hand or made from a purchase receipt. B01 carries the
 * supplier's NCF (its format checked, once per provider while the earlier bill is not cancelled);
 * B11 (informal supplier, who must have a cédula) and B13 (minor expenses) take our next number from
 * our own authorized range. The due date is the explicit one, or the NCF date plus the days of the
 * payment term (the one chosen, else the provider's own days). The same client_key returns the
 * first bill.
 */
export async function createBill(ctx: PosContext, input: z.output<typeof createSupplierBillInput>) {
  const { tx, tenant, user } = ctx;
  const tenantId = tenant.id;
  const [existing] = await tx.select({ id: supplierBills.id }).from(supplierBills).where(and(eq(supplierBills.tenantId, tenantId), eq(supplierBills.clientKey, input.client_key)));
  if (existing) return getBill(ctx, existing.id);

  const [provider] = await tx
    .select({ id: providers.id, taxId: providers.taxId, isActive: providers.isActive, paymentTerms: providers.paymentTerms })
    .from(providers)
    .where(and(eq(providers.tenantId, tenantId), eq(providers.id, input.providerId)));
  if (!provider) throw appError("NOT_FOUND", "payables:errors.providerNotFound");
  if (!provider.isActive) throw appError("BAD_REQUEST", "payables:errors.providerInactive");

  const taxId = compactTaxId(input.supplierTaxId ?? provider.taxId ?? "") || null;
  const taxProblem = supplierTaxIdProblem(input.ncfType, taxId);
  if (taxProblem) throw appError("BAD_REQUEST", taxProblem);

  if (input.receiptId) {
    const [receipt] = await tx
      .select({ id: purchaseReceipts.id, providerId: purchaseOrders.providerId })
      .from(purchaseReceipts)
      .innerJoin(purchaseOrders, and(eq(purchaseOrders.tenantId, purchaseReceipts.tenantId), eq(purchaseOrders.id, purchaseReceipts.orderId)))
      .where(and(eq(purchaseReceipts.tenantId, tenantId), eq(purchaseReceipts.id, input.receiptId)));
    if (!receipt) throw appError("NOT_FOUND", "payables:errors.receiptNotFound");
    if (receipt.providerId !== provider.id) throw appError("BAD_REQUEST", "payables:errors.receiptOtherProvider");
    const [billed] = await tx
      .select({ number: supplierBills.number })
      .from(supplierBills)
      .where(and(eq(supplierBills.tenantId, tenantId), eq(supplierBills.receiptId, input.receiptId), ne(supplierBills.status, "cancelled")));
    if (billed) throw appError("BAD_REQUEST", "payables:errors.receiptBilled", { number: billed.number });
  }

  let termDays = provider.paymentTerms ?? 0;
  if (input.paymentTermId) {
    const [term] = await tx
      .select({ days: invoiceConditions.days })
      .from(invoiceConditions)
      .where(and(eq(invoiceConditions.tenantId, tenantId), eq(invoiceConditions.id, input.paymentTermId)));
    if (!term) throw appError("NOT_FOUND", "payables:errors.paymentTermNotFound");
    termDays = term.days;
  }
  const dueDate = input.dueDate ?? dueDateOf(input.ncfDate, termDays);

  if (input.ncfType === "B01") {
    const [dup] = await tx
      .select({ number: supplierBills.number })
      .from(supplierBills)
      .where(and(eq(supplierBills.tenantId, tenantId), eq(supplierBills.providerId, provider.id), eq(supplierBills.ncf, input.ncf!), ne(supplierBills.status, "cancelled")));
    if (dup) throw appError("BAD_REQUEST", "payables:errors.duplicateNcf", { ncf: input.ncf, number: dup.number });
  }

  const own = OWN_NCF_TYPES.includes(input.ncfType) ? await takeNcf(tx, tenantId, { code: input.ncfType }, today(ctx)) : null;
  const number = await nextDocumentNumber(tx, tenantId, SERIES.key, SERIES.prefix, SERIES.width);
  const totals = billTotals({ goods: input.goodsAmount, services: input.servicesAmount, itbis: input.itbis, itbisWithheld: input.itbisWithheld, isrWithheld: input.isrWithheld });
  const id = newId();
  try {
    await tx.insert(supplierBills).values({
      tenantId,
      id,
      number,
      clientKey: input.client_key,
      providerId: provider.id,
      receiptId: input.receiptId ?? null,
      ncfType: input.ncfType,
      ncf: own ? own.ncf : input.ncf!,
      ncfTypeId: own?.ncfTypeId ?? null,
      ncfDate: input.ncfDate,
      supplierTaxId: taxId,
      paymentTermId: input.paymentTermId ?? null,
      dueDate,
      goodsAmount: input.goodsAmount,
      servicesAmount: input.servicesAmount,
      itbis: input.itbis,
      itbisWithheld: input.itbisWithheld,
      isrWithholdingType: toBig(input.isrWithheld).gt(0) ? (input.isrWithholdingType ?? null) : null,
      isrWithheld: input.isrWithheld,
      expenseType: input.expenseType,
      paymentForm: input.paymentForm,
      total: totals.total,
      payable: totals.payable,
      paidTotal: "0",
      balance: totals.payable,
      status: toBig(totals.payable).lte(0) ? "paid" : "open",
      notes: input.notes,
      userId: user.id,
    });
  } catch (e) {
    // a concurrent bill took the same NCF (or the same key) between the check and the insert
    if (isUniqueViolation(e)) throw appError("BAD_REQUEST", "payables:errors.duplicateNcf", { ncf: input.ncf ?? "", number: "" });
    throw e;
  }
  await postDocument(tx, tenantId, user.id, "supplier_bill", id);
  return getBill(ctx, id);
}

/** The bill row, locked until the transaction ends: payments and cancellation of one bill take turns. */
async function lockBill(tx: Tx, tenantId: string, id: string) {
  const [bill] = await tx
    .select()
    .from(supplierBills)
    .where(and(eq(supplierBills.tenantId, tenantId), eq(supplierBills.id, id)))
    .for("update");
  if (!bill) throw appError("NOT_FOUND", "payables:errors.billNotFound");
  return bill;
}

/**
 * supplierBill.pay: a full or partial payment, never more than the balance (the bill row is locked
 * first, so concurrent payments take turns and the second sees the first's balance). Cash leaves
 * the payer's open cash box (the close subtracts it); transfer, check and card carry a reference.
 * The same client_key returns the bill unchanged.
 */
export async function payBill(ctx: PosContext, input: z.output<typeof payBillInput>) {
  const { tx, tenant, user } = ctx;
  const tenantId = tenant.id;
  const bill = await lockBill(tx, tenantId, input.id);
  const [done] = await tx
    .select({ billId: supplierBillPayments.billId })
    .from(supplierBillPayments)
    .where(and(eq(supplierBillPayments.tenantId, tenantId), eq(supplierBillPayments.clientKey, input.client_key)));
  if (done) {
    if (done.billId !== bill.id) throw appError("BAD_REQUEST", "payables:errors.paymentKeyUsed");
    return getBill(ctx, bill.id);
  }
  if (bill.status === "cancelled") throw appError("BAD_REQUEST", "payables:errors.billCancelled");
  if (toBig(bill.balance).lte(0)) throw appError("BAD_REQUEST", "payables:errors.billPaid");
  if (toBig(input.amount).gt(bill.balance)) throw appError("BAD_REQUEST", "payables:errors.amountAboveBalance", { balance: toBig(bill.balance).toFixed(2) });

  const [method] = await tx
    .select({ id: paymentMethods.id, code: paymentMethods.code, isActive: paymentMethods.isActive })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.tenantId, tenantId), eq(paymentMethods.id, input.paymentMethodId)));
  if (!method) throw appError("NOT_FOUND", "payables:errors.methodNotFound");
  const code = method.code.toUpperCase();
  if (!method.isActive || isNotForPayments(code)) throw appError("BAD_REQUEST", "payables:errors.methodNotAllowed");
  let sessionId: string | null = null;
  if (code === CASH_METHOD_CODE) {
    const session = await openSessionOf(tx, tenantId, user.id);
    if (!session) throw appError("BAD_REQUEST", "payables:errors.noOpenCashbox");
    sessionId = session.id;
  }

  const paid = toBig(bill.paidTotal).plus(input.amount);
  const balance = toBig(bill.payable).minus(paid);
  const paymentId = newId();
  await tx.insert(supplierBillPayments).values({
    tenantId,
    id: paymentId,
    billId: bill.id,
    clientKey: input.client_key,
    paymentMethodId: method.id,
    cashboxSessionId: sessionId,
    amount: input.amount,
    reference: input.reference,
    paidOn: today(ctx),
    status: "completed",
    userId: user.id,
  });
  await tx
    .update(supplierBills)
    .set({ paidTotal: paid.toFixed(2), balance: balance.toFixed(2), status: billStatusOf(bill.payable, paid.toFixed(2)), updatedAt: new Date() })
    .where(and(eq(supplierBills.tenantId, tenantId), eq(supplierBills.id, bill.id)));
  await postDocument(tx, tenantId, user.id, "bill_payment", paymentId);
  return getBill(ctx, bill.id);
}

/**
 * supplierBill.reversePayment: a payment made by mistake is reversed (kept, marked reversed) and
 * the bill owes it again. A cash payment can only be reversed while its cash box session is open
 * (a closed count cannot change).
 */
export async function reversePayment(ctx: PosContext, input: { id: string; paymentId: string }) {
  const { tx, tenant, user } = ctx;
  const bill = await lockBill(tx, tenant.id, input.id);
  const [payment] = await tx
    .select()
    .from(supplierBillPayments)
    .where(and(eq(supplierBillPayments.tenantId, tenant.id), eq(supplierBillPayments.id, input.paymentId), eq(supplierBillPayments.billId, bill.id)));
  if (!payment) throw appError("NOT_FOUND", "payables:errors.paymentNotFound");
  if (payment.status === "reversed") return getBill(ctx, bill.id);
  if (payment.cashboxSessionId) {
    const rows = rowsOf<{ status: string }>(await tx.execute(sql`SELECT status FROM cashbox_sessions WHERE tenant_id = ${tenant.id} AND id = ${payment.cashboxSessionId}`));
    if (rows[0]?.status !== "open") throw appError("BAD_REQUEST", "payables:errors.sessionClosed");
  }
  const paid = toBig(bill.paidTotal).minus(payment.amount);
  await tx
    .update(supplierBillPayments)
    .set({ status: "reversed", reversedAt: new Date(), reversedBy: user.id })
    .where(and(eq(supplierBillPayments.tenantId, tenant.id), eq(supplierBillPayments.id, payment.id)));
  await tx
    .update(supplierBills)
    .set({ paidTotal: paid.toFixed(2), balance: toBig(bill.payable).minus(paid).toFixed(2), status: billStatusOf(bill.payable, paid.toFixed(2)), updatedAt: new Date() })
    .where(and(eq(supplierBills.tenantId, tenant.id), eq(supplierBills.id, bill.id)));
  await reverseSources(tx, tenant.id, user.id, [{ type: "bill_payment", ids: [payment.id] }], today(ctx));
  return getBill(ctx, bill.id);
}

/**
 * supplierBill.cancel: only a bill with nothing paid on it (reverse its payments first). Cancelling
 * again answers the cancelled bill. Our own B11/B13 number stays used (it goes to the 608).
 */
export async function cancelBill(ctx: PosContext, input: z.output<typeof cancelBillInput>) {
  const { tx, tenant, user } = ctx;
  const bill = await lockBill(tx, tenant.id, input.id);
  if (bill.status === "cancelled") return getBill(ctx, bill.id);
  if (toBig(bill.paidTotal).gt(0)) throw appError("BAD_REQUEST", "payables:errors.cancelHasPayments");
  await tx
    .update(supplierBills)
    .set({ status: "cancelled", balance: "0", cancelledAt: new Date(), cancelledBy: user.id, cancelReason: input.reason, updatedAt: new Date() })
    .where(and(eq(supplierBills.tenantId, tenant.id), eq(supplierBills.id, bill.id)));
  await reverseSources(tx, tenant.id, user.id, [{ type: "supplier_bill", ids: [bill.id] }], today(ctx));
  return getBill(ctx, bill.id);
}

/** supplierBill.getById: the bill with its provider and payments (reversed ones too). */
export async function getBill(ctx: PosContext, id: string) {
  const { tx, tenant } = ctx;
  const [head] = await tx
    .select({ bill: supplierBills, providerName: providers.name, providerCode: providers.code, providerTaxId: providers.taxId, createdBy: users.name, termName: invoiceConditions.name })
    .from(supplierBills)
    .innerJoin(providers, and(eq(providers.tenantId, supplierBills.tenantId), eq(providers.id, supplierBills.providerId)))
    .innerJoin(users, and(eq(users.tenantId, supplierBills.tenantId), eq(users.id, supplierBills.userId)))
    .leftJoin(invoiceConditions, and(eq(invoiceConditions.tenantId, supplierBills.tenantId), eq(invoiceConditions.id, supplierBills.paymentTermId)))
    .where(and(eq(supplierBills.tenantId, tenant.id), eq(supplierBills.id, id)));
  if (!head) throw appError("NOT_FOUND", "payables:errors.billNotFound");
  const payments = await tx
    .select({ p: supplierBillPayments, methodName: paymentMethods.name, methodCode: paymentMethods.code, userName: users.name })
    .from(supplierBillPayments)
    .innerJoin(paymentMethods, and(eq(paymentMethods.tenantId, supplierBillPayments.tenantId), eq(paymentMethods.id, supplierBillPayments.paymentMethodId)))
    .innerJoin(users, and(eq(users.tenantId, supplierBillPayments.tenantId), eq(users.id, supplierBillPayments.userId)))
    .where(and(eq(supplierBillPayments.tenantId, tenant.id), eq(supplierBillPayments.billId, id)))
    .orderBy(asc(supplierBillPayments.createdAt));
  const b = head.bill;
  const asOf = today(ctx);
  const open = b.status === "open" || b.status === "partially_paid";
  return {
    id: b.id,
    number: b.number,
    provider: { id: b.providerId, name: head.providerName, code: head.providerCode, taxId: head.providerTaxId },
    receiptId: b.receiptId,
    ncfType: b.ncfType,
    ncf: b.ncf,
    ncfDate: b.ncfDate,
    supplierTaxId: b.supplierTaxId,
    paymentTerm: b.paymentTermId ? { id: b.paymentTermId, name: head.termName ?? "" } : null,
    dueDate: b.dueDate,
    goodsAmount: b.goodsAmount,
    servicesAmount: b.servicesAmount,
    itbis: b.itbis,
    itbisWithheld: b.itbisWithheld,
    isrWithholdingType: b.isrWithholdingType,
    isrWithheld: b.isrWithheld,
    expenseType: b.expenseType,
    paymentForm: b.paymentForm,
    total: b.total,
    payable: b.payable,
    paidTotal: b.paidTotal,
    balance: b.balance,
    status: b.status,
    notes: b.notes,
    daysPastDue: open ? daysPastDue(b.dueDate, asOf) : 0,
    bucket: open ? agingBucketOf(b.dueDate, asOf) : null,
    createdAt: b.createdAt.toISOString(),
    createdBy: head.createdBy,
    cancelledAt: b.cancelledAt?.toISOString() ?? null,
    cancelReason: b.cancelReason,
    payments: payments.map((r) => ({
      id: r.p.id,
      amount: r.p.amount,
      method: { id: r.p.paymentMethodId, name: r.methodName, code: r.methodCode },
      reference: r.p.reference,
      paidOn: r.p.paidOn,
      status: r.p.status,
      cash: r.p.cashboxSessionId !== null,
      createdAt: r.p.createdAt.toISOString(),
      userName: r.userName,
    })),
  };
}

/** supplierBill.getAll: a page of bills, newest NCF date first, with the totals of the filtered set. */
export async function listBills(ctx: PosContext, input: z.output<typeof supplierBillListInput>) {
  const { tx, tenant } = ctx;
  const where: SQL[] = [sql`b.tenant_id = ${tenant.id}`];
  if (input.providerId) where.push(sql`b.provider_id = ${input.providerId}`);
  if (input.status) where.push(sql`b.status = ${input.status}`);
  if (input.dateFrom) where.push(sql`b.ncf_date >= ${input.dateFrom}::date`);
  if (input.dateTo) where.push(sql`b.ncf_date <= ${input.dateTo}::date`);
  if (input.dueBy) where.push(sql`b.due_date <= ${input.dueBy}::date AND b.status IN ('open', 'partially_paid')`);
  const search = input.search.toUpperCase();
  if (search) where.push(sql`(b.number LIKE ${`${search.replace(/[%_\\]/g, "")}%`} OR b.ncf LIKE ${`${search.replace(/[%_\\]/g, "")}%`})`);
  const cond = sql.join(where, sql` AND `);
  const [rows, totals] = await Promise.all([
    tx.execute(sql`
      SELECT b.id, b.number, b.ncf_type, b.ncf, b.ncf_date::text AS ncf_date, b.due_date::text AS due_date, b.status,
        b.total::text AS total, b.payable::text AS payable, b.paid_total::text AS paid_total, b.balance::text AS balance,
        b.provider_id, p.name AS provider_name
      FROM ${supplierBills} b JOIN ${providers} p ON p.tenant_id = b.tenant_id AND p.id = b.provider_id
      WHERE ${cond}
      ORDER BY b.ncf_date DESC, b.number DESC
      LIMIT ${input.pageSize} OFFSET ${offsetOf(input.page, input.pageSize)}`),
    tx.execute(sql`
      SELECT count(*)::int AS count, coalesce(sum(b.payable) FILTER (WHERE b.status <> 'cancelled'), 0)::text AS payable, coalesce(sum(b.balance), 0)::text AS balance
      FROM ${supplierBills} b WHERE ${cond}`),
  ]);
  const asOf = today(ctx);
  const data = rowsOf<Record<string, string>>(rows).map((r) => {
    const open = r.status === "open" || r.status === "partially_paid";
    return {
      id: r.id!,
      number: r.number!,
      ncfType: r.ncf_type!,
      ncf: r.ncf!,
      ncfDate: r.ncf_date!,
      dueDate: r.due_date!,
      status: r.status!,
      total: toBig(r.total).toFixed(2),
      payable: toBig(r.payable).toFixed(2),
      paidTotal: toBig(r.paid_total).toFixed(2),
      balance: toBig(r.balance).toFixed(2),
      daysPastDue: open ? daysPastDue(r.due_date!, asOf) : 0,
      provider: { id: r.provider_id!, name: r.provider_name! },
    };
  });
  const [t] = rowsOf<{ count: number; payable: string; balance: string }>(totals);
  const count = Number(t?.count ?? 0);
  return { ...pageOf(data, count, input.page, input.pageSize), totals: { count, payable: toBig(t?.payable).toFixed(2), balance: toBig(t?.balance).toFixed(2) } };
}

type Buckets = Record<AgingBucket, string>;
const zeroBuckets = () => Object.fromEntries(AGING_BUCKETS.map((b) => [b, "0.00"])) as Buckets;

/** The SQL twin of agingBucketOf (the customers' rule): days past the due date on `asOf`; the test checks both agree. */
const bucketSql = (asOf: string) => sql`CASE
  WHEN b.due_date >= ${asOf}::date THEN 'current'
  WHEN ${asOf}::date - b.due_date <= 30 THEN 'd1_30'
  WHEN ${asOf}::date - b.due_date <= 60 THEN 'd31_60'
  WHEN ${asOf}::date - b.due_date <= 90 THEN 'd61_90'
  ELSE 'd90_plus' END`;

/**
 * payable.getAging: what is owed on open bills (open, partially paid) on `asOf` (today's business
 * date in the tenant's time zone by default), per provider in the five buckets, with totals.
 */
export async function getAging(ctx: PosContext, input: z.output<typeof agingInput>) {
  const { tx, tenant } = ctx;
  const asOf = input.asOf ?? today(ctx);
  if (input.providerId) await providerOf(tx, tenant.id, input.providerId);
  const result = await tx.execute(sql`
    SELECT x.provider_id, p.name AS provider_name, p.code AS provider_code, x.bucket, sum(x.balance)::numeric(14,2)::text AS amount, count(*)::int AS count
    FROM (SELECT b.provider_id, ${bucketSql(asOf)} AS bucket, b.balance FROM ${supplierBills} b
      WHERE b.tenant_id = ${tenant.id} AND b.status IN ('open', 'partially_paid') AND b.balance > 0
      ${input.providerId ? sql`AND b.provider_id = ${input.providerId}` : sql``}) x
    JOIN ${providers} p ON p.tenant_id = ${tenant.id} AND p.id = x.provider_id
    GROUP BY x.provider_id, p.name, p.code, x.bucket`);
  const byProvider = new Map<string, { provider: { id: string; name: string; code: string }; buckets: Buckets; total: string; billCount: number }>();
  const totals = zeroBuckets();
  let grand = toBig(0);
  let billCount = 0;
  for (const r of rowsOf<{ provider_id: string; provider_name: string; provider_code: string; bucket: AgingBucket; amount: string; count: number }>(result)) {
    const row = byProvider.get(r.provider_id) ?? { provider: { id: r.provider_id, name: r.provider_name, code: r.provider_code }, buckets: zeroBuckets(), total: "0.00", billCount: 0 };
    row.buckets[r.bucket] = toBig(row.buckets[r.bucket]).plus(r.amount).toFixed(2);
    row.total = toBig(row.total).plus(r.amount).toFixed(2);
    row.billCount += r.count;
    byProvider.set(r.provider_id, row);
    totals[r.bucket] = toBig(totals[r.bucket]).plus(r.amount).toFixed(2);
    grand = grand.plus(r.amount);
    billCount += r.count;
  }
  const providersRows = [...byProvider.values()].sort((a, b) => a.provider.name.localeCompare(b.provider.name, "es"));
  return { asOf, providers: providersRows, totals, total: grand.toFixed(2), billCount };
}

async function providerOf(tx: Tx, tenantId: string, id: string) {
  const [p] = await tx
    .select({ id: providers.id, code: providers.code, name: providers.name, taxId: providers.taxId, phone: providers.phone, email: providers.email, address: providers.address })
    .from(providers)
    .where(and(eq(providers.tenantId, tenantId), eq(providers.id, id)));
  if (!p) throw notFound();
  return p;
}

/**
 * payable.getStatement: the provider's bills (what we owe: the payable, after withholdings) and
 * payments between `from` and `to` (NCF date and payment date), oldest first, with the balance
 * brought forward from before `from` and the running balance after each entry. Cancelled bills and
 * reversed payments are left out. Also the provider's aging on `to`.
 */
export async function getStatement(ctx: PosContext, input: z.output<typeof statementInput>) {
  const { tx, tenant } = ctx;
  const provider = await providerOf(tx, tenant.id, input.providerId);
  const to = input.to ?? today(ctx);
  const from = input.from ?? null;
  if (from && from > to) throw appError("BAD_REQUEST", "payables:errors.rangeInverted");
  const [openingRows, entryRows, aging] = await Promise.all([
    from
      ? tx.execute(sql`
        SELECT (coalesce((SELECT sum(b.payable) FROM ${supplierBills} b WHERE b.tenant_id = ${tenant.id} AND b.provider_id = ${provider.id} AND b.status <> 'cancelled' AND b.ncf_date < ${from}::date), 0)
          - coalesce((SELECT sum(p.amount) FROM ${supplierBillPayments} p JOIN ${supplierBills} b ON b.tenant_id = p.tenant_id AND b.id = p.bill_id
              WHERE p.tenant_id = ${tenant.id} AND b.provider_id = ${provider.id} AND p.status = 'completed' AND p.paid_on < ${from}::date), 0))::text AS opening`)
      : null,
    tx.execute(sql`
      SELECT * FROM (
        SELECT 'bill' AS kind, b.id, b.id AS bill_id, b.number, b.ncf, b.ncf_date::text AS date, b.due_date::text AS due_date, b.payable::text AS amount, NULL AS method, b.created_at
        FROM ${supplierBills} b WHERE b.tenant_id = ${tenant.id} AND b.provider_id = ${provider.id} AND b.status <> 'cancelled'
          AND b.ncf_date <= ${to}::date ${from ? sql`AND b.ncf_date >= ${from}::date` : sql``}
        UNION ALL
        SELECT 'payment' AS kind, p.id, b.id AS bill_id, b.number, b.ncf, p.paid_on::text AS date, NULL AS due_date, p.amount::text AS amount, m.name AS method, p.created_at
        FROM ${supplierBillPayments} p
        JOIN ${supplierBills} b ON b.tenant_id = p.tenant_id AND b.id = p.bill_id
        JOIN ${paymentMethods} m ON m.tenant_id = p.tenant_id AND m.id = p.payment_method_id
        WHERE p.tenant_id = ${tenant.id} AND b.provider_id = ${provider.id} AND p.status = 'completed'
          AND p.paid_on <= ${to}::date ${from ? sql`AND p.paid_on >= ${from}::date` : sql``}
      ) e ORDER BY e.date, e.kind, e.created_at, e.number
      LIMIT 5000`),
    getAging(ctx, { asOf: to, providerId: provider.id }),
  ]);
  const opening = toBig(openingRows ? rowsOf<{ opening: string }>(openingRows)[0]?.opening : "0");
  let balance = opening;
  let billed = toBig(0);
  let paid = toBig(0);
  const entries = rowsOf<{ kind: "bill" | "payment"; id: string; bill_id: string; number: string; ncf: string; date: string; due_date: string | null; amount: string; method: string | null }>(entryRows).map((r) => {
    const amount = toBig(r.amount);
    if (r.kind === "bill") {
      balance = balance.plus(amount);
      billed = billed.plus(amount);
    } else {
      balance = balance.minus(amount);
      paid = paid.plus(amount);
    }
    return {
      kind: r.kind,
      id: r.id,
      billId: r.bill_id,
      number: r.number,
      ncf: r.ncf,
      date: r.date,
      dueDate: r.due_date,
      method: r.method,
      charge: r.kind === "bill" ? amount.toFixed(2) : null,
      payment: r.kind === "payment" ? amount.toFixed(2) : null,
      balance: balance.toFixed(2),
    };
  });
  const row = aging.providers[0];
  return {
    business: { name: tenant.name, taxId: tenant.taxId, address: tenant.address, phone: tenant.phone },
    provider,
    from,
    to,
    openingBalance: opening.toFixed(2),
    billed: billed.toFixed(2),
    paid: paid.toFixed(2),
    closingBalance: balance.toFixed(2),
    buckets: row?.buckets ?? zeroBuckets(),
    entries,
  };
}

/**
 * supplierBill.receipts: the provider's purchase receipts not yet billed (by a bill that is not
 * cancelled), newest first, each with the amounts a bill of it starts from: goods and services
 * (services are the lines of service products) before ITBIS and the ITBIS, by the purchase orders'
 * own line rule (src/shared/purchasing/totals.ts) at the received quantities and unit costs.
 */
export async function unbilledReceipts(ctx: PosContext, providerId: string) {
  const { tx, tenant } = ctx;
  await providerOf(tx, tenant.id, providerId);
  const receipts = await tx
    .select({ id: purchaseReceipts.id, createdAt: purchaseReceipts.createdAt, orderNumber: purchaseOrders.number, paymentTermId: purchaseOrders.paymentTermId })
    .from(purchaseReceipts)
    .innerJoin(purchaseOrders, and(eq(purchaseOrders.tenantId, purchaseReceipts.tenantId), eq(purchaseOrders.id, purchaseReceipts.orderId)))
    .where(
      and(
        eq(purchaseReceipts.tenantId, tenant.id),
        eq(purchaseOrders.providerId, providerId),
        sql`NOT EXISTS (SELECT 1 FROM ${supplierBills} b WHERE b.tenant_id = ${tenant.id} AND b.receipt_id = ${purchaseReceipts.id} AND b.status <> 'cancelled')`,
      ),
    )
    .orderBy(sql`${purchaseReceipts.createdAt} desc`)
    .limit(50);
  if (receipts.length === 0) return [];
  const lines = await tx
    .select({ receiptId: purchaseReceiptLines.receiptId, quantity: purchaseReceiptLines.quantity, unitCost: purchaseReceiptLines.unitCost, taxPercent: purchaseOrderLines.taxPercent, productType: products.productType })
    .from(purchaseReceiptLines)
    .innerJoin(purchaseOrderLines, and(eq(purchaseOrderLines.tenantId, purchaseReceiptLines.tenantId), eq(purchaseOrderLines.id, purchaseReceiptLines.orderLineId)))
    .innerJoin(products, and(eq(products.tenantId, purchaseReceiptLines.tenantId), eq(products.id, purchaseReceiptLines.productId)))
    .where(and(eq(purchaseReceiptLines.tenantId, tenant.id), sql`${purchaseReceiptLines.receiptId} IN (${sql.join(receipts.map((r) => sql`${r.id}::uuid`), sql`, `)})`));
  return receipts.map((r) => {
    let goods = toBig(0);
    let services = toBig(0);
    let itbis = toBig(0);
    for (const l of lines.filter((x) => x.receiptId === r.id)) {
      const a = purchaseLineAmounts(l);
      if (l.productType === "service") services = services.plus(a.subtotal);
      else goods = goods.plus(a.subtotal);
      itbis = itbis.plus(a.taxAmount);
    }
    return { id: r.id, orderNumber: r.orderNumber, receivedAt: r.createdAt.toISOString(), paymentTermId: r.paymentTermId, goodsAmount: goods.toFixed(2), servicesAmount: services.toFixed(2), itbis: itbis.toFixed(2) };
  });
}
