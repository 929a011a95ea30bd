import { z } from "zod";
import { money, optionalDecimal } from "../catalog/decimal";
import { calendarDate } from "../platform/dates";
import { wholeNumber } from "../platform/whole-number";
import type { DaySchedule } from "./availability";
import { APPOINTMENT_LIMITS, endTimeOfDay, TIME_OFF_TYPES, timeOfDay } from "./schemas";

/**
 * Appointment configuration (spec 03 §3 'Appointment administration': policy, employee service
 * assignment, service configuration, employee schedule, time off; §5 its messages; §9 its limits):
 * the zod inputs of the appointment.* configuration procedures, reused by the screens' forms, and
 * the pure rules of a weekly schedule. Messages are i18n keys in the appointmentConfig namespace.
 */

export const CONFIG_LIMITS = {
  maxBufferMinutes: 240,
  maxAttendees: 500,
  maxConcurrentBookings: 50,
  maxNoticeHours: 8760,
  maxAdvanceDays: 730,
  minSlotInterval: 5,
  maxSlotInterval: 240,
  minReminderHours: 1,
  maxReminderHours: 168,
  maxRefundWindowHours: 8760,
  maxBreaksPerDay: 6,
  maxScaleSteps: 20,
} as const;

export const TIME_OFF_STATUSES = ["pending", "approved"] as const;
export type TimeOffStatus = (typeof TIME_OFF_STATUSES)[number];
export type TimeOffType = (typeof TIME_OFF_TYPES)[number];

export const CM = {
  selectBoth: "appointmentConfig:errors.selectBoth",
  selectEmployee: "appointmentConfig:errors.selectEmployee",
  selectService: "appointmentConfig:errors.selectService",
  duration: "appointmentConfig:errors.durationMin",
  attendees: "appointmentConfig:errors.attendeesOrder",
  attendeesRange: "appointmentConfig:errors.attendeesRange",
  buffer: "appointmentConfig:errors.buffer",
  notice: "appointmentConfig:errors.notice",
  advance: "appointmentConfig:errors.advance",
  concurrent: "appointmentConfig:errors.concurrent",
  price: "appointmentConfig:errors.price",
  invalidTime: "appointmentConfig:errors.invalidTime",
  endAfterStart: "appointmentConfig:errors.endAfterStart",
  breakOutside: "appointmentConfig:errors.breakOutside",
  breakOverlap: "appointmentConfig:errors.breakOverlap",
  breakOrder: "appointmentConfig:errors.breakOrder",
  tooManyBreaks: "appointmentConfig:errors.tooManyBreaks",
  sevenDays: "appointmentConfig:errors.sevenDays",
  invalidDate: "appointmentConfig:errors.invalidDate",
  untilBeforeFrom: "appointmentConfig:errors.untilBeforeFrom",
  endBeforeStart: "appointmentConfig:errors.endBeforeStart",
  timeOffTimes: "appointmentConfig:errors.timeOffTimes",
  type: "appointmentConfig:errors.type",
  tooLong: "appointmentConfig:errors.tooLong",
  amount: "appointmentConfig:errors.amount",
  refundWindow: "appointmentConfig:errors.refundWindow",
  scaleHours: "appointmentConfig:errors.scaleHours",
  scalePercent: "appointmentConfig:errors.scalePercent",
  scaleDuplicate: "appointmentConfig:errors.scaleDuplicate",
  tooManySteps: "appointmentConfig:errors.tooManySteps",
} as const;

/** '', null and undefined are "not set" (null); anything else goes through the schema. */
const blankToNull = (v: unknown) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? null : v);
const optionalWhole = (min: number, max: number, message: string) => z.preprocess(blankToNull, wholeNumber(min, max, message).nullable()).optional();
const requiredId = (message: string) => z.string({ error: message }).trim().uuid(message);
const id = z.string().uuid("appointmentConfig:errors.invalidId");
const optionalId = z
  .union([z.string().uuid(), z.literal(""), z.literal("all"), z.null()])
  .optional()
  .transform((v) => (v && v !== "all" ? v : undefined));
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, CM.tooLong)
    .nullish()
    .transform((v) => (v ? v : null));

