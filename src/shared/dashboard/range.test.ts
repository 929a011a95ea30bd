import { describe, expect, it } from "vitest";
import { dashboardPeriod, daysBetween, shiftDay } from "./range";

describe("dashboardPeriod", () => {
  it("today compares with yesterday, across a month and a year", () => {
    expect(dashboardPeriod("today", "2026-03-01")).toMatchObject({ from: "2026-03-01", to: "2026-03-01", previousFrom: "2026-02-28", previousTo: "2026-02-28" });
    expect(dashboardPeriod("today", "2026-01-01")).toMatchObject({ previousFrom: "2025-12-31" });
  });
  it("the week runs from Monday to today, compared with the same days a week before", () => {
    // 2026-11-26 is a Thursday
    expect(dashboardPeriod("week", "2026-11-26")).toMatchObject({ from: "2026-11-23", to: "2026-11-26", previousFrom: "2026-11-16", previousTo: "2026-11-19" });
    // a Sunday closes the week begun on Monday
    expect(dashboardPeriod("week", "2026-11-29")).toMatchObject({ from: "2026-11-23", to: "2026-11-29" });
    expect(dashboardPeriod("week", "2026-11-23")).toMatchObject({ from: "2026-11-23", to: "2026-11-23", previousFrom: "2026-11-16", previousTo: "2026-11-16" });
  });
  it("the month runs from the 1st to today, compared with the previous month up to the same day (or its last)", () => {
    expect(dashboardPeriod("month", "2026-11-26")).toMatchObject({ from: "2026-11-01", to: "2026-11-26", previousFrom: "2026-10-01", previousTo: "2026-10-26" });
    expect(dashboardPeriod("month", "2026-03-31")).toMatchObject({ previousFrom: "2026-02-01", previousTo: "2026-02-28" });
    expect(dashboardPeriod("month", "2026-01-15")).toMatchObject({ previousFrom: "2025-12-01", previousTo: "2025-12-15" });
  });
  it("days helpers", () => {
    expect(shiftDay("2024-02-28", 1)).toBe("2024-02-29");
    expect(daysBetween("2026-12-30", "2027-01-02")).toEqual(["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"]);
  });
});
