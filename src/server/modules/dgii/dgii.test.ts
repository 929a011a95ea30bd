import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessDate } from "../../../shared/platform/dates";
import { withTenant } from "../../db/client";
import { newId } from "../../ids";
import { type Client, createTestContext, errorOf, openCashboxFor, type TestContext } from "../../test/harness";
import { customers } from "../customer/tables";

/**
 * dgii.* through the router on a real database: the 607 of B01, consumer (under and over
 * RD$250,000), credit-note and cancelled sales with their payment forms; the 608; the 606 of
 * B01/B11/B13 bills with withholdings and payments; the IT-1; byte-exact TXT; another tenant's
 * month; a cashier; bad months.
 */
let t: TestContext;
let owner: Client;
let admin: Client;
let cashier: Client;
let outsider: Client;
let warehouseId: string;
let soda: string;
let generator: string;
let cash: string;
let transfer: string;
let dop: string;
let b01: string;
let buyer: string;
let person: string;
const today = businessDate(new Date(), "America/Santo_Domingo");
const period = today.slice(0, 4) + today.slice(5, 7);
const day = today.replaceAll("-", "");
const Z7 = "0.00|0.00|0.00|0.00|0.00|0.00|0.00";

const sales: Record<string, { orderId: string; ncf: string | null }> = {};
let noteNcf = "";

beforeAll(async () => {
  t = await createTestContext();
  await openCashboxFor(t, t.acme, "owner");
  await openCashboxFor(t, t.other, "owner");
  owner = await t.client("acme", "owner");
  admin = await t.client("acme", "admin");
  cashier = await t.client("acme", "cashier");
  outsider = await t.client("other", "owner");
  warehouseId = (await owner.warehouse.getAll.query())[0]!.id;
  const create = (name: string, sku: string, price: string) =>
    owner.product.create.mutate({ name, sku, price, price2: price, price3: price, warehouseQuantities: [{ warehouseId, initialQuantity: "100" }] }).then((p) => p.id);
  // prices include the 18% ITBIS: 118 is 100.00 + 18.00
  soda = await create("Refresco 2L", "REF-2L", "118");
  generator = await create("Planta eléctrica 100 kVA", "PLT-100", "354000");
  const methods = await owner.paymentMethod.getAll.query();
  cash = methods.find((m) => m.code === "CASH")!.id;
  transfer = methods.find((m) => m.code === "TRANSFER")!.id;
  dop = (await owner.currency.getActive.query()).find((c) => c.code === "DOP")!.id;
  b01 = (await owner.ncf.getAllTypes.query()).find((x) => x.code === "B01")!.id;
  buyer = newId();
  person = newId();
  const tenantId = t.acme.tenant.id;
  await withTenant(t.db, tenantId, (tx) =>
    tx.insert(customers).values([
      { tenantId, id: buyer, code: "CLI-D1", name: "Ferretería Ozama SRL", taxId: "101850043" },
      { tenantId, id: person, code: "CLI-D2", name: "Juan Pérez", taxId: "00113918205" },
    ]),
  );
  const sell = (client: Client, o: { customerId?: string; ncfTypeId?: string; productId?: string; quantity?: string; methodId?: string; amount: string }) =>
    client.pos.checkout.mutate({
      clientOrderId: newId(),
      customerId: o.customerId ?? "default",
      warehouseId,
      ...(o.ncfTypeId ? { ncfTypeId: o.ncfTypeId } : {}),
      items: [{ productId: o.productId ?? soda, quantity: o.quantity ?? "1" }],
      payments: [{ paymentMethodId: o.methodId ?? cash, currencyId: dop, amount: o.amount }],
    });
  // B01 to a company, 2 × 118 by transfer; then 1 returned (B04, store credit)
  sales.b01 = await sell(owner, { customerId: buyer, ncfTypeId: b01, quantity: "2", methodId: transfer, amount: "236" });
  // a consumer sale of 118 paid with 200 (82 change): summarized
  sales.small = await sell(owner, { amount: "200" });
  // a consumer sale of 300,000 + ITBIS to a person with a cédula: listed one by one
  sales.big = await sell(owner, { customerId: person, productId: generator, amount: "354000" });
  // a B01 cancelled (product return, 06): 608, not 607
  sales.cancelled = await sell(owner, { customerId: buyer, ncfTypeId: b01, amount: "118" });
  await owner.invoice.cancel.mutate({ invoiceId: sales.cancelled.orderId, reasonCode: "06" });
  const inv = await owner.invoice.getByNumber.query({ number: (await owner.invoice.getById.query({ id: sales.b01.orderId })).number });
  const line = inv.items[0]!;
  const note = await admin.creditNote.create.mutate({ client_key: newId(), order_id: inv.id, customer_id: buyer, reason: "product_return", items: [{ id: line.id, product_id: soda, quantity: 1, price: line.price }] });
  noteNcf = note.ncf!;
  // another tenant's sale never shows in acme's month
  const otherWarehouse = (await outsider.warehouse.getAll.query())[0]!.id;
  const otherSoda = (await outsider.product.create.mutate({ name: "Agua", sku: "AGU", price: "50", price2: "50", price3: "50", warehouseQuantities: [{ warehouseId: otherWarehouse, initialQuantity: "10" }] })).id;
  const otherCash = (await outsider.paymentMethod.getAll.query()).find((m) => m.code === "CASH")!.id;
  const otherDop = (await outsider.currency.getActive.query()).find((c) => c.code === "DOP")!.id;
  await outsider.pos.checkout.mutate({ clientOrderId: newId(), customerId: "default", warehouseId: otherWarehouse, items: [{ productId: otherSoda, quantity: "1" }], payments: [{ paymentMethodId: otherCash, currencyId: otherDop, amount: "50" }] });
});
afterAll(() => t.close());

