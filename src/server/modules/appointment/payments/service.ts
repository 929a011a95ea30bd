import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  type AppointmentRefundMethod,
  type applyDepositInput,
  type batchProcessInput,
  creditedQuantity,
  DEPOSIT_ACTIONS,
  DEPOSIT_STATUSES,
  type DepositAction,
  type DepositStatus,
  type depositListInput,
  type forfeitDepositInput,
  PM,
  REFUND_STATUSES,
  REFUND_TRANSITIONS,
  REFUNDABLE_APPOINTMENT_STATUSES,
  type RefundStatus,
  type refundIdInput,
  type refundListInput,
  refundQuote,
  type rejectRefundInput,
  type requestRefundInput,
} from "../../../../shared/appointments/refunds";
import { toBig } from "../../../../shared/catalog/decimal";
import { offsetOf } from "../../../../shared/platform/pagination";
import { rowsOf, type Tx } from "../../../db/client";
import { newId } from "../../../ids";
import { appError, notFound } from "../../../trpc/errors";
import { createCreditNote } from "../../credit-note/service";
import { readPolicy } from "../availability";
import { type AppointmentContext, applyDeposit as applyDepositToInvoice } from "../service";
import { appointmentRefunds } from "../tables";

/**
 * Deposits and the refund queue of the appointments area (the 'Pagos' tab; spec 03 §4). A refund
 * covers what was paid on a cancelled or no-show appointment, quoted by the policy (refund window,
 * sliding scale, cancellation fee, retention). Processing it gives the money back: an invoiced
 * appointment through a B04 credit note on its invoice (the one credit-note path: cash from the
 * open cash box, or store credit); money never invoiced is marked refunded on the appointment.
 */

/** By appointment number, customer or service; `t` is the alias of the rows that carry them. */
const searchFilter = (t: "a" | "d", search: string): SQL =>
  search ? sql`AND (${sql.raw(t)}.appointment_number ILIKE ${`%${search}%`} OR ${sql.raw(t)}.customer_name ILIKE ${`%${search}%`} OR ${sql.raw(t)}.service_name ILIKE ${`%${search}%`})` : sql``;
const paymentStatusOf = (v: string | undefined) => (v ? sql`AND d.deposit_status = ${v}` : sql``);

interface DepositRaw {
  payment_id: string;
  appointment_id: string;
  appointment_number: string;
  appointment_status: string;
  appointment_date: string;
  start_time: string;
  customer_name: string;
  service_name: string;
  amount: string;
  deposit_status: DepositStatus;
  method_name: string | null;
  transaction_id: string | null;
  invoice_number: string | null;
  ncf: string | null;
  paid_at: Date;
  refunded_at: Date | null;
  refund_reason: string | null;
  refund_id: string | null;
  refund_status: RefundStatus | null;
  refund_amount: string | null;
}

/**
 * The deposits: each deposit payment with its status, and as 'pending' the deposits asked for
 * through an 'APT-' payment link not yet paid (no payment exists yet; the row's payment_id is the link's).
 */
const depositsQuery = (tenantId: string) => sql`
  SELECT p.id AS payment_id, a.id AS appointment_id, a.appointment_number, a.status AS appointment_status, a.appointment_date::text, a.start_time,
    a.customer_name, a.service_name, p.amount::text AS amount, p.deposit_status, m.name AS method_name, p.transaction_id, o.number AS invoice_number, o.ncf,
    p.created_at AS paid_at, p.refunded_at, p.refund_reason, r.id AS refund_id, r.status AS refund_status, r.amount::text AS refund_amount
  FROM appointment_payments p
  JOIN appointments a ON a.tenant_id = p.tenant_id AND a.id = p.appointment_id
  JOIN payment_methods m ON m.tenant_id = p.tenant_id AND m.id = p.payment_method_id
  LEFT JOIN orders o ON o.tenant_id = p.tenant_id AND o.id = p.order_id
  LEFT JOIN appointment_refunds r ON r.tenant_id = a.tenant_id AND r.appointment_id = a.id AND r.status <> 'rejected'
  WHERE p.tenant_id = ${tenantId} AND p.payment_type = 'deposit'
  UNION ALL
  SELECT l.id, a.id, a.appointment_number, a.status, a.appointment_date::text, a.start_time, a.customer_name, a.service_name, l.amount::text, 'pending', NULL, NULL, NULL, NULL,
    l.created_at, NULL, NULL, NULL, NULL, NULL
  FROM payment_links l
  JOIN appointments a ON a.tenant_id = l.tenant_id AND l.order_number = 'APT-' || a.appointment_number
  WHERE l.tenant_id = ${tenantId} AND l.status = 'pending' AND l.expires_at > now() AND a.status NOT IN ('cancelled', 'no_show')
    AND NOT EXISTS (SELECT 1 FROM appointment_payments x WHERE x.tenant_id = a.tenant_id AND x.appointment_id = a.id AND x.payment_type = 'deposit')`;

