import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../../db/client";
import { newId } from "../../../ids";
import { errorOf } from "../../../test/harness";
import { paymentLinks } from "../../payment-link/tables";
import { appointmentPolicies } from "../tables";
import { type AppointmentFixture, appointmentFixture } from "../test-fixture";

let f: AppointmentFixture;
let hour = 8;

/** A booking of the Masaje (RD$1,000) at the next free hour of Monday (or the given day), Ana or Beto. */
async function book(name: string, appointment_date = f.monday) {
  const start_time = `${String(hour).padStart(2, "0")}:00`;
  hour = hour === 11 ? 13 : hour + 1;
  return f.owner.appointment.create.mutate({ customer_name: name, customer_email: `${name.toLowerCase().replace(/\W/g, "")}@example.do`, service_id: f.masaje, appointment_date, start_time, idempotency_key: newId() });
}
const deposit = (appointment_id: string, invoice = false) =>
  f.owner.appointment.applyPayment.mutate({ appointment_id, payment_type: "deposit", amount: "300", payment_method: f.cash, generate_invoice: invoice, ...(invoice ? { ncf_type_id: f.b02 } : {}), idempotency_key: newId() });
const cancel = (id: string) => f.owner.appointment.updateStatus.mutate({ id, status: "cancelled", reason: "Cliente no puede venir" });
const depositOf = async (appointmentNumber: string) => (await f.owner.appointment.getDeposits.query({ search: appointmentNumber })).items.find((d) => d.appointment_number === appointmentNumber)!;

beforeAll(async () => {
  f = await appointmentFixture();
  // A cancellation fee of RD$50 and no retention; a full refund with 24 hours' notice or more.
  await withTenant(f.t.db, f.t.acme.tenant.id, (tx) => tx.insert(appointmentPolicies).values({ tenantId: f.t.acme.tenant.id, id: newId(), cancellationFee: "50", refundWindowHours: 24 }));
});
afterAll(() => f.t.close());

