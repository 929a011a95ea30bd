import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { invoicePaymentLinkPayload } from "../../../shared/payment-link/payload";
import { SANDBOX_APPROVE_CARD, SANDBOX_DECLINE_CARD } from "../../../shared/payment-link/sandbox-cards";
import { paymentLinkCreateInput } from "../../../shared/payment-link/schemas";
import { expiresAtFor, paymentLinkStatus } from "../../../shared/payment-link/status";
import { withTenant } from "../../db/client";
import { newId } from "../../ids";
import { callbackKey, SANDBOX_CALLBACK_PATH, SIGNATURE_HEADER, sandboxProvider, signBody, verifySignature } from "../../integrations/payment-link";
import { type Client, createTestContext, errorOf, openCashboxFor, type TestContext } from "../../test/harness";
import { customers } from "../customer/tables";
import { mailMessages } from "../mail/tables";
import { orderPayments } from "../pos/tables";
import { clientPaymentIdOf, handleCallback } from "./service";
import { paymentLinks } from "./tables";

const SECRET = "test-secret"; // the harness's session secret

describe("callback signature (HMAC-SHA256 over the raw body)", () => {
  const key = callbackKey(SECRET, "tenant-a");
  const body = JSON.stringify({ linkId: "x", amountMinor: 59500 });

  it("accepts the body it signed", () => {
    const sig = signBody(key, body);
    expect(sig).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifySignature(key, body, sig)).toBe(true);
  });
  it("refuses a tampered body (one byte changed, or re-serialized with spaces)", () => {
    const sig = signBody(key, body);
    expect(verifySignature(key, body.replace("59500", "59501"), sig)).toBe(false);
    expect(verifySignature(key, JSON.stringify(JSON.parse(body), null, 1), sig)).toBe(false);
  });
  it("refuses the wrong key: another tenant's or another secret's", () => {
    const sig = signBody(key, body);
    expect(verifySignature(callbackKey(SECRET, "tenant-b"), body, sig)).toBe(false);
    expect(verifySignature(callbackKey("other-secret", "tenant-a"), body, sig)).toBe(false);
  });
  it("refuses a missing, malformed or truncated header", () => {
    const sig = signBody(key, body);
    expect(verifySignature(key, body, undefined)).toBe(false);
    expect(verifySignature(key, body, sig.slice(0, -2))).toBe(false);
    expect(verifySignature(key, body, sig.replace("sha256=", "sha1="))).toBe(false);
    expect(verifySignature(key, body, [sig])).toBe(false);
  });
});

describe("payloads in minor units", () => {
  it("an invoice: 'INV-{number}-{timestamp}', amount pending × 100 and itbis pending × 18, rounded", () => {
    const p = invoicePaymentLinkPayload({ id: "i", number: "FAC-000123", balanceDue: "595.00", customerName: "Juan Pérez" }, "  ", 1712345678901);
    expect(p).toEqual({ orderNumber: "INV-FAC-000123-1712345678901", amount: 59500, itbis: 10710, language: "ES", clientContractNumber: "Juan Pérez", customerName: "Juan Pérez", invoiceId: "i", email: null });
    // 0.29 × 100 is 28.999999999999996 in binary floats; 0.29 × 18 = 5.22; 90.765 × 18 = 1633.77
    expect(invoicePaymentLinkPayload({ id: "i", number: "1", balanceDue: "0.29", customerName: "x" }, null, 1)).toMatchObject({ amount: 29, itbis: 5 });
    expect(invoicePaymentLinkPayload({ id: "i", number: "1", balanceDue: "90.77", customerName: "x" }, null, 1)).toMatchObject({ amount: 9077, itbis: 1634 });
    expect(invoicePaymentLinkPayload({ id: "i", number: "1", balanceDue: "1.25", customerName: "x" }, "a@b.do", 1)).toMatchObject({ itbis: 23, clientContractNumber: "a@b.do", email: "a@b.do" });
  });
  it("create's schema reads minor units back as pesos and refuses what is not a whole amount above 0", () => {
    const ok = paymentLinkCreateInput.parse({ orderNumber: "APT-1-2", amount: 59500, itbis: 0, clientContractNumber: "Ana", customerName: "Ana", description: "Depósito" });
    expect(ok).toMatchObject({ amount: "595.00", itbis: "0.00", language: "ES" });
    for (const amount of [0, -100, 1.5, Number.NaN, Number.POSITIVE_INFINITY, "1e3", "abc", "", null]) {
      expect(paymentLinkCreateInput.safeParse({ orderNumber: "X", amount, clientContractNumber: "a" }).success).toBe(false);
    }
    expect(paymentLinkCreateInput.safeParse({ orderNumber: "X", amount: 100, itbis: 101, clientContractNumber: "a" }).success).toBe(false);
  });
});

