import { describe, expect, it } from "vitest";
import { BASE_UNIT, CONVERSION_DECIMALS, ConversionError, canConvert, convert, DIMENSIONS, exactFactor, formatDecimal, STANDARD_UNITS, toDecimal, tryConvert } from "./units";

describe("the standard units", () => {
  it("has 18 units with unique codes, one base (factor 1) per dimension", () => {
    expect(STANDARD_UNITS).toHaveLength(18);
    expect(new Set(STANDARD_UNITS.map((u) => u.code)).size).toBe(18);
    for (const d of DIMENSIONS) {
      const bases = STANDARD_UNITS.filter((u) => u.dimension === d && u.factor === "1").map((u) => u.code);
      expect(bases).toEqual([BASE_UNIT[d]]);
    }
  });

  it("covers every unit a product may be sold in", () => {
    for (const code of ["unit", "kg", "g", "lb", "oz", "l", "ml", "gal", "portion", "dozen"]) {
      expect(STANDARD_UNITS.some((u) => u.code === code)).toBe(true);
    }
  });

  it("uses the exact international and US customary factors", () => {
    const factor = Object.fromEntries(STANDARD_UNITS.map((u) => [u.code, u.factor]));
    expect(factor).toMatchObject({
      mg: "0.001",
      kg: "1000",
      lb: "453.59237",
      oz: "28.349523125",
      l: "1000",
      gal: "3785.411784",
      fl_oz: "29.5735295625",
      cup: "236.5882365",
      tbsp: "14.78676478125",
      tsp: "4.92892159375",
      dozen: "12",
      in: "2.54",
      m: "100",
    });
  });
});

describe("convert", () => {
  it.each([
    [1, "kg", "g", "1000"],
    [1000, "g", "kg", "1"],
    [2, "lb", "kg", "0.90718474"],
    [1, "kg", "lb", "2.2046226218"],
    [16, "oz", "lb", "1"],
    [1, "lb", "oz", "16"],
    [500, "mg", "g", "0.5"],
    [1, "gal", "ml", "3785.411784"],
    [1, "gal", "l", "3.785411784"],
    [1, "gal", "cup", "16"],
    [1, "cup", "tbsp", "16"],
    [1, "tbsp", "tsp", "3"],
    [1, "cup", "fl_oz", "8"],
    [128, "fl_oz", "gal", "1"],
    [1, "l", "ml", "1000"],
    [3, "dozen", "unit", "36"],
    [6, "unit", "dozen", "0.5"],
    [1, "unit", "dozen", "0.0833333333"],
    [2, "portion", "portion", "2"],
    [1, "m", "cm", "100"],
    [1, "in", "cm", "2.54"],
    [100, "in", "m", "2.54"],
    ["1.5", "kg", "g", "1500"],
    ["0.1", "l", "ml", "100"],
    [0, "kg", "g", "0"],
    [-2, "kg", "g", "-2000"],
  ])("%s %s -> %s = %s", (value, from, to, expected) => {
    expect(convert(value, from, to)).toBe(expected);
  });

  it("is exact where binary floats are not (0.1 + 0.2 style)", () => {
    expect(convert("0.3", "kg", "g")).toBe("300");
    expect(convert("0.07", "l", "ml")).toBe("70");
    expect(convert("1.005", "kg", "g")).toBe("1005");
  });

  it("rounds half up to 10 decimals and never prints an exponent", () => {
    expect(CONVERSION_DECIMALS).toBe(10);
    expect(convert(1, "mg", "kg")).toBe("0.000001");
    expect(convert(1, "g", "lb")).toBe("0.0022046226");
    expect(convert(1, "mg", "lb")).toBe("0.0000022046");
    expect(convert(1, "g", "lb", 4)).toBe("0.0022");
  });

  it("accepts unit rows (dimension and factor from the database)", () => {
    const kg = { code: "kg", dimension: "mass", factor: "1000.0000000000" };
    const saco = { code: "saco", dimension: "mass", factor: "45359.237" };
    expect(convert(1, saco, kg)).toBe("45.359237");
    expect(convert(1, saco, "lb")).toBe("100");
  });

  it("refuses across dimensions with a typed error", () => {
    expect(() => convert(1, "kg", "ml")).toThrow(ConversionError);
    try {
      convert(1, "kg", "ml");
    } catch (e) {
      expect(e).toBeInstanceOf(ConversionError);
      expect((e as ConversionError).reason).toBe("differentDimension");
      expect((e as ConversionError).from).toBe("kg");
      expect((e as ConversionError).to).toBe("ml");
    }
    const r = tryConvert(1, "portion", "unit");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.reason).toBe("differentDimension");
    expect(canConvert("kg", "ml")).toBe(false);
    expect(canConvert("kg", "lb")).toBe(true);
    expect(canConvert("unit", "portion")).toBe(false);
  });

  it("refuses unknown units and values that are not numbers", () => {
    expect(tryConvert(1, "kg", "stone")).toMatchObject({ ok: false, error: { reason: "unknownUnit" } });
    expect(tryConvert("abc", "kg", "g")).toMatchObject({ ok: false, error: { reason: "invalidValue" } });
    expect(tryConvert(1, { code: "x", dimension: "mass", factor: "0" }, "g")).toMatchObject({ ok: false, error: { reason: "unknownUnit" } });
    expect(canConvert("kg", "stone")).toBe(false);
    expect(tryConvert(2, "lb", "kg")).toEqual({ ok: true, value: "0.90718474" });
  });

  it("formats decimals plainly", () => {
    expect(formatDecimal(toDecimal("1000.0000"))).toBe("1000");
    expect(formatDecimal(toDecimal("-0.00000000001"))).toBe("0");
    expect(formatDecimal(toDecimal("12.50"))).toBe("12.5");
  });
});

describe("exactFactor", () => {
  it("restores the exact factor of a standard unit stored with 10 decimals", () => {
    expect(exactFactor({ code: "tsp", dimension: "volume", factor: "4.9289215938" })).toBe("4.92892159375");
    expect(exactFactor({ code: "tbsp", dimension: "volume", factor: "14.7867647813" })).toBe("14.78676478125");
    expect(exactFactor({ code: "kg", dimension: "mass", factor: "1000.0000000000" })).toBe("1000");
  });

  it("keeps any other stored factor", () => {
    expect(exactFactor({ code: "tsp", dimension: "volume", factor: "5.0000000000" })).toBe("5");
    expect(exactFactor({ code: "saco", dimension: "mass", factor: "45359.2370000000" })).toBe("45359.237");
    expect(exactFactor({ code: "kg", dimension: "volume", factor: "1000" })).toBe("1000");
  });
});
