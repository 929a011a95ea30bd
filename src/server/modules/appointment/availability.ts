import { type SQL, sql } from "drizzle-orm";
import { type DayQuery, type EmployeeDay, slotsForDay, type TimeOffEntry, type WeeklySchedule } from "../../../shared/appointments/availability";
import type { RefundPolicy } from "../../../shared/appointments/refunds";
import { APPOINTMENT_LIMITS } from "../../../shared/appointments/schemas";
import { businessClock } from "../../../shared/platform/dates";
import { rowsOf, type Tx } from "../../db/client";
import { appError, notFound } from "../../trpc/errors";
import type { tenants } from "../tenant/tables";

type Tenant = typeof tenants.$inferSelect;

/** A schedulable service as booking reads it (the product's appointment settings). */
export interface BookableService {
  id: string;
  name: string;
  price: string;
  duration: number;
  bufferBefore: number;
  bufferAfter: number;
  minAttendees: number;
  maxAttendees: number;
  minNoticeHours: number | null;
  maxAdvanceDays: number | null;
  /** the product's tax, for the booking's total by the cart rules */
  isTaxable: boolean;
  priceIncludesTax: boolean;
  taxPercent: string | null;
}

/** An employee assigned to the service, with the assignment's overrides applied. */
export interface Assignee {
  id: string;
  name: string;
  duration: number;
  price: string;
  bufferBefore: number;
  bufferAfter: number;
  maxConcurrent: number;
}

export interface BookingPolicy {
  minNoticeHours: number;
  maxAdvanceDays: number;
  slotIntervalMinutes: number;
  depositPercent: string;
  reminderHoursBefore: number;
  /** a new booking starts 'confirmed' instead of 'pending' */
  autoConfirm: boolean;
  /** whether a portal customer may cancel / reschedule their appointment */
  allowCustomerCancel: boolean;
  allowCustomerReschedule: boolean;
  /** the refund rules (src/shared/appointments/refunds.ts refundQuote); a policy switched off refunds everything */
  refund: RefundPolicy;
}

const DEFAULT_POLICY: BookingPolicy = {
  minNoticeHours: 0,
  maxAdvanceDays: 60,
  slotIntervalMinutes: 30,
  depositPercent: APPOINTMENT_LIMITS.defaultDepositPercent,
  reminderHoursBefore: 24,
  autoConfirm: false,
  allowCustomerCancel: true,
  allowCustomerReschedule: true,
  refund: { refund_window_hours: 0, sliding_scale: [], cancellation_fee: "0", retention_amount: "0" },
};

/** The tenant's booking policy (its defaults when none is saved or it is switched off). */
export async function readPolicy(tx: Tx, tenantId: string): Promise<BookingPolicy> {
  const [row] = rowsOf<{
    min_notice_hours: number;
    max_advance_days: number;
    slot_interval_minutes: number;
    deposit_percent: string;
    reminder_hours_before: number;
    auto_confirm: boolean;
    allow_customer_cancel: boolean;
    allow_customer_reschedule: boolean;
    refund_window_hours: number;
    sliding_scale: RefundPolicy["sliding_scale"];
    cancellation_fee: string;
    retention_amount: string;
    is_active: boolean;
  }>(
    await tx.execute(sql`SELECT min_notice_hours, max_advance_days, slot_interval_minutes, deposit_percent::text, reminder_hours_before, auto_confirm, allow_customer_cancel, allow_customer_reschedule,
        refund_window_hours, sliding_scale, cancellation_fee::text, retention_amount::text, is_active
      FROM appointment_policies WHERE tenant_id = ${tenantId} LIMIT 1`),
  );
  if (!row) return DEFAULT_POLICY;
  const base = {
    slotIntervalMinutes: row.slot_interval_minutes,
    depositPercent: row.deposit_percent,
    reminderHoursBefore: row.reminder_hours_before,
    autoConfirm: row.auto_confirm,
    allowCustomerCancel: row.allow_customer_cancel,
    allowCustomerReschedule: row.allow_customer_reschedule,
  };
  if (!row.is_active) return { ...DEFAULT_POLICY, ...base, minNoticeHours: 0, maxAdvanceDays: 0 };
  const refund = { refund_window_hours: row.refund_window_hours, sliding_scale: row.sliding_scale, cancellation_fee: row.cancellation_fee, retention_amount: row.retention_amount };
  return { ...base, minNoticeHours: row.min_notice_hours, maxAdvanceDays: row.max_advance_days, refund };
}

