import { describe, expect, it } from "vitest";
import {
  addDaysTo,
  checkSlot,
  type DayQuery,
  type DaySchedule,
  type EmployeeDay,
  mergeIntervals,
  overlaps,
  type Slot,
  scheduleFor,
  slotsForDay,
  subtractIntervals,
  type TimeOffEntry,
  toHHmm,
  toMinutes,
  type WeeklySchedule,
  weekday,
  workingIntervals,
} from "./availability";

// 2026-12-07 is a Monday.
const MON = "2026-12-07";
const TUE = "2026-12-08";

function day(start: string, end: string, breaks: { start: string; end: string }[] = []): DaySchedule {
  return { dayOff: false, start, end, breaks };
}
const OFF: DaySchedule = { dayOff: true, start: "09:00", end: "17:00", breaks: [] };

/** Seven copies of `d`, with some weekdays overridden. */
function week(d: DaySchedule, overrides: Record<number, DaySchedule> = {}): DaySchedule[] {
  return Array.from({ length: 7 }, (_, i) => overrides[i] ?? d);
}
function schedule(d: DaySchedule, effectiveFrom = "2026-01-01", effectiveUntil: string | null = null, overrides: Record<number, DaySchedule> = {}): WeeklySchedule {
  return { effectiveFrom, effectiveUntil, days: week(d, overrides) };
}
function emp(over: Partial<EmployeeDay> = {}): EmployeeDay {
  return {
    employeeId: "e1",
    lastBookedAt: null,
    schedules: [schedule(day("09:00", "12:00"))],
    timeOff: [],
    busy: [],
    durationMinutes: 30,
    bufferBefore: 0,
    bufferAfter: 0,
    maxConcurrent: 1,
    ...over,
  };
}
function query(employees: EmployeeDay[], over: Partial<DayQuery> = {}): DayQuery {
  return { date: MON, now: { date: "2026-12-01", minute: 480 }, minNoticeHours: 0, maxAdvanceDays: 0, stepMinutes: 30, employees, ...over };
}
const times = (slots: Slot[]) => slots.map((s) => s.time);
const free = (slots: Slot[]) => slots.filter((s) => s.available).map((s) => s.time);
const taken = (slots: Slot[]) => slots.filter((s) => !s.available).map((s) => s.time);
const off = (e: Partial<TimeOffEntry>): TimeOffEntry => ({ startDate: MON, endDate: MON, startTime: null, endTime: null, approved: true, ...e });
const m = toMinutes;

