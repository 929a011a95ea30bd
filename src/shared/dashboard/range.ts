import { z } from "zod";

/**
 * The dashboard's periods (issue 14 §8): today, this week (Monday to today) and this month (the
 * 1st to today), in calendar dates (yyyy-MM-dd) of the tenant's time zone, each compared with the
 * same span just before it (yesterday; the week before, Monday to the same weekday; the month
 * before, the 1st to the same day, or its last day when shorter).
 */
export const DASHBOARD_RANGES = ["today", "week", "month"] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];

export const dashboardRangeInput = z.object({
  range: z.enum(DASHBOARD_RANGES, { error: "dashboard:errors.range" }),
});
export type DashboardRangeInput = z.infer<typeof dashboardRangeInput>;

export interface DashboardPeriod {
  range: DashboardRange;
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
}

function parse(day: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

function format(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A calendar date moved by whole days. */
export function shiftDay(day: string, days: number): string {
  const date = parse(day);
  date.setUTCDate(date.getUTCDate() + days);
  return format(date);
}

/** Every calendar date from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let day = from; day <= to; day = shiftDay(day, 1)) out.push(day);
  return out;
}

export function dashboardPeriod(range: DashboardRange, today: string): DashboardPeriod {
  if (range === "today") {
    const yesterday = shiftDay(today, -1);
    return { range, from: today, to: today, previousFrom: yesterday, previousTo: yesterday };
  }
  if (range === "week") {
    // getUTCDay: 0 Sunday … 6 Saturday; the week starts on Monday.
    const sinceMonday = (parse(today).getUTCDay() + 6) % 7;
    const from = shiftDay(today, -sinceMonday);
    return { range, from, to: today, previousFrom: shiftDay(from, -7), previousTo: shiftDay(today, -7) };
  }
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  const from = `${today.slice(0, 7)}-01`;
  const prevYear = m === 1 ? y - 1 : y;
  const prevMonth = m === 1 ? 12 : m - 1;
  const prevLast = new Date(Date.UTC(prevYear, prevMonth, 0)).getUTCDate();
  const mm = String(prevMonth).padStart(2, "0");
  return {
    range,
    from,
    to: today,
    previousFrom: `${prevYear}-${mm}-01`,
    previousTo: `${prevYear}-${mm}-${String(Math.min(d, prevLast)).padStart(2, "0")}`,
  };
}
