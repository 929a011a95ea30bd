import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { checkSlot, toHHmm, toMinutes } from "../../../shared/appointments/availability";
import { balanceDue, depositFor } from "../../../shared/appointments/payment";
import {
  type AppointmentStatus,
  type applyPaymentInput,
  type appointmentListInput,
  type blockTimeInput,
  canTransition,
  type createAppointmentInput,
  MOVABLE_STATUSES,
  type rescheduleInput,
  STATUS_TRANSITIONS,
  type updateStatusInput,
} from "../../../shared/appointments/schemas";
import { Big, toBig } from "../../../shared/catalog/decimal";
import { isNotForPayments } from "../../../shared/fiscal-settings/payment-method";
import { computeCart } from "../../../shared/pos/pricing";
import { rowsOf, type Tx } from "../../db/client";
import { newId } from "../../ids";
import { appError, notFound } from "../../trpc/errors";
import type { SessionUser } from "../auth/service";
import { createCustomer } from "../customer/service";
import { recordPayment } from "../invoice/service";
import { CREDIT_METHOD_CODE, createInvoice } from "../pos/service";
import { nextDocumentNumber } from "../sequence/service";
import type { tenants } from "../tenant/tables";
import { type Assignee, type BookableService, type BookingPolicy, dayQuery, loadAssignees, loadDay, loadService, readPolicy } from "./availability";
import { sendBookingConfirmation } from "./notify/confirmation";
import { appointmentPayments, appointmentStatusChanges, appointments, employeeTimeOff } from "./tables";

type Tenant = typeof tenants.$inferSelect;
export interface AppointmentContext {
  tx: Tx;
  tenant: Tenant;
  user: SessionUser;
}

/** The appointment number series: 000001 (the payment link's order number is 'APT-' + it). */
export const APPOINTMENT_SERIES = { key: "appointment", prefix: "", width: 6 } as const;

export interface AppointmentRow {
  id: string;
  appointment_number: string;
  status: AppointmentStatus;
  customer_id: string | null;
  customer_name: string;
  customer_email: string | null;
  customer_phone: string | null;
  service_id: string;
  service_name: string;
  employee_id: string;
  employee_name: string;
  appointment_date: string;
  start_time: string;
  end_time: string;
  duration_minutes: number;
  party_size: number;
  customer_notes: string | null;
  total_amount: string;
  amount_paid: string;
  deposit_amount: string;
  balance_due: string;
  invoice_id: string | null;
  invoice_number: string | null;
  created_at: Date;
}

type RawRow = Omit<AppointmentRow, "deposit_amount" | "balance_due" | "end_time"> & { deposit_amount: string | null };

const rowColumns = sql`a.id, a.appointment_number, a.status, a.customer_id, a.customer_name, a.customer_email, a.customer_phone, a.service_id, a.service_name,
  a.employee_id, e.name AS employee_name, a.appointment_date::text AS appointment_date, a.start_time, a.duration_minutes, a.party_size, a.customer_notes,
  a.total_amount::text AS total_amount, a.amount_paid::text AS amount_paid, a.deposit_amount::text AS deposit_amount, a.invoice_id, o.number AS invoice_number, a.created_at`;
const rowFrom = sql`appointments a JOIN employees e ON e.tenant_id = a.tenant_id AND e.id = a.employee_id
  LEFT JOIN orders o ON o.tenant_id = a.tenant_id AND o.id = a.invoice_id`;

function rowOf(r: RawRow, depositPercent: string): AppointmentRow {
  return {
    ...r,
    created_at: new Date(r.created_at),
    end_time: toHHmm(Math.min(1440, toMinutes(r.start_time) + r.duration_minutes)),
    deposit_amount: depositFor(r.total_amount, r.deposit_amount, depositPercent),
    balance_due: balanceDue(r.total_amount, r.amount_paid),
  };
}

async function selectRows(tx: Tx, tenantId: string, where: SQL, tail: SQL = sql``): Promise<RawRow[]> {
  return rowsOf<RawRow>(await tx.execute(sql`SELECT ${rowColumns} FROM ${rowFrom} WHERE a.tenant_id = ${tenantId} AND ${where} ${tail}`));
}

export async function getRow(tx: Tx, tenantId: string, id: string): Promise<AppointmentRow> {
  const [[row], policy] = await Promise.all([selectRows(tx, tenantId, sql`a.id = ${id}`), readPolicy(tx, tenantId)]);
  if (!row) throw notFound();
  return rowOf(row, policy.depositPercent);
}

