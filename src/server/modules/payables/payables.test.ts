import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agingBucketOf } from "../../../shared/payables/rules";
import { newId } from "../../ids";
import { type Client, createTestContext, errorOf, openCashboxFor, type TestContext } from "../../test/harness";

/**
 * Supplier bills and payables (issue 13 §3) through the router on a real database: B01/B11/B13,
 * the duplicate NCF, the 18% ITBIS rule, RNC/cédula checks, partial/full/over/concurrent/idempotent
 * payments, cash leaving the cash box's expected cash, cancellation rules, aging, the statement's
 * running balance, outsiders and cashiers.
 */
let t: TestContext;
let owner: Client;
let admin: Client;
let cashier: Client;
let outsider: Client;
let supplier: string;
let informal: string;
let other: string;
let cash: string;
let transfer: string;
let credit: string;
let sessionId: string;

beforeAll(async () => {
  t = await createTestContext();
  ({ sessionId } = await openCashboxFor(t, t.acme, "owner", "1000"));
  owner = await t.client("acme", "owner");
  admin = await t.client("acme", "admin");
  cashier = await t.client("acme", "cashier");
  outsider = await t.client("other", "owner");
  supplier = (await owner.provider.create.mutate({ code: "SUP-1", name: "Distribuidora Caribe", taxId: "131246796", paymentTerms: 30 })).id;
  informal = (await owner.provider.create.mutate({ code: "SUP-2", name: "Juan Pérez (chiripero)", taxId: "00113918205" })).id;
  other = (await owner.provider.create.mutate({ code: "SUP-3", name: "Ferretería Ozama", taxId: "101850043" })).id;
  const methods = await owner.paymentMethod.getAll.query();
  cash = methods.find((m) => m.code === "CASH")!.id;
  transfer = methods.find((m) => m.code === "TRANSFER")!.id;
  credit = methods.find((m) => m.code === "CREDIT")!.id;
  // our own B11 and B13 ranges
  const types = await owner.ncf.getAllTypes.query();
  for (const code of ["B11", "B13"]) {
    const type = types.find((x) => x.code === code)!;
    await owner.ncfRange.create.mutate({ ncfTypeId: type.id, rangeFrom: 1, rangeTo: 100, expiresOn: "2099-12-31" });
  }
});
afterAll(() => t.close());

let ncfSeq = 100;
const nextNcf = () => `B01${String(++ncfSeq).padStart(8, "0")}`;

function bill(over: Record<string, unknown> = {}) {
  return owner.supplierBill.create.mutate({
    client_key: newId(),
    providerId: supplier,
    ncfType: "B01",
    ncf: nextNcf(),
    ncfDate: "2026-11-01",
    goodsAmount: "1000.00",
    servicesAmount: "0",
    itbis: "180.00",
    expenseType: "09",
    paymentForm: "04",
    ...over,
  } as Parameters<typeof owner.supplierBill.create.mutate>[0]);
}

const pay = (id: string, amount: string, paymentMethodId = transfer, client_key = newId()) => owner.supplierBill.pay.mutate({ id, client_key, amount, paymentMethodId, reference: "TRF-1" });

