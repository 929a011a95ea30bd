import { describe, expect, it } from "vitest";
import { dayOf, isoDay, longDate, uploadUrl } from "./values";

describe("renderer values", () => {
  it("a calendar day is stored as YYYY-MM-DD and read back as the same local day", () => {
    expect(isoDay(new Date(2026, 10, 27))).toBe("2026-11-27");
    expect(isoDay(new Date(2027, 0, 5))).toBe("2027-01-05");
    expect(isoDay(dayOf("2028-02-29")!)).toBe("2028-02-29");
    expect(dayOf("27/11/2026")).toBeUndefined();
  });

  it("shows a date in long format: '27 de noviembre de 2026' in Spanish, 'November 27, 2026' in English", () => {
    expect(longDate("2026-11-27", "es")).toBe("27 de noviembre de 2026");
    expect(longDate("2026-11-27", "en")).toBe("November 27, 2026");
    expect(longDate("mañana", "es")).toBe("mañana");
  });

  it("public mode uploads to /api/upload/public-form with the slug; signed-in mode privately to /api/upload", () => {
    expect(uploadUrl("public", { name: "mi foto.png" }, "solicitud", 1732262400000)).toBe("/api/upload/public-form?filename=forms%2F1732262400000-mi%20foto.png&slug=solicitud");
    expect(uploadUrl("signed-in", { name: "a&b.pdf" }, undefined, 1)).toBe("/api/upload?filename=forms%2F1-a%26b.pdf&visibility=private");
  });
});
