import { describe, expect, it } from "vitest";
import { formatTaxId, isValidCedula, isValidRnc, isValidTaxId, taxIdKind } from "./tax-id";

describe("RNC and cédula check digits", () => {
  it("accepts the published valid numbers", () => {
    expect(isValidRnc("101850043")).toBe(true);
    expect(isValidRnc("131246796")).toBe(true);
    expect(isValidRnc("1-01-85004-3")).toBe(true);
    expect(isValidCedula("00113918205")).toBe(true);
    expect(isValidCedula("22400022111")).toBe(true);
    expect(isValidCedula("001-1391820-5")).toBe(true);
  });
  it("refuses the published invalid numbers", () => {
    expect(isValidRnc("101850042")).toBe(false);
    expect(isValidCedula("00113918204")).toBe(false);
    expect(isValidTaxId("12345")).toBe(false);
    expect(isValidTaxId("abcdefghi")).toBe(false);
  });
  it("tells an RNC from a cédula and formats both", () => {
    expect(taxIdKind("131246796")).toBe("rnc");
    expect(taxIdKind("00113918205")).toBe("cedula");
    expect(taxIdKind("101850042")).toBeNull();
    expect(formatTaxId("101850043")).toBe("1-01-85004-3");
    expect(formatTaxId("00113918205")).toBe("001-1391820-5");
  });
});