describe("status and expiry rule", () => {
  const created = new Date("2026-03-01T12:00:00Z");
  const expiresAt = expiresAtFor(created, 7);
  it("a link is valid for its TTL and 'expired' is computed, never stored", () => {
    expect(expiresAt.toISOString()).toBe("2026-03-08T12:00:00.000Z");
    expect(paymentLinkStatus({ status: "pending", expiresAt }, new Date("2026-03-08T11:59:59Z"))).toBe("pending");
    expect(paymentLinkStatus({ status: "pending", expiresAt }, new Date("2026-03-08T12:00:00Z"))).toBe("expired");
    expect(paymentLinkStatus({ status: "pending", expiresAt: expiresAt.toISOString() }, new Date("2026-04-01T00:00:00Z"))).toBe("expired");
  });
  it("paid and cancelled stay so after the expiry", () => {
    const later = new Date("2027-01-01T00:00:00Z");
    expect(paymentLinkStatus({ status: "paid", expiresAt }, later)).toBe("paid");
    expect(paymentLinkStatus({ status: "cancelled", expiresAt }, later)).toBe("cancelled");
  });
});

let t: TestContext;
let owner: Client;
let cashier: Client;
let outsider: Client;
let anonymous: Client;
let warehouseId: string;
let rice: string;
let creditMethod: string;
let dop: string;
let buyer: string;

const HOST = "acme.localhost";

beforeAll(async () => {
  t = await createTestContext();
  // the credit sales are made at the owner's open cash box
  await openCashboxFor(t, t.acme, "owner");
  owner = await t.client("acme", "owner");
  cashier = await t.client("acme", "cashier");
  outsider = await t.client("other", "owner");
  anonymous = await t.client("acme");
  warehouseId = (await owner.warehouse.getAll.query())[0]!.id;
  rice = (await owner.product.create.mutate({ name: "Arroz 10 lb", sku: "ARR-10", price: "500", price2: "500", price3: "500", warehouseQuantities: [{ warehouseId, initialQuantity: "100" }] })).id;
  const methods = await owner.paymentMethod.getAll.query();
  creditMethod = methods.find((m) => m.code === "CREDIT")!.id;
  dop = (await owner.currency.getActive.query()).find((c) => c.code === "DOP")!.id;
  buyer = newId();
  const tenantId = t.acme.tenant.id;
  await withTenant(t.db, tenantId, (tx) => tx.insert(customers).values({ tenantId, id: buyer, code: "CLI-PL", name: "Colmado Don Pedro", email: "pedro@example.do", taxId: "131246796", creditLimit: "100000.00" }));
});
afterAll(() => t?.close());

/** A credit sale: the whole total is pending on the invoice. */
async function creditInvoice() {
  const sale = await owner.pos.checkout.mutate({ clientOrderId: newId(), customerId: buyer, warehouseId, items: [{ productId: rice, quantity: "1" }], payments: [{ paymentMethodId: creditMethod, currencyId: dop, amount: "500" }] });
  return owner.invoice.getById.query({ id: sale.orderId });
}

async function linkFor(client: Client = cashier, email: string | null = null) {
  const inv = await creditInvoice();
  const payload = invoicePaymentLinkPayload({ id: inv.id, number: inv.number, balanceDue: inv.balanceDue, customerName: inv.customer.name }, email);
  const created = await client.paymentLink.create.mutate(payload);
  if (!created.success) throw new Error(created.errorDescription);
  return { inv, link: created, payload };
}

/** Posts a callback to the real route, signed with the tenant's key unless told otherwise. */
async function callback(body: Record<string, unknown>, opts: { key?: Buffer; signature?: string; raw?: string } = {}) {
  const raw = opts.raw ?? JSON.stringify(body);
  const signature = opts.signature ?? signBody(opts.key ?? callbackKey(SECRET, t.acme.tenant.id), raw);
  const res = await t.app.inject({ method: "POST", url: SANDBOX_CALLBACK_PATH, headers: { host: HOST, "content-type": "application/json", [SIGNATURE_HEADER]: signature }, payload: raw });
  return { status: res.statusCode, body: res.json() };
}

