import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../db/client";
import { newId } from "../../ids";
import { createTestContext, errorOf, type TestContext } from "../../test/harness";
import { tenantConfigs } from "../tenant/tables";
import { warehouses } from "../warehouse/tables";
import { ledgerBalance } from "./stock";

let t: TestContext;
let principal: string;
let segundo: string;
let productId: string;
const today = "2026-11-22";

beforeAll(async () => {
  t = await createTestContext();
  const tenantId = t.acme.tenant.id;
  await withTenant(t.db, tenantId, async (tx) => {
    principal = (await tx.select().from(warehouses).where(eq(warehouses.tenantId, tenantId)))[0]!.id;
    segundo = newId();
    await tx.insert(warehouses).values({ tenantId, id: segundo, code: "SEG", name: "Segundo", order: 1 });
  });
  const owner = await t.client("acme", "owner");
  productId = (await owner.product.create.mutate({ name: "Arroz La Garza 10 lb", sku: "ARR-10", price: "420", price2: "410", price3: "400", warehouseQuantities: [{ warehouseId: principal, initialQuantity: "20" }] })).id;
});
afterAll(() => t.close());

async function stock(warehouseId: string) {
  const owner = await t.client("acme", "owner");
  const p = await owner.product.getById.query({ id: productId });
  return p.warehouseQuantities.find((w) => w.warehouseId === warehouseId)?.currentQuantity ?? "0.0000";
}

