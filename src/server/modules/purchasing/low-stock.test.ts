import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessDate } from "../../../shared/platform/dates";
import { withTenant } from "../../db/client";
import { newId } from "../../ids";
import { type Client, createTestContext, errorOf, type TestContext } from "../../test/harness";
import { users } from "../auth/tables";
import { mailMessages } from "../mail/tables";
import { sendDailyDigests } from "./digest";
import { purchaseDigests } from "./tables";

/**
 * Low stock, notifications and the daily digest (issue 13 §4) through the router on a real
 * database: the listing and its suggestions, drafts grouped by provider and warehouse (the one
 * creation path), idempotency, a product without a provider, overdue deliveries, bills due, the
 * digest once a day (twice, concurrently), off, only to administrators, and other tenants' ids.
 */
let t: TestContext;
let owner: Client;
let cashier: Client;
let outsider: Client;
let main: string;
let second: string;
let corripio: string;
let mercasid: string;
let rice: string;
let oil: string;
let beans: string;
let orphan: string;
let full: string;
let outsiderProduct: string;
let outsiderWarehouse: string;
let outsiderProvider: string;

const product = async (name: string, sku: string, providerId: string | null, rows: { warehouseId: string; initialQuantity: string; minStock?: string; maxStock?: string }[], costPrice = "100") =>
  (await owner.product.create.mutate({ name, sku, price: "200", price2: "200", price3: "200", costPrice, taxPercent: "18", providerId, warehouseQuantities: rows } as never)).id;

beforeAll(async () => {
  t = await createTestContext();
  owner = await t.client("acme", "owner");
  cashier = await t.client("acme", "cashier");
  outsider = await t.client("other", "owner");
  main = (await owner.warehouse.getAll.query())[0]!.id;
  second = (await owner.warehouse.create.mutate({ name: "Zeta Santiago", code: "ZST", order: 2 })).id;
  corripio = (await owner.provider.create.mutate({ code: "P-001", name: "Distribuidora Corripio", email: "ventas@corripio.test" })).id;
  mercasid = (await owner.provider.create.mutate({ code: "P-002", name: "Mercasid" })).id;
  // rice: low in both warehouses (max 50 → 50 − 4; no max → min − current)
  rice = await product("Arroz La Garza 10 lb", "ARR-10", corripio, [
    { warehouseId: main, initialQuantity: "4", minStock: "10", maxStock: "50" },
    { warehouseId: second, initialQuantity: "1", minStock: "6" },
  ]);
  oil = await product("Aceite Crisol 1 gal", "ACE-1G", mercasid, [{ warehouseId: main, initialQuantity: "2.5", minStock: "5", maxStock: "12" }], "450");
  beans = await product("Habichuelas rojas", "HAB-1", corripio, [{ warehouseId: main, initialQuantity: "0", minStock: "3", maxStock: "2" }]);
  orphan = await product("Sal Marina", "SAL-1", null, [{ warehouseId: main, initialQuantity: "1", minStock: "5", maxStock: "8" }]);
  full = await product("Azúcar", "AZU-1", corripio, [{ warehouseId: main, initialQuantity: "20", minStock: "5", maxStock: "30" }]);
  await product("Sin mínimo", "NOMIN-1", corripio, [{ warehouseId: main, initialQuantity: "0" }]);
  const inactive = await product("Inactivo", "INA-1", corripio, [{ warehouseId: main, initialQuantity: "0", minStock: "5" }]);
  await owner.product.setActive.mutate({ id: inactive, isActive: false }).catch(async () => {
    await withTenant(t.db, t.acme.tenant.id, (tx) => tx.execute(sql`UPDATE products SET is_active = false WHERE id = ${inactive}`));
  });
  outsiderWarehouse = (await outsider.warehouse.getAll.query())[0]!.id;
  outsiderProvider = (await outsider.provider.create.mutate({ code: "X-1", name: "Proveedor ajeno" })).id;
  outsiderProduct = (
    await outsider.product.create.mutate({ name: "Ajeno", sku: "AJ-1", price: "1", price2: "1", price3: "1", warehouseQuantities: [{ warehouseId: outsiderWarehouse, initialQuantity: "0", minStock: "9" }] } as never)
  ).id;
});
afterAll(() => t.close());

