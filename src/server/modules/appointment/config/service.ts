import { and, asc, count, desc, eq, gte, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { DaySchedule } from "../../../../shared/appointments/availability";
import type {
  AssignmentOutput,
  assignmentActiveInput,
  assignmentListInput,
  PolicyOutput,
  ScheduleOutput,
  ServiceConfigOutput,
  SlidingScaleStep,
  TimeOffOutput,
  timeOffListInput,
} from "../../../../shared/appointments/config";
import { businessDate } from "../../../../shared/platform/dates";
import type { Tx } from "../../../db/client";
import { newId } from "../../../ids";
import { appError, isUniqueViolation, notFound } from "../../../trpc/errors";
import type { SessionUser } from "../../auth/service";
import { employeeProducts, employees } from "../../employee/tables";
import { products } from "../../product/tables";
import type { TenantRow } from "../../tenant/service";
import { appointmentPolicies, employeeSchedules, employeeTimeOff } from "../tables";

/** What every configuration call runs with: the tenant's transaction, the tenant and the signed-in user. */
export interface ConfigContext {
  tx: Tx;
  tenant: TenantRow;
  user: SessionUser;
}

const today = (ctx: ConfigContext) => businessDate(new Date(), ctx.tenant.timezone);

// ---------------------------------------------------------------- lookups

/** A schedulable, not deleted product of the tenant (the service), else NOT_FOUND. */
async function serviceRow(tx: Tx, tenantId: string, serviceId: string) {
  const [row] = await tx
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.tenantId, tenantId), eq(products.id, serviceId), eq(products.isScheduleable, true), isNull(products.deletedAt)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** An employee of the tenant, else NOT_FOUND; `active` also refuses an inactive one. */
async function employeeRow(tx: Tx, tenantId: string, employeeId: string, active = false) {
  const [row] = await tx
    .select({ id: employees.id, name: employees.name, isActive: employees.isActive })
    .from(employees)
    .where(and(eq(employees.tenantId, tenantId), eq(employees.id, employeeId)))
    .limit(1);
  if (!row) throw notFound();
  if (active && !row.isActive) throw appError("BAD_REQUEST", "appointmentConfig:errors.employeeInactive", { name: row.name });
  return row;
}

// ---------------------------------------------------------------- employees

/**
 * appointment.getEmployees: the active employees the appointment screens pick from (schedules,
 * time off, assignments), with how many schedulable services each performs (active assignments).
 * Needs only appointments.view, so a cashier can request time off without the employees module.
 */
export async function getEmployees(ctx: ConfigContext) {
  const { tx, tenant } = ctx;
  const assigned = tx
    .select({ employeeId: employeeProducts.employeeId, n: count().as("n") })
    .from(employeeProducts)
    .innerJoin(products, and(eq(products.tenantId, employeeProducts.tenantId), eq(products.id, employeeProducts.productId)))
    .where(and(eq(employeeProducts.tenantId, tenant.id), eq(employeeProducts.isActive, true), eq(products.isScheduleable, true), isNull(products.deletedAt)))
    .groupBy(employeeProducts.employeeId)
    .as("assigned");
  return tx
    .select({ id: employees.id, code: employees.code, name: employees.name, service_count: sql<number>`coalesce(${assigned.n}, 0)`.mapWith(Number) })
    .from(employees)
    .leftJoin(assigned, eq(assigned.employeeId, employees.id))
    .where(and(eq(employees.tenantId, tenant.id), eq(employees.isActive, true)))
    .orderBy(asc(sql`lower(${employees.name})`), asc(employees.code));
}

// ---------------------------------------------------------------- services

/** appointment.getServices: the schedulable services with their booking configuration and how many active employees perform them. */
export async function getServices(ctx: ConfigContext) {
  const { tx, tenant } = ctx;
  const assigned = tx
    .select({ productId: employeeProducts.productId, n: count().as("n") })
    .from(employeeProducts)
    .innerJoin(employees, and(eq(employees.tenantId, employeeProducts.tenantId), eq(employees.id, employeeProducts.employeeId)))
    .where(and(eq(employeeProducts.tenantId, tenant.id), eq(employeeProducts.isActive, true), eq(employees.isActive, true)))
    .groupBy(employeeProducts.productId)
    .as("assigned");
  return tx
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      price: products.price,
      is_active: products.isActive,
      duration_minutes: sql<number>`coalesce(${products.defaultDuration}, 30)`.mapWith(Number),
      buffer_before: sql<number>`coalesce(${products.bufferBefore}, 0)`.mapWith(Number),
      buffer_after: sql<number>`coalesce(${products.bufferTime}, 0)`.mapWith(Number),
      min_attendees: products.minAttendees,
      max_attendees: products.maxAttendees,
      allow_employee_selection: products.allowEmployeeSelection,
      auto_payment_link: products.autoPaymentLink,
      min_notice_hours: products.minAdvanceBookingHours,
      max_advance_days: products.maxAdvanceBookingDays,
      employee_count: sql<number>`coalesce(${assigned.n}, 0)`.mapWith(Number),
    })
    .from(products)
    .leftJoin(assigned, eq(assigned.productId, products.id))
    .where(and(eq(products.tenantId, tenant.id), eq(products.isScheduleable, true), isNull(products.deletedAt)))
    .orderBy(asc(sql`lower(${products.name})`), asc(products.id));
}