/** A schedulable, active service of the tenant, or NOT_FOUND. */
export async function loadService(tx: Tx, tenantId: string, id: string): Promise<BookableService> {
  const [row] = rowsOf<{
    id: string;
    name: string;
    price: string;
    default_duration: number | null;
    buffer_before: number | null;
    buffer_time: number | null;
    min_attendees: number;
    max_attendees: number;
    min_advance_booking_hours: number | null;
    max_advance_booking_days: number | null;
    is_taxable: boolean;
    price_includes_tax: boolean;
    tax_percent: string | null;
  }>(
    await tx.execute(sql`SELECT id, name, price::text, default_duration, buffer_before, buffer_time, min_attendees, max_attendees, min_advance_booking_hours, max_advance_booking_days,
        is_taxable, price_includes_tax, tax_percent::text
      FROM products WHERE tenant_id = ${tenantId} AND id = ${id} AND is_scheduleable AND is_active AND deleted_at IS NULL`),
  );
  if (!row) throw notFound();
  return {
    id: row.id,
    name: row.name,
    price: row.price,
    duration: row.default_duration ?? APPOINTMENT_LIMITS.defaultDurationMinutes,
    bufferBefore: row.buffer_before ?? 0,
    bufferAfter: row.buffer_time ?? 0,
    minAttendees: row.min_attendees,
    maxAttendees: row.max_attendees,
    minNoticeHours: row.min_advance_booking_hours,
    maxAdvanceDays: row.max_advance_booking_days,
    isTaxable: row.is_taxable,
    priceIncludesTax: row.price_includes_tax,
    taxPercent: row.tax_percent,
  };
}

/** The employees assigned to a service (active assignment, active employee), as a subquery of ids. */
function assigneeIds(tenantId: string, serviceId: string, employeeId: string | undefined): SQL {
  return sql`(SELECT ep.employee_id FROM employee_products ep JOIN employees e ON e.tenant_id = ep.tenant_id AND e.id = ep.employee_id
    WHERE ep.tenant_id = ${tenantId} AND ep.product_id = ${serviceId} AND ep.is_active AND e.is_active ${employeeId ? sql`AND e.id = ${employeeId}` : sql``})`;
}

type AssigneeRow = {
  id: string;
  name: string;
  duration_override: number | null;
  price_override: string | null;
  buffer_before_override: number | null;
  buffer_after_override: number | null;
  max_concurrent_bookings: number;
};

function assigneeRows(tx: Tx, tenantId: string, serviceId: string, employeeId: string | undefined, lock: boolean) {
  return tx
    .execute(sql`SELECT e.id, e.name, ep.duration_override, ep.price_override::text, ep.buffer_before_override, ep.buffer_after_override, ep.max_concurrent_bookings
      FROM employee_products ep JOIN employees e ON e.tenant_id = ep.tenant_id AND e.id = ep.employee_id
      WHERE ep.tenant_id = ${tenantId} AND ep.product_id = ${serviceId} AND ep.is_active AND e.is_active
        ${employeeId ? sql`AND e.id = ${employeeId}` : sql``}
      ORDER BY e.id ${lock ? sql`FOR UPDATE OF e` : sql``}`)
    .then((r) => rowsOf<AssigneeRow>(r));
}