describe("dgii.get607 / getTxt 607", () => {
  it("B01 and the 300,000 consumer invoice listed, the 118 one summarized, the credit note with the NCF it modifies, the cancelled one out", async () => {
    const r = await owner.dgii.get607.query({ period });
    expect(r.rows.map((x) => [x.kind, x.ncf, x.modifiedNcf, x.amount, x.itbis, x.inDetail])).toEqual([
      ["invoice", sales.b01!.ncf, null, "200.00", "36.00", true],
      ["invoice", sales.big!.ncf, null, "300000.00", "54000.00", true],
      ["creditNote", noteNcf, sales.b01!.ncf, "100.00", "18.00", true],
    ]);
    expect(r.rows.every((x) => x.issues.length === 0)).toBe(true);
    expect(r.summary).toEqual({ count: 1, amount: "100.00", itbis: "18.00", total: "118.00", forms: { cash: "118.00", bank: "0.00", card: "0.00", credit: "0.00", swap: "0.00", bond: "0.00", others: "0.00" } });
    expect(r.byPaymentForm).toEqual({ cash: "354118.00", bank: "236.00", card: "0.00", credit: "0.00", swap: "0.00", bond: "0.00", others: "-118.00" });
    expect(r.totals).toEqual({
      detailCount: 3,
      invoices: { count: 3, amount: "300300.00", itbis: "54054.00" },
      creditNotes: { count: 1, amount: "100.00", itbis: "18.00" },
      net: { amount: "300200.00", itbis: "54036.00" },
    });
    expect(r).toMatchObject({ header: { line: `607|131246796|${period}|3`, count: 3, issues: [] }, fileName: `DGII_F_607_131246796_${period}.TXT`, issueCount: 0, rowCount: 3 });

    const txt = await admin.dgii.getTxt.query({ format: "607", period });
    const expected =
      `607|131246796|${period}|3\r\n` +
      `101850043|1|${sales.b01!.ncf}||01|${day}||200.00|36.00|${Z7}|0.00|236.00|0.00|0.00|0.00|0.00|0.00\r\n` +
      `00113918205|2|${sales.big!.ncf}||01|${day}||300000.00|54000.00|${Z7}|354000.00|0.00|0.00|0.00|0.00|0.00|0.00\r\n` +
      `101850043|1|${noteNcf}|${sales.b01!.ncf}|01|${day}||100.00|18.00|${Z7}|0.00|0.00|0.00|0.00|0.00|0.00|118.00\r\n`;
    expect(Buffer.from(txt.content, "utf8").equals(Buffer.from(expected, "utf8"))).toBe(true);
    expect(txt).toMatchObject({ fileName: `DGII_F_607_131246796_${period}.TXT`, count: 3, errorCount: 0 });
  });

  it("pages and the rows with issues only", async () => {
    const page = await owner.dgii.get607.query({ period, page: 2, pageSize: 2 });
    expect(page).toMatchObject({ page: 2, pageCount: 2, rowCount: 3 });
    expect(page.rows).toHaveLength(1);
    expect((await owner.dgii.get607.query({ period, onlyIssues: true })).rowCount).toBe(0);
  });
});