// ---------------------------------------------------------------- services

export const serviceConfigInput = z
  .object({
    service_id: requiredId(CM.selectService),
    duration_minutes: wholeNumber(APPOINTMENT_LIMITS.minDurationMinutes, APPOINTMENT_LIMITS.maxDurationMinutes, CM.duration),
    buffer_before: wholeNumber(0, CONFIG_LIMITS.maxBufferMinutes, CM.buffer),
    buffer_after: wholeNumber(0, CONFIG_LIMITS.maxBufferMinutes, CM.buffer),
    min_attendees: wholeNumber(1, CONFIG_LIMITS.maxAttendees, CM.attendeesRange),
    max_attendees: wholeNumber(1, CONFIG_LIMITS.maxAttendees, CM.attendeesRange),
    allow_employee_selection: z.boolean().default(true),
    auto_payment_link: z.boolean().default(false),
    /** null / absent: the tenant's policy applies */
    min_notice_hours: optionalWhole(0, CONFIG_LIMITS.maxNoticeHours, CM.notice),
    max_advance_days: optionalWhole(0, CONFIG_LIMITS.maxAdvanceDays, CM.advance),
  })
  .refine((v) => v.max_attendees >= v.min_attendees, { path: ["max_attendees"], message: CM.attendees });
export type ServiceConfigInput = z.input<typeof serviceConfigInput>;
export type ServiceConfigOutput = z.output<typeof serviceConfigInput>;

// ---------------------------------------------------------------- assignments

export const assignmentListInput = z.object({ employee_id: optionalId, service_id: optionalId });

export const assignmentInput = z.object({
  employee_id: requiredId(CM.selectBoth),
  service_id: requiredId(CM.selectBoth),
  /** null: the service's own value */
  duration_override: optionalWhole(APPOINTMENT_LIMITS.minDurationMinutes, APPOINTMENT_LIMITS.maxDurationMinutes, CM.duration),
  price_override: optionalDecimal(money(CM.price)).transform((v) => v ?? null),
  buffer_before_override: optionalWhole(0, CONFIG_LIMITS.maxBufferMinutes, CM.buffer),
  buffer_after_override: optionalWhole(0, CONFIG_LIMITS.maxBufferMinutes, CM.buffer),
  max_concurrent_bookings: wholeNumber(1, CONFIG_LIMITS.maxConcurrentBookings, CM.concurrent).default(1),
  is_active: z.boolean().default(true),
});
export type AssignmentInput = z.input<typeof assignmentInput>;
export type AssignmentOutput = z.output<typeof assignmentInput>;

export const assignmentActiveInput = z.object({ id, is_active: z.boolean() });

// ---------------------------------------------------------------- schedules

const breakShape = z.object({ start: timeOfDay(CM.invalidTime), end: endTimeOfDay(CM.invalidTime) });
const dayShape = z.object({
  dayOff: z.boolean(),
  start: timeOfDay(CM.invalidTime),
  end: endTimeOfDay(CM.invalidTime),
  breaks: z.array(breakShape).max(CONFIG_LIMITS.maxBreaksPerDay, CM.tooManyBreaks).default([]),
});

const minutes = (hhmm: string) => (hhmm === "24:00" ? 1440 : Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5)));
const HHMM = /^(?:([01]\d|2[0-3]):[0-5]\d|24:00)$/;

export interface ScheduleProblem {
  /** e.g. [1, 'end'] or [1, 'breaks', 0, 'start'] (day index first) */
  path: (string | number)[];
  message: string;
}

/**
 * The rules of one day of a weekly schedule: a working day ends after it starts; each break ends
 * after it starts, lies inside the working window and does not overlap another. A day off is not
 * checked (its hours are kept for when it is switched back on). Times must be 'HH:mm'.
 */
