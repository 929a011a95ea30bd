import { TRPCError } from "@trpc/server";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf, withTenant } from "../../db/client";
import { newId } from "../../ids";
import { type Client, createTestContext, errorOf, type TestContext } from "../../test/harness";
import { currencies } from "../currency/tables";
import { paymentMethods } from "../payment-method/tables";
import { orderPayments, orders } from "../pos/tables";
import { warehouses } from "../warehouse/tables";
import { addPointMovement, getCustomerForSale, getDefaultCustomerId, touchCustomer } from "./service";
import { customers } from "./tables";

let t: TestContext;
let owner: Client;
let admin: Client;
let cashier: Client;
let outsider: Client;
let anonymous: Client;
beforeAll(async () => {
  t = await createTestContext();
  [owner, admin, cashier, outsider, anonymous] = await Promise.all([t.client("acme", "owner"), t.client("acme", "admin"), t.client("acme", "cashier"), t.client("other", "owner"), t.client("acme")]);
});
afterAll(() => t.close());

/** The code of a service call that must fail (services throw TRPCError). */
async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof TRPCError) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error("expected the call to fail, it succeeded");
}

const acmeTx = <T>(fn: Parameters<typeof withTenant<T>>[2]) => withTenant(t.db, t.acme.tenant.id, fn);

/** Valid numbers (DGII check digits) and one that fails. */
const RNC = "101850043";
const CEDULA = "00113918205";
const BAD_RNC = "101850042";

describe("customer.create", () => {
  it("the spec's payload: code CLI-000001 generated, tax id stored without dashes, defaults applied", async () => {
    const c = await admin.customer.create.mutate({ name: "  Supermercado Nacional ", tax_id: "1-01-85004-3", phone: "809-555-0101", address: "Av. 27 de Febrero", email: "Compras@Nacional.do", is_default: false });
    expect(c).toMatchObject({
      code: "CLI-000001",
      name: "Supermercado Nacional",
      taxId: RNC,
      taxIdOverride: false,
      phone: "809-555-0101",
      email: "compras@nacional.do",
      isDefault: false,
      eligibleForRewards: true,
      points: 0,
      isActive: true,
      deletedAt: null,
      customerTypeId: null,
      legal: null,
    });
    expect(c.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(c).not.toHaveProperty("tenantId");
    expect(await owner.customer.getById.query({ id: c.id })).toEqual(c);
  });

  it("empty optional strings are absent; the next code follows", async () => {
    const c = await cashier.customer.create.mutate({ name: "Luis Fernández", tax_id: "", phone: "", address: "", email: "" });
    expect(c).toMatchObject({ code: "CLI-000002", taxId: null, phone: null, address: null, email: null });
  });

  it("validation: BAD_REQUEST with the field and the spec's message", async () => {
    expect(await errorOf(owner.customer.create.mutate({ name: " " }))).toEqual({ code: "BAD_REQUEST", message: "name: El nombre es requerido" });
    expect(await errorOf(owner.customer.create.mutate({ name: "X", email: "no-es-correo" }))).toEqual({ code: "BAD_REQUEST", message: "email: Email inválido" });
    expect(await errorOf(owner.customer.create.mutate({ name: "X", tax_id: BAD_RNC }))).toEqual({ code: "BAD_REQUEST", message: "tax_id: RNC o cédula inválido (dígito verificador)" });
    expect(await errorOf(owner.customer.create.mutate({ name: "X", tax_id: "12345" }))).toEqual({ code: "BAD_REQUEST", message: "tax_id: RNC o cédula inválido (dígito verificador)" });
    expect(await errorOf(owner.customer.create.mutate({ name: "X", tax_id: "12345", tax_id_override: true }))).toEqual({ code: "BAD_REQUEST", message: "tax_id: El RNC tiene 9 dígitos y la cédula 11" });
    expect(await errorOf(owner.customer.create.mutate({ name: "X", customer_type_id: "no-uuid" }))).toEqual({ code: "BAD_REQUEST", message: "customer_type_id: Tipo de cliente inválido" });
  });

  it("the override accepts a known exception (check digit fails) as typed", async () => {
    const c = await owner.customer.create.mutate({ name: "Excepción DGII", tax_id: "1-01-85004-2", tax_id_override: true });
    expect(c).toMatchObject({ taxId: BAD_RNC, taxIdOverride: true });
  });

  it("the legal form passes code and customer type; codes are unique per tenant ignoring case", async () => {
    const type = await owner.customerType.create.mutate({ name: "Corporativo" });
    const c = await owner.customer.create.mutate({ name: "Bufete Pérez", code: "LEG-001", customer_type_id: type.id, tax_id: CEDULA });
    expect(c).toMatchObject({ code: "LEG-001", customerTypeId: type.id, customerTypeName: "Corporativo", taxId: CEDULA });
    expect(await errorOf(owner.customer.create.mutate({ name: "Otro", code: "leg-001" }))).toEqual({ code: "CONFLICT", message: "Ya existe un cliente con el código leg-001" });
    // Another business may use the same code; another business's type is unknown here.
    expect((await outsider.customer.create.mutate({ name: "Otro negocio", code: "LEG-001" })).code).toBe("LEG-001");
    expect((await errorOf(outsider.customer.create.mutate({ name: "Intruso", customer_type_id: type.id }))).code).toBe("NOT_FOUND");
  });

  it("a generated code skips a number already typed by hand", async () => {
    await owner.customer.create.mutate({ name: "A mano", code: "CLI-000005" });
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await owner.customer.create.mutate({ name: `Serie ${i}` })).code);
    // CLI-000003 went to the override customer above.
    expect(codes).toEqual(["CLI-000004", "CLI-000006", "CLI-000007"]);
  });
});

