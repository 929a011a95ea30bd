import Big from "big.js";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DashboardRange, dashboardPeriod } from "../../../shared/dashboard/range";
import { businessDate } from "../../../shared/platform/dates";
import { withTenant } from "../../db/client";
import { newId } from "../../ids";
import { type Client, createTestContext, errorOf, openCashboxFor, TEST_PASSWORD, type TestContext } from "../../test/harness";
import { hashPassword } from "../auth/service";
import { users } from "../auth/tables";

/**
 * dashboard.*: the six widgets through the router on a real database, with sales made by
 * pos.checkout (one cancelled, two moved to earlier business dates), another tenant's sale that
 * must never show, and a user whose role lacks dashboard.view.
 */
let t: TestContext;
let owner: Client;
let admin: Client;
let cashier: Client;
let outsider: Client;
let warehouseId: string;
let cash: string;
let dop: string;
const P: Record<"rice" | "soda" | "gel", string> = { rice: "", soda: "", gel: "" };
const E: Record<"ana" | "beto", string> = { ana: "", beto: "" };
let granos: string;
let bebidas: string;
const today = businessDate(new Date(), "America/Santo_Domingo");
/** What was sold, by business date: the model the expected figures are computed from. */
const model: { date: string; total: string }[] = [];
const orderIds: string[] = [];

async function sell(client: Client, items: { productId: string; quantity: string; sellerId?: string }[], wh = warehouseId) {
  const r = await client.pos.checkout.mutate({ clientOrderId: newId(), customerId: "default", warehouseId: wh, items, payments: [{ paymentMethodId: cash, currencyId: dop, amount: "5000" }] });
  return r;
}

/** Moves a sale to another business date (at noon in Santo Domingo), as if it had been made that day. */
async function moveTo(orderId: string, date: string) {
  await withTenant(t.db, t.acme.tenant.id, (tx) => tx.execute(sql`update orders set business_date = ${date}::date, created_at = ${`${date}T12:00:00-04:00`}::timestamptz where tenant_id = ${t.acme.tenant.id} and id = ${orderId}`));
}

function expected(range: DashboardRange) {
  const p = dashboardPeriod(range, today);
  const sum = (from: string, to: string) => model.filter((m) => m.date >= from && m.date <= to).reduce((a, m) => ({ total: a.total.plus(m.total), count: a.count + 1 }), { total: new Big(0), count: 0 });
  return { p, now: sum(p.from, p.to), before: sum(p.previousFrom, p.previousTo) };
}

beforeAll(async () => {
  t = await createTestContext();
  await openCashboxFor(t, t.acme, "cashier");
  await openCashboxFor(t, t.other, "owner");
  [owner, admin, cashier, outsider] = await Promise.all([t.client("acme", "owner"), t.client("acme", "admin"), t.client("acme", "cashier"), t.client("other", "owner")]);
  warehouseId = (await owner.warehouse.getAll.query())[0]!.id;
  cash = (await cashier.paymentMethod.getAll.query()).find((m) => m.code === "CASH")!.id;
  dop = (await cashier.currency.getActive.query()).find((c) => c.code === "DOP")!.id;
  granos = (await owner.productCategory.create.mutate({ name: "Granos", code: "GRA" })).id;
  bebidas = (await owner.productCategory.create.mutate({ name: "Bebidas", code: "BEB" })).id;
  const product = (name: string, sku: string, price: string, categoryId?: string) =>
    owner.product.create.mutate({ name, sku, price, price2: price, price3: price, categoryId, warehouseQuantities: [{ warehouseId, initialQuantity: "100" }] }).then((p) => p.id);
  P.rice = await product("Arroz La Garza 10 lb", "ARR-10", "420", granos);
  P.soda = await product("Refresco Country Club 2L", "REF-2L", "118", bebidas);
  P.gel = await product("Gel fijador", "GEL-1", "200");
  E.ana = (await owner.employee.create.mutate({ name: "Ana Vendedora", salary_type: "monthly" })).id;
  E.beto = (await owner.employee.create.mutate({ name: "Beto Vendedor", salary_type: "monthly" })).id;

  const s1 = await sell(cashier, [
    { productId: P.rice, quantity: "2", sellerId: E.ana },
    { productId: P.soda, quantity: "1", sellerId: E.ana },
  ]);
  const s2 = await sell(cashier, [{ productId: P.soda, quantity: "3", sellerId: E.beto }]);
  const s3 = await sell(cashier, [{ productId: P.gel, quantity: "1" }]);
  const s4 = await sell(cashier, [{ productId: P.rice, quantity: "5", sellerId: E.beto }]);
  await admin.pos.cancelInvoice.mutate({ invoiceId: s4.orderId, recreate: false, reasonCode: "05" });
  const s5 = await sell(cashier, [{ productId: P.rice, quantity: "1", sellerId: E.ana }]);
  const s6 = await sell(cashier, [{ productId: P.soda, quantity: "1", sellerId: E.beto }]);
  const yesterday = dashboardPeriod("today", today).previousFrom;
  const lastMonthFirst = dashboardPeriod("month", today).previousFrom;
  await moveTo(s5.orderId, yesterday);
  await moveTo(s6.orderId, lastMonthFirst);
  model.push({ date: today, total: s1.total }, { date: today, total: s2.total }, { date: today, total: s3.total }, { date: yesterday, total: s5.total }, { date: lastMonthFirst, total: s6.total });
  orderIds.push(s1.orderId, s2.orderId, s3.orderId);
  expect([s1.total, s2.total, s3.total, s4.total, s5.total, s6.total]).toEqual(["958.00", "354.00", "200.00", "2100.00", "420.00", "118.00"]);

  // Another tenant's sale, on the same day: never in acme's figures.
  const otherWarehouse = (await outsider.warehouse.getAll.query())[0]!.id;
  const otherSoda = (await outsider.product.create.mutate({ name: "Refresco ajeno", sku: "AJENO", price: "999", price2: "999", price3: "999", warehouseQuantities: [{ warehouseId: otherWarehouse, initialQuantity: "10" }] })).id;
  const otherCash = (await outsider.paymentMethod.getAll.query()).find((m) => m.code === "CASH")!.id;
  const otherDop = (await outsider.currency.getActive.query()).find((c) => c.code === "DOP")!.id;
  await outsider.pos.checkout.mutate({ clientOrderId: newId(), customerId: "default", warehouseId: otherWarehouse, items: [{ productId: otherSoda, quantity: "1" }], payments: [{ paymentMethodId: otherCash, currencyId: otherDop, amount: "1000" }] });
});
afterAll(() => t.close());