function depositActions(r: DepositRaw): DepositAction[] {
  const cancelled = (REFUNDABLE_APPOINTMENT_STATUSES as readonly string[]).includes(r.appointment_status);
  const actions: DepositAction[] = [];
  for (const [action, from] of Object.entries(DEPOSIT_ACTIONS) as [DepositAction, readonly DepositStatus[]][]) {
    if (!from.includes(r.deposit_status)) continue;
    if (action === "apply_to_payment" && cancelled) continue;
    if (action === "forfeit" && (!cancelled || r.refund_id)) continue;
    if (action === "process_refund" && (!cancelled || r.refund_id)) continue;
    actions.push(action);
  }
  return actions;
}

function depositView(r: DepositRaw) {
  const { refund_id, refund_status, refund_amount, ...rest } = r;
  return { ...rest, refund: refund_id ? { id: refund_id, status: refund_status!, amount: refund_amount! } : null, actions: depositActions(r) };
}

/** appointment.getDeposits: a page of deposits, newest first, with the count per status (of the search, whatever the status filter). */
export async function listDeposits(ctx: AppointmentContext, input: z.output<typeof depositListInput>) {
  const { tx, tenant } = ctx;
  // One statement: the searched deposits once, their count per status, and the page beside it (one row of nulls when the page is empty).
  const result = rowsOf<(DepositRaw | { [K in keyof DepositRaw]: null }) & { counts: Partial<Record<DepositStatus, number>> }>(
    await tx.execute(sql`WITH d AS (SELECT d.* FROM (${depositsQuery(tenant.id)}) d WHERE true ${searchFilter("d", input.search)})
      SELECT page.*, c.counts
      FROM (SELECT coalesce(json_object_agg(s.status, s.n), '{}') AS counts FROM (SELECT d.deposit_status AS status, count(*)::int AS n FROM d GROUP BY d.deposit_status) s) c
      LEFT JOIN LATERAL (SELECT d.* FROM d WHERE true ${paymentStatusOf(input.status)} ORDER BY d.paid_at DESC, d.payment_id LIMIT ${input.pageSize} OFFSET ${offsetOf(input.page, input.pageSize)}) page ON true
      ORDER BY page.paid_at DESC, page.payment_id`),
  );
  const counts = result[0]?.counts ?? {};
  const rows = result.flatMap(({ counts: _, ...row }) => (row.payment_id === null ? [] : [row as DepositRaw]));
  const byStatus = Object.fromEntries(DEPOSIT_STATUSES.map((s) => [s, counts[s] ?? 0])) as Record<DepositStatus, number>;
  const total = input.status ? byStatus[input.status] : Object.values(byStatus).reduce((a, b) => a + b, 0);
  return { items: rows.map(depositView), total, counts: byStatus };
}

async function depositRow(tx: Tx, tenantId: string, paymentId: string) {
  const [row] = rowsOf<DepositRaw>(await tx.execute(sql`SELECT d.* FROM (${depositsQuery(tenantId)}) d WHERE d.payment_id = ${paymentId}`));
  if (!row) throw notFound();
  return depositView(row);
}

// ---------------------------------------------------------------- refund quote and request

interface RefundAppointment {
  id: string;
  status: string;
  customer_id: string | null;
  service_id: string;
  party_size: number;
  amount_paid: string;
  invoice_id: string | null;
  hours_before: number;
}

/** The appointment a refund is for (locked): how much notice the customer gave (hours from the cancellation, or now, to the start; no-show: -1). */
async function lockRefundAppointment(tx: Tx, tenantId: string, id: string, lock = true): Promise<RefundAppointment> {
  const [row] = rowsOf<RefundAppointment>(
    await tx.execute(sql`SELECT id, status, customer_id, service_id, party_size, amount_paid::text, invoice_id,
        CASE WHEN status = 'no_show' THEN -1 ELSE floor(extract(epoch FROM starts_at - coalesce(cancelled_at, now())) / 3600)::int END AS hours_before
      FROM appointments WHERE tenant_id = ${tenantId} AND id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`),
  );
  if (!row) throw notFound();
  return row;
}