/** The refusal of a slot, in the user's words (spec 03 §5 'Appointment administration'). */
function slotRefusal(reason: string, limits: { minNoticeHours: number; maxAdvanceDays: number }) {
  if (reason === "past") return appError("BAD_REQUEST", "appointments:errors.futureDate");
  if (reason === "min_notice") return appError("BAD_REQUEST", "appointments:errors.minNotice", { hours: limits.minNoticeHours });
  if (reason === "max_advance") return appError("BAD_REQUEST", "appointments:errors.maxAdvance", { days: limits.maxAdvanceDays });
  return appError("BAD_REQUEST", "appointments:errors.noAvailability");
}

/**
 * Checks a start time against availability with the assignees' rows locked and returns the
 * employee to book (the one asked for, or the least-recently-booked free one).
 */
async function bookableEmployee(
  ctx: AppointmentContext,
  service: BookableService,
  input: { date: string; time: string; employeeId?: string; durationMinutes?: number; excludeAppointmentId?: string },
): Promise<Assignee & { policy: BookingPolicy }> {
  const { tx, tenant } = ctx;
  const [policy, assignees] = await Promise.all([readPolicy(tx, tenant.id), loadAssignees(tx, tenant.id, service, input.employeeId, true)]);
  const employees = await loadDay(tx, tenant, input.date, assignees, { durationMinutes: input.durationMinutes, excludeAppointmentId: input.excludeAppointmentId });
  const q = dayQuery(tenant, input.date, service, policy, employees);
  const check = checkSlot(q, input.time);
  if (!check.ok) throw slotRefusal(check.reason, q);
  return { ...assignees.find((a) => a.id === check.employeeId)!, policy };
}

/** The instants of a local date and time in the tenant's zone, with the buffers around them. */
function instants(tenant: Tenant, date: string, time: string, duration: number, before: number, after: number) {
  const at = (minutes: number) => sql`((${date}::date + ${time}::time) AT TIME ZONE ${tenant.timezone}) + make_interval(mins => ${minutes})`;
  return { startsAt: at(0), endsAt: at(duration), busyFrom: at(-before), busyUntil: at(duration + after) };
}

/** The total of a booking: the service's line for the party size, priced by the same cart rules as the invoice. */
function bookingTotal(service: { price: string; isTaxable: boolean; priceIncludesTax: boolean; taxPercent: string | null }, partySize: number): string {
  return computeCart([{ product: { price: service.price, tax_percent: service.taxPercent, is_taxable: service.isTaxable, price_includes_tax: service.priceIncludesTax }, quantity: String(partySize), discount: null }]).total;
}

/** The customer of a booking: the one chosen, else one found by e-mail or phone, else a new one from the typed name. */
async function bookingCustomer(tx: Tx, tenantId: string, input: z.output<typeof createAppointmentInput>): Promise<string> {
  if (input.customer_id) {
    const [row] = rowsOf<{ id: string }>(await tx.execute(sql`SELECT id FROM customers WHERE tenant_id = ${tenantId} AND id = ${input.customer_id} AND deleted_at IS NULL`));
    if (!row) throw notFound();
    return row.id;
  }
  if (input.customer_email || input.customer_phone) {
    const [found] = rowsOf<{ id: string }>(
      await tx.execute(sql`SELECT id FROM customers WHERE tenant_id = ${tenantId} AND deleted_at IS NULL AND NOT is_default AND (
        ${input.customer_email ? sql`lower(email) = ${input.customer_email}` : sql`false`} OR ${input.customer_phone ? sql`phone = ${input.customer_phone}` : sql`false`})
        ORDER BY created_at LIMIT 1`),
    );
    if (found) return found.id;
  }
  const created = await createCustomer(tx, tenantId, { name: input.customer_name, email: input.customer_email, phone: input.customer_phone } as Parameters<typeof createCustomer>[2]);
  return created.id;
}

/** Who made a change: the staff user, or nobody when the portal acts for a customer (no staff session). */
const actorOf = (user: SessionUser): string | null => (user.sessionId ? user.id : null);

async function logStatus(tx: Tx, tenantId: string, appointmentId: string, from: string | null, to: string, userId: string | null, note: string | null = null) {
  await tx.insert(appointmentStatusChanges).values({ tenantId, id: newId(), appointmentId, fromStatus: from, toStatus: to, note, userId });
}