/** No assignee: an employee of the tenant not assigned to the service is a 400, an unknown one NOT_FOUND. */
async function checkAssigned(tx: Tx, tenantId: string, employeeId: string | undefined, rows: AssigneeRow[]) {
  if (!employeeId || rows.length > 0) return;
  const [exists] = rowsOf<{ id: string }>(await tx.execute(sql`SELECT id FROM employees WHERE tenant_id = ${tenantId} AND id = ${employeeId}`));
  if (!exists) throw notFound();
  throw appError("BAD_REQUEST", "appointments:errors.employeeNotAssigned");
}

function assigneesOf(rows: AssigneeRow[], service: BookableService): Assignee[] {
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    duration: r.duration_override ?? service.duration,
    price: r.price_override ?? service.price,
    bufferBefore: r.buffer_before_override ?? service.bufferBefore,
    bufferAfter: r.buffer_after_override ?? service.bufferAfter,
    maxConcurrent: Math.max(1, r.max_concurrent_bookings),
  }));
}

/**
 * The active employees assigned to the service (active assignment), with their overrides; one
 * employee when `employeeId` is given (an employee not assigned: BAD_REQUEST). With `lock`, their
 * rows are locked in id order: two bookings for the same people take turns, so the second sees
 * the first's appointment (exactly one of two bookings of the last free slot succeeds).
 */
export async function loadAssignees(tx: Tx, tenantId: string, service: BookableService, employeeId: string | undefined, lock: boolean): Promise<Assignee[]> {
  const rows = await assigneeRows(tx, tenantId, service.id, employeeId, lock);
  await checkAssigned(tx, tenantId, employeeId, rows);
  return assigneesOf(rows, service);
}

const uuidArray = (ids: string[]) => `{${ids.join(",")}}`;

/**
 * Everything availability needs about the assignees on one date, read in one pipelined round
 * trip: schedules in force, approved time off, the busy intervals of their appointments (minutes
 * from the date's local midnight, buffers included) and when each was last booked.
 */
export async function loadDay(tx: Tx, tenant: Tenant, date: string, assignees: Assignee[], opts: { durationMinutes?: number; excludeAppointmentId?: string } = {}): Promise<EmployeeDay[]> {
  if (assignees.length === 0) return [];
  const rows = await dayRows(tx, tenant, date, sql`ANY(${uuidArray(assignees.map((a) => a.id))}::uuid[])`, opts.excludeAppointmentId);
  return employeeDays(rows, assignees, opts.durationMinutes);
}

type DayRows = Awaited<ReturnType<typeof dayRows>>;

/** The day's reads for the employees `scope` names (ANY(array) or IN (subquery)), sent at once. */
function dayRows(tx: Tx, tenant: Tenant, date: string, scope: SQL, excludeAppointmentId?: string) {
  const tenantId = tenant.id;
  const ids = scope;
  const dayStart = sql`(${date}::date::timestamp AT TIME ZONE ${tenant.timezone})`;
  return Promise.all([
    tx.execute(sql`SELECT employee_id, effective_from::text, effective_until::text, days FROM employee_schedules
      WHERE tenant_id = ${tenantId} AND employee_id = ${ids} AND effective_from <= ${date}::date AND (effective_until IS NULL OR effective_until >= ${date}::date)`),
    tx.execute(sql`SELECT employee_id, start_date::text, end_date::text, start_time, end_time FROM employee_time_off
      WHERE tenant_id = ${tenantId} AND employee_id = ${ids} AND status = 'approved' AND start_date <= ${date}::date AND end_date >= ${date}::date`),
    tx.execute(sql`SELECT employee_id, (extract(epoch FROM busy_from - ${dayStart}) / 60)::int AS s, (extract(epoch FROM busy_until - ${dayStart}) / 60)::int AS e
      FROM appointments WHERE tenant_id = ${tenantId} AND employee_id = ${ids} AND status <> 'cancelled'
        AND busy_from > ${dayStart} - interval '1 day' AND busy_from < ${dayStart} + interval '1 day' AND busy_until > ${dayStart}
        ${excludeAppointmentId ? sql`AND id <> ${excludeAppointmentId}` : sql``}`),
    tx.execute(sql`SELECT e.id AS employee_id, (SELECT a.created_at FROM appointments a WHERE a.tenant_id = ${tenantId} AND a.employee_id = e.id ORDER BY a.created_at DESC LIMIT 1) AS last
      FROM employees e WHERE e.tenant_id = ${tenantId} AND e.id = ${ids}`),
  ]);
}

