import Big from "big.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  acceptPercentInput,
  capProductDiscount,
  clampPercent,
  computeCart,
  computeLine,
  computePayments,
  convertFromBase,
  discountPresets,
  type MaxDiscountMap,
  maxDiscountFor,
  type PricedLine,
} from "./pricing";

const product = (over: Partial<PricedLine["product"]> = {}): PricedLine["product"] => ({ price: "100.00", tax_percent: null, is_taxable: true, price_includes_tax: true, ...over });

describe("computeLine: the spec's examples", () => {
  it("a tax-included price: base = price / 1.18, tax the rest, total the price", () => {
    expect(computeLine({ product: product({ price: "118.00" }), quantity: 1 })).toEqual({
      quantity: "1",
      unitPrice: "118.00",
      taxPercent: "18.00",
      gross: "118.00",
      subtotal: "100.00",
      discountAmount: "0.00",
      taxableAmount: "100.00",
      taxAmount: "18.00",
      total: "118.00",
    });
  });

  it("a tax-included 100.00 keeps its total (84.75 + 15.25)", () => {
    const l = computeLine({ product: product({ price: "100" }), quantity: "3" })!;
    expect([l.subtotal, l.taxAmount, l.total]).toEqual(["254.24", "45.76", "300.00"]);
  });

  it("a price without tax: tax on top", () => {
    const l = computeLine({ product: product({ price: "100", price_includes_tax: false }), quantity: 2 })!;
    expect([l.subtotal, l.discountAmount, l.taxAmount, l.total]).toEqual(["200.00", "0.00", "36.00", "236.00"]);
  });

  it("the product's tax percent wins over 18%; 0 is 0", () => {
    expect(computeLine({ product: product({ price: "100", price_includes_tax: false, tax_percent: "16" }), quantity: 1 })!.taxAmount).toBe("16.00");
    expect(computeLine({ product: product({ price: "100", price_includes_tax: false, tax_percent: 0 }), quantity: 1 })!.taxAmount).toBe("0.00");
    expect(computeLine({ product: product({ price: "100", price_includes_tax: false, tax_percent: "" }), quantity: 1 })!.taxAmount).toBe("18.00");
  });

  it("a non-taxable product has no tax, whether or not its price 'includes' tax", () => {
    for (const price_includes_tax of [true, false]) {
      const l = computeLine({ product: product({ price: "50", is_taxable: false, price_includes_tax, tax_percent: "18" }), quantity: 2 })!;
      expect([l.subtotal, l.taxAmount, l.total, l.taxPercent]).toEqual(["100.00", "0.00", "100.00", "0.00"]);
    }
  });

  it("percentage and bundle discounts are a percent of the line base", () => {
    for (const type of ["percentage_discount", "bundle_discount"]) {
      const ex = computeLine({ product: product({ price: "100", price_includes_tax: false }), quantity: 2, discount: { type, value: "10" } })!;
      expect([ex.subtotal, ex.discountAmount, ex.taxableAmount, ex.taxAmount, ex.total]).toEqual(["200.00", "20.00", "180.00", "32.40", "212.40"]);
      const inc = computeLine({ product: product({ price: "118" }), quantity: 2, discount: { type, value: "10" } })!;
      expect([inc.subtotal, inc.discountAmount, inc.taxAmount, inc.total]).toEqual(["200.00", "20.00", "32.40", "212.40"]);
    }
  });

  it("any other discount is a fixed amount, divided by 1 + rate when the price includes tax", () => {
    const inc = computeLine({ product: product({ price: "118" }), quantity: 1, discount: { type: "fixed", value: "11.80" } })!;
    expect([inc.discountAmount, inc.taxAmount, inc.total]).toEqual(["10.00", "16.20", "106.20"]);
    const ex = computeLine({ product: product({ price: "100", price_includes_tax: false }), quantity: 1, discount: { type: "fixed_amount", value: "10" } })!;
    expect([ex.discountAmount, ex.taxAmount, ex.total]).toEqual(["10.00", "16.20", "106.20"]);
  });

  it("a fixed discount larger than the line is capped: total 0, never negative", () => {
    for (const price_includes_tax of [true, false]) {
      const l = computeLine({ product: product({ price: "10", price_includes_tax }), quantity: 1, discount: { type: "fixed", value: "500" } })!;
      expect([l.taxableAmount, l.taxAmount, l.total]).toEqual(["0.00", "0.00", "0.00"]);
      expect(l.discountAmount).toBe(l.subtotal);
    }
  });

  it("a percent above 100 or below 0 is clamped; a negative fixed discount is none", () => {
    expect(computeLine({ product: product(), quantity: 1, discount: { type: "percentage_discount", value: 150 } })!.total).toBe("0.00");
    expect(computeLine({ product: product(), quantity: 1, discount: { type: "percentage_discount", value: -5 } })!.total).toBe("100.00");
    expect(computeLine({ product: product(), quantity: 1, discount: { type: "fixed", value: "-5" } })!.total).toBe("100.00");
  });

  it("a quantity of 0 or less removes the line", () => {
    expect(computeLine({ product: product(), quantity: 0 })).toBeNull();
    expect(computeLine({ product: product(), quantity: "-1" })).toBeNull();
    const cart = computeCart([
      { product: product(), quantity: 0 },
      { product: product({ price: "5" }), quantity: 2 },
    ]);
    expect(cart.lines).toHaveLength(1);
    expect(cart.total).toBe("10.00");
  });

  it("refuses a price or quantity that is not a number", () => {
    expect(() => computeLine({ product: product({ price: "abc" }), quantity: 1 })).toThrow(RangeError);
    expect(() => computeLine({ product: product(), quantity: Number.NaN })).toThrow(RangeError);
    expect(() => computeLine({ product: product({ price: "-1" }), quantity: 1 })).toThrow(RangeError);
  });

  it("fractional quantities round the line half up", () => {
    // 10.01 × 1.5 = 15.015 → 15.02
    expect(computeLine({ product: product({ price: "10.01" }), quantity: "1.5" })!.total).toBe("15.02");
  });
});