describe("the default customer", () => {
  it("'Contado' is seeded as the only default; choosing another default unsets it", async () => {
    const contado = await acmeTx((tx) => getDefaultCustomerId(tx, t.acme.tenant.id));
    expect((await owner.customer.getById.query({ id: contado })).name).toBe("Contado");
    const other = await owner.customer.create.mutate({ name: "Nuevo contado", is_default: true });
    expect(other.isDefault).toBe(true);
    expect((await owner.customer.getById.query({ id: contado })).isDefault).toBe(false);
    expect(await acmeTx((tx) => getDefaultCustomerId(tx, t.acme.tenant.id))).toBe(other.id);
    // Back through update; is_default false on the default is ignored (there is always one).
    await owner.customer.update.mutate({ id: contado, name: "Contado", is_default: true });
    expect((await owner.customer.getById.query({ id: other.id })).isDefault).toBe(false);
    await owner.customer.update.mutate({ id: contado, name: "Contado", is_default: false });
    expect((await owner.customer.getById.query({ id: contado })).isDefault).toBe(true);
    const defaults = await acmeTx((tx) => tx.select({ id: customers.id }).from(customers).where(eq(customers.isDefault, true)));
    expect(defaults).toEqual([{ id: contado }]);
    // The other business keeps its own default.
    const theirs = await withTenant(t.db, t.other.tenant.id, (tx) => getDefaultCustomerId(tx, t.other.tenant.id));
    expect(theirs).not.toBe(contado);
    expect(await errorOf(owner.customer.delete.mutate({ id: contado }))).toEqual({ code: "BAD_REQUEST", message: "El cliente predeterminado no se puede eliminar" });
  });

  it("two users choosing different defaults at once still leave exactly one", async () => {
    const contado = await acmeTx((tx) => getDefaultCustomerId(tx, t.acme.tenant.id));
    const [a, b] = await Promise.all([owner.customer.create.mutate({ name: "Default A" }), owner.customer.create.mutate({ name: "Default B" })]);
    await Promise.all([owner.customer.update.mutate({ id: a.id, name: "Default A", is_default: true }), admin.customer.update.mutate({ id: b.id, name: "Default B", is_default: true })]);
    const defaults = await acmeTx((tx) => tx.select({ id: customers.id }).from(customers).where(eq(customers.isDefault, true)));
    expect(defaults).toHaveLength(1);
    expect([a.id, b.id]).toContain(defaults[0]!.id);
    await owner.customer.update.mutate({ id: contado, name: "Contado", is_default: true });
    for (const c of [a, b]) await owner.customer.delete.mutate({ id: c.id });
  });
});

