import { describe, expect, it } from "vitest";
import { customerSearchDigits, customerSearchPatterns, customerSearchPrefix } from "./customer";

describe("customer search terms", () => {
  it("every word must appear, folded like customers.search_text; LIKE wildcards typed are literal", () => {
    expect(customerSearchPatterns("  María  RODRÍGUEZ ")).toEqual(["%maria%", "%rodriguez%"]);
    expect(customerSearchPatterns("50%_off")).toEqual(["%50\\%\\_off%"]);
    expect(customerSearchPatterns("ana ana")).toEqual(["%ana%"]);
    expect(customerSearchPatterns("   ")).toEqual([]);
  });

  it("a number typed with separators is matched as its digits", () => {
    expect(customerSearchPatterns("809-555-01")).toEqual(["%80955501%"]);
    expect(customerSearchPatterns("(829) 731")).toEqual(["%829731%"]);
    expect(customerSearchPatterns("1-31-24679-6")).toEqual(["%131246796%"]);
  });

  it("the first word, folded and not escaped (the function compares a key range), comes first; none for numbers", () => {
    expect(customerSearchPrefix("Ángel Báez")).toBe("angel");
    expect(customerSearchPrefix("NÚÑEZ")).toBe("nunez");
    expect(customerSearchPrefix("50%_off")).toBe("50%_off");
    expect(customerSearchPrefix("809-555")).toBeNull();
    expect(customerSearchPrefix("  ")).toBeNull();
  });

  it("a number typed gives its digits (phones and tax ids starting with them first); words give none", () => {
    expect(customerSearchDigits(" (829) 731-00 ")).toBe("82973100");
    expect(customerSearchDigits("001-1391820-5")).toBe("00113918205");
    expect(customerSearchDigits("ana 809")).toBeNull();
    expect(customerSearchDigits("--")).toBeNull();
  });
});
