import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../db/client";
import { newId } from "../../ids";
import { type Client, createTestContext, errorOf, openCashboxFor, type TestContext } from "../../test/harness";
import { customers } from "../customer/tables";

let t: TestContext;
let owner: Client;
let admin: Client;
let cashier: Client;
let outsider: Client;
let warehouseId: string;
let rice: string;
let soda: string;
let cash: string;
let creditMethod: string;
let noteMethod: string;
let dop: string;
let buyer: string;
let other: string;

const uuid = () => newId();

beforeAll(async () => {
  t = await createTestContext();
  // POS sales are counted in the cashier's open cash box session.
  await openCashboxFor(t, t.acme, "owner");
  owner = await t.client("acme", "owner");
  admin = await t.client("acme", "admin");
  cashier = await t.client("acme", "cashier");
  outsider = await t.client("other", "owner");
  warehouseId = (await owner.warehouse.getAll.query())[0]!.id;
  const create = (name: string, sku: string, price: string) =>
    owner.product.create.mutate({ name, sku, price, price2: price, price3: price, warehouseQuantities: [{ warehouseId, initialQuantity: "100" }] }).then((p) => p.id);
  rice = await create("Arroz La Garza 10 lb", "ARR-10", "420");
  soda = await create("Refresco Country Club 2L", "REF-2L", "118");
  const methods = await owner.paymentMethod.getAll.query();
  cash = methods.find((m) => m.code === "CASH")!.id;
  creditMethod = methods.find((m) => m.code === "CREDIT")!.id;
  noteMethod = methods.find((m) => m.code === "CREDIT_NOTE")!.id;
  dop = (await owner.currency.getActive.query()).find((c) => c.code === "DOP")!.id;
  buyer = uuid();
  other = uuid();
  const tenantId = t.acme.tenant.id;
  await withTenant(t.db, tenantId, (tx) =>
    tx.insert(customers).values([
      { tenantId, id: buyer, code: "CLI-NC1", name: "Colmado Don Pedro", taxId: "131246796" },
      { tenantId, id: other, code: "CLI-NC2", name: "Ferretería Ochoa", taxId: "101001577" },
    ]),
  );
});
afterAll(() => t.close());

const sellRice = (quantity = "3", payments?: { paymentMethodId: string; currencyId: string; amount: string; reference?: string }[]) =>
  owner.pos.checkout.mutate({
    clientOrderId: uuid(),
    customerId: buyer,
    warehouseId,
    items: [
      { productId: rice, quantity },
      { productId: soda, quantity: "1" },
    ],
    payments: payments ?? [{ paymentMethodId: cash, currencyId: dop, amount: "5000" }],
  });

const stock = async (productId: string) => Number((await owner.product.getById.query({ id: productId })).warehouseQuantities.find((w) => w.warehouseId === warehouseId)!.currentQuantity);

