import { describe, expect, it } from "vitest";
import type { DaySchedule } from "./availability";
import { assignmentInput, CM, copyMondayToAll, dayProblems, defaultWeek, policyInput, refundPercentFor, scheduleInput, serviceConfigInput, timeOffInput, weekProblems } from "./config";

const day = (over: Partial<DaySchedule> = {}): DaySchedule => ({ dayOff: false, start: "08:00", end: "18:00", breaks: [{ start: "12:00", end: "13:00" }], ...over });
const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => (r.error?.issues ?? []).map((i) => `${i.path.join(".")}:${i.message}`);
const EMP = "0190d6f0-0000-7000-8000-000000000001";
const SVC = "0190d6f0-0000-7000-8000-000000000002";

describe("a day of a weekly schedule", () => {
  it("a working day with a break inside its window is fine; a day off is not checked", () => {
    expect(dayProblems(day(), 1)).toEqual([]);
    expect(dayProblems(day({ dayOff: true, start: "18:00", end: "08:00", breaks: [{ start: "07:00", end: "06:00" }] }), 0)).toEqual([]);
    expect(dayProblems(day({ end: "24:00", breaks: [] }), 2)).toEqual([]);
  });
  it("the end must come after the start", () => {
    expect(dayProblems(day({ start: "10:00", end: "10:00" }), 3)).toEqual([{ path: [3, "end"], message: CM.endAfterStart }]);
    expect(dayProblems(day({ start: "18:00", end: "08:00" }), 3)).toEqual([{ path: [3, "end"], message: CM.endAfterStart }]);
  });
  it("times are HH:mm", () => {
    expect(dayProblems(day({ start: "8:00" }), 1)).toEqual([{ path: [1, "start"], message: CM.invalidTime }]);
    expect(dayProblems(day({ breaks: [{ start: "12:60", end: "13:00" }] }), 1)).toEqual([{ path: [1, "breaks", 0, "start"], message: CM.invalidTime }]);
  });
  it("a break ends after it starts, lies inside the window and overlaps no other", () => {
    expect(dayProblems(day({ breaks: [{ start: "13:00", end: "12:00" }] }), 1)).toEqual([{ path: [1, "breaks", 0, "end"], message: CM.breakOrder }]);
    expect(dayProblems(day({ breaks: [{ start: "07:30", end: "08:30" }] }), 1)).toEqual([{ path: [1, "breaks", 0, "start"], message: CM.breakOutside }]);
    expect(dayProblems(day({ breaks: [{ start: "17:30", end: "18:30" }] }), 1)).toEqual([{ path: [1, "breaks", 0, "start"], message: CM.breakOutside }]);
    expect(
      dayProblems(
        day({
          breaks: [
            { start: "15:00", end: "15:30" },
            { start: "12:00", end: "13:00" },
            { start: "12:30", end: "13:30" },
          ],
        }),
        1,
      ),
    ).toEqual([{ path: [1, "breaks", 2, "start"], message: CM.breakOverlap }]);
    // touching breaks do not overlap (half-open intervals)
    expect(
      dayProblems(
        day({
          breaks: [
            { start: "12:00", end: "13:00" },
            { start: "13:00", end: "13:15" },
          ],
        }),
        1,
      ),
    ).toEqual([]);
  });
  it("a week has seven days; copy Monday to all keeps the days off", () => {
    expect(weekProblems(defaultWeek().slice(0, 6))).toEqual([{ path: [], message: CM.sevenDays }]);
    const week = defaultWeek();
    week[1] = day({ start: "09:00", end: "19:00", breaks: [{ start: "14:00", end: "15:00" }] });
    const copied = copyMondayToAll(week);
    expect(copied[0]).toMatchObject({ dayOff: true, start: "09:00", end: "19:00" });
    expect(copied[3]).toEqual({ dayOff: false, start: "09:00", end: "19:00", breaks: [{ start: "14:00", end: "15:00" }] });
    copied[3]!.breaks[0]!.start = "14:30";
    expect(copied[1]!.breaks[0]!.start).toBe("14:00");
  });
});

describe("the schedule input", () => {
  const base = { employee_id: EMP, effective_from: "2026-12-01", days: defaultWeek() };
  it("accepts a week and an open end", () => {
    const r = scheduleInput.safeParse({ ...base, effective_until: "" });
    expect(r.success).toBe(true);
    expect(r.data?.effective_until).toBeNull();
  });
  it("refuses an until before the from, a missing employee and a bad day, with their paths", () => {
    expect(messages(scheduleInput.safeParse({ ...base, effective_until: "2026-11-30" }))).toEqual([`effective_until:${CM.untilBeforeFrom}`]);
    expect(messages(scheduleInput.safeParse({ ...base, employee_id: "" }))).toEqual([`employee_id:${CM.selectEmployee}`]);
    const days = defaultWeek();
    days[2] = day({ breaks: [{ start: "19:00", end: "20:00" }] });
    expect(messages(scheduleInput.safeParse({ ...base, days }))).toEqual([`days.2.breaks.0.start:${CM.breakOutside}`]);
  });
});