describe("supplierBill.create", () => {
  it("B01: the supplier's NCF, totals by the shared rule, due date from the provider's 30 days", async () => {
    const b = await bill({ ncf: "B0100000001", goodsAmount: "800", servicesAmount: "200", itbis: "180", itbisWithheld: "54", isrWithheld: "20", isrWithholdingType: "2" });
    expect(b).toMatchObject({ ncfType: "B01", ncf: "B0100000001", status: "open", total: "1180.00", payable: "1106.00", balance: "1106.00", paidTotal: "0.00", dueDate: "2026-12-01", supplierTaxId: "131246796", isrWithholdingType: "2" });
    expect(b.number).toMatch(/^FP-\d{6}$/);
    const again = await owner.supplierBill.getById.query({ id: b.id });
    expect(again.provider.name).toBe("Distribuidora Caribe");
  });
  it("a chosen payment term and an explicit due date", async () => {
    const terms = await owner.invoiceCondition.getAll.query();
    const term = terms.find((x) => x.days > 0) ?? terms[0]!;
    const b = await bill({ paymentTermId: term.id });
    expect(b.dueDate).toBe(new Date(Date.parse("2026-11-01T00:00:00Z") + term.days * 86_400_000).toISOString().slice(0, 10));
    expect((await bill({ dueDate: "2026-11-15" })).dueDate).toBe("2026-11-15");
    expect((await errorOf(bill({ dueDate: "2026-10-01" }))).message).toMatch(/vencimiento/i);
  });
  it("B11 takes our next B11 number and needs the supplier's cédula; B13 takes ours too", async () => {
    const first = await bill({ providerId: informal, ncfType: "B11", ncf: null, itbis: "0" });
    const second = await bill({ providerId: informal, ncfType: "B11", ncf: null, itbis: "0" });
    expect(first.ncf).toBe("B1100000001");
    expect(second.ncf).toBe("B1100000002");
    const b13 = await bill({ providerId: other, ncfType: "B13", ncf: null, goodsAmount: "150", itbis: "0", expenseType: "02" });
    expect(b13.ncf).toBe("B1300000001");
    // an RNC is not a cédula: B11 refused, and no number is spent
    const refused = await errorOf(bill({ providerId: supplier, ncfType: "B11", ncf: null }));
    expect(refused).toMatchObject({ code: "BAD_REQUEST", message: "La cédula del suplidor no es válida." });
    expect((await bill({ providerId: informal, ncfType: "B11", ncf: null, itbis: "0" })).ncf).toBe("B1100000003");
  });
  it("the same supplier NCF twice for one provider is refused; another provider may carry it; a cancelled bill frees it", async () => {
    const b = await bill({ ncf: "B0100000777" });
    const dup = await errorOf(bill({ ncf: "B0100000777" }));
    expect(dup).toMatchObject({ code: "BAD_REQUEST", message: "Este suplidor ya tiene una factura con el NCF B0100000777." });
    expect((await bill({ providerId: other, ncf: "B0100000777" })).ncf).toBe("B0100000777");
    await owner.supplierBill.cancel.mutate({ id: b.id, reason: "mal digitada" });
    expect((await bill({ ncf: "B0100000777" })).status).toBe("open");
  });
  it("ITBIS above 18% of the taxable amount, a bad NCF, a bad RNC: clear 400s", async () => {
    const itbis = await errorOf(bill({ goodsAmount: "1000", itbis: "180.01" }));
    expect(itbis.code).toBe("BAD_REQUEST");
    expect(itbis.message).toContain("El ITBIS no puede pasar del 18% del monto gravable.");
    const ncf = await errorOf(bill({ ncf: "B02000001" }));
    expect(ncf.code).toBe("BAD_REQUEST");
    expect(ncf.message).toContain("El NCF debe ser B01 seguido de 8 dígitos, por ejemplo B0100000123.");
    expect(await errorOf(bill({ supplierTaxId: "131246797" }))).toMatchObject({ code: "BAD_REQUEST", message: "El RNC o la cédula del suplidor no es válido." });
    expect(await errorOf(bill({ goodsAmount: "12.345" }))).toMatchObject({ code: "BAD_REQUEST" });
    expect((await errorOf(bill({ expenseType: "12" }))).message).toContain("Elige el tipo de gasto del 606.");
    expect(await errorOf(bill({ providerId: newId() }))).toMatchObject({ code: "NOT_FOUND" });
  });
  it("the same client_key returns the first bill", async () => {
    const key = newId();
    const a = await bill({ client_key: key });
    const b = await bill({ client_key: key, ncf: nextNcf() });
    expect(b.id).toBe(a.id);
    expect(b.ncf).toBe(a.ncf);
  });
  it("a receipt id that does not exist is NOT_FOUND", async () => {
    expect((await errorOf(bill({ receiptId: newId() }))).code).toBe("NOT_FOUND");
  });
  it("from a purchase receipt: its received amounts and ITBIS offered, billed once, only for its provider", async () => {
    const warehouseId = (await owner.warehouse.getAll.query())[0]!.id;
    const rice = (await owner.product.create.mutate({ name: "Arroz Selecto 10 lb", sku: "AP-ARZ", price: "450", price2: "450", price3: "450" } as never)).id;
    const oil = (await owner.product.create.mutate({ name: "Aceite Crisol 1 gl", sku: "AP-ACE", price: "650", price2: "650", price3: "650" } as never)).id;
    const o = await owner.purchaseOrder.create.mutate({
      providerId: supplier,
      warehouseId,
      orderDate: "2026-11-01",
      lines: [
        { productId: rice, quantity: "10", unitCost: "320", taxPercent: "18" },
        { productId: oil, quantity: "4", unitCost: "500", taxPercent: "0" },
      ],
    } as never);
    await owner.purchaseOrder.submit.mutate({ id: o.id });
    const current = await owner.purchaseOrder.getById.query({ id: o.id });
    const order = current.status === "approved" ? current : await owner.purchaseOrder.approve.mutate({ id: o.id });
    const line = (productId: string) => order.lines.find((l: { productId: string }) => l.productId === productId)!.id;
    await owner.purchaseOrder.receive.mutate({ id: o.id, clientKey: `rcv-${newId()}`, lines: [{ lineId: line(rice), quantity: "5" }, { lineId: line(oil), quantity: "2" }] });
    const [receipt, ...more] = await owner.supplierBill.receipts.query({ providerId: supplier });
    expect(more).toHaveLength(0);
    expect(receipt).toMatchObject({ orderNumber: order.number, goodsAmount: "2600.00", servicesAmount: "0.00", itbis: "288.00" });
    expect(await owner.supplierBill.receipts.query({ providerId: other })).toEqual([]);
    expect((await errorOf(bill({ providerId: other, receiptId: receipt!.id }))).message).toBe("La recepción es de otro suplidor.");
    const b = await bill({ receiptId: receipt!.id, goodsAmount: receipt!.goodsAmount, servicesAmount: receipt!.servicesAmount, itbis: receipt!.itbis });
    expect(b).toMatchObject({ receiptId: receipt!.id, total: "2888.00" });
    expect(await owner.supplierBill.receipts.query({ providerId: supplier })).toEqual([]);
    expect((await errorOf(bill({ receiptId: receipt!.id })))).toMatchObject({ code: "BAD_REQUEST", message: `Esa recepción ya está facturada (${b.number}).` });
    expect((await errorOf(outsider.supplierBill.receipts.query({ providerId: supplier }))).code).toBe("NOT_FOUND");
  });
});

