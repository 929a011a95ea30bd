import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppDeps } from "../../app";
import { loadConfig } from "../../config";
import { withTenant } from "../../db/client";
import { newId } from "../../ids";
import { type Client, createTestContext, openCashboxFor, SUPERADMIN_TOKEN, type TestContext } from "../../test/harness";
import { createCallerFactory, createContext, router } from "../../trpc/init";
import { SESSION_COOKIE } from "../auth/service";
import { customers } from "../customer/tables";
import { mailMessages } from "../mail/tables";
import { orders } from "../pos/tables";
import { invoicePdf } from "./pdf";
import { getInvoiceDocument } from "./share";
import { invoiceShareProcedures } from "./share-router";

/** invoice.* is wired by the invoice router; here the sharing procedures get a router of their own. */
const testRouter = router({ invoice: router(invoiceShareProcedures) });
const createCaller = createCallerFactory(testRouter);
type Caller = ReturnType<typeof createCaller>;

let t: TestContext;
let deps: AppDeps;
let owner: Client;
let cashierClient: Client;
let invoiceId: string;
let invoiceNumber: string;
let ncf: string;
let otherInvoiceId: string;
let buyer: string;

/** A caller of the test router on the tenant's host, signed in as the role (anonymous without one). */
async function caller(subdomain: string, role?: "owner" | "admin" | "cashier"): Promise<Caller> {
  const host = `${subdomain}.localhost`;
  const cookie = role ? await t.signIn(subdomain, role) : undefined;
  const token = cookie ? decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1)) : undefined;
  const req = {
    headers: { host, "x-locale": "es", ...(cookie ? { cookie } : {}) },
    cookies: token ? { [SESSION_COOKIE]: token } : {},
    protocol: "http",
    host,
    log: { error() {}, warn() {}, info() {} },
  } as unknown as FastifyRequest;
  return createCaller(await createContext(deps, req, {} as FastifyReply));
}

async function codeOf(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (e) {
    const err = e as { code: string; message: string };
    return { code: err.code, message: err.message };
  }
  throw new Error("expected the call to fail, it succeeded");
}

async function sale(client: Client, customerId: string, warehouseId: string, productId: string, methodId: string, currencyId: string) {
  return client.pos.checkout.mutate({
    clientOrderId: newId(),
    customerId,
    warehouseId,
    items: [{ productId, quantity: "2" }],
    payments: [{ paymentMethodId: methodId, currencyId, amount: "1000" }],
    notes: "Entregar en la tarde",
  });
}

async function setUpTenant(client: Client, subdomain: "acme" | "other") {
  const warehouseId = (await client.warehouse.getAll.query())[0]!.id;
  const product = await client.product.create.mutate({ name: "Arroz La Garza 10 lb", sku: `ARR-${subdomain}`, price: "420", price2: "420", price3: "420", warehouseQuantities: [{ warehouseId, initialQuantity: "100" }] });
  const cash = (await client.paymentMethod.getAll.query()).find((m) => m.code === "CASH")!.id;
  const dop = (await client.currency.getActive.query()).find((c) => c.code === "DOP")!.id;
  return { warehouseId, productId: product.id, cash, dop };
}

beforeAll(async () => {
  t = await createTestContext();
  // POS sales are counted in the cashier's open cash box session.
  await openCashboxFor(t, t.acme, "cashier");
  await openCashboxFor(t, t.other, "owner");
  deps = { db: t.db, config: { ...loadConfig({}), superAdminToken: SUPERADMIN_TOKEN, uploadDir: t.uploadDir }, sessionSecret: "test-secret", authRateLimitMax: 10_000 };
  owner = await t.client("acme", "owner");
  cashierClient = await t.client("acme", "cashier");
  const acme = await setUpTenant(owner, "acme");
  buyer = newId();
  const tenantId = t.acme.tenant.id;
  await withTenant(t.db, tenantId, (tx) =>
    tx.insert(customers).values({ tenantId, id: buyer, code: "CLI-SHARE", name: "Colmado Don Pedro", taxId: "131246796", email: "pedro@colmado.test", phone: "809-555-0100" }),
  );
  const r = await sale(cashierClient, buyer, acme.warehouseId, acme.productId, acme.cash, acme.dop);
  invoiceId = r.orderId;
  invoiceNumber = r.orderNumber;
  ncf = r.ncf!;
  const otherOwner = await t.client("other", "owner");
  const other = await setUpTenant(otherOwner, "other");
  otherInvoiceId = (await sale(otherOwner, "default", other.warehouseId, other.productId, other.cash, other.dop)).orderId;
});
afterAll(() => t.close());

