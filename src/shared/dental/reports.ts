import { z } from "zod";
import { calendarDate } from "../platform/dates";
import type { PlanStatus } from "./constants";

/**
 * The dental dashboard and reports (issue 18): the figures' shapes, the report's input, the
 * periods of a range and the CSV export. Amounts are decimal strings summed by PostgreSQL.
 */

export const REPORT_GROUPINGS = ["day", "week", "month"] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** The longest range a report takes (two years: 731 daily rows at most). */
export const REPORT_MAX_DAYS = 731;

const DATE_MSG = "dentalAdmin:errors.invalidDate";
export const reportInput = z
  .object({ from: calendarDate(DATE_MSG), to: calendarDate(DATE_MSG), groupBy: z.enum(REPORT_GROUPINGS).default("month") })
  .superRefine((r, ctx) => {
    if (r.from > r.to) ctx.addIssue({ code: "custom", path: ["to"], message: "dentalAdmin:errors.rangeOrder" });
    else if (daysBetween(r.from, r.to) + 1 > REPORT_MAX_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: "dentalAdmin:errors.rangeTooLong" });
  });
export type ReportInput = z.infer<typeof reportInput>;

export interface RevenueByProcedure {
  procedureTypeId: string;
  code: string;
  name: string;
  /** invoiced procedures (order lines' quantity) */
  count: number;
  revenue: string;
}

export interface StatusCount {
  status: PlanStatus;
  count: number;
}

export interface DentalDashboard {
  today: string;
  monthStart: string;
  patientsSeen: { today: number; month: number };
  /** every treatment plan by its current status */
  treatmentsByStatus: StatusCount[];
  /** this month's invoiced dental procedures, highest revenue first */
  revenueByProcedure: RevenueByProcedure[];
  revenueMonth: string;
  labOrders: { pending: number; overdue: number };
  /** plans created this month that were proposed (left draft) and accepted (approved) */
  plans: { proposed: number; accepted: number };
}

export interface ReportFigures {
  patientsSeen: number;
  newPatients: number;
  proceduresDone: number;
  revenue: string;
  plansProposed: number;
  plansAccepted: number;
  labOrders: number;
}

export interface ReportPeriod extends ReportFigures {
  /** the period's first day (Monday for weeks, the 1st for months; the range's start for the first) */
  period: string;
}

export interface DentalReport {
  from: string;
  to: string;
  groupBy: ReportGrouping;
  periods: ReportPeriod[];
  totals: ReportFigures;
  revenueByProcedure: RevenueByProcedure[];
  treatmentsByStatus: StatusCount[];
}

export const EMPTY_FIGURES: ReportFigures = { patientsSeen: 0, newPatients: 0, proceduresDone: 0, revenue: "0.00", plansProposed: 0, plansAccepted: 0, labOrders: 0 };

const utc = (d: string) => new Date(`${d}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);

export function daysBetween(from: string, to: string): number {
  return Math.round((utc(to).getTime() - utc(from).getTime()) / 86_400_000);
}

/** The first day of the period a date falls in (ISO weeks start on Monday, as PostgreSQL's date_trunc). */
export function periodStart(date: string, groupBy: ReportGrouping): string {
  if (groupBy === "day") return date;
  if (groupBy === "month") return `${date.slice(0, 7)}-01`;
  const d = utc(date);
  const back = (d.getUTCDay() + 6) % 7;
  return iso(new Date(d.getTime() - back * 86_400_000));
}

/** Every period start from `from` to `to`, in order (the periods a report lists, empty ones too). */
export function periodsBetween(from: string, to: string, groupBy: ReportGrouping): string[] {
  const out: string[] = [];
  let cursor = periodStart(from, groupBy);
  while (cursor <= to) {
    out.push(cursor);
    const d = utc(cursor);
    if (groupBy === "day") cursor = iso(new Date(d.getTime() + 86_400_000));
    else if (groupBy === "week") cursor = iso(new Date(d.getTime() + 7 * 86_400_000));
    else cursor = iso(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)));
  }
  return out;
}

/** Fills the periods SQL returned into every period of the range (zeros where nothing happened). */
export function fillPeriods(from: string, to: string, groupBy: ReportGrouping, rows: readonly ReportPeriod[]): ReportPeriod[] {
  const byStart = new Map(rows.map((r) => [r.period, r]));
  return periodsBetween(from, to, groupBy).map((p) => byStart.get(p) ?? { period: p, ...EMPTY_FIGURES });
}

/** The percent of proposed plans that were accepted, one decimal ('66.7'), or null with none proposed. */
export function acceptanceRate(proposed: number, accepted: number): string | null {
  if (proposed <= 0) return null;
  return (Math.round((accepted * 1000) / proposed) / 10).toFixed(1);
}

function csvCell(value: string | number): string {
  const text = String(value);
  // A leading = + - @ would run as a formula in a spreadsheet: quote it with an apostrophe.
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The report as CSV: one row per period and a totals row, then revenue by procedure; `labels` are the translated headers. */
export function reportCsv(
  report: DentalReport,
  labels: { period: string; total: string; procedure: string; code: string; count: string; revenue: string } & Record<keyof ReportFigures, string>,
): string {
  const keys: (keyof ReportFigures)[] = ["patientsSeen", "newPatients", "proceduresDone", "revenue", "plansProposed", "plansAccepted", "labOrders"];
  const lines: (string | number)[][] = [[labels.period, ...keys.map((k) => labels[k])]];
  for (const p of report.periods) lines.push([p.period, ...keys.map((k) => p[k])]);
  lines.push([labels.total, ...keys.map((k) => report.totals[k])]);
  lines.push([]);
  lines.push([labels.code, labels.procedure, labels.count, labels.revenue]);
  for (const r of report.revenueByProcedure) lines.push([r.code, r.name, r.count, r.revenue]);
  return `${lines.map((l) => l.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