const methodsFor = (invoiced: boolean): AppointmentRefundMethod[] => (invoiced ? ["original_payment_method", "store_credit"] : ["original_payment_method", "manual_processing"]);

async function quoteFor(tx: Tx, tenantId: string, appt: RefundAppointment, waiveFees: boolean) {
  if (!(REFUNDABLE_APPOINTMENT_STATUSES as readonly string[]).includes(appt.status)) throw appError("BAD_REQUEST", PM.notRefundable);
  if (toBig(appt.amount_paid).lte(0)) throw appError("BAD_REQUEST", PM.nothingPaid);
  const policy = await readPolicy(tx, tenantId);
  const invoiced = appt.invoice_id !== null;
  return { ...refundQuote(appt.amount_paid, appt.hours_before, policy.refund, waiveFees), hours_before: appt.hours_before, invoiced, methods: methodsFor(invoiced) };
}

/** appointment.getRefundQuote: what a refund of the appointment would give back, and the methods it may use. */
export async function getRefundQuote(ctx: AppointmentContext, input: { appointment_id: string; waive_fees: boolean }) {
  const appt = await lockRefundAppointment(ctx.tx, ctx.tenant.id, input.appointment_id, false);
  return quoteFor(ctx.tx, ctx.tenant.id, appt, input.waive_fees);
}

/**
 * appointment.requestRefund: a refund request (pending_review) for what was paid on a cancelled or
 * no-show appointment, by the policy's quote. One live request per appointment: the same request
 * again answers the one waiting for review.
 */
export async function requestRefund(ctx: AppointmentContext, input: z.output<typeof requestRefundInput>) {
  const { tx, tenant, user } = ctx;
  const appt = await lockRefundAppointment(tx, tenant.id, input.appointment_id);
  const [live] = rowsOf<{ id: string; status: string; method: string }>(
    await tx.execute(sql`SELECT id, status, method FROM appointment_refunds WHERE tenant_id = ${tenant.id} AND appointment_id = ${appt.id} AND status <> 'rejected'`),
  );
  if (live) {
    if (live.status === "pending_review" && live.method === input.method) return refundRow(tx, tenant.id, live.id);
    throw appError("BAD_REQUEST", PM.refundExists);
  }
  const quote = await quoteFor(tx, tenant.id, appt, input.waive_fees);
  if (!quote.methods.includes(input.method)) throw appError("BAD_REQUEST", quote.invoiced ? PM.manualOnInvoice : PM.storeCreditNeedsInvoice);
  if (toBig(quote.amount).lte(0)) throw appError("BAD_REQUEST", PM.nothingToRefund);
  const [latest] = rowsOf<{ id: string }>(
    await tx.execute(sql`SELECT id FROM appointment_payments WHERE tenant_id = ${tenant.id} AND appointment_id = ${appt.id} ORDER BY created_at DESC LIMIT 1`),
  );
  const id = newId();
  await tx.insert(appointmentRefunds).values({
    tenantId: tenant.id,
    id,
    appointmentId: appt.id,
    paymentId: latest?.id ?? null,
    amount: quote.amount,
    refundPercent: quote.refund_percent,
    originalAmount: quote.original_amount,
    cancellationFee: quote.cancellation_fee,
    retentionAmount: quote.retention_amount,
    method: input.method,
    status: "pending_review",
    processingNotes: input.notes ?? null,
    userId: user.id,
  });
  return refundRow(tx, tenant.id, id);
}

// ---------------------------------------------------------------- the refund queue

interface RefundRaw {
  id: string;
  appointment_id: string;
  appointment_number: string;
  appointment_status: string;
  appointment_date: string;
  start_time: string;
  customer_name: string;
  service_name: string;
  amount: string;
  original_amount: string;
  refund_percent: number;
  cancellation_fee: string;
  retention_amount: string;
  method: AppointmentRefundMethod;
  status: RefundStatus;
  processing_notes: string | null;
  invoiced: boolean;
  invoice_number: string | null;
  credit_note_id: string | null;
  credit_note_number: string | null;
  credit_note_ncf: string | null;
  user_name: string | null;
  processed_at: Date | null;
  created_at: Date;
}

