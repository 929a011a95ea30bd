/**
 * The appointment availability engine. Pure: no I/O, no time zone, runs in the browser and in Node.
 * Appointments are computed, never stored as slots. Everything is in the business's local time:
 * calendar dates 'yyyy-MM-dd' and minutes of the day 0..1440; the caller converts "now" to a local
 * date and minute.
 *
 * Rules
 *  1. Working time of an employee on a date: the effective weekly schedule (effectiveFrom <= date <=
 *     effectiveUntil, open-ended when null; the latest effectiveFrom wins) and its entry for the
 *     weekday (index 0 = Sunday). No schedule, dayOff, or end <= start -> not working. From the window
 *     [start, end) remove the breaks (clipped to the window, overlapping ones merged, empty ones
 *     ignored) and the APPROVED time off (pending entries are ignored).
 *  2. Time off: with no times it covers whole days startDate..endDate. With times it covers, on
 *     startDate, startTime (00:00 when null) to the end of day; on endDate 00:00 to endTime (24:00 when
 *     null); whole days in between; when startDate == endDate, startTime..endTime.
 *  3. Grid: each employee's candidate starts are the schedule window's start (before breaks and time
 *     off are removed) then every stepMinutes, as long as the service ends by the window's end. The
 *     day's slots are the sorted union of everyone's candidate starts. Time off does not change the
 *     grid: a slot during time off is listed, unavailable ('Ocupado').
 *  4. An employee is free at a start s when s is on their grid, [s, s + duration) lies inside ONE
 *     working interval (it cannot straddle a break), and fewer than maxConcurrent busy intervals
 *     overlap [s - bufferBefore, s + duration + bufferAfter). Intervals are half-open.
 *  5. Refusals, in this order: 'past' (date < now.date, or the same date and start <= now.minute);
 *     'max_advance' (maxAdvanceDays > 0 and date > now.date + maxAdvanceDays); 'min_notice' (fewer
 *     than minNoticeHours * 60 minutes from now to the start, counted across dates as
 *     dayDiff * 1440 + start - now.minute); 'unavailable' (no employee free, or the time is on nobody's
 *     grid). A slot is available when it is not refused; a refused slot lists no employees.
 *  6. Best employee (fairness): the least recently booked first — lastBookedAt null first, then the
 *     oldest instant (ISO timestamps are compared as instants, so offsets are honoured); ties by
 *     employeeId ascending.
 *  7. Validation: 'HH:mm' must be 00:00..24:00 and dates real 'yyyy-MM-dd' days (RangeError
 *     otherwise); stepMinutes and durationMinutes must be positive integers; negative buffers count
 *     as 0 and maxConcurrent below 1 as 1.
 *
 * Cost: Date is used only to validate dates and to count days (a few calls per query); the per-slot
 * work is integer arithmetic over small arrays (10 employees x 40 times x 10 busy intervals ~ 20 us).
 */

export interface Interval {
  start: number;
  end: number;
} // minutes of the day, [start, end)
export interface DaySchedule {
  dayOff: boolean;
  start: string /* 'HH:mm' */;
  end: string;
  breaks: { start: string; end: string }[];
}
export interface WeeklySchedule {
  effectiveFrom: string;
  effectiveUntil: string | null;
  days: DaySchedule[] /* 7 entries, index 0 = Sunday … 6 = Saturday */;
}
export interface TimeOffEntry {
  startDate: string;
  endDate: string;
  startTime: string | null;
  endTime: string | null;
  approved: boolean;
}
export interface EmployeeDay {
  employeeId: string;
  /** ISO timestamp of this employee's most recent booking creation, null if never booked (used for fairness) */
  lastBookedAt: string | null;
  schedules: WeeklySchedule[];
  timeOff: TimeOffEntry[];
  /** the busy intervals (each existing non-cancelled appointment's start − its buffer before … end + its buffer after) on the date */
  busy: Interval[];
  durationMinutes: number;
  bufferBefore: number;
  bufferAfter: number;
  /** how many bookings may overlap for this employee (>= 1) */
  maxConcurrent: number;
}
export interface DayQuery {
  date: string; // the day asked for
  now: { date: string; minute: number }; // the business's local now
  minNoticeHours: number; // 0 = none
  maxAdvanceDays: number; // 0 = no limit; the last bookable date is now.date + maxAdvanceDays
  stepMinutes: number; // slot grid, e.g. 30 (slots start at the working window's start, then every step)
  employees: EmployeeDay[];
}
export type SlotRefusal = "past" | "min_notice" | "max_advance" | "unavailable";
export interface Slot {
  time: string /* 'HH:mm' */;
  available: boolean;
  employeeIds: string[] /* free employees, best first */;
}
export type SlotCheck = { ok: true; employeeId: string } | { ok: false; reason: SlotRefusal };