describe("invoice.share: public link", () => {
  it("link creates an unguessable token once, on the request's host; getShared reads it without a session; revoke ends it", async () => {
    const cashier = await caller("acme", "cashier");
    const first = await cashier.invoice.share({ invoiceId, channel: "link" });
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(first.url).toBe(`http://acme.localhost/i/${first.token}`);
    const again = await cashier.invoice.share({ invoiceId, channel: "link" });
    expect(again.token).toBe(first.token);
    expect(await cashier.invoice.getShareLink({ invoiceId })).toEqual({ token: first.token, url: first.url });
    const [row] = await withTenant(t.db, t.acme.tenant.id, (tx) => tx.select({ token: orders.shareToken }).from(orders).where(and(eq(orders.tenantId, t.acme.tenant.id), eq(orders.id, invoiceId))));
    expect(row!.token).toBe(first.token);

    const anonymous = await caller("acme");
    const shared = await anonymous.invoice.getShared({ token: first.token! });
    expect(shared.order).toMatchObject({ number: invoiceNumber, government_invoice_number: ncf, total: "840.00", notes: "Entregar en la tarde" });
    expect(shared.customer).toEqual({ name: "Colmado Don Pedro", taxId: "131246796" });
    expect(shared.warehouse).toMatchObject({ businessName: "acme SRL", taxId: "131246796" });
    expect(shared.invoice).toMatchObject({ balanceDue: "0.00", paidTotal: "840.00" });
    // no internal ids, cash-box settings or customer contact on the public copy
    expect(JSON.stringify(shared)).not.toContain(invoiceId);
    expect(shared.order).not.toHaveProperty("id");
    expect(shared.items[0]).not.toHaveProperty("product_id");
    expect(shared.payments[0]).not.toHaveProperty("id");
    expect(shared).not.toHaveProperty("printServer");
    expect(JSON.stringify(shared)).not.toContain("pedro@colmado.test");
    // the token means nothing on another tenant's host
    expect((await codeOf((await caller("other")).invoice.getShared({ token: first.token! }))).code).toBe("NOT_FOUND");

    expect(await cashier.invoice.revokeShareLink({ invoiceId })).toEqual({ success: true });
    expect((await codeOf(anonymous.invoice.getShared({ token: first.token! }))).code).toBe("NOT_FOUND");
    expect(await cashier.invoice.getShareLink({ invoiceId })).toEqual({ token: null, url: null });
    // a new link gets a new token
    const next = await cashier.invoice.share({ invoiceId, channel: "link" });
    expect(next.token).not.toBe(first.token);
    expect((await anonymous.invoice.getShared({ token: next.token! })).order.number).toBe(invoiceNumber);
  });

  it("unknown or malformed tokens are NOT_FOUND; the procedures need a session", async () => {
    const anonymous = await caller("acme");
    expect((await codeOf(anonymous.invoice.getShared({ token: "x".repeat(32) }))).code).toBe("NOT_FOUND");
    expect((await codeOf(anonymous.invoice.getShared({ token: "" }))).code).toBe("NOT_FOUND");
    expect((await codeOf(anonymous.invoice.getShared({ token: "' or 1=1 --" }))).code).toBe("NOT_FOUND");
    expect((await codeOf(anonymous.invoice.share({ invoiceId, channel: "link" }))).code).toBe("UNAUTHORIZED");
    expect((await codeOf(anonymous.invoice.revokeShareLink({ invoiceId }))).code).toBe("UNAUTHORIZED");
  });

  it("another tenant's invoice id is NOT_FOUND for every procedure", async () => {
    const outsider = await caller("other", "owner");
    for (const channel of ["link", "whatsapp", "email"] as const) {
      expect((await codeOf(outsider.invoice.share({ invoiceId, channel, email: "x@y.test" }))).code).toBe("NOT_FOUND");
    }
    expect((await codeOf(outsider.invoice.revokeShareLink({ invoiceId }))).code).toBe("NOT_FOUND");
    expect((await codeOf(outsider.invoice.getShareLink({ invoiceId }))).code).toBe("NOT_FOUND");
    // and the other way round
    expect((await codeOf((await caller("acme", "owner")).invoice.share({ invoiceId: otherInvoiceId, channel: "link" }))).code).toBe("NOT_FOUND");
    const [row] = await withTenant(t.db, t.acme.tenant.id, (tx) => tx.select({ token: orders.shareToken }).from(orders).where(and(eq(orders.tenantId, t.acme.tenant.id), eq(orders.id, invoiceId))));
    expect(row).toBeDefined();
  });
});

