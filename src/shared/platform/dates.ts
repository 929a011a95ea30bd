import { z } from "zod";

/** Small date helpers shared by client and server (calendar dates as yyyy-MM-dd strings). */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}

export function lastDayOfYear(year: number): string {
  return `${year}-12-31`;
}

/** Whole days from now until the given instant, never negative. */
export function daysUntil(target: Date, now: Date = new Date()): number {
  return Math.max(0, Math.ceil((target.getTime() - now.getTime()) / 86_400_000));
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (yyyy-MM-dd) of an instant in a time zone: a business's "today". */
export function businessDate(at: Date, timeZone: string): string {
  // Making a DateTimeFormat costs far more than using one (it was 2% of a checkout's CPU).
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dateFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** A real calendar date, yyyy-MM-dd, between 1900 and 2999 (what a date column and a person mean). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value && value >= "1900-01-01" && value <= "2999-12-31";
}

/** The zod block for a calendar date (2026-02-30 and 2026-13-01 are refused, never sent to the database). */
export const calendarDate = (message = "errors:invalidDate") => z.string({ error: message }).trim().refine(isCalendarDate, message);

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** The business's local calendar date and minute of the day (0–1439) at an instant: appointment slots' "now". */
export function businessClock(at: Date, timeZone: string): { date: string; minute: number } {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    clockFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minute: Number(parts.hour) * 60 + Number(parts.minute) };
}
