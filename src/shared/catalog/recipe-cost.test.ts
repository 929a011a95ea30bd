import { describe, expect, it } from "vitest";
import { costLine, lineTotal, normalizePortions, recipeTotals, type UnitDescriptor, unitCost } from "./recipe-cost";

const unit = (code: string, dimension: string, factor: string): UnitDescriptor => ({ id: `id-${code}`, code, name: code, dimension, factor });
const g = unit("g", "mass", "1");
const kg = unit("kg", "mass", "1000");
const lb = unit("lb", "mass", "453.59237");
const oz = unit("oz", "mass", "28.349523125");
const ml = unit("ml", "volume", "1");
const cup = unit("cup", "volume", "236.5882365");
const gal = unit("gal", "volume", "3785.411784");
const u = unit("unit", "count", "1");
const dozen = unit("dozen", "count", "12");

/** Flour bought in a 25 lb sack for RD$1,250. */
const flour = { costPrice: "1250.00", costPerUnitQuantity: "25.0000", costPerUnit: lb, unitOfMeasure: "lb" };
/** Milk bought by the gallon for RD$285. */
const milk = { costPrice: "285.00", costPerUnitQuantity: "1", costPerUnit: gal, unitOfMeasure: "gal" };
/** Eggs: a tray of 30 for RD$150. */
const eggs = { costPrice: "150", costPerUnitQuantity: "30", costPerUnit: u, unitOfMeasure: "unit" };

describe("unitCost", () => {
  it("flour: 25 lb for RD$1,250 is RD$50 per lb, 0.110231 per g, and 500 g cost RD$55.12", () => {
    expect(unitCost(flour, lb)).toEqual({ unitCost: "50.000000" });
    expect(unitCost(flour, g)).toEqual({ unitCost: "0.110231" });
    expect(lineTotal("500", "0.110231")).toBe("55.12");
    expect(costLine(flour, g, "500")).toEqual({ unitCost: "0.110231", totalCost: "55.12" });
    expect(costLine(flour, kg, "0.5")).toEqual({ unitCost: "110.231131", totalCost: "55.12" });
    // 1 oz is exactly 1/16 lb.
    expect(unitCost(flour, oz)).toEqual({ unitCost: "3.125000" });
  });

  it("milk: 1 gal for RD$285 is 0.075289 per ml (250 ml = RD$18.82) and 17.8125 per cup", () => {
    expect(costLine(milk, ml, "250")).toEqual({ unitCost: "0.075289", totalCost: "18.82" });
    expect(costLine(milk, cup, "1.5")).toEqual({ unitCost: "17.812500", totalCost: "26.72" });
  });

  it("counts convert too: 30 eggs for RD$150 is RD$5 each, RD$60 a dozen", () => {
    expect(costLine(eggs, u, 3)).toEqual({ unitCost: "5.000000", totalCost: "15.00" });
    expect(unitCost(eggs, dozen)).toEqual({ unitCost: "60.000000" });
  });

  it("without a recipe unit, or in the cost unit, the cost per purchased unit", () => {
    expect(unitCost(flour, null)).toEqual({ unitCost: "50.000000" });
    expect(unitCost(milk, { ...gal })).toEqual({ unitCost: "285.000000" });
  });

  it("refuses to convert across dimensions: the base cost is used, with a warning naming both units", () => {
    expect(unitCost(flour, ml)).toEqual({ unitCost: "50.000000", warning: "no_conversion", from: lb, to: ml });
    expect(costLine(milk, g, "100")).toEqual({ unitCost: "285.000000", totalCost: "28500.00", warning: "no_conversion", from: gal, to: g });
    expect(unitCost(eggs, kg).warning).toBe("no_conversion");
  });

  it("a unit with an unusable factor cannot be converted either", () => {
    expect(unitCost(flour, unit("bag", "mass", "0"))).toMatchObject({ unitCost: "50.000000", warning: "no_conversion" });
    expect(unitCost(flour, unit("bag", "mass", "abc"))).toMatchObject({ warning: "no_conversion" });
  });

  it("an ingredient without a cost unit: the cost price as is, with the 'no_cost_unit' warning", () => {
    const salt = { costPrice: "35.50", costPerUnitQuantity: "2", costPerUnit: null, unitOfMeasure: "kg" };
    expect(unitCost(salt, g)).toEqual({ unitCost: "35.500000", warning: "no_cost_unit" });
    expect(unitCost({ costPrice: null, costPerUnitQuantity: null, costPerUnit: null }, null)).toEqual({ unitCost: "0.000000", warning: "no_cost_unit" });
  });

  it("a zero or empty purchased quantity: the direct cost price is the unit cost", () => {
    for (const q of ["0", "0.0000", "", null, undefined, 0]) {
      expect(unitCost({ costPrice: "80", costPerUnitQuantity: q, costPerUnit: lb }, g)).toEqual({ unitCost: "80.000000" });
    }
  });

  it("rounds the unit cost half-up to 6 decimals", () => {
    // 10 / 3 = 3.333333…; 2 / 3 = 0.666666… -> 0.666667
    expect(unitCost({ costPrice: "10", costPerUnitQuantity: "3", costPerUnit: u }, u).unitCost).toBe("3.333333");
    expect(unitCost({ costPrice: "2", costPerUnitQuantity: "3", costPerUnit: u }, u).unitCost).toBe("0.666667");
    // Exact decimals, no binary float: 0.1 + 0.2 style inputs.
    expect(unitCost({ costPrice: "0.3", costPerUnitQuantity: "0.1", costPerUnit: u }, u).unitCost).toBe("3.000000");
  });
});