/**
 * appointment.create: books a slot. The idempotency key's advisory lock queues a retried request
 * behind the first (which it then returns); the assignees' rows are locked before availability is
 * read, so of two bookings of the last free slot exactly one succeeds and the other is refused
 * with 'No availability for selected time'.
 */
export async function createAppointment(ctx: AppointmentContext, input: z.output<typeof createAppointmentInput>, source: "staff" | "portal" = "staff") {
  const { tx, tenant, user } = ctx;
  const tenantId = tenant.id;
  const key = input.idempotency_key ?? newId();
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${tenantId}:appointment:${key}`}, 0))`);
  const [existing] = rowsOf<{ id: string }>(await tx.execute(sql`SELECT id FROM appointments WHERE tenant_id = ${tenantId} AND idempotency_key = ${key}`));
  if (existing) return createdResult(await getRow(tx, tenantId, existing.id));

  const service = await loadService(tx, tenantId, input.service_id);
  if (input.party_size < service.minAttendees || input.party_size > service.maxAttendees) {
    throw appError("BAD_REQUEST", "appointments:errors.partySizeRange", { min: service.minAttendees, max: service.maxAttendees });
  }
  const employee = await bookableEmployee(ctx, service, { date: input.appointment_date, time: input.start_time, employeeId: input.employee_id, durationMinutes: input.duration_minutes });
  const duration = input.duration_minutes ?? employee.duration;
  const customerId = await bookingCustomer(tx, tenantId, input);
  const number = await nextDocumentNumber(tx, tenantId, APPOINTMENT_SERIES.key, APPOINTMENT_SERIES.prefix, APPOINTMENT_SERIES.width);
  const id = newId();
  const at = instants(tenant, input.appointment_date, input.start_time, duration, employee.bufferBefore, employee.bufferAfter);
  const status: AppointmentStatus = employee.policy.autoConfirm ? "confirmed" : "pending";
  await tx.insert(appointments).values({
    tenantId,
    id,
    appointmentNumber: number,
    customerId,
    customerName: input.customer_name,
    customerEmail: input.customer_email ?? null,
    customerPhone: input.customer_phone ?? null,
    serviceId: service.id,
    serviceName: service.name,
    employeeId: employee.id,
    appointmentDate: input.appointment_date,
    startTime: input.start_time,
    durationMinutes: duration,
    startsAt: at.startsAt as never,
    endsAt: at.endsAt as never,
    busyFrom: at.busyFrom as never,
    busyUntil: at.busyUntil as never,
    partySize: input.party_size,
    customerNotes: input.customer_notes ?? null,
    status,
    unitPrice: employee.price,
    totalAmount: bookingTotal({ ...service, price: employee.price }, input.party_size),
    source,
    idempotencyKey: key,
    createdBy: source === "staff" ? user.id : null,
  });
  await logStatus(tx, tenantId, id, null, status, source === "staff" ? user.id : null);
  await sendBookingConfirmation(ctx, id);
  return createdResult(await getRow(tx, tenantId, id));
}

function createdResult(row: AppointmentRow) {
  return {
    id: row.id,
    appointment_number: row.appointment_number,
    employee_id: row.employee_id,
    employee_name: row.employee_name,
    status: row.status,
    appointment_date: row.appointment_date,
    start_time: row.start_time,
    total_amount: row.total_amount,
  };
}

function filters(input: { employee_ids?: string[]; service_ids?: string[]; statuses?: string[] }) {
  const parts: SQL[] = [];
  if (input.employee_ids?.length) parts.push(sql`a.employee_id = ANY(${`{${input.employee_ids.join(",")}}`}::uuid[])`);
  if (input.service_ids?.length) parts.push(sql`a.service_id = ANY(${`{${input.service_ids.join(",")}}`}::uuid[])`);
  if (input.statuses?.length) parts.push(sql`a.status = ANY(${`{${input.statuses.join(",")}}`}::text[])`);
  return parts.length ? sql.join(parts, sql` AND `) : sql`true`;
}

