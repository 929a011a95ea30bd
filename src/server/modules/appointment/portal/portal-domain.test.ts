import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SANDBOX_APPROVE_CARD } from "../../../../shared/payment-link/sandbox-cards";
import { rowsOf, withTenant } from "../../../db/client";
import { newId } from "../../../ids";
import { type Client, errorOf, type TestContext } from "../../../test/harness";
import { isPortalDomainPage } from "../../../web";
import { bookerClient, OPEN_WEEK, type PortalClient, portalBooking, portalConfig, portalFixture, hostClient as portalHostClient, signedIn as signedInOn } from "./test-fixture";

/**
 * The portal on its own domain (spec 03 §3 'Portal config: custom domain'), the payment links of
 * appointments (a role with only appointments.apply_payment; 'APT-{number}-{k}' for later links;
 * the appointment checked before the card is charged), and the refund request a portal
 * cancellation makes. 'booker' is added here: roles are fixed otherwise.
 */
vi.mock("../../../../shared/permissions", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../../../shared/permissions")>();
  return {
    ...original,
    ROLE_DEFAULT_PERMISSIONS: { ...original.ROLE_DEFAULT_PERMISSIONS, booker: ["appointments.view", "appointments.create", "appointments.apply_payment"] },
  };
});

let t: TestContext;
let owner: Client;
let outsiderOwner: Client;
let booker: Client;
let masaje: string;
let monday: string;

const hostClient = (host: string) => portalHostClient(t, host);
const config = (over: Record<string, unknown> = {}) => portalConfig({ subdomain_path: "reservas", ...over });
const booking = (over: Record<string, unknown> = {}) => portalBooking(masaje, monday, over);

const pay = (c: PortalClient, id: string) => c.paymentLink.pay.mutate({ id, cardNumber: SANDBOX_APPROVE_CARD, expiry: "12/39", cvc: "123" });

const acmeRows = async <T,>(query: ReturnType<typeof sql>) => withTenant(t.db, t.acme.tenant.id, async (tx) => rowsOf<T>(await tx.execute(query)));

const paymentsOf = (appointmentId: string) =>
  acmeRows<{ payment_type: string; amount: string }>(
    sql`SELECT payment_type, amount::text AS amount FROM appointment_payments WHERE tenant_id = ${t.acme.tenant.id} AND appointment_id = ${appointmentId} ORDER BY created_at`,
  );

const signedIn = (host: string, email: string) => signedInOn(t, host, email);

beforeAll(async () => {
  ({ t, owner, outsiderOwner, masaje, monday } = await portalFixture({ employees: ["Ana"], week: OPEN_WEEK }));
  booker = await bookerClient(t);
  await owner.appointment.getPolicy.query();
  await owner.paymentLink.updateSettings.mutate({ isEnabled: true, ttlDays: 7 });
  await withTenant(t.db, t.acme.tenant.id, (tx) => tx.execute(sql`UPDATE payment_methods SET available_for_appointments = true WHERE tenant_id = ${t.acme.tenant.id} AND upper(code) = 'CARD'`));
});
afterAll(() => t?.close());