describe("lineTotal", () => {
  it("multiplies exactly and rounds half-up to 2 decimals", () => {
    expect(lineTotal("3", "0.335")).toBe("1.01"); // 1.005 -> 1.01 (a float would give 1.00)
    expect(lineTotal("1.5", "17.8125")).toBe("26.72"); // 26.71875
    expect(lineTotal("0", "99")).toBe("0.00");
    expect(lineTotal("abc", "99")).toBe("0.00");
    expect(lineTotal(2, 1.1)).toBe("2.20");
  });
});

describe("recipeTotals", () => {
  it("sums the lines, divides by portions and suggests the price at a 30% margin (cost / 0.70)", () => {
    const lines = [{ totalCost: "55.12" }, { totalCost: "18.82" }, { totalCost: "10.00" }];
    expect(recipeTotals(lines, 4)).toEqual({ totalCost: "83.94", costPerPortion: "20.99", suggestedPrice: "29.99" });
    // The margin is on the price: (29.99 - 20.99) / 29.99 ≈ 30%.
    expect(recipeTotals([{ totalCost: "70" }], 1)).toEqual({ totalCost: "70.00", costPerPortion: "70.00", suggestedPrice: "100.00" });
  });

  it("portions default to 1 when missing or not a positive whole number", () => {
    expect(recipeTotals([{ totalCost: "12.50" }])).toEqual({ totalCost: "12.50", costPerPortion: "12.50", suggestedPrice: "17.86" });
    for (const p of [0, -2, 1.5, null, undefined, "x"]) expect(recipeTotals([{ totalCost: "12.50" }], p).costPerPortion).toBe("12.50");
    expect(normalizePortions("8")).toBe(8);
  });

  it("an empty recipe costs nothing", () => {
    expect(recipeTotals([], 1)).toEqual({ totalCost: "0.00", costPerPortion: "0.00", suggestedPrice: "0.00" });
  });

  it("rounds the cost per portion half-up", () => {
    // 10.00 / 3 = 3.333… -> 3.33; 3.33 / 0.7 = 4.757… -> 4.76
    expect(recipeTotals([{ totalCost: "10" }], 3)).toEqual({ totalCost: "10.00", costPerPortion: "3.33", suggestedPrice: "4.76" });
    // 0.05 / 2 = 0.025 -> 0.03
    expect(recipeTotals([{ totalCost: "0.05" }], 2).costPerPortion).toBe("0.03");
  });
});