const approved = (link: { id: string; orderNumber: string; amount: string }, over: Record<string, unknown> = {}) => ({
  linkId: link.id,
  orderNumber: link.orderNumber,
  result: "approved",
  amountMinor: Math.round(Number(link.amount) * 100),
  currency: "DOP",
  transactionId: `SBX-${link.id.slice(0, 8)}`,
  authorizationCode: "123456",
  cardLast4: "1111",
  reason: null,
  at: new Date().toISOString(),
  ...over,
});

async function paymentsOf(invoiceId: string) {
  return withTenant(t.db, t.acme.tenant.id, (tx) =>
    tx
      .select()
      .from(orderPayments)
      .where(and(eq(orderPayments.tenantId, t.acme.tenant.id), eq(orderPayments.orderId, invoiceId))),
  );
}

describe("paymentLink.checkConfig and settings", () => {
  it("is false until the owner enables the sandbox, then true; only this tenant's", async () => {
    expect(await cashier.paymentLink.checkConfig.query()).toBe(false);
    const inv = await creditInvoice();
    const notConfigured = await errorOf(cashier.paymentLink.create.mutate(invoicePaymentLinkPayload({ id: inv.id, number: inv.number, balanceDue: inv.balanceDue, customerName: "x" }, null)));
    expect(notConfigured).toEqual({ code: "PRECONDITION_FAILED", message: "Los enlaces de pago no están configurados" });
    expect((await errorOf(cashier.paymentLink.updateSettings.mutate({ isEnabled: true, ttlDays: 7 }))).code).toBe("FORBIDDEN");
    expect(await owner.paymentLink.updateSettings.mutate({ isEnabled: true, ttlDays: 7 })).toMatchObject({ isEnabled: true, provider: "sandbox", ttlDays: 7 });
    expect(await cashier.paymentLink.checkConfig.query()).toBe(true);
    expect(await outsider.paymentLink.checkConfig.query()).toBe(false);
    expect((await errorOf(owner.paymentLink.updateSettings.mutate({ isEnabled: true, ttlDays: 0 }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(owner.paymentLink.updateSettings.mutate({ isEnabled: true, ttlDays: 7, paymentMethodId: newId() }))).code).toBe("NOT_FOUND");
    expect((await errorOf(anonymous.paymentLink.checkConfig.query())).code).toBe("UNAUTHORIZED");
  });
});

describe("paymentLink.create", () => {
  it("makes a pending link for a credit invoice with the spec's payload; the same orderNumber again is the same link", async () => {
    const { inv, link, payload } = await linkFor(cashier, "pedro@example.do");
    expect(inv.balanceDue).toBe("500.00");
    expect(payload).toMatchObject({ amount: 50000, itbis: 9000, clientContractNumber: "pedro@example.do" });
    expect(link).toMatchObject({ success: true, status: "pending", amount: "500.00", itbis: "90.00", currency: "DOP", invoiceId: inv.id, invoiceNumber: inv.number, customerName: "Colmado Don Pedro", email: "pedro@example.do" });
    expect(link.linkFullUrl).toBe(`http://${HOST}/pay/${link.id}`);
    const days = (new Date(link.expiresAt).getTime() - new Date(link.createdAt).getTime()) / 86_400_000;
    expect(days).toBe(7);
    const again = await cashier.paymentLink.create.mutate(payload);
    expect(again.success && again.id).toBe(link.id);
    const other = await errorOf(cashier.paymentLink.create.mutate({ ...payload, amount: 100 }));
    expect(other.code).toBe("BAD_REQUEST");
    const page = await cashier.paymentLink.getAll.query({ invoiceId: inv.id });
    expect(page.data.map((l) => l.id)).toEqual([link.id]);
  });

  it("takes the appointments' shape (APT-…, itbis 0, customerName, description) without an invoice", async () => {
    const r = await cashier.paymentLink.create.mutate({ orderNumber: `APT-${Date.now()}`, amount: 150000, itbis: 0, language: "ES", clientContractNumber: "Ana Pérez", customerName: "Ana Pérez", description: "Depósito de cita" });
    expect(r).toMatchObject({ success: true, amount: "1500.00", itbis: "0.00", invoiceId: null, description: "Depósito de cita", status: "pending" });
  });

  it("refuses bad input with BAD_REQUEST and a clear message", async () => {
    const inv = await creditInvoice();
    const base = invoicePaymentLinkPayload({ id: inv.id, number: inv.number, balanceDue: inv.balanceDue, customerName: "x" }, null);
    for (const amount of [0, -5, 12.5, Number.NaN, Number.POSITIVE_INFINITY, "abc"]) {
      const e = await errorOf(cashier.paymentLink.create.mutate({ ...base, amount: amount as number }));
      expect(e.code).toBe("BAD_REQUEST");
      expect(e.message).toContain("El monto debe ser mayor que 0");
    }
    expect(await errorOf(cashier.paymentLink.create.mutate({ ...base, amount: 50001 }))).toEqual({ code: "BAD_REQUEST", message: "El monto no puede ser mayor que lo pendiente (500.00)" });
    expect((await errorOf(cashier.paymentLink.create.mutate({ ...base, orderNumber: "" }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(cashier.paymentLink.create.mutate({ ...base, email: "not-an-email" }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(cashier.paymentLink.create.mutate({ ...base, invoiceId: "nope" }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(cashier.paymentLink.create.mutate({ ...base, invoiceId: newId() }))).code).toBe("NOT_FOUND");
  });
});

describe("the sandbox callback", () => {
  it("pays the invoice once: a repeated callback changes nothing", async () => {
    const { inv, link } = await linkFor();
    const event = approved(link);
    expect(await callback(event)).toEqual({ status: 200, body: { received: true, changed: true } });
    expect(await callback(event)).toEqual({ status: 200, body: { received: true, changed: false } });
    const after = await owner.invoice.getById.query({ id: inv.id });
    expect(after).toMatchObject({ status: "paid", balanceDue: "0.00", paidTotal: "500.00" });
    const payments = (await paymentsOf(inv.id)).filter((p) => p.status === "completed" && p.baseAmount === "500.00");
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ clientPaymentId: clientPaymentIdOf(link.id), reference: event.transactionId, cashboxSessionId: null });
    const got = await cashier.paymentLink.getById.query({ id: link.id });
    expect(got).toMatchObject({ status: "paid", cardLast4: "1111", authorizationCode: "123456", providerReference: event.transactionId });
    // a second, different transaction for a paid link: refused
    expect((await callback(approved(link, { transactionId: "SBX-OTHER" }))).status).toBe(409);
    expect(await paymentsOf(inv.id)).toHaveLength(payments.length + 1); // + the credit line of the sale
  });

  it("refuses a forged signature, an unknown link, another amount, a cancelled or expired link, and logs each", async () => {
    const { inv, link } = await linkFor();
    expect((await callback(approved(link), { key: callbackKey("forged", t.acme.tenant.id) })).status).toBe(401);
    expect((await callback(approved(link), { key: callbackKey(SECRET, t.other.tenant.id) })).status).toBe(401);
    expect((await callback(approved(link), { signature: "sha256=00" })).status).toBe(401);
    const signedThenTampered = JSON.stringify(approved(link));
    expect((await callback({}, { raw: signedThenTampered.replace('"approved"', '"approved" '), signature: signBody(callbackKey(SECRET, t.acme.tenant.id), signedThenTampered) })).status).toBe(401);
    expect((await callback(approved(link, { linkId: newId() }))).status).toBe(404);
    expect((await callback(approved(link, { amountMinor: 100 }))).status).toBe(409);
    expect((await callback(approved(link, { amountMinor: 50001 }))).status).toBe(409);
    expect((await callback(approved(link, { currency: "USD" }))).status).toBe(409);
    expect((await callback({ linkId: link.id }, {})).status).toBe(400);
    expect((await owner.invoice.getById.query({ id: inv.id })).balanceDue).toBe("500.00");
    expect((await cashier.paymentLink.getById.query({ id: link.id })).status).toBe("pending");

    // logged through pino, and nothing changed
    const log = { warn: vi.fn(), info: vi.fn(), error: vi.fn() };
    const body = JSON.stringify(approved(link));
    const r = await handleCallback({ db: t.db, sessionSecret: SECRET } as never, log as never, t.acme.tenant, "sandbox", body, signBody(callbackKey("forged", t.acme.tenant.id), body));
    expect(r.status).toBe(401);
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ reason: "signature", tenantId: t.acme.tenant.id }), "payment link callback refused");
    const body2 = JSON.stringify(approved(link, { amountMinor: 1 }));
    await handleCallback({ db: t.db, sessionSecret: SECRET } as never, log as never, t.acme.tenant, "sandbox", body2, signBody(callbackKey(SECRET, t.acme.tenant.id), body2));
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ code: "amount_mismatch", expected: 50000, got: 1 }), "payment link callback refused");

    // cancelled: the callback is refused
    await cashier.paymentLink.cancel.mutate({ id: link.id });
    expect((await callback(approved(link))).status).toBe(409);
    expect((await owner.invoice.getById.query({ id: inv.id })).balanceDue).toBe("500.00");

    // expired
    const second = await linkFor();
    await withTenant(t.db, t.acme.tenant.id, (tx) =>
      tx
        .update(paymentLinks)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(and(eq(paymentLinks.tenantId, t.acme.tenant.id), eq(paymentLinks.id, second.link.id))),
    );
    expect((await cashier.paymentLink.getById.query({ id: second.link.id })).status).toBe("expired");
    expect((await callback(approved(second.link))).status).toBe(409);
    expect((await owner.invoice.getById.query({ id: second.inv.id })).balanceDue).toBe("500.00");
    expect((await cashier.paymentLink.getAll.query({ status: "expired" })).data.map((l) => l.id)).toContain(second.link.id);
    expect((await errorOf(anonymous.paymentLink.pay.mutate({ id: second.link.id, cardNumber: SANDBOX_APPROVE_CARD, expiry: "12/39", cvc: "123" }))).message).toBe("El enlace de pago venció");
  });
});

