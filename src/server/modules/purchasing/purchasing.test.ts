import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../db/client";
import { newId } from "../../ids";
import { type Client, createTestContext, errorOf, type TestContext } from "../../test/harness";
import { productStock, stockLedger } from "../inventory/tables";
import { mailMessages } from "../mail/tables";

/**
 * Purchase orders and receiving at cost (issue 13 §1, §2, §5) through the router on a real
 * database: every transition allowed and refused, the approval threshold and its permission,
 * partial then full receipts (stock and weighted-average cost), tolerance, concurrent and
 * repeated receipts, cancel rules, bad input, and another tenant's ids.
 */
let t: TestContext;
let owner: Client;
let admin: Client;
let cashier: Client;
let outsider: Client;
let warehouseId: string;
let otherWarehouseId: string;
let providerId: string;
let inactiveProviderId: string;
let rice: string;
let oil: string;
let service: string;
let outsiderProviderId: string;
let outsiderProduct: string;
let outsiderWarehouse: string;
const today = "2026-03-02";

beforeAll(async () => {
  t = await createTestContext();
  owner = await t.client("acme", "owner");
  admin = await t.client("acme", "admin");
  cashier = await t.client("acme", "cashier");
  outsider = await t.client("other", "owner");
  warehouseId = (await owner.warehouse.getAll.query())[0]!.id;
  otherWarehouseId = (await owner.warehouse.create.mutate({ name: "Almacén Santiago", code: "STI", order: 2 })).id;
  providerId = (await owner.provider.create.mutate({ code: "P-001", name: "Distribuidora Corripio", email: "ventas@corripio.test", mobile: "809-555-0101" })).id;
  inactiveProviderId = (await owner.provider.create.mutate({ code: "P-002", name: "Suplidora Cerrada" })).id;
  await owner.provider.setActive.mutate({ id: inactiveProviderId, isActive: false });
  rice = (
    await owner.product.create.mutate({
      name: "Arroz La Garza 10 lb",
      sku: "ARR-10",
      price: "420", price2: "420", price3: "420",
      costPrice: "300",
      taxPercent: "18",
      warehouseQuantities: [{ warehouseId, initialQuantity: "10" }],
      alternativeCodes: [{ providerId, sku: "CORR-ARZ10" }],
    } as never)
  ).id;
  oil = (await owner.product.create.mutate({ name: "Aceite Crisol 1 gal", sku: "ACE-1G", price: "650", price2: "650", price3: "650", costPrice: "0", isTaxable: false } as never)).id;
  service = (await owner.product.create.mutate({ name: "Instalación", sku: "SRV-1", price: "500", price2: "500", price3: "500", productType: "service" } as never)).id;
  outsiderProviderId = (await outsider.provider.create.mutate({ code: "X-1", name: "Proveedor ajeno" })).id;
  outsiderWarehouse = (await outsider.warehouse.getAll.query())[0]!.id;
  outsiderProduct = (await outsider.product.create.mutate({ name: "Ajeno", sku: "AJ-1", price: "1", price2: "1", price3: "1" } as never)).id;
});
afterAll(() => t.close());

const order = (over: Record<string, unknown> = {}) => ({
  providerId,
  warehouseId,
  orderDate: today,
  expectedDate: "2026-03-09",
  notes: "Entregar en la mañana",
  lines: [
    { productId: rice, quantity: "10", unitCost: "320", taxPercent: "18", providerCode: "CORR-ARZ10" },
    { productId: oil, quantity: "4", unitCost: "500", taxPercent: "0" },
  ],
  ...over,
});

async function approved(lines?: unknown[]) {
  const o = await owner.purchaseOrder.create.mutate(order(lines ? { lines } : {}) as never);
  await owner.purchaseOrder.submit.mutate({ id: o.id });
  const a = await owner.purchaseOrder.getById.query({ id: o.id });
  return a.status === "approved" ? a : owner.purchaseOrder.approve.mutate({ id: o.id });
}

const key = () => `rcv-${newId()}`;
const lineOf = (o: { lines: { id: string; productId: string }[] }, productId: string) => o.lines.find((l) => l.productId === productId)!.id;

