import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agingBucketOf } from "../../../shared/invoices/schemas";
import { businessDate } from "../../../shared/platform/dates";
import { firstOfMonth, lastOfMonth } from "../../../shared/reports/schemas";
import { withTenant } from "../../db/client";
import { newId } from "../../ids";
import { type Client, createTestContext, errorOf, openCashboxFor, type TestContext } from "../../test/harness";
import { customers } from "../customer/tables";
import { orders } from "../pos/tables";

/**
 * The reports area (issue 14 §7) through the router on a real database: a few sales (cash with
 * change, transfer, credit, an exempt item, a seller), a cancelled sale, a return by credit note
 * and a later collection, then every report's figures by hand; bad periods, another tenant's
 * warehouse, the cashier (no reports.view) and the outsider.
 */
let t: TestContext;
let owner: Client;
let cashier: Client;
let outsider: Client;
let warehouseId: string;
let rice: string;
let soda: string;
let plantain: string;
let cash: string;
let transfer: string;
let credit: string;
let dop: string;
let buyer: string;
let seller: string;
let cashboxId: string;
let today: string;
let yesterday: string;
const sales: Record<string, { orderId: string; orderNumber: string }> = {};

const uuid = () => newId();

beforeAll(async () => {
  t = await createTestContext();
  ({ cashboxId } = await openCashboxFor(t, t.acme, "owner"));
  owner = await t.client("acme", "owner");
  cashier = await t.client("acme", "cashier");
  outsider = await t.client("other", "owner");
  warehouseId = (await owner.warehouse.getAll.query())[0]!.id;
  const groceries = (await owner.productCategory.create.mutate({ name: "Granos", code: "GRA" })).id;
  const create = (name: string, sku: string, price: string, extra: Record<string, unknown> = {}) =>
    owner.product.create
      .mutate({ name, sku, price, price2: price, price3: price, costPrice: "300", warehouseQuantities: [{ warehouseId, initialQuantity: "100" }], ...extra } as Parameters<typeof owner.product.create.mutate>[0])
      .then((p) => p.id);
  rice = await create("Arroz La Garza 10 lb", "ARR-10", "420", { categoryId: groceries });
  soda = await create("Refresco Country Club 2L", "REF-2L", "118", { costPrice: "80" });
  plantain = await create("Plátano verde", "PLA-1", "50", { isTaxable: false, costPrice: "20" });
  const methods = await owner.paymentMethod.getAll.query();
  cash = methods.find((m) => m.code === "CASH")!.id;
  transfer = methods.find((m) => m.code === "TRANSFER")!.id;
  credit = methods.find((m) => m.code === "CREDIT")!.id;
  dop = (await owner.currency.getActive.query()).find((c) => c.code === "DOP")!.id;
  seller = (await owner.employee.create.mutate({ name: "Juan Castillo" })).id;
  buyer = uuid();
  const tenantId = t.acme.tenant.id;
  await withTenant(t.db, tenantId, (tx) => tx.insert(customers).values({ tenantId, id: buyer, code: "CLI-R1", name: "Colmado Don Pedro", taxId: "131246796" }));
  today = businessDate(new Date(), t.acme.tenant.timezone);
  yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

  const checkout = (items: { productId: string; quantity: string; sellerId?: string }[], payments: { paymentMethodId: string; amount: string }[]) =>
    owner.pos.checkout.mutate({ clientOrderId: uuid(), customerId: buyer, warehouseId, items, payments: payments.map((p) => ({ ...p, currencyId: dop })) });
  // S1: 3 rice + 1 soda = 1378.00, 2000 cash, 622 change
  sales.s1 = await checkout(
    [
      { productId: rice, quantity: "3" },
      { productId: soda, quantity: "1" },
    ],
    [{ paymentMethodId: cash, amount: "2000" }],
  );
  // S2 (yesterday): 2 exempt plantains = 100.00 by transfer, sold by Juan
  sales.s2 = await checkout([{ productId: plantain, quantity: "2", sellerId: seller }], [{ paymentMethodId: transfer, amount: "100" }]);
  // S3: 1 rice on credit = 420.00; 100 collected later in cash (a collection, not a sale)
  sales.s3 = await checkout([{ productId: rice, quantity: "1" }], [{ paymentMethodId: credit, amount: "420" }]);
  await owner.invoice.recordPayment.mutate({ invoice_id: sales.s3.orderId, payment_method_id: cash, currency_id: dop, amount: "100" });
  // S4: cancelled
  sales.s4 = await checkout([{ productId: soda, quantity: "1" }], [{ paymentMethodId: cash, amount: "118" }]);
  await owner.invoice.cancel.mutate({ invoiceId: sales.s4.orderId, reasonCode: "04" });
  // A return of 2 of S1's 3 rice, as store credit: 840.00 (711.87 + 128.13 ITBIS)
  const inv = await owner.invoice.getByNumber.query({ number: sales.s1.orderNumber });
  const riceLine = inv.items.find((i) => i.product.id === rice)!;
  await owner.creditNote.create.mutate({ client_key: uuid(), order_id: inv.id, customer_id: buyer, reason: "product_return", items: [{ id: riceLine.id, product_id: rice, quantity: 2, price: riceLine.price }] });
  await withTenant(t.db, tenantId, (tx) => tx.update(orders).set({ businessDate: yesterday }).where(and(eq(orders.tenantId, tenantId), eq(orders.id, sales.s2!.orderId))));
});
afterAll(() => t.close());