describe("customer.getAll", () => {
  it("pages by name with the tenant's own customers; search by name, code, tax id with dashes, phone digits", async () => {
    const all = await owner.customer.getAll.query();
    expect(all.pagination).toMatchObject({ page: 1, pageSize: 20 });
    const names = all.data.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(names).toContain("Contado");
    expect(names).not.toContain("Otro negocio");
    expect(all.pagination.total).toBe(all.data.length);

    const q = async (search: string) => (await owner.customer.getAll.query({ search })).data.map((c) => c.name);
    expect(await q("nacional")).toEqual(["Supermercado Nacional"]);
    expect(await q("SUPER nacional")).toEqual(["Supermercado Nacional"]);
    expect(await q("nacional super")).toEqual(["Supermercado Nacional"]);
    expect(await q("1-01-85004-3")).toEqual(["Supermercado Nacional"]);
    expect(await q("1-01-85004")).toEqual(["Excepción DGII", "Supermercado Nacional"]);
    expect(await q("8095550101")).toEqual(["Supermercado Nacional"]);
    expect(await q("(809) 555-0101")).toEqual(["Supermercado Nacional"]);
    expect(await q("cli-000002")).toEqual(["Luis Fernández"]);
    expect(await q("lu")).toEqual(["Luis Fernández"]);
    expect(await q("100%")).toEqual([]);
    expect(await q("otro negocio")).toEqual([]);

    const paged = await owner.customer.getAll.query({ page: 2, pageSize: 2 });
    expect(paged.data.map((c) => c.name)).toEqual(names.slice(2, 4));
    expect(paged.pagination).toEqual({ page: 2, pageSize: 2, total: all.pagination.total, pageCount: Math.ceil(all.pagination.total / 2) });
    const past = await owner.customer.getAll.query({ page: 50, pageSize: 2 });
    expect(past.data).toEqual([]);
    expect(past.pagination.total).toBe(all.pagination.total);
    expect((await errorOf(owner.customer.getAll.query({ page: 0 }))).code).toBe("BAD_REQUEST");
  });

  it("rows carry the type name and whether the customer is a legal client", async () => {
    const [row] = (await owner.customer.getAll.query({ search: "LEG-001" })).data;
    expect(row).toMatchObject({ customerTypeName: "Corporativo", isLegalClient: false });
  });
});

describe("customer.update", () => {
  it("replaces name, contact and tax id; code editable; flags and type kept unless given", async () => {
    const [luis] = (await owner.customer.getAll.query({ search: "Luis" })).data;
    const updated = await cashier.customer.update.mutate({ id: luis!.id, name: "Luis Fernández Gil", tax_id: "001-1391820-5", phone: "829-555-0177", address: "Calle El Conde 54" });
    expect(updated).toMatchObject({ name: "Luis Fernández Gil", taxId: CEDULA, phone: "829-555-0177", email: null, code: "CLI-000002", eligibleForRewards: true });
    expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(luis!.updatedAt.getTime());
    const type = (await owner.customerType.getActive.query())[0]!;
    const edited = await owner.customer.update.mutate({ id: luis!.id, name: "Luis Fernández Gil", code: "VIP-01", eligible_for_rewards: false, customer_type_id: type.id, email: "luis@example.do" });
    expect(edited).toMatchObject({ code: "VIP-01", eligibleForRewards: false, customerTypeId: type.id, taxId: null, phone: null, email: "luis@example.do" });
    expect((await owner.customer.update.mutate({ id: luis!.id, name: "Luis", customer_type_id: null })).customerTypeId).toBeNull();
    expect(await errorOf(owner.customer.update.mutate({ id: luis!.id, name: "Luis", code: "LEG-001" }))).toEqual({ code: "CONFLICT", message: "Ya existe un cliente con el código LEG-001" });
    expect(await errorOf(owner.customer.update.mutate({ id: luis!.id, name: "" }))).toEqual({ code: "BAD_REQUEST", message: "name: El nombre es requerido" });
  });

  it("an override customer keeps its number without the flag (the POS sends none); a new number is checked", async () => {
    const [ex] = (await owner.customer.getAll.query({ search: "Excepción" })).data;
    const same = await owner.customer.update.mutate({ id: ex!.id, name: "Excepción DGII", tax_id: "1-01-85004-2", phone: "809-000-0000" });
    expect(same).toMatchObject({ taxId: BAD_RNC, taxIdOverride: true, phone: "809-000-0000" });
    expect(await errorOf(owner.customer.update.mutate({ id: ex!.id, name: "Excepción DGII", tax_id: "00113918204" }))).toEqual({
      code: "BAD_REQUEST",
      message: "RNC o cédula inválido (dígito verificador)",
    });
    const valid = await owner.customer.update.mutate({ id: ex!.id, name: "Excepción DGII", tax_id: CEDULA });
    expect(valid).toMatchObject({ taxId: CEDULA, taxIdOverride: false });
    expect((await errorOf(owner.customer.update.mutate({ id: ex!.id, name: "X", tax_id: BAD_RNC, tax_id_override: false }))).code).toBe("BAD_REQUEST");
  });
});

