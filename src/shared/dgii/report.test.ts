import { describe, expect, it } from "vitest";
import type { SaleForms } from "./codes";
import { type Bill606, billPaymentForm, creditNoteForms, it1Of, methodForms, report606, report607, report608, type Sale607, saleForms } from "./report";

const RNC = "131246796";
const forms = (over: Partial<SaleForms> = {}): SaleForms => ({ cash: "0.00", bank: "0.00", card: "0.00", credit: "0.00", swap: "0.00", bond: "0.00", others: "0.00", ...over });
const sale = (over: Partial<Sale607>): Sale607 => ({
  kind: "invoice",
  id: "x",
  number: "FAC-000001",
  customerName: "Contado",
  ncf: "B0200000001",
  modifiedNcf: null,
  ncfDate: "2026-10-05",
  taxId: null,
  amount: "100.00",
  itbis: "18.00",
  forms: forms({ cash: "118.00" }),
  ...over,
});

describe("607: the RD$250,000 rule", () => {
  it("a B02 under 250,000 untaxed is summed by payment form, at 250,000 it is listed one by one (with the buyer's id)", () => {
    const r = report607(RNC, "202610", [
      sale({ id: "a", ncf: "B0200000001", amount: "249999.99", itbis: "45000.00", forms: forms({ cash: "200000.00", card: "94999.99" }) }),
      sale({ id: "b", ncf: "B0200000002", amount: "100.00", itbis: "18.00", forms: forms({ bank: "118.00" }) }),
      sale({ id: "c", ncf: "B0200000003", amount: "250000.00", itbis: "45000.00", taxId: "00113918205", forms: forms({ credit: "295000.00" }) }),
      sale({ id: "d", ncf: "B0200000004", amount: "300000.00", itbis: "54000.00", forms: forms({ cash: "354000.00" }) }),
    ]);
    // only the detail lines are rows; the summarized ones are counted in the summary
    expect(r.rows.map((x) => [x.id, x.inDetail])).toEqual([
      ["c", true],
      ["d", true],
    ]);
    expect(r.summary).toEqual({ count: 2, amount: "250099.99", itbis: "45018.00", total: "295117.99", forms: forms({ cash: "200000.00", bank: "118.00", card: "94999.99" }) });
    expect(r.content).toBe(
      [
        "607|131246796|202610|2",
        "00113918205|2|B0200000003||01|20261005||250000.00|45000.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|295000.00|0.00|0.00|0.00",
        "||B0200000004||01|20261005||300000.00|54000.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|354000.00|0.00|0.00|0.00|0.00|0.00|0.00",
        "",
      ].join("\r\n"),
    );
    // the listed consumer invoice without the buyer's id is an error on its row
    expect(r.rows.find((x) => x.id === "d")!.issues).toEqual([{ code: "taxIdRequired", field: "taxId", severity: "error" }]);
    expect(r.rows.find((x) => x.id === "c")!.issues).toEqual([]);
    expect(r).toMatchObject({ rowsWithIssues: 1, issueCount: 1, errorCount: 1 });
    expect(r.header).toEqual({ line: "607|131246796|202610|2", count: 2, issues: [] });
  });

  it("B01 is always listed and needs a valid RNC/cédula; a credit note is listed with the NCF it modifies and taken off the totals", () => {
    const r = report607(RNC, "202610", [
      sale({ id: "f", ncf: "B0100000010", taxId: "101850043", amount: "1000.00", itbis: "180.00", forms: forms({ card: "1180.00" }) }),
      sale({ id: "g", ncf: "B0100000011", taxId: "101850042", amount: "10.00", itbis: "1.80", forms: forms({ cash: "11.80" }) }),
      sale({ id: "h", ncf: "B0100000012", taxId: "101850042", taxIdOverride: true, amount: "10.00", itbis: "0.00", forms: forms({ cash: "10.00" }) }),
      sale({ id: "n", kind: "creditNote", number: "NC-000001", ncf: "B0400000001", modifiedNcf: "B0100000010", taxId: "101850043", amount: "500.00", itbis: "90.00", forms: forms({ others: "590.00" }) }),
      sale({ id: "m", kind: "creditNote", number: "NC-000002", ncf: "B0400000002", modifiedNcf: null, amount: "10.00", itbis: "1.80", forms: forms({ cash: "11.80" }) }),
    ]);
    expect(r.rows.every((x) => x.inDetail)).toBe(true);
    expect(r.rows.find((x) => x.id === "n")!.line).toBe("101850043|1|B0400000001|B0100000010|01|20261005||500.00|90.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|590.00");
    expect(r.rows.find((x) => x.id === "g")!.issues.map((i) => i.code)).toEqual(["taxIdInvalid"]);
    expect(r.rows.find((x) => x.id === "h")!.issues).toEqual([]);
    expect(r.rows.find((x) => x.id === "m")!.issues.map((i) => i.code)).toEqual(["modifiedNcfMissing"]);
    expect(r.totals).toEqual({
      detailCount: 5,
      invoices: { count: 3, amount: "1020.00", itbis: "181.80" },
      creditNotes: { count: 2, amount: "510.00", itbis: "91.80" },
      net: { amount: "510.00", itbis: "90.00" },
    });
    expect(r.byPaymentForm).toEqual(forms({ cash: "10.00", card: "1180.00", others: "-590.00" }));
  });

  it("a malformed NCF and a missing business RNC are reported; a month without sales gives the zero file", () => {
    const r = report607(null, "202610", [sale({ ncf: "B01123", taxId: "101850043" })]);
    expect(r.header.issues.map((i) => i.code)).toEqual(["rncMissing"]);
    expect(r.rows[0]!.issues.map((i) => i.code)).toEqual(["ncfInvalid"]);
    expect(report607("1-31-24679-6", "202602", []).content).toBe("607|131246796|202602|0\r\n");
    expect(report607("131246797", "202602", []).header.issues.map((i) => i.code)).toEqual(["rncInvalid"]);
  });
});