describe("service, assignment, time off and policy inputs", () => {
  const service = { service_id: SVC, duration_minutes: 30, buffer_before: 0, buffer_after: 10, min_attendees: 1, max_attendees: 1, allow_employee_selection: true, auto_payment_link: false };
  it("service: duration at least 15, max attendees not below min, buffers 0..240", () => {
    expect(serviceConfigInput.safeParse(service).success).toBe(true);
    expect(messages(serviceConfigInput.safeParse({ ...service, duration_minutes: 10 }))).toEqual([`duration_minutes:${CM.duration}`]);
    expect(messages(serviceConfigInput.safeParse({ ...service, min_attendees: 3, max_attendees: 2 }))).toEqual([`max_attendees:${CM.attendees}`]);
    expect(messages(serviceConfigInput.safeParse({ ...service, buffer_after: 241 }))).toEqual([`buffer_after:${CM.buffer}`]);
    expect(serviceConfigInput.parse({ ...service, duration_minutes: "45", min_notice_hours: "" })).toMatchObject({ duration_minutes: 45, min_notice_hours: null });
  });
  it("assignment: both employee and service; overrides blank are null", () => {
    expect(messages(assignmentInput.safeParse({ employee_id: "", service_id: "" }))).toEqual([`employee_id:${CM.selectBoth}`, `service_id:${CM.selectBoth}`]);
    expect(assignmentInput.parse({ employee_id: EMP, service_id: SVC, duration_override: "", price_override: "", max_concurrent_bookings: "2" })).toEqual({
      employee_id: EMP,
      service_id: SVC,
      duration_override: null,
      price_override: null,
      buffer_before_override: undefined,
      buffer_after_override: undefined,
      max_concurrent_bookings: 2,
      is_active: true,
    });
    expect(messages(assignmentInput.safeParse({ employee_id: EMP, service_id: SVC, max_concurrent_bookings: 51 }))).toEqual([`max_concurrent_bookings:${CM.concurrent}`]);
  });
  it("time off: the end date not before the start; same-day times in order", () => {
    const off = { employee_id: EMP, start_date: "2026-12-10", end_date: "2026-12-12", type: "vacation" };
    expect(timeOffInput.parse(off)).toMatchObject({ approve: false, reason: null });
    expect(messages(timeOffInput.safeParse({ ...off, end_date: "2026-12-09" }))).toEqual([`end_date:${CM.endBeforeStart}`]);
    expect(messages(timeOffInput.safeParse({ ...off, end_date: "2026-12-10", start_time: "15:00", end_time: "14:00" }))).toEqual([`end_time:${CM.timeOffTimes}`]);
    expect(messages(timeOffInput.safeParse({ ...off, type: "holiday" }))).toEqual([`type:${CM.type}`]);
  });
  it("policy: the sliding scale sorted with unique hours; ranges", () => {
    const policy = {
      min_notice_hours: 2,
      max_advance_days: 60,
      require_deposit: false,
      cancellation_fee: "0",
      retention_amount: "100",
      refund_window_hours: 48,
      sliding_scale: [
        { hours_before: 12, refund_percent: 25 },
        { hours_before: 24, refund_percent: 50 },
      ],
      is_active: true,
    };
    const parsed = policyInput.parse(policy);
    expect(parsed.sliding_scale.map((s) => s.hours_before)).toEqual([24, 12]);
    expect(parsed).toMatchObject({ retention_amount: "100.00" });
    expect(parsed).not.toHaveProperty("slot_interval_minutes");
    expect(
      messages(
        policyInput.safeParse({
          ...policy,
          sliding_scale: [
            { hours_before: 12, refund_percent: 25 },
            { hours_before: 12, refund_percent: 50 },
          ],
        }),
      ),
    ).toEqual([`sliding_scale.1.hours_before:${CM.scaleDuplicate}`]);
    expect(messages(policyInput.safeParse({ ...policy, max_advance_days: 731 }))).toEqual([`max_advance_days:${CM.advance}`]);
    expect(refundPercentFor(parsed, 72)).toBe(100);
    expect(refundPercentFor(parsed, 30)).toBe(50);
    expect(refundPercentFor(parsed, 12)).toBe(25);
    expect(refundPercentFor(parsed, 3)).toBe(0);
  });
});
