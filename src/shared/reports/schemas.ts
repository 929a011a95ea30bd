import { z } from "zod";
import { calendarDate } from "../platform/dates";

/**
 * The reports area (issue 14 §7): which reports exist, how they are grouped on the index, and the
 * inputs every report procedure takes. Shared by report.* on the server and the screens.
 */
export const REPORT_GROUPS = {
  sales: ["sales-by-day", "sales-by-product", "sales-by-category", "sales-by-seller", "sales-by-payment-method", "sales-by-cashbox", "sales-by-customer"],
  taxes: ["itbis-by-rate"],
  inventory: ["inventory-valuation"],
  accounts: ["receivables-aging", "payables-aging"],
} as const;
export type ReportGroup = keyof typeof REPORT_GROUPS;
export type ReportKey = (typeof REPORT_GROUPS)[ReportGroup][number];
export const REPORT_KEYS = Object.values(REPORT_GROUPS).flat() as ReportKey[];
export function isReportKey(value: string | undefined): value is ReportKey {
  return !!value && (REPORT_KEYS as string[]).includes(value);
}

/** A period is at most this many days (a year and a day: a leap year fits). */
export const REPORT_MAX_DAYS = 366;
/** Rows a list report answers at most (its totals always cover every row; `truncated` says when rows were left out). */
export const REPORT_MAX_ROWS = 5000;

const invalidDate = "reports:errors.invalidDate";
const warehouseId = z.uuid("reports:errors.invalidWarehouse").optional();

/** Whole days from `from` to `to`, both counted (2026-11-01 → 2026-11-30 is 30). */
export function daysInPeriod(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

export function firstOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

export function lastOfMonth(date: string): string {
  const [y, m] = date.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${date.slice(0, 7)}-${String(last).padStart(2, "0")}`;
}

/**
 * The period a report covers: what was asked, else this month (in the tenant's time zone, `today`).
 * Only `from`: to the end of its month; only `to`: from the start of its month.
 */
export function resolvePeriod(input: { from?: string; to?: string }, today: string): { from: string; to: string } {
  if (input.from && input.to) return { from: input.from, to: input.to };
  if (input.from) return { from: input.from, to: lastOfMonth(input.from) };
  if (input.to) return { from: firstOfMonth(input.to), to: input.to };
  return { from: firstOfMonth(today), to: lastOfMonth(today) };
}

/** Sales reports: a period (from/to, calendar dates on the documents' business date) and a warehouse. */
export const reportPeriodInput = z
  .object({
    from: calendarDate(invalidDate).optional(),
    to: calendarDate(invalidDate).optional(),
    warehouseId,
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: "reports:errors.dateRange", path: ["to"] })
  .refine((v) => !v.from || !v.to || v.from > v.to || daysInPeriod(v.from, v.to) <= REPORT_MAX_DAYS, { message: "reports:errors.rangeTooLong", path: ["to"] });
export type ReportPeriodInput = z.output<typeof reportPeriodInput>;

/** Snapshot reports (aging, inventory valuation): a cut-off date (today by default) and, where it applies, a warehouse. */
export const reportAsOfInput = z.object({ asOf: calendarDate(invalidDate).optional(), warehouseId });
export type ReportAsOfInput = z.output<typeof reportAsOfInput>;
