import { describe, expect, it } from "vitest";
import { addDays, dayLabel, formatTime, longDate, weekOf, wizardDates } from "./dates";

describe("booking dates", () => {
  it("wizardDates: the next 14 days starting tomorrow, across a month and a year end", () => {
    const days = wizardDates("2026-12-25");
    expect(days).toHaveLength(14);
    expect(days[0]).toBe("2026-12-26");
    expect(days[6]).toBe("2027-01-01");
    expect(days[13]).toBe("2027-01-08");
    expect(wizardDates("2026-11-26", 3)).toEqual(["2026-11-27", "2026-11-28", "2026-11-29"]);
  });

  it("addDays crosses months, leap days and goes backwards", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-02-28", 1)).toBe("2027-03-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("weekOf: Monday to Sunday of the week, also from a Sunday or a Monday", () => {
    expect(weekOf("2026-11-26")).toEqual({ from: "2026-11-23", to: "2026-11-29" }); // Thursday
    expect(weekOf("2026-11-29")).toEqual({ from: "2026-11-23", to: "2026-11-29" }); // Sunday
    expect(weekOf("2026-11-30")).toEqual({ from: "2026-11-30", to: "2026-12-06" }); // Monday
  });

  it("labels in Spanish and English", () => {
    expect(dayLabel("2026-11-27", "es").weekday.toLowerCase()).toMatch(/^vie/);
    expect(dayLabel("2026-11-27", "es").day).toMatch(/^27 nov/);
    expect(dayLabel("2026-11-27", "en")).toEqual({ weekday: "Fri", day: "Nov 27" });
    expect(longDate("2026-11-27", "es")).toBe("viernes, 27 de noviembre de 2026");
    expect(longDate("2026-11-27", "en")).toBe("Friday, November 27, 2026");
    expect(formatTime("14:30", "en")).toBe("2:30 PM");
    expect(formatTime("09:05", "es")).toMatch(/^9:05/);
  });
});
