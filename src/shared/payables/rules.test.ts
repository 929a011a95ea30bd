import { describe, expect, it } from "vitest";
import { agingBucketOf, billAmountsProblem, billStatusOf, billTotals, createSupplierBillInput, daysPastDue, dueDateOf, supplierNcfProblem, supplierTaxIdProblem } from "./rules";

const amounts = (goods: string, services: string, itbis: string, itbisWithheld = "0", isrWithheld = "0") => ({ goods, services, itbis, itbisWithheld, isrWithheld });

describe("bill totals (one rule for the form and the server)", () => {
  it("taxable = goods + services; total adds ITBIS; payable takes the withholdings off", () => {
    expect(billTotals(amounts("1000.00", "500.00", "270.00", "81.00", "50.00"))).toEqual({ taxable: "1500.00", total: "1770.00", payable: "1639.00", itbisLimit: "270.00" });
  });
  it("ITBIS up to exactly 18% of the taxable amount is accepted, a cent more is refused", () => {
    expect(billAmountsProblem(amounts("1000", "0", "180.00"))).toBeNull();
    expect(billAmountsProblem(amounts("1000", "0", "180.01"))).toBe("payables:errors.itbisAboveLimit");
    // 18% of 333.33 is 59.9994: the limit rounds to 60.00
    expect(billAmountsProblem(amounts("333.33", "0", "60.00"))).toBeNull();
    expect(billAmountsProblem(amounts("0", "0", "0"))).toBe("payables:errors.amountRequired");
    expect(billAmountsProblem(amounts("100", "0", "18", "18.01"))).toBe("payables:errors.itbisWithheldAboveItbis");
    expect(billAmountsProblem(amounts("100", "0", "0", "0", "100.01"))).toBe("payables:errors.withheldAboveTotal");
  });
  it("status from what is owed and paid", () => {
    expect(billStatusOf("100.00", "0")).toBe("open");
    expect(billStatusOf("100.00", "0.01")).toBe("partially_paid");
    expect(billStatusOf("100.00", "100.00")).toBe("paid");
  });
});

describe("NCF type and RNC rules", () => {
  it("B01 needs the supplier's B01 NCF; B11 and B13 carry none (ours)", () => {
    expect(supplierNcfProblem("B01", "B0100000123")).toBeNull();
    expect(supplierNcfProblem("B01", "")).toBe("payables:errors.ncfRequired");
    expect(supplierNcfProblem("B01", "B0200000123")).toBe("payables:errors.ncfInvalid");
    expect(supplierNcfProblem("B01", "B010000012")).toBe("payables:errors.ncfInvalid");
    expect(supplierNcfProblem("B11", null)).toBeNull();
    expect(supplierNcfProblem("B13", undefined)).toBeNull();
  });
  it("B01 needs a valid RNC or cédula, B11 a valid cédula, B13 none", () => {
    expect(supplierTaxIdProblem("B01", "1-31-24679-6")).toBeNull();
    expect(supplierTaxIdProblem("B01", "00113918205")).toBeNull();
    expect(supplierTaxIdProblem("B01", "131246797")).toBe("payables:errors.taxIdInvalid");
    expect(supplierTaxIdProblem("B01", null)).toBe("payables:errors.taxIdRequired");
    expect(supplierTaxIdProblem("B11", "131246796")).toBe("payables:errors.cedulaInvalid");
    expect(supplierTaxIdProblem("B11", "")).toBe("payables:errors.cedulaRequired");
    expect(supplierTaxIdProblem("B11", "001-1391820-5")).toBeNull();
    expect(supplierTaxIdProblem("B13", null)).toBeNull();
    expect(supplierTaxIdProblem("B13", "123")).toBe("payables:errors.taxIdInvalid");
  });
  it("the create schema reports the 18% rule and a bad NCF on their fields", () => {
    const base = { client_key: "7d0b7a51-3c2e-4d1a-9f6a-2a4d1e0c9b11", providerId: "7d0b7a51-3c2e-4d1a-9f6a-2a4d1e0c9b12", ncfType: "B01", ncf: "b0100000001", ncfDate: "2026-11-01", goodsAmount: "100", itbis: "18", expenseType: "09" };
    const ok = createSupplierBillInput.safeParse(base);
    expect(ok.success && ok.data.ncf).toBe("B0100000001");
    const bad = createSupplierBillInput.safeParse({ ...base, itbis: "18.01", ncf: "X1" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["itbis", "payables:errors.itbisAboveLimit"],
      ["ncf", "payables:errors.ncfInvalid"],
    ]);
  });
});

describe("due dates and aging buckets at their boundaries", () => {
  it("due date = NCF date + the term's days", () => {
    expect(dueDateOf("2026-01-31", 30)).toBe("2026-03-02");
    expect(dueDateOf("2026-11-26", 0)).toBe("2026-11-26");
  });
  it("current until the due date, then 1–30, 31–60, 61–90, 90+", () => {
    const due = "2026-01-01";
    const on = (days: number) => dueDateOf(due, days);
    expect(agingBucketOf(due, on(0))).toBe("current");
    expect(agingBucketOf(due, on(1))).toBe("d1_30");
    expect(agingBucketOf(due, on(30))).toBe("d1_30");
    expect(agingBucketOf(due, on(31))).toBe("d31_60");
    expect(agingBucketOf(due, on(60))).toBe("d31_60");
    expect(agingBucketOf(due, on(61))).toBe("d61_90");
    expect(agingBucketOf(due, on(90))).toBe("d61_90");
    expect(agingBucketOf(due, on(91))).toBe("d90_plus");
    expect(daysPastDue(due, on(91))).toBe(91);
    expect(daysPastDue(due, "2025-12-01")).toBe(0);
  });
});