export function dayProblems(day: DaySchedule, index: number): ScheduleProblem[] {
  const out: ScheduleProblem[] = [];
  if (day.dayOff) return out;
  if (!HHMM.test(day.start) || day.start === "24:00") out.push({ path: [index, "start"], message: CM.invalidTime });
  if (!HHMM.test(day.end)) out.push({ path: [index, "end"], message: CM.invalidTime });
  if (out.length) return out;
  const start = minutes(day.start);
  const end = minutes(day.end);
  if (end <= start) return [{ path: [index, "end"], message: CM.endAfterStart }];
  const breaks = day.breaks.map((b, i) => ({ i, b }));
  const valid: { i: number; s: number; e: number }[] = [];
  for (const { i, b } of breaks) {
    if (!HHMM.test(b.start) || b.start === "24:00") {
      out.push({ path: [index, "breaks", i, "start"], message: CM.invalidTime });
      continue;
    }
    if (!HHMM.test(b.end)) {
      out.push({ path: [index, "breaks", i, "end"], message: CM.invalidTime });
      continue;
    }
    const s = minutes(b.start);
    const e = minutes(b.end);
    if (e <= s) out.push({ path: [index, "breaks", i, "end"], message: CM.breakOrder });
    else if (s < start || e > end) out.push({ path: [index, "breaks", i, "start"], message: CM.breakOutside });
    else valid.push({ i, s, e });
  }
  valid.sort((a, b) => a.s - b.s || a.i - b.i);
  for (let k = 1; k < valid.length; k++) {
    const prev = valid[k - 1]!;
    const cur = valid[k]!;
    if (cur.s < prev.e) out.push({ path: [index, "breaks", Math.max(cur.i, prev.i), "start"], message: CM.breakOverlap });
  }
  return out;
}

/** Every problem of a week (7 days, index 0 = Sunday). */
export function weekProblems(days: DaySchedule[]): ScheduleProblem[] {
  if (days.length !== 7) return [{ path: [], message: CM.sevenDays }];
  return days.flatMap((d, i) => dayProblems(d, i));
}

/** Monday's hours and breaks copied to every other working day (days off stay off). */
export function copyMondayToAll(days: DaySchedule[]): DaySchedule[] {
  const monday = days[1];
  if (!monday) return days;
  return days.map((d, i) => (i === 1 ? d : { dayOff: d.dayOff, start: monday.start, end: monday.end, breaks: monday.breaks.map((b) => ({ ...b })) }));
}

/** A new week: Monday–Friday 08:00–17:00 with a 12:00–13:00 break, Saturday and Sunday off. */
export function defaultWeek(): DaySchedule[] {
  return Array.from({ length: 7 }, (_, i) => ({ dayOff: i === 0 || i === 6, start: "08:00", end: "17:00", breaks: [{ start: "12:00", end: "13:00" }] }));
}

export const weekSchema = z
  .array(dayShape)
  .length(7, CM.sevenDays)
  .superRefine((days, ctx) => {
    for (const p of weekProblems(days)) ctx.addIssue({ code: "custom", path: p.path, message: p.message });
  });

export const scheduleListInput = z.object({ employee_id: requiredId(CM.selectEmployee) });

export const scheduleInput = z
  .object({
    id: z.string().uuid().nullish(),
    employee_id: requiredId(CM.selectEmployee),
    effective_from: calendarDate(CM.invalidDate),
    effective_until: z.preprocess(blankToNull, calendarDate(CM.invalidDate).nullable()).optional(),
    days: weekSchema,
  })
  .refine((v) => !v.effective_until || v.effective_until >= v.effective_from, { path: ["effective_until"], message: CM.untilBeforeFrom });
export type ScheduleInput = z.input<typeof scheduleInput>;
export type ScheduleOutput = z.output<typeof scheduleInput>;

