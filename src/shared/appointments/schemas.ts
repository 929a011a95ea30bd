import { z } from "zod";
import { money } from "../catalog/decimal";
import { calendarDate } from "../platform/dates";
import { pageNumber } from "../platform/pagination";
import { wholeNumber } from "../platform/whole-number";

/**
 * Appointments (spec 01 §3–§5, §7, §9; spec 03 'Appointment administration'). Field names are the
 * spec's (snake_case). Messages are i18n keys in the appointments namespace; the spec's literal
 * texts are their Spanish and English values.
 */

export const APPOINTMENT_STATUSES = ["pending", "confirmed", "cancelled", "completed", "no_show", "rescheduled"] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/**
 * The allowed status changes (the spec leaves them open; docs/decisions.md records this table).
 * 'rescheduled' is set by appointment.reschedule (the appointment moved and waits for a new
 * confirmation); cancelled, completed and no_show are final.
 */
export const STATUS_TRANSITIONS: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  pending: ["confirmed", "cancelled", "no_show", "completed"],
  confirmed: ["completed", "cancelled", "no_show", "pending"],
  rescheduled: ["confirmed", "cancelled", "no_show", "completed"],
  cancelled: [],
  completed: [],
  no_show: [],
};
export const canTransition = (from: AppointmentStatus, to: AppointmentStatus): boolean => STATUS_TRANSITIONS[from].includes(to);
/** Statuses that hold their time on the calendar (everything but cancelled). */
export const BLOCKING_STATUSES: readonly AppointmentStatus[] = ["pending", "confirmed", "completed", "no_show", "rescheduled"];
/** Statuses that may still be moved to another time. */
export const MOVABLE_STATUSES: readonly AppointmentStatus[] = ["pending", "confirmed", "rescheduled"];

export const PAYMENT_TYPES = ["deposit", "full", "partial"] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const DEPOSIT_STATUSES = ["pending", "paid", "refunded", "forfeited", "applied"] as const;
export const REFUND_STATUSES = ["pending_review", "approved", "processing", "completed", "rejected"] as const;
export const REFUND_METHODS = ["original_payment_method", "store_credit", "manual_processing"] as const;
export const TIME_OFF_TYPES = ["vacation", "sick", "personal", "training", "other"] as const;

/** Spec 01 §9 and spec 03 §9. */
export const APPOINTMENT_LIMITS = {
  /** the wizard offers the next 14 days starting tomorrow */
  wizardDays: 14,
  defaultDurationMinutes: 30,
  minDurationMinutes: 15,
  maxDurationMinutes: 720,
  defaultPartySize: 1,
  /** deposit when the appointment has none: 30 % of the total */
  defaultDepositPercent: "30",
  serviceListPageSize: 100,
  wizardCustomerResults: 10,
  customerSearchDebounceMs: 300,
  copiedStateMs: 2000,
} as const;

const M = {
  required: "appointments:errors.required",
  invalidEmail: "appointments:errors.invalidEmail",
  invalidTime: "appointments:errors.invalidTime",
  duration: "appointments:errors.durationMin",
  partySize: "appointments:errors.partySize",
  invalidAmount: "appointments:errors.invalidAmount",
  methodRequired: "appointments:errors.methodRequired",
  ncfRequired: "appointments:errors.ncfRequired",
  tooLong: "appointments:errors.tooLong",
  invalidStatus: "appointments:errors.invalidStatus",
  invalidKey: "appointments:errors.invalidKey",
  dateRange: "appointments:errors.dateRange",
} as const;

const absentIfBlank = <T>(v: T | null | undefined): T | undefined => (v === null || v === undefined || v === "" ? undefined : v);
const optionalText = (max: number) => z.string().trim().max(max, M.tooLong).nullish().transform(absentIfBlank);
const optionalUuid = z
  .union([z.string().uuid(), z.literal(""), z.literal("none"), z.null()])
  .optional()
  .transform((v) => (v && v !== "none" ? v : undefined));