export const MINUTES_PER_DAY = 1440;
const MS_PER_DAY = 86_400_000;
const HHMM = /^(?:([01]\d|2[0-3]):([0-5]\d)|24:00)$/;
const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** '08:30' -> 510, '24:00' -> 1440. Throws a RangeError on anything but 'HH:mm' in 00:00..24:00. */
export function toMinutes(hhmm: string): number {
  const m = typeof hhmm === "string" ? HHMM.exec(hhmm) : null;
  if (!m) throw new RangeError(`Invalid time "${String(hhmm)}": expected 'HH:mm' between 00:00 and 24:00`);
  if (m[1] === undefined) return MINUTES_PER_DAY;
  return Number(m[1]) * 60 + Number(m[2]);
}

/** 510 -> '08:30', 1440 -> '24:00'. Throws a RangeError outside the integers 0..1440. */
export function toHHmm(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > MINUTES_PER_DAY) {
    throw new RangeError(`Invalid minute of the day ${minutes}: expected an integer 0..1440`);
  }
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h < 10 ? "0" : ""}${h}:${m < 10 ? "0" : ""}${m}`;
}

/** Days since 1970-01-01 of a 'yyyy-MM-dd' calendar date (UTC arithmetic). Throws on an invalid date. */
export function dayNumber(date: string): number {
  const m = typeof date === "string" ? YMD.exec(date) : null;
  if (m) {
    const y = Number(m[1]);
    const mo = Number(m[2]) - 1;
    const d = Number(m[3]);
    const t = Date.UTC(y, mo, d);
    const back = new Date(t);
    if (back.getUTCFullYear() === y && back.getUTCMonth() === mo && back.getUTCDate() === d) return t / MS_PER_DAY;
  }
  throw new RangeError(`Invalid date "${String(date)}": expected 'yyyy-MM-dd'`);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: string): number {
  // 1970-01-01 was a Thursday (4).
  return (((dayNumber(date) + 4) % 7) + 7) % 7;
}

export function addDaysTo(date: string, days: number): string {
  if (!Number.isInteger(days)) throw new RangeError(`Invalid number of days ${days}`);
  return new Date((dayNumber(date) + days) * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The schedule in effect on a date: effectiveFrom <= date <= (effectiveUntil ?? ∞); the latest effectiveFrom wins (on a tie, the later in the list). */
export function scheduleFor(schedules: WeeklySchedule[], date: string): WeeklySchedule | null {
  let best: WeeklySchedule | null = null;
  for (const s of schedules) {
    if (s.effectiveFrom > date) continue;
    if (s.effectiveUntil !== null && s.effectiveUntil < date) continue;
    if (best === null || s.effectiveFrom >= best.effectiveFrom) best = s;
  }
  return best;
}

/** Half-open overlap; an empty interval overlaps nothing. */
export function overlaps(a: Interval, b: Interval): boolean {
  return a.start < a.end && b.start < b.end && a.start < b.end && b.start < a.end;
}

/** Sorts, drops empty intervals, and merges overlapping or touching ones. */
export function mergeIntervals(intervals: Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.start < i.end).sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && i.start <= last.end) {
      if (i.end > last.end) last.end = i.end;
    } else {
      out.push({ start: i.start, end: i.end });
    }
  }
  return out;
}

/** `from` minus `cuts`; both are lists of intervals, the result is sorted and disjoint. */
export function subtractIntervals(from: Interval[], cuts: Interval[]): Interval[] {
  const merged = mergeIntervals(cuts);
  const out: Interval[] = [];
  for (const base of mergeIntervals(from)) {
    let cursor = base.start;
    for (const c of merged) {
      if (c.end <= cursor) continue;
      if (c.start >= base.end) break;
      if (c.start > cursor) out.push({ start: cursor, end: c.start });
      cursor = Math.max(cursor, c.end);
      if (cursor >= base.end) break;
    }
    if (cursor < base.end) out.push({ start: cursor, end: base.end });
  }
  return out;
}

/** The part of a date a time-off entry covers (approved or not), or null when it does not touch the date. */
export function timeOffOn(entry: TimeOffEntry, date: string): Interval | null {
  if (date < entry.startDate || date > entry.endDate) return null;
  if (entry.startTime === null && entry.endTime === null) return { start: 0, end: MINUTES_PER_DAY };
  const start = date === entry.startDate && entry.startTime !== null ? toMinutes(entry.startTime) : 0;
  const end = date === entry.endDate && entry.endTime !== null ? toMinutes(entry.endTime) : MINUTES_PER_DAY;
  return start < end ? { start, end } : null;
}

/** The schedule window of an employee on a date (before breaks and time off), or null when not working. */
export function scheduleWindow(schedules: WeeklySchedule[], date: string): { window: Interval; day: DaySchedule } | null {
  const schedule = scheduleFor(schedules, date);
  const day = schedule?.days[weekday(date)];
  if (!day || day.dayOff) return null;
  const start = toMinutes(day.start);
  const end = toMinutes(day.end);
  if (end <= start) return null;
  return { window: { start, end }, day };
}

/** The working intervals of an employee on a date: schedule window minus breaks minus approved time off. */
export function workingIntervals(employee: Pick<EmployeeDay, "schedules" | "timeOff">, date: string): Interval[] {
  const found = scheduleWindow(employee.schedules, date);
  if (!found) return [];
  const { window, day } = found;
  const cuts: Interval[] = [];
  for (const b of day.breaks) {
    const start = Math.max(toMinutes(b.start), window.start);
    const end = Math.min(toMinutes(b.end), window.end);
    if (start < end) cuts.push({ start, end });
  }
  for (const t of employee.timeOff) {
    if (!t.approved) continue;
    const covered = timeOffOn(t, date);
    if (covered) cuts.push(covered);
  }
  return subtractIntervals([window], cuts);
}

/** The refusal that depends only on the date and start (past, max advance, min notice), or null. */
export function timeRefusal(q: Pick<DayQuery, "date" | "now" | "minNoticeHours" | "maxAdvanceDays">, start: number): Exclude<SlotRefusal, "unavailable"> | null {
  return refusalAt(q, daysBetween(q.now.date, q.date), start);
}

function refusalAt(q: Pick<DayQuery, "now" | "minNoticeHours" | "maxAdvanceDays">, dayDiff: number, start: number): Exclude<SlotRefusal, "unavailable"> | null {
  if (dayDiff < 0 || (dayDiff === 0 && start <= q.now.minute)) return "past";
  if (q.maxAdvanceDays > 0 && dayDiff > q.maxAdvanceDays) return "max_advance";
  if (q.minNoticeHours > 0 && dayDiff * MINUTES_PER_DAY + start - q.now.minute < q.minNoticeHours * 60) return "min_notice";
  return null;
}

interface Prepared {
  id: string;
  window: Interval | null;
  working: Interval[];
  busy: Interval[];
  duration: number;
  before: number;
  after: number;
  maxConcurrent: number;
}

interface PreparedDay {
  dayDiff: number;
  step: number;
  /** best first */
  employees: Prepared[];
}

function lastBookedRank(lastBookedAt: string | null): number {
  if (lastBookedAt === null) return Number.NEGATIVE_INFINITY;
  const t = Date.parse(lastBookedAt);
  // An unreadable timestamp cannot be ranked as recent: treat it like "never booked".
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
}

function prepare(q: DayQuery): PreparedDay {
  const step = q.stepMinutes;
  if (!Number.isInteger(step) || step <= 0) throw new RangeError(`Invalid stepMinutes ${step}: expected a positive integer`);
  const dayDiff = daysBetween(q.now.date, q.date);
  const ranked = q.employees.map((e) => {
    if (!Number.isInteger(e.durationMinutes) || e.durationMinutes <= 0) {
      throw new RangeError(`Invalid durationMinutes ${e.durationMinutes} for employee ${e.employeeId}: expected a positive integer`);
    }
    const prepared: Prepared = {
      id: e.employeeId,
      window: scheduleWindow(e.schedules, q.date)?.window ?? null,
      working: workingIntervals(e, q.date),
      busy: e.busy.filter((b) => b.start < b.end),
      duration: e.durationMinutes,
      before: Math.max(0, e.bufferBefore || 0),
      after: Math.max(0, e.bufferAfter || 0),
      maxConcurrent: Math.max(1, Math.floor(e.maxConcurrent || 1)),
    };
    return { prepared, rank: lastBookedRank(e.lastBookedAt) };
  });
  ranked.sort((a, b) => {
    if (a.rank !== b.rank) return a.rank < b.rank ? -1 : 1;
    return a.prepared.id < b.prepared.id ? -1 : a.prepared.id > b.prepared.id ? 1 : 0;
  });
  return { dayDiff, step, employees: ranked.map((r) => r.prepared) };
}

function isOnGrid(p: Prepared, step: number, s: number): boolean {
  const w = p.window;
  return w !== null && s >= w.start && s + p.duration <= w.end && (s - w.start) % step === 0;
}

function isFree(p: Prepared, step: number, s: number): boolean {
  if (!isOnGrid(p, step, s)) return false;
  const end = s + p.duration;
  let inside = false;
  for (const w of p.working) {
    if (w.start <= s && end <= w.end) {
      inside = true;
      break;
    }
  }
  if (!inside) return false;
  const lo = s - p.before;
  const hi = end + p.after;
  let count = 0;
  for (const b of p.busy) {
    if (b.start < hi && lo < b.end && ++count >= p.maxConcurrent) return false;
  }
  return true;
}

function freeAt(day: PreparedDay, s: number): string[] {
  const ids: string[] = [];
  for (const p of day.employees) if (isFree(p, day.step, s)) ids.push(p.id);
  return ids;
}

/** Every slot of the day on the grid (union of the employees' working windows), each with available and the free employees ordered best first. */
export function slotsForDay(q: DayQuery): Slot[] {
  const day = prepare(q);
  const starts = new Set<number>();
  for (const p of day.employees) {
    if (!p.window) continue;
    for (let s = p.window.start; s + p.duration <= p.window.end; s += day.step) starts.add(s);
  }
  const sorted = [...starts].sort((a, b) => a - b);
  return sorted.map((s) => {
    const ids = refusalAt(q, day.dayDiff, s) === null ? freeAt(day, s) : [];
    return { time: toHHmm(s), available: ids.length > 0, employeeIds: ids };
  });
}

/** Whether one given start time can be booked; on success the employee chosen (the best free one). Throws a RangeError on a malformed time. */
export function checkSlot(q: DayQuery, time: string): SlotCheck {
  const s = toMinutes(time);
  const day = prepare(q);
  const refusal = refusalAt(q, day.dayDiff, s);
  if (refusal) return { ok: false, reason: refusal };
  for (const p of day.employees) if (isFree(p, day.step, s)) return { ok: true, employeeId: p.id };
  return { ok: false, reason: "unavailable" };
}
