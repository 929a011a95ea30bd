import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../db/client";
import { newId } from "../../ids";
import { type Client, createTestContext, errorOf, openCashboxFor, type TestContext } from "../../test/harness";
import { orderPayments, orders } from "./tables";

let t: TestContext;
let owner: Client;
let cashier: Client;
let admin: Client;
let warehouseId: string;
let soda: string;
let cash: string;
let dop: string;

beforeAll(async () => {
  t = await createTestContext();
  owner = await t.client("acme", "owner");
  cashier = await t.client("acme", "cashier");
  admin = await t.client("acme", "admin");
  warehouseId = (await owner.warehouse.getAll.query())[0]!.id;
  soda = (await owner.product.create.mutate({ name: "Refresco 2L", sku: "REF-2L", price: "118", price2: "118", price3: "118", warehouseQuantities: [{ warehouseId, initialQuantity: "50" }] })).id;
  cash = (await owner.paymentMethod.getAll.query()).find((m) => m.code === "CASH")!.id;
  dop = (await owner.currency.getActive.query()).find((c) => c.code === "DOP")!.id;
});
afterAll(() => t.close());

const sale = (extra: Record<string, unknown> = {}) => ({
  clientOrderId: newId(),
  customerId: "default",
  warehouseId,
  items: [{ productId: soda, quantity: "1" }],
  payments: [{ paymentMethodId: cash, currencyId: dop, amount: "200" }],
  ...extra,
});

async function sessionOf(orderId: string) {
  const tenantId = t.acme.tenant.id;
  return withTenant(t.db, tenantId, async (tx) => {
    const [o] = await tx.select({ session: orders.cashboxSessionId }).from(orders).where(and(eq(orders.tenantId, tenantId), eq(orders.id, orderId)));
    const payments = await tx.select({ session: orderPayments.cashboxSessionId }).from(orderPayments).where(and(eq(orderPayments.tenantId, tenantId), eq(orderPayments.orderId, orderId)));
    return { order: o!.session, payments: payments.map((p) => p.session) };
  });
}

describe("cash control at the POS", () => {
  it("with the cashier's box closed a POS sale is refused and nothing is written", async () => {
    const input = sale();
    expect(await errorOf(cashier.pos.checkout.mutate(input))).toEqual({ code: "BAD_REQUEST", message: "La caja está cerrada: ábrala para vender (Abrir caja)." });
    expect((await cashier.pos.getRecentInvoices.query({ limit: 50 })).length).toBe(0);
  });

  it("a sale goes to the session the cashier opened, order and payments alike", async () => {
    const { sessionId } = await openCashboxFor(t, t.acme, "cashier");
    const r = await cashier.pos.checkout.mutate(sale());
    expect(await sessionOf(r.orderId)).toEqual({ order: sessionId, payments: [sessionId] });
    // the close counts it
    const summary = await owner.cashbox.getCloseSummary.query({ sessionId });
    expect(JSON.stringify(summary)).toContain("118");
  });

  it("another cashier's open box does not count: the admin without a session of their own is refused", async () => {
    expect((await errorOf(admin.pos.checkout.mutate(sale()))).message).toBe("La caja está cerrada: ábrala para vender (Abrir caja).");
    // naming the cashier's box is refused too (it is not open in the admin's name)
    const { cashboxId } = await openCashboxFor(t, t.acme, "owner");
    expect((await errorOf(admin.pos.checkout.mutate(sale({ cashboxId })))).message).toBe("No se encontró una caja activa");
  });

  it("a back-office invoice needs no cash box: its payment goes to the session of whoever records it when one is open", async () => {
    const r = await admin.invoice.create.mutate(sale());
    expect(await sessionOf(r.orderId)).toEqual({ order: null, payments: [null] });
  });

  it("a shop that does not count cash sells without a session once the owner says so; only the owner's settings change it", async () => {
    expect((await errorOf(cashier.tenant.updateConfig.mutate({ sell_without_cashbox: true }))).code).toBe("FORBIDDEN");
    expect((await owner.tenant.updateConfig.mutate({ sell_without_cashbox: true })).config.sell_without_cashbox).toBe(true);
    const r = await admin.pos.checkout.mutate(sale());
    expect(await sessionOf(r.orderId)).toEqual({ order: null, payments: [null] });
    expect((await cashier.tenant.getCurrentConfig.query()).config.sell_without_cashbox).toBe(true);
    await owner.tenant.updateConfig.mutate({ sell_without_cashbox: false });
    expect((await errorOf(admin.pos.checkout.mutate(sale()))).code).toBe("BAD_REQUEST");
  });

  it("the same sale sent again after the box closed returns the first result (the retry is not refused)", async () => {
    const { sessionId } = await openCashboxFor(t, t.acme, "admin");
    const input = sale();
    const first = await admin.pos.checkout.mutate(input);
    await withTenant(t.db, t.acme.tenant.id, (tx) => tx.execute(sql`update cashbox_sessions set status = 'closed' where id = ${sessionId}`));
    expect((await admin.pos.checkout.mutate(input)).orderId).toBe(first.orderId);
  });
});