describe("supplierBill.pay", () => {
  it("partial then full: open → partially_paid → paid; overpay refused; idempotent by client key", async () => {
    const b = await bill({ goodsAmount: "1000", itbis: "180" });
    const key = newId();
    const half = await pay(b.id, "500.00", transfer, key);
    expect(half).toMatchObject({ status: "partially_paid", paidTotal: "500.00", balance: "680.00" });
    const same = await pay(b.id, "500.00", transfer, key);
    expect(same).toMatchObject({ status: "partially_paid", paidTotal: "500.00", balance: "680.00" });
    expect(same.payments).toHaveLength(1);
    const over = await errorOf(pay(b.id, "680.01"));
    expect(over).toMatchObject({ code: "BAD_REQUEST", message: "El pago no puede pasar del saldo pendiente (680.00)." });
    expect((await errorOf(pay(b.id, "1.00", credit))).message).toBe("Ese método de pago no sirve para pagar a un suplidor.");
    const full = await pay(b.id, "680.00");
    expect(full).toMatchObject({ status: "paid", paidTotal: "1180.00", balance: "0.00" });
    expect((await errorOf(pay(b.id, "1.00"))).message).toBe("La factura ya está pagada.");
    expect((await errorOf(pay(b.id, "0"))).code).toBe("BAD_REQUEST");
  });
  it("concurrent payments cannot exceed the balance", async () => {
    const b = await bill({ goodsAmount: "1000", itbis: "0" });
    const results = await Promise.allSettled([pay(b.id, "600.00"), pay(b.id, "600.00"), pay(b.id, "600.00")]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const after = await owner.supplierBill.getById.query({ id: b.id });
    expect(after).toMatchObject({ paidTotal: "600.00", balance: "400.00", status: "partially_paid" });
    expect(after.payments).toHaveLength(1);
  });
  it("cash leaves the payer's open cash box: the close expects less cash; no open box, no cash payment", async () => {
    const before = await owner.cashbox.getCloseSummary.query({ sessionId });
    const cashBefore = before.lines.find((l) => l.isCash)!.expected;
    const b = await bill({ goodsAmount: "300", itbis: "0" });
    const paid = await pay(b.id, "250.00", cash);
    expect(paid.payments[0]).toMatchObject({ cash: true, amount: "250.00" });
    const after = await owner.cashbox.getCloseSummary.query({ sessionId });
    expect(Number(after.lines.find((l) => l.isCash)!.expected)).toBeCloseTo(Number(cashBefore) - 250, 2);
    expect(Number(cashBefore)).toBe(1000);
    const noBox = await errorOf(admin.supplierBill.pay.mutate({ id: b.id, client_key: newId(), amount: "10", paymentMethodId: cash }));
    expect(noBox).toMatchObject({ code: "BAD_REQUEST", message: "Para pagar en efectivo abre primero tu caja." });
    // a reversed cash payment goes back into the drawer's expected cash
    await owner.supplierBill.reversePayment.mutate({ id: b.id, paymentId: paid.payments[0]!.id });
    const reversed = await owner.cashbox.getCloseSummary.query({ sessionId });
    expect(Number(reversed.lines.find((l) => l.isCash)!.expected)).toBe(1000);
  });
});

describe("supplierBill.cancel", () => {
  it("an unpaid bill is cancelled (again answers the same); one with payments is refused until they are reversed", async () => {
    const b = await bill();
    const cancelled = await owner.supplierBill.cancel.mutate({ id: b.id, reason: "duplicada" });
    expect(cancelled).toMatchObject({ status: "cancelled", balance: "0.00", cancelReason: "duplicada" });
    expect((await owner.supplierBill.cancel.mutate({ id: b.id })).status).toBe("cancelled");
    expect((await errorOf(pay(b.id, "1.00"))).message).toBe("La factura está anulada.");

    const paid = await bill({ goodsAmount: "100", itbis: "18" });
    const p = await pay(paid.id, "118.00");
    expect(p.status).toBe("paid");
    expect(await errorOf(owner.supplierBill.cancel.mutate({ id: paid.id }))).toMatchObject({ code: "BAD_REQUEST", message: "La factura tiene pagos: reversa los pagos antes de anularla." });
    const reversed = await owner.supplierBill.reversePayment.mutate({ id: paid.id, paymentId: p.payments[0]!.id });
    expect(reversed).toMatchObject({ status: "open", balance: "118.00", paidTotal: "0.00" });
    expect(reversed.payments[0]!.status).toBe("reversed");
    expect((await owner.supplierBill.cancel.mutate({ id: paid.id })).status).toBe("cancelled");
  });
});

describe("payable.getAging and payable.getStatement", () => {
  it("aging buckets per provider at their boundaries, with totals; the SQL agrees with agingBucketOf", async () => {
    const p = (await owner.provider.create.mutate({ code: "AGE-1", name: "Agrícola Cibao", taxId: "101850043" })).id;
    const asOf = "2026-06-30";
    // 0, 1, 30, 31, 60, 61, 90 and 91 days past due
    const dues: Record<string, string> = { "2026-06-30": "current", "2026-06-29": "d1_30", "2026-05-31": "d1_30", "2026-05-30": "d31_60", "2026-05-01": "d31_60", "2026-04-30": "d61_90", "2026-04-01": "d61_90", "2026-03-31": "d90_plus" };
    for (const [dueDate, bucket] of Object.entries(dues)) {
      expect(agingBucketOf(dueDate, asOf)).toBe(bucket);
      await bill({ providerId: p, ncfDate: "2026-01-01", dueDate, goodsAmount: "100", itbis: "0" });
    }
    const paidOff = await bill({ providerId: p, ncfDate: "2026-01-01", dueDate: "2026-01-02", goodsAmount: "100", itbis: "0" });
    await pay(paidOff.id, "100.00");
    const aging = await owner.payable.getAging.query({ asOf, providerId: p });
    expect(aging.providers).toHaveLength(1);
    expect(aging.providers[0]!.buckets).toEqual({ current: "100.00", d1_30: "200.00", d31_60: "200.00", d61_90: "200.00", d90_plus: "100.00" });
    expect(aging.providers[0]!.total).toBe("800.00");
    expect(aging.totals).toEqual(aging.providers[0]!.buckets);
    expect(aging.billCount).toBe(8);
    const all = await owner.payable.getAging.query({ asOf });
    expect(all.providers.map((r) => r.provider.name)).toContain("Agrícola Cibao");
    expect(Number(all.total)).toBeGreaterThan(800);
  });
  it("the statement: balance brought forward, bills and payments in date order, running balance", async () => {
    const p = (await owner.provider.create.mutate({ code: "STM-1", name: "Lácteos del Este", taxId: "131246796" })).id;
    await bill({ providerId: p, ncfDate: "2026-01-10", goodsAmount: "200", itbis: "0" });
    const b2 = await bill({ providerId: p, ncfDate: "2026-02-10", goodsAmount: "500", itbis: "90" });
    await bill({ providerId: p, ncfDate: "2026-02-15", goodsAmount: "100", itbis: "0" }).then((b) => owner.supplierBill.cancel.mutate({ id: b.id }));
    await pay(b2.id, "300.00");
    const s = await owner.payable.getStatement.query({ providerId: p, from: "2026-02-01" });
    expect(s.openingBalance).toBe("200.00");
    const today = s.to;
    expect(s.entries.map((e) => [e.kind, e.charge, e.payment, e.balance])).toEqual([
      ["bill", "590.00", null, "790.00"],
      ["payment", null, "300.00", "490.00"],
    ]);
    expect(s.entries[1]!.date).toBe(today);
    expect(s).toMatchObject({ billed: "590.00", paid: "300.00", closingBalance: "490.00" });
    const whole = await owner.payable.getStatement.query({ providerId: p });
    expect(whole.openingBalance).toBe("0.00");
    expect(whole.entries.at(-1)!.balance).toBe("490.00");
    expect(await errorOf(owner.payable.getStatement.query({ providerId: p, from: "2026-03-01", to: "2026-02-01" }))).toMatchObject({ code: "BAD_REQUEST" });
  });
  it("getAll filters by provider, status and due date", async () => {
    const p = (await owner.provider.create.mutate({ code: "LST-1", name: "Papelería Duarte", taxId: "101850043" })).id;
    const a = await bill({ providerId: p, dueDate: "2026-11-05" });
    await bill({ providerId: p, dueDate: "2026-12-20" });
    await pay(a.id, "100.00");
    const list = await owner.supplierBill.getAll.query({ providerId: p });
    expect(list.data).toHaveLength(2);
    expect(list.totals.balance).toBe("2260.00");
    expect((await owner.supplierBill.getAll.query({ providerId: p, status: "partially_paid" })).data.map((r) => r.id)).toEqual([a.id]);
    expect((await owner.supplierBill.getAll.query({ providerId: p, dueBy: "2026-11-30" })).data.map((r) => r.id)).toEqual([a.id]);
  });
});

describe("tenants and permissions", () => {
  it("another tenant's ids are NOT_FOUND on every procedure; its lists are empty", async () => {
    const b = await bill();
    const p = await pay(b.id, "10.00");
    const nf = async (promise: Promise<unknown>) => expect((await errorOf(promise)).code).toBe("NOT_FOUND");
    await nf(outsider.supplierBill.getById.query({ id: b.id }));
    await nf(outsider.supplierBill.pay.mutate({ id: b.id, client_key: newId(), amount: "1", paymentMethodId: transfer }));
    await nf(outsider.supplierBill.cancel.mutate({ id: b.id }));
    await nf(outsider.supplierBill.reversePayment.mutate({ id: b.id, paymentId: p.payments[0]!.id }));
    await nf(outsider.supplierBill.create.mutate({ client_key: newId(), providerId: supplier, ncfType: "B01", ncf: nextNcf(), ncfDate: "2026-11-01", goodsAmount: "10", expenseType: "09" }));
    await nf(outsider.payable.getStatement.query({ providerId: supplier }));
    await nf(outsider.payable.getAging.query({ providerId: supplier }));
    expect((await outsider.supplierBill.getAll.query({})).data).toEqual([]);
    expect((await outsider.payable.getAging.query({})).providers).toEqual([]);
    // and the bill is untouched
    expect((await owner.supplierBill.getById.query({ id: b.id })).paidTotal).toBe("10.00");
  });
  it("a cashier is FORBIDDEN; an administrator may", async () => {
    const b = await bill();
    const fb = async (promise: Promise<unknown>) => expect((await errorOf(promise)).code).toBe("FORBIDDEN");
    await fb(cashier.supplierBill.getAll.query({}));
    await fb(cashier.supplierBill.getById.query({ id: b.id }));
    await fb(cashier.supplierBill.create.mutate({ client_key: newId(), providerId: supplier, ncfType: "B01", ncf: nextNcf(), ncfDate: "2026-11-01", goodsAmount: "10", expenseType: "09" }));
    await fb(cashier.supplierBill.pay.mutate({ id: b.id, client_key: newId(), amount: "1", paymentMethodId: transfer }));
    await fb(cashier.supplierBill.cancel.mutate({ id: b.id }));
    await fb(cashier.payable.getAging.query({}));
    await fb(cashier.payable.getStatement.query({ providerId: supplier }));
    expect((await admin.supplierBill.pay.mutate({ id: b.id, client_key: newId(), amount: "1", paymentMethodId: transfer })).paidTotal).toBe("1.00");
  });
});