describe("dgii.get608", () => {
  it("the cancelled invoice's NCF, date and reason", async () => {
    const r = await owner.dgii.get608.query({ period });
    expect(r.rows.map((x) => [x.kind, x.ncf, x.reasonCode, x.cancelledOn, x.line])).toEqual([["invoice", sales.cancelled!.ncf, "06", today, `${sales.cancelled!.ncf}|${day}|06`]]);
    expect((await owner.dgii.getTxt.query({ format: "608", period })).content).toBe(`608|131246796|${period}|1\r\n${sales.cancelled!.ncf}|${day}|06\r\n`);
  });
});

describe("dgii.get606", () => {
  it("B01 paid in full with withholdings, B11 unpaid with the supplier's cédula, B13 with our RNC; a cancelled B11 goes to the 608 with 04", async () => {
    const supplier = (await owner.provider.create.mutate({ code: "SUP-1", name: "Distribuidora Caribe", taxId: "101850043", paymentTerms: 30 })).id;
    const informal = (await owner.provider.create.mutate({ code: "SUP-2", name: "Juan Pérez", taxId: "00113918205" })).id;
    const types = await owner.ncf.getAllTypes.query();
    for (const code of ["B11", "B13"]) await owner.ncfRange.create.mutate({ ncfTypeId: types.find((x) => x.code === code)!.id, rangeFrom: 1, rangeTo: 100, expiresOn: "2099-12-31" });
    const first = `${today.slice(0, 8)}01`;
    const bill = (o: Record<string, unknown>) =>
      owner.supplierBill.create.mutate({ client_key: newId(), providerId: supplier, ncfType: "B01", ncfDate: first, goodsAmount: "0", servicesAmount: "0", itbis: "0", expenseType: "02", paymentForm: "04", ...o } as Parameters<
        typeof owner.supplierBill.create.mutate
      >[0]);
    const a = await bill({ ncf: "B0100000555", servicesAmount: "1000", itbis: "180", itbisWithheld: "54", isrWithheld: "100", isrWithholdingType: "2" });
    await owner.supplierBill.pay.mutate({ id: a.id, client_key: newId(), amount: a.payable, paymentMethodId: transfer, reference: "TRF-9" });
    const b = await bill({ providerId: informal, ncfType: "B11", ncf: null, goodsAmount: "1500", expenseType: "09" });
    const c = await bill({ ncfType: "B13", ncf: null, goodsAmount: "150", paymentForm: "01" });
    const d = await bill({ providerId: informal, ncfType: "B11", ncf: null, goodsAmount: "10" });
    await owner.supplierBill.cancel.mutate({ id: d.id, reason: "mal digitada" });

    const r = await owner.dgii.get606.query({ period });
    expect(r.rows.map((x) => x.line)).toEqual([
      `101850043|1|02|B0100000555||${first.replaceAll("-", "")}|${day}|1000.00|0.00|1000.00|180.00|54.00|0.00|0.00|180.00|0.00|02|100.00|0.00|0.00|0.00|0.00|02`,
      `00113918205|2|09|${b.ncf}||${first.replaceAll("-", "")}||0.00|1500.00|1500.00|0.00|0.00|0.00|0.00|0.00|0.00||0.00|0.00|0.00|0.00|0.00|04`,
      `131246796|1|02|${c.ncf}||${first.replaceAll("-", "")}||0.00|150.00|150.00|0.00|0.00|0.00|0.00|0.00|0.00||0.00|0.00|0.00|0.00|0.00|01`,
    ]);
    expect(r.rows.map((x) => x.issues)).toEqual([[], [], []]);
    expect(r.byPaymentForm).toEqual([
      { form: "01", count: 1, total: "150.00", itbis: "0.00" },
      { form: "02", count: 1, total: "1000.00", itbis: "180.00" },
      { form: "04", count: 1, total: "1500.00", itbis: "0.00" },
    ]);
    const txt = await owner.dgii.getTxt.query({ format: "606", period });
    expect(txt.content).toBe(`606|131246796|${period}|3\r\n${r.rows.map((x) => `${x.line}\r\n`).join("")}`);

    const cancelled = await owner.dgii.get608.query({ period });
    // by NCF date (the bill's is the 1st), then NCF (B01… before B11… on the 1st itself)
    const expected608 = [
      ["bill", d.ncf, "04", ["reasonAssumed"]],
      ["invoice", sales.cancelled!.ncf, "06", []],
    ];
    if (today === first) expected608.reverse();
    expect(cancelled.rows.map((x) => [x.kind, x.ncf, x.reasonCode, x.issues.map((i) => i.code)])).toEqual(expected608);

    const it1 = await owner.dgii.getIt1.query({ period });
    expect(it1).toMatchObject({
      salesCount: 3,
      salesAmount: "300300.00",
      salesItbis: "54054.00",
      creditNotesItbis: "18.00",
      creditNotesCreditableItbis: "18.00",
      netSalesItbis: "54036.00",
      purchasesItbis: "180.00",
      purchasesAmount: "2650.00",
      itbisWithheld: "54.00",
      isrWithheld: "100.00",
      difference: "53856.00",
      balance: "53910.00",
      toPay: "53910.00",
      inFavor: "0.00",
      byRate: [{ rate: "18.00", amount: "300300.00", itbis: "54054.00" }],
    });
  });
});

