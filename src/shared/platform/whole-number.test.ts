import { describe, expect, it } from "vitest";
import { pageNumber } from "./pagination";
import { wholeNumber } from "./whole-number";

describe("wholeNumber", () => {
  it("takes a whole number or its digits as text, within its bounds", () => {
    const n = wholeNumber(1, 200);
    expect(n.parse(20)).toBe(20);
    expect(n.parse(" 20 ")).toBe(20);
    expect(n.safeParse(0).success).toBe(false);
    expect(n.safeParse(201).success).toBe(false);
    expect(n.safeParse(1.5).success).toBe(false);
  });

  it("never coerces silently what z.coerce.number() turned into a number", () => {
    const n = wholeNumber(0, 1_000_000);
    for (const bad of [[[5]], [], true, "", "1e3", "0x10", "5 apples", null, {}]) expect(n.safeParse(bad).success).toBe(false);
  });

  it("pages stop at 100,000 (an offset past it means nothing; 2^31 overflowed the database)", () => {
    expect(pageNumber().safeParse(100_000).success).toBe(true);
    expect(pageNumber().safeParse(2 ** 31).success).toBe(false);
  });
});