/** appointment.getAll: the list view (a date range, filters, search by number, customer, phone or service). */
export async function listAppointments(ctx: AppointmentContext, input: z.output<typeof appointmentListInput>) {
  const { tx, tenant } = ctx;
  const search = input.search ? `%${input.search.toLowerCase()}%` : null;
  const where = sql`a.appointment_date BETWEEN ${input.from}::date AND ${input.to}::date AND ${filters(input)}
    ${search ? sql`AND (lower(a.customer_name) LIKE ${search} OR a.appointment_number LIKE ${search} OR lower(a.service_name) LIKE ${search} OR coalesce(a.customer_phone, '') LIKE ${search})` : sql``}`;
  const [rows, [count], policy] = await Promise.all([
    selectRows(tx, tenant.id, where, sql`ORDER BY a.appointment_date, a.start_time, a.appointment_number LIMIT ${input.pageSize} OFFSET ${(input.page - 1) * input.pageSize}`),
    tx.execute(sql`SELECT count(*)::int AS n FROM ${rowFrom} WHERE a.tenant_id = ${tenant.id} AND ${where}`).then((r) => rowsOf<{ n: number }>(r)),
    readPolicy(tx, tenant.id),
  ]);
  return { items: rows.map((r) => rowOf(r, policy.depositPercent)), total: count?.n ?? 0 };
}

/** appointment.getCalendar: the appointments of a range and the approved time off (blocks) that overlaps it. */
export async function getCalendar(ctx: AppointmentContext, input: { from: string; to: string; employee_ids?: string[]; service_ids?: string[]; statuses?: string[] }) {
  const { tx, tenant } = ctx;
  const [rows, blocks, policy] = await Promise.all([
    selectRows(tx, tenant.id, sql`a.appointment_date BETWEEN ${input.from}::date AND ${input.to}::date AND ${filters(input)}`, sql`ORDER BY a.appointment_date, a.start_time LIMIT 5000`),
    tx
      .execute(sql`SELECT t.id, t.employee_id, e.name AS employee_name, t.start_date::text AS start_date, t.end_date::text AS end_date, t.start_time, t.end_time, t.type, t.reason
        FROM employee_time_off t JOIN employees e ON e.tenant_id = t.tenant_id AND e.id = t.employee_id
        WHERE t.tenant_id = ${tenant.id} AND t.status = 'approved' AND t.start_date <= ${input.to}::date AND t.end_date >= ${input.from}::date
          ${input.employee_ids?.length ? sql`AND t.employee_id = ANY(${`{${input.employee_ids.join(",")}}`}::uuid[])` : sql``}
        ORDER BY t.start_date, t.start_time`)
      .then((r) =>
        rowsOf<{ id: string; employee_id: string; employee_name: string; start_date: string; end_date: string; start_time: string | null; end_time: string | null; type: string; reason: string | null }>(r),
      ),
    readPolicy(tx, tenant.id),
  ]);
  return { appointments: rows.map((r) => rowOf(r, policy.depositPercent)), blocks };
}

/** appointment.getById: the appointment with its payments, status history and the statuses it may move to. */
export async function getAppointment(ctx: AppointmentContext, id: string) {
  const { tx, tenant } = ctx;
  const row = await getRow(tx, tenant.id, id);
  const [payments, history] = await Promise.all([
    tx
      .execute(sql`SELECT p.id, p.payment_type, p.amount::text AS amount, m.name AS method_name, p.deposit_status, o.number AS invoice_number, o.ncf, p.notes, p.created_at
        FROM appointment_payments p JOIN payment_methods m ON m.tenant_id = p.tenant_id AND m.id = p.payment_method_id
        LEFT JOIN orders o ON o.tenant_id = p.tenant_id AND o.id = p.order_id
        WHERE p.tenant_id = ${tenant.id} AND p.appointment_id = ${id} ORDER BY p.created_at`)
      .then((r) =>
        rowsOf<{ id: string; payment_type: string; amount: string; method_name: string; deposit_status: string | null; invoice_number: string | null; ncf: string | null; notes: string | null; created_at: Date }>(r),
      ),
    tx
      .execute(sql`SELECT h.from_status, h.to_status, h.note, u.name AS user_name, h.created_at
        FROM appointment_status_changes h LEFT JOIN users u ON u.tenant_id = h.tenant_id AND u.id = h.user_id
        WHERE h.tenant_id = ${tenant.id} AND h.appointment_id = ${id} ORDER BY h.created_at, h.id`)
      .then((r) => rowsOf<{ from_status: string | null; to_status: string; note: string | null; user_name: string | null; created_at: Date }>(r)),
  ]);
  return { ...row, payments, history, allowed_statuses: STATUS_TRANSITIONS[row.status] };
}