const refundSelect = sql`SELECT r.id, r.appointment_id, a.appointment_number, a.status AS appointment_status, a.appointment_date::text, a.start_time, a.customer_name, a.service_name,
    r.amount::text, r.original_amount::text, r.refund_percent, r.cancellation_fee::text, r.retention_amount::text, r.method, r.status, r.processing_notes,
    a.invoice_id IS NOT NULL AS invoiced, o.number AS invoice_number, r.credit_note_id, n.number AS credit_note_number, n.ncf AS credit_note_ncf,
    u.name AS user_name, r.processed_at, r.created_at
  FROM appointment_refunds r
  JOIN appointments a ON a.tenant_id = r.tenant_id AND a.id = r.appointment_id
  LEFT JOIN orders o ON o.tenant_id = a.tenant_id AND o.id = a.invoice_id
  LEFT JOIN credit_notes n ON n.tenant_id = r.tenant_id AND n.id = r.credit_note_id
  LEFT JOIN users u ON u.tenant_id = r.tenant_id AND u.id = r.user_id`;

type RefundAction = "approve" | "reject" | "process" | "complete";
function refundActions(status: RefundStatus): RefundAction[] {
  const next = REFUND_TRANSITIONS[status];
  const actions: RefundAction[] = [];
  if (status === "pending_review" && next.includes("approved")) actions.push("approve");
  if (next.includes("rejected")) actions.push("reject");
  if (status === "approved") actions.push("process");
  if (status === "processing") actions.push("complete");
  return actions;
}

const refundView = (r: RefundRaw) => ({ ...r, actions: refundActions(r.status) });

async function refundRow(tx: Tx, tenantId: string, id: string) {
  const [row] = rowsOf<RefundRaw>(await tx.execute(sql`${refundSelect} WHERE r.tenant_id = ${tenantId} AND r.id = ${id}`));
  if (!row) throw notFound();
  return refundView(row);
}

/** appointment.getRefunds: the refund queue, oldest waiting first within a status, with the count per status. */
export async function listRefunds(ctx: AppointmentContext, input: z.output<typeof refundListInput>) {
  const { tx, tenant } = ctx;
  const where = sql`WHERE r.tenant_id = ${tenant.id} ${searchFilter("a", input.search)}`;
  const [rows, counts] = await Promise.all([
    tx
      .execute(
        sql`${refundSelect} ${where} ${input.status ? sql`AND r.status = ${input.status}` : sql``}
          ORDER BY CASE r.status WHEN 'pending_review' THEN 0 WHEN 'approved' THEN 1 WHEN 'processing' THEN 2 ELSE 3 END, CASE WHEN r.status IN ('completed', 'rejected') THEN r.updated_at END DESC NULLS LAST, r.created_at, r.id
          LIMIT ${input.pageSize} OFFSET ${offsetOf(input.page, input.pageSize)}`,
      )
      .then((r) => rowsOf<RefundRaw>(r)),
    tx
      .execute(sql`SELECT r.status, count(*)::int AS n FROM appointment_refunds r JOIN appointments a ON a.tenant_id = r.tenant_id AND a.id = r.appointment_id ${where} GROUP BY r.status`)
      .then((r) => rowsOf<{ status: RefundStatus; n: number }>(r)),
  ]);
  const byStatus = Object.fromEntries(REFUND_STATUSES.map((s) => [s, counts.find((c) => c.status === s)?.n ?? 0])) as Record<RefundStatus, number>;
  const total = input.status ? byStatus[input.status] : Object.values(byStatus).reduce((a, b) => a + b, 0);
  return { items: rows.map(refundView), total, counts: byStatus };
}

async function lockRefund(tx: Tx, tenantId: string, id: string) {
  const [row] = rowsOf<{ id: string; appointment_id: string; status: RefundStatus; method: AppointmentRefundMethod; amount: string; processing_notes: string | null }>(
    await tx.execute(sql`SELECT id, appointment_id, status, method, amount::text, processing_notes FROM appointment_refunds WHERE tenant_id = ${tenantId} AND id = ${id} FOR UPDATE`),
  );
  if (!row) throw notFound();
  return row;
}

const withNote = (old: string | null, note: string | null | undefined) => (note ? (old ? `${old}\n${note}` : note) : old);

async function moveRefund(tx: Tx, tenantId: string, id: string, to: RefundStatus, notes: string | null, extra: SQL = sql``) {
  await tx.execute(sql`UPDATE appointment_refunds SET status = ${to}, processing_notes = ${notes}, updated_at = now() ${extra} WHERE tenant_id = ${tenantId} AND id = ${id}`);
}