describe("customer.delete / customer.restore", () => {
  it("soft: marked deleted and inactive, hidden from lists and search unless asked, restorable", async () => {
    const c = await owner.customer.create.mutate({ name: "Cliente Borrable", phone: "849-111-2222" });
    const deleted = await admin.customer.delete.mutate({ id: c.id });
    expect(deleted).toMatchObject({ isActive: false });
    expect(deleted.deletedAt).toBeInstanceOf(Date);
    expect((await owner.customer.getAll.query({ search: "borrable" })).data).toEqual([]);
    expect((await owner.customer.getAll.query({ search: "borrable", showDeleted: true })).data.map((r) => r.id)).toEqual([c.id]);
    expect(await owner.customer.search.query({ query: "borrable" })).toEqual([]);
    expect((await owner.customer.getById.query({ id: c.id })).deletedAt).not.toBeNull();
    expect(await errorOf(owner.customer.update.mutate({ id: c.id, name: "X" }))).toEqual({ code: "BAD_REQUEST", message: "El cliente está eliminado; restáurelo antes de editarlo" });
    expect(await failure(acmeTx((tx) => getCustomerForSale(tx, t.acme.tenant.id, c.id)))).toMatchObject({ code: "NOT_FOUND" });
    const restored = await admin.customer.restore.mutate({ id: c.id });
    expect(restored).toMatchObject({ isActive: true, deletedAt: null });
    expect((await owner.customer.search.query({ query: "borrable" })).map((r) => r.id)).toEqual([c.id]);
  });
});

describe("customer.search", () => {
  it("name, tax id or phone fragments; digits alone; names starting with the word first; limit 20 by default", async () => {
    for (const name of ["Adriana Peña", "Ana Castillo", "Juliana Ruiz"]) await owner.customer.create.mutate({ name, phone: "809-222-3344" });
    expect((await owner.customer.search.query({ query: "ana" })).map((c) => c.name)).toEqual(["Ana Castillo", "Adriana Peña", "Juliana Ruiz"]);
    expect((await owner.customer.search.query({ query: "ana", limit: 2 })).map((c) => c.name)).toEqual(["Ana Castillo", "Adriana Peña"]);
    expect((await owner.customer.search.query({ query: "8092223344" })).length).toBe(3);
    expect((await owner.customer.search.query({ query: "222-33" })).length).toBe(3);
    const [byTax] = await owner.customer.search.query({ query: "101-85004" });
    expect(byTax).toEqual({
      id: expect.any(String),
      code: "CLI-000001",
      name: "Supermercado Nacional",
      taxId: RNC,
      email: "compras@nacional.do",
      phone: "809-555-0101",
      address: "Av. 27 de Febrero",
      isDefault: false,
      eligibleForRewards: true,
      points: 0,
    });
    expect(await owner.customer.search.query({ query: "   " })).toEqual([]);
    for (let i = 0; i < 22; i++) await owner.customer.create.mutate({ name: `Masivo ${String(i).padStart(2, "0")}` });
    expect(await owner.customer.search.query({ query: "masivo" })).toHaveLength(20);
    expect((await errorOf(owner.customer.search.query({ query: "x", limit: 0 }))).code).toBe("BAD_REQUEST");
    // Another business's customers never show.
    expect(await outsider.customer.search.query({ query: "ana" })).toEqual([]);
    expect(await outsider.customer.search.query({ query: "masivo" })).toEqual([]);
  });
});