describe("tenancy, permissions and bad input", () => {
  it("another tenant sees only its own month; a cashier is refused; the zero file of an empty month", async () => {
    const theirs = await outsider.dgii.get607.query({ period });
    expect(theirs.rows).toEqual([]);
    expect(theirs.summary.count).toBe(1);
    expect((await outsider.dgii.get608.query({ period })).rows).toEqual([]);
    expect((await outsider.dgii.get606.query({ period })).rows).toEqual([]);
    expect((await outsider.dgii.getTxt.query({ format: "607", period })).content).toBe(`607|131246796|${period}|0\r\n`);
    expect((await owner.dgii.getTxt.query({ format: "606", period: "202001" })).content).toBe("606|131246796|202001|0\r\n");
    expect((await owner.dgii.get607.query({ period: "202001" })).summary.count).toBe(0);
    expect((await errorOf(cashier.dgii.get607.query({ period }))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.dgii.getTxt.query({ format: "607", period }))).code).toBe("FORBIDDEN");
    const anonymous = await t.client("acme");
    expect((await errorOf(anonymous.dgii.getIt1.query({ period }))).code).toBe("UNAUTHORIZED");
  });

  it("an invalid month or format is a translated 400, never a 500", async () => {
    expect(await errorOf(owner.dgii.get607.query({ period: "202613" }))).toEqual({ code: "BAD_REQUEST", message: "period: El mes debe tener el formato AAAAMM (por ejemplo 202610)." });
    for (const bad of ["2026-10", "", "20261", "abcdef", "999912"]) expect((await errorOf(owner.dgii.get606.query({ period: bad }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(owner.dgii.getIt1.query({ period: 202610 as unknown as string }))).code).toBe("BAD_REQUEST");
    expect(await errorOf(owner.dgii.getTxt.query({ format: "609" as "606", period }))).toEqual({ code: "BAD_REQUEST", message: "format: El formato debe ser 606, 607 o 608." });
    expect((await errorOf(owner.dgii.get608.query({ period, page: 0 }))).code).toBe("BAD_REQUEST");
  });
});
