import { describe, expect, it } from "vitest";
import { CHART_MESSAGES, chartAt, chartLayout, chartRows, statusShown, surfaceLabel, surfacesOf, toothBadges, toothChange, toothLabel } from "./chart";
import { ADULT_TEETH, CHILD_TEETH, isFdiTooth } from "./constants";

describe("FDI numbering", () => {
  it("has 32 adult and 20 child teeth and refuses anything else", () => {
    expect(ADULT_TEETH).toHaveLength(32);
    expect(CHILD_TEETH).toHaveLength(20);
    expect(isFdiTooth(36)).toBe(true);
    expect(isFdiTooth(85)).toBe(true);
    for (const bad of [0, 10, 19, 39, 56, 86, 91, 36.5]) expect(isFdiTooth(bad)).toBe(false);
  });

  it("lays out both arches from the patient's right to left", () => {
    const adult = chartLayout("adult");
    expect(adult.upper.slice(0, 3)).toEqual([18, 17, 16]);
    expect(adult.upper.slice(7, 9)).toEqual([11, 21]);
    expect(adult.lower[0]).toBe(48);
    expect(adult.lower.at(-1)).toBe(38);
    expect(chartLayout("child").upper).toEqual([55, 54, 53, 52, 51, 61, 62, 63, 64, 65]);
  });
});

describe("surfaces", () => {
  it("gives every tooth five surfaces and the whole tooth", () => {
    expect(surfacesOf(36).map((s) => s.surface)).toEqual(["mesial", "distal", "occlusal", "buccal", "lingual", "general"]);
    expect(surfacesOf(99)).toEqual([]);
  });

  it("names the surfaces after the tooth: palatal above, incisal in front", () => {
    expect(surfaceLabel(16, "lingual")).toBe("palatal");
    expect(surfaceLabel(55, "lingual")).toBe("palatal");
    expect(surfaceLabel(46, "lingual")).toBe("lingual");
    expect(surfaceLabel(11, "occlusal")).toBe("incisal");
    expect(surfaceLabel(33, "occlusal")).toBe("incisal");
    expect(surfaceLabel(34, "occlusal")).toBe("occlusal");
    expect(surfaceLabel(36, "buccal")).toBe("vestibular");
  });

  it("validates a change: a tooth outside FDI and an unknown surface", () => {
    expect(toothChange.safeParse({ tooth: 36, surface: "occlusal", status: "cavity" }).success).toBe(true);
    const badTooth = toothChange.safeParse({ tooth: 19, surface: "occlusal", status: "cavity" });
    expect(badTooth.error?.issues[0]?.message).toBe(CHART_MESSAGES.toothNotFdi);
    const badSurface = toothChange.safeParse({ tooth: 36, surface: "root", status: "cavity" });
    expect(badSurface.error?.issues[0]?.message).toBe(CHART_MESSAGES.surfaceInvalid);
    const badStatus = toothChange.safeParse({ tooth: 36, surface: "mesial", status: "rotten" });
    expect(badStatus.error?.issues[0]?.message).toBe(CHART_MESSAGES.statusInvalid);
  });
});

describe("the chart at a date", () => {
  const tz = "America/Santo_Domingo";
  const events = [
    { tooth: 36, surface: "occlusal" as const, status: "cavity" as const, recordedAt: "2026-03-01T15:00:00Z" },
    { tooth: 18, surface: "general" as const, status: "missing" as const, recordedAt: "2026-03-01T15:00:00Z" },
    { tooth: 36, surface: "occlusal" as const, status: "filling" as const, recordedAt: "2026-03-05T15:00:00Z" },
    { tooth: 11, surface: "mesial" as const, status: "cavity" as const, recordedAt: "2026-03-05T15:00:00Z" },
    // 02:00 UTC on the 6th is still the 5th in Santo Domingo (UTC-4)
    { tooth: 21, surface: "distal" as const, status: "fractured" as const, recordedAt: "2026-03-06T02:00:00Z" },
    { tooth: 11, surface: "occlusal" as const, status: "crown" as const, recordedAt: "2026-03-08T15:00:00Z" },
    { tooth: 18, surface: "general" as const, status: "healthy" as const, recordedAt: "2026-03-09T15:00:00Z" },
  ];

  it("is empty before the first event", () => {
    expect(chartAt(events, { at: "2026-02-28", timeZone: tz }).size).toBe(0);
  });

  it("keeps the latest event per tooth and surface up to the end of the date", () => {
    const first = chartAt(events, { at: "2026-03-01", timeZone: tz });
    expect(statusShown(first.get(36), "occlusal")).toBe("cavity");
    expect(statusShown(first.get(18), "general")).toBe("missing");
    const later = chartAt(events, { at: "2026-03-05", timeZone: tz });
    expect(statusShown(later.get(36), "occlusal")).toBe("filling");
    expect(statusShown(later.get(21), "distal")).toBe("fractured");
  });

  it("applies whole-tooth statuses to the tooth and lets healthy clear it", () => {
    const now = chartAt(events, { timeZone: tz });
    expect(now.get(11)).toEqual({ whole: "crown", surfaces: {} });
    expect(now.has(18)).toBe(false);
    expect(chartRows(now).map((r) => r.tooth)).toEqual([11, 21, 36]);
  });

  it("clears a surface with healthy", () => {
    const chart = chartAt([...events, { tooth: 36, surface: "occlusal", status: "healthy", recordedAt: "2026-03-10T15:00:00Z" }], { timeZone: tz });
    expect(chart.has(36)).toBe(false);
  });
});

describe("badges and notation", () => {
  it("shows at most five badges then +N", () => {
    expect(toothBadges([11, 12])).toEqual({ shown: [11, 12], more: 0 });
    expect(toothBadges([11, 12, 13, 14, 15, 16, 17])).toEqual({ shown: [11, 12, 13, 14, 15], more: 2 });
  });

  it("maps FDI to universal and palmer", () => {
    expect(toothLabel(36)).toBe("36");
    expect(toothLabel(18, "universal")).toBe("1");
    expect(toothLabel(11, "universal")).toBe("8");
    expect(toothLabel(21, "universal")).toBe("9");
    expect(toothLabel(38, "universal")).toBe("17");
    expect(toothLabel(31, "universal")).toBe("24");
    expect(toothLabel(48, "universal")).toBe("32");
    expect(toothLabel(55, "universal")).toBe("A");
    expect(toothLabel(65, "universal")).toBe("J");
    expect(toothLabel(75, "universal")).toBe("K");
    expect(toothLabel(85, "universal")).toBe("T");
    expect(toothLabel(18, "palmer")).toBe("8┘");
    expect(toothLabel(21, "palmer")).toBe("└1");
    expect(toothLabel(46, "palmer")).toBe("6┐");
    expect(toothLabel(36, "palmer")).toBe("┌6");
    expect(toothLabel(54, "palmer")).toBe("D┘");
  });
});