describe("customer.getRecent and touchCustomer", () => {
  it("the customers used last first, then the newest never used; deleted ones left out", async () => {
    const [ana] = await owner.customer.search.query({ query: "Ana Castillo" });
    const [luis] = await owner.customer.search.query({ query: "VIP-01" });
    await acmeTx((tx) => touchCustomer(tx, t.acme.tenant.id, luis!.id));
    await new Promise((r) => setTimeout(r, 5));
    await acmeTx((tx) => touchCustomer(tx, t.acme.tenant.id, ana!.id));
    const recent = await cashier.customer.getRecent.query();
    expect(recent).toHaveLength(10);
    expect(recent.slice(0, 3).map((c) => c.name)).toEqual(["Ana Castillo", "Luis", "Masivo 21"]);
    expect((await cashier.customer.getRecent.query({ limit: 1 })).map((c) => c.name)).toEqual(["Ana Castillo"]);
    await owner.customer.delete.mutate({ id: ana!.id });
    expect((await cashier.customer.getRecent.query({ limit: 2 })).map((c) => c.name)).toEqual(["Luis", "Masivo 21"]);
    await owner.customer.restore.mutate({ id: ana!.id });
    expect((await outsider.customer.getRecent.query()).map((c) => c.name)).not.toContain("Ana Castillo");
    expect(await failure(withTenant(t.db, t.other.tenant.id, (tx) => touchCustomer(tx, t.other.tenant.id, ana!.id)))).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("customer.getHistory", () => {
  it("the customer's invoices with payments, newest first, paged, with totals", async () => {
    const [nacional] = await owner.customer.search.query({ query: "Supermercado Nacional" });
    await acmeTx(async (tx) => {
      const tenantId = t.acme.tenant.id;
      const [wh] = await tx.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.isDefault, true));
      const [cash] = await tx.select({ id: paymentMethods.id }).from(paymentMethods).where(eq(paymentMethods.code, "CASH"));
      const [card] = await tx.select({ id: paymentMethods.id }).from(paymentMethods).where(eq(paymentMethods.code, "CARD"));
      const [dop] = await tx.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, "DOP"));
      const make = (n: number, status: string, total: string, createdAt: Date) => ({
        tenantId,
        id: newId(),
        number: `FAC-00000${n}`,
        clientOrderId: newId(),
        customerId: nacional!.id,
        warehouseId: wh!.id,
        status,
        subtotal: total,
        discountTotal: "0",
        taxTotal: "0",
        total,
        paidTotal: total,
        userId: t.acme.users.cashier.id,
        businessDate: "2026-11-20",
        createdAt,
      });
      const first = make(1, "completed", "1180.00", new Date("2026-11-20T14:00:00Z"));
      const second = make(2, "cancelled", "500.00", new Date("2026-11-21T14:00:00Z"));
      // RD$300 handed over for RD$236.50: RD$63.50 back.
      const third = { ...make(3, "completed", "236.50", new Date("2026-11-22T14:00:00Z")), paidTotal: "300.00", changeAmount: "63.50" };
      await tx.insert(orders).values([first, second, third]);
      const pay = (orderId: string, methodId: string, amount: string) => ({ tenantId, id: newId(), orderId, paymentMethodId: methodId, currencyId: dop!.id, amount, rate: "1", baseAmount: amount });
      await tx.insert(orderPayments).values([pay(first.id, cash!.id, "1000.00"), pay(first.id, card!.id, "180.00"), pay(third.id, cash!.id, "300.00")]);
    });
    const page1 = await cashier.customer.getHistory.query({ customerId: nacional!.id, pageSize: 2 });
    expect(page1.pagination).toEqual({ page: 1, pageSize: 2, total: 3, pageCount: 2 });
    expect(page1.summary).toEqual({ orders: 3, completedOrders: 2, completedTotal: "1416.50", lastPurchaseAt: new Date("2026-11-22T14:00:00Z") });
    expect(page1.data.map((o) => [o.number, o.status, o.total])).toEqual([
      ["FAC-000003", "completed", "236.50"],
      ["FAC-000002", "cancelled", "500.00"],
    ]);
    expect(page1.data[0]!.payments.map((p) => [p.paymentMethodCode, p.amount, p.currencyCode])).toEqual([["CASH", "300.00", "DOP"]]);
    // What was handed over, what the invoice took and the change, apart.
    expect(page1.data[0]).toMatchObject({ paidTotal: "300.00", appliedAmount: "236.50", changeAmount: "63.50" });
    const page2 = await cashier.customer.getHistory.query({ customerId: nacional!.id, page: 2, pageSize: 2 });
    expect(page2.data.map((o) => o.number)).toEqual(["FAC-000001"]);
    expect(page2.data[0]).toMatchObject({ paidTotal: "1180.00", appliedAmount: "1180.00", changeAmount: "0.00" });
    expect(page2.data[0]!.payments.map((p) => [p.paymentMethodCode, p.amount])).toEqual([
      ["CASH", "1000.00"],
      ["CARD", "180.00"],
    ]);
    const [luis] = await owner.customer.search.query({ query: "VIP-01" });
    expect(await owner.customer.getHistory.query({ customerId: luis!.id })).toMatchObject({ data: [], pagination: { total: 0 }, summary: { orders: 0, completedTotal: "0.00", lastPurchaseAt: null } });
    expect((await errorOf(outsider.customer.getHistory.query({ customerId: nacional!.id }))).code).toBe("NOT_FOUND");
  });
});