function employeeDays([schedules, timeOff, busy, last]: DayRows, assignees: Assignee[], durationMinutes: number | undefined): EmployeeDay[] {
  const byEmployee = <T extends { employee_id: string }>(rows: T[]) => {
    const map = new Map<string, T[]>();
    for (const r of rows) map.set(r.employee_id, [...(map.get(r.employee_id) ?? []), r]);
    return map;
  };
  const scheduleRows = byEmployee(rowsOf<{ employee_id: string; effective_from: string; effective_until: string | null; days: unknown }>(schedules));
  const timeOffRows = byEmployee(rowsOf<{ employee_id: string; start_date: string; end_date: string; start_time: string | null; end_time: string | null }>(timeOff));
  const busyRows = byEmployee(rowsOf<{ employee_id: string; s: number; e: number }>(busy));
  const lastRows = new Map(rowsOf<{ employee_id: string; last: Date | string | null }>(last).map((r) => [r.employee_id, r.last]));
  return assignees.map((a) => {
    const lastBooked = lastRows.get(a.id);
    return {
      employeeId: a.id,
      lastBookedAt: lastBooked ? new Date(lastBooked).toISOString() : null,
      schedules: (scheduleRows.get(a.id) ?? []).map(
        (s): WeeklySchedule => ({ effectiveFrom: s.effective_from, effectiveUntil: s.effective_until, days: (typeof s.days === "string" ? JSON.parse(s.days) : s.days) as WeeklySchedule["days"] }),
      ),
      timeOff: (timeOffRows.get(a.id) ?? []).map((t): TimeOffEntry => ({ startDate: t.start_date, endDate: t.end_date, startTime: t.start_time, endTime: t.end_time, approved: true })),
      busy: (busyRows.get(a.id) ?? []).map((b) => ({ start: Number(b.s), end: Number(b.e) })),
      durationMinutes: durationMinutes ?? a.duration,
      bufferBefore: a.bufferBefore,
      bufferAfter: a.bufferAfter,
      maxConcurrent: a.maxConcurrent,
    };
  });
}

/** The day query of a service: the service's own notice and advance limits win over the policy's. */
export function dayQuery(tenant: Tenant, date: string, service: BookableService, policy: BookingPolicy, employees: EmployeeDay[]): DayQuery {
  return {
    date,
    now: businessClock(new Date(), tenant.timezone),
    minNoticeHours: service.minNoticeHours ?? policy.minNoticeHours,
    maxAdvanceDays: service.maxAdvanceDays ?? policy.maxAdvanceDays,
    stepMinutes: policy.slotIntervalMinutes,
    employees,
  };
}

/**
 * appointment.getAvailableSlots: the day's slots of the service ({time, available}), computed from
 * schedules, time off and bookings. Every read goes in one pipelined round trip (the day's reads
 * name the assignees by a subquery).
 */
export async function getAvailableSlots(tx: Tx, tenant: Tenant, input: { date: string; service_id: string; employee_id?: string }) {
  const [service, policy, rows, day] = await Promise.all([
    loadService(tx, tenant.id, input.service_id),
    readPolicy(tx, tenant.id),
    assigneeRows(tx, tenant.id, input.service_id, input.employee_id, false),
    dayRows(tx, tenant, input.date, sql`ANY(ARRAY${assigneeIds(tenant.id, input.service_id, input.employee_id)})`),
  ]);
  await checkAssigned(tx, tenant.id, input.employee_id, rows);
  const employees = employeeDays(day, assigneesOf(rows, service), undefined);
  return slotsForDay(dayQuery(tenant, input.date, service, policy, employees)).map((s) => ({ time: s.time, available: s.available }));
}
