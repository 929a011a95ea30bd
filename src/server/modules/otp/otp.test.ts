import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../db/client";
import { createTestContext, errorOf, type TestContext } from "../../test/harness";
import { users } from "../auth/tables";
import { otpRequests } from "../pos/tables";
import { isCustomDiscountAuthorized, OTP_MAX_ATTEMPTS } from "./service";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  // The admin reads English; the owner Spanish.
  await withTenant(t.db, t.acme.tenant.id, (tx) => tx.update(users).set({ language: "en" }).where(eq(users.id, t.acme.users.admin.id)));
});
afterAll(() => t.close());

const CUSTOM = { productId: "custom_discount" as const, productName: "Descuento Personalizado" };

/** The code as an administrator reads it: from the newest OTP mail in the outbox addressed to them. */
async function codeFromOutbox(role: "admin" | "owner" = "owner", subdomain = "acme"): Promise<string> {
  const reader = await t.client(subdomain, role);
  const list = await reader.outbox.getAll.query({ pageSize: 100 });
  const email = (subdomain === "acme" ? t.acme : t.other).users[role].email;
  const mail = list.data.find((m) => m.kind === "otp" && m.toAddress === email);
  if (!mail) throw new Error("no OTP mail in the outbox");
  const text = (await reader.outbox.getById.query({ id: mail.id })).text;
  const code = /(?:Código|Code): (\d{6})/.exec(text)?.[1];
  if (!code) throw new Error(`no code in: ${text}`);
  return code;
}

async function requestRow(requestId: string, tenantId = t.acme.tenant.id) {
  const [row] = await withTenant(t.db, tenantId, (tx) =>
    tx
      .select()
      .from(otpRequests)
      .where(and(eq(otpRequests.tenantId, tenantId), eq(otpRequests.requestId, requestId))),
  );
  return row;
}

function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, "0");
}