describe("rewards points", () => {
  it("addPointMovement keeps customers.points equal to the ledger; getPoints shows balance and movements", async () => {
    const [ana] = await owner.customer.search.query({ query: "Ana Castillo" });
    const tenantId = t.acme.tenant.id;
    const saleId = newId();
    expect(await acmeTx((tx) => addPointMovement(tx, tenantId, { customerId: ana!.id, points: 120, sourceType: "sale", sourceId: saleId }))).toBe(120);
    expect(await acmeTx((tx) => addPointMovement(tx, tenantId, { customerId: ana!.id, points: -20, sourceType: "redemption", note: "Canje" }))).toBe(100);
    expect(await failure(acmeTx((tx) => addPointMovement(tx, tenantId, { customerId: ana!.id, points: -101, sourceType: "redemption" })))).toMatchObject({ code: "BAD_REQUEST" });
    expect(await failure(acmeTx((tx) => addPointMovement(tx, tenantId, { customerId: ana!.id, points: 1.5, sourceType: "adjustment" })))).toMatchObject({ code: "BAD_REQUEST" });
    expect(await acmeTx((tx) => addPointMovement(tx, tenantId, { customerId: ana!.id, points: -120, sourceType: "sale_cancel", sourceId: saleId }))).toBe(-20);
    expect(await failure(withTenant(t.db, t.other.tenant.id, (tx) => addPointMovement(tx, t.other.tenant.id, { customerId: ana!.id, points: 5, sourceType: "adjustment" })))).toMatchObject({ code: "NOT_FOUND" });

    const points = await cashier.customer.getPoints.query({ customerId: ana!.id });
    expect(points.balance).toBe(-20);
    expect(points.eligibleForRewards).toBe(true);
    expect(points.movements.map((m) => [m.sourceType, m.points, m.balanceAfter])).toEqual([
      ["sale_cancel", -120, -20],
      ["redemption", -20, 100],
      ["sale", 120, 120],
    ]);
    const ledger = await acmeTx((tx) => tx.execute(sql`select sum(points)::int as sum from customer_point_movements where customer_id = ${ana!.id}`));
    expect(rowsOf<{ sum: number }>(ledger)).toEqual([{ sum: -20 }]);
    expect((await owner.customer.getById.query({ id: ana!.id })).points).toBe(-20);
    expect((await errorOf(outsider.customer.getPoints.query({ customerId: ana!.id }))).code).toBe("NOT_FOUND");
  });
});