/** appointment.updateServiceConfig: writes the service's booking columns on the product. */
export async function updateServiceConfig(ctx: ConfigContext, input: ServiceConfigOutput) {
  const { tx, tenant } = ctx;
  await serviceRow(tx, tenant.id, input.service_id);
  await tx
    .update(products)
    .set({
      defaultDuration: input.duration_minutes,
      bufferBefore: input.buffer_before,
      bufferTime: input.buffer_after,
      minAttendees: input.min_attendees,
      maxAttendees: input.max_attendees,
      allowEmployeeSelection: input.allow_employee_selection,
      autoPaymentLink: input.auto_payment_link,
      ...(input.min_notice_hours !== undefined ? { minAdvanceBookingHours: input.min_notice_hours } : {}),
      ...(input.max_advance_days !== undefined ? { maxAdvanceBookingDays: input.max_advance_days } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(products.tenantId, tenant.id), eq(products.id, input.service_id)));
  const rows = await getServices(ctx);
  return rows.find((r) => r.id === input.service_id)!;
}

// ---------------------------------------------------------------- assignments

const assignmentColumns = {
  id: employeeProducts.id,
  employee_id: employeeProducts.employeeId,
  employee_name: employees.name,
  employee_active: employees.isActive,
  service_id: employeeProducts.productId,
  service_name: products.name,
  service_duration: products.defaultDuration,
  service_price: products.price,
  duration_override: employeeProducts.durationOverride,
  price_override: employeeProducts.priceOverride,
  buffer_before_override: employeeProducts.bufferBeforeOverride,
  buffer_after_override: employeeProducts.bufferAfterOverride,
  max_concurrent_bookings: employeeProducts.maxConcurrentBookings,
  is_active: employeeProducts.isActive,
};

function assignmentQuery(tx: Tx, where: SQL | undefined) {
  return tx
    .select(assignmentColumns)
    .from(employeeProducts)
    .innerJoin(employees, and(eq(employees.tenantId, employeeProducts.tenantId), eq(employees.id, employeeProducts.employeeId)))
    .innerJoin(products, and(eq(products.tenantId, employeeProducts.tenantId), eq(products.id, employeeProducts.productId)))
    .where(and(where, eq(products.isScheduleable, true), isNull(products.deletedAt)))
    .orderBy(asc(sql`lower(${employees.name})`), asc(sql`lower(${products.name})`), asc(employeeProducts.id));
}

/** appointment.getAssignments: employee service assignments (employee_products rows of schedulable products), by employee or service. */
export async function getAssignments(ctx: ConfigContext, input: z.output<typeof assignmentListInput>) {
  const { tx, tenant } = ctx;
  if (input.employee_id) await employeeRow(tx, tenant.id, input.employee_id);
  if (input.service_id) await serviceRow(tx, tenant.id, input.service_id);
  return assignmentQuery(
    tx,
    and(
      eq(employeeProducts.tenantId, tenant.id),
      input.employee_id ? eq(employeeProducts.employeeId, input.employee_id) : undefined,
      input.service_id ? eq(employeeProducts.productId, input.service_id) : undefined,
    ),
  );
}

async function assignmentById(tx: Tx, tenantId: string, id: string) {
  const [row] = await assignmentQuery(tx, and(eq(employeeProducts.tenantId, tenantId), eq(employeeProducts.id, id)));
  if (!row) throw notFound();
  return row;
}

/**
 * appointment.saveAssignment: creates or updates the employee's link to the service with its
 * overrides (an active employee, a schedulable service). The link's commission percentage is kept.
 */
export async function saveAssignment(ctx: ConfigContext, input: AssignmentOutput) {
  const { tx, tenant } = ctx;
  await employeeRow(tx, tenant.id, input.employee_id, true);
  await serviceRow(tx, tenant.id, input.service_id);
  const values = {
    ...(input.duration_override !== undefined ? { durationOverride: input.duration_override } : {}),
    ...(input.price_override !== undefined ? { priceOverride: input.price_override } : {}),
    ...(input.buffer_before_override !== undefined ? { bufferBeforeOverride: input.buffer_before_override } : {}),
    ...(input.buffer_after_override !== undefined ? { bufferAfterOverride: input.buffer_after_override } : {}),
    maxConcurrentBookings: input.max_concurrent_bookings,
    isActive: input.is_active,
  };
  const [row] = await tx
    .insert(employeeProducts)
    .values({ tenantId: tenant.id, id: newId(), employeeId: input.employee_id, productId: input.service_id, ...values })
    .onConflictDoUpdate({ target: [employeeProducts.tenantId, employeeProducts.employeeId, employeeProducts.productId], set: values })
    .returning({ id: employeeProducts.id });
  return assignmentById(tx, tenant.id, row!.id);
}

/** appointment.setAssignmentActive: an inactive assignment keeps its overrides; the employee is not booked for the service. */
export async function setAssignmentActive(ctx: ConfigContext, input: z.output<typeof assignmentActiveInput>) {
  const { tx, tenant } = ctx;
  const row = await assignmentById(tx, tenant.id, input.id);
  if (input.is_active && !row.employee_active) throw appError("BAD_REQUEST", "appointmentConfig:errors.employeeInactive", { name: row.employee_name });
  await tx
    .update(employeeProducts)
    .set({ isActive: input.is_active })
    .where(and(eq(employeeProducts.tenantId, tenant.id), eq(employeeProducts.id, input.id)));
  return { ...row, is_active: input.is_active };
}

// ---------------------------------------------------------------- schedules

const scheduleColumns = {
  id: employeeSchedules.id,
  employee_id: employeeSchedules.employeeId,
  effective_from: employeeSchedules.effectiveFrom,
  effective_until: employeeSchedules.effectiveUntil,
  days: employeeSchedules.days,
  updated_at: employeeSchedules.updatedAt,
};

const asSchedule = <T extends { days: unknown }>(row: T) => ({ ...row, days: row.days as DaySchedule[] });

/** appointment.getSchedules: an employee's weekly schedules, oldest effective date first. */
export async function getSchedules(ctx: ConfigContext, employeeId: string) {
  const { tx, tenant } = ctx;
  await employeeRow(tx, tenant.id, employeeId);
  const rows = await tx
    .select(scheduleColumns)
    .from(employeeSchedules)
    .where(and(eq(employeeSchedules.tenantId, tenant.id), eq(employeeSchedules.employeeId, employeeId)))
    .orderBy(asc(employeeSchedules.effectiveFrom));
  return rows.map(asSchedule);
}

/** The days as stored: times trimmed, breaks sorted by start (a day off keeps its hours for later). */
const storedDays = (days: DaySchedule[]): DaySchedule[] =>
  days.map((d) => ({ dayOff: d.dayOff, start: d.start, end: d.end, breaks: [...d.breaks].sort((a, b) => a.start.localeCompare(b.start)).map((b) => ({ start: b.start, end: b.end })) }));

/** appointment.saveSchedule: creates (no id) or replaces a weekly schedule; one schedule per employee and effective date. */
export async function saveSchedule(ctx: ConfigContext, input: ScheduleOutput) {
  const { tx, tenant } = ctx;
  await employeeRow(tx, tenant.id, input.employee_id);
  const values = { effectiveFrom: input.effective_from, effectiveUntil: input.effective_until ?? null, days: storedDays(input.days) };
  let id = input.id ?? null;
  try {
    if (id) {
      const updated = await tx
        .update(employeeSchedules)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(employeeSchedules.tenantId, tenant.id), eq(employeeSchedules.id, id), eq(employeeSchedules.employeeId, input.employee_id)))
        .returning({ id: employeeSchedules.id });
      if (updated.length === 0) throw notFound();
    } else {
      id = newId();
      await tx.insert(employeeSchedules).values({ tenantId: tenant.id, id, employeeId: input.employee_id, ...values });
    }
  } catch (e) {
    if (isUniqueViolation(e)) throw appError("CONFLICT", "appointmentConfig:errors.scheduleExists", { date: input.effective_from });
    throw e;
  }
  const [row] = await tx
    .select(scheduleColumns)
    .from(employeeSchedules)
    .where(and(eq(employeeSchedules.tenantId, tenant.id), eq(employeeSchedules.id, id)));
  return asSchedule(row!);
}