async function stockAndLedger(productId: string, wh = warehouseId) {
  return withTenant(t.db, t.acme.tenant.id, async (tx) => {
    const [s] = await tx
      .select({ q: productStock.currentQuantity })
      .from(productStock)
      .where(and(eq(productStock.tenantId, t.acme.tenant.id), eq(productStock.productId, productId), eq(productStock.warehouseId, wh)));
    const [l] = await tx
      .select({ q: sql<string>`coalesce(sum(${stockLedger.quantity}), 0)::text` })
      .from(stockLedger)
      .where(and(eq(stockLedger.tenantId, t.acme.tenant.id), eq(stockLedger.productId, productId), eq(stockLedger.warehouseId, wh)));
    return { stock: Number(s?.q ?? 0), ledger: Number(l?.q ?? 0) };
  });
}
const costOf = async (productId: string) => (await owner.product.getById.query({ id: productId })).costPrice;

describe("purchaseOrder create, update and totals", () => {
  it("create: a numbered draft with the shared totals; the same idempotencyKey returns the first order", async () => {
    const idempotencyKey = `po-${newId()}`;
    const o = await owner.purchaseOrder.create.mutate({ ...order(), idempotencyKey } as never);
    expect(o).toMatchObject({ status: "draft", number: expect.stringMatching(/^OC-\d{6}$/), subtotal: "5200.00", taxTotal: "576.00", total: "5776.00" });
    expect(o.lines.map((l) => [l.productName, l.quantity, l.subtotal, l.taxAmount, l.providerCode])).toEqual([
      ["Arroz La Garza 10 lb", "10.0000", "3200.00", "576.00", "CORR-ARZ10"],
      ["Aceite Crisol 1 gal", "4.0000", "2000.00", "0.00", null],
    ]);
    const again = await owner.purchaseOrder.create.mutate({ ...order(), idempotencyKey } as never);
    expect(again.id).toBe(o.id);
    const next = await owner.purchaseOrder.create.mutate(order() as never);
    expect(Number(next.number.slice(3))).toBe(Number(o.number.slice(3)) + 1);
  });

  it("update: a draft's lines are replaced and its totals recomputed", async () => {
    const o = await owner.purchaseOrder.create.mutate(order() as never);
    const u = await owner.purchaseOrder.update.mutate({ id: o.id, ...order({ lines: [{ productId: oil, quantity: "2.5", unitCost: "10.01", taxPercent: "18" }] }) } as never);
    expect(u).toMatchObject({ subtotal: "25.03", taxTotal: "4.51", total: "29.54" });
    expect(u.lines).toHaveLength(1);
  });

  it("getProductDefaults: last cost from this provider (else the product's), the provider's code and ITBIS", async () => {
    const d = await owner.purchaseOrder.getProductDefaults.query({ providerId, productIds: [rice, oil] });
    const r = d.find((x) => x.productId === rice)!;
    expect(r).toMatchObject({ unitCost: "320.00", lastCostSource: "provider", providerCode: "CORR-ARZ10", taxPercent: "18.00" });
    expect(d.find((x) => x.productId === oil)).toMatchObject({ taxPercent: "0.00", providerCode: null });
    const none = await owner.purchaseOrder.getProductDefaults.query({ providerId: inactiveProviderId, productIds: [rice] });
    expect(none[0]).toMatchObject({ lastCostSource: "product", providerCode: null });
  });

  it("getAll: filters by status, provider, warehouse and dates, with paging", async () => {
    const other = await owner.purchaseOrder.create.mutate(order({ warehouseId: otherWarehouseId, orderDate: "2026-01-15", expectedDate: null }) as never);
    const byWarehouse = await owner.purchaseOrder.getAll.query({ warehouseId: otherWarehouseId });
    expect(byWarehouse.data.map((r) => r.id)).toEqual([other.id]);
    expect(byWarehouse.data[0]).toMatchObject({ providerName: "Distribuidora Corripio", warehouseName: "Almacén Santiago", lineCount: 2, status: "draft" });
    expect((await owner.purchaseOrder.getAll.query({ dateTo: "2026-01-31" })).data.map((r) => r.id)).toEqual([other.id]);
    expect((await owner.purchaseOrder.getAll.query({ dateFrom: "2026-02-01", warehouseId: otherWarehouseId })).data).toEqual([]);
    expect((await owner.purchaseOrder.getAll.query({ status: "received" })).data).toEqual([]);
    expect((await owner.purchaseOrder.getAll.query({ providerId: inactiveProviderId })).data).toEqual([]);
    const page = await owner.purchaseOrder.getAll.query({ page: 1, pageSize: 2 });
    expect(page.data).toHaveLength(2);
    expect(page.pagination.total).toBeGreaterThanOrEqual(4);
    expect((await owner.purchaseOrder.getAll.query({ search: other.number })).data.map((r) => r.id)).toEqual([other.id]);
  });
});