describe("getCustomerForSale", () => {
  it("what a sale needs; NOT_FOUND for another tenant's customer", async () => {
    const [nacional] = await owner.customer.search.query({ query: "Supermercado Nacional" });
    const c = await acmeTx((tx) => getCustomerForSale(tx, t.acme.tenant.id, nacional!.id));
    expect(c).toEqual({ id: nacional!.id, name: "Supermercado Nacional", taxId: RNC, taxIdOverride: false, email: "compras@nacional.do", phone: "809-555-0101", address: "Av. 27 de Febrero", eligibleForRewards: true, points: 0, isDefault: false });
    expect(await failure(withTenant(t.db, t.other.tenant.id, (tx) => getCustomerForSale(tx, t.other.tenant.id, nacional!.id)))).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("customerType.*", () => {
  it("active list for the select, full list, create, update (unique names)", async () => {
    const inactive = await owner.customerType.create.mutate({ name: "Mayorista", is_active: false });
    expect((await cashier.customerType.getActive.query()).map((x) => x.name)).toEqual(["Corporativo"]);
    expect((await owner.customerType.getAll.query()).map((x) => x.name)).toEqual(["Corporativo", "Mayorista"]);
    expect(await errorOf(owner.customerType.create.mutate({ name: "Corporativo" }))).toEqual({ code: "CONFLICT", message: "Ya existe un tipo de cliente llamado Corporativo" });
    expect((await owner.customerType.update.mutate({ id: inactive.id, name: "Mayoristas", is_active: true })).isActive).toBe(true);
    expect((await cashier.customerType.getActive.query()).map((x) => x.name)).toEqual(["Corporativo", "Mayoristas"]);
    expect(await outsider.customerType.getAll.query()).toEqual([]);
    expect((await errorOf(outsider.customerType.update.mutate({ id: inactive.id, name: "Hack" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(cashier.customerType.create.mutate({ name: "Y" }))).code).toBe("FORBIDDEN");
  });
});

describe("another business's customer", () => {
  it("is NOT_FOUND for every read and write by id, and never listed", async () => {
    const [nacional] = await owner.customer.search.query({ query: "Supermercado Nacional" });
    const id = nacional!.id;
    expect((await errorOf(outsider.customer.getById.query({ id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.customer.update.mutate({ id, name: "Hack" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.customer.delete.mutate({ id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.customer.restore.mutate({ id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.customer.getHistory.query({ customerId: id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.customer.getPoints.query({ customerId: id }))).code).toBe("NOT_FOUND");
    expect((await outsider.customer.getAll.query({ search: "nacional" })).data).toEqual([]);
    expect((await outsider.customer.getAll.query({ showDeleted: true })).data.map((c) => c.name).sort()).toEqual(["Contado", "Otro negocio"]);
    const still = await owner.customer.getById.query({ id });
    expect(still).toMatchObject({ name: "Supermercado Nacional", isActive: true });
    const rows = await acmeTx((tx) => tx.select({ n: sql<number>`count(*)::int` }).from(customers).where(and(eq(customers.name, "Hack"))));
    expect(rows[0]!.n).toBe(0);
  });
});

describe("permissions", () => {
  it("a cashier views, creates and updates but may not delete; anonymous is UNAUTHORIZED", async () => {
    const [nacional] = await owner.customer.search.query({ query: "Supermercado Nacional" });
    expect((await cashier.customer.getAll.query()).data.length).toBeGreaterThan(0);
    expect((await errorOf(cashier.customer.delete.mutate({ id: nacional!.id }))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.customer.restore.mutate({ id: nacional!.id }))).code).toBe("FORBIDDEN");
    for (const call of [
      () => anonymous.customer.getAll.query(),
      () => anonymous.customer.getById.query({ id: nacional!.id }),
      () => anonymous.customer.search.query({ query: "ana" }),
      () => anonymous.customer.getRecent.query(),
      () => anonymous.customer.create.mutate({ name: "X" }),
      () => anonymous.customerType.getActive.query(),
      () => anonymous.legattiCustomer.getByCustomerId.query({ customerId: nacional!.id }),
    ]) {
      expect((await errorOf(call())).code).toBe("UNAUTHORIZED");
    }
  });
});

describe("search without accents", () => {
  it("'jose pena' finds José Peña, and typing the accents finds it too", async () => {
    const c = await owner.customer.create.mutate({ name: "José Peña Núñez", phone: "809-555-7788" });
    expect((await cashier.customer.search.query({ query: "jose pena" })).map((x) => x.id)).toContain(c.id);
    expect((await cashier.customer.search.query({ query: "JOSÉ PEÑA" })).map((x) => x.id)).toContain(c.id);
    expect((await cashier.customer.getAll.query({ search: "nunez", page: 1, pageSize: 20 })).data.map((x) => x.id)).toContain(c.id);
  });
});
