import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toBig } from "../catalog/decimal";
import { balanceDueOf, dueDateOf, paymentStatusOf } from "./balance";

describe("pending and payment status (only completed payments count)", () => {
  it("pending is the total minus what was paid, never below zero", () => {
    expect(balanceDueOf("958.00", "0")).toBe("958.00");
    expect(balanceDueOf("958.00", "300.00")).toBe("658.00");
    expect(balanceDueOf("958.00", "958.00")).toBe("0.00");
    expect(balanceDueOf("958.00", "1000.00")).toBe("0.00");
  });
  it("pending, partial, paid", () => {
    expect(paymentStatusOf("958.00", "0.00")).toBe("pending");
    expect(paymentStatusOf("958.00", "0.01")).toBe("partial");
    expect(paymentStatusOf("958.00", "957.99")).toBe("partial");
    expect(paymentStatusOf("958.00", "958.00")).toBe("paid");
    expect(paymentStatusOf("0.00", "0.00")).toBe("paid");
  });
  it("property: paid + pending = total while payments do not exceed it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), (totalCents, paidCents) => {
        const total = (totalCents / 100).toFixed(2);
        const paid = (Math.min(paidCents, totalCents) / 100).toFixed(2);
        expect(toBig(balanceDueOf(total, paid)).plus(paid).toFixed(2)).toBe(total);
      }),
    );
  });
  it("the due date is the invoice date plus the condition's days, across months and years", () => {
    expect(dueDateOf("2026-11-24", 0)).toBe("2026-11-24");
    expect(dueDateOf("2026-11-24", 30)).toBe("2026-12-24");
    expect(dueDateOf("2026-12-15", 30)).toBe("2027-01-14");
    expect(dueDateOf("2028-02-15", 15)).toBe("2028-03-01");
  });
});
