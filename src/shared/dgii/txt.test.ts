import { describe, expect, it } from "vitest";
import { isPeriod, periodBounds, previousPeriod, txtInput } from "./codes";
import { dgiiAmount, dgiiDate, dgiiFile, dgiiFileName, dgiiIdType, headerLine, line606, line607, line608 } from "./txt";

const noForms = { cash: "0", bank: "0", card: "0", credit: "0", swap: "0", bond: "0", others: "0" };

describe("DGII TXT fields", () => {
  it("dates YYYYMMDD, amounts with 2 decimals and no separators (decimal, never floats), ID types", () => {
    expect(dgiiDate("2026-10-05")).toBe("20261005");
    expect(dgiiDate(null)).toBe("");
    expect(dgiiAmount("1250.5")).toBe("1250.50");
    expect(dgiiAmount("1,250,000.005")).toBe("1250000.01");
    expect(dgiiAmount("0.1")).toBe("0.10");
    // 0.1 + 0.2 in floats is 0.30000000000000004: the helper adds decimals
    expect(dgiiAmount("999999999999.99")).toBe("999999999999.99");
    expect(dgiiAmount("-840.00")).toBe("840.00");
    expect(dgiiAmount(null)).toBe("0.00");
    expect(dgiiIdType("1-31-24679-6")).toBe("1");
    expect(dgiiIdType("001-1391820-5")).toBe("2");
    expect(dgiiIdType("")).toBe("");
  });

  it("header: format, RNC digits, YYYYMM, the count of detail lines", () => {
    expect(headerLine("606", "1-31-24679-6", "202610", 3)).toBe("606|131246796|202610|3");
    expect(dgiiFileName("607", "131246796", "202610")).toBe("DGII_F_607_131246796_202610.TXT");
  });

  it("the zero (informative) file of a month with nothing: the header with count 0, CRLF", () => {
    expect(dgiiFile("608", "131246796", "202602", [])).toBe("608|131246796|202602|0\r\n");
    const bytes = new TextEncoder().encode(dgiiFile("606", "131246796", "202602", []));
    expect([...bytes.slice(-2)]).toEqual([13, 10]);
  });

  it("every line ends in CRLF, no bare LF, byte for byte", () => {
    const file = dgiiFile("608", "131246796", "202610", ["B0200000007|20261003|04", "B0100000002|20261009|06"]);
    expect(file).toBe("608|131246796|202610|2\r\nB0200000007|20261003|04\r\nB0100000002|20261009|06\r\n");
    expect(file.replaceAll("\r\n", "").includes("\n")).toBe(false);
    expect(Buffer.from(file, "utf8").toString("hex")).toBe(Buffer.from("608|131246796|202610|2\r\nB0200000007|20261003|04\r\nB0100000002|20261009|06\r\n").toString("hex"));
  });
});

describe("606 line", () => {
  it("23 fields: services, goods, total invoiced before ITBIS, ITBIS carried forward, ISR type in 2 digits", () => {
    const line = line606({
      taxId: "1-01-85004-3",
      expenseType: "02",
      ncf: "B0100000123",
      ncfDate: "2026-10-02",
      paymentDate: "2026-10-20",
      servicesAmount: "800",
      goodsAmount: "200.5",
      itbis: "180.09",
      itbisWithheld: "54.03",
      isrWithholdingType: "2",
      isrWithheld: "80",
      paymentForm: "02",
    });
    expect(line).toBe("101850043|1|02|B0100000123||20261002|20261020|800.00|200.50|1000.50|180.09|54.03|0.00|0.00|180.09|0.00|02|80.00|0.00|0.00|0.00|0.00|02");
    expect(line.split("|")).toHaveLength(23);
  });
  it("a B11 to an informal supplier with a cédula, unpaid: no payment date, no ISR type", () => {
    const line = line606({ taxId: "00113918205", expenseType: "09", ncf: "B1100000001", ncfDate: "2026-10-31", servicesAmount: "0", goodsAmount: "1500", itbis: "0", paymentForm: "04" });
    expect(line).toBe("00113918205|2|09|B1100000001||20261031||0.00|1500.00|1500.00|0.00|0.00|0.00|0.00|0.00|0.00||0.00|0.00|0.00|0.00|0.00|04");
  });
  it("ITBIS to proportionality or to cost is not carried forward", () => {
    const fields = line606({ taxId: "131246796", expenseType: "01", ncf: "B0100000001", ncfDate: "2026-10-01", servicesAmount: "100", goodsAmount: "0", itbis: "18", itbisToCost: "18", paymentForm: "01" }).split("|");
    expect(fields.slice(12, 15)).toEqual(["0.00", "18.00", "0.00"]);
  });
});