/** A refund moves only where REFUND_TRANSITIONS allows; the same move again answers the row unchanged. */
async function transition(ctx: AppointmentContext, id: string, to: RefundStatus, notes: string | null | undefined) {
  const { tx, tenant } = ctx;
  const refund = await lockRefund(tx, tenant.id, id);
  if (refund.status === to) return { refund, done: true };
  if (!REFUND_TRANSITIONS[refund.status].includes(to)) throw appError("BAD_REQUEST", PM.refundStatus, { status: refund.status });
  return { refund: { ...refund, processing_notes: withNote(refund.processing_notes, notes) }, done: false };
}

export async function approveRefund(ctx: AppointmentContext, input: z.output<typeof refundIdInput>) {
  const { refund, done } = await transition(ctx, input.id, "approved", input.notes);
  if (!done) await moveRefund(ctx.tx, ctx.tenant.id, refund.id, "approved", refund.processing_notes);
  return refundRow(ctx.tx, ctx.tenant.id, input.id);
}

export async function rejectRefund(ctx: AppointmentContext, input: z.output<typeof rejectRefundInput>) {
  const { refund, done } = await transition(ctx, input.id, "rejected", input.notes);
  if (!done) await moveRefund(ctx.tx, ctx.tenant.id, refund.id, "rejected", refund.processing_notes);
  return refundRow(ctx.tx, ctx.tenant.id, input.id);
}

/**
 * appointment.processRefund: an approved refund gives the money back and is completed, except a
 * manual one (a transfer the business makes outside Enzzo): it waits in 'processing' until
 * appointment.completeRefund records it done.
 */
export async function processRefund(ctx: AppointmentContext, input: z.output<typeof refundIdInput>) {
  const { tx, tenant } = ctx;
  const refund = await lockRefund(tx, tenant.id, input.id);
  if (refund.status === "completed" || (refund.status === "processing" && refund.method === "manual_processing")) return refundRow(tx, tenant.id, refund.id);
  if (refund.status !== "approved") throw appError("BAD_REQUEST", PM.refundStatus, { status: refund.status });
  const notes = withNote(refund.processing_notes, input.notes);
  if (refund.method === "manual_processing") {
    await moveRefund(tx, tenant.id, refund.id, "processing", notes);
    return refundRow(tx, tenant.id, refund.id);
  }
  await giveBack(ctx, refund, notes);
  return refundRow(tx, tenant.id, refund.id);
}

/** appointment.completeRefund: a manual refund the business has paid is done. */
export async function completeRefund(ctx: AppointmentContext, input: z.output<typeof refundIdInput>) {
  const { refund, done } = await transition(ctx, input.id, "completed", input.notes);
  if (!done) {
    if (refund.status !== "processing") throw appError("BAD_REQUEST", PM.refundStatus, { status: refund.status });
    await giveBack(ctx, refund, refund.processing_notes);
  }
  return refundRow(ctx.tx, ctx.tenant.id, input.id);
}

/**
 * The money goes back and the refund is completed. Invoiced: a B04 credit note on the
 * appointment's invoice for what the business does not keep (invoice total - (paid - refund)),
 * which first settles what the invoice still owes and gives the rest back (cash from the open cash
 * box, or store credit); the refund is what the note gave back. Not invoiced: the payments are
 * marked refunded. Either way the appointment's paid amount goes down by the refund and its
 * deposits become 'refunded'.
 */
async function giveBack(ctx: AppointmentContext, refund: { id: string; appointment_id: string; method: AppointmentRefundMethod; amount: string }, notes: string | null) {
  const { tx, tenant } = ctx;
  const appt = await lockRefundAppointment(tx, tenant.id, refund.appointment_id);
  let amount = refund.amount;
  let creditNoteId: string | null = null;
  if (appt.invoice_id) {
    if (refund.method === "manual_processing") throw appError("BAD_REQUEST", PM.manualOnInvoice);
    const [order] = rowsOf<{ total: string; customer_id: string }>(
      await tx.execute(sql`SELECT total::text, customer_id FROM orders WHERE tenant_id = ${tenant.id} AND id = ${appt.invoice_id}`),
    );
    if (!order) throw notFound();
    const quantity = creditedQuantity(order.total, appt.amount_paid, refund.amount, appt.party_size);
    const whole = toBig(quantity).eq(appt.party_size);
    const note = await createCreditNote(ctx, {
      client_key: refund.id,
      order_id: appt.invoice_id,
      customer_id: order.customer_id,
      reason: "cancellation",
      kind: whole ? "cancel" : "return",
      notes,
      refund_method: refund.method === "store_credit" ? "store_credit" : "cash",
      items: whole ? [] : [{ product_id: appt.service_id, quantity }],
    });
    amount = note.refund_amount;
    creditNoteId = note.id;
  } else if (refund.method === "store_credit") {
    throw appError("BAD_REQUEST", PM.storeCreditNeedsInvoice);
  }
  await tx.execute(sql`UPDATE appointment_payments SET deposit_status = CASE WHEN deposit_status IS NULL THEN NULL ELSE 'refunded' END, refunded_at = now(), refund_reason = ${notes}
    WHERE tenant_id = ${tenant.id} AND appointment_id = ${appt.id} AND coalesce(deposit_status, '') NOT IN ('refunded', 'forfeited')`);
  await tx.execute(sql`UPDATE appointments SET amount_paid = greatest(amount_paid - ${amount}::numeric, 0), updated_at = now() WHERE tenant_id = ${tenant.id} AND id = ${appt.id}`);
  await moveRefund(tx, tenant.id, refund.id, "completed", notes, sql`, amount = ${amount}, credit_note_id = ${creditNoteId}, processed_at = now()`);
}