describe("the hosted page (public getPublic and pay)", () => {
  it("the approve card pays the invoice through the signed callback; the decline card leaves it pending", async () => {
    const { inv, link } = await linkFor();
    const pub = await anonymous.paymentLink.getPublic.query({ id: link.id });
    expect(pub).toMatchObject({ id: link.id, business: "acme SRL", amount: "500.00", invoiceNumber: inv.number, status: "pending" });
    expect(pub).not.toHaveProperty("email");

    const declined = await anonymous.paymentLink.pay.mutate({ id: link.id, cardNumber: "4000 0000 0000 0002", expiry: "12/39", cvc: "123" });
    expect(declined).toMatchObject({ result: "declined", reason: "insufficient_funds", status: "pending" });
    expect((await owner.invoice.getById.query({ id: inv.id })).balanceDue).toBe("500.00");

    const paid = await anonymous.paymentLink.pay.mutate({ id: link.id, cardNumber: SANDBOX_APPROVE_CARD, expiry: "12/39", cvc: "123" });
    expect(paid).toMatchObject({ result: "approved", status: "paid" });
    expect(await owner.invoice.getById.query({ id: inv.id })).toMatchObject({ status: "paid", balanceDue: "0.00" });
    expect((await errorOf(anonymous.paymentLink.pay.mutate({ id: link.id, cardNumber: SANDBOX_APPROVE_CARD, expiry: "12/39", cvc: "123" }))).message).toBe("El enlace ya fue pagado");
    expect((await cashier.paymentLink.getAll.query({ status: "paid" })).data.map((l) => l.id)).toContain(link.id);
    expect((await errorOf(anonymous.paymentLink.pay.mutate({ id: link.id, cardNumber: "1234", expiry: "12/39", cvc: "123" }))).code).toBe("BAD_REQUEST");
    expect(SANDBOX_DECLINE_CARD).toBe("4000000000000002");
  });
});