const key = () => `ls-${newId()}`;

describe("purchaseOrder.getLowStock", () => {
  it("lists active goods under their minimum per warehouse with max − current (or min − current), never below 0", async () => {
    const page = await owner.purchaseOrder.getLowStock.query({});
    const rows = page.data.map((r) => [r.name, r.warehouseName, r.currentQuantity, r.minStock, r.maxStock, r.suggestedQuantity, r.providerName]);
    expect(rows).toEqual([
      ["Aceite Crisol 1 gal", "Principal", "2.5000", "5.0000", "12.0000", "9.5000", "Mercasid"],
      ["Arroz La Garza 10 lb", "Principal", "4.0000", "10.0000", "50.0000", "46.0000", "Distribuidora Corripio"],
      ["Arroz La Garza 10 lb", "Zeta Santiago", "1.0000", "6.0000", null, "5.0000", "Distribuidora Corripio"],
      ["Habichuelas rojas", "Principal", "0.0000", "3.0000", "2.0000", "2.0000", "Distribuidora Corripio"],
      ["Sal Marina", "Principal", "1.0000", "5.0000", "8.0000", "7.0000", null],
    ]);
    expect(page.pagination.total).toBe(5);
    expect(page.data.find((r) => r.name.startsWith("Aceite"))!.lastCost).toBe("450.00");
  });

  it("filters by warehouse, provider ('none' = without one) and search, and pages", async () => {
    expect((await owner.purchaseOrder.getLowStock.query({ warehouseId: second })).data.map((r) => r.productId)).toEqual([rice]);
    expect((await owner.purchaseOrder.getLowStock.query({ providerId: mercasid })).data.map((r) => r.productId)).toEqual([oil]);
    expect((await owner.purchaseOrder.getLowStock.query({ providerId: "none" })).data.map((r) => r.productId)).toEqual([orphan]);
    expect((await owner.purchaseOrder.getLowStock.query({ search: "habichuela" })).data.map((r) => r.productId)).toEqual([beans]);
    expect((await owner.purchaseOrder.getLowStock.query({ search: "AZUCAR" })).data).toEqual([]);
    const p2 = await owner.purchaseOrder.getLowStock.query({ page: 2, pageSize: 2 });
    expect(p2.data).toHaveLength(2);
    expect(p2.pagination).toMatchObject({ total: 5, pageCount: 3 });
    expect((await owner.purchaseOrder.getLowStock.query({ page: 9, pageSize: 2 })).pagination.total).toBe(5);
  });

  it("cashiers are refused; another tenant sees only its own rows; bad filters are BAD_REQUEST", async () => {
    expect((await errorOf(cashier.purchaseOrder.getLowStock.query({}))).code).toBe("FORBIDDEN");
    expect((await outsider.purchaseOrder.getLowStock.query({})).data.map((r) => r.productId)).toEqual([outsiderProduct]);
    expect((await outsider.purchaseOrder.getLowStock.query({ warehouseId: main })).data).toEqual([]);
    expect((await errorOf(owner.purchaseOrder.getLowStock.query({ providerId: "nobody" } as never))).code).toBe("BAD_REQUEST");
  });
});

