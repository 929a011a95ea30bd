/**
 * Calendar-date helpers of the booking screens. Dates are 'yyyy-MM-dd' strings of the business's
 * calendar (America/Santo_Domingo); the arithmetic runs at noon UTC so no time zone moves a day.
 */

const at = (date: string) => new Date(`${date}T12:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  const d = at(date);
  d.setUTCDate(d.getUTCDate() + days);
  return iso(d);
}

/** The wizard's dates (spec 01 §5, §9): the next `count` days starting tomorrow. */
export function wizardDates(today: string, count = 14): string[] {
  return Array.from({ length: count }, (_, i) => addDays(today, i + 1));
}

/** Monday to Sunday of the week holding `date` (the list's default range). */
export function weekOf(date: string): { from: string; to: string } {
  const weekday = (at(date).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const from = addDays(date, -weekday);
  return { from, to: addDays(from, 6) };
}

const locale = (lang: string) => (lang === "en" ? "en-US" : "es-DO");

/** A date button's two lines: the short weekday ('jue') and the day with its month ('27 nov'). */
export function dayLabel(date: string, lang = "es"): { weekday: string; day: string } {
  const d = at(date);
  const weekday = new Intl.DateTimeFormat(locale(lang), { weekday: "short", timeZone: "UTC" }).format(d).replace(/\.$/, "");
  const day = new Intl.DateTimeFormat(locale(lang), { day: "numeric", month: "short", timeZone: "UTC" }).format(d).replace(/\.$/, "");
  return { weekday, day };
}

/** A long date: 'jueves, 27 de noviembre de 2026' / 'Thursday, November 27, 2026'. */
export function longDate(date: string, lang = "es"): string {
  return new Intl.DateTimeFormat(locale(lang), { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(at(date));
}

/** 'HH:mm' as the user's clock shows it ('2:30 p. m.' / '2:30 PM'). */
export function formatTime(time: string, lang = "es"): string {
  const [h, m] = time.split(":").map(Number) as [number, number];
  return new Intl.DateTimeFormat(locale(lang), { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(new Date(Date.UTC(2000, 0, 1, h, m)));
}