describe("bad input: clear 400s, never a 500", () => {
  it("provider, warehouse and at least one product are required; quantities above 0 with at most 4 decimals", async () => {
    const e = await errorOf(owner.purchaseOrder.create.mutate({ orderDate: today, lines: [] } as never));
    expect(e.code).toBe("BAD_REQUEST");
    expect(e.message).toContain("El suplidor es requerido");
    expect(e.message).toContain("El almacén es requerido");
    expect(e.message).toContain("Agregue al menos un producto");
    for (const quantity of ["-1", "0", "1.23456"]) {
      const q = await errorOf(owner.purchaseOrder.create.mutate(order({ lines: [{ productId: rice, quantity, unitCost: "1" }] }) as never));
      expect(q).toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("máximo 4 decimales") });
    }
    expect(await errorOf(owner.purchaseOrder.create.mutate(order({ lines: [{ productId: rice, quantity: "1", unitCost: "1.001" }] }) as never))).toMatchObject({ code: "BAD_REQUEST" });
    expect(await errorOf(owner.purchaseOrder.create.mutate(order({ expectedDate: "2026-03-01" }) as never))).toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("entrega esperada") });
  });

  it("an unknown or inactive provider, a service, an unknown payment term: 400", async () => {
    expect(await errorOf(owner.purchaseOrder.create.mutate(order({ providerId: newId() }) as never))).toEqual({ code: "BAD_REQUEST", message: "El suplidor no existe" });
    expect(await errorOf(owner.purchaseOrder.create.mutate(order({ providerId: inactiveProviderId }) as never))).toEqual({ code: "BAD_REQUEST", message: "El suplidor está inactivo" });
    expect(await errorOf(owner.purchaseOrder.create.mutate(order({ lines: [{ productId: service, quantity: "1", unitCost: "1" }] }) as never))).toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("Instalación") });
    expect(await errorOf(owner.purchaseOrder.create.mutate(order({ paymentTermId: newId() }) as never))).toEqual({ code: "BAD_REQUEST", message: "La condición de pago no existe" });
  });
});

