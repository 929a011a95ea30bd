import { describe, expect, it } from "vitest";
import { workingIntervals } from "./availability";
import { averageOf, datesOf, emptyCounts, minutesOf, monthPeriod, presetPeriod, rate, rateSummary, sumMoney, utilization, weekPeriod } from "./report";

describe("rates", () => {
  it("a percentage with one decimal, half up; null over a 0 denominator", () => {
    expect(rate(1, 3)).toBe("33.3");
    expect(rate(2, 3)).toBe("66.7");
    expect(rate(1, 8)).toBe("12.5");
    expect(rate(0, 5)).toBe("0.0");
    expect(rate(5, 5)).toBe("100.0");
    expect(rate(0, 0)).toBeNull();
    expect(rate(3, 0)).toBeNull();
  });

  it("cancellation over every appointment, no-show over the ones not cancelled", () => {
    const counts = { ...emptyCounts(), pending: 2, completed: 3, no_show: 1, cancelled: 2 };
    expect(rateSummary(counts)).toEqual({ appointments: 8, cancelled: 2, noShow: 1, active: 6, cancellationRate: "25.0", noShowRate: "16.7" });
  });

  it("nothing booked: no rates, not 0 %", () => {
    expect(rateSummary(emptyCounts())).toMatchObject({ appointments: 0, cancellationRate: null, noShowRate: null });
    // Everything cancelled: a 100 % cancellation rate and no no-show rate (nothing was to happen).
    expect(rateSummary({ ...emptyCounts(), cancelled: 2 })).toMatchObject({ cancellationRate: "100.0", noShowRate: null });
  });
});

describe("money", () => {
  it("average booking value in decimals, never floats", () => {
    expect(averageOf("0.30", 3)).toBe("0.10");
    expect(averageOf("100.00", 3)).toBe("33.33");
    expect(averageOf("200.00", 3)).toBe("66.67");
    expect(averageOf("500.00", 0)).toBe("0.00");
    expect(sumMoney(["0.10", "0.20", null, "1000"])).toBe("1000.30");
    expect(sumMoney([])).toBe("0.00");
  });
});

describe("utilization", () => {
  const week = Array.from({ length: 7 }, (_, d) =>
    d === 0 ? { dayOff: true, start: "08:00", end: "18:00", breaks: [] } : { dayOff: false, start: "08:00", end: "18:00", breaks: [{ start: "12:00", end: "13:00" }] },
  );
  const schedules = [{ effectiveFrom: "2020-01-01", effectiveUntil: null, days: week }];

  it("booked minutes over the schedule's minutes without breaks and approved time off", () => {
    // 2026-11-23 is a Monday: 10 hours minus the 1-hour break = 540 minutes.
    expect(minutesOf(workingIntervals({ schedules, timeOff: [] }, "2026-11-23"))).toBe(540);
    expect(minutesOf(workingIntervals({ schedules, timeOff: [] }, "2026-11-22"))).toBe(0);
    const timeOff = [{ startDate: "2026-11-23", endDate: "2026-11-23", startTime: "08:00", endTime: "10:00", approved: true }];
    expect(minutesOf(workingIntervals({ schedules, timeOff }, "2026-11-23"))).toBe(420);
    const pending = [{ ...timeOff[0]!, approved: false }];
    expect(minutesOf(workingIntervals({ schedules, timeOff: pending }, "2026-11-23"))).toBe(540);
    expect(utilization(90, 540)).toBe("16.7");
    expect(utilization(0, 540)).toBe("0.0");
    expect(utilization(60, 0)).toBeNull();
    // Bookings outside the schedule may pass 100 %.
    expect(utilization(600, 540)).toBe("111.1");
  });
});

describe("periods", () => {
  it("today, the week Monday to Sunday, the month", () => {
    expect(presetPeriod("today", "2026-11-26")).toEqual({ from: "2026-11-26", to: "2026-11-26" });
    expect(weekPeriod("2026-11-26")).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    expect(weekPeriod("2026-11-29")).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    expect(weekPeriod("2026-11-23")).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    expect(monthPeriod("2026-11-26")).toEqual({ from: "2026-11-01", to: "2026-11-30" });
    expect(monthPeriod("2028-02-10")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(presetPeriod("month", "2026-12-31")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(datesOf({ from: "2026-11-29", to: "2026-12-02" })).toEqual(["2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02"]);
    expect(datesOf({ from: "2026-12-02", to: "2026-12-01" })).toEqual([]);
  });
});