describe("warehouseMovement.*", () => {
  it("an entry completed at once adds stock and gets a number", async () => {
    const owner = await t.client("acme", "owner");
    const m = await owner.warehouseMovement.create.mutate({ type: "entry", warehouseId: principal, date: today, reference: "Factura 553", lines: [{ productId, quantity: "10", cost: "350" }], complete: true });
    expect(m).toMatchObject({ number: "MOV-000001", status: "completed", warehouseName: "Principal" });
    expect(m.lines[0]).toMatchObject({ productName: "Arroz La Garza 10 lb", currentStock: "20.0000", newStock: "30.0000" });
    expect(await stock(principal)).toBe("30.0000");
  });

  it("a transfer moves stock from one warehouse to the other", async () => {
    const owner = await t.client("acme", "owner");
    const m = await owner.warehouseMovement.create.mutate({ type: "transfer", warehouseId: principal, destinationWarehouseId: segundo, date: today, lines: [{ productId, quantity: "8" }] });
    expect(m.status).toBe("pending");
    expect(await stock(principal)).toBe("30.0000");
    const done = await owner.warehouseMovement.complete.mutate({ id: m.id });
    expect(done).toMatchObject({ status: "completed", destinationWarehouseName: "Segundo" });
    expect(await stock(principal)).toBe("22.0000");
    expect(await stock(segundo)).toBe("8.0000");
    expect((await errorOf(owner.warehouseMovement.complete.mutate({ id: m.id }))).message).toBe("Solo un movimiento pendiente se puede completar");
  });

  it("cancelling a completed exit gives the stock back; cancelling twice is refused", async () => {
    const owner = await t.client("acme", "owner");
    const m = await owner.warehouseMovement.create.mutate({ type: "exit", warehouseId: principal, date: today, lines: [{ productId, quantity: "2" }], complete: true });
    expect(await stock(principal)).toBe("20.0000");
    await owner.warehouseMovement.cancel.mutate({ id: m.id });
    expect(await stock(principal)).toBe("22.0000");
    expect((await errorOf(owner.warehouseMovement.cancel.mutate({ id: m.id }))).message).toBe("El movimiento ya está cancelado");
    const balance = await withTenant(t.db, t.acme.tenant.id, (tx) => ledgerBalance(tx, t.acme.tenant.id, productId, principal));
    expect(balance).toBe("22.0000");
  });

  it("an adjustment sets the counted quantity and needs a reason", async () => {
    const owner = await t.client("acme", "owner");
    const bad = await errorOf(owner.warehouseMovement.create.mutate({ type: "adjustment", warehouseId: segundo, date: today, lines: [{ productId, quantity: "5" }] }));
    expect(bad.message).toBe("reason: La razón del ajuste es requerida");
    const m = await owner.warehouseMovement.create.mutate({ type: "adjustment", reason: "damaged", warehouseId: segundo, date: today, lines: [{ productId, quantity: "5" }], complete: true });
    expect(m.lines[0]).toMatchObject({ currentStock: "8.0000", newStock: "5.0000" });
    expect(await stock(segundo)).toBe("5.0000");
  });

  it("validates: transfer destination, products, quantities", async () => {
    const owner = await t.client("acme", "owner");
    expect((await errorOf(owner.warehouseMovement.create.mutate({ type: "transfer", warehouseId: principal, date: today, lines: [{ productId, quantity: "1" }] }))).message).toBe(
      "destinationWarehouseId: El almacén de destino es requerido para transferencias",
    );
    expect((await errorOf(owner.warehouseMovement.create.mutate({ type: "entry", warehouseId: principal, date: today, lines: [] }))).message).toBe("lines: Agregue al menos un producto");
    expect((await errorOf(owner.warehouseMovement.create.mutate({ type: "entry", warehouseId: principal, date: today, lines: [{ productId, quantity: "0" }] }))).message).toBe(
      "lines.0.quantity: La cantidad es requerida",
    );
  });

  it("the same idempotency key returns the first movement", async () => {
    const owner = await t.client("acme", "owner");
    const input = { type: "entry" as const, warehouseId: principal, date: today, lines: [{ productId, quantity: "1" }], complete: true, idempotencyKey: "key-entry-0001" };
    const a = await owner.warehouseMovement.create.mutate(input);
    const b = await owner.warehouseMovement.create.mutate(input);
    expect(b.id).toBe(a.id);
    expect(await stock(principal)).toBe("23.0000");
  });

  it("lists with type, status and warehouse filters", async () => {
    const owner = await t.client("acme", "owner");
    expect((await owner.warehouseMovement.getAll.query({ type: "transfer" })).data.map((m) => m.type)).toEqual(["transfer"]);
    expect((await owner.warehouseMovement.getAll.query({ status: "cancelled" })).pagination.total).toBe(1);
    const bySegundo = await owner.warehouseMovement.getAll.query({ warehouseId: segundo });
    expect(bySegundo.data.map((m) => m.type).sort()).toEqual(["adjustment", "transfer"]);
    expect(bySegundo.data.find((m) => m.type === "transfer")).toMatchObject({ warehouseName: "Principal", destinationWarehouseName: "Segundo", lineCount: 1 });
  });

  it("outsiders and cashiers are refused", async () => {
    const owner = await t.client("acme", "owner");
    const [first] = (await owner.warehouseMovement.getAll.query({})).data;
    const outsider = await t.client("other", "owner");
    expect((await errorOf(outsider.warehouseMovement.getById.query({ id: first!.id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.warehouseMovement.cancel.mutate({ id: first!.id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.warehouseMovement.create.mutate({ type: "entry", warehouseId: principal, date: today, lines: [{ productId, quantity: "1" }] }))).code).toBe("NOT_FOUND");
    const cashier = await t.client("acme", "cashier");
    expect((await errorOf(cashier.warehouseMovement.getAll.query({}))).code).toBe("FORBIDDEN");
  });
});

describe("editing and deleting a pending movement (warehouseMovement.update / delete / getStock)", () => {
  it("update replaces a pending movement's fields and lines, noting the stock they start from; with complete it moves stock", async () => {
    const owner = await t.client("acme", "owner");
    const before = await stock(principal);
    const m = await owner.warehouseMovement.create.mutate({ type: "entry", warehouseId: principal, date: today, reference: "OC-1", lines: [{ productId, quantity: "3", cost: "300" }] });
    const edited = await owner.warehouseMovement.update.mutate({ id: m.id, type: "exit", warehouseId: principal, date: today, reference: "Merma", lines: [{ productId, quantity: "2" }] });
    expect(edited).toMatchObject({ id: m.id, number: m.number, type: "exit", reference: "Merma", status: "pending" });
    expect(edited.lines).toHaveLength(1);
    expect(edited.lines[0]).toMatchObject({ quantity: "2.0000", cost: null, currentStock: before });
    expect(await stock(principal)).toBe(before);
    const done = await owner.warehouseMovement.update.mutate({ id: m.id, type: "exit", warehouseId: principal, date: today, lines: [{ productId, quantity: "1" }], complete: true });
    expect(done.status).toBe("completed");
    expect(await stock(principal)).toBe((Number(before) - 1).toFixed(4));
    // A completed movement is not edited nor deleted: it is cancelled.
    const notEditable = await errorOf(owner.warehouseMovement.update.mutate({ id: m.id, type: "exit", warehouseId: principal, date: today, lines: [{ productId, quantity: "5" }] }));
    expect(notEditable).toEqual({ code: "BAD_REQUEST", message: "Solo un movimiento pendiente se puede editar; uno completado se cancela" });
    expect((await errorOf(owner.warehouseMovement.delete.mutate({ id: m.id }))).message).toBe("Solo un movimiento pendiente se puede eliminar; uno completado se cancela");
  });

  it("update validates like create", async () => {
    const owner = await t.client("acme", "owner");
    const m = await owner.warehouseMovement.create.mutate({ type: "entry", warehouseId: principal, date: today, lines: [{ productId, quantity: "1" }] });
    const noLines = await errorOf(owner.warehouseMovement.update.mutate({ id: m.id, type: "entry", warehouseId: principal, date: today, lines: [] }));
    expect(noLines.code).toBe("BAD_REQUEST");
    const sameWarehouse = await errorOf(owner.warehouseMovement.update.mutate({ id: m.id, type: "transfer", warehouseId: principal, destinationWarehouseId: principal, date: today, lines: [{ productId, quantity: "1" }] }));
    expect(sameWarehouse.code).toBe("BAD_REQUEST");
    const badQuantity = await errorOf(owner.warehouseMovement.update.mutate({ id: m.id, type: "entry", warehouseId: principal, date: today, lines: [{ productId, quantity: "1.12345" }] }));
    expect(badQuantity).toEqual({ code: "BAD_REQUEST", message: "lines.0.quantity: La cantidad debe ser un número de 0 o más, con hasta 4 decimales" });
    expect((await owner.warehouseMovement.getById.query({ id: m.id })).lines[0]).toMatchObject({ quantity: "1.0000" });
  });

  it("delete keeps a pending movement, cancelled under its number, and moves no stock", async () => {
    const owner = await t.client("acme", "owner");
    const before = await stock(principal);
    const m = await owner.warehouseMovement.create.mutate({ type: "exit", warehouseId: principal, date: today, lines: [{ productId, quantity: "4" }] });
    const gone = await owner.warehouseMovement.delete.mutate({ id: m.id });
    expect(gone).toMatchObject({ id: m.id, number: m.number, status: "cancelled" });
    expect(await stock(principal)).toBe(before);
    expect((await owner.warehouseMovement.getAll.query({ status: "cancelled" })).data.some((r) => r.id === m.id)).toBe(true);
  });

  it("getStock gives each product's quantity per warehouse", async () => {
    const owner = await t.client("acme", "owner");
    const rows = await owner.warehouseMovement.getStock.query({ productIds: [productId] });
    expect(rows.find((r) => r.warehouseId === principal)?.quantity).toBe(await stock(principal));
    expect(rows.find((r) => r.warehouseId === segundo)?.quantity).toBe(await stock(segundo));
    expect((await errorOf(owner.warehouseMovement.getStock.query({ productIds: ["nope"] }))).code).toBe("BAD_REQUEST");
  });

  it("outsiders get NOT_FOUND (and see no stock); cashiers are refused", async () => {
    const owner = await t.client("acme", "owner");
    const m = await owner.warehouseMovement.create.mutate({ type: "entry", warehouseId: principal, date: today, lines: [{ productId, quantity: "1" }] });
    const outsider = await t.client("other", "owner");
    expect((await errorOf(outsider.warehouseMovement.update.mutate({ id: m.id, type: "entry", warehouseId: principal, date: today, lines: [{ productId, quantity: "9" }] }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.warehouseMovement.delete.mutate({ id: m.id }))).code).toBe("NOT_FOUND");
    expect(await outsider.warehouseMovement.getStock.query({ productIds: [productId] })).toEqual([]);
    expect((await owner.warehouseMovement.getById.query({ id: m.id })).status).toBe("pending");
    const cashier = await t.client("acme", "cashier");
    expect((await errorOf(cashier.warehouseMovement.update.mutate({ id: m.id, type: "entry", warehouseId: principal, date: today, lines: [{ productId, quantity: "9" }] }))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.warehouseMovement.delete.mutate({ id: m.id }))).code).toBe("FORBIDDEN");
  });
});

describe("stock ledger under concurrency", () => {
  it("two exits racing for the last unit: one wins, and the quantity equals the ledger", async () => {
    const tenantId = t.acme.tenant.id;
    await withTenant(t.db, tenantId, (tx) => tx.update(tenantConfigs).set({ allowNegativeStock: false }).where(eq(tenantConfigs.tenantId, tenantId)));
    const owner = await t.client("acme", "owner");
    const { id } = await owner.product.create.mutate({ name: "Último pan", sku: "PAN-1", price: "10", price2: "10", price3: "10", warehouseQuantities: [{ warehouseId: principal, initialQuantity: "1" }] });
    const [a, b] = await Promise.all([t.client("acme", "owner"), t.client("acme", "admin")]);
    const sell = (c: typeof a) => c.warehouseMovement.create.mutate({ type: "exit", warehouseId: principal, date: today, lines: [{ productId: id, quantity: "1" }], complete: true });
    const results = await Promise.allSettled([sell(a), sell(b)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const failure = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(String(failure.reason.message)).toContain("Existencia insuficiente de Último pan en Principal");
    const p = await owner.product.getById.query({ id });
    const balance = await withTenant(t.db, tenantId, (tx) => ledgerBalance(tx, tenantId, id, principal));
    expect(p.warehouseQuantities[0]!.currentQuantity).toBe("0.0000");
    expect(balance).toBe("0.0000");
    // With negative stock allowed (the default), both go through and still agree with the ledger.
    await withTenant(t.db, tenantId, (tx) => tx.update(tenantConfigs).set({ allowNegativeStock: true }).where(eq(tenantConfigs.tenantId, tenantId)));
    await Promise.all([sell(a), sell(b), sell(a)]);
    const after = await owner.product.getById.query({ id });
    expect(after.warehouseQuantities[0]!.currentQuantity).toBe("-3.0000");
    expect(await withTenant(t.db, tenantId, (tx) => ledgerBalance(tx, tenantId, id, principal))).toBe("-3.0000");
  });
});