describe("transitions", () => {
  it("submit at or under the threshold approves at once; above it waits for purchase_orders.approve", async () => {
    await owner.purchaseSettings.update.mutate({ approvalThreshold: "5776.00", receivingTolerancePercent: "0", numberPrefix: "OC-", numberWidth: 6, digestEnabled: false, defaultPaymentTermId: null });
    const small = await owner.purchaseOrder.create.mutate(order() as never);
    expect(await owner.purchaseOrder.submit.mutate({ id: small.id })).toMatchObject({ status: "approved", autoApproved: true });
    const big = await owner.purchaseOrder.create.mutate(order({ lines: [{ productId: rice, quantity: "100", unitCost: "320", taxPercent: "18" }] }) as never);
    expect(await admin.purchaseOrder.submit.mutate({ id: big.id })).toMatchObject({ status: "pending_approval", autoApproved: false });
    // pending approval can still be edited, and stays pending
    expect(await owner.purchaseOrder.update.mutate({ id: big.id, ...order({ lines: [{ productId: rice, quantity: "50", unitCost: "320", taxPercent: "18" }] }) } as never)).toMatchObject({ status: "pending_approval", total: "18880.00" });
    expect(await errorOf(cashier.purchaseOrder.approve.mutate({ id: big.id }))).toMatchObject({ code: "FORBIDDEN" });
    expect(await owner.purchaseOrder.approve.mutate({ id: big.id })).toMatchObject({ status: "approved", autoApproved: false });
  });

  it("refused transitions: each action outside its statuses is a 400", async () => {
    const o = await owner.purchaseOrder.create.mutate(order({ lines: [{ productId: oil, quantity: "1", unitCost: "999999", taxPercent: "0" }] }) as never);
    const refused = async (p: Promise<unknown>) => expect((await errorOf(p)).code).toBe("BAD_REQUEST");
    // draft: no approve, send or receive
    await refused(owner.purchaseOrder.approve.mutate({ id: o.id }));
    await refused(owner.purchaseOrder.send.mutate({ id: o.id }));
    await refused(owner.purchaseOrder.receive.mutate({ id: o.id, clientKey: key(), lines: [{ lineId: o.lines[0]!.id, quantity: "1" }] }));
    await owner.purchaseOrder.submit.mutate({ id: o.id });
    // pending approval: no submit again, send or receive
    await refused(owner.purchaseOrder.submit.mutate({ id: o.id }));
    await refused(owner.purchaseOrder.send.mutate({ id: o.id }));
    await refused(owner.purchaseOrder.receive.mutate({ id: o.id, clientKey: key(), lines: [{ lineId: o.lines[0]!.id, quantity: "1" }] }));
    await owner.purchaseOrder.approve.mutate({ id: o.id });
    // approved: no update, submit or approve
    await refused(owner.purchaseOrder.update.mutate({ id: o.id, ...order() } as never));
    await refused(owner.purchaseOrder.submit.mutate({ id: o.id }));
    await refused(owner.purchaseOrder.approve.mutate({ id: o.id }));
    const sent = await owner.purchaseOrder.send.mutate({ id: o.id });
    expect(sent.order.status).toBe("sent");
    await refused(owner.purchaseOrder.update.mutate({ id: o.id, ...order() } as never));
    // cancelled: nothing, and receiving says why
    expect(await owner.purchaseOrder.cancel.mutate({ id: o.id, reason: "El suplidor no tiene" })).toMatchObject({ status: "cancelled", cancelReason: "El suplidor no tiene" });
    expect(await errorOf(owner.purchaseOrder.receive.mutate({ id: o.id, clientKey: key(), lines: [{ lineId: o.lines[0]!.id, quantity: "1" }] }))).toEqual({
      code: "BAD_REQUEST",
      message: "La orden está cancelada",
    });
    for (const call of [() => owner.purchaseOrder.submit.mutate({ id: o.id }), () => owner.purchaseOrder.approve.mutate({ id: o.id }), () => owner.purchaseOrder.send.mutate({ id: o.id }), () => owner.purchaseOrder.cancel.mutate({ id: o.id })]) await refused(call());
  });

  it("cancel from draft, pending approval, approved and sent; not once anything was received", async () => {
    const draft = await owner.purchaseOrder.create.mutate(order() as never);
    expect((await owner.purchaseOrder.cancel.mutate({ id: draft.id })).status).toBe("cancelled");
    const a = await approved();
    const r = await owner.purchaseOrder.receive.mutate({ id: a.id, clientKey: key(), lines: [{ lineId: lineOf(a, oil), quantity: "1" }] });
    expect(r.status).toBe("partially_received");
    expect(await errorOf(owner.purchaseOrder.cancel.mutate({ id: a.id }))).toEqual({ code: "BAD_REQUEST", message: "La orden ya recibió mercancía y no se puede cancelar" });
  });

  it("the cashier has no purchase order permission", async () => {
    expect((await errorOf(cashier.purchaseOrder.getAll.query({}))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.purchaseOrder.create.mutate(order() as never))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.purchaseSettings.update.mutate({ approvalThreshold: "1", receivingTolerancePercent: "0", numberPrefix: "OC-", numberWidth: 6, digestEnabled: false }))).code).toBe("FORBIDDEN");
  });
});