/** appointment.deleteSchedule: a schedule is configuration; it may be deleted (booked appointments stay). */
export async function deleteSchedule(ctx: ConfigContext, id: string) {
  const { tx, tenant } = ctx;
  const deleted = await tx
    .delete(employeeSchedules)
    .where(and(eq(employeeSchedules.tenantId, tenant.id), eq(employeeSchedules.id, id)))
    .returning({ id: employeeSchedules.id });
  if (deleted.length === 0) throw notFound();
  return { id };
}

// ---------------------------------------------------------------- time off

const timeOffColumns = {
  id: employeeTimeOff.id,
  employee_id: employeeTimeOff.employeeId,
  employee_name: employees.name,
  start_date: employeeTimeOff.startDate,
  end_date: employeeTimeOff.endDate,
  start_time: employeeTimeOff.startTime,
  end_time: employeeTimeOff.endTime,
  type: employeeTimeOff.type,
  reason: employeeTimeOff.reason,
  status: employeeTimeOff.status,
  approved_by: employeeTimeOff.approvedBy,
  approved_at: employeeTimeOff.approvedAt,
  created_at: employeeTimeOff.createdAt,
};

function timeOffQuery(tx: Tx, where: SQL | undefined) {
  return tx
    .select(timeOffColumns)
    .from(employeeTimeOff)
    .innerJoin(employees, and(eq(employees.tenantId, employeeTimeOff.tenantId), eq(employees.id, employeeTimeOff.employeeId)))
    .where(where)
    .orderBy(desc(employeeTimeOff.startDate), asc(sql`lower(${employees.name})`), asc(employeeTimeOff.id));
}