/**
 * appointment.batchProcessRefunds: processes each approved refund in its own savepoint, so one
 * that fails (no open cash box, an invoice already credited) leaves the others done.
 */
export async function batchProcessRefunds(ctx: AppointmentContext, input: z.output<typeof batchProcessInput>) {
  const processed: string[] = [];
  const failed: { id: string; message: string; params?: Record<string, unknown> }[] = [];
  for (const id of [...new Set(input.ids)]) {
    await ctx.tx.execute(sql`SAVEPOINT appointment_refund`);
    try {
      await processRefund(ctx, { id, notes: null });
      await ctx.tx.execute(sql`RELEASE SAVEPOINT appointment_refund`);
      processed.push(id);
    } catch (e) {
      await ctx.tx.execute(sql`ROLLBACK TO SAVEPOINT appointment_refund`);
      const cause = (e as { cause?: { key?: string; vars?: Record<string, unknown> } }).cause;
      if (!cause?.key) throw e;
      failed.push({ id, message: cause.key, ...(cause.vars ? { params: cause.vars } : {}) });
    }
  }
  return { processed, failed };
}

// ---------------------------------------------------------------- deposit actions

/** appointment.forfeitDeposit: the business keeps a paid deposit of a cancelled or no-show appointment (no refund is due). */
export async function forfeitDeposit(ctx: AppointmentContext, input: z.output<typeof forfeitDepositInput>) {
  const { tx, tenant } = ctx;
  const [deposit] = rowsOf<{ id: string; appointment_id: string }>(
    await tx.execute(sql`SELECT id, appointment_id FROM appointment_payments WHERE tenant_id = ${tenant.id} AND id = ${input.payment_id} AND payment_type = 'deposit'`),
  );
  if (!deposit) throw notFound();
  const appt = await lockRefundAppointment(tx, tenant.id, deposit.appointment_id);
  const [now] = rowsOf<{ deposit_status: string }>(await tx.execute(sql`SELECT deposit_status FROM appointment_payments WHERE tenant_id = ${tenant.id} AND id = ${deposit.id}`));
  if (now?.deposit_status === "forfeited") return depositRow(tx, tenant.id, deposit.id);
  if (now?.deposit_status !== "paid") throw appError("BAD_REQUEST", PM.depositStatus, { status: now?.deposit_status ?? "" });
  if (!(REFUNDABLE_APPOINTMENT_STATUSES as readonly string[]).includes(appt.status)) throw appError("BAD_REQUEST", PM.forfeitNeedsCancelled);
  const [live] = rowsOf<{ id: string }>(await tx.execute(sql`SELECT id FROM appointment_refunds WHERE tenant_id = ${tenant.id} AND appointment_id = ${appt.id} AND status <> 'rejected'`));
  if (live) throw appError("BAD_REQUEST", PM.refundPending);
  await tx.execute(sql`UPDATE appointment_payments SET deposit_status = 'forfeited', refund_reason = ${input.reason ?? null} WHERE tenant_id = ${tenant.id} AND id = ${deposit.id}`);
  return depositRow(tx, tenant.id, deposit.id);
}

/** appointment.applyDeposit: see applyDeposit in ../service (the invoice path). */
export async function applyDeposit(ctx: AppointmentContext, input: z.output<typeof applyDepositInput>) {
  const result = await applyDepositToInvoice(ctx, input);
  return { invoice: result.invoice };
}
