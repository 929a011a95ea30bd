import Big from "big.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeCart, computeLine, type LineDiscount, round2 } from "../pos/pricing";
import { applyPromotions, type EnginePromotion, type PromotionCartLine } from "./engine";
import { PROMOTION_TYPES } from "./schemas";

const TODAY = "2026-03-10";

function line(productId: string, price: string, quantity: string, extra: Partial<PromotionCartLine> = {}): PromotionCartLine {
  return { productId, categoryId: null, quantity, product: { price, tax_percent: "18", is_taxable: true, price_includes_tax: false }, ...extra };
}

function promo(id: string, type: EnginePromotion["type"], discount: string, extra: Partial<EnginePromotion> = {}): EnginePromotion {
  return { id, name: `Promo ${id}`, type, discount, param1: null, param2: null, startDate: "2026-03-01", endDate: "2026-03-31", stackable: false, productIds: [], categoryIds: [], ...extra };
}

const savingOf = (r: ReturnType<typeof applyPromotions>, i: number) => r.lines[i]?.saving;

describe("promotion engine: the five types", () => {
  it("percentage_discount: % of the gross; ITBIS on the discounted base", () => {
    const r = applyPromotions([line("a", "100", "2")], [promo("p", "percentage_discount", "10", { productIds: ["a"] })], TODAY);
    expect(savingOf(r, 0)).toBe("20.00");
    const cart = computeCart(r.pricedLines);
    expect(cart).toMatchObject({ subtotal: "200.00", discountTotal: "20.00", taxTotal: "32.40", total: "212.40" });
    expect(r.lines[0]?.applied).toEqual([{ id: "p", name: "Promo p", type: "percentage_discount", amount: "20.00" }]);
  });

  it("fixed_amount_discount: pesos per unit, never more than the line", () => {
    expect(savingOf(applyPromotions([line("a", "100", "3")], [promo("p", "fixed_amount_discount", "15", { productIds: ["a"] })], TODAY), 0)).toBe("45.00");
    expect(savingOf(applyPromotions([line("a", "10", "3")], [promo("p", "fixed_amount_discount", "15", { productIds: ["a"] })], TODAY), 0)).toBe("30.00");
    expect(computeCart(applyPromotions([line("a", "10", "3")], [promo("p", "fixed_amount_discount", "15", { productIds: ["a"] })], TODAY).pricedLines).total).toBe("0.00");
  });

  it("buy_x_get_y: for every X+Y units Y are free; across lines the cheapest units are free", () => {
    const twoForOne = promo("p", "buy_x_get_y", "0", { param1: 1, param2: 1, productIds: ["a", "b"] });
    expect(savingOf(applyPromotions([line("a", "50", "1")], [twoForOne], TODAY), 0)).toBe("0.00");
    expect(savingOf(applyPromotions([line("a", "50", "2")], [twoForOne], TODAY), 0)).toBe("50.00");
    expect(savingOf(applyPromotions([line("a", "50", "3")], [twoForOne], TODAY), 0)).toBe("50.00");
    expect(savingOf(applyPromotions([line("a", "50", "4")], [twoForOne], TODAY), 0)).toBe("100.00");
    // One of a (80) and one of b (30): b is the free one.
    const r = applyPromotions([line("a", "80", "1"), line("b", "30", "1")], [twoForOne], TODAY);
    expect([savingOf(r, 0), savingOf(r, 1)]).toEqual(["0.00", "30.00"]);
    // 3x2 (X=2, Y=1) on 5 units: one free.
    expect(savingOf(applyPromotions([line("a", "10", "5")], [promo("q", "buy_x_get_y", "0", { param1: 2, param2: 1, productIds: ["a"] })], TODAY), 0)).toBe("10.00");
  });

  it("bundle_discount: % off the line from param1 units (2 by default)", () => {
    const bundle = promo("p", "bundle_discount", "20", { param1: 3, productIds: ["a"] });
    expect(savingOf(applyPromotions([line("a", "10", "2")], [bundle], TODAY), 0)).toBe("0.00");
    expect(savingOf(applyPromotions([line("a", "10", "3")], [bundle], TODAY), 0)).toBe("6.00");
    expect(savingOf(applyPromotions([line("a", "10", "2")], [promo("p", "bundle_discount", "20", { productIds: ["a"] })], TODAY), 0)).toBe("4.00");
  });

  it("second_unit_discount: every second unit is % off", () => {
    const second = promo("p", "second_unit_discount", "50", { productIds: ["a"] });
    expect(savingOf(applyPromotions([line("a", "100", "1")], [second], TODAY), 0)).toBe("0.00");
    expect(savingOf(applyPromotions([line("a", "100", "2")], [second], TODAY), 0)).toBe("50.00");
    expect(savingOf(applyPromotions([line("a", "100", "5")], [second], TODAY), 0)).toBe("100.00");
  });
});