async function timeOffById(tx: Tx, tenantId: string, id: string) {
  const [row] = await timeOffQuery(tx, and(eq(employeeTimeOff.tenantId, tenantId), eq(employeeTimeOff.id, id)));
  if (!row) throw notFound();
  return row;
}

/** appointment.getTimeOff: time off overlapping [from, to] (either end open), by employee and status; newest first. */
export async function getTimeOff(ctx: ConfigContext, input: z.output<typeof timeOffListInput>) {
  const { tx, tenant } = ctx;
  if (input.employee_id) await employeeRow(tx, tenant.id, input.employee_id);
  return timeOffQuery(
    tx,
    and(
      eq(employeeTimeOff.tenantId, tenant.id),
      input.employee_id ? eq(employeeTimeOff.employeeId, input.employee_id) : undefined,
      input.from ? gte(employeeTimeOff.endDate, input.from) : undefined,
      input.to ? lte(employeeTimeOff.startDate, input.to) : undefined,
      input.status ? eq(employeeTimeOff.status, input.status) : undefined,
    ),
  );
}

/** appointment.createTimeOff: pending (a request) unless the caller may configure and asks to approve it at once. */
export async function createTimeOff(ctx: ConfigContext, input: TimeOffOutput, canApprove: boolean) {
  const { tx, tenant, user } = ctx;
  await employeeRow(tx, tenant.id, input.employee_id);
  if (input.approve && !canApprove) throw appError("FORBIDDEN", "forbidden", { permission: "appointments.configure" });
  const id = newId();
  const approved = input.approve && canApprove;
  await tx.insert(employeeTimeOff).values({
    tenantId: tenant.id,
    id,
    employeeId: input.employee_id,
    startDate: input.start_date,
    endDate: input.end_date,
    startTime: input.start_time ?? null,
    endTime: input.end_time ?? null,
    type: input.type,
    reason: input.reason,
    status: approved ? "approved" : "pending",
    approvedBy: approved ? user.id : null,
    approvedAt: approved ? new Date() : null,
  });
  return timeOffById(tx, tenant.id, id);
}

