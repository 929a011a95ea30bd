import { describe, expect, it } from "vitest";
import { formatMoney, formatQuantity } from "./format";

describe("money and quantity formatting", () => {
  it("shows pesos with RD$, thousands separators and 2 decimals, exactly", () => {
    expect(formatMoney("1234.5")).toBe("RD$1,234.50");
    expect(formatMoney("0.005")).toBe("RD$0.01");
    expect(formatMoney("1000000")).toBe("RD$1,000,000.00");
    expect(formatMoney("-45.1")).toBe("-RD$45.10");
    expect(formatMoney(null)).toBe("RD$0.00");
    expect(formatMoney("10", "en", "USD")).toBe("US$10.00");
  });
  it("trims quantities", () => {
    expect(formatQuantity("12.5000")).toBe("12.5");
    expect(formatQuantity("3.0000")).toBe("3");
    expect(formatQuantity("-2.2500")).toBe("-2.25");
  });
});