async function lockAppointment(tx: Tx, tenantId: string, id: string) {
  const [row] = rowsOf<{ id: string; status: AppointmentStatus; service_id: string; employee_id: string; appointment_date: string; start_time: string; duration_minutes: number }>(
    await tx.execute(sql`SELECT id, status, service_id, employee_id, appointment_date::text, start_time, duration_minutes FROM appointments
      WHERE tenant_id = ${tenantId} AND id = ${id} FOR UPDATE`),
  );
  if (!row) throw notFound();
  return row;
}

/** appointment.updateStatus: a change the transition table allows (docs/decisions.md), recorded in the history. */
export async function updateStatus(ctx: AppointmentContext, input: z.output<typeof updateStatusInput>) {
  const { tx, tenant, user } = ctx;
  const current = await lockAppointment(tx, tenant.id, input.id);
  if (current.status === input.status) return getRow(tx, tenant.id, input.id);
  if (!canTransition(current.status, input.status)) throw appError("BAD_REQUEST", "appointments:errors.transition", { from: current.status, to: input.status });
  await tx.execute(sql`UPDATE appointments SET status = ${input.status}, updated_at = now(),
      cancelled_at = ${input.status === "cancelled" ? sql`now()` : sql`cancelled_at`}, cancel_reason = ${input.status === "cancelled" ? (input.reason ?? null) : sql`cancel_reason`}
    WHERE tenant_id = ${tenant.id} AND id = ${input.id}`);
  await logStatus(tx, tenant.id, input.id, current.status, input.status, actorOf(user), input.reason ?? null);
  return getRow(tx, tenant.id, input.id);
}

/** appointment.reschedule: another date and time (and employee), re-checked against availability without itself; status 'rescheduled'. */
export async function reschedule(ctx: AppointmentContext, input: z.output<typeof rescheduleInput>) {
  const { tx, tenant, user } = ctx;
  const current = await lockAppointment(tx, tenant.id, input.id);
  if (!MOVABLE_STATUSES.includes(current.status)) throw appError("BAD_REQUEST", "appointments:errors.notMovable");
  const service = await loadService(tx, tenant.id, current.service_id);
  const employee = await bookableEmployee(ctx, service, {
    date: input.appointment_date,
    time: input.start_time,
    employeeId: input.employee_id ?? current.employee_id,
    durationMinutes: current.duration_minutes,
    excludeAppointmentId: current.id,
  });
  const at = instants(tenant, input.appointment_date, input.start_time, current.duration_minutes, employee.bufferBefore, employee.bufferAfter);
  await tx.execute(sql`UPDATE appointments SET appointment_date = ${input.appointment_date}::date, start_time = ${input.start_time}, employee_id = ${employee.id},
      starts_at = ${at.startsAt}, ends_at = ${at.endsAt}, busy_from = ${at.busyFrom}, busy_until = ${at.busyUntil},
      status = 'rescheduled', reminder_sent_at = NULL, updated_at = now()
    WHERE tenant_id = ${tenant.id} AND id = ${input.id}`);
  await logStatus(tx, tenant.id, input.id, current.status, "rescheduled", actorOf(user), `${current.appointment_date} ${current.start_time}`);
  return getRow(tx, tenant.id, input.id);
}

/** appointment.blockTime: an approved time-off entry of one employee on one date (type 'other'). */
export async function blockTime(ctx: AppointmentContext, input: z.output<typeof blockTimeInput>) {
  const { tx, tenant, user } = ctx;
  const [employee] = rowsOf<{ id: string }>(await tx.execute(sql`SELECT id FROM employees WHERE tenant_id = ${tenant.id} AND id = ${input.employee_id} AND is_active`));
  if (!employee) throw notFound();
  const id = newId();
  await tx.insert(employeeTimeOff).values({
    tenantId: tenant.id,
    id,
    employeeId: input.employee_id,
    startDate: input.date,
    endDate: input.date,
    startTime: input.start_time,
    endTime: input.end_time,
    type: "other",
    reason: input.reason ?? null,
    status: "approved",
    approvedBy: user.id,
    approvedAt: new Date(),
  });
  return { id };
}

