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

/** The calendar date (yyyy-MM-dd) of an instant in a time zone: a business's "today". */
export function businessDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}