/** appointment.approveTimeOff: a pending entry becomes approved (it then takes its time out of the schedule). */
export async function approveTimeOff(ctx: ConfigContext, id: string) {
  const { tx, tenant, user } = ctx;
  const row = await timeOffById(tx, tenant.id, id);
  if (row.status === "approved") throw appError("BAD_REQUEST", "appointmentConfig:errors.alreadyApproved");
  await tx
    .update(employeeTimeOff)
    .set({ status: "approved", approvedBy: user.id, approvedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(employeeTimeOff.tenantId, tenant.id), eq(employeeTimeOff.id, id)));
  return timeOffById(tx, tenant.id, id);
}

/** appointment.deleteTimeOff: a pending entry, or an approved one that has not started yet (tenant's today). */
export async function deleteTimeOff(ctx: ConfigContext, id: string) {
  const { tx, tenant } = ctx;
  const row = await timeOffById(tx, tenant.id, id);
  if (row.status === "approved" && row.start_date <= today(ctx)) throw appError("BAD_REQUEST", "appointmentConfig:errors.timeOffStarted");
  await tx.delete(employeeTimeOff).where(and(eq(employeeTimeOff.tenantId, tenant.id), eq(employeeTimeOff.id, id)));
  return { id };
}

// ---------------------------------------------------------------- policy

export type PolicyRow = typeof appointmentPolicies.$inferSelect;

/** The tenant's booking policy row, created with the defaults on first read (for the booking code too). */
export async function getPolicyRow(tx: Tx, tenantId: string): Promise<PolicyRow> {
  const [row] = await tx.select().from(appointmentPolicies).where(eq(appointmentPolicies.tenantId, tenantId)).limit(1);
  if (row) return row;
  await tx.insert(appointmentPolicies).values({ tenantId, id: newId() }).onConflictDoNothing();
  const [created] = await tx.select().from(appointmentPolicies).where(eq(appointmentPolicies.tenantId, tenantId)).limit(1);
  return created!;
}

/** The policy as the screens read it (the spec's names, snake_case). */
function policyView(row: PolicyRow) {
  return {
    id: row.id,
    min_notice_hours: row.minNoticeHours,
    max_advance_days: row.maxAdvanceDays,
    slot_interval_minutes: row.slotIntervalMinutes,
    deposit_percent: row.depositPercent,
    cancellation_fee: row.cancellationFee,
    retention_amount: row.retentionAmount,
    refund_window_hours: row.refundWindowHours,
    sliding_scale: (Array.isArray(row.slidingScale) ? row.slidingScale : []).map(scaleStepOf),
    reminder_hours_before: row.reminderHoursBefore,
    is_active: row.isActive,
    updated_at: row.updatedAt,
  };
}

/** A stored step ({hoursBefore, refundPercent}, as the table's comment names them) in the API's names. */
function scaleStepOf(step: unknown): SlidingScaleStep {
  const s = step as { hoursBefore?: number; refundPercent?: number; hours_before?: number; refund_percent?: number };
  return { hours_before: Number(s.hoursBefore ?? s.hours_before ?? 0), refund_percent: Number(s.refundPercent ?? s.refund_percent ?? 0) };
}

export async function getPolicy(ctx: ConfigContext) {
  return policyView(await getPolicyRow(ctx.tx, ctx.tenant.id));
}

/** appointment.updatePolicy: notice, advance, cancellation and refunds (slot interval, deposit and reminder are the booking settings, ../business/service.ts). */
export async function updatePolicy(ctx: ConfigContext, input: PolicyOutput) {
  const { tx, tenant } = ctx;
  await getPolicyRow(tx, tenant.id);
  const [row] = await tx
    .update(appointmentPolicies)
    .set({
      minNoticeHours: input.min_notice_hours,
      maxAdvanceDays: input.max_advance_days,
      cancellationFee: input.cancellation_fee,
      retentionAmount: input.retention_amount,
      refundWindowHours: input.refund_window_hours,
      slidingScale: input.sliding_scale.map((s) => ({ hoursBefore: s.hours_before, refundPercent: s.refund_percent })),
      isActive: input.is_active,
      updatedAt: new Date(),
    })
    .where(eq(appointmentPolicies.tenantId, tenant.id))
    .returning();
  return policyView(row!);
}
