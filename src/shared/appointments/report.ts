/**
 * The appointment report's metric rules (spec 03 §9 'Report metrics: appointments today, this
 * week, this month, revenue, utilization, no-show rate, cancellation rate, average booking value').
 * Pure: runs in the browser (period presets) and in Node (the report's figures).
 *
 *  - Appointments of a period: every appointment whose date is in the period, any status.
 *  - Today / this week (Monday to Sunday) / this month: appointments on those dates that hold their
 *    time (every status but cancelled), counted from the business's today.
 *  - Cancellation rate = cancelled / appointments; no-show rate = no_show / (appointments −
 *    cancelled), the ones that were to take place. Percentages with one decimal, half up; a rate
 *    over nothing (a 0 denominator) is null, shown as '—', never 0 % or a division by zero.
 *  - Value booked = the sum of total_amount of the appointments that are not cancelled; average
 *    booking value = value booked / those appointments (2 decimals, half up; '0.00' when none).
 *  - Revenue = the payments received in the period (their instant, in the business's time zone),
 *    refunded deposits left out.
 *  - Utilization = booked minutes (duration of the appointments that are not cancelled) / working
 *    minutes (the schedule's hours minus breaks and approved time off, from the availability
 *    engine's workingIntervals), one decimal; null when nobody works in the period. It may pass
 *    100 % when bookings were made outside the schedule: the figure is shown as it is.
 * Money is decimal strings (big.js), never floats.
 */
import { z } from "zod";
import { Big, toBig } from "../catalog/decimal";
import { calendarDate } from "../platform/dates";
import { addDaysTo, daysBetween, type Interval, weekday } from "./availability";
import type { AppointmentStatus } from "./schemas";

/** The longest period a report covers (days, both ends included). */
export const REPORT_MAX_DAYS = 366;

export type ReportPreset = "today" | "week" | "month" | "custom";
export const REPORT_PRESETS: readonly ReportPreset[] = ["today", "week", "month", "custom"];

export interface Period {
  from: string;
  to: string;
}

const optionalId = z
  .union([z.uuid("appointments:errors.invalidId"), z.literal(""), z.null()])
  .optional()
  .transform((v) => v || undefined);

/** appointment.getReport's input: a period of at most REPORT_MAX_DAYS days, optionally one employee and/or one service. */
export const reportInput = z
  .object({ from: calendarDate(), to: calendarDate(), employee_id: optionalId, service_id: optionalId })
  .refine((v) => v.from <= v.to, { path: ["to"], message: "appointments:errors.dateRange" })
  .refine((v) => v.from > v.to || daysBetween(v.from, v.to) + 1 <= REPORT_MAX_DAYS, { path: ["to"], message: "appointmentAdmin:reports.errors.rangeTooLong" });
export type ReportInput = z.output<typeof reportInput>;

/** Monday to Sunday of the week holding `date`. */
export function weekPeriod(date: string): Period {
  const from = addDaysTo(date, -((weekday(date) + 6) % 7));
  return { from, to: addDaysTo(from, 6) };
}

/** The first to the last day of the month holding `date`. */
export function monthPeriod(date: string): Period {
  const from = `${date.slice(0, 7)}-01`;
  let to = from;
  while (addDaysTo(to, 1).slice(0, 7) === from.slice(0, 7)) to = addDaysTo(to, 1);
  return { from, to };
}

/** The period of a preset from the business's today (custom keeps nothing: the caller's dates). */
export function presetPeriod(preset: Exclude<ReportPreset, "custom">, today: string): Period {
  if (preset === "today") return { from: today, to: today };
  return preset === "week" ? weekPeriod(today) : monthPeriod(today);
}

/** Every date of a period, in order ('yyyy-MM-dd'). */
export function datesOf(period: Period): string[] {
  const n = daysBetween(period.from, period.to);
  return Array.from({ length: Math.max(0, n + 1) }, (_, i) => addDaysTo(period.from, i));
}

/** numerator / denominator as a percentage with one decimal ('33.3'), or null over 0. */
export function rate(numerator: number | string, denominator: number | string): string | null {
  const den = toBig(denominator);
  if (den.lte(0)) return null;
  return toBig(numerator).times(100).div(den).round(1, Big.roundHalfUp).toFixed(1);
}

/** value / count with 2 decimals ('0.00' when count is 0). */
export function averageOf(total: string, count: number): string {
  if (count <= 0) return "0.00";
  return toBig(total).div(count).round(2, Big.roundHalfUp).toFixed(2);
}

/** The sum of decimal strings, 2 decimals. */
export function sumMoney(values: readonly (string | null | undefined)[]): string {
  return values.reduce((acc, v) => acc.plus(toBig(v)), new Big(0)).toFixed(2);
}

/** Total minutes of a list of disjoint intervals (what workingIntervals returns). */
export function minutesOf(intervals: readonly Interval[]): number {
  return intervals.reduce((acc, i) => acc + Math.max(0, i.end - i.start), 0);
}

/** Statuses counted per day (in the stacked bars' order, bottom to top). */
export const REPORT_STATUSES: readonly AppointmentStatus[] = ["completed", "confirmed", "pending", "rescheduled", "no_show", "cancelled"];

export type StatusCounts = Record<AppointmentStatus, number>;

export const emptyCounts = (): StatusCounts => ({ pending: 0, confirmed: 0, cancelled: 0, completed: 0, no_show: 0, rescheduled: 0 });

export interface RateSummary {
  appointments: number;
  cancelled: number;
  noShow: number;
  /** appointments that hold their time (not cancelled) */
  active: number;
  cancellationRate: string | null;
  noShowRate: string | null;
}

/** Counts and the two rates of a set of status counts. */
export function rateSummary(counts: StatusCounts): RateSummary {
  const appointments = Object.values(counts).reduce((a, b) => a + b, 0);
  const active = appointments - counts.cancelled;
  return {
    appointments,
    cancelled: counts.cancelled,
    noShow: counts.no_show,
    active,
    cancellationRate: rate(counts.cancelled, appointments),
    noShowRate: rate(counts.no_show, active),
  };
}

/** Booked minutes over working minutes (percent, one decimal), null when there were no working minutes. */
export function utilization(bookedMinutes: number, workingMinutes: number): string | null {
  return rate(bookedMinutes, workingMinutes);
}