describe("invoice.share: whatsapp and e-mail", () => {
  it("whatsapp returns a wa.me link with the number and the public link", async () => {
    const cashier = await caller("acme", "cashier");
    const r = await cashier.invoice.share({ invoiceId, channel: "whatsapp", phoneNumber: "(809) 555-0100" });
    expect(r.url).toMatch(/^https:\/\/wa\.me\/18095550100\?text=/);
    const text = decodeURIComponent(r.url!.split("?text=")[1]!);
    expect(text).toContain(invoiceNumber);
    expect(text).toContain(ncf);
    expect(text).toContain(`http://acme.localhost/i/${r.token}`);
    expect(r.shareUrl).toBe(`http://acme.localhost/i/${r.token}`);
    // no number given: the customer's phone
    expect((await cashier.invoice.share({ invoiceId, channel: "whatsapp" })).url).toMatch(/^https:\/\/wa\.me\/18095550100\?/);
    expect((await codeOf(cashier.invoice.share({ invoiceId, channel: "whatsapp", phoneNumber: "12" }))).code).toBe("BAD_REQUEST");
  });

  it("e-mail without SMTP goes to the outbox with the letter PDF attached; a bad address is BAD_REQUEST", async () => {
    delete process.env.SMTP_URL;
    const cashier = await caller("acme", "cashier");
    const bad = await codeOf(cashier.invoice.share({ invoiceId, channel: "email", email: "not-an-email" }));
    expect(bad.code).toBe("BAD_REQUEST");
    expect(bad.message).toContain("invoiceShare:errors.invalidEmail");
    expect((await codeOf(cashier.invoice.share({ invoiceId, channel: "email" }))).message).toContain("invoiceShare:errors.emailRequired");

    const r = await cashier.invoice.share({ invoiceId, channel: "email", email: "pedro@colmado.test", language: "es" });
    expect(r).toMatchObject({ channel: "email", sent: true, status: "outbox" });
    const rows = await withTenant(t.db, t.acme.tenant.id, (tx) =>
      tx
        .select()
        .from(mailMessages)
        .where(and(eq(mailMessages.tenantId, t.acme.tenant.id), eq(mailMessages.toAddress, "pedro@colmado.test"))),
    );
    expect(rows).toHaveLength(1);
    const m = rows[0]!;
    expect(m).toMatchObject({ status: "outbox", kind: "receipt", subject: `Factura ${invoiceNumber} de acme SRL` });
    expect(m.text).toContain(ncf);
    expect(m.text).toContain(`Adjunto: factura-${invoiceNumber}.pdf`);
    const attached = /href="data:application\/pdf;base64,([A-Za-z0-9+/=]+)"/.exec(m.html ?? "");
    expect(attached).not.toBeNull();
    expect(Buffer.from(attached![1]!, "base64").subarray(0, 5).toString()).toBe("%PDF-");
    expect(m.html).toContain(`download="factura-${invoiceNumber}.pdf"`);
  });

  it("e-mail with SMTP is sent with the PDF as a real attachment", async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          received.push(Buffer.concat(chunks).toString("utf8"));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    process.env.SMTP_URL = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    try {
      const cashier = await caller("acme", "cashier");
      const r = await cashier.invoice.share({ invoiceId, channel: "email", email: "smtp@colmado.test", language: "en" });
      expect(r).toMatchObject({ sent: true, status: "sent" });
      expect(received).toHaveLength(1);
      expect(received[0]).toContain("Content-Type: application/pdf");
      expect(received[0]).toContain(`filename=factura-${invoiceNumber}.pdf`);
      expect(received[0]).toContain(`Invoice ${invoiceNumber} from acme SRL`);
      const [row] = await withTenant(t.db, t.acme.tenant.id, (tx) =>
        tx
          .select()
          .from(mailMessages)
          .where(and(eq(mailMessages.tenantId, t.acme.tenant.id), eq(mailMessages.toAddress, "smtp@colmado.test"))),
      );
      expect(row).toMatchObject({ status: "sent" });
    } finally {
      delete process.env.SMTP_URL;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe("invoicePdf", () => {
  it("renders letter (612×792) and 80 mm (226 pt wide) PDFs, in both languages, also for a cancelled invoice", async () => {
    const doc = await withTenant(t.db, t.acme.tenant.id, (tx) => getInvoiceDocument(tx, t.acme.tenant, invoiceId));
    const letter = await invoicePdf(doc, { format: "letter", language: "es" });
    expect(letter.subarray(0, 5).toString()).toBe("%PDF-");
    expect(letter.toString("latin1")).toContain("/MediaBox [0 0 612 792]");
    const ticket = await invoicePdf(doc, { format: "80mm", language: "en" });
    expect(ticket.subarray(0, 5).toString()).toBe("%PDF-");
    expect(ticket.toString("latin1")).toMatch(/\/MediaBox \[0 0 226 \d+(\.\d+)?\]/);

    await owner.invoice.cancel.mutate({ invoiceId, reasonCode: "04", reason: "prueba", recreate: false });
    const cancelled = await withTenant(t.db, t.acme.tenant.id, (tx) => getInvoiceDocument(tx, t.acme.tenant, invoiceId));
    expect(cancelled.order.status).toBe("cancelled");
    for (const format of ["letter", "80mm"] as const) expect((await invoicePdf(cancelled, { format, language: "es" })).subarray(0, 5).toString()).toBe("%PDF-");
    // a cancelled invoice may still be shared
    const link = await (await caller("acme", "cashier")).invoice.share({ invoiceId, channel: "link" });
    expect((await (await caller("acme")).invoice.getShared({ token: link.token! })).order.status).toBe("cancelled");
  });
});

describe("GET /api/invoices/:id/pdf and /api/public/invoices/:token/pdf", () => {
  const get = (host: string, url: string, cookie?: string) => t.app.inject({ method: "GET", url, headers: { host, ...(cookie ? { cookie } : {}) } });

  it("a signed-in user with invoices.view downloads the PDF; 401 without a session, 403 without the permission, 404 for another tenant", async () => {
    const cookie = await t.signIn("acme", "cashier");
    const res = await get("acme.localhost", `/api/invoices/${invoiceId}/pdf`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="factura-${invoiceNumber}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const ticket = await get("acme.localhost", `/api/invoices/${invoiceId}/pdf?format=80mm&lang=en`, cookie);
    expect(ticket.statusCode).toBe(200);
    expect(ticket.rawPayload.toString("latin1")).toMatch(/\/MediaBox \[0 0 226 /);

    expect((await get("acme.localhost", `/api/invoices/${invoiceId}/pdf`)).statusCode).toBe(401);
    expect((await get("acme.localhost", `/api/invoices/${invoiceId}/pdf?format=a4`, cookie)).statusCode).toBe(400);
    expect((await get("acme.localhost", `/api/invoices/${otherInvoiceId}/pdf`, cookie)).statusCode).toBe(404);
    expect((await get("acme.localhost", "/api/invoices/not-a-uuid/pdf", cookie)).statusCode).toBe(404);
    const outsider = await t.signIn("other", "owner");
    expect((await get("other.localhost", `/api/invoices/${invoiceId}/pdf`, outsider)).statusCode).toBe(404);
    // acme's cookie on other's host is no session there
    expect((await get("other.localhost", `/api/invoices/${otherInvoiceId}/pdf`, cookie)).statusCode).toBe(401);

    await owner.modules.setEnabled.mutate({ module: "invoices", enabled: false });
    try {
      expect((await get("acme.localhost", `/api/invoices/${invoiceId}/pdf`, cookie)).statusCode).toBe(403);
    } finally {
      await owner.modules.setEnabled.mutate({ module: "invoices", enabled: true });
    }
  });

  it("the public PDF needs the current token on the tenant's host, no session", async () => {
    const cashier = await caller("acme", "cashier");
    const { token } = await cashier.invoice.share({ invoiceId, channel: "link" });
    const res = await get("acme.localhost", `/api/public/invoices/${token}/pdf?format=80mm`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await get("other.localhost", `/api/public/invoices/${token}/pdf`)).statusCode).toBe(404);
    expect((await get("acme.localhost", `/api/public/invoices/${"A".repeat(32)}/pdf`)).statusCode).toBe(404);
    await cashier.invoice.revokeShareLink({ invoiceId });
    expect((await get("acme.localhost", `/api/public/invoices/${token}/pdf`)).statusCode).toBe(404);
  });
});