describe("purchaseOrder.createFromLowStock", () => {
  it("two providers and two warehouses become three drafts with the suggested quantities, last cost and ITBIS", async () => {
    const clientKey = key();
    const items = [
      { productId: rice, warehouseId: main },
      { productId: oil, warehouseId: main },
      { productId: beans, warehouseId: main, quantity: "3" },
      { productId: rice, warehouseId: second },
    ];
    const { orders } = await owner.purchaseOrder.createFromLowStock.mutate({ clientKey, items });
    expect(orders).toHaveLength(3);
    const details = await Promise.all(orders.map((o) => owner.purchaseOrder.getById.query({ id: o.id })));
    const byGroup = details.map((d) => [d.provider.name, d.warehouseName, d.status, d.lines.map((l) => [l.productName, l.quantity, l.unitCost, l.taxPercent])]);
    expect(byGroup).toEqual(
      expect.arrayContaining([
        ["Distribuidora Corripio", "Principal", "draft", [["Arroz La Garza 10 lb", "46.0000", "100.00", "18.00"], ["Habichuelas rojas", "3.0000", "100.00", "18.00"]]],
        ["Mercasid", "Principal", "draft", [["Aceite Crisol 1 gal", "9.5000", "450.00", "18.00"]]],
        ["Distribuidora Corripio", "Zeta Santiago", "draft", [["Arroz La Garza 10 lb", "5.0000", "100.00", "18.00"]]],
      ]),
    );
    expect(details.every((d) => d.number.startsWith("OC-"))).toBe(true);

    // The same key again, in sequence and at once: the same three orders, no new ones.
    const before = (await owner.purchaseOrder.getAll.query({ pageSize: 100 })).pagination.total;
    const again = await owner.purchaseOrder.createFromLowStock.mutate({ clientKey, items });
    expect(again.orders.map((o) => o.id).sort()).toEqual(orders.map((o) => o.id).sort());
    const [a, b] = await Promise.all([
      owner.purchaseOrder.createFromLowStock.mutate({ clientKey, items }),
      owner.purchaseOrder.createFromLowStock.mutate({ clientKey, items }),
    ]);
    expect(a.orders.map((o) => o.id).sort()).toEqual(orders.map((o) => o.id).sort());
    expect(b.orders.map((o) => o.id).sort()).toEqual(orders.map((o) => o.id).sort());
    expect((await owner.purchaseOrder.getAll.query({ pageSize: 100 })).pagination.total).toBe(before);
    // the last cost now comes from this provider's order
    expect((await owner.purchaseOrder.getLowStock.query({ providerId: mercasid })).data[0]!.lastCost).toBe("450.00");
  });

  it("a product without a provider is refused, naming it, until one is chosen in the row", async () => {
    const e = await errorOf(owner.purchaseOrder.createFromLowStock.mutate({ clientKey: key(), items: [{ productId: oil, warehouseId: main }, { productId: orphan, warehouseId: main }] }));
    expect(e.code).toBe("BAD_REQUEST");
    expect(e.message).toContain("Sal Marina");
    expect(e.message).toMatch(/no tiene suplidor/);
    const { orders } = await owner.purchaseOrder.createFromLowStock.mutate({ clientKey: key(), items: [{ productId: orphan, warehouseId: main, providerId: mercasid }] });
    expect(orders).toMatchObject([{ providerName: "Mercasid", lineCount: 1 }]);
  });

  it("bad selections: empty, a row not low without a quantity, duplicates, cashiers, other tenants' ids", async () => {
    expect((await errorOf(owner.purchaseOrder.createFromLowStock.mutate({ clientKey: key(), items: [] }))).code).toBe("BAD_REQUEST");
    const notLow = await errorOf(owner.purchaseOrder.createFromLowStock.mutate({ clientKey: key(), items: [{ productId: full, warehouseId: main }] }));
    expect(notLow).toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("Azúcar") });
    expect((await owner.purchaseOrder.createFromLowStock.mutate({ clientKey: key(), items: [{ productId: full, warehouseId: main, quantity: "10" }] })).orders).toHaveLength(1);
    const dup = await errorOf(owner.purchaseOrder.createFromLowStock.mutate({ clientKey: key(), items: [{ productId: oil, warehouseId: main }, { productId: oil, warehouseId: main }] }));
    expect(dup.code).toBe("BAD_REQUEST");
    expect((await errorOf(owner.purchaseOrder.createFromLowStock.mutate({ clientKey: key(), items: [{ productId: oil, warehouseId: main, quantity: "1.00001" }] }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(cashier.purchaseOrder.createFromLowStock.mutate({ clientKey: key(), items: [{ productId: oil, warehouseId: main }] }))).code).toBe("FORBIDDEN");
    expect((await errorOf(outsider.purchaseOrder.createFromLowStock.mutate({ clientKey: key(), items: [{ productId: oil, warehouseId: outsiderWarehouse }] }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.purchaseOrder.createFromLowStock.mutate({ clientKey: key(), items: [{ productId: outsiderProduct, warehouseId: main, providerId: outsiderProvider, quantity: "1" }] }))).code).toBe("NOT_FOUND");
    // another tenant's provider is 'not found' as in purchaseOrder.create
    expect(await errorOf(outsider.purchaseOrder.createFromLowStock.mutate({ clientKey: key(), items: [{ productId: outsiderProduct, warehouseId: outsiderWarehouse, providerId: corripio }] }))).toMatchObject({ code: "BAD_REQUEST" });
    expect((await errorOf(owner.purchaseOrder.createFromLowStock.mutate({ clientKey: key(), items: [{ productId: oil, warehouseId: main, providerId: newId() }] }))).code).toBe("BAD_REQUEST");
  });
});

const DAY = 24 * 3600_000;
const sdToday = () => businessDate(new Date(), "America/Santo_Domingo");
const sdDate = (offsetDays: number) => businessDate(new Date(Date.now() + offsetDays * DAY), "America/Santo_Domingo");

describe("purchaseOrder.getNotifications", () => {
  it("low stock per warehouse; a delivery only once it is overdue; bills due within 7 days", async () => {
    const late = await owner.purchaseOrder.create.mutate({ providerId: corripio, warehouseId: main, orderDate: sdDate(-10), expectedDate: sdDate(-2), lines: [{ productId: rice, quantity: "1", unitCost: "10" }] } as never);
    const onTime = await owner.purchaseOrder.create.mutate({ providerId: corripio, warehouseId: main, orderDate: sdDate(-10), expectedDate: sdToday(), lines: [{ productId: rice, quantity: "1", unitCost: "10" }] } as never);
    let n = await owner.purchaseOrder.getNotifications.query();
    expect(n.today).toBe(sdToday());
    // drafts are not deliveries yet
    expect(n.overdueDeliveries.orders.map((o) => o.id)).not.toContain(late.id);
    await owner.purchaseOrder.submit.mutate({ id: late.id });
    await owner.purchaseOrder.submit.mutate({ id: onTime.id });
    n = await owner.purchaseOrder.getNotifications.query();
    expect(n.overdueDeliveries.orders.map((o) => o.id)).toEqual([late.id]);
    expect(n.overdueDeliveries.orders[0]).toMatchObject({ daysLate: 2, providerName: "Distribuidora Corripio", status: "approved" });
    expect(n.lowStock.warehouses.map((w) => [w.warehouseName, w.count])).toEqual([["Principal", 4], ["Zeta Santiago", 1]]);
    expect(n.lowStock.total).toBe(5);
    await owner.purchaseOrder.cancel.mutate({ id: late.id, reason: null });
    expect((await owner.purchaseOrder.getNotifications.query()).overdueDeliveries.total).toBe(0);

    await withTenant(t.db, t.acme.tenant.id, async (tx) => {
      const bill = (number: string, due: string, status = "open") =>
        tx.execute(sql`INSERT INTO supplier_bills (tenant_id, id, number, client_key, provider_id, ncf_type, ncf, ncf_date, due_date, expense_type, payment_form, total, payable, balance, user_id, status)
          VALUES (${t.acme.tenant.id}, ${newId()}, ${number}, ${newId()}, ${mercasid}, 'B01', ${`B01000000${number.slice(-2)}`}, ${sdDate(-20)}, ${due}, '02', '04', 1000, 1000, 1000, ${t.acme.users.owner.id}, ${status})`);
      await bill("FP-000091", sdDate(3));
      await bill("FP-000092", sdDate(30));
      await bill("FP-000093", sdDate(-1));
      await bill("FP-000094", sdDate(2), "cancelled");
    });
    const bills = (await owner.purchaseOrder.getNotifications.query()).billsDue;
    expect(bills.bills.map((b) => [b.number, b.overdue])).toEqual([["FP-000093", true], ["FP-000091", false]]);
    expect((await outsider.purchaseOrder.getNotifications.query()).billsDue.total).toBe(0);
    expect((await outsider.purchaseOrder.getNotifications.query()).overdueDeliveries.total).toBe(0);
    expect((await errorOf(cashier.purchaseOrder.getNotifications.query())).code).toBe("FORBIDDEN");
  });
});

describe("sendDailyDigests", () => {
  const digests = (tenantId: string) =>
    withTenant(t.db, tenantId, (tx) =>
      tx.select({ to: mailMessages.toAddress, subject: mailMessages.subject, text: mailMessages.text }).from(mailMessages).where(and(eq(mailMessages.tenantId, tenantId), sql`${mailMessages.subject} like '%compras%' or ${mailMessages.subject} like '%purchasing%'`)),
    );
  // 08:00 in Santo Domingo (UTC−4) is 12:00 UTC; 06:00 is before the digest hour.
  const at = (date: string, utcHour: number) => new Date(`${date}T${String(utcHour).padStart(2, "0")}:00:00Z`);

  it("off: nothing is sent; before 07:00 Santo Domingo: nothing either", async () => {
    const run = await sendDailyDigests(t.db, at("2026-04-01", 12));
    expect(run.sent.find((s) => s.tenantId === t.acme.tenant.id)).toBeUndefined();
    expect(await digests(t.acme.tenant.id)).toEqual([]);
    await owner.purchaseSettings.update.mutate({ ...(await owner.purchaseSettings.get.query()), digestEnabled: true });
    expect((await sendDailyDigests(t.db, at("2026-04-01", 10))).sent).toEqual([]);
    expect(await digests(t.acme.tenant.id)).toEqual([]);
  });

  it("on: once a day to the owner and administrators, even run twice and concurrently; again the next day", async () => {
    // a deactivated administrator and the cashier get nothing
    await withTenant(t.db, t.acme.tenant.id, (tx) =>
      tx.insert(users).values({ tenantId: t.acme.tenant.id, id: newId(), name: "Ex admin", email: "ex-admin@acme.test", passwordHash: "x", role: "admin", isActive: false }),
    );
    const now = at("2026-04-02", 12);
    const runs = await Promise.all([sendDailyDigests(t.db, now), sendDailyDigests(t.db, now), sendDailyDigests(t.db, now)]);
    await sendDailyDigests(t.db, new Date(now.getTime() + 3600_000));
    expect(runs.flatMap((r) => r.failed)).toEqual([]);
    expect(runs.flatMap((r) => r.sent).filter((s) => s.tenantId === t.acme.tenant.id)).toEqual([{ tenantId: t.acme.tenant.id, recipients: 2 }]);
    const mails = await digests(t.acme.tenant.id);
    expect(mails.map((m) => m.to).sort()).toEqual([t.acme.users.admin.email, t.acme.users.owner.email].sort());
    expect(mails[0]!.subject).toContain("2026-04-02");
    expect(mails[0]!.text).toContain("Stock bajo: 5");
    expect(mails[0]!.text).toContain("Principal: 4");
    const rows = await withTenant(t.db, t.acme.tenant.id, (tx) => tx.select().from(purchaseDigests).where(eq(purchaseDigests.tenantId, t.acme.tenant.id)));
    expect(rows.map((r) => [r.digestDate, r.recipients])).toEqual([["2026-04-02", 2]]);
    // the other tenant has it off: nothing there
    expect(await digests(t.other.tenant.id)).toEqual([]);
    await sendDailyDigests(t.db, at("2026-04-03", 12));
    expect(await digests(t.acme.tenant.id)).toHaveLength(4);
  });
});