describe("dashboard.getStats", () => {
  it("today: completed sales only (the cancelled one left out), average ticket and the change against yesterday", async () => {
    const s = await cashier.dashboard.getStats.query({ range: "today" });
    expect(s).toMatchObject({
      salesTotal: "1512.00",
      invoiceCount: 3,
      averageTicket: "504.00",
      previous: { salesTotal: "420.00", invoiceCount: 1, averageTicket: "420.00" },
      change: { salesTotal: "260.0", invoiceCount: "200.0", averageTicket: "20.0" },
    });
    expect(s.period).toMatchObject({ from: today, to: today });
  });

  it("week and month add up the sales of their dates and of the span before", async () => {
    for (const range of ["week", "month"] as const) {
      const e = expected(range);
      const s = await owner.dashboard.getStats.query({ range });
      expect(s.salesTotal, range).toBe(e.now.total.toFixed(2));
      expect(s.invoiceCount, range).toBe(e.now.count);
      expect(s.averageTicket, range).toBe(e.now.total.div(e.now.count).toFixed(2));
      expect(s.previous.salesTotal, range).toBe(e.before.total.toFixed(2));
      expect(s.previous.invoiceCount, range).toBe(e.before.count);
    }
    // the month always holds today's three and yesterday's sale when yesterday is in this month
    const month = await owner.dashboard.getStats.query({ range: "month" });
    expect(["1512.00", "1932.00"]).toContain(month.salesTotal);
  });

  it("another tenant sees only its own sale; nothing of its sale reaches acme", async () => {
    expect(await outsider.dashboard.getStats.query({ range: "today" })).toMatchObject({ salesTotal: "999.00", invoiceCount: 1, averageTicket: "999.00", previous: { salesTotal: "0.00", invoiceCount: 0 }, change: { salesTotal: null } });
    const recent = await outsider.dashboard.getRecentSales.query({ range: "month" });
    expect(recent.sales).toHaveLength(1);
    expect(recent.sales.map((r) => r.id)).not.toContain(orderIds[0]);
    expect((await outsider.dashboard.getTopProducts.query({ range: "month" })).products.map((p) => p.name)).toEqual(["Refresco ajeno"]);
    expect((await outsider.dashboard.getSalesByCategory.query({ range: "month" })).categories).toEqual([{ categoryId: null, name: null, quantity: "1.0000", total: "999.00", share: "100.0" }]);
    expect((await outsider.dashboard.getEmployeeSales.query({ range: "month" })).employees).toHaveLength(1);
  });
});

