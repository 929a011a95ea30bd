import { describe, expect, it } from "vitest";
import { daysInPeriod, firstOfMonth, isReportKey, lastOfMonth, REPORT_KEYS, reportAsOfInput, reportPeriodInput, resolvePeriod } from "./schemas";

describe("report periods", () => {
  it("this month by default; only from: to its month's end; only to: from its month's start", () => {
    expect(resolvePeriod({}, "2026-11-26")).toEqual({ from: "2026-11-01", to: "2026-11-30" });
    expect(resolvePeriod({}, "2028-02-10")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(resolvePeriod({ from: "2026-12-15" }, "2026-11-26")).toEqual({ from: "2026-12-15", to: "2026-12-31" });
    expect(resolvePeriod({ to: "2026-02-10" }, "2026-11-26")).toEqual({ from: "2026-02-01", to: "2026-02-10" });
    expect(resolvePeriod({ from: "2026-01-01", to: "2026-03-31" }, "2026-11-26")).toEqual({ from: "2026-01-01", to: "2026-03-31" });
    expect([firstOfMonth("2027-02-14"), lastOfMonth("2027-02-14"), lastOfMonth("2026-04-01")]).toEqual(["2027-02-01", "2027-02-28", "2026-04-30"]);
    expect(daysInPeriod("2026-11-01", "2026-11-30")).toBe(30);
    expect(daysInPeriod("2024-01-01", "2024-12-31")).toBe(366);
  });

  it("refuses a bad date, from after to, more than 366 days, a bad warehouse id", () => {
    expect(reportPeriodInput.safeParse({ from: "2026-11-01", to: "2026-11-30" }).success).toBe(true);
    expect(reportPeriodInput.safeParse({}).success).toBe(true);
    const issue = (v: unknown) => reportPeriodInput.safeParse(v).error?.issues[0]?.message;
    expect(issue({ from: "2026-02-30" })).toBe("reports:errors.invalidDate");
    expect(issue({ from: "2026-11-30", to: "2026-11-01" })).toBe("reports:errors.dateRange");
    expect(issue({ from: "2024-01-01", to: "2025-01-01" })).toBe("reports:errors.rangeTooLong");
    expect(reportPeriodInput.safeParse({ from: "2024-01-01", to: "2024-12-31" }).success).toBe(true);
    expect(issue({ warehouseId: "almacén" })).toBe("reports:errors.invalidWarehouse");
    expect(reportAsOfInput.safeParse({ asOf: "2026-13-01" }).error?.issues[0]?.message).toBe("reports:errors.invalidDate");
  });

  it("eleven reports, each key known", () => {
    expect(REPORT_KEYS).toHaveLength(11);
    expect(isReportKey("sales-by-day")).toBe(true);
    expect(isReportKey("ventas")).toBe(false);
    expect(isReportKey(undefined)).toBe(false);
  });
});