describe("send", () => {
  it("e-mails the PDF to the provider (the outbox without SMTP) and marks it sent; WhatsApp gives a wa.me link", async () => {
    const a = await approved();
    const r = await owner.purchaseOrder.send.mutate({ id: a.id });
    expect(r).toMatchObject({ channel: "email", status: "outbox", to: "ventas@corripio.test", order: { status: "sent", sentVia: "email", sentTo: "ventas@corripio.test" } });
    const [mail] = await withTenant(t.db, t.acme.tenant.id, (tx) =>
      tx
        .select()
        .from(mailMessages)
        .where(and(eq(mailMessages.tenantId, t.acme.tenant.id), sql`${mailMessages.subject} like ${`%${a.number}%`}`)),
    );
    expect(mail).toMatchObject({ toAddress: "ventas@corripio.test", status: "outbox", subject: `Orden de compra ${a.number} de acme SRL` });
    expect(mail!.html).toContain("data:application/pdf;base64,JVBER");
    expect(mail!.text).toContain("CORR-ARZ10");
    const w = await owner.purchaseOrder.send.mutate({ id: a.id, channel: "whatsapp" });
    expect(w.url).toMatch(/^https:\/\/wa\.me\/18095550101\?text=/);
    expect(decodeURIComponent(w.url!)).toContain(a.number);
    expect(w.order).toMatchObject({ status: "sent", sentVia: "whatsapp" });
    expect(await errorOf(owner.purchaseOrder.send.mutate({ id: a.id, email: "no-es-correo" }))).toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("receiving at cost", () => {
  it("half, then the rest: stock through the ledger, weighted-average cost, partially received then received", async () => {
    await owner.purchaseSettings.update.mutate({ approvalThreshold: "1000000", receivingTolerancePercent: "0", numberPrefix: "OC-", numberWidth: 6, digestEnabled: false });
    const before = await stockAndLedger(rice);
    const costBefore = await costOf(rice);
    const a = await approved([{ productId: rice, quantity: "10", unitCost: "360", taxPercent: "18" }]);
    const half = await owner.purchaseOrder.receive.mutate({ id: a.id, clientKey: key(), lines: [{ lineId: a.lines[0]!.id, quantity: "5" }] });
    expect(half.status).toBe("partially_received");
    expect(half.lines[0]!.receivedQuantity).toBe("5.0000");
    const mid = await stockAndLedger(rice);
    expect(mid.stock).toBe(before.stock + 5);
    expect(mid.ledger).toBe(mid.stock);
    // on hand across warehouses before × old cost + 5 × 360, over on hand + 5
    const onHand = Math.max(0, before.stock);
    const expected = ((onHand * Number(costBefore) + 5 * 360) / (onHand + 5)).toFixed(2);
    expect(await costOf(rice)).toBe(expected);
    expect(half.receipts[0]!.lines[0]).toMatchObject({ quantity: "5.0000", costBefore, costAfter: expected });

    const rest = await owner.purchaseOrder.receive.mutate({ id: a.id, clientKey: key(), lines: [{ lineId: a.lines[0]!.id, quantity: "5" }] });
    expect(rest.status).toBe("received");
    expect(rest.receivedAt).not.toBeNull();
    expect(rest.receipts).toHaveLength(2);
    const end = await stockAndLedger(rice);
    expect(end).toEqual({ stock: before.stock + 10, ledger: before.stock + 10 });
    const expected2 = (((onHand + 5) * Number(expected) + 5 * 360) / (onHand + 10)).toFixed(2);
    expect(await costOf(rice)).toBe(expected2);
    expect(await errorOf(owner.purchaseOrder.receive.mutate({ id: a.id, clientKey: key(), lines: [{ lineId: a.lines[0]!.id, quantity: "1" }] }))).toEqual({
      code: "BAD_REQUEST",
      message: "La orden ya se recibió completa",
    });
  });

  it("a product with nothing on hand takes the unit cost; the ledger rows name the receipt", async () => {
    const a = await approved([{ productId: oil, quantity: "3", unitCost: "480.50", taxPercent: "0" }]);
    const stock = (await stockAndLedger(oil)).stock;
    const r = await owner.purchaseOrder.receive.mutate({ id: a.id, clientKey: key(), lines: [{ lineId: a.lines[0]!.id, quantity: "3" }] });
    if (stock <= 0) expect(await costOf(oil)).toBe("480.50");
    const rows = await withTenant(t.db, t.acme.tenant.id, (tx) =>
      tx
        .select()
        .from(stockLedger)
        .where(and(eq(stockLedger.tenantId, t.acme.tenant.id), eq(stockLedger.sourceId, r.receipts[0]!.id))),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ sourceType: "purchase", quantity: "3.0000", note: a.number, warehouseId });
  });

  it("more than ordered is refused, unless the tolerance allows it", async () => {
    const a = await approved([{ productId: oil, quantity: "10", unitCost: "500", taxPercent: "0" }]);
    const line = a.lines[0]!.id;
    expect(await errorOf(owner.purchaseOrder.receive.mutate({ id: a.id, clientKey: key(), lines: [{ lineId: line, quantity: "10.5" }] }))).toEqual({
      code: "BAD_REQUEST",
      message: "«Aceite Crisol 1 gal»: se recibiría más de lo pedido (quedan 10)",
    });
    await owner.purchaseSettings.update.mutate({ approvalThreshold: "1000000", receivingTolerancePercent: "5", numberPrefix: "OC-", numberWidth: 6, digestEnabled: false });
    const r = await owner.purchaseOrder.receive.mutate({ id: a.id, clientKey: key(), lines: [{ lineId: line, quantity: "10.5" }] });
    expect(r).toMatchObject({ status: "received", lines: [{ receivedQuantity: "10.5000" }] });
    await owner.purchaseSettings.update.mutate({ approvalThreshold: "1000000", receivingTolerancePercent: "0", numberPrefix: "OC-", numberWidth: 6, digestEnabled: false });
  });

  it("bad receipts: a negative or 5-decimal quantity, nothing to receive, a line of another order", async () => {
    const a = await approved([{ productId: oil, quantity: "2", unitCost: "500", taxPercent: "0" }]);
    const b = await approved([{ productId: oil, quantity: "2", unitCost: "500", taxPercent: "0" }]);
    const line = a.lines[0]!.id;
    for (const quantity of ["-1", "0.00001"]) {
      expect(await errorOf(owner.purchaseOrder.receive.mutate({ id: a.id, clientKey: key(), lines: [{ lineId: line, quantity }] }))).toMatchObject({
        code: "BAD_REQUEST",
        message: expect.stringContaining("no puede ser negativa ni tener más de 4 decimales"),
      });
    }
    expect(await errorOf(owner.purchaseOrder.receive.mutate({ id: a.id, clientKey: key(), lines: [{ lineId: line, quantity: "0" }] }))).toEqual({ code: "BAD_REQUEST", message: "Indique al menos una cantidad a recibir" });
    expect(await errorOf(owner.purchaseOrder.receive.mutate({ id: a.id, clientKey: key(), lines: [{ lineId: b.lines[0]!.id, quantity: "1" }] }))).toEqual({ code: "BAD_REQUEST", message: "Esa línea no es de esta orden" });
  });

  it("the same clientKey twice records one receipt", async () => {
    const a = await approved([{ productId: oil, quantity: "4", unitCost: "500", taxPercent: "0" }]);
    const before = await stockAndLedger(oil);
    const k = key();
    const input = { id: a.id, clientKey: k, lines: [{ lineId: a.lines[0]!.id, quantity: "1" }] };
    const [r1, r2] = await Promise.all([owner.purchaseOrder.receive.mutate(input), owner.purchaseOrder.receive.mutate(input)]);
    const r3 = await owner.purchaseOrder.receive.mutate(input);
    expect(r1.receipts).toHaveLength(1);
    expect(r2.receipts).toHaveLength(1);
    expect(r3.receipts).toHaveLength(1);
    expect(r3.lines[0]!.receivedQuantity).toBe("1.0000");
    expect((await stockAndLedger(oil)).stock).toBe(before.stock + 1);
    const b = await approved([{ productId: oil, quantity: "4", unitCost: "500", taxPercent: "0" }]);
    expect(await errorOf(owner.purchaseOrder.receive.mutate({ id: b.id, clientKey: k, lines: [{ lineId: b.lines[0]!.id, quantity: "1" }] }))).toMatchObject({ code: "BAD_REQUEST" });
  });

  it("two receipts at once that together exceed the order: one is refused, stock = ledger", async () => {
    const a = await approved([{ productId: rice, quantity: "6", unitCost: "350", taxPercent: "18" }]);
    const before = await stockAndLedger(rice);
    const line = a.lines[0]!.id;
    const results = await Promise.allSettled([
      owner.purchaseOrder.receive.mutate({ id: a.id, clientKey: key(), lines: [{ lineId: line, quantity: "4" }] }),
      admin.purchaseOrder.receive.mutate({ id: a.id, clientKey: key(), lines: [{ lineId: line, quantity: "4" }] }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason.data.code).toBe("BAD_REQUEST");
    const after = await stockAndLedger(rice);
    expect(after.stock).toBe(before.stock + 4);
    expect(after.ledger).toBe(after.stock);
    const o = await owner.purchaseOrder.getById.query({ id: a.id });
    expect(o).toMatchObject({ status: "partially_received", lines: [{ receivedQuantity: "4.0000" }] });
    expect(o.receipts).toHaveLength(1);
  });
});

describe("purchaseSettings", () => {
  it("get gives defaults until saved; update checks the payment term and the number format numbers new orders", async () => {
    const fresh = await outsider.purchaseSettings.get.query();
    expect(fresh).toEqual({ approvalThreshold: "25000.00", receivingTolerancePercent: "0.00", defaultPaymentTermId: null, numberPrefix: "OC-", numberWidth: 6, digestEnabled: false });
    const term = (await owner.invoiceCondition.getAll.query())[0]!.id;
    const s = await owner.purchaseSettings.update.mutate({ approvalThreshold: "1000000", receivingTolerancePercent: "2.5", defaultPaymentTermId: term, numberPrefix: "PO/", numberWidth: 4, digestEnabled: true });
    expect(s).toEqual({ approvalThreshold: "1000000.00", receivingTolerancePercent: "2.50", defaultPaymentTermId: term, numberPrefix: "PO/", numberWidth: 4, digestEnabled: true });
    const o = await owner.purchaseOrder.create.mutate(order({ paymentTermId: term }) as never);
    expect(o.number).toMatch(/^PO\/\d{4}$/);
    expect(o.paymentTerm?.id).toBe(term);
    expect(await errorOf(owner.purchaseSettings.update.mutate({ ...s, defaultPaymentTermId: newId() }))).toEqual({ code: "BAD_REQUEST", message: "La condición de pago no existe" });
    expect((await errorOf(owner.purchaseSettings.update.mutate({ ...s, numberPrefix: "O C" }))).code).toBe("BAD_REQUEST");
    await owner.purchaseSettings.update.mutate({ ...s, numberPrefix: "OC-", numberWidth: 6, receivingTolerancePercent: "0" });
  });
});

describe("another tenant's ids: NOT_FOUND for every procedure", () => {
  it("reads and writes of an acme order from the other tenant", async () => {
    const a = await approved([{ productId: oil, quantity: "2", unitCost: "500", taxPercent: "0" }]);
    const d = await owner.purchaseOrder.create.mutate(order() as never);
    const nf = async (p: Promise<unknown>) => expect((await errorOf(p)).code).toBe("NOT_FOUND");
    await nf(outsider.purchaseOrder.getById.query({ id: a.id }));
    await nf(outsider.purchaseOrder.update.mutate({ id: d.id, ...order({ providerId: outsiderProviderId, warehouseId: outsiderWarehouse, lines: [{ productId: outsiderProduct, quantity: "1", unitCost: "1" }] }) } as never));
    await nf(outsider.purchaseOrder.submit.mutate({ id: d.id }));
    await nf(outsider.purchaseOrder.approve.mutate({ id: d.id }));
    await nf(outsider.purchaseOrder.send.mutate({ id: a.id }));
    await nf(outsider.purchaseOrder.receive.mutate({ id: a.id, clientKey: key(), lines: [{ lineId: a.lines[0]!.id, quantity: "1" }] }));
    await nf(outsider.purchaseOrder.cancel.mutate({ id: d.id }));
    expect((await outsider.purchaseOrder.getAll.query({})).data.map((r) => r.id)).not.toContain(a.id);
    expect(await outsider.purchaseOrder.getProductDefaults.query({ providerId, productIds: [rice] })).toEqual([]);
    // creating with acme's warehouse or product: not found; acme's provider is unknown there (400)
    await nf(outsider.purchaseOrder.create.mutate({ providerId: outsiderProviderId, warehouseId, orderDate: today, lines: [{ productId: outsiderProduct, quantity: "1", unitCost: "1" }] } as never));
    await nf(outsider.purchaseOrder.create.mutate({ providerId: outsiderProviderId, warehouseId: outsiderWarehouse, orderDate: today, lines: [{ productId: rice, quantity: "1", unitCost: "1" }] } as never));
    expect(await errorOf(outsider.purchaseOrder.create.mutate({ providerId, warehouseId: outsiderWarehouse, orderDate: today, lines: [{ productId: outsiderProduct, quantity: "1", unitCost: "1" }] } as never))).toEqual({
      code: "BAD_REQUEST",
      message: "El suplidor no existe",
    });
    // nothing of acme changed
    expect(await owner.purchaseOrder.getById.query({ id: d.id })).toMatchObject({ status: "draft", lines: [{ productId: rice }, { productId: oil }] });
    expect((await owner.purchaseOrder.getById.query({ id: a.id })).status).toBe("approved");
  });
});