describe("creditNote.create (returns)", () => {
  it("returns 2 of 3 units: B04 NCF that modifies the invoice's, subtotal and ITBIS apart, stock back, store credit; no more than what is left", async () => {
    const sale = await sellRice();
    const inv = await owner.invoice.getByNumber.query({ number: sale.orderNumber });
    const riceLine = inv.items.find((i) => i.product.id === rice)!;
    const before = await stock(rice);
    const note = await admin.creditNote.create.mutate({
      client_key: uuid(),
      order_id: inv.id,
      customer_id: inv.customer_id!,
      reason: "product_return",
      notes: "Saco roto",
      items: [{ id: riceLine.id, product_id: rice, quantity: 2, price: riceLine.price, reason: "dañado" }],
    });
    // 2 of the line's 3 × 420 (ITBIS included: 192.20 on the line): ITBIS 128.13, base 711.87
    expect(note).toMatchObject({ total_amount: "840.00", subtotal: "711.87", tax_total: "128.13", refund_amount: "840.00" });
    expect(note.number).toMatch(/^NC-\d{6}$/);
    expect(note.ncf).toMatch(/^B04\d{8}$/);
    expect(await stock(rice)).toBe(before + 2);

    const detail = await owner.creditNote.getById.query({ id: note.id });
    expect(detail).toMatchObject({ status: "approved", available: "840.00", modifiedNcf: sale.ncf, itbisCreditable: true, refundMethod: "store_credit", order: { number: sale.orderNumber } });
    expect(detail.items.map((i) => [i.productName, i.quantity, i.total, i.reason])).toEqual([["Arroz La Garza 10 lb", "2.0000", "840.00", "dañado"]]);
    const after = await owner.invoice.getByNumber.query({ number: sale.orderNumber });
    expect(after.items.find((i) => i.id === riceLine.id)!.available).toBe("1");
    const invoice = await owner.invoice.getById.query({ id: inv.id });
    expect(invoice.creditedTotal).toBe("840.00");
    expect(invoice.ncfHistory.map((h) => h.kind)).toEqual(["issued", "credit_note"]);

    const over = await errorOf(admin.creditNote.create.mutate({ client_key: uuid(), order_id: inv.id, customer_id: buyer, items: [{ id: riceLine.id, product_id: rice, quantity: 2 }] }));
    expect(over).toMatchObject({ code: "BAD_REQUEST", message: "La cantidad máxima disponible es 1" });
    // the invoice with a credit note is corrected by notes, not cancelled
    expect((await errorOf(owner.invoice.cancel.mutate({ invoiceId: inv.id, reasonCode: "06" }))).code).toBe("BAD_REQUEST");
  });

  it("the same client_key creates one note; a cashier may not create; another tenant gets NOT_FOUND; the cash customer has no notes", async () => {
    const sale = await sellRice();
    const input = { client_key: uuid(), order_id: sale.orderId, customer_id: buyer, items: [{ product_id: soda, quantity: "1" }] };
    const [a, b] = await Promise.all([admin.creditNote.create.mutate(input), admin.creditNote.create.mutate(input)]);
    expect(b.id).toBe(a.id);
    expect((await owner.creditNote.getAll.query({ search: a.number })).data).toHaveLength(1);
    // the start of its NCF (B04…), of the NCF it modifies, of its invoice's number, lower case too; wildcards are plain text
    const byId = async (search: string) => (await owner.creditNote.getAll.query({ search })).data.map((n) => n.id);
    expect(await byId(a.ncf!)).toEqual([a.id]);
    expect(await byId(a.ncf!.toLowerCase())).toEqual([a.id]);
    expect(await byId(sale.ncf!)).toContain(a.id);
    expect(await byId(sale.orderNumber)).toEqual([a.id]);
    expect(await byId("B04")).toContain(a.id);
    expect(await byId("%")).toEqual([]);
    expect(await byId("B99")).toEqual([]);
    expect((await errorOf(cashier.creditNote.create.mutate({ ...input, client_key: uuid() }))).code).toBe("FORBIDDEN");
    expect((await errorOf(outsider.creditNote.create.mutate({ ...input, client_key: uuid() }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.creditNote.getById.query({ id: a.id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(admin.creditNote.create.mutate({ ...input, client_key: uuid(), customer_id: other }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(admin.creditNote.create.mutate({ ...input, client_key: uuid(), items: [{ product_id: soda, quantity: "-1" }] }))).code).toBe("BAD_REQUEST");
    const walkIn = await owner.pos.checkout.mutate({ clientOrderId: uuid(), customerId: "default", warehouseId, items: [{ productId: soda, quantity: "1" }], payments: [{ paymentMethodId: cash, currencyId: dop, amount: "200" }] });
    expect((await errorOf(admin.creditNote.create.mutate({ ...input, client_key: uuid(), order_id: walkIn.orderId }))).message).toBe("La factura no tiene un cliente asociado");
  });

  it("cancel mode (Anulación) credits everything left; a credit sale's note settles what is owed first", async () => {
    const sale = await sellRice("1", [{ paymentMethodId: creditMethod, currencyId: dop, amount: "538" }]);
    const note = await admin.creditNote.create.mutate({ client_key: uuid(), order_id: sale.orderId, customer_id: buyer, kind: "cancel", items: [] });
    expect(note).toMatchObject({ total_amount: "538.00", applied_amount: "538.00", refund_amount: "0.00" });
    const inv = await owner.invoice.getById.query({ id: sale.orderId });
    expect(inv).toMatchObject({ status: "paid", balanceDue: "0.00", creditedTotal: "538.00" });
    expect((await owner.creditNote.getById.query({ id: note.id })).reason).toBe("cancellation");
    expect((await errorOf(admin.creditNote.create.mutate({ client_key: uuid(), order_id: sale.orderId, customer_id: buyer, kind: "cancel" }))).message).toBe("Seleccione al menos una línea");
  });

  it("a cash refund comes out of the user's open cash box and its close summary", async () => {
    const sale = await sellRice("1");
    expect((await errorOf(admin.creditNote.create.mutate({ client_key: uuid(), order_id: sale.orderId, customer_id: buyer, refund_method: "cash", items: [{ product_id: soda, quantity: "1" }] }))).message).toBe(
      "Para devolver efectivo abra una caja primero",
    );
    const box = (await owner.cashbox.getAll.query()).find((c) => c.isActive)!;
    const session = await admin.cashbox.open.mutate({ cashboxId: box.id, openingAmount: "1000", clientRequestId: uuid() });
    const note = await admin.creditNote.create.mutate({ client_key: uuid(), order_id: sale.orderId, customer_id: buyer, refund_method: "cash", items: [{ product_id: soda, quantity: "1" }] });
    expect(note.refund_amount).toBe("118.00");
    expect((await owner.creditNote.getById.query({ id: note.id })).status).toBe("used");
    const summary = await admin.cashbox.getCloseSummary.query({ sessionId: session.sessionId });
    expect(summary.lines.find((l) => l.isCash)!.expected).toBe("882.00");
  });
});

describe("a credit note as a tender at checkout", () => {
  it("pays part of a new sale; the balance goes down; over-spend, another customer and a concurrent double spend are refused; a cancelled sale gives it back", async () => {
    const sale = await sellRice();
    const note = await admin.creditNote.create.mutate({ client_key: uuid(), order_id: sale.orderId, customer_id: buyer, items: [{ product_id: rice, quantity: "1" }] });
    expect(note.refund_amount).toBe("420.00");
    const buy = (customerId: string, amount: string, ref = note.number) =>
      owner.pos.checkout.mutate({
        clientOrderId: uuid(),
        customerId,
        warehouseId,
        items: [{ productId: rice, quantity: "1" }, { productId: soda, quantity: "1" }],
        payments: [
          { paymentMethodId: noteMethod, currencyId: dop, amount, reference: ref },
          { paymentMethodId: cash, currencyId: dop, amount: "1000" },
        ],
      });
    expect((await errorOf(buy(buyer, "420.01"))).message).toBe(`La nota de crédito ${note.number} solo tiene 420.00 disponible`);
    expect((await errorOf(buy(other, "100"))).message).toBe("La nota de crédito pertenece a otro cliente");
    const first = await buy(buyer, "300");
    let detail = await owner.creditNote.getById.query({ id: note.id });
    expect(detail).toMatchObject({ status: "partially_used", available: "120.00" });
    expect(detail.usages.map((u) => [u.orderNumber, u.amount, u.status])).toEqual([[first.orderNumber, "300.00", "completed"]]);
    // two sales spend the remaining 120 at once: exactly one succeeds
    const results = await Promise.allSettled([buy(buyer, "120"), buy(buyer, "120")]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    detail = await owner.creditNote.getById.query({ id: note.id });
    expect(detail).toMatchObject({ status: "used", available: "0.00" });
    // cancelling the first sale gives its 300 back
    await owner.invoice.cancel.mutate({ invoiceId: first.orderId, reasonCode: "04" });
    detail = await owner.creditNote.getById.query({ id: note.id });
    expect(detail).toMatchObject({ status: "partially_used", available: "300.00" });
    expect(detail.usages.find((u) => u.orderNumber === first.orderNumber)!.status).toBe("reversed");
  });
});

describe("two returns of the same line at once", () => {
  it("never return more than was sold", async () => {
    const sale = await sellRice("3");
    const before = await stock(rice);
    const ret = () => admin.creditNote.create.mutate({ client_key: uuid(), order_id: sale.orderId, customer_id: buyer, items: [{ product_id: rice, quantity: "2" }] });
    const results = await Promise.allSettled([ret(), ret()]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(String(refused.reason.message)).toBe("La cantidad máxima disponible es 1");
    expect(await stock(rice)).toBe(before + 2);
    const inv = await owner.invoice.getByNumber.query({ number: sale.orderNumber });
    expect(inv.items.find((i) => i.product.id === rice)!.returned_quantity).toBe("2.0000");
  });
});

describe("GET /api/credit-notes/:id/pdf and /api/download/ticket", () => {
  const get = (host: string, url: string, cookie?: string) => t.app.inject({ method: "GET", url, headers: { host, ...(cookie ? { cookie } : {}) } });

  it("prints the credit note (letter and 80 mm) and downloads it as a ticket without the timestamp prefix; other hosts, tenants and addresses are refused", async () => {
    const sale = await sellRice("3");
    const note = await admin.creditNote.create.mutate({ client_key: uuid(), order_id: sale.orderId, customer_id: buyer, items: [{ product_id: rice, quantity: "1" }] });
    const cookie = await t.signIn("acme", "cashier");
    const pdf = await get("acme.localhost", `/api/credit-notes/${note.id}/pdf?format=80mm&lang=es`, cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-disposition"]).toBe(`attachment; filename="nota-credito-${note.number}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.rawPayload.toString("latin1")).toMatch(/\/MediaBox \[0 0 226 /);
    expect((await get("acme.localhost", `/api/credit-notes/${note.id}/pdf`)).statusCode).toBe(401);
    const outsiderCookie = await t.signIn("other", "owner");
    expect((await get("other.localhost", `/api/credit-notes/${note.id}/pdf`, outsiderCookie)).statusCode).toBe(404);

    const url = encodeURIComponent(`/api/credit-notes/${note.id}/pdf?format=80mm`);
    const ticket = await get("acme.localhost", `/api/download/ticket?url=${url}&filename=${encodeURIComponent(`1732530000000-${note.number}.pdf`)}`, cookie);
    expect(ticket.statusCode).toBe(200);
    expect(ticket.headers["content-type"]).toBe("application/pdf");
    expect(ticket.headers["content-disposition"]).toBe(`attachment; filename="${note.number}.pdf"`);
    expect(ticket.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    // the caller's own session is what fetches it
    expect((await get("acme.localhost", `/api/download/ticket?url=${url}`)).json()).toEqual({ error: "User not authenticated" });
    for (const bad of ["http://evil.example/x.pdf", "/api/trpc/user.getAll", "/uploads/../etc/passwd", `/uploads/${t.other.tenant.id}/x.pdf`, ""]) {
      const res = await get("acme.localhost", `/api/download/ticket?url=${encodeURIComponent(bad)}`, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: "Ese documento no se puede descargar desde aquí" });
    }
    expect((await get("other.localhost", `/api/download/ticket?url=${url}`, outsiderCookie)).statusCode).toBe(404);
  });
});
