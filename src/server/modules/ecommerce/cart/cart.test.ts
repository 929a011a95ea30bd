import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_APPROVE_CARD } from "../../../../shared/payment-link/sandbox-cards";
import { withTenant } from "../../../db/client";
import { newId } from "../../../ids";
import { type Client, createTestContext, errorOf, type TestContext } from "../../../test/harness";
import { productStock } from "../../inventory/tables";
import { mailMessages } from "../../mail/tables";
import { ncfTypes } from "../../ncf/tables";
import { orders } from "../../pos/tables";
import { onlineStockReservations } from "../tables";
import { insertOnlineProduct, publishStore } from "../test-fixture";

let t: TestContext;
let anon: Client;
let owner: Client;
let cashier: Client;
let otherAnon: Client;
let storeId: string;
let otherStoreId: string;

const session = () => `s_${newId().replace(/-/g, "")}`;
const buyer = { name: "Ana Pérez", email: "ana@example.com", phone: "809-555-0101", fulfillment: "pickup" as const, language: "es" as const };

async function stockOf(productId: string) {
  return withTenant(t.db, t.acme.tenant.id, async (tx) => {
    const [row] = await tx.select({ q: productStock.currentQuantity }).from(productStock).where(and(eq(productStock.tenantId, t.acme.tenant.id), eq(productStock.productId, productId)));
    return Number(row?.q ?? 0);
  });
}

async function invoiceOf(invoiceId: string) {
  return withTenant(t.db, t.acme.tenant.id, async (tx) => {
    const [row] = await tx
      .select({ ncf: orders.ncf, total: orders.total, balanceDue: orders.balanceDue, code: ncfTypes.code, status: orders.status })
      .from(orders)
      .leftJoin(ncfTypes, and(eq(ncfTypes.tenantId, orders.tenantId), eq(ncfTypes.id, orders.ncfTypeId)))
      .where(and(eq(orders.tenantId, t.acme.tenant.id), eq(orders.id, invoiceId)));
    return row!;
  });
}

beforeAll(async () => {
  t = await createTestContext();
  anon = await t.client("acme");
  owner = await t.client("acme", "owner");
  cashier = await t.client("acme", "cashier");
  otherAnon = await t.client("other");
  storeId = (await publishStore(t, "acme")).id;
  otherStoreId = (await publishStore(t, "other")).id;
}, 120_000);
afterAll(() => t?.close());

