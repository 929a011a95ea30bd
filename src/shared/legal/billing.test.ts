import { describe, expect, it } from "vitest";
import { billingOf, EMPTY_BILLING, entryAmount } from "./billing";

describe("entryAmount", () => {
  it("is duration × rate when billable, 2 decimals", () => {
    expect(entryAmount("1.5", "2500.00", true)).toBe("3750.00");
    expect(entryAmount("2", "2500", true)).toBe("5000.00");
    expect(entryAmount("0.33", "1000.01", true)).toBe("330.00");
  });
  it("rounds half up, never through binary floats", () => {
    expect(entryAmount("0.25", "0.10", true)).toBe("0.03");
    expect(entryAmount("0.1", "0.3", true)).toBe("0.03");
    expect(entryAmount("1.15", "100.05", true)).toBe("115.06");
  });
  it("is 0 when not billable or without a rate", () => {
    expect(entryAmount("3", "2500.00", false)).toBe("0.00");
    expect(entryAmount("3", null, true)).toBe("0.00");
  });
});

describe("billingOf", () => {
  it("is zero without entries", () => {
    expect(billingOf([])).toEqual(EMPTY_BILLING);
  });
  it("sums billable hours and amounts, keeps non-billable hours apart", () => {
    const b = billingOf([
      { durationHours: "1.50", hourlyRate: "2500.00", isBillable: true },
      { durationHours: "2.00", hourlyRate: "2500.00", isBillable: true },
      { durationHours: "0.75", hourlyRate: "2500.00", isBillable: false },
    ]);
    expect(b).toEqual({ billableHours: "3.50", billableAmount: "8750.00", unbilledAmount: "8750.00", nonBillableHours: "0.75" });
  });
  it("leaves billed entries out of the unbilled amount and uses the stored amount", () => {
    const b = billingOf([
      { durationHours: "1", hourlyRate: "1000", isBillable: true, billingStatus: "billed", totalAmount: "1000.00" },
      { durationHours: "2", hourlyRate: "1000", isBillable: true, billingStatus: "unbilled", totalAmount: "2000.00" },
      { durationHours: "1", hourlyRate: "1000", isBillable: true, billingStatus: "written_off", totalAmount: "1000.00" },
    ]);
    expect(b.billableAmount).toBe("4000.00");
    expect(b.unbilledAmount).toBe("2000.00");
    expect(b.billableHours).toBe("4.00");
  });
});