describe("time and date helpers", () => {
  it("converts HH:mm to minutes and back, and throws on an invalid HH:mm", () => {
    expect(toMinutes("08:30")).toBe(510);
    expect(toMinutes("00:00")).toBe(0);
    expect(toMinutes("23:59")).toBe(1439);
    expect(toMinutes("24:00")).toBe(1440);
    for (const bad of ["8:30", "24:01", "25:00", "12:60", "", "12:3", "ab:cd", " 08:30", "08:30:00", "08h30"]) {
      expect(() => toMinutes(bad), bad).toThrow(RangeError);
    }
    expect(toHHmm(510)).toBe("08:30");
    expect(toHHmm(0)).toBe("00:00");
    expect(toHHmm(1440)).toBe("24:00");
    expect(() => toHHmm(-1)).toThrow(RangeError);
    expect(() => toHHmm(1441)).toThrow(RangeError);
    expect(() => toHHmm(1.5)).toThrow(RangeError);
  });

  it("computes weekdays and adds days on calendar dates", () => {
    expect(weekday(MON)).toBe(1);
    expect(weekday("2026-12-06")).toBe(0);
    expect(weekday("2026-12-12")).toBe(6);
    expect(weekday("2024-02-29")).toBe(4);
    expect(weekday("1969-12-31")).toBe(3);
    expect(addDaysTo("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDaysTo("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDaysTo("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDaysTo(MON, 30)).toBe("2027-01-06");
    expect(() => weekday("2026-02-30")).toThrow(RangeError);
    expect(() => addDaysTo("2026-12-7", 1)).toThrow(RangeError);
  });

  it("overlaps is half-open and an empty interval overlaps nothing", () => {
    expect(overlaps({ start: 0, end: 10 }, { start: 10, end: 20 })).toBe(false);
    expect(overlaps({ start: 10, end: 20 }, { start: 0, end: 10 })).toBe(false);
    expect(overlaps({ start: 0, end: 10 }, { start: 9, end: 20 })).toBe(true);
    expect(overlaps({ start: 0, end: 30 }, { start: 10, end: 20 })).toBe(true);
    expect(overlaps({ start: 5, end: 5 }, { start: 0, end: 10 })).toBe(false);
  });

  it("merges and subtracts intervals", () => {
    expect(mergeIntervals([{ start: 50, end: 60 }, { start: 0, end: 10 }, { start: 5, end: 20 }, { start: 20, end: 30 }, { start: 40, end: 40 }])).toEqual([
      { start: 0, end: 30 },
      { start: 50, end: 60 },
    ]);
    expect(
      subtractIntervals(
        [{ start: 0, end: 100 }],
        [
          { start: 10, end: 20 },
          { start: 15, end: 30 },
          { start: 90, end: 120 },
        ],
      ),
    ).toEqual([
      { start: 0, end: 10 },
      { start: 30, end: 90 },
    ]);
    expect(subtractIntervals([{ start: 0, end: 100 }], [{ start: 0, end: 100 }])).toEqual([]);
  });
});

describe("scheduleFor", () => {
  const a = schedule(day("08:00", "16:00"), "2026-01-01", "2026-06-30");
  const b = schedule(day("09:00", "17:00"), "2026-03-01", null);
  const c = schedule(day("10:00", "14:00"), "2026-12-01", "2026-12-31");

  it("picks the schedule in effect, inclusive at both ends, latest effectiveFrom winning", () => {
    expect(scheduleFor([a, b, c], "2025-12-31")).toBeNull();
    expect(scheduleFor([a, b, c], "2026-01-01")).toBe(a);
    expect(scheduleFor([a, b, c], "2026-02-28")).toBe(a);
    expect(scheduleFor([a, b, c], "2026-03-01")).toBe(b); // both a and b apply: b starts later
    expect(scheduleFor([c, b, a], "2026-06-30")).toBe(b); // order of the list does not matter
    expect(scheduleFor([a, b, c], "2026-12-31")).toBe(c);
    expect(scheduleFor([a, b, c], "2027-01-01")).toBe(b); // c ended, b is open-ended
    expect(scheduleFor([a], "2026-07-01")).toBeNull(); // until is the last day
  });

  it("the slots follow the effective schedule (before, during and after a temporary one)", () => {
    const e = emp({ schedules: [schedule(day("09:00", "10:00")), schedule(day("14:00", "15:00"), "2026-12-07", "2026-12-07")] });
    expect(times(slotsForDay(query([e], { date: "2026-12-04" })))).toEqual(["09:00", "09:30"]);
    expect(times(slotsForDay(query([e], { date: MON })))).toEqual(["14:00", "14:30"]);
    expect(times(slotsForDay(query([e], { date: TUE })))).toEqual(["09:00", "09:30"]);
    expect(slotsForDay(query([emp({ schedules: [schedule(day("09:00", "10:00"), "2027-01-01")] })]))).toEqual([]);
  });
});

describe("workingIntervals", () => {
  it("removes breaks: merged, clipped to the window, outside ones ignored", () => {
    const d = day("09:00", "17:00", [
      { start: "12:00", end: "13:00" },
      { start: "12:30", end: "13:30" },
      { start: "18:00", end: "19:00" },
      { start: "08:00", end: "09:30" },
      { start: "15:00", end: "15:00" },
    ]);
    expect(workingIntervals({ schedules: [schedule(d)], timeOff: [] }, MON)).toEqual([
      { start: m("09:30"), end: m("12:00") },
      { start: m("13:30"), end: m("17:00") },
    ]);
  });

  it("a day off, an end not after the start, or no schedule means not working", () => {
    expect(workingIntervals({ schedules: [schedule(day("09:00", "17:00"), "2026-01-01", null, { 1: OFF })], timeOff: [] }, MON)).toEqual([]);
    expect(workingIntervals({ schedules: [schedule(day("09:00", "17:00"), "2026-01-01", null, { 1: OFF })], timeOff: [] }, TUE)).toEqual([{ start: 540, end: 1020 }]);
    expect(workingIntervals({ schedules: [schedule(day("17:00", "09:00"))], timeOff: [] }, MON)).toEqual([]);
    expect(workingIntervals({ schedules: [schedule(day("09:00", "09:00"))], timeOff: [] }, MON)).toEqual([]);
    expect(workingIntervals({ schedules: [], timeOff: [] }, MON)).toEqual([]);
    expect(slotsForDay(query([emp({ schedules: [schedule(day("09:00", "12:00"), "2026-01-01", null, { 1: OFF })] })]))).toEqual([]);
  });

  it("an invalid HH:mm in a schedule throws", () => {
    expect(() => workingIntervals({ schedules: [schedule(day("9:00", "17:00"))], timeOff: [] }, MON)).toThrow(RangeError);
    expect(() => workingIntervals({ schedules: [schedule(day("09:00", "17:00", [{ start: "12:00", end: "13:75" }]))], timeOff: [] }, MON)).toThrow(RangeError);
  });

  it("time off with times, with one time missing, and spanning several days", () => {
    const sched = [schedule(day("09:00", "17:00"))];
    expect(workingIntervals({ schedules: sched, timeOff: [off({ startTime: "10:00", endTime: "11:00" })] }, MON)).toEqual([
      { start: 540, end: 600 },
      { start: 660, end: 1020 },
    ]);
    // Same day, no start time: from 00:00 to 10:00.
    expect(workingIntervals({ schedules: sched, timeOff: [off({ endTime: "10:00" })] }, MON)).toEqual([{ start: 600, end: 1020 }]);
    // Same day, no end time: from 15:00 to the end of the day.
    expect(workingIntervals({ schedules: sched, timeOff: [off({ startTime: "15:00" })] }, MON)).toEqual([{ start: 540, end: 900 }]);
    // Sunday 10:00 .. Tuesday 11:00.
    const multi = [off({ startDate: "2026-12-06", endDate: TUE, startTime: "10:00", endTime: "11:00" })];
    expect(workingIntervals({ schedules: sched, timeOff: multi }, "2026-12-05")).toEqual([{ start: 540, end: 1020 }]);
    expect(workingIntervals({ schedules: sched, timeOff: multi }, "2026-12-06")).toEqual([{ start: 540, end: 600 }]);
    expect(workingIntervals({ schedules: sched, timeOff: multi }, MON)).toEqual([]);
    expect(workingIntervals({ schedules: sched, timeOff: multi }, TUE)).toEqual([{ start: 660, end: 1020 }]);
    expect(workingIntervals({ schedules: sched, timeOff: multi }, "2026-12-09")).toEqual([{ start: 540, end: 1020 }]);
    // Whole days with no times: Sunday..Tuesday, Wednesday works again.
    const days = [off({ startDate: "2026-12-06", endDate: TUE })];
    expect(workingIntervals({ schedules: sched, timeOff: days }, TUE)).toEqual([]);
    expect(workingIntervals({ schedules: sched, timeOff: days }, "2026-12-09")).toEqual([{ start: 540, end: 1020 }]);
  });
});

describe("slotsForDay and checkSlot", () => {
  it("a break removes the starts whose service would straddle or fall in it (60-min service)", () => {
    const e = emp({ schedules: [schedule(day("09:00", "15:00", [{ start: "12:00", end: "13:00" }]))], durationMinutes: 60 });
    const slots = slotsForDay(query([e]));
    expect(times(slots)).toEqual(["09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "12:00", "12:30", "13:00", "13:30", "14:00"]);
    expect(taken(slots)).toEqual(["11:30", "12:00", "12:30"]);
    expect(slots.find((s) => s.time === "13:00")).toEqual({ time: "13:00", available: true, employeeIds: ["e1"] });
    expect(checkSlot(query([e]), "11:30")).toEqual({ ok: false, reason: "unavailable" });
    expect(checkSlot(query([e]), "11:00")).toEqual({ ok: true, employeeId: "e1" });
    expect(checkSlot(query([e]), "13:00")).toEqual({ ok: true, employeeId: "e1" });
  });

  it("buffers: a busy 10:00–10:30 blocks 09:30 when the new service has 15 min after, and 10:30 when it has 15 min before", () => {
    const busy = [{ start: m("10:00"), end: m("10:30") }];
    const after = emp({ schedules: [schedule(day("08:00", "12:00"))], busy, bufferAfter: 15 });
    // 09:30 + 30 + 15 = 10:15 > 10:00: blocked. 09:00 ends with its buffer at 09:45: free. 10:30 starts at the busy end: free.
    expect(taken(slotsForDay(query([after])))).toEqual(["09:30", "10:00"]);
    const before = { ...after, bufferAfter: 0, bufferBefore: 15 };
    // 10:30 − 15 = 10:15 < 10:30: blocked; 09:30 ends at 10:00: free.
    expect(taken(slotsForDay(query([before])))).toEqual(["10:00", "10:30"]);
    const none = { ...after, bufferAfter: 0 };
    expect(taken(slotsForDay(query([none])))).toEqual(["10:00"]);
    expect(checkSlot(query([after]), "09:30")).toEqual({ ok: false, reason: "unavailable" });
    expect(checkSlot(query([none]), "09:30")).toEqual({ ok: true, employeeId: "e1" });
  });

  it("whole-day time off: the slots are still listed, all unavailable; pending time off is ignored", () => {
    const approved = emp({ timeOff: [off({})] });
    const slots = slotsForDay(query([approved]));
    expect(times(slots)).toEqual(["09:00", "09:30", "10:00", "10:30", "11:00", "11:30"]);
    expect(free(slots)).toEqual([]);
    expect(slots[0]).toEqual({ time: "09:00", available: false, employeeIds: [] });
    const pending = emp({ timeOff: [off({ approved: false })] });
    expect(taken(slotsForDay(query([pending])))).toEqual([]);
    expect(checkSlot(query([pending]), "09:00")).toEqual({ ok: true, employeeId: "e1" });
    expect(checkSlot(query([approved]), "09:00")).toEqual({ ok: false, reason: "unavailable" });
  });

  it("time off with times blocks only those hours", () => {
    const e = emp({ timeOff: [off({ startTime: "10:00", endTime: "11:00" }), off({ startTime: "09:00", endTime: "12:00", approved: false })] });
    expect(free(slotsForDay(query([e])))).toEqual(["09:00", "09:30", "11:00", "11:30"]);
  });

  it("multi-day time off: the middle day is fully blocked, the last day from its end time", () => {
    const e = emp({ timeOff: [off({ startDate: "2026-12-06", endDate: TUE, startTime: "10:00", endTime: "10:30" })] });
    expect(free(slotsForDay(query([e], { date: MON })))).toEqual([]);
    expect(free(slotsForDay(query([e], { date: TUE })))).toEqual(["10:30", "11:00", "11:30"]);
  });

  it("minimum notice: now 09:10 with 2 h notice -> the first available slot is 11:30 on a 30-min grid", () => {
    const e = emp({ schedules: [schedule(day("08:00", "14:00"))] });
    const q = query([e], { now: { date: MON, minute: m("09:10") }, minNoticeHours: 2 });
    expect(free(slotsForDay(q))).toEqual(["11:30", "12:00", "12:30", "13:00", "13:30"]);
    expect(checkSlot(q, "11:00")).toEqual({ ok: false, reason: "min_notice" });
    expect(checkSlot(q, "11:30")).toEqual({ ok: true, employeeId: "e1" });
    // 'past' comes before 'min_notice'.
    expect(checkSlot(q, "09:00")).toEqual({ ok: false, reason: "past" });
  });

  it("minimum notice is counted across dates", () => {
    const e = emp({ schedules: [schedule(day("08:00", "11:00"))] });
    // Sunday 23:00 + 10 h = Monday 09:00, which is exactly enough notice.
    const q = query([e], { now: { date: "2026-12-06", minute: m("23:00") }, minNoticeHours: 10 });
    expect(taken(slotsForDay(q))).toEqual(["08:00", "08:30"]);
    expect(checkSlot(q, "08:30")).toEqual({ ok: false, reason: "min_notice" });
    expect(checkSlot(q, "09:00")).toEqual({ ok: true, employeeId: "e1" });
  });

  it("past: today's times up to and including now, and every time of an earlier date", () => {
    const e = emp();
    const today = query([e], { now: { date: MON, minute: m("10:00") } });
    expect(taken(slotsForDay(today))).toEqual(["09:00", "09:30", "10:00"]);
    expect(checkSlot(today, "10:00")).toEqual({ ok: false, reason: "past" });
    expect(checkSlot(today, "10:30")).toEqual({ ok: true, employeeId: "e1" });
    const yesterday = query([e], { now: { date: TUE, minute: 0 } });
    expect(free(slotsForDay(yesterday))).toEqual([]);
    expect(checkSlot(yesterday, "11:30")).toEqual({ ok: false, reason: "past" });
    // Past wins even when nobody works at that time.
    expect(checkSlot(query([], { now: { date: TUE, minute: 0 } }), "11:30")).toEqual({ ok: false, reason: "past" });
  });

  it("maximum advance: the last bookable date is now.date + maxAdvanceDays; 0 is no limit", () => {
    const e = emp();
    const now = { date: "2026-12-01", minute: 480 };
    expect(checkSlot(query([e], { now, maxAdvanceDays: 6, date: MON }), "09:00")).toEqual({ ok: true, employeeId: "e1" });
    expect(checkSlot(query([e], { now, maxAdvanceDays: 6, date: TUE }), "09:00")).toEqual({ ok: false, reason: "max_advance" });
    expect(free(slotsForDay(query([e], { now, maxAdvanceDays: 6, date: TUE })))).toEqual([]);
    expect(times(slotsForDay(query([e], { now, maxAdvanceDays: 6, date: TUE })))).toHaveLength(6);
    expect(checkSlot(query([e], { now, maxAdvanceDays: 0, date: "2028-06-05" }), "09:00")).toEqual({ ok: true, employeeId: "e1" });
    // max_advance comes before min_notice, and min_notice before unavailable.
    expect(checkSlot(query([e], { now, maxAdvanceDays: 6, minNoticeHours: 24 * 365, date: TUE }), "09:00")).toEqual({ ok: false, reason: "max_advance" });
    expect(checkSlot(query([], { now, minNoticeHours: 24 * 365 }), "09:00")).toEqual({ ok: false, reason: "min_notice" });
  });

  it("maxConcurrent 2 allows a second overlapping booking and refuses a third", () => {
    const one = [{ start: m("10:00"), end: m("10:30") }];
    const two = [...one, { start: m("09:45"), end: m("10:15") }];
    expect(checkSlot(query([emp({ busy: one, maxConcurrent: 2 })]), "10:00")).toEqual({ ok: true, employeeId: "e1" });
    expect(checkSlot(query([emp({ busy: two, maxConcurrent: 2 })]), "10:00")).toEqual({ ok: false, reason: "unavailable" });
    expect(checkSlot(query([emp({ busy: one, maxConcurrent: 1 })]), "10:00")).toEqual({ ok: false, reason: "unavailable" });
    expect(taken(slotsForDay(query([emp({ busy: two, maxConcurrent: 2 })])))).toEqual(["10:00"]);
    // 09:30 overlaps only the 09:45 one: one of two places taken.
    expect(checkSlot(query([emp({ busy: two, maxConcurrent: 2 })]), "09:30")).toEqual({ ok: true, employeeId: "e1" });
  });

  it("no employee free -> unavailable; a time on nobody's grid -> unavailable", () => {
    const a = emp({ employeeId: "a", busy: [{ start: 540, end: 600 }] });
    const b = emp({ employeeId: "b", busy: [{ start: 570, end: 600 }] });
    const slots = slotsForDay(query([a, b]));
    expect(slots.slice(0, 2)).toEqual([
      { time: "09:00", available: true, employeeIds: ["b"] },
      { time: "09:30", available: false, employeeIds: [] },
    ]);
    expect(checkSlot(query([a, b]), "09:30")).toEqual({ ok: false, reason: "unavailable" });
    expect(checkSlot(query([a, b]), "09:15")).toEqual({ ok: false, reason: "unavailable" });
    expect(checkSlot(query([a, b]), "12:00")).toEqual({ ok: false, reason: "unavailable" });
    expect(checkSlot(query([]), "09:00")).toEqual({ ok: false, reason: "unavailable" });
    expect(() => checkSlot(query([a]), "9:00")).toThrow(RangeError);
  });

  it("fairness: never booked first, then the oldest booking (as an instant), ties by id", () => {
    const employees = [
      emp({ employeeId: "ana", lastBookedAt: "2026-11-20T10:00:00-04:00" }), // 14:00Z
      emp({ employeeId: "dan", lastBookedAt: "2026-11-20T13:00:00Z" }),
      emp({ employeeId: "bea", lastBookedAt: null }),
      emp({ employeeId: "carl", lastBookedAt: "2026-11-01T09:00:00Z" }),
      emp({ employeeId: "abe", lastBookedAt: null, busy: [{ start: 600, end: 630 }] }),
    ];
    const slots = slotsForDay(query(employees));
    expect(slots[0]!.employeeIds).toEqual(["abe", "bea", "carl", "dan", "ana"]);
    expect(slots.find((s) => s.time === "10:00")!.employeeIds).toEqual(["bea", "carl", "dan", "ana"]);
    expect(checkSlot(query(employees), "09:00")).toEqual({ ok: true, employeeId: "abe" });
    expect(checkSlot(query(employees), "10:00")).toEqual({ ok: true, employeeId: "bea" });
    expect(checkSlot(query(employees.filter((e) => e.lastBookedAt !== null)), "09:00")).toEqual({ ok: true, employeeId: "carl" });
  });

  it("the grid is the union of the employees' windows, each on its own start", () => {
    const a = emp({ employeeId: "a", schedules: [schedule(day("08:00", "10:00"))] });
    const b = emp({ employeeId: "b", schedules: [schedule(day("09:15", "11:15"))] });
    const slots = slotsForDay(query([a, b]));
    expect(times(slots)).toEqual(["08:00", "08:30", "09:00", "09:15", "09:30", "09:45", "10:15", "10:45"]);
    expect(slots.find((s) => s.time === "09:00")!.employeeIds).toEqual(["a"]);
    expect(slots.find((s) => s.time === "09:15")!.employeeIds).toEqual(["b"]);
    // b works at 10:00 but 10:00 is not on b's grid.
    expect(checkSlot(query([a, b]), "10:00")).toEqual({ ok: false, reason: "unavailable" });
    expect(checkSlot(query([a, b]), "10:45")).toEqual({ ok: true, employeeId: "b" });
  });

  it("a service longer than the remaining window is not offered", () => {
    const e = emp({ schedules: [schedule(day("09:00", "11:00"))], durationMinutes: 45 });
    expect(times(slotsForDay(query([e])))).toEqual(["09:00", "09:30", "10:00"]);
    expect(checkSlot(query([e]), "10:30")).toEqual({ ok: false, reason: "unavailable" });
    const long = { ...e, durationMinutes: 150 };
    expect(slotsForDay(query([long]))).toEqual([]);
    expect(checkSlot(query([long]), "09:00")).toEqual({ ok: false, reason: "unavailable" });
  });

  it("rejects a step or duration that is not a positive integer", () => {
    expect(() => slotsForDay(query([emp()], { stepMinutes: 0 }))).toThrow(RangeError);
    expect(() => slotsForDay(query([emp({ durationMinutes: 0 })]))).toThrow(RangeError);
  });

  it("10 employees x 40 grid times x 10 busy intervals: every grid time listed (speed is measured in bench/, not here)", () => {
    const employees = Array.from({ length: 10 }, (_, i) =>
      emp({
        employeeId: `e${i}`,
        lastBookedAt: i % 3 === 0 ? null : `2026-11-${10 + i}T10:00:00Z`,
        schedules: [schedule(day("08:00", "18:00", [{ start: "12:00", end: "13:00" }]))],
        busy: Array.from({ length: 10 }, (_, k) => ({ start: 480 + k * 60 + i, end: 480 + k * 60 + i + 20 })),
        durationMinutes: 15,
        bufferAfter: 5,
      }),
    );
    const q = query(employees, { stepMinutes: 15 });
    expect(slotsForDay(q)).toHaveLength(40);
  });
});