// ---------------------------------------------------------------- time off

export const timeOffListInput = z.object({
  employee_id: optionalId,
  from: z.preprocess(blankToNull, calendarDate(CM.invalidDate).nullable()).optional(),
  to: z.preprocess(blankToNull, calendarDate(CM.invalidDate).nullable()).optional(),
  status: z.enum(TIME_OFF_STATUSES).optional(),
});

const optionalTime = (schema: z.ZodType<string>) => z.preprocess(blankToNull, schema.nullable()).optional();

export const timeOffInput = z
  .object({
    employee_id: requiredId(CM.selectEmployee),
    start_date: calendarDate(CM.invalidDate),
    end_date: calendarDate(CM.invalidDate),
    start_time: optionalTime(timeOfDay(CM.invalidTime)),
    end_time: optionalTime(endTimeOfDay(CM.invalidTime)),
    type: z.enum(TIME_OFF_TYPES, { error: CM.type }),
    reason: optionalText(500),
    /** with appointments.configure: approved at once */
    approve: z.boolean().default(false),
  })
  .refine((v) => v.end_date >= v.start_date, { path: ["end_date"], message: CM.endBeforeStart })
  .refine((v) => !(v.start_date === v.end_date && v.start_time && v.end_time && v.end_time <= v.start_time), { path: ["end_time"], message: CM.timeOffTimes });
export type TimeOffInput = z.input<typeof timeOffInput>;
export type TimeOffOutput = z.output<typeof timeOffInput>;

export const idInput = z.object({ id });

// ---------------------------------------------------------------- policy

const scaleStep = z.object({
  hours_before: wholeNumber(0, CONFIG_LIMITS.maxRefundWindowHours, CM.scaleHours),
  refund_percent: wholeNumber(0, 100, CM.scalePercent),
});
export type SlidingScaleStep = z.output<typeof scaleStep>;

/** Steps sorted by hours before the start, most notice first; the same hours twice is refused. */
export const slidingScale = z
  .array(scaleStep)
  .max(CONFIG_LIMITS.maxScaleSteps, CM.tooManySteps)
  .superRefine((steps, ctx) => {
    const seen = new Set<number>();
    steps.forEach((s, i) => {
      if (seen.has(s.hours_before)) ctx.addIssue({ code: "custom", path: [i, "hours_before"], message: CM.scaleDuplicate });
      seen.add(s.hours_before);
    });
  })
  .transform((steps) => [...steps].sort((a, b) => b.hours_before - a.hours_before));

/** appointment.updatePolicy (slot interval, deposit and reminder are the booking settings: ./business.ts). */
export const policyInput = z.object({
  min_notice_hours: wholeNumber(0, CONFIG_LIMITS.maxNoticeHours, CM.notice),
  max_advance_days: wholeNumber(0, CONFIG_LIMITS.maxAdvanceDays, CM.advance),
  cancellation_fee: money(CM.amount),
  retention_amount: money(CM.amount),
  refund_window_hours: wholeNumber(0, CONFIG_LIMITS.maxRefundWindowHours, CM.refundWindow),
  sliding_scale: slidingScale.default([]),
  is_active: z.boolean(),
});
export type PolicyInput = z.input<typeof policyInput>;
export type PolicyOutput = z.output<typeof policyInput>;

/**
 * The refund percentage of a cancellation `hoursBefore` the start: outside the refund window
 * (more notice than it) 100; inside it, the first step whose hours_before the notice reaches
 * (steps sorted most notice first), else 0.
 */
export function refundPercentFor(policy: { refund_window_hours: number; sliding_scale: SlidingScaleStep[] }, hoursBefore: number): number {
  if (hoursBefore >= policy.refund_window_hours) return 100;
  const steps = [...policy.sliding_scale].sort((a, b) => b.hours_before - a.hours_before);
  for (const s of steps) if (hoursBefore >= s.hours_before) return s.refund_percent;
  return 0;
}
