import { describe, expect, it } from "vitest";
import { allowedNcfTypeCodes, canReceiveNcfType, consumerInvoiceNeedsBuyerId, customerFiscalKind, ncfProblem, normalizeNcfTypeCode } from "./fiscal";

// Published vectors (python-stdnum, DGII): valid RNCs and cédulas, and the same numbers with a wrong check digit.
const RNC = ["101850043", "131246796", "1-01-85004-3"];
const CEDULA = ["00113918205", "22400022111", "001-1391820-5"];
const BAD_RNC = "101850042";
const BAD_CEDULA = "00113918204";

describe("customerFiscalKind", () => {
  it("tells an RNC (9 digits) from a cédula (11 digits), dashes and spaces allowed", () => {
    for (const taxId of RNC) expect(customerFiscalKind({ taxId })).toBe("rnc");
    for (const taxId of CEDULA) expect(customerFiscalKind({ taxId })).toBe("cedula");
    expect(customerFiscalKind({ taxId: " 131 24679 6 " })).toBe("rnc");
  });

  it("a wrong check digit, another length, letters or nothing is 'none'", () => {
    expect(customerFiscalKind({ taxId: BAD_RNC })).toBe("none");
    expect(customerFiscalKind({ taxId: BAD_CEDULA })).toBe("none");
    expect(customerFiscalKind({ taxId: "1234567" })).toBe("none");
    expect(customerFiscalKind({ taxId: "10185004A" })).toBe("none");
    expect(customerFiscalKind({ taxId: "" })).toBe("none");
    expect(customerFiscalKind({ taxId: null })).toBe("none");
    expect(customerFiscalKind({})).toBe("none");
  });

  it("the override accepts a known exception of the right length, never another length", () => {
    expect(customerFiscalKind({ taxId: BAD_RNC, taxIdOverride: true })).toBe("rnc");
    expect(customerFiscalKind({ taxId: BAD_CEDULA, taxIdOverride: true })).toBe("cedula");
    expect(customerFiscalKind({ taxId: "1234567890", taxIdOverride: true })).toBe("none");
    expect(customerFiscalKind({ taxId: BAD_RNC, taxIdOverride: false })).toBe("none");
  });
});

describe("NCF types a customer may receive", () => {
  it("B02 to anyone; B01 and B14 need an RNC or cédula; B15 needs an RNC", () => {
    expect(allowedNcfTypeCodes({})).toEqual(["B02"]);
    expect(allowedNcfTypeCodes({ taxId: BAD_RNC })).toEqual(["B02"]);
    expect(allowedNcfTypeCodes({ taxId: "131246796" })).toEqual(["B01", "B02", "B14", "B15"]);
    expect(allowedNcfTypeCodes({ taxId: "00113918205" })).toEqual(["B01", "B02", "B14"]);
    expect(allowedNcfTypeCodes({ taxId: BAD_CEDULA, taxIdOverride: true })).toEqual(["B01", "B02", "B14"]);
  });

  it("electronic codes follow their paper type; notes and unknown codes are not sale types", () => {
    expect(normalizeNcfTypeCode(" e31 ")).toBe("B01");
    expect(canReceiveNcfType({ taxId: "101850043" }, "E31")).toBe(true);
    expect(canReceiveNcfType({}, "E31")).toBe(false);
    expect(canReceiveNcfType({}, "E32")).toBe(true);
    expect(canReceiveNcfType({ taxId: "00113918205" }, "E45")).toBe(false);
    expect(canReceiveNcfType({ taxId: "101850043" }, "B04")).toBe(false);
    expect(canReceiveNcfType({ taxId: "101850043" }, "X99")).toBe(false);
  });
});

describe("consumer invoices of RD$250,000 or more", () => {
  it("need the buyer's id from exactly RD$250,000.00 (decimal, no float rounding)", () => {
    expect(consumerInvoiceNeedsBuyerId("249999.99")).toBe(false);
    expect(consumerInvoiceNeedsBuyerId("250000")).toBe(true);
    expect(consumerInvoiceNeedsBuyerId("250000.00")).toBe(true);
    expect(consumerInvoiceNeedsBuyerId(250000.01)).toBe(true);
    expect(consumerInvoiceNeedsBuyerId("0")).toBe(false);
  });

  it("ncfProblem says why a sale cannot carry that NCF", () => {
    expect(ncfProblem({}, "B02", "1000")).toBeNull();
    expect(ncfProblem({}, "B02", "250000")).toBe("taxIdRequired");
    expect(ncfProblem({ taxId: "00113918205" }, "B02", "300000")).toBeNull();
    expect(ncfProblem({ taxId: BAD_CEDULA }, "B02", "300000")).toBe("taxIdRequired");
    expect(ncfProblem({}, "B01", "10")).toBe("taxIdRequired");
    expect(ncfProblem({ taxId: "131246796" }, "B01", "10")).toBeNull();
    expect(ncfProblem({ taxId: "00113918205" }, "B15", "10")).toBe("rncRequired");
    expect(ncfProblem({ taxId: "131246796" }, "B15", "10")).toBeNull();
    expect(ncfProblem({ taxId: "00113918205" }, "B14", "10")).toBeNull();
    expect(ncfProblem({ taxId: "131246796" }, "B16", "10")).toBe("unsupportedType");
  });
});