/** The ids a payment through the invoice path needs: the default currency, the warehouse, the CREDIT method. */
async function invoiceSetting(tx: Tx, tenantId: string, userWarehouseId: string | null) {
  const [row] = rowsOf<{ currency_id: string | null; warehouse_id: string | null; credit_id: string | null }>(
    await tx.execute(sql`SELECT
      (SELECT id FROM currencies WHERE tenant_id = ${tenantId} AND is_default LIMIT 1) AS currency_id,
      coalesce(
        (SELECT id FROM warehouses WHERE tenant_id = ${tenantId} AND id = ${userWarehouseId} AND is_active),
        (SELECT id FROM warehouses WHERE tenant_id = ${tenantId} AND is_active ORDER BY is_default DESC, "order" LIMIT 1)) AS warehouse_id,
      (SELECT id FROM payment_methods WHERE tenant_id = ${tenantId} AND upper(code) = ${CREDIT_METHOD_CODE} AND is_active LIMIT 1) AS credit_id`),
  );
  if (!row?.currency_id || !row.warehouse_id) throw appError("BAD_REQUEST", "appointments:errors.invoiceSetup");
  return { currencyId: row.currency_id, warehouseId: row.warehouse_id, creditMethodId: row.credit_id };
}

/**
 * appointment.applyPayment: a deposit, full or partial payment (never above the balance due).
 * With generate_invoice the money goes through the one invoice path: the first invoiced payment
 * issues the appointment's invoice (NCF of the chosen type) for its whole total, with this payment
 * and any earlier payments not yet invoiced as its payments and the rest owed on credit; later ones
 * are recorded on that invoice (invoice.recordPayment). Without it, the payment is kept on the
 * appointment (a deposit is 'paid') until an invoice applies it. The same idempotency key again
 * returns the first result.
 */
export async function applyPayment(ctx: AppointmentContext, input: z.output<typeof applyPaymentInput>) {
  const { tx, tenant, user } = ctx;
  const tenantId = tenant.id;
  const key = input.idempotency_key ?? newId();
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${tenantId}:appointment-payment:${key}`}, 0))`);
  const [done] = rowsOf<{ id: string; appointment_id: string }>(
    await tx.execute(sql`SELECT id, appointment_id FROM appointment_payments WHERE tenant_id = ${tenantId} AND idempotency_key = ${key}`),
  );
  if (done) {
    if (done.appointment_id !== input.appointment_id) throw appError("BAD_REQUEST", "appointments:errors.invalidKey");
    return paymentResult(ctx, done.appointment_id, done.id);
  }
  const [appt] = rowsOf<{ id: string; status: string; customer_id: string | null; service_id: string; party_size: number; unit_price: string; total_amount: string; amount_paid: string; invoice_id: string | null }>(
    await tx.execute(sql`SELECT id, status, customer_id, service_id, party_size, unit_price::text, total_amount::text, amount_paid::text, invoice_id FROM appointments
      WHERE tenant_id = ${tenantId} AND id = ${input.appointment_id} FOR UPDATE`),
  );
  if (!appt) throw notFound();
  if (appt.status === "cancelled") throw appError("BAD_REQUEST", "appointments:errors.paymentOnCancelled");
  const due = balanceDue(appt.total_amount, appt.amount_paid);
  if (toBig(due).lte(0)) throw appError("BAD_REQUEST", "appointments:errors.nothingDue");
  if (toBig(input.amount).gt(due)) throw appError("BAD_REQUEST", "appointments:errors.amountAboveBalance");
  if (input.payment_type === "full" && !toBig(input.amount).eq(due)) throw appError("BAD_REQUEST", "appointments:errors.fullMustMatch", { due });
  const [method] = rowsOf<{ id: string; code: string; available: boolean }>(
    await tx.execute(sql`SELECT id, code, available_for_appointments AS available FROM payment_methods WHERE tenant_id = ${tenantId} AND id = ${input.payment_method} AND is_active`),
  );
  if (!method) throw notFound();
  const code = method.code.toUpperCase();
  if (!method.available || isNotForPayments(code)) throw appError("BAD_REQUEST", "appointments:errors.methodNotForAppointments");

  const paymentId = newId();
  const paidAfter = toBig(appt.amount_paid).plus(input.amount).toFixed(2);
  const row = {
    tenantId,
    id: paymentId,
    appointmentId: appt.id,
    paymentType: input.payment_type,
    amount: input.amount,
    paymentMethodId: method.id,
    ncfTypeId: input.generate_invoice ? (input.ncf_type_id ?? null) : null,
    notes: input.notes ?? null,
    generateInvoice: input.generate_invoice,
    depositStatus: input.payment_type === "deposit" ? "paid" : null,
    idempotencyKey: key,
    userId: user.id,
  };
  const paidUpdate = sql`UPDATE appointments SET amount_paid = ${paidAfter}, updated_at = now() WHERE tenant_id = ${tenantId} AND id = ${appt.id}`;

  // Once the appointment is invoiced, every payment is one more payment of its invoice.
  if (!input.generate_invoice && !appt.invoice_id) {
    await tx.insert(appointmentPayments).values({ ...row, orderId: null });
    await tx.execute(paidUpdate);
    return paymentResult(ctx, appt.id, paymentId);
  }
  if (appt.invoice_id) {
    const setting = await invoiceSetting(tx, tenantId, user.warehouseId);
    await recordPayment(ctx, { invoice_id: appt.invoice_id, payment_method_id: method.id, currency_id: setting.currencyId, amount: input.amount, notes: input.notes ?? null, client_payment_id: paymentId });
    await tx.insert(appointmentPayments).values({ ...row, generateInvoice: true, orderId: appt.invoice_id, depositStatus: row.depositStatus ? "applied" : null });
    await tx.execute(paidUpdate);
    return paymentResult(ctx, appt.id, paymentId);
  }
  // The first invoiced payment issues the invoice.
  const orderId = newId();
  await tx.insert(appointmentPayments).values({ ...row, orderId, depositStatus: row.depositStatus ? "applied" : null });
  await tx.execute(sql`UPDATE appointments SET amount_paid = ${paidAfter}, updated_at = now() WHERE tenant_id = ${tenantId} AND id = ${appt.id}`);
  return issueAppointmentInvoice(ctx, appt, { orderId, ncfTypeId: input.ncf_type_id ?? null, notes: input.notes ?? null, resultPaymentId: paymentId });
}