describe("promotion engine: which promotion, and with what", () => {
  it("only within its dates (inclusive), only when active, only on its products or categories", () => {
    const p = promo("p", "percentage_discount", "10", { categoryIds: ["drinks"], startDate: "2026-03-10", endDate: "2026-03-12" });
    const l = line("a", "100", "1", { categoryId: "drinks" });
    expect(savingOf(applyPromotions([l], [p], "2026-03-09"), 0)).toBe("0.00");
    expect(savingOf(applyPromotions([l], [p], "2026-03-10"), 0)).toBe("10.00");
    expect(savingOf(applyPromotions([l], [p], "2026-03-12"), 0)).toBe("10.00");
    expect(savingOf(applyPromotions([l], [p], "2026-03-13"), 0)).toBe("0.00");
    expect(savingOf(applyPromotions([l], [{ ...p, isActive: false }], "2026-03-10"), 0)).toBe("0.00");
    expect(savingOf(applyPromotions([line("a", "100", "1", { categoryId: "food" })], [p], "2026-03-10"), 0)).toBe("0.00");
  });

  it("overlap: the best for the customer, no stacking unless stackable", () => {
    const ten = promo("ten", "percentage_discount", "10", { productIds: ["a"] });
    const fifteen = promo("fifteen", "fixed_amount_discount", "15", { productIds: ["a"] });
    const r = applyPromotions([line("a", "100", "1")], [ten, fifteen], TODAY);
    expect(r.lines[0]?.applied.map((a) => a.id)).toEqual(["fifteen"]);
    expect(savingOf(r, 0)).toBe("15.00");
    const stacked = applyPromotions([line("a", "100", "1")], [ten, { ...fifteen, stackable: true }], TODAY);
    expect(savingOf(stacked, 0)).toBe("25.00");
    expect(stacked.lines[0]?.discount?.description).toBe("Promo fifteen + Promo ten");
  });

  it("manual discount versus promotion: the better one, never both", () => {
    const ten = promo("ten", "percentage_discount", "10", { productIds: ["a"] });
    const manual20: LineDiscount = { type: "percentage_discount", value: "20" };
    const r = applyPromotions([line("a", "100", "1", { discount: manual20 })], [ten], TODAY);
    expect(r.lines[0]).toMatchObject({ source: "manual", saving: "20.00", applied: [] });
    expect(r.pricedLines[0]?.discount).toEqual(manual20);
    const r2 = applyPromotions([line("a", "100", "1", { discount: { type: "fixed_amount_discount", value: "5" } })], [ten], TODAY);
    expect(r2.lines[0]).toMatchObject({ source: "promotion", saving: "10.00" });
  });


  it("a line that took a better promotion leaves the buy X get Y pool", () => {
    const twoForOne = promo("bx", "buy_x_get_y", "0", { param1: 1, param2: 1, productIds: ["a", "b"] });
    const b90 = promo("b90", "percentage_discount", "90", { productIds: ["b"] });
    // b alone is better off with 90%; a (1 unit) then has no pair and gets nothing.
    const r = applyPromotions([line("a", "10", "1"), line("b", "100", "1")], [twoForOne, b90], TODAY);
    expect(r.lines.map((l) => l.saving)).toEqual(["0.00", "90.00"]);
  });
});

// ── Properties ──────────────────────────────────────────────────────────────────────────────────

const PRODUCTS = ["p1", "p2", "p3", "p4"];
const CATEGORIES = ["c1", "c2"];
const money = fc.integer({ min: 0, max: 500_00 }).map((c) => new Big(c).div(100).toFixed(2));
const percent = fc.integer({ min: 0, max: 100_00 }).map((c) => new Big(c).div(100).toFixed(2));
const dateArb = fc.integer({ min: 1, max: 28 }).map((d) => `2026-03-${String(d).padStart(2, "0")}`);

const lineArb = fc.record({
  productId: fc.constantFrom(...PRODUCTS),
  categoryId: fc.option(fc.constantFrom(...CATEGORIES), { nil: null }),
  quantity: fc.oneof(fc.integer({ min: 1, max: 12 }).map(String), fc.integer({ min: 1, max: 5000 }).map((n) => new Big(n).div(1000).toString())),
  price: money,
  isTaxable: fc.boolean(),
  included: fc.boolean(),
  tax: fc.constantFrom("18", "16", "0", null),
  manual: fc.option(fc.oneof(percent.map((v) => ({ type: "percentage_discount", value: v })), money.map((v) => ({ type: "fixed_amount_discount", value: v }))), { nil: null }),
});

const promoArb = fc.record({
  id: fc.uuid(),
  type: fc.constantFrom(...PROMOTION_TYPES),
  pct: percent,
  fixed: money,
  param1: fc.integer({ min: 1, max: 4 }),
  param2: fc.integer({ min: 1, max: 3 }),
  start: dateArb,
  length: fc.integer({ min: 0, max: 20 }),
  stackable: fc.boolean(),
  productIds: fc.subarray(PRODUCTS),
  categoryIds: fc.subarray(CATEGORIES),
});

type LineArb = typeof lineArb extends fc.Arbitrary<infer T> ? T : never;
type PromoArb = typeof promoArb extends fc.Arbitrary<infer T> ? T : never;