describe("refunds of money never invoiced", () => {
  it("quote, request (once), approve and process: the deposit is refunded less the cancellation fee", async () => {
    const appt = await book("Rosa Reembolso");
    await deposit(appt.id);
    expect(await depositOf(appt.appointment_number)).toMatchObject({ deposit_status: "paid", amount: "300.00", actions: ["apply_to_payment"], refund: null });
    await cancel(appt.id);
    expect((await depositOf(appt.appointment_number)).actions).toEqual(["process_refund", "forfeit"]);

    const quote = await f.owner.appointment.getRefundQuote.query({ appointment_id: appt.id });
    expect(quote).toMatchObject({ original_amount: "300.00", refund_percent: 100, cancellation_fee: "50.00", retention_amount: "0.00", amount: "250.00", invoiced: false, methods: ["original_payment_method", "manual_processing"] });
    expect((await f.owner.appointment.getRefundQuote.query({ appointment_id: appt.id, waive_fees: true })).amount).toBe("300.00");

    expect(await errorOf(f.owner.appointment.requestRefund.mutate({ appointment_id: appt.id, method: "store_credit" }))).toMatchObject({ code: "BAD_REQUEST" });
    const refund = await f.owner.appointment.requestRefund.mutate({ appointment_id: appt.id, method: "original_payment_method", notes: "Llamó el lunes" });
    expect(refund).toMatchObject({ status: "pending_review", amount: "250.00", original_amount: "300.00", cancellation_fee: "50.00", invoiced: false, actions: ["approve", "reject"] });
    // The same request again: the one waiting for review.
    expect((await f.owner.appointment.requestRefund.mutate({ appointment_id: appt.id, method: "original_payment_method" })).id).toBe(refund.id);
    expect(await errorOf(f.owner.appointment.requestRefund.mutate({ appointment_id: appt.id, method: "manual_processing" }))).toMatchObject({ code: "BAD_REQUEST" });
    expect((await depositOf(appt.appointment_number)).refund).toEqual({ id: refund.id, status: "pending_review", amount: "250.00" });

    expect(await errorOf(f.owner.appointment.processRefund.mutate({ id: refund.id }))).toMatchObject({ code: "BAD_REQUEST" });
    expect((await f.owner.appointment.approveRefund.mutate({ id: refund.id })).status).toBe("approved");
    const done = await f.owner.appointment.processRefund.mutate({ id: refund.id, notes: "Devuelto en efectivo" });
    expect(done).toMatchObject({ status: "completed", amount: "250.00", credit_note_id: null, actions: [] });
    expect(done.processing_notes).toBe("Llamó el lunes\nDevuelto en efectivo");
    expect(done.processed_at).not.toBeNull();
    // Processing again changes nothing.
    expect((await f.owner.appointment.processRefund.mutate({ id: refund.id })).status).toBe("completed");
    expect(await depositOf(appt.appointment_number)).toMatchObject({ deposit_status: "refunded", actions: [] });
    expect((await f.owner.appointment.getById.query({ id: appt.id })).amount_paid).toBe("50.00");
    const queue = await f.owner.appointment.getRefunds.query({ status: "completed" });
    expect(queue.items.map((r) => r.id)).toContain(refund.id);
    expect(queue.counts.completed).toBeGreaterThanOrEqual(1);
  });

  it("manual processing waits in 'processing' until completed; a rejection needs its reason and allows a new request", async () => {
    const appt = await book("Manuel Manual");
    await deposit(appt.id);
    await cancel(appt.id);
    const first = await f.owner.appointment.requestRefund.mutate({ appointment_id: appt.id, method: "manual_processing" });
    expect(await errorOf(f.owner.appointment.rejectRefund.mutate({ id: first.id, notes: " " }))).toMatchObject({ code: "BAD_REQUEST" });
    expect((await f.owner.appointment.rejectRefund.mutate({ id: first.id, notes: "Pidió transferencia a otra cuenta" })).status).toBe("rejected");
    expect(await errorOf(f.owner.appointment.approveRefund.mutate({ id: first.id }))).toMatchObject({ code: "BAD_REQUEST" });
    const second = await f.owner.appointment.requestRefund.mutate({ appointment_id: appt.id, method: "manual_processing", waive_fees: true });
    expect(second.amount).toBe("300.00");
    await f.owner.appointment.approveRefund.mutate({ id: second.id });
    expect(await f.owner.appointment.processRefund.mutate({ id: second.id })).toMatchObject({ status: "processing", actions: ["complete"] });
    expect((await depositOf(appt.appointment_number)).deposit_status).toBe("paid");
    expect(await f.owner.appointment.completeRefund.mutate({ id: second.id, notes: "Transferencia 4471" })).toMatchObject({ status: "completed", amount: "300.00" });
    expect((await depositOf(appt.appointment_number)).deposit_status).toBe("refunded");
    expect((await f.owner.appointment.getById.query({ id: appt.id })).amount_paid).toBe("0.00");
  });

  it("a refund needs a cancelled or no-show appointment with money paid", async () => {
    const appt = await book("Nadia Nada");
    expect(await errorOf(f.owner.appointment.getRefundQuote.query({ appointment_id: appt.id }))).toMatchObject({ code: "BAD_REQUEST" });
    await cancel(appt.id);
    expect(await errorOf(f.owner.appointment.requestRefund.mutate({ appointment_id: appt.id, method: "original_payment_method" }))).toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("refunds of an invoiced appointment", () => {
  it("a B04 credit note takes back what the business does not keep: the invoice's debt first, then the refund in store credit", async () => {
    const appt = await book("Inés Factura");
    const paid = await deposit(appt.id, true);
    await cancel(appt.id);
    expect((await depositOf(appt.appointment_number)).actions).toEqual(["process_refund"]);
    const refund = await f.owner.appointment.requestRefund.mutate({ appointment_id: appt.id, method: "store_credit" });
    expect(refund).toMatchObject({ invoiced: true, amount: "250.00", invoice_number: paid.invoice!.number });
    expect(await errorOf(f.owner.appointment.requestRefund.mutate({ appointment_id: appt.id, method: "manual_processing" }))).toMatchObject({ code: "BAD_REQUEST" });
    await f.owner.appointment.approveRefund.mutate({ id: refund.id });
    const done = await f.owner.appointment.processRefund.mutate({ id: refund.id });
    expect(done).toMatchObject({ status: "completed", amount: "250.00" });
    expect(done.credit_note_ncf).toMatch(/^B04\d{8}$/);
    // The note credits 950 of the 1,000 invoiced (the RD$50 fee is kept): 700 still owed, 250 back as store credit.
    const note = await f.owner.creditNote.getById.query({ id: done.credit_note_id! });
    expect(note).toMatchObject({ total: "950.00", appliedAmount: "700.00", refundAmount: "250.00", refundMethod: "store_credit" });
    expect((await f.owner.invoice.getById.query({ id: paid.invoice!.id })).balanceDue).toBe("0.00");
    expect(await depositOf(appt.appointment_number)).toMatchObject({ deposit_status: "refunded" });
    expect((await f.owner.appointment.getById.query({ id: appt.id })).amount_paid).toBe("50.00");
  });

  it("batch process: each refund on its own; one that cannot be given back (no open cash box) fails alone", async () => {
    const cashBack = await book("Carlos Caja");
    await deposit(cashBack.id, true);
    await cancel(cashBack.id);
    const manual = await book("Marta Lote");
    await deposit(manual.id);
    await cancel(manual.id);
    const a = await f.owner.appointment.requestRefund.mutate({ appointment_id: cashBack.id, method: "original_payment_method" });
    const b = await f.owner.appointment.requestRefund.mutate({ appointment_id: manual.id, method: "original_payment_method" });
    for (const r of [a, b]) await f.owner.appointment.approveRefund.mutate({ id: r.id });
    const result = await f.owner.appointment.batchProcessRefunds.mutate({ ids: [a.id, b.id] });
    expect(result.processed).toEqual([b.id]);
    expect(result.failed).toEqual([{ id: a.id, message: "creditNotes:errors.noOpenCashbox" }]);
    expect((await f.owner.appointment.getRefunds.query({ status: "approved" })).items.map((r) => r.id)).toEqual([a.id]);
    expect(await errorOf(f.owner.appointment.batchProcessRefunds.mutate({ ids: [] }))).toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("deposit actions", () => {
  it("forfeit: the business keeps the deposit of a no-show", async () => {
    const appt = await book("Fausto Falta");
    const paid = await deposit(appt.id);
    expect(await errorOf(f.owner.appointment.forfeitDeposit.mutate({ payment_id: paid.payment_id }))).toMatchObject({ code: "BAD_REQUEST" });
    await f.owner.appointment.updateStatus.mutate({ id: appt.id, status: "confirmed" });
    await f.owner.appointment.updateStatus.mutate({ id: appt.id, status: "no_show" });
    expect((await f.owner.appointment.getRefundQuote.query({ appointment_id: appt.id })).refund_percent).toBe(0);
    const kept = await f.owner.appointment.forfeitDeposit.mutate({ payment_id: paid.payment_id, reason: "No se presentó" });
    expect(kept).toMatchObject({ deposit_status: "forfeited", refund_reason: "No se presentó", actions: [] });
    expect((await f.owner.appointment.forfeitDeposit.mutate({ payment_id: paid.payment_id })).deposit_status).toBe("forfeited");
    expect((await f.owner.appointment.getDeposits.query({ status: "forfeited" })).items.map((d) => d.payment_id)).toContain(paid.payment_id);
  });

  it("apply to payment: the appointment's invoice is issued with the deposit as its payment", async () => {
    const appt = await book("Aurelio Abono");
    const paid = await deposit(appt.id);
    const applied = await f.owner.appointment.applyDeposit.mutate({ payment_id: paid.payment_id, ncf_type_id: f.b02 });
    expect(applied.invoice?.ncf).toMatch(/^B02\d{8}$/);
    expect(await f.owner.invoice.getById.query({ id: applied.invoice!.id })).toMatchObject({ total: "1000.00", balanceDue: "700.00" });
    expect(await depositOf(appt.appointment_number)).toMatchObject({ deposit_status: "applied", invoice_number: applied.invoice!.number, actions: [] });
    // Again: the same invoice, nothing issued twice.
    expect((await f.owner.appointment.applyDeposit.mutate({ payment_id: paid.payment_id, ncf_type_id: f.b02 })).invoice?.id).toBe(applied.invoice!.id);
    // Later payments go on that invoice even without asking for one.
    const rest = await f.owner.appointment.applyPayment.mutate({ appointment_id: appt.id, payment_type: "full", amount: "700", payment_method: f.cash, generate_invoice: false, idempotency_key: newId() });
    expect(rest.invoice?.id).toBe(applied.invoice!.id);
    expect((await f.owner.invoice.getById.query({ id: applied.invoice!.id })).balanceDue).toBe("0.00");
  });
});

describe("another tenant's ids", () => {
  it("are NOT_FOUND and its lists are empty", async () => {
    const appt = await book("Olga Otra");
    const paid = await deposit(appt.id);
    await cancel(appt.id);
    const refund = await f.owner.appointment.requestRefund.mutate({ appointment_id: appt.id, method: "original_payment_method" });
    const o = f.outsider.appointment;
    for (const call of [
      () => o.getRefundQuote.query({ appointment_id: appt.id }),
      () => o.requestRefund.mutate({ appointment_id: appt.id, method: "original_payment_method" }),
      () => o.approveRefund.mutate({ id: refund.id }),
      () => o.rejectRefund.mutate({ id: refund.id, notes: "x" }),
      () => o.processRefund.mutate({ id: refund.id }),
      () => o.completeRefund.mutate({ id: refund.id }),
      () => o.forfeitDeposit.mutate({ payment_id: paid.payment_id }),
      () => o.applyDeposit.mutate({ payment_id: paid.payment_id }),
    ])
      expect((await errorOf(call())).code).toBe("NOT_FOUND");
    expect((await o.batchProcessRefunds.mutate({ ids: [refund.id] })).failed).toEqual([{ id: refund.id, message: "errors:notFound" }]);
    expect((await o.getDeposits.query({})).total).toBe(0);
    expect((await o.getRefunds.query({})).total).toBe(0);
  });
});

describe("the deposits list", () => {
  it("a page, the count per status (whatever the status filter) and the total agree with each other, pending links included", async () => {
    hour = 8; // Monday is full: these go on Tuesday
    const appts = [await book("Lista Uno", f.tuesday), await book("Lista Dos", f.tuesday), await book("Lista Tres", f.tuesday)];
    for (const a of appts) await deposit(a.id);
    await cancel(appts[0]!.id);
    await f.owner.appointment.forfeitDeposit.mutate({ payment_id: (await depositOf(appts[0]!.appointment_number)).payment_id });
    const linked = await book("Lista Enlace", f.tuesday);
    const userId = f.t.acme.users.owner.id;
    await withTenant(f.t.db, f.t.acme.tenant.id, (tx) =>
      tx.insert(paymentLinks).values({ tenantId: f.t.acme.tenant.id, id: newId(), provider: "sandbox", orderNumber: `APT-${linked.appointment_number}`, amount: "200", itbis: "0", clientContractNumber: "Lista", expiresAt: new Date(Date.now() + 86_400_000), linkUrl: "https://pay.example/x", createdBy: userId }),
    );

    const all = await f.owner.appointment.getDeposits.query({ pageSize: 100 });
    expect(all.items).toHaveLength(all.total);
    expect(Object.values(all.counts).reduce((a, b) => a + b, 0)).toBe(all.total);
    expect(all.counts.forfeited).toBeGreaterThanOrEqual(1);
    expect(all.counts.pending).toBeGreaterThanOrEqual(1);
    expect(all.items.find((d) => d.appointment_number === linked.appointment_number)).toMatchObject({ deposit_status: "pending", amount: "200.00", method_name: null, refund: null });
    const time = (d: { paid_at: Date | string }) => new Date(d.paid_at).getTime();
    const newestFirst = [...all.items].sort((a, b) => time(b) - time(a) || (a.payment_id < b.payment_id ? -1 : 1));
    expect(all.items.map((d) => d.payment_id)).toEqual(newestFirst.map((d) => d.payment_id));

    // Pages of two, in the same order; a page past the end is empty but keeps the counts.
    const paged = [];
    for (let page = 1; page <= Math.ceil(all.total / 2); page++) {
      const p = await f.owner.appointment.getDeposits.query({ page, pageSize: 2 });
      expect(p).toMatchObject({ total: all.total, counts: all.counts });
      paged.push(...p.items);
    }
    expect(paged).toEqual(all.items);
    expect(await f.owner.appointment.getDeposits.query({ page: Math.ceil(all.total / 2) + 1, pageSize: 2 })).toEqual({ items: [], total: all.total, counts: all.counts });

    // A status filter: its rows and total, the counts of every status as without it.
    for (const status of ["paid", "forfeited", "pending"] as const) {
      const p = await f.owner.appointment.getDeposits.query({ status, pageSize: 100 });
      expect(p.total).toBe(all.counts[status]);
      expect(p.counts).toEqual(all.counts);
      expect(p.items).toEqual(all.items.filter((d) => d.deposit_status === status));
    }

    // The search narrows the rows and the counts; no match: nothing, every count 0.
    const one = await f.owner.appointment.getDeposits.query({ search: "Lista Dos" });
    expect(one.items.map((d) => d.customer_name)).toEqual(["Lista Dos"]);
    expect(one).toMatchObject({ total: 1, counts: { paid: 1, forfeited: 0, pending: 0 } });
    const none = await f.owner.appointment.getDeposits.query({ search: "nadie-así" });
    expect(none.items).toEqual([]);
    expect(none.total).toBe(0);
    expect(Object.values(none.counts).every((n) => n === 0)).toBe(true);
  });
});
