import { describe, expect, it } from "vitest";
import { agingBucketOf } from "../invoices/schemas";
import { itbisCreditable, returnAmounts } from "./rules";

describe("the 30-day ITBIS rule", () => {
  it("keeps the ITBIS creditable up to 30 days after the invoice, not after", () => {
    expect(itbisCreditable("2026-01-01", "2026-01-01")).toBe(true);
    expect(itbisCreditable("2026-01-01", "2026-01-31")).toBe(true);
    expect(itbisCreditable("2026-01-01", "2026-02-01")).toBe(false);
    expect(itbisCreditable("2026-02-15", "2026-03-17")).toBe(true);
    expect(itbisCreditable("2026-02-15", "2026-03-18")).toBe(false);
  });
});

describe("returnAmounts", () => {
  const line = { quantity: "3", net: "300.00", taxAmount: "54.00", total: "354.00", returnedQuantity: "0", creditedTax: "0", creditedTotal: "0" };
  it("gives back the share of the line's tax and total, subtotal and ITBIS apart", () => {
    expect(returnAmounts(line, "2")).toEqual({ subtotal: "200.00", taxAmount: "36.00", total: "236.00" });
  });
  it("the last units take exactly what is left, so several returns never drift by a cent", () => {
    const odd = { quantity: "3", net: "84.75", taxAmount: "15.25", total: "100.00", returnedQuantity: "0", creditedTax: "0", creditedTotal: "0" };
    const first = returnAmounts(odd, "1");
    expect(first).toEqual({ subtotal: "28.25", taxAmount: "5.08", total: "33.33" });
    const second = returnAmounts({ ...odd, returnedQuantity: "1", creditedTax: first.taxAmount, creditedTotal: first.total }, "1");
    const third = returnAmounts({ ...odd, returnedQuantity: "2", creditedTax: "10.16", creditedTotal: "66.66" }, "1");
    expect(second.total).toBe("33.33");
    expect(third).toEqual({ subtotal: "28.25", taxAmount: "5.09", total: "33.34" });
  });
});

describe("agingBucketOf", () => {
  it("puts an open invoice in current until its due date, then by days past due", () => {
    expect(agingBucketOf(null, "2026-05-01")).toBe("current");
    expect(agingBucketOf("2026-05-01", "2026-05-01")).toBe("current");
    expect(agingBucketOf("2026-04-30", "2026-05-01")).toBe("d1_30");
    expect(agingBucketOf("2026-04-01", "2026-05-01")).toBe("d1_30");
    expect(agingBucketOf("2026-03-31", "2026-05-01")).toBe("d31_60");
    expect(agingBucketOf("2026-03-02", "2026-05-01")).toBe("d31_60");
    expect(agingBucketOf("2026-03-01", "2026-05-01")).toBe("d61_90");
    expect(agingBucketOf("2026-01-31", "2026-05-01")).toBe("d61_90");
    expect(agingBucketOf("2026-01-30", "2026-05-01")).toBe("d90_plus");
  });
});