function toLine(l: LineArb): PromotionCartLine {
  return {
    productId: l.productId,
    categoryId: l.categoryId,
    quantity: l.quantity,
    product: { price: l.price, tax_percent: l.tax, is_taxable: l.isTaxable, price_includes_tax: l.included },
    discount: l.manual,
  };
}

function toPromo(p: PromoArb): EnginePromotion {
  const end = new Date(`${p.start}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + p.length);
  return {
    id: p.id,
    name: `P ${p.id.slice(0, 4)}`,
    type: p.type,
    discount: p.type === "buy_x_get_y" ? "0" : p.type === "fixed_amount_discount" ? p.fixed : p.pct,
    param1: p.param1,
    param2: p.param2,
    startDate: p.start,
    endDate: end.toISOString().slice(0, 10),
    stackable: p.stackable,
    productIds: p.productIds,
    categoryIds: p.categoryIds,
  };
}

const cartArb = fc.record({ lines: fc.array(lineArb, { minLength: 1, maxLength: 8 }), promos: fc.array(promoArb, { maxLength: 6 }), today: dateArb });

const grossOf = (l: PromotionCartLine) => round2(new Big(l.product.price).times(l.quantity));

describe("promotion engine: properties", () => {
  it("totals and every line amount are never negative; the discount never exceeds the gross", () => {
    fc.assert(
      fc.property(cartArb, ({ lines, promos, today }) => {
        const input = lines.map(toLine);
        const r = applyPromotions(input, promos.map(toPromo), today);
        const cart = computeCart(r.pricedLines);
        for (const v of [cart.subtotal, cart.discountTotal, cart.taxTotal, cart.total]) expect(Number(v)).toBeGreaterThanOrEqual(0);
        r.lines.forEach((res, i) => {
          const l = input[i] as PromotionCartLine;
          const gross = grossOf(l);
          expect(new Big(res.saving).lte(gross)).toBe(true);
          const priced = computeLine(res.line);
          if (priced) for (const v of [priced.subtotal, priced.discountAmount, priced.taxableAmount, priced.taxAmount, priced.total]) expect(Number(v)).toBeGreaterThanOrEqual(0);
        });
      }),
      { numRuns: 400 },
    );
  });

  it("best for the customer: no line costs more than with its manual discount alone or with any one single-line promotion alone", () => {
    fc.assert(
      fc.property(cartArb, ({ lines, promos, today }) => {
        const input = lines.map(toLine);
        const all = promos.map(toPromo);
        const r = applyPromotions(input, all, today);
        const none = applyPromotions(input, [], today);
        r.lines.forEach((res, i) => {
          const saving = new Big(res.saving);
          expect(saving.gte(none.lines[i]?.saving ?? "0")).toBe(true);
          for (const p of all.filter((x) => x.type !== "buy_x_get_y")) {
            const alone = applyPromotions([{ ...(input[i] as PromotionCartLine), discount: null }], [p], today);
            expect(saving.gte(alone.lines[0]?.saving ?? "0")).toBe(true);
          }
        });
        expect(new Big(computeCart(r.pricedLines).total).lte(computeCart(none.pricedLines).total)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("ITBIS is charged on the discounted base, as pricing does", () => {
    fc.assert(
      fc.property(cartArb, ({ lines, promos, today }) => {
        const r = applyPromotions(lines.map(toLine), promos.map(toPromo), today);
        for (const l of computeCart(r.pricedLines).lines) {
          const rate = new Big(l.taxPercent).div(100);
          const expected = round2(new Big(l.taxableAmount).times(rate));
          expect(new Big(l.taxAmount).minus(expected).abs().lte("0.01")).toBe(true);
          expect(new Big(l.subtotal).minus(l.discountAmount).eq(l.taxableAmount)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("same result on screen and on the server: the cart after a JSON round trip prices to the same totals", () => {
    fc.assert(
      fc.property(cartArb, ({ lines, promos, today }) => {
        const input = lines.map(toLine);
        const screen = computeCart(applyPromotions(input, promos.map(toPromo), today).pricedLines);
        const server = computeCart(applyPromotions(JSON.parse(JSON.stringify(input)), JSON.parse(JSON.stringify(promos.map(toPromo))), today).pricedLines);
        expect({ ...server, lines: server.lines.map(({ input: _i, ...rest }) => rest) }).toEqual({ ...screen, lines: screen.lines.map(({ input: _i, ...rest }) => rest) });
      }),
      { numRuns: 200 },
    );
  });

  it("a promotion the client invents does nothing: only promotions in force on that date apply", () => {
    fc.assert(
      fc.property(cartArb, ({ lines, promos, today }) => {
        const r = applyPromotions(lines.map(toLine), promos.map(toPromo), today);
        const ids = new Set(promos.map(toPromo).filter((p) => p.startDate <= today && today <= p.endDate).map((p) => p.id));
        for (const l of r.lines) for (const a of l.applied) expect(ids.has(a.id)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