// ── Properties ─────────────────────────────────────────────────────────────────────────────────

const cents = (max: number) => fc.integer({ min: 0, max }).map((c) => new Big(c).div(100).toFixed(2));
const quantityArb = fc.oneof(
  fc.integer({ min: 1, max: 50 }).map(String),
  fc.integer({ min: 1, max: 100_000 }).map((q) => new Big(q).div(1000).toString()),
);
const taxPercentArb = fc.oneof(fc.constant(null), fc.constantFrom("18", "16", "0", "8", "10.5"));
const productArb = fc.record({
  price: cents(5_000_000),
  tax_percent: taxPercentArb,
  is_taxable: fc.boolean(),
  price_includes_tax: fc.boolean(),
});
const discountArb = fc.option(
  fc.oneof(
    fc.record({ type: fc.constantFrom("percentage_discount", "bundle_discount"), value: fc.integer({ min: 0, max: 10_000 }).map((v) => new Big(v).div(100).toString()) }),
    fc.record({ type: fc.constantFrom("fixed", "amount", "promo"), value: cents(10_000_000) }),
  ),
  { nil: undefined },
);
const lineArb = fc.record({ product: productArb, quantity: quantityArb, discount: discountArb });
const TWO_DECIMALS = /^-?\d+\.\d{2}$/;
const rateOf = (p: PricedLine["product"]) => (p.is_taxable ? new Big(p.tax_percent === null || p.tax_percent === undefined ? "18" : String(p.tax_percent)).div(100) : new Big(0));