describe("dashboard.getSalesOverview", () => {
  it("today by hour: 24 points, today's sales in the hour they were made", async () => {
    const o = await owner.dashboard.getSalesOverview.query({ range: "today" });
    expect(o.granularity).toBe("hour");
    expect(o.points.map((p) => p.key)).toEqual(Array.from({ length: 24 }, (_, h) => String(h).padStart(2, "0")));
    const nonZero = o.points.filter((p) => p.count > 0);
    expect(nonZero.reduce((a, p) => a.plus(p.total), new Big(0)).toFixed(2)).toBe("1512.00");
    expect(nonZero.reduce((a, p) => a + p.count, 0)).toBe(3);
  });

  it("week and month by day: every day of the period, the sales on their own date", async () => {
    for (const range of ["week", "month"] as const) {
      const e = expected(range);
      const o = await owner.dashboard.getSalesOverview.query({ range });
      expect(o.granularity).toBe("day");
      expect(o.points[0]!.key).toBe(e.p.from);
      expect(o.points.at(-1)!.key).toBe(today);
      expect(o.points.find((p) => p.key === today)).toEqual({ key: today, total: "1512.00", count: 3 });
      expect(o.points.reduce((a, p) => a.plus(p.total), new Big(0)).toFixed(2)).toBe(e.now.total.toFixed(2));
      expect(o.points.filter((p) => p.count === 0).every((p) => p.total === "0.00")).toBe(true);
    }
  });
});

describe("dashboard.getRecentSales", () => {
  it("the period's completed sales, newest first, with the customer", async () => {
    const r = await owner.dashboard.getRecentSales.query({ range: "today" });
    expect(r.sales.map((s) => s.id)).toEqual([...orderIds].reverse());
    expect(r.sales[0]).toMatchObject({ number: expect.stringMatching(/^FAC-/), total: "200.00", customerName: "Contado", paymentStatus: "paid", businessDate: today });
    expect(r.sales[0]!.createdAt).toBeInstanceOf(Date);
  });
});

describe("dashboard.getTopProducts", () => {
  it("products by amount sold, with units", async () => {
    const r = await owner.dashboard.getTopProducts.query({ range: "today" });
    expect(r.products).toEqual([
      { productId: P.rice, name: "Arroz La Garza 10 lb", quantity: "2.0000", total: "840.00" },
      { productId: P.soda, name: "Refresco Country Club 2L", quantity: "4.0000", total: "472.00" },
      { productId: P.gel, name: "Gel fijador", quantity: "1.0000", total: "200.00" },
    ]);
  });
});

describe("dashboard.getSalesByCategory", () => {
  it("categories by amount with their share; products without one under null", async () => {
    const r = await owner.dashboard.getSalesByCategory.query({ range: "today" });
    expect(r.categories).toEqual([
      { categoryId: granos, name: "Granos", quantity: "2.0000", total: "840.00", share: "55.6" },
      { categoryId: bebidas, name: "Bebidas", quantity: "4.0000", total: "472.00", share: "31.2" },
      { categoryId: null, name: null, quantity: "1.0000", total: "200.00", share: "13.2" },
    ]);
  });
});

describe("dashboard.getEmployeeSales", () => {
  it("each line's seller, the invoices they took part in; lines without a seller under null", async () => {
    const r = await owner.dashboard.getEmployeeSales.query({ range: "today" });
    expect(r.employees).toEqual([
      { employeeId: E.ana, name: "Ana Vendedora", code: expect.any(String), invoiceCount: 1, total: "958.00" },
      { employeeId: E.beto, name: "Beto Vendedor", code: expect.any(String), invoiceCount: 1, total: "354.00" },
      { employeeId: null, name: null, code: null, invoiceCount: 1, total: "200.00" },
    ]);
  });
});

describe("access and input", () => {
  it("a user whose role lacks dashboard.view is refused every widget (FORBIDDEN); no session is UNAUTHORIZED", async () => {
    const email = "clerk@acme.test";
    await withTenant(t.db, t.acme.tenant.id, async (tx) => tx.insert(users).values({ tenantId: t.acme.tenant.id, id: newId(), name: "Clerk", email, passwordHash: await hashPassword(TEST_PASSWORD), role: "clerk" }));
    const clerk = await t.client("acme", { email, password: TEST_PASSWORD });
    const anonymous = await t.client("acme");
    for (const call of ["getStats", "getSalesOverview", "getRecentSales", "getTopProducts", "getSalesByCategory", "getEmployeeSales"] as const) {
      expect((await errorOf(clerk.dashboard[call].query({ range: "today" }))).code, call).toBe("FORBIDDEN");
      expect((await errorOf(anonymous.dashboard[call].query({ range: "today" }))).code, call).toBe("UNAUTHORIZED");
    }
  });

  it("an unknown range is a 400 with the field", async () => {
    const e = await errorOf(owner.dashboard.getStats.query({ range: "year" as never }));
    expect(e.code).toBe("BAD_REQUEST");
    expect(e.message).toContain("range");
  });
});