describe("the portal on its own domain", () => {
  it("a request whose Host is the portal's custom domain resolves the tenant's portal, and only the portal", async () => {
    const saved = await owner.appointment.updatePortalConfig.mutate(config({ custom_domain: " Reservas.Acme-Spa.Example. " }));
    expect(saved.custom_domain).toBe("reservas.acme-spa.example");

    const onDomain = hostClient("RESERVAS.acme-spa.example:8443");
    expect(await onDomain.portal.getConfig.query()).toMatchObject({ is_enabled: true, path: "reservas", business_name: "acme SRL" });
    expect((await onDomain.portal.getServices.query()).map((s) => s.name)).toEqual(["Masaje"]);
    // The staff's procedures and routes are not offered there.
    expect(await errorOf(onDomain.tenant.getCurrentConfig.query())).toMatchObject({ code: "NOT_FOUND" });
    expect((await errorOf(onDomain.appointment.getPortalConfig.query())).code).toBe("NOT_FOUND");
    const session = await t.app.inject({ method: "GET", url: "/api/auth/get-session", headers: { host: "reservas.acme-spa.example" } });
    expect(session.json()).toBeNull();
    const signIn = await t.app.inject({ method: "POST", url: "/api/auth/sign-in/email", headers: { host: "reservas.acme-spa.example", "content-type": "application/json" }, payload: { email: "x@y.do", password: "x" } });
    expect(signIn.statusCode).toBe(404);

    // The pages a custom domain serves (any other goes to the portal's path).
    expect(isPortalDomainPage("", "reservas")).toBe(false);
    expect(isPortalDomainPage("/home", "reservas")).toBe(false);
    expect(isPortalDomainPage("/auth/signin", "reservas")).toBe(false);
    expect(isPortalDomainPage("/reservas", "reservas")).toBe(true);
    expect(isPortalDomainPage("/reservas/account", "reservas")).toBe(true);
    expect(isPortalDomainPage("/book", "reservas")).toBe(true);
    expect(isPortalDomainPage("/pay/0b6f1d2e-8d5c-4f4e-9a61-3c2f8b7d9e10", "reservas")).toBe(true);

    // A booking there, and the sign-in link it mails opens on that domain.
    await onDomain.portal.book.mutate(booking({ time: "08:00", customer_email: "dora@example.do", customer_name: "Dora" }));
    await onDomain.portal.requestLink.mutate({ email: "dora@example.do" });
    const [mail] = await acmeRows<{ text: string }>(sql`SELECT text FROM mail_messages WHERE tenant_id = ${t.acme.tenant.id} AND to_address = 'dora@example.do' ORDER BY created_at DESC LIMIT 1`);
    expect(mail?.text).toMatch(/:\/\/reservas\.acme-spa\.example:8443\/reservas\/account\?token=/i);

    // An unknown host is no tenant.
    expect((await errorOf(hostClient("nobody.example").portal.getConfig.query())).code).toBe("NOT_FOUND");
  });

  it("a disabled portal's domain resolves nothing; another tenant cannot claim the domain; platform hosts and malformed names are refused", async () => {
    await owner.appointment.updatePortalConfig.mutate(config({ is_enabled: false, custom_domain: "reservas.acme-spa.example" }));
    expect(await errorOf(hostClient("reservas.acme-spa.example").portal.getConfig.query())).toMatchObject({ code: "NOT_FOUND" });
    // The tenant's own host still answers (switched off).
    expect(await hostClient("acme.localhost").portal.getConfig.query()).toMatchObject({ is_enabled: false });

    // Claimed even while acme's portal is off, whatever the case.
    expect(await errorOf(outsiderOwner.appointment.updatePortalConfig.mutate(config({ custom_domain: "Reservas.ACME-SPA.example" })))).toMatchObject({
      code: "BAD_REQUEST",
      message: "El dominio reservas.acme-spa.example ya lo usa otro negocio",
    });
    expect(await errorOf(outsiderOwner.appointment.updatePortalConfig.mutate(config({ custom_domain: "citas.localhost" })))).toMatchObject({
      code: "BAD_REQUEST",
      message: "Ese dominio es de la plataforma (localhost); use un dominio propio de su negocio",
    });
    for (const bad of ["https://citas.other.example", "citas.other.example/reservas", "citas.other.example:8080", "-citas.other.example", "citas"]) {
      const e = await errorOf(outsiderOwner.appointment.updatePortalConfig.mutate(config({ custom_domain: bad })));
      expect(e.code).toBe("BAD_REQUEST");
      expect(e.message).toContain("Dominio inválido");
    }
    // Its own domain is fine; acme saving its own domain again is fine too.
    await outsiderOwner.appointment.updatePortalConfig.mutate(config({ custom_domain: "citas.other.example" }));
    expect(await hostClient("citas.other.example").portal.getConfig.query()).toMatchObject({ is_enabled: true, path: "reservas", business_name: "other SRL" });
    await owner.appointment.updatePortalConfig.mutate(config({ custom_domain: "reservas.acme-spa.example" }));
    expect(await hostClient("reservas.acme-spa.example").portal.getConfig.query()).toMatchObject({ is_enabled: true, business_name: "acme SRL" });
    expect(await errorOf(owner.appointment.updatePortalConfig.mutate(config({ custom_domain: "citas.other.example" })))).toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("payment links of appointments", () => {
  it("appointments.apply_payment makes the 'APT-' links of the tenant's appointments, nothing else", async () => {
    const booked = await hostClient("acme.localhost").portal.book.mutate(booking({ time: "10:00" }));
    expect(await booker.paymentLink.checkConfig.query()).toBe(true);
    const link = await booker.paymentLink.create.mutate({ orderNumber: `APT-${booked.appointment_number}`, amount: 20_000, clientContractNumber: "Carmen" });
    expect(link).toMatchObject({ success: true, orderNumber: `APT-${booked.appointment_number}`, amount: "200.00" });

    expect((await errorOf(booker.paymentLink.create.mutate({ orderNumber: "INV-000001-1", amount: 1000, clientContractNumber: "x" }))).code).toBe("FORBIDDEN");
    expect((await errorOf(booker.paymentLink.create.mutate({ orderNumber: "APT-999999", amount: 1000, clientContractNumber: "x" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(booker.paymentLink.create.mutate({ orderNumber: `APT-${booked.appointment_number}`, amount: 1000, clientContractNumber: "x", invoiceId: newId() }))).code).toBe("FORBIDDEN");
    expect((await errorOf(booker.paymentLink.getAll.query({ search: "", page: 1, pageSize: 20 }))).code).toBe("FORBIDDEN");
    expect((await errorOf(booker.paymentLink.cancel.mutate({ id: link.success ? link.id : "" }))).code).toBe("FORBIDDEN");
    // The other tenant's appointment numbers are not acme's: its link lives in its own tenant only.
    expect((await errorOf(outsiderOwner.paymentLink.getById.query({ id: link.success ? link.id : "" }))).code).toBe("NOT_FOUND");
  });

  it("after the portal's deposit link 'APT-{n}', a link for another amount is 'APT-{n}-2' (the same again answers it); paid, it is recorded on the appointment", async () => {
    await owner.appointment.updatePortalConfig.mutate(config({ require_deposit: true, custom_domain: "reservas.acme-spa.example" }));
    const site = hostClient("reservas.acme-spa.example");
    const booked = await site.portal.book.mutate(booking({ time: "11:00", customer_email: "eva@example.do", customer_name: "Eva" }));
    const n = booked.appointment_number;
    expect(booked.payment_link?.url).toMatch(/^http:\/\/reservas\.acme-spa\.example\/pay\//);
    expect(booked.deposit_amount).toBe("300.00");
    const second = await owner.paymentLink.create.mutate({ orderNumber: `APT-${n}`, amount: 25_000, clientContractNumber: "Eva" });
    expect(second).toMatchObject({ success: true, orderNumber: `APT-${n}-2`, amount: "250.00" });
    const again = await booker.paymentLink.create.mutate({ orderNumber: `APT-${n}`, amount: 25_000, clientContractNumber: "Eva" });
    expect(again.success && second.success && again.id === second.id).toBe(true);
    // The deposit link itself again: the same link.
    const deposit = await owner.paymentLink.create.mutate({ orderNumber: `APT-${n}`, amount: Math.round(Number(booked.deposit_amount) * 100), clientContractNumber: "Eva" });
    expect(deposit).toMatchObject({ success: true, orderNumber: `APT-${n}` });

    // Paid on the custom domain: the deposit first, then the second link; both recorded.
    if (!deposit.success || !second.success) throw new Error("links");
    expect(await pay(site, deposit.id)).toMatchObject({ result: "approved", status: "paid" });
    expect(await pay(site, second.id)).toMatchObject({ result: "approved", status: "paid" });
    expect(await paymentsOf(booked.id)).toEqual([
      { payment_type: "deposit", amount: booked.deposit_amount },
      { payment_type: "partial", amount: "250.00" },
    ]);
    // A third link after those were paid: 'APT-{n}-3'.
    expect(await owner.paymentLink.create.mutate({ orderNumber: `APT-${n}`, amount: 10_000, clientContractNumber: "Eva" })).toMatchObject({ success: true, orderNumber: `APT-${n}-3` });
  });

  it("a cancelled or fully paid appointment refuses the payment before the card is charged", async () => {
    await owner.appointment.updatePortalConfig.mutate(config({ require_deposit: false, custom_domain: "reservas.acme-spa.example" }));
    const site = hostClient("acme.localhost");
    const gone = await site.portal.book.mutate(booking({ time: "13:00", customer_email: "fer@example.do", customer_name: "Fer" }));
    const early = await owner.paymentLink.create.mutate({ orderNumber: `APT-${gone.appointment_number}`, amount: 20_000, clientContractNumber: "Fer" });
    if (!early.success) throw new Error("link");
    await owner.appointment.updateStatus.mutate({ id: gone.id, status: "cancelled", reason: "prueba" });
    expect(await errorOf(pay(site, early.id))).toMatchObject({ code: "BAD_REQUEST", message: "La cita fue cancelada; este enlace ya no se puede pagar. No se hizo ningún cargo." });
    expect((await owner.paymentLink.getById.query({ id: early.id })).status).toBe("pending");
    expect(await paymentsOf(gone.id)).toEqual([]);
    // No new link for it either.
    expect(await errorOf(owner.paymentLink.create.mutate({ orderNumber: `APT-${gone.appointment_number}`, amount: 10_000, clientContractNumber: "Fer" }))).toMatchObject({
      code: "BAD_REQUEST",
      message: "La cita fue cancelada; no se le puede crear un enlace de pago",
    });

    const full = await site.portal.book.mutate(booking({ time: "14:00", customer_email: "fer@example.do", customer_name: "Fer" }));
    const whole = await owner.paymentLink.create.mutate({ orderNumber: `APT-${full.appointment_number}`, amount: Math.round(Number(full.total_amount) * 100), clientContractNumber: "Fer" });
    const part = await owner.paymentLink.create.mutate({ orderNumber: `APT-${full.appointment_number}`, amount: 10_000, clientContractNumber: "Fer" });
    if (!whole.success || !part.success) throw new Error("links");
    expect(part.orderNumber).toBe(`APT-${full.appointment_number}-2`);
    expect(await pay(site, whole.id)).toMatchObject({ result: "approved", status: "paid" });
    expect(await errorOf(pay(site, part.id))).toMatchObject({ code: "BAD_REQUEST", message: "La cita ya está pagada; no hay nada que cobrar con este enlace. No se hizo ningún cargo." });
    expect((await owner.paymentLink.getById.query({ id: part.id })).status).toBe("pending");
    expect(await paymentsOf(full.id)).toEqual([{ payment_type: "partial", amount: full.total_amount }]);
  });
});

describe("a portal cancellation with money paid requests the refund", () => {
  it("a pending_review request to the original payment method; nothing paid or nothing to give back: the cancellation alone", async () => {
    await owner.appointment.updatePortalConfig.mutate(config({ require_deposit: true, custom_domain: "reservas.acme-spa.example" }));
    const site = hostClient("reservas.acme-spa.example");
    const booked = await site.portal.book.mutate(booking({ time: "15:00", customer_email: "gala@example.do", customer_name: "Gala" }));
    const link = await owner.paymentLink.create.mutate({ orderNumber: `APT-${booked.appointment_number}`, amount: Math.round(Number(booked.deposit_amount) * 100), clientContractNumber: "Gala" });
    if (!link.success) throw new Error("link");
    await pay(site, link.id);
    const unpaid = await site.portal.book.mutate(booking({ time: "16:00", customer_email: "gala@example.do", customer_name: "Gala" }));

    const gala = await signedIn("reservas.acme-spa.example", "gala@example.do");
    const done = await gala.portal.cancel.mutate({ id: booked.id });
    expect(done.status).toBe("cancelled");
    expect(done.refund?.amount).toBeDefined();
    const refunds = await acmeRows<{ status: string; method: string; amount: string; user_id: string | null; processing_notes: string | null }>(
      sql`SELECT status, method, amount::text AS amount, user_id, processing_notes FROM appointment_refunds WHERE tenant_id = ${t.acme.tenant.id} AND appointment_id = ${booked.id}`,
    );
    expect(refunds).toEqual([{ status: "pending_review", method: "original_payment_method", amount: done.refund!.amount, user_id: null, processing_notes: "Solicitado por el cliente al cancelar en el portal" }]);
    expect(Number(done.refund!.amount)).toBeGreaterThan(0);

    expect(await gala.portal.cancel.mutate({ id: unpaid.id })).toMatchObject({ status: "cancelled", refund: null });
    expect(await acmeRows(sql`SELECT id FROM appointment_refunds WHERE tenant_id = ${t.acme.tenant.id} AND appointment_id = ${unpaid.id}`)).toEqual([]);

    // The policy keeps everything (a retention above what was paid): cancelled, no request.
    const kept = await site.portal.book.mutate(booking({ time: "17:00", customer_email: "gala@example.do", customer_name: "Gala" }));
    const keptLink = await owner.paymentLink.create.mutate({ orderNumber: `APT-${kept.appointment_number}`, amount: Math.round(Number(kept.deposit_amount) * 100), clientContractNumber: "Gala" });
    if (!keptLink.success) throw new Error("link");
    await pay(site, keptLink.id);
    await withTenant(t.db, t.acme.tenant.id, (tx) => tx.execute(sql`UPDATE appointment_policies SET is_active = true, refund_window_hours = 1, retention_amount = 100000 WHERE tenant_id = ${t.acme.tenant.id}`));
    expect(await gala.portal.cancel.mutate({ id: kept.id })).toMatchObject({ status: "cancelled", refund: null });
    expect((await owner.appointment.getById.query({ id: kept.id })).status).toBe("cancelled");
    expect(await acmeRows(sql`SELECT id FROM appointment_refunds WHERE tenant_id = ${t.acme.tenant.id} AND appointment_id = ${kept.id}`)).toEqual([]);
  });
});