describe("607 payment forms", () => {
  it("payments by method, the change taken off cash, what is owed in credit; credit notes by refund", () => {
    expect(methodForms({ code: "CASH" }).sale).toBe("cash");
    expect(methodForms({ code: "TRANSFER" })).toEqual({ sale: "bank", purchase: "02" });
    expect(methodForms({ code: "CHECK" }).sale).toBe("bank");
    expect(methodForms({ code: "AZUL", useCardProvider: true })).toEqual({ sale: "card", purchase: "03" });
    expect(methodForms({ code: "CREDIT" })).toEqual({ sale: "credit", purchase: "04" });
    expect(methodForms({ code: "CREDIT_NOTE" })).toEqual({ sale: "others", purchase: "06" });
    expect(methodForms({ code: "GIFT_VOUCHER" })).toEqual({ sale: "bond", purchase: null });
    expect(methodForms({ code: "POINTS" })).toEqual({ sale: "others", purchase: null });
    expect(methodForms({ code: "PAYPAL" })).toEqual({ sale: "others", purchase: null });
    expect(
      saleForms(
        "413.00",
        [
          { form: "cash", amount: "500.00" },
          { form: "card", amount: "0.00" },
        ],
        "87.00",
      ),
    ).toEqual(forms({ cash: "413.00" }));
    expect(saleForms("1180.00", [{ form: "bank", amount: "300.00" }], "0")).toEqual(forms({ bank: "300.00", credit: "880.00" }));
    expect(saleForms("100.00", [], "0")).toEqual(forms({ credit: "100.00" }));
    expect(creditNoteForms({ appliedAmount: "100.00", refundAmount: "40.00", refundMethod: "cash", total: "140.00" })).toEqual(forms({ credit: "100.00", cash: "40.00" }));
    expect(creditNoteForms({ appliedAmount: "0", refundAmount: "840.00", refundMethod: "store_credit", total: "840.00" })).toEqual(forms({ others: "840.00" }));
    expect(creditNoteForms({ appliedAmount: "0", refundAmount: "50.00", refundMethod: "card", total: "50.00" })).toEqual(forms({ card: "50.00" }));
  });
});

const bill = (over: Partial<Bill606>): Bill606 => ({
  id: "b",
  number: "FP-000001",
  providerName: "Distribuidora Caribe",
  ncf: "B0100000001",
  ncfDate: "2026-10-01",
  taxId: "131246796",
  expenseType: "09",
  paymentForm: "04",
  paymentDate: null,
  servicesAmount: "0.00",
  goodsAmount: "1000.00",
  itbis: "180.00",
  itbisWithheld: "0.00",
  isrWithholdingType: null,
  isrWithheld: "0.00",
  ...over,
});