describe("computeLine / computeCart properties", () => {
  it("every amount has 2 decimals, none is negative, total = subtotal − discount + tax", () => {
    fc.assert(
      fc.property(lineArb, (line) => {
        const l = computeLine(line)!;
        for (const v of [l.unitPrice, l.gross, l.subtotal, l.discountAmount, l.taxableAmount, l.taxAmount, l.total]) {
          expect(v).toMatch(TWO_DECIMALS);
          expect(new Big(v).gte(0)).toBe(true);
        }
        expect(new Big(l.subtotal).minus(l.discountAmount).plus(l.taxAmount).eq(l.total)).toBe(true);
        expect(new Big(l.subtotal).minus(l.discountAmount).eq(l.taxableAmount)).toBe(true);
        expect(new Big(l.discountAmount).lte(l.subtotal)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("cart totals are the sums of the lines", () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 20 }), (lines) => {
        const cart = computeCart(lines);
        const sum = (k: "subtotal" | "discountAmount" | "taxAmount" | "total") => cart.lines.reduce((s, l) => s.plus(l[k]), new Big(0)).toFixed(2);
        expect([cart.subtotal, cart.discountTotal, cart.taxTotal, cart.total]).toEqual([sum("subtotal"), sum("discountAmount"), sum("taxAmount"), sum("total")]);
        for (const v of [cart.subtotal, cart.discountTotal, cart.taxTotal, cart.total]) expect(v).toMatch(TWO_DECIMALS);
        expect(new Big(cart.subtotal).minus(cart.discountTotal).plus(cart.taxTotal).eq(cart.total)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("a tax-included price with no discount round-trips: total = round(price × quantity)", () => {
    fc.assert(
      fc.property(productArb, quantityArb, (p, quantity) => {
        const l = computeLine({ product: { ...p, is_taxable: true, price_includes_tax: true }, quantity })!;
        expect(l.total).toBe(new Big(p.price).times(quantity).round(2, 1).toFixed(2));
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(productArb, fc.integer({ min: 1, max: 500 }), (p, quantity) => {
        const l = computeLine({ product: { ...p, is_taxable: true, price_includes_tax: true }, quantity })!;
        expect(new Big(l.total).eq(new Big(p.price).times(quantity))).toBe(true);
      }),
    );
  });

  it("a fixed discount at or above the line leaves a total of 0", () => {
    fc.assert(
      fc.property(productArb, quantityArb, cents(1000), (p, quantity, extra) => {
        const gross = new Big(p.price).times(quantity).round(2, 1);
        const l = computeLine({ product: p, quantity, discount: { type: "fixed", value: gross.plus(extra).toFixed(2) } })!;
        expect([l.total, l.taxAmount, l.taxableAmount]).toEqual(["0.00", "0.00", "0.00"]);
      }),
    );
  });

  it("the tax is discounted base × rate within one cent; the discount base × percent within 1.5 cents", () => {
    fc.assert(
      fc.property(lineArb, (line) => {
        const l = computeLine(line)!;
        const rate = rateOf(line.product);
        expect(new Big(l.taxAmount).minus(new Big(l.taxableAmount).times(rate)).abs().lte("0.01")).toBe(true);
        if (line.discount && ["percentage_discount", "bundle_discount"].includes(line.discount.type)) {
          const pct = new Big(line.discount.value);
          expect(new Big(l.discountAmount).minus(new Big(l.subtotal).times(pct).div(100)).abs().lte("0.015")).toBe(true);
        }
        if (line.product.is_taxable && line.product.price_includes_tax) {
          expect(new Big(l.subtotal).minus(new Big(l.gross).div(rate.plus(1))).abs().lte("0.005")).toBe(true);
        } else {
          expect(l.subtotal).toBe(l.gross);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("a non-taxable product never carries tax", () => {
    fc.assert(
      fc.property(lineArb, (line) => {
        const l = computeLine({ ...line, product: { ...line.product, is_taxable: false } })!;
        expect(l.taxAmount).toBe("0.00");
      }),
    );
  });
});

describe("computePayments", () => {
  it("converts at pesos per unit and gives change or pending", () => {
    expect(computePayments("1000.00", [{ amount: "500" }, { amount: "10", rate: "63.25" }])).toEqual({ paid: "1132.50", change: "132.50", pending: "0.00" });
    expect(computePayments("1000.00", [{ amount: "400", rate: 1 }])).toEqual({ paid: "400.00", change: "0.00", pending: "600.00" });
    expect(computePayments("0", [])).toEqual({ paid: "0.00", change: "0.00", pending: "0.00" });
  });

  it("counts only completed payments when a status is given", () => {
    expect(computePayments("100", [{ amount: "60", status: "completed" }, { amount: "40", status: "cancelled" }]).pending).toBe("40.00");
  });

  it("refuses a rate of 0 or less", () => {
    expect(() => computePayments("100", [{ amount: "1", rate: "0" }])).toThrow(RangeError);
  });

  it("paid − change + pending = total, never negative", () => {
    fc.assert(
      fc.property(cents(1_000_000), fc.array(fc.record({ amount: cents(1_000_000), rate: fc.constantFrom("1", "63.25", "68.4", "0.017") }), { maxLength: 5 }), (total, payments) => {
        const r = computePayments(total, payments);
        expect(new Big(r.paid).minus(r.change).plus(r.pending).eq(total)).toBe(true);
        expect(new Big(r.change).gte(0) && new Big(r.pending).gte(0)).toBe(true);
        expect(new Big(r.change).gt(0) && new Big(r.pending).gt(0)).toBe(false);
      }),
    );
  });

  it("convertFromBase divides by the rate", () => {
    expect(convertFromBase("632.50", "63.25")).toBe("10.00");
  });
});

describe("discount helpers", () => {
  it("presets are the maximum × 0.25, 0.33, 0.5 and the maximum, rounded to 2 decimals", () => {
    expect(discountPresets("10")).toEqual([
      { key: "quarter", label: "1/4", percent: "2.50" },
      { key: "third", label: "1/3", percent: "3.30" },
      { key: "half", label: "1/2", percent: "5.00" },
      { key: "max", label: "Max", percent: "10.00" },
    ]);
    expect(discountPresets("7.5").map((p) => p.percent)).toEqual(["1.88", "2.48", "3.75", "7.50"]);
  });

  it("clampPercent keeps a percent in [0, 100]", () => {
    expect([clampPercent(-3), clampPercent("150"), clampPercent("12.345"), clampPercent("x"), clampPercent(null)]).toEqual(["0.00", "100.00", "12.35", "0.00", "0.00"]);
  });

  it("the custom percent input ignores values outside 0–100", () => {
    expect(acceptPercentInput("101", "20.00")).toBe("20.00");
    expect(acceptPercentInput("-1", "20.00")).toBe("20.00");
    expect(acceptPercentInput("abc", "20.00")).toBe("20.00");
    expect(acceptPercentInput("35", "20.00")).toBe("35.00");
  });

  const map: MaxDiscountMap = {
    a: [
      { id: "1", paymentMethodName: "Efectivo", maxDiscountPercent: "10" },
      { id: "2", paymentMethodName: "Tarjeta", maxDiscountPercent: "5.5" },
    ],
    b: [],
  };

  it("the maximum is the smallest over the chosen methods; none ⇒ 0", () => {
    expect(maxDiscountFor(map, "a")).toBe("5.50");
    expect(maxDiscountFor(map, "a", ["Efectivo"])).toBe("10.00");
    expect(maxDiscountFor(map, "a", ["Efectivo", "Tarjeta"])).toBe("5.50");
    expect(maxDiscountFor(map, "a", ["Transferencia"])).toBe("0.00");
    expect(maxDiscountFor(map, "b")).toBe("0.00");
    expect(maxDiscountFor(map, "missing")).toBe("0.00");
  });

  it("a slider is capped at the product's maximum", () => {
    expect(capProductDiscount(8, map, "a", ["Efectivo"])).toBe("8.00");
    expect(capProductDiscount(20, map, "a", ["Efectivo"])).toBe("10.00");
    expect(capProductDiscount(20, map, "b")).toBe("0.00");
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 200 }), (v) => {
        const capped = new Big(capProductDiscount(v, map, "a"));
        expect(capped.gte(0) && capped.lte("5.5")).toBe(true);
      }),
    );
  });
});