const period = () => ({ from: yesterday, to: today });

describe("report.getSalesByDay", () => {
  it("every day of the period; completed sales net of the day's returns; cancelled apart", async () => {
    const r = await owner.report.getSalesByDay.query(period());
    expect(r.rows.map((x) => x.date)).toEqual([yesterday, today]);
    expect(r.rows[0]).toMatchObject({ date: yesterday, invoices: 1, base: "100.00", itbis: "0.00", total: "100.00", returns: "0.00", net: "100.00", cancelledCount: 0 });
    // 1378 + 420 = 1798; base 1067.80 + 100 + 355.93; ITBIS 192.20 + 18 + 64.07; the return 840 the same day
    expect(r.rows[1]).toMatchObject({ date: today, invoices: 2, base: "1523.73", itbis: "274.27", total: "1798.00", returnCount: 1, returns: "840.00", net: "958.00", cancelledCount: 1, cancelledTotal: "118.00" });
    expect(r.totals).toMatchObject({ invoices: 3, total: "1898.00", returns: "840.00", net: "1058.00", cancelledCount: 1 });
    expect(r.warehouse).toBeNull();
  });

  it("defaults to this month in the tenant's time zone; a warehouse narrows it", async () => {
    const r = await owner.report.getSalesByDay.query({});
    expect([r.from, r.to]).toEqual([firstOfMonth(today), lastOfMonth(today)]);
    expect(r.rows).toHaveLength(Number(lastOfMonth(today).slice(8)));
    const w = await owner.report.getSalesByDay.query({ ...period(), warehouseId });
    expect(w.warehouse?.id).toBe(warehouseId);
    expect(w.totals.net).toBe("1058.00");
  });

  it("bad periods are clear 400s; another tenant's warehouse is NOT_FOUND; a cashier is FORBIDDEN", async () => {
    const reversed = await errorOf(owner.report.getSalesByDay.query({ from: today, to: yesterday }));
    expect(reversed).toMatchObject({ code: "BAD_REQUEST" });
    expect(reversed.message).toContain("La fecha inicial no puede ser posterior a la final.");
    const bad = await errorOf(owner.report.getSalesByProduct.query({ from: "2026-02-30", to: today }));
    expect(bad.code).toBe("BAD_REQUEST");
    expect(bad.message).toContain("La fecha no es válida.");
    const long = await errorOf(owner.report.getItbisByRate.query({ from: "2024-01-01", to: "2025-12-31" }));
    expect(long.code).toBe("BAD_REQUEST");
    expect(long.message).toContain("366");
    expect((await errorOf(owner.report.getSalesByDay.query({ from: "hoy" }))).code).toBe("BAD_REQUEST");
    const otherWarehouse = (await outsider.warehouse.getAll.query())[0]!.id;
    expect((await errorOf(owner.report.getSalesByDay.query({ warehouseId: otherWarehouse }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.report.getInventoryValuation.query({ warehouseId: otherWarehouse }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.report.getReceivablesAging.query({ warehouseId: otherWarehouse }))).code).toBe("NOT_FOUND");
    expect((await errorOf(cashier.report.getSalesByDay.query({}))).code).toBe("FORBIDDEN");
    const anonymous = await t.client("acme");
    expect((await errorOf(anonymous.report.getSalesByDay.query({}))).code).toBe("UNAUTHORIZED");
  });

  it("the outsider sees none of acme's sales", async () => {
    const r = await outsider.report.getSalesByDay.query(period());
    expect(r.totals).toMatchObject({ invoices: 0, total: "0.00", returns: "0.00" });
    for (const call of [outsider.report.getSalesByProduct, outsider.report.getSalesByCustomer, outsider.report.getItbisByRate, outsider.report.getSalesByPaymentMethod]) {
      expect((await call.query(period())).rows).toEqual([]);
    }
    expect((await outsider.report.getReceivablesAging.query({})).rows).toEqual([]);
  });
});

describe("sales by product, category, seller, cash box, customer", () => {
  it("by product: quantities, returns of the product, net", async () => {
    const r = await owner.report.getSalesByProduct.query(period());
    const byName = Object.fromEntries(r.rows.map((x) => [x.name, x]));
    expect(byName["Arroz La Garza 10 lb"]).toMatchObject({ sku: "ARR-10", category: "Granos", quantity: "4.0000", returnedQuantity: "2.0000", invoices: 2, total: "1680.00", returns: "840.00", net: "840.00" });
    expect(byName["Refresco Country Club 2L"]).toMatchObject({ quantity: "1.0000", total: "118.00", returns: "0.00", net: "118.00" });
    expect(byName["Plátano verde"]).toMatchObject({ quantity: "2.0000", itbis: "0.00", total: "100.00" });
    expect(r.rows[0]!.name).toBe("Arroz La Garza 10 lb");
    expect(r.totals).toMatchObject({ total: "1898.00", returns: "840.00", net: "1058.00", quantity: "7.0000", returnedQuantity: "2.0000" });
    expect(r.truncated).toBe(false);
  });

  it("by category: products without one are one row (name null)", async () => {
    const r = await owner.report.getSalesByCategory.query(period());
    expect(r.rows.map((x) => [x.name, x.total, x.returns, x.net])).toEqual([
      ["Granos", "1680.00", "840.00", "840.00"],
      [null, "218.00", "0.00", "218.00"],
    ]);
  });

  it("by seller: the line's employee, else none", async () => {
    const r = await owner.report.getSalesBySeller.query(period());
    const juan = r.rows.find((x) => x.id === seller)!;
    expect(juan).toMatchObject({ name: "Juan Castillo", invoices: 1, total: "100.00", net: "100.00" });
    expect(r.rows.find((x) => x.id === null)).toMatchObject({ name: null, invoices: 2, total: "1798.00", returns: "840.00", net: "958.00" });
  });

  it("by cash box: the box of the session the sale was made in", async () => {
    const r = await owner.report.getSalesByCashbox.query(period());
    expect(r.rows).toHaveLength(1);
    expect(r.rows[0]).toMatchObject({ id: cashboxId, invoices: 3, total: "1898.00", returns: "840.00", net: "1058.00" });
  });

  it("by customer: with what those invoices still owe", async () => {
    const r = await owner.report.getSalesByCustomer.query(period());
    expect(r.rows).toHaveLength(1);
    // S3 owes 420 − 100 collected
    expect(r.rows[0]).toMatchObject({ id: buyer, name: "Colmado Don Pedro", taxId: "131246796", invoices: 3, total: "1898.00", returns: "840.00", net: "1058.00", balance: "320.00" });
  });
});

describe("report.getSalesByPaymentMethod", () => {
  it("the tender written with each sale (cash net of change, the credit left owed), refunds by how they were given; adds up to sales", async () => {
    const r = await owner.report.getSalesByPaymentMethod.query(period());
    const byCode = Object.fromEntries(r.rows.map((x) => [x.code, x]));
    expect(byCode.CASH).toMatchObject({ invoices: 1, amount: "1378.00", refunds: "0.00", net: "1378.00" });
    expect(byCode.TRANSFER).toMatchObject({ invoices: 1, amount: "100.00" });
    expect(byCode.CREDIT).toMatchObject({ invoices: 1, amount: "420.00", refunds: "0.00" });
    expect(byCode.CREDIT_NOTE).toMatchObject({ invoices: 0, amount: "0.00", refunds: "840.00", net: "-840.00" });
    const day = await owner.report.getSalesByDay.query(period());
    expect(r.totals).toEqual({ amount: day.totals.total, refunds: day.totals.returns, net: day.totals.net });
  });
});

describe("report.getItbisByRate", () => {
  it("18% and exempt: base, ITBIS, the credit note's part, net", async () => {
    const r = await owner.report.getItbisByRate.query(period());
    expect(r.rows).toEqual([
      { rate: "18.00", exempt: false, lines: 3, base: "1523.73", itbis: "274.27", total: "1798.00", returnsBase: "711.87", returnsItbis: "128.13", netBase: "811.86", netItbis: "146.14" },
      { rate: "0.00", exempt: true, lines: 1, base: "100.00", itbis: "0.00", total: "100.00", returnsBase: "0.00", returnsItbis: "0.00", netBase: "100.00", netItbis: "0.00" },
    ]);
    expect(r.totals).toMatchObject({ itbis: "274.27", netItbis: "146.14" });
  });
});

describe("report.getInventoryValuation", () => {
  it("today's stock at cost; an earlier date from the ledger", async () => {
    const r = await owner.report.getInventoryValuation.query({});
    const byName = Object.fromEntries(r.rows.map((x) => [x.name, x]));
    // rice: 100 − 4 sold + 2 returned; soda: 100 − 1 (the cancelled sale's came back); plantain: 100 − 2
    expect(byName["Arroz La Garza 10 lb"]).toMatchObject({ quantity: "98.0000", unitCost: "300.00", value: "29400.00" });
    expect(byName["Refresco Country Club 2L"]).toMatchObject({ quantity: "99.0000", value: "7920.00" });
    expect(byName["Plátano verde"]).toMatchObject({ quantity: "98.0000", value: "1960.00" });
    expect(r.totals).toEqual({ products: 3, quantity: "295.0000", value: "39280.00" });
    const before = await owner.report.getInventoryValuation.query({ asOf: "2020-01-01", warehouseId });
    expect(before.rows).toEqual([]);
    expect(before.warehouse?.id).toBe(warehouseId);
    expect((await outsider.report.getInventoryValuation.query({})).rows).toEqual([]);
  });
});

describe("aging", () => {
  it("receivables: the customer's open invoices in buckets by the statement's rule; the SQL agrees with agingBucketOf", async () => {
    const r = await owner.report.getReceivablesAging.query({});
    expect(r.rows).toHaveLength(1);
    expect(r.rows[0]).toMatchObject({ id: buyer, name: "Colmado Don Pedro", invoices: 1, total: "320.00" });
    expect(r.rows[0]!.buckets.current).toBe("320.00");
    const statement = await owner.customer.getStatement.query({ customerId: buyer });
    expect(statement.balanceDue).toBe(r.totals.total);
    // 45 days after the due date
    const invoice = await owner.invoice.getById.query({ id: sales.s3!.orderId });
    const due = invoice.dueDate as string;
    const later = new Date(Date.parse(`${due}T00:00:00Z`) + 45 * 86_400_000).toISOString().slice(0, 10);
    const aged = await owner.report.getReceivablesAging.query({ asOf: later });
    expect(agingBucketOf(due, later)).toBe("d31_60");
    expect(aged.totals.buckets).toMatchObject({ current: "0.00", d31_60: "320.00" });
    // before the sale it was not owed yet
    expect((await owner.report.getReceivablesAging.query({ asOf: "2020-01-01" })).rows).toEqual([]);
  });

  it("payables: the same figures as payable.getAging", async () => {
    const provider = (await owner.provider.create.mutate({ code: "SUP-R", name: "Distribuidora Caribe", taxId: "131246796", paymentTerms: 30 })).id;
    await owner.supplierBill.create.mutate({
      client_key: uuid(),
      providerId: provider,
      ncfType: "B01",
      ncf: "B0100000991",
      ncfDate: "2026-01-05",
      goodsAmount: "1000.00",
      servicesAmount: "0",
      itbis: "180.00",
      expenseType: "09",
      paymentForm: "04",
    } as Parameters<typeof owner.supplierBill.create.mutate>[0]);
    const r = await owner.report.getPayablesAging.query({ asOf: "2026-03-01" });
    const direct = await owner.payable.getAging.query({ asOf: "2026-03-01" });
    expect(r.rows).toEqual([{ id: provider, code: "SUP-R", name: "Distribuidora Caribe", invoices: 1, buckets: direct.providers[0]!.buckets, total: "1180.00" }]);
    expect(r.totals).toEqual({ buckets: direct.totals, total: direct.total, invoices: 1 });
    expect(r.rows[0]!.buckets.d1_30).toBe("1180.00");
    expect((await outsider.report.getPayablesAging.query({})).rows).toEqual([]);
  });
});