describe("606", () => {
  it("lines, totals by payment form, B13 with the business's own RNC, B11 needs a cédula, withholding without payment date", () => {
    const r = report606("101850043", "202610", [
      bill({ id: "1", paymentForm: "02", paymentDate: "2026-10-20", servicesAmount: "800.00", goodsAmount: "200.00", itbisWithheld: "54.00", isrWithholdingType: "2", isrWithheld: "80.00" }),
      bill({ id: "2", ncf: "B1100000001", taxId: "00113918205", itbis: "0.00", goodsAmount: "1500.00" }),
      bill({ id: "3", ncf: "B1100000002", taxId: "131246796", itbis: "0.00" }),
      bill({ id: "4", ncf: "B1300000001", taxId: null, expenseType: "02", goodsAmount: "150.00", itbis: "0.00", paymentForm: "01" }),
      bill({ id: "5", ncf: "B0100000009", itbisWithheld: "54.00", expenseType: "12" }),
    ]);
    expect(r.content.split("\r\n")).toEqual([
      "606|101850043|202610|5",
      "131246796|1|09|B0100000001||20261001|20261020|800.00|200.00|1000.00|180.00|54.00|0.00|0.00|180.00|0.00|02|80.00|0.00|0.00|0.00|0.00|02",
      "00113918205|2|09|B1100000001||20261001||0.00|1500.00|1500.00|0.00|0.00|0.00|0.00|0.00|0.00||0.00|0.00|0.00|0.00|0.00|04",
      "131246796|1|09|B1100000002||20261001||0.00|1000.00|1000.00|0.00|0.00|0.00|0.00|0.00|0.00||0.00|0.00|0.00|0.00|0.00|04",
      "101850043|1|02|B1300000001||20261001||0.00|150.00|150.00|0.00|0.00|0.00|0.00|0.00|0.00||0.00|0.00|0.00|0.00|0.00|01",
      "131246796|1|12|B0100000009||20261001||0.00|1000.00|1000.00|180.00|54.00|0.00|0.00|180.00|0.00||0.00|0.00|0.00|0.00|0.00|04",
      "",
    ]);
    expect(r.rows.map((x) => x.issues.map((i) => i.code))).toEqual([[], [], ["cedulaRequired"], [], ["expenseTypeInvalid", "withholdingWithoutPayment"]]);
    expect(r.byPaymentForm).toEqual([
      { form: "01", count: 1, total: "150.00", itbis: "0.00" },
      { form: "02", count: 1, total: "1000.00", itbis: "180.00" },
      { form: "04", count: 3, total: "3500.00", itbis: "180.00" },
    ]);
    expect(r.totals).toMatchObject({ count: 5, total: "4650.00", itbis: "360.00", itbisWithheld: "108.00", isrWithheld: "80.00" });
    expect(r).toMatchObject({ rowsWithIssues: 2, issueCount: 3, errorCount: 2 });
  });

  it("the payment form from the payments: none keeps the bill's, one form paid in full is it, several or part paid is mixed (07)", () => {
    expect(billPaymentForm("04", [], false)).toBe("04");
    expect(billPaymentForm("04", [{ form: "02" }, { form: "02" }], true)).toBe("02");
    expect(billPaymentForm("04", [{ form: "01" }, { form: "02" }], true)).toBe("07");
    expect(billPaymentForm("04", [{ form: "01" }], false)).toBe("07");
    expect(report606(RNC, "202611", []).content).toBe("606|131246796|202611|0\r\n");
  });
});

describe("608", () => {
  it("NCF, NCF date and the reason code; a missing reason is an error; counts by reason", () => {
    const r = report608(RNC, "202610", [
      { kind: "invoice", id: "1", number: "FAC-000007", ncf: "B0200000007", ncfDate: "2026-10-03", reasonCode: "04", cancelledOn: "2026-10-03" },
      { kind: "invoice", id: "2", number: "FAC-000009", ncf: "B0100000002", ncfDate: "2026-10-09", reasonCode: "06", cancelledOn: "2026-10-10" },
      { kind: "invoice", id: "3", number: "FAC-000010", ncf: "B0100000003", ncfDate: "2026-10-09", reasonCode: null, cancelledOn: "2026-10-10" },
    ]);
    expect(r.content).toBe("608|131246796|202610|3\r\nB0200000007|20261003|04\r\nB0100000002|20261009|06\r\nB0100000003|20261009|\r\n");
    expect(r.rows[2]!.issues.map((i) => i.code)).toEqual(["reasonMissing"]);
    expect(r.byReason).toEqual([
      { code: "", count: 1 },
      { code: "04", count: 1 },
      { code: "06", count: 1 },
    ]);
  });
});

describe("IT-1", () => {
  it("ITBIS charged less creditable credit notes, less ITBIS paid on purchases, plus ITBIS withheld", () => {
    const base = { salesAmount: "10000.00", creditNotesAmount: "500.00", purchasesAmount: "4000.00", isrWithheld: "80.00", byRate: [] };
    const it1 = it1Of({ ...base, salesItbis: "1800.00", creditNotesItbis: "120.00", creditNotesCreditableItbis: "90.00", purchasesItbis: "720.00", itbisWithheld: "54.00" });
    expect(it1).toMatchObject({ netSalesItbis: "1710.00", difference: "990.00", balance: "1044.00", toPay: "1044.00", inFavor: "0.00" });
    const favour = it1Of({ ...base, salesItbis: "100.00", creditNotesItbis: "0", creditNotesCreditableItbis: "0", purchasesItbis: "720.00", itbisWithheld: "0" });
    expect(favour).toMatchObject({ difference: "-620.00", toPay: "0.00", inFavor: "620.00" });
  });
});
