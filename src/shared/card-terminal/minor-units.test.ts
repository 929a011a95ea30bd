import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Big } from "../catalog/decimal";
import { fromMinorUnits, toMinorUnits } from "./minor-units";

describe("minor units for payment links", () => {
  it("converts pesos to centavos exactly", () => {
    expect(toMinorUnits("595.00")).toBe(59500);
    expect(toMinorUnits("595")).toBe(59500);
    expect(toMinorUnits(595)).toBe(59500);
    expect(toMinorUnits("0.01")).toBe(1);
    expect(toMinorUnits("1,250.50")).toBe(125050);
    expect(toMinorUnits(".5")).toBe(50);
    expect(toMinorUnits("0")).toBe(0);
    // binary floats would give 1.1 * 100 = 110.00000000000001 and 0.29 * 100 = 28.999999999999996
    expect(toMinorUnits(1.1)).toBe(110);
    expect(toMinorUnits("0.29")).toBe(29);
    expect(toMinorUnits("999999999999.99")).toBe(99999999999999);
  });

  it("rounds ITBIS × 100 half up (away from zero), never to -0", () => {
    expect(toMinorUnits("90.765")).toBe(9077);
    expect(toMinorUnits("90.764")).toBe(9076);
    expect(toMinorUnits("107.1")).toBe(10710);
    expect(toMinorUnits("0.005")).toBe(1);
    expect(toMinorUnits("0.0049")).toBe(0);
    expect(toMinorUnits("-0.004")).toBe(0);
    expect(Object.is(toMinorUnits("-0.004"), 0)).toBe(true);
    expect(toMinorUnits("-0.005")).toBe(-1);
  });

  it("converts centavos back to a 2-decimal string", () => {
    expect(fromMinorUnits(59500)).toBe("595.00");
    expect(fromMinorUnits("1")).toBe("0.01");
    expect(fromMinorUnits(0)).toBe("0.00");
    expect(fromMinorUnits(-125050)).toBe("-1250.50");
    expect(fromMinorUnits(99999999999999n)).toBe("999999999999.99");
  });

  it("refuses what is not a number of money", () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, "abc", "", "1e3", "12..5", "0x10"]) expect(() => toMinorUnits(bad as string)).toThrow(RangeError);
    expect(() => toMinorUnits(null as unknown as string)).toThrow(TypeError);
    expect(() => toMinorUnits("1000000000000000000")).toThrow(/too large/);
    for (const bad of [1.5, Number.NaN, "1.5", "abc", 2 ** 60]) expect(() => fromMinorUnits(bad)).toThrow(RangeError);
  });

  it("round-trips every amount with 2 decimals", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 99999999999999n }), (cents) => {
        const pesos = new Big(cents.toString()).div(100).toFixed(2);
        expect(toMinorUnits(pesos)).toBe(Number(cents));
        expect(fromMinorUnits(toMinorUnits(pesos))).toBe(pesos);
      }),
    );
  });
});