describe("product.sendOTP / product.verifyOTP", () => {
  it("a cashier requests a code: every active administrator and owner gets it in their language; it is stored hashed", async () => {
    const cashier = await t.client("acme", "cashier");
    const before = Date.now();
    const sent = await cashier.product.sendOTP.mutate({ ...CUSTOM, requestId: "req-1" });
    expect(sent.success).toBe(true);

    const owner = await t.client("acme", "owner");
    const mails = (await owner.outbox.getAll.query({})).data.filter((m) => m.kind === "otp");
    expect(mails.map((m) => m.toAddress).sort()).toEqual([t.acme.users.admin.email, t.acme.users.owner.email].sort());
    expect(mails.every((m) => m.status === "outbox")).toBe(true);
    const es = mails.find((m) => m.toAddress === t.acme.users.owner.email)!;
    const en = mails.find((m) => m.toAddress === t.acme.users.admin.email)!;
    expect(es.subject).toBe("Código de autorización: Descuento personalizado");
    expect(en.subject).toBe("Authorization code: Custom discount");
    const esText = (await owner.outbox.getById.query({ id: es.id })).text;
    expect(esText).toContain("cashier cashier@acme.test solicita su autorización para: Descuento personalizado.");
    expect(esText).toContain("El código vence en 5 minutos");
    const enText = (await owner.outbox.getById.query({ id: en.id })).text;
    expect(enText).toContain("The code expires in 5 minutes");

    const code = await codeFromOutbox("owner");
    expect(await codeFromOutbox("admin")).toBe(code);
    const row = await requestRow("req-1");
    expect(row).toMatchObject({ productId: "custom_discount", productName: "Descuento Personalizado", attempts: 0, verifiedAt: null, requestedBy: t.acme.users.cashier.id });
    expect(row!.codeHash).not.toContain(code);
    expect(row!.codeHash).toMatch(/^hmac-sha256:[0-9a-f]{32}:[0-9a-f]{64}$/);
    const lifetime = row!.expiresAt.getTime() - before;
    expect(lifetime).toBeGreaterThan(295_000);
    expect(lifetime).toBeLessThan(310_000);
  });

  it("verify: a wrong code is 'Código OTP inválido'; the right one succeeds once; then the authorization is usable", async () => {
    const cashier = await t.client("acme", "cashier");
    const code = await codeFromOutbox("owner");
    expect(await errorOf(cashier.product.verifyOTP.mutate({ ...CUSTOM, requestId: "req-1", otp: otherCode(code) }))).toEqual({ code: "BAD_REQUEST", message: "Código OTP inválido" });
    expect((await requestRow("req-1"))!.attempts).toBe(1);
    expect(await withTenant(t.db, t.acme.tenant.id, (tx) => isCustomDiscountAuthorized(tx, t.acme.tenant.id, "req-1"))).toBe(false);

    expect(await cashier.product.verifyOTP.mutate({ ...CUSTOM, requestId: "req-1", otp: code })).toEqual({ success: true });
    expect((await requestRow("req-1"))!.verifiedAt).toBeInstanceOf(Date);
    expect(await withTenant(t.db, t.acme.tenant.id, (tx) => isCustomDiscountAuthorized(tx, t.acme.tenant.id, "req-1"))).toBe(true);
    // Not twice.
    expect(await errorOf(cashier.product.verifyOTP.mutate({ ...CUSTOM, requestId: "req-1", otp: code }))).toEqual({
      code: "BAD_REQUEST",
      message: "Este código ya fue verificado; no se puede usar otra vez",
    });
    // Requesting again under a used id needs a new request id.
    expect((await errorOf(cashier.product.sendOTP.mutate({ ...CUSTOM, requestId: "req-1" }))).code).toBe("BAD_REQUEST");
    // An authorization from long ago no longer counts.
    await withTenant(t.db, t.acme.tenant.id, (tx) =>
      tx
        .update(otpRequests)
        .set({ verifiedAt: sql`now() - interval '2 hours'` })
        .where(eq(otpRequests.requestId, "req-1")),
    );
    expect(await withTenant(t.db, t.acme.tenant.id, (tx) => isCustomDiscountAuthorized(tx, t.acme.tenant.id, "req-1"))).toBe(false);
    expect(await withTenant(t.db, t.acme.tenant.id, (tx) => isCustomDiscountAuthorized(tx, t.acme.tenant.id, "no-such-request"))).toBe(false);
  });

  it("a retried request (same request id, still pending) sends no second code", async () => {
    const cashier = await t.client("acme", "cashier");
    const owner = await t.client("acme", "owner");
    const first = await cashier.product.sendOTP.mutate({ ...CUSTOM, requestId: "req-retry" });
    const count = (await owner.outbox.getAll.query({})).pagination.total;
    const again = await cashier.product.sendOTP.mutate({ ...CUSTOM, requestId: "req-retry" });
    expect(again.expiresAt).toEqual(first.expiresAt);
    expect((await owner.outbox.getAll.query({})).pagination.total).toBe(count);
    // Someone else cannot take over that request id.
    const admin = await t.client("acme", "admin");
    expect(await errorOf(admin.product.sendOTP.mutate({ ...CUSTOM, requestId: "req-retry" }))).toEqual({ code: "CONFLICT", message: "Ese id de solicitud ya se usó para otra solicitud" });
  });

  it("an expired code is refused with a clear message", async () => {
    const cashier = await t.client("acme", "cashier");
    await cashier.product.sendOTP.mutate({ ...CUSTOM, requestId: "req-expired" });
    const code = await codeFromOutbox("owner");
    await withTenant(t.db, t.acme.tenant.id, (tx) =>
      tx
        .update(otpRequests)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(otpRequests.requestId, "req-expired")),
    );
    expect(await errorOf(cashier.product.verifyOTP.mutate({ ...CUSTOM, requestId: "req-expired", otp: code }))).toEqual({
      code: "BAD_REQUEST",
      message: "El código venció. Solicite un código nuevo.",
    });
    expect((await requestRow("req-expired"))!.verifiedAt).toBeNull();
  });

  it("the product's otp_expiration sets the code's lifetime", async () => {
    const owner = await t.client("acme", "owner");
    const product = await owner.product.create.mutate({ name: "Botella de ron añejo", sku: "RON-OTP", price: "1500", price2: "1500", price3: "1500", requiresOTP: true, otpExpiration: 90 });
    const cashier = await t.client("acme", "cashier");
    const before = Date.now();
    await cashier.product.sendOTP.mutate({ productId: product.id, productName: "Botella de ron añejo", requestId: "req-product" });
    const row = await requestRow("req-product");
    const lifetime = row!.expiresAt.getTime() - before;
    expect(lifetime).toBeGreaterThan(85_000);
    expect(lifetime).toBeLessThan(100_000);
    const mail = (await owner.outbox.getAll.query({})).data.find((m) => m.kind === "otp" && m.toAddress === t.acme.users.owner.email)!;
    expect(mail.subject).toBe("Código de autorización: Botella de ron añejo");
    expect((await owner.outbox.getById.query({ id: mail.id })).text).toContain("vence en 90 segundos");
    const code = await codeFromOutbox("owner");
    // The code is for that product only.
    expect((await errorOf(cashier.product.verifyOTP.mutate({ ...CUSTOM, requestId: "req-product", otp: code }))).code).toBe("NOT_FOUND");
    expect(await cashier.product.verifyOTP.mutate({ productId: product.id, requestId: "req-product", otp: code })).toEqual({ success: true });
    expect(await withTenant(t.db, t.acme.tenant.id, (tx) => isCustomDiscountAuthorized(tx, t.acme.tenant.id, "req-product"))).toBe(false);
  });

  it(`after ${OTP_MAX_ATTEMPTS} wrong codes the request is locked, even for the right code`, async () => {
    const cashier = await t.client("acme", "cashier");
    await cashier.product.sendOTP.mutate({ ...CUSTOM, requestId: "req-locked" });
    const code = await codeFromOutbox("owner");
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) {
      expect(await errorOf(cashier.product.verifyOTP.mutate({ ...CUSTOM, requestId: "req-locked", otp: otherCode(code) }))).toEqual({ code: "BAD_REQUEST", message: "Código OTP inválido" });
    }
    expect(await errorOf(cashier.product.verifyOTP.mutate({ ...CUSTOM, requestId: "req-locked", otp: code }))).toEqual({
      code: "TOO_MANY_REQUESTS",
      message: "Demasiados intentos fallidos: la solicitud quedó bloqueada. Solicite un código nuevo.",
    });
    const row = await requestRow("req-locked");
    expect(row!.attempts).toBe(OTP_MAX_ATTEMPTS);
    expect(row!.verifiedAt).toBeNull();
    // A new request gives a new chance.
    await cashier.product.sendOTP.mutate({ ...CUSTOM, requestId: "req-after-lock" });
    expect(await cashier.product.verifyOTP.mutate({ ...CUSTOM, requestId: "req-after-lock", otp: await codeFromOutbox("owner") })).toEqual({ success: true });
  });

  it("another tenant (or another user) cannot verify the request; outsiders see none of its mail", async () => {
    const cashier = await t.client("acme", "cashier");
    await cashier.product.sendOTP.mutate({ ...CUSTOM, requestId: "req-private" });
    const code = await codeFromOutbox("owner");
    const outsider = await t.client("other", "cashier");
    expect(await errorOf(outsider.product.verifyOTP.mutate({ ...CUSTOM, requestId: "req-private", otp: code }))).toEqual({ code: "NOT_FOUND", message: "Solicitud de código no encontrada" });
    const admin = await t.client("acme", "admin");
    expect((await errorOf(admin.product.verifyOTP.mutate({ ...CUSTOM, requestId: "req-private", otp: code }))).code).toBe("NOT_FOUND");
    expect((await requestRow("req-private"))!.attempts).toBe(0);
    const otherOwner = await t.client("other", "owner");
    expect((await otherOwner.outbox.getAll.query({})).data.filter((m) => m.kind === "otp")).toEqual([]);
    // The other tenant may use the same request id for its own request.
    await outsider.product.sendOTP.mutate({ ...CUSTOM, requestId: "req-private" });
    expect(await outsider.product.verifyOTP.mutate({ ...CUSTOM, requestId: "req-private", otp: await codeFromOutbox("owner", "other") })).toEqual({ success: true });
    expect(await cashier.product.verifyOTP.mutate({ ...CUSTOM, requestId: "req-private", otp: code })).toEqual({ success: true });
    // Another tenant's product id is not found.
    const product = (await (await t.client("acme", "owner")).product.getAll.query({ search: "RON-OTP" })).data[0]!;
    expect((await errorOf(outsider.product.sendOTP.mutate({ productId: product.id, productName: "x", requestId: "req-foreign" }))).code).toBe("NOT_FOUND");
  });

  it("inputs are validated; signing in and the POS permission are required", async () => {
    const cashier = await t.client("acme", "cashier");
    expect(await errorOf(cashier.product.verifyOTP.mutate({ ...CUSTOM, requestId: "req-1", otp: "12ab56" }))).toEqual({ code: "BAD_REQUEST", message: "otp: Código OTP inválido" });
    expect((await errorOf(cashier.product.sendOTP.mutate({ productId: "descuento", productName: "x", requestId: "r" }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(cashier.product.sendOTP.mutate({ ...CUSTOM, requestId: " " }))).code).toBe("BAD_REQUEST");
    const anonymous = await t.client("acme");
    expect((await errorOf(anonymous.product.sendOTP.mutate({ ...CUSTOM, requestId: "anon" }))).code).toBe("UNAUTHORIZED");
  });
});