describe("cancel and sendEmail", () => {
  it("cancel: pending → cancelled, again unchanged, never deleted; a paid link cannot be cancelled", async () => {
    const { link } = await linkFor();
    const c = await cashier.paymentLink.cancel.mutate({ id: link.id });
    expect(c.status).toBe("cancelled");
    expect((await cashier.paymentLink.cancel.mutate({ id: link.id })).cancelledAt).toBe(c.cancelledAt);
    expect((await cashier.paymentLink.getAll.query({ status: "cancelled" })).data.map((l) => l.id)).toContain(link.id);
    const paid = await linkFor();
    await callback(approved(paid.link));
    expect(await errorOf(cashier.paymentLink.cancel.mutate({ id: paid.link.id }))).toEqual({ code: "BAD_REQUEST", message: "El enlace ya fue pagado y no se puede cancelar" });
  });

  it("sendEmail puts the link in the outbox; needs an e-mail; not for a cancelled link", async () => {
    const { link } = await linkFor();
    expect(await cashier.paymentLink.sendEmail.mutate({ id: link.id, email: "pedro@example.do" })).toEqual({ sent: true, status: "outbox" });
    const mails = await withTenant(t.db, t.acme.tenant.id, (tx) => tx.select().from(mailMessages).where(eq(mailMessages.tenantId, t.acme.tenant.id)));
    const mail = mails.find((m) => m.text.includes(link.linkFullUrl))!;
    expect(mail).toMatchObject({ toAddress: "pedro@example.do", status: "outbox" });
    expect(mail.subject).toBe("Enlace de pago de acme SRL: RD$500.00");
    expect(await errorOf(cashier.paymentLink.sendEmail.mutate({ id: link.id, email: "" }))).toEqual({ code: "BAD_REQUEST", message: "email: Por favor ingrese un correo electrónico" });
    await cashier.paymentLink.cancel.mutate({ id: link.id });
    expect((await errorOf(cashier.paymentLink.sendEmail.mutate({ id: link.id, email: "pedro@example.do" }))).message).toBe("El enlace de pago fue cancelado");
  });
});