/** HH:mm, 00:00–23:59 (a start time); `end` also takes 24:00. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const timeOfDay = (message: string = M.invalidTime) => z.string({ error: message }).trim().regex(TIME_PATTERN, message);
export const endTimeOfDay = (message: string = M.invalidTime) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => TIME_PATTERN.test(v) || v === "24:00", message);

/** A client-generated key: the same key again returns the first result. */
export const idempotencyKey = z.string().trim().min(8, M.invalidKey).max(100, M.invalidKey);

export const getAvailableSlotsInput = z.object({
  date: calendarDate(),
  service_id: z.string().uuid(),
  employee_id: optionalUuid,
});

export const createAppointmentInput = z.object({
  customer_id: optionalUuid,
  customer_name: z.string({ error: "appointments:wizard.errors.name" }).trim().min(1, "appointments:wizard.errors.name").max(200, M.tooLong),
  customer_email: z
    .union([z.string().trim().toLowerCase().email(M.invalidEmail), z.literal(""), z.null()])
    .optional()
    .transform((v) => absentIfBlank(v)),
  customer_phone: optionalText(40),
  service_id: z.string({ error: "appointments:wizard.errors.service" }).uuid("appointments:wizard.errors.service"),
  employee_id: optionalUuid,
  appointment_date: calendarDate("appointments:wizard.errors.dateTime"),
  start_time: timeOfDay("appointments:wizard.errors.dateTime"),
  duration_minutes: wholeNumber(APPOINTMENT_LIMITS.minDurationMinutes, APPOINTMENT_LIMITS.maxDurationMinutes, M.duration).optional(),
  customer_notes: optionalText(2000),
  party_size: wholeNumber(1, 500, M.partySize).optional().default(1),
  /** optional in the spec's payload: the wizard always sends one */
  idempotency_key: idempotencyKey.optional(),
});
export type CreateAppointmentInput = z.input<typeof createAppointmentInput>;

export const applyPaymentInput = z
  .object({
    appointment_id: z.string().uuid(),
    payment_type: z.enum(PAYMENT_TYPES, { error: M.invalidAmount }).default("full"),
    amount: money(M.invalidAmount, { positive: true }),
    payment_method: z.string({ error: M.methodRequired }).uuid(M.methodRequired),
    notes: optionalText(1000),
    generate_invoice: z.boolean().default(true),
    ncf_type_id: optionalUuid,
    idempotency_key: idempotencyKey.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.generate_invoice && !v.ncf_type_id) ctx.addIssue({ code: "custom", path: ["ncf_type_id"], message: M.ncfRequired });
  });
export type ApplyPaymentInput = z.input<typeof applyPaymentInput>;

export const appointmentListInput = z
  .object({
    from: calendarDate(),
    to: calendarDate(),
    employee_ids: z.array(z.string().uuid()).max(200).optional(),
    service_ids: z.array(z.string().uuid()).max(200).optional(),
    statuses: z.array(z.enum(APPOINTMENT_STATUSES, { error: M.invalidStatus })).max(6).optional(),
    search: z.string().trim().max(200).optional().default(""),
    page: pageNumber().optional().default(1),
    pageSize: wholeNumber(1, 500).optional().default(50),
  })
  .refine((v) => v.from <= v.to, { path: ["to"], message: M.dateRange });

export const updateStatusInput = z.object({
  id: z.string().uuid(),
  status: z.enum(APPOINTMENT_STATUSES, { error: M.invalidStatus }),
  reason: optionalText(500),
});

export const rescheduleInput = z.object({
  id: z.string().uuid(),
  appointment_date: calendarDate(),
  start_time: timeOfDay(),
  /** absent: keep the employee */
  employee_id: optionalUuid,
});

/** Block time on the calendar: an approved time-off entry of type 'other' for one employee. */
export const blockTimeInput = z
  .object({
    employee_id: z.string({ error: "appointments:errors.employeeRequired" }).uuid("appointments:errors.employeeRequired"),
    date: calendarDate(),
    start_time: timeOfDay(),
    end_time: endTimeOfDay(),
    reason: optionalText(500),
  })
  .refine((v) => v.start_time < v.end_time, { path: ["end_time"], message: M.dateRange });