/**
 * Issues an appointment's invoice through the one invoice path (createInvoice: server prices, NCF
 * of the type chosen): its whole total, with every payment not yet invoiced (deposits 'paid', and
 * the payment being applied, already written with order_id = orderId) as its payments and the rest
 * owed on credit; those deposits become 'applied'. Everything is written before createInvoice,
 * whose last round trip commits the transaction (on PostgreSQL); the result is read before it.
 */
async function issueAppointmentInvoice(
  ctx: AppointmentContext,
  appt: { id: string; customer_id: string | null; service_id: string; party_size: number; unit_price: string; total_amount: string },
  opts: { orderId: string; ncfTypeId: string | null; notes: string | null; resultPaymentId: string },
) {
  const { tx, tenant, user } = ctx;
  const tenantId = tenant.id;
  const setting = await invoiceSetting(tx, tenantId, user.warehouseId);
  if (!appt.customer_id) throw appError("BAD_REQUEST", "appointments:errors.customerRequired");
  const paid = rowsOf<{ id: string; amount: string; payment_method_id: string }>(
    await tx.execute(sql`SELECT id, amount::text, payment_method_id FROM appointment_payments
      WHERE tenant_id = ${tenantId} AND appointment_id = ${appt.id} AND (order_id IS NULL OR order_id = ${opts.orderId}) AND coalesce(deposit_status, '') NOT IN ('refunded', 'forfeited') ORDER BY created_at`),
  );
  const owed = toBig(appt.total_amount).minus(paid.reduce((s, p) => s.plus(p.amount), new Big(0)));
  if (owed.gt(0) && !setting.creditMethodId) throw appError("BAD_REQUEST", "appointments:errors.invoiceSetup");
  await tx.execute(sql`UPDATE appointment_payments SET order_id = ${opts.orderId}, generate_invoice = true, deposit_status = CASE WHEN deposit_status IS NULL THEN NULL ELSE 'applied' END
      WHERE tenant_id = ${tenantId} AND id = ANY(${`{${paid.map((p) => p.id).join(",")}}`}::uuid[])`);
  await tx.execute(sql`UPDATE appointments SET invoice_id = ${opts.orderId}, updated_at = now() WHERE tenant_id = ${tenantId} AND id = ${appt.id}`);
  const result = await paymentResult(ctx, appt.id, opts.resultPaymentId);
  const sale = await createInvoice(ctx, {
    source: "invoice",
    orderId: opts.orderId,
    // The payment's own key already makes the call idempotent; the order takes its id.
    clientOrderId: opts.orderId,
    customerId: appt.customer_id,
    warehouseId: setting.warehouseId,
    ncfTypeId: opts.ncfTypeId,
    items: [{ productId: appt.service_id, quantity: String(appt.party_size), unitPrice: appt.unit_price }],
    payments: [
      ...paid.map((p) => ({ paymentMethodId: p.payment_method_id, currencyId: setting.currencyId, amount: p.amount })),
      ...(owed.gt(0) ? [{ paymentMethodId: setting.creditMethodId!, currencyId: setting.currencyId, amount: owed.toFixed(2) }] : []),
    ],
    notes: opts.notes,
  });
  return { ...result, invoice: { id: sale.orderId, number: sale.orderNumber, ncf: sale.ncf ?? null } };
}