describe("another tenant", () => {
  it("gets NOT_FOUND on every procedure that names a link or invoice of acme, and its host's callback cannot pay it", async () => {
    const { inv, link, payload } = await linkFor();
    await outsider.paymentLink.updateSettings.mutate({ isEnabled: true, ttlDays: 7 });
    expect((await errorOf(outsider.paymentLink.create.mutate({ ...payload, orderNumber: `${payload.orderNumber}-x` }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.paymentLink.getById.query({ id: link.id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.paymentLink.cancel.mutate({ id: link.id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.paymentLink.sendEmail.mutate({ id: link.id, email: "a@b.do" }))).code).toBe("NOT_FOUND");
    const otherAnon = await t.client("other");
    expect((await errorOf(otherAnon.paymentLink.getPublic.query({ id: link.id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(otherAnon.paymentLink.pay.mutate({ id: link.id, cardNumber: SANDBOX_APPROVE_CARD, expiry: "12/39", cvc: "123" }))).code).toBe("NOT_FOUND");
    expect((await outsider.paymentLink.getAll.query({})).data.map((l) => l.id)).not.toContain(link.id);
    expect((await outsider.paymentLink.getAll.query({ invoiceId: inv.id })).data).toEqual([]);
    // the other host, signed with its own key, names acme's link: unknown there
    const raw = JSON.stringify(approved(link));
    const res = await t.app.inject({ method: "POST", url: SANDBOX_CALLBACK_PATH, headers: { host: "other.localhost", "content-type": "application/json", [SIGNATURE_HEADER]: signBody(callbackKey(SECRET, t.other.tenant.id), raw) }, payload: raw });
    expect(res.statusCode).toBe(404);
    expect((await cashier.paymentLink.getById.query({ id: link.id })).status).toBe("pending");
    expect((await t.app.inject({ method: "POST", url: SANDBOX_CALLBACK_PATH, headers: { host: "nobody.localhost", "content-type": "application/json" }, payload: raw })).statusCode).toBe(404);
  });

  it("sandboxProvider.charge: the test cards decide the outcome", () => {
    const link = { id: newId(), orderNumber: "X", amountMinor: 100, currency: "DOP" };
    const card = { expiry: "12/39", cvc: "123" };
    expect(sandboxProvider.charge(link, { ...card, cardNumber: SANDBOX_APPROVE_CARD }).result).toBe("approved");
    expect(sandboxProvider.charge(link, { ...card, cardNumber: SANDBOX_DECLINE_CARD })).toMatchObject({ result: "declined", reason: "insufficient_funds" });
    expect(sandboxProvider.charge(link, { ...card, cardNumber: "4242424242424242" })).toMatchObject({ result: "declined", reason: "not_a_test_card" });
    expect(sandboxProvider.charge(link, { ...card, expiry: "01/20", cardNumber: SANDBOX_APPROVE_CARD })).toMatchObject({ result: "declined", reason: "expired_card" });
  });
});