describe("607 line", () => {
  it("23 fields: untaxed amount, ITBIS, the payment forms cash · bank · card · credit · swap · bonds · others", () => {
    const line = line607({
      taxId: "131246796",
      ncf: "B0100000522",
      incomeType: "01",
      ncfDate: "2026-10-05",
      amount: "1000",
      itbis: "180",
      forms: { ...noForms, cash: "500", card: "680" },
    });
    expect(line).toBe("131246796|1|B0100000522||01|20261005||1000.00|180.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|500.00|0.00|680.00|0.00|0.00|0.00|0.00");
    expect(line.split("|")).toHaveLength(23);
  });
  it("a credit note carries the NCF it modifies, amounts positive", () => {
    const line = line607({ taxId: "00113918205", ncf: "B0400000003", modifiedNcf: "B0100000522", incomeType: "01", ncfDate: "2026-10-07", amount: "-711.87", itbis: "128.13", forms: { ...noForms, others: "840" } });
    expect(line).toBe("00113918205|2|B0400000003|B0100000522|01|20261007||711.87|128.13|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|840.00");
  });
});

describe("608 line", () => {
  it("NCF, NCF date and the 2-digit reason", () => {
    expect(line608({ ncf: "B0200000007", ncfDate: "2026-10-03", reasonCode: "04" })).toBe("B0200000007|20261003|04");
    expect(line608({ ncf: "B0100000010", ncfDate: "2026-10-30", reasonCode: "10" })).toBe("B0100000010|20261030|10");
  });
});

describe("periods", () => {
  it("yyyyMM only, months 01–12; bounds; the previous month", () => {
    expect(isPeriod("202610")).toBe(true);
    for (const bad of ["202613", "202600", "2026-10", "20261", "1999 1", "abcdef", "199912"]) expect(isPeriod(bad)).toBe(false);
    expect(periodBounds("202602")).toEqual({ from: "2026-02-01", to: "2026-02-28", next: "2026-03-01" });
    expect(periodBounds("202412")).toEqual({ from: "2024-12-01", to: "2024-12-31", next: "2025-01-01" });
    expect(previousPeriod("2026-01-15")).toBe("202512");
    expect(previousPeriod("2026-11-26")).toBe("202610");
    expect(txtInput.safeParse({ format: "607", period: "202613" }).error?.issues[0]?.message).toBe("dgii:errors.invalidPeriod");
    expect(txtInput.safeParse({ format: "609", period: "202610" }).error?.issues[0]?.message).toBe("dgii:errors.invalidFormat");
  });
});

describe("cents (the 607's exact money arithmetic)", () => {
  it("reads the columns' text and anything big.js reads, rounds half up, writes 2 places", async () => {
    const { assertExact, centsText, toCents } = await import("./cents");
    expect(toCents("1234.50")).toBe(123450);
    expect(toCents("-0.05")).toBe(-5);
    expect(toCents("7.5")).toBe(750);
    expect(toCents("1,250.005")).toBe(125001);
    expect(toCents(null)).toBe(0);
    // 0.1 + 0.2 is 0.30000000000000004 in binary floats; in cents it is 30
    expect(centsText(toCents("0.10") + toCents("0.20"))).toBe("0.30");
    expect(centsText(-123450)).toBe("-1234.50");
    expect(centsText(toCents("999999999999.99") * 90)).toBe("89999999999999.10");
    expect(() => assertExact(toCents("999999999999.99") * 100)).toThrow(RangeError);
  });
});