/**
 * appointment.applyDeposit (the deposit action 'apply to payment'): the appointment's invoice is
 * issued with the paid deposits (and any other payment not yet invoiced) as its payments, so the
 * deposit counts toward what the customer pays. A deposit already applied answers its invoice
 * (a retried call issues nothing).
 */
export async function applyDeposit(ctx: AppointmentContext, input: { payment_id: string; ncf_type_id?: string | null }) {
  const { tx, tenant } = ctx;
  const [deposit] = rowsOf<{ id: string; appointment_id: string; deposit_status: string | null; order_id: string | null }>(
    await tx.execute(sql`SELECT id, appointment_id, deposit_status, order_id FROM appointment_payments WHERE tenant_id = ${tenant.id} AND id = ${input.payment_id} AND payment_type = 'deposit'`),
  );
  if (!deposit) throw notFound();
  const [appt] = rowsOf<{ id: string; status: string; customer_id: string | null; service_id: string; party_size: number; unit_price: string; total_amount: string; invoice_id: string | null }>(
    await tx.execute(sql`SELECT id, status, customer_id, service_id, party_size, unit_price::text, total_amount::text, invoice_id FROM appointments
      WHERE tenant_id = ${tenant.id} AND id = ${deposit.appointment_id} FOR UPDATE`),
  );
  if (!appt) throw notFound();
  // Read again under the appointment's lock: a concurrent apply has finished by now.
  const [now] = rowsOf<{ deposit_status: string | null; order_id: string | null }>(
    await tx.execute(sql`SELECT deposit_status, order_id FROM appointment_payments WHERE tenant_id = ${tenant.id} AND id = ${deposit.id}`),
  );
  if (now?.deposit_status === "applied" && now.order_id) return paymentResult(ctx, appt.id, deposit.id);
  if (now?.deposit_status !== "paid") throw appError("BAD_REQUEST", "appointmentPayments:errors.depositStatus", { status: now?.deposit_status ?? "" });
  if (appt.status === "cancelled" || appt.status === "no_show") throw appError("BAD_REQUEST", "appointmentPayments:errors.applyOnCancelled");
  if (appt.invoice_id) {
    // Invoiced since (an earlier apply): the deposit is one more payment of that invoice.
    throw appError("BAD_REQUEST", "appointmentPayments:errors.depositStatus", { status: "paid" });
  }
  return issueAppointmentInvoice(ctx, appt, { orderId: newId(), ncfTypeId: input.ncf_type_id ?? null, notes: null, resultPaymentId: deposit.id });
}

async function paymentResult(ctx: AppointmentContext, appointmentId: string, paymentId: string) {
  const row = await getRow(ctx.tx, ctx.tenant.id, appointmentId);
  const [payment] = rowsOf<{ order_id: string | null; number: string | null; ncf: string | null }>(
    await ctx.tx.execute(sql`SELECT p.order_id, o.number, o.ncf FROM appointment_payments p LEFT JOIN orders o ON o.tenant_id = p.tenant_id AND o.id = p.order_id
      WHERE p.tenant_id = ${ctx.tenant.id} AND p.id = ${paymentId}`),
  );
  return {
    payment_id: paymentId,
    amount_paid: row.amount_paid,
    balance_due: row.balance_due,
    invoice: payment?.order_id ? { id: payment.order_id, number: payment.number ?? "", ncf: payment.ncf } : null,
    order_number: `APT-${row.appointment_number}`,
    customer_name: row.customer_name,
    description: `${row.service_name} · ${row.appointment_date} ${row.start_time}`,
  };
}
