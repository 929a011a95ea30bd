import { describe, expect, it } from "vitest";
import { legalDataInput } from "../customers/legal-client";
import { recordPaymentInput } from "../invoices/schemas";
import { decimal, MONEY_MAX, money, optionalDecimal } from "./decimal";
import { productCreateInput } from "./product";

const issue = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0]!.message);

describe("the one money schema", () => {
  it("takes a string or a JSON number alike and answers a 2-place string", () => {
    const m = money("bad");
    expect(m.parse("118")).toBe("118.00");
    expect(m.parse(118)).toBe("118.00");
    expect(m.parse("1,250.5")).toBe("1250.50");
    expect(m.parse(25000)).toBe("25000.00");
    expect(m.parse(".5")).toBe("0.50");
    expect(m.parse(MONEY_MAX)).toBe(MONEY_MAX);
  });

  it("refuses negatives, more than 2 places, non-numbers, infinities and amounts past the maximum with its message", () => {
    const m = money("bad");
    for (const v of ["-1", "1.005", "abc", "", Number.NaN, Number.POSITIVE_INFINITY, "1e3", "1000000000000", true, null]) expect(issue(m.safeParse(v))).toBe("bad");
  });

  it("positive refuses zero; decimal() rounds half up to its scale", () => {
    expect(issue(money("bad", { positive: true }).safeParse("0"))).toBe("bad");
    expect(decimal({ scale: 4 }).parse("1.23456")).toBe("1.2346");
    expect(decimal({ scale: 2, min: 0, max: 100 }).parse(12.345)).toBe("12.35");
  });

  it("optionalDecimal: blank and null are absent", () => {
    const o = optionalDecimal(money("bad"));
    expect(o.parse("")).toBeUndefined();
    expect(o.parse(null)).toBeUndefined();
    expect(o.parse(undefined)).toBeUndefined();
    expect(o.parse(" 75,000 ")).toBe("75000.00");
  });

  it("every procedure takes money the same way (legal client retainer, product price, payments)", () => {
    expect(legalDataInput.parse({ billing_type: "retainer", retainer_amount: 25000 }).retainer_amount).toBe("25000.00");
    expect(productCreateInput.parse({ name: "Refresco", sku: "R1", price: 118, price2: "118", price3: 118 }).price).toBe("118.00");
    const payment = { invoice_id: "00000000-0000-4000-8000-000000000001", payment_method_id: "00000000-0000-4000-8000-000000000002", currency_id: "00000000-0000-4000-8000-000000000003" };
    expect(recordPaymentInput.parse({ ...payment, amount: 100.5 }).amount).toBe("100.50");
    expect(recordPaymentInput.parse({ ...payment, amount: "100.50" }).amount).toBe("100.50");
  });
});