describe("the online cart", () => {
  it("adds, merges, updates and removes lines with server prices and totals", async () => {
    const a = await insertOnlineProduct(t, "acme", { price: "118.00", onlinePrice: "100.00", stock: "10" });
    const b = await insertOnlineProduct(t, "acme", { price: "50.00", stock: "5", isTaxable: false });
    const sessionId = session();
    expect(await anon.ecommerce.getCart.query({ storeId, sessionId })).toMatchObject({ id: "", items: [], total: "0.00", item_count: 0 });
    await anon.ecommerce.addToCart.mutate({ storeId, productId: a.productId, quantity: 1, sessionId });
    await anon.ecommerce.addToCart.mutate({ storeId, productId: a.productId, quantity: 1, sessionId });
    const cart = await anon.ecommerce.addToCart.mutate({ storeId, productId: b.productId, quantity: 2, sessionId });
    expect(cart.items).toHaveLength(2);
    expect(cart.items[0]).toMatchObject({ product_id: a.productId, quantity: 2, price: "118.00", online_price: "100.00" });
    // 2 × 100 tax included (18 %) = 169.49 + 30.51; 2 × 50 exempt.
    expect(cart).toMatchObject({ subtotal: "269.49", tax_total: "30.51", shipping_total: "0.00", total: "300.00", item_count: 4 });
    const line = cart.items[1]!;
    const updated = await anon.ecommerce.updateCartItem.mutate({ cartId: cart.id, itemId: line.id, quantity: 1, sessionId });
    expect(updated.item_count).toBe(3);
    const removed = await anon.ecommerce.updateCartItem.mutate({ cartId: cart.id, itemId: line.id, quantity: 0, sessionId });
    expect(removed.items.map((i) => i.product_id)).toEqual([a.productId]);
    // Another session cannot change this cart.
    expect(await errorOf(anon.ecommerce.updateCartItem.mutate({ cartId: cart.id, itemId: cart.items[0]!.id, quantity: 3, sessionId: session() }))).toMatchObject({
      code: "NOT_FOUND",
      message: "No se pudo actualizar el carrito",
    });
  });

  it("refuses more than the stock, products not online, bad input, and another tenant's product or store", async () => {
    const p = await insertOnlineProduct(t, "acme", { name: "Taza", stock: "2" });
    const offline = await insertOnlineProduct(t, "acme", { stock: "5", isOnline: false });
    const foreign = await insertOnlineProduct(t, "other", { stock: "5" });
    const sessionId = session();
    expect((await errorOf(anon.ecommerce.addToCart.mutate({ storeId, productId: p.productId, quantity: 3, sessionId }))).message).toBe("Solo quedan 2 unidades de Taza");
    expect(await errorOf(anon.ecommerce.addToCart.mutate({ storeId, productId: offline.productId, quantity: 1, sessionId }))).toMatchObject({ code: "NOT_FOUND", message: "No se pudo agregar el producto" });
    expect((await errorOf(anon.ecommerce.addToCart.mutate({ storeId, productId: foreign.productId, quantity: 1, sessionId }))).code).toBe("NOT_FOUND");
    expect((await errorOf(anon.ecommerce.addToCart.mutate({ storeId: otherStoreId, productId: p.productId, quantity: 1, sessionId }))).message).toBe("No se pudo identificar la tienda");
    expect((await errorOf(otherAnon.ecommerce.getCart.query({ storeId, sessionId }))).code).toBe("NOT_FOUND");
    expect((await errorOf(anon.ecommerce.addToCart.mutate({ storeId, productId: p.productId, quantity: 0, sessionId }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(anon.ecommerce.addToCart.mutate({ storeId, productId: p.productId, quantity: 1.5, sessionId }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(anon.ecommerce.getCart.query({ storeId, sessionId: "short" }))).code).toBe("BAD_REQUEST");
    const cart = await anon.ecommerce.addToCart.mutate({ storeId, productId: p.productId, quantity: 2, sessionId });
    // The other tenant's visitor cannot touch acme's cart even with its ids and session.
    expect((await errorOf(otherAnon.ecommerce.updateCartItem.mutate({ cartId: cart.id, itemId: cart.items[0]!.id, quantity: 1, sessionId }))).code).toBe("NOT_FOUND");
  });

  it("an unpublished store takes no cart calls", async () => {
    await publishStore(t, "other", { published: false });
    const p = await insertOnlineProduct(t, "other", { stock: "5" });
    expect((await errorOf(otherAnon.ecommerce.addToCart.mutate({ storeId: otherStoreId, productId: p.productId, quantity: 1, sessionId: session() }))).message).toBe("No se pudo identificar la tienda");
    await publishStore(t, "other");
  });
});

describe("checkout", () => {
  it("on delivery: invoiced at once (B02, on credit), stock moved, mails in the outbox, idempotent", async () => {
    const p = await insertOnlineProduct(t, "acme", { price: "200.00", stock: "4" });
    const sessionId = session();
    await anon.ecommerce.addToCart.mutate({ storeId, productId: p.productId, quantity: 2, sessionId });
    const input = { ...buyer, storeId, sessionId, paymentMethod: "on_delivery" as const, idempotencyKey: newId() };
    const first = await anon.ecommerce.checkout.mutate(input);
    expect(first).toMatchObject({ status: "invoiced", paymentUrl: null });
    expect(first.number).toMatch(/^WEB-\d{4}$/);
    expect(await anon.ecommerce.checkout.mutate(input)).toMatchObject({ orderId: first.orderId, number: first.number });
    const order = await owner.ecommerce.getOnlineOrder.query({ id: first.orderId });
    expect(order).toMatchObject({ status: "invoiced", total: "400.00" });
    const invoice = await invoiceOf(order.invoice!.id);
    expect(invoice).toMatchObject({ code: "B02", total: "400.00", balanceDue: "400.00" });
    expect(invoice.ncf).toMatch(/^B02\d{8}$/);
    expect(await stockOf(p.productId)).toBe(2);
    const mails = await withTenant(t.db, t.acme.tenant.id, (tx) => tx.select({ to: mailMessages.toAddress, subject: mailMessages.subject }).from(mailMessages).where(eq(mailMessages.tenantId, t.acme.tenant.id)));
    expect(mails.map((m) => m.to)).toEqual(expect.arrayContaining(["ana@example.com", "owner@acme.test"]));
    expect(mails.some((m) => m.subject.includes(first.number))).toBe(true);
    // The cart is ordered: the same session has an empty cart now.
    expect((await anon.ecommerce.getCart.query({ storeId, sessionId })).items).toEqual([]);
  });

  it("with a valid RNC the invoice is B01; an invalid RNC or a delivery without address is refused", async () => {
    const p = await insertOnlineProduct(t, "acme", { price: "100.00", stock: "3" });
    const sessionId = session();
    await anon.ecommerce.addToCart.mutate({ storeId, productId: p.productId, quantity: 1, sessionId });
    const base = { ...buyer, storeId, sessionId, paymentMethod: "on_delivery" as const };
    expect((await errorOf(anon.ecommerce.checkout.mutate({ ...base, rnc: "123456789", idempotencyKey: newId() }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(anon.ecommerce.checkout.mutate({ ...base, fulfillment: "delivery", idempotencyKey: newId() }))).message).toContain("Ingresa la dirección de entrega");
    const done = await anon.ecommerce.checkout.mutate({ ...base, name: "Empresa SRL", email: "compras@empresa.do", rnc: "1-01-85004-3", idempotencyKey: newId() });
    const order = await owner.ecommerce.getOnlineOrder.query({ id: done.orderId });
    expect((await invoiceOf(order.invoice!.id)).code).toBe("B01");
  });

  it("payment link: stock reserved (blocks a second buyer), paid through the sandbox → invoice, stock moved, reservation released", async () => {
    await owner.paymentLink.updateSettings.mutate({ isEnabled: true, ttlDays: 7 });
    const p = await insertOnlineProduct(t, "acme", { name: "Lámpara", price: "500.00", stock: "1" });
    const sessionId = session();
    await anon.ecommerce.addToCart.mutate({ storeId, productId: p.productId, quantity: 1, sessionId });
    const done = await anon.ecommerce.checkout.mutate({ ...buyer, storeId, sessionId, paymentMethod: "payment_link", idempotencyKey: newId() });
    expect(done.status).toBe("pending_payment");
    expect(done.paymentUrl).toMatch(/\/pay\/[0-9a-f-]{36}$/);
    // A second buyer cannot take the reserved unit.
    expect((await errorOf(anon.ecommerce.addToCart.mutate({ storeId, productId: p.productId, quantity: 1, sessionId: session() }))).message).toBe("Solo quedan 0 unidades de Lámpara");

    const linkId = done.paymentUrl!.split("/pay/")[1]!;
    const paid = await anon.paymentLink.pay.mutate({ id: linkId, cardNumber: SANDBOX_APPROVE_CARD, expiry: "12/39", cvc: "123" });
    expect(paid).toMatchObject({ result: "approved", status: "paid" });
    const order = await owner.ecommerce.getOnlineOrder.query({ id: done.orderId });
    expect(order).toMatchObject({ status: "invoiced", paymentLink: { status: "paid" } });
    expect(await invoiceOf(order.invoice!.id)).toMatchObject({ code: "B02", total: "500.00", balanceDue: "0.00" });
    expect(await stockOf(p.productId)).toBe(0);
    const reservations = await withTenant(t.db, t.acme.tenant.id, (tx) =>
      tx.select().from(onlineStockReservations).where(and(eq(onlineStockReservations.tenantId, t.acme.tenant.id), eq(onlineStockReservations.onlineOrderId, done.orderId))),
    );
    expect(reservations.every((r) => r.releasedAt !== null)).toBe(true);
    // The buyer's order page (key = the checkout's key) shows the invoice; a wrong key shows nothing.
    const { loadOrderForPublic } = await import("./public-order");
    const shown = await withTenant(t.db, t.acme.tenant.id, (tx) => loadOrderForPublic(tx, t.acme.tenant.id, done.orderId, done.orderKey));
    expect(shown).toMatchObject({ status: "invoiced", number: done.number });
    expect(shown?.invoice?.ncf).toMatch(/^B02/);
    expect(await withTenant(t.db, t.acme.tenant.id, (tx) => loadOrderForPublic(tx, t.acme.tenant.id, done.orderId, "wrong-key"))).toBeNull();
    expect(await withTenant(t.db, t.other.tenant.id, (tx) => loadOrderForPublic(tx, t.other.tenant.id, done.orderId, done.orderKey))).toBeNull();
    expect(await anon.ecommerce.getPublicOrder.query({ orderId: done.orderId, key: done.orderKey })).toMatchObject({ status: "invoiced", total: "500.00" });
    expect((await errorOf(anon.ecommerce.getPublicOrder.query({ orderId: done.orderId, key: "wrong-key-123" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(otherAnon.ecommerce.getPublicOrder.query({ orderId: done.orderId, key: done.orderKey }))).code).toBe("NOT_FOUND");
  });

  it("an expired reservation frees the stock; cancelling a pending order releases it and cancels its link", async () => {
    const p = await insertOnlineProduct(t, "acme", { name: "Silla", price: "300.00", stock: "1" });
    const sessionId = session();
    await anon.ecommerce.addToCart.mutate({ storeId, productId: p.productId, quantity: 1, sessionId });
    const done = await anon.ecommerce.checkout.mutate({ ...buyer, storeId, sessionId, paymentMethod: "payment_link", idempotencyKey: newId() });
    await withTenant(t.db, t.acme.tenant.id, (tx) =>
      tx
        .update(onlineStockReservations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(and(eq(onlineStockReservations.tenantId, t.acme.tenant.id), eq(onlineStockReservations.onlineOrderId, done.orderId))),
    );
    const second = session();
    expect((await anon.ecommerce.addToCart.mutate({ storeId, productId: p.productId, quantity: 1, sessionId: second })).item_count).toBe(1);

    const again = await anon.ecommerce.checkout.mutate({ ...buyer, storeId, sessionId: second, paymentMethod: "payment_link", idempotencyKey: newId() });
    expect((await errorOf(cashier.ecommerce.cancelOnlineOrder.mutate({ id: again.orderId }))).code).toBe("FORBIDDEN");
    const outsider = await t.client("other", "owner");
    expect((await errorOf(outsider.ecommerce.cancelOnlineOrder.mutate({ id: again.orderId }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.ecommerce.getOnlineOrder.query({ id: again.orderId }))).code).toBe("NOT_FOUND");
    const cancelled = await owner.ecommerce.cancelOnlineOrder.mutate({ id: again.orderId });
    expect(cancelled).toMatchObject({ status: "cancelled", paymentLink: { status: "cancelled" } });
    expect((await anon.ecommerce.addToCart.mutate({ storeId, productId: p.productId, quantity: 1, sessionId: session() })).item_count).toBe(1);
  });
});

describe("back office", () => {
  it("lists and updates online products (bulk publish); cashier FORBIDDEN; another tenant's product NOT_FOUND", async () => {
    const p = await insertOnlineProduct(t, "acme", { name: "Zapato azul único", isOnline: false, stock: "1" });
    const page = await owner.ecommerce.findStoreProducts.query({ search: "zapato azul", page: 1, pageSize: 10 });
    expect(page.data.map((r) => r.productId)).toEqual([p.productId]);
    expect(page.data[0]).toMatchObject({ isOnline: false });
    await owner.ecommerce.updateStoreProduct.mutate({ productIds: [p.productId], isOnline: true, onlinePrice: "90.00", isFeatured: true, brand: "Marca X" });
    expect((await owner.ecommerce.findStoreProducts.query({ search: "zapato azul", filter: "online" })).data[0]).toMatchObject({ isOnline: true, onlinePrice: "90.00", isFeatured: true, brand: "Marca X" });
    expect((await errorOf(cashier.ecommerce.updateStoreProduct.mutate({ productIds: [p.productId], isOnline: false }))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.ecommerce.findOnlineOrders.query({}))).code).toBe("FORBIDDEN");
    const foreign = await insertOnlineProduct(t, "other", {});
    expect((await errorOf(owner.ecommerce.updateStoreProduct.mutate({ productIds: [p.productId, foreign.productId], isOnline: true }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.ecommerce.updateStoreProduct.mutate({ productIds: [p.productId], onlinePrice: "-1" }))).code).toBe("BAD_REQUEST");
  });

  it("lists online orders by status", async () => {
    const invoiced = await owner.ecommerce.findOnlineOrders.query({ status: "invoiced" });
    expect(invoiced.data.length).toBeGreaterThan(0);
    expect(invoiced.data.every((o) => o.status === "invoiced")).toBe(true);
    const outsider = await t.client("other", "owner");
    expect((await outsider.ecommerce.findOnlineOrders.query({})).data).toEqual([]);
  });
});
