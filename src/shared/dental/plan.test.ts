import { describe, expect, it } from "vitest";
import { clinicalRecordCreateInput, isBloodPressure, vitalsLine } from "./clinical";
import { addDuration, canTransition, PLAN_TRANSITIONS, phaseEndDates, placementProblem, planCreateInput, planTotals, planTotalsProblem, prorate } from "./plan";

describe("planTotals", () => {
  it("subtotal of the phases, discount as an amount or a percent (half up), coverage, the patient's share", () => {
    expect(planTotals({ phaseCosts: ["4000", "10000.50"], discountType: "amount", discountValue: "1000", insuranceCoverage: "500" })).toEqual({
      subtotal: "14000.50",
      discount: "1000.00",
      coverage: "500.00",
      patientShare: "12500.50",
    });
    expect(planTotals({ phaseCosts: ["333.33"], discountType: "percent", discountValue: "15", insuranceCoverage: "0" })).toEqual({ subtotal: "333.33", discount: "50.00", coverage: "0.00", patientShare: "283.33" });
    expect(planTotals({ phaseCosts: [], discountType: "amount", discountValue: "0", insuranceCoverage: "0" }).patientShare).toBe("0.00");
  });

  it("never goes below zero; the problems are named", () => {
    expect(planTotals({ phaseCosts: ["100"], discountType: "amount", discountValue: "150", insuranceCoverage: "80" })).toEqual({ subtotal: "100.00", discount: "100.00", coverage: "0.00", patientShare: "0.00" });
    expect(planTotalsProblem({ phaseCosts: ["100"], discountType: "amount", discountValue: "150", insuranceCoverage: "0" })).toBe("dentalClinical:errors.discountTooHigh");
    expect(planTotalsProblem({ phaseCosts: ["100"], discountType: "percent", discountValue: "101", insuranceCoverage: "0" })).toBe("dentalClinical:errors.percentInvalid");
    expect(planTotalsProblem({ phaseCosts: ["100"], discountType: "percent", discountValue: "10", insuranceCoverage: "91" })).toBe("dentalClinical:errors.coverageTooHigh");
    expect(planTotalsProblem({ phaseCosts: ["100"], discountType: "percent", discountValue: "10", insuranceCoverage: "90" })).toBeNull();
  });

  it("prorate splits to the cent and adds up exactly", () => {
    expect(prorate(["2500", "1500", "10000"], "13000")).toEqual(["2321.43", "1392.86", "9285.71"]);
    expect(prorate(["1", "1", "1"], "1")).toEqual(["0.34", "0.33", "0.33"]);
    expect(prorate(["0", "0"], "10")).toEqual(["0.00", "0.00"]);
  });
});

describe("phase end dates", () => {
  it("adds days, weeks and months (a month end stays in its month)", () => {
    expect(addDuration("2026-01-31", 1, "months")).toBe("2026-02-28");
    expect(addDuration("2028-01-31", 1, "months")).toBe("2028-02-29");
    expect(addDuration("2026-12-15", 2, "months")).toBe("2027-02-15");
    expect(addDuration("2026-02-25", 2, "weeks")).toBe("2026-03-11");
    expect(addDuration("2026-12-31", 1, "days")).toBe("2027-01-01");
  });

  it("chains each phase from the previous end; an edited date is kept and counted from", () => {
    expect(
      phaseEndDates("2026-01-31", [
        { durationValue: 1, durationUnit: "months" },
        { durationValue: 2, durationUnit: "weeks", estimatedEndDate: "2026-04-01" },
        { durationValue: 10, durationUnit: "days" },
        { durationValue: null, durationUnit: "days" },
        { durationValue: 1, durationUnit: "days" },
      ]),
    ).toEqual(["2026-02-28", "2026-04-01", "2026-04-11", null, "2026-04-12"]);
  });
});

describe("plan transitions", () => {
  it("draft → proposed → approved → in progress → completed; cancelled from anything but completed; nothing leaves the end states", () => {
    expect(canTransition("draft", "proposed")).toBe(true);
    expect(canTransition("proposed", "approved")).toBe(true);
    expect(canTransition("approved", "in_progress")).toBe(true);
    expect(canTransition("in_progress", "completed")).toBe(true);
    expect(canTransition("proposed", "completed")).toBe(false);
    expect(canTransition("approved", "draft")).toBe(false);
    for (const from of ["draft", "proposed", "approved", "in_progress"] as const) expect(canTransition(from, "cancelled")).toBe(true);
    expect(PLAN_TRANSITIONS.completed).toEqual([]);
    expect(PLAN_TRANSITIONS.cancelled).toEqual([]);
  });
});

describe("placement", () => {
  it("checks the tooth against FDI and the surfaces against the tooth and the scope", () => {
    expect(placementProblem("mouth", null, [])).toBeNull();
    expect(placementProblem("tooth", 19, [])).toMatchObject({ key: "dentalClinical:errors.toothInvalid", vars: { tooth: 19 } });
    expect(placementProblem("tooth", 55, [])).toBeNull();
    expect(placementProblem("tooth", 56, [])?.key).toBe("dentalClinical:errors.toothInvalid");
    expect(placementProblem("tooth", null, [])?.key).toBe("dentalClinical:errors.toothRequired");
    expect(placementProblem("surface", 36, ["occlusal", "mesial"])).toBeNull();
    expect(placementProblem("surface", 36, [])?.key).toBe("dentalClinical:errors.surfaceRequired");
    expect(placementProblem("surface", 11, ["palatal"])).toMatchObject({ key: "dentalClinical:errors.surfaceInvalid", vars: { tooth: 11, surface: "palatal" } });
    expect(placementProblem("surface", 11, ["general"])?.key).toBe("dentalClinical:errors.surfaceInvalid");
  });

  it("the plan input requires a name and a diagnosis with the spec's messages", () => {
    const r = planCreateInput.safeParse({ patientId: "0190a0d2-0000-7000-8000-000000000000", name: "", diagnosis: " ", phases: [{ name: "F" }] });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual(["dentalClinical:errors.planNameRequired", "dentalClinical:errors.planDiagnosisRequired"]);
  });
});

describe("clinical record rules", () => {
  it("blood pressure NNN/NN in sane ranges, systolic above diastolic", () => {
    expect(isBloodPressure("120/80")).toBe(true);
    expect(isBloodPressure("80/120")).toBe(false);
    expect(isBloodPressure("300/80")).toBe(false);
    expect(isBloodPressure("120-80")).toBe(false);
  });

  it("vitals parse from text and show compactly", () => {
    const r = clinicalRecordCreateInput.parse({ patientId: "0190a0d2-0000-7000-8000-000000000000", visitDate: "2026-03-01", treatment: "x", vitalSigns: { bloodPressure: "120/80", heartRate: "72", temperature: "36,6", weight: "" } });
    expect(r.vitalSigns).toEqual({ bloodPressure: "120/80", heartRate: 72, temperature: "36.6" });
    expect(vitalsLine(r.vitalSigns, { bloodPressure: "PA", heartRate: "FC", temperature: "T" })).toBe("PA 120/80 · FC 72 · T 36.6 °C");
  });
});
