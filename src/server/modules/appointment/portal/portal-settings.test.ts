import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { rowsOf, withTenant } from "../../../db/client";
import { newId } from "../../../ids";
import { callbackKey, SANDBOX_CALLBACK_PATH, SIGNATURE_HEADER, signBody } from "../../../integrations/payment-link";
import { type Client, errorOf, type TestContext } from "../../../test/harness";
import { savePortalConfig } from "./service";
import { bookerClient, hostClient, lastMailText as lastMailTextOf, OPEN_WEEK, portalBooking, portalConfig, portalFixture, signedIn as signedInOn } from "./test-fixture";

/**
 * The portal's settings gaps: its configured path in the sign-in link, the business profile in the
 * public config, the booking settings allow_customer_cancel / allow_customer_reschedule, a paid
 * 'APT-' link recorded on its appointment, and the booking wizard's lookups for a role holding
 * only appointments permissions ('booker', added here: roles are fixed otherwise).
 */
vi.mock("../../../../shared/permissions", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../../../shared/permissions")>();
  return {
    ...original,
    ROLE_DEFAULT_PERMISSIONS: { ...original.ROLE_DEFAULT_PERMISSIONS, booker: ["appointments.view", "appointments.create", "appointments.apply_payment"] },
  };
});

const SECRET = "test-secret"; // the harness's session secret

let t: TestContext;
let owner: Client;
let outsiderOwner: Client;
let booker: Client;
let masaje: string;
let monday: string;

const portalClient = (subdomain: string) => hostClient(t, `${subdomain}.localhost`);
const config = portalConfig;
const booking = (over: Record<string, unknown> = {}) => portalBooking(masaje, monday, over);
const lastMailText = (tenantId: string, to: string) => lastMailTextOf(t, tenantId, to);
const signedIn = (email: string) => signedInOn(t, "acme.localhost", email);

const setPolicy = (tenantId: string, allowCancel: boolean, allowReschedule: boolean) =>
  withTenant(t.db, tenantId, (tx) => tx.execute(sql`UPDATE appointment_policies SET allow_customer_cancel = ${allowCancel}, allow_customer_reschedule = ${allowReschedule} WHERE tenant_id = ${tenantId}`));

beforeAll(async () => {
  ({ t, owner, outsiderOwner, masaje, monday } = await portalFixture({ employees: ["Ana"], week: OPEN_WEEK }));
  booker = await bookerClient(t);
  await owner.product.create.mutate({ name: "Aceite", sku: "ACE-1", price: "250", price2: "0", price3: "0" });
  await withTenant(t.db, t.acme.tenant.id, (tx) => savePortalConfig(tx, t.acme.tenant.id, config({ subdomain_path: "reservas" })));
  await owner.appointment.getPolicy.query();
});
afterAll(() => t?.close());

describe("the portal's path and the business profile", () => {
  it("getConfig answers the configured path and the business profile; the sign-in link opens under that path", async () => {
    await withTenant(t.db, t.acme.tenant.id, (tx) =>
      tx.execute(sql`INSERT INTO appointment_business_profiles (tenant_id, id, display_name, phone, whatsapp, email, address, city, opening_hours)
        VALUES (${t.acme.tenant.id}, ${newId()}, 'Spa Acme', '809-555-0100', '809-555-0199', 'hola@acme.do', 'Calle 1', 'Santiago',
          ${JSON.stringify(Array.from({ length: 7 }, (_, i) => ({ closed: i === 0, open: "09:00", close: "17:00" })))}::jsonb)`),
    );
    const anon = portalClient("acme");
    const cfg = await anon.portal.getConfig.query();
    expect(cfg).toMatchObject({ is_enabled: true, business_name: "Spa Acme", path: "reservas", allow_customer_cancel: true, allow_customer_reschedule: true });
    if (!cfg.is_enabled) throw new Error("enabled");
    expect(cfg.business).toMatchObject({ name: "Spa Acme", phone: "809-555-0100", whatsapp: "809-555-0199", email: "hola@acme.do", address: "Calle 1", city: "Santiago" });
    expect(cfg.business.opening_hours?.[1]).toEqual({ closed: false, open: "09:00", close: "17:00" });
    expect(cfg.business.opening_hours?.[0]?.closed).toBe(true);

    await anon.portal.book.mutate(booking());
    await anon.portal.requestLink.mutate({ email: "carmen@example.do" });
    expect(await lastMailText(t.acme.tenant.id, "carmen@example.do")).toMatch(/\/reservas\/account\?token=/);

    // A path the app itself answers is refused with a clear message.
    expect(await errorOf(owner.appointment.updatePortalConfig.mutate(config({ subdomain_path: "Home" })))).toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("Esa ruta la usa el sistema"),
    });
    expect((await errorOf(owner.appointment.updatePortalConfig.mutate(config({ subdomain_path: "pay" })))).code).toBe("BAD_REQUEST");

    // The other tenant's host: its own profile (the tenant's name), never acme's.
    await withTenant(t.db, t.other.tenant.id, (tx) => savePortalConfig(tx, t.other.tenant.id, config()));
    const other = await portalClient("other").portal.getConfig.query();
    expect(other).toMatchObject({ is_enabled: true, path: "book" });
    if (other.is_enabled) expect(other.business).toMatchObject({ name: "other SRL", whatsapp: null, opening_hours: null });
  });
});

describe("booking settings: allow_customer_cancel / allow_customer_reschedule", () => {
  it("when off, the customer area says so and the server refuses the action; the other tenant's settings change nothing here", async () => {
    const carmen = await signedIn("carmen@example.do");
    const [appt] = (await carmen.portal.myAppointments.query()).upcoming;
    expect(appt).toMatchObject({ can_change: true, can_cancel: true, can_reschedule: true });

    await outsiderOwner.appointment.getPolicy.query();
    await setPolicy(t.other.tenant.id, false, false);
    expect((await carmen.portal.myAppointments.query()).upcoming[0]).toMatchObject({ can_cancel: true, can_reschedule: true });

    await setPolicy(t.acme.tenant.id, false, true);
    const mine = await carmen.portal.myAppointments.query();
    expect(mine).toMatchObject({ allow_customer_cancel: false, allow_customer_reschedule: true });
    expect(mine.upcoming[0]).toMatchObject({ can_cancel: false, can_reschedule: true });
    expect(await errorOf(carmen.portal.cancel.mutate({ id: appt!.id }))).toMatchObject({ code: "BAD_REQUEST", message: "Este negocio no permite cancelar citas en línea; comuníquese con el negocio" });
    const moved = await carmen.portal.reschedule.mutate({ id: appt!.id, date: monday, time: "11:00" });
    expect(moved).toMatchObject({ start_time: "11:00" });

    await setPolicy(t.acme.tenant.id, true, false);
    expect((await carmen.portal.myAppointments.query()).upcoming[0]).toMatchObject({ can_cancel: true, can_reschedule: false });
    expect(await errorOf(carmen.portal.reschedule.mutate({ id: appt!.id, date: monday, time: "14:00" }))).toMatchObject({
      code: "BAD_REQUEST",
      message: "Este negocio no permite reprogramar citas en línea; comuníquese con el negocio",
    });
    expect(await portalClient("acme").portal.getConfig.query()).toMatchObject({ allow_customer_cancel: true, allow_customer_reschedule: false });
    // Someone else's id is still NOT_FOUND, whatever the setting.
    expect((await errorOf(carmen.portal.cancel.mutate({ id: newId() }))).code).toBe("NOT_FOUND");
    expect(await carmen.portal.cancel.mutate({ id: appt!.id })).toMatchObject({ status: "cancelled" });
    await setPolicy(t.acme.tenant.id, true, true);
  });
});

describe("a paid 'APT-' payment link records the deposit on its appointment", () => {
  const approved = (link: { id: string; orderNumber: string; amount: string }) => ({
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
  });
  const post = async (tenantId: string, host: string, body: Record<string, unknown>) => {
    const raw = JSON.stringify(body);
    const res = await t.app.inject({
      method: "POST",
      url: SANDBOX_CALLBACK_PATH,
      headers: { host, "content-type": "application/json", [SIGNATURE_HEADER]: signBody(callbackKey(SECRET, tenantId), raw) },
      payload: raw,
    });
    return { status: res.statusCode, body: res.json() };
  };
  const linkRow = async (number: string) => {
    const [row] = await withTenant(t.db, t.acme.tenant.id, async (tx) =>
      rowsOf<{ id: string; order_number: string; amount: string }>(
        await tx.execute(sql`SELECT id, order_number, amount::text AS amount FROM payment_links WHERE tenant_id = ${t.acme.tenant.id} AND order_number = ${`APT-${number}`}`),
      ),
    );
    return { id: row!.id, orderNumber: row!.order_number, amount: row!.amount };
  };

  it("once, as a 'deposit' with the link's method and no invoice, even when the callback comes twice; another tenant's callback changes nothing", async () => {
    await owner.paymentLink.updateSettings.mutate({ isEnabled: true, ttlDays: 7 });
    await withTenant(t.db, t.acme.tenant.id, async (tx) => {
      await tx.execute(sql`UPDATE payment_methods SET available_for_appointments = true WHERE tenant_id = ${t.acme.tenant.id} AND upper(code) = 'CARD'`);
      await savePortalConfig(tx, t.acme.tenant.id, config({ subdomain_path: "reservas", require_deposit: true }));
    });
    const booked = await portalClient("acme").portal.book.mutate(booking({ time: "15:00", customer_email: "luis@example.do", customer_name: "Luis" }));
    expect(booked.payment_link).toMatchObject({ amount: booked.deposit_amount });
    const link = await linkRow(booked.appointment_number);

    // The other tenant's host and key: its own (unknown) link, nothing recorded here.
    expect((await post(t.other.tenant.id, "other.localhost", approved(link))).status).toBe(404);

    expect(await post(t.acme.tenant.id, "acme.localhost", approved(link))).toMatchObject({ status: 200, body: { changed: true } });
    expect(await post(t.acme.tenant.id, "acme.localhost", approved(link))).toMatchObject({ status: 200, body: { changed: false } });
    const payments = await withTenant(t.db, t.acme.tenant.id, async (tx) =>
      rowsOf<{ payment_type: string; amount: string; deposit_status: string; generate_invoice: boolean; order_id: string | null; idempotency_key: string; code: string }>(
        await tx.execute(sql`SELECT p.payment_type, p.amount::text AS amount, p.deposit_status, p.generate_invoice, p.order_id, p.idempotency_key, m.code
          FROM appointment_payments p JOIN payment_methods m ON m.tenant_id = p.tenant_id AND m.id = p.payment_method_id
          WHERE p.tenant_id = ${t.acme.tenant.id} AND p.appointment_id = ${booked.id}`),
      ),
    );
    expect(payments).toEqual([
      { payment_type: "deposit", amount: booked.deposit_amount, deposit_status: "paid", generate_invoice: false, order_id: null, idempotency_key: `payment-link:${link.id}`, code: "CARD" },
    ]);
    const appt = await owner.appointment.getById.query({ id: booked.id });
    expect(appt.amount_paid).toBe(booked.deposit_amount);
    const luis = await signedIn("luis@example.do");
    expect((await luis.portal.payments.query()).map((p) => [p.payment_type, p.amount])).toEqual([["deposit", booked.deposit_amount]]);
  });

  it("above the deposit it is 'partial'; a paid link of a cancelled appointment is refused (409) and records nothing", async () => {
    await withTenant(t.db, t.acme.tenant.id, (tx) => savePortalConfig(tx, t.acme.tenant.id, config({ subdomain_path: "reservas" })));
    const staffLink = async (number: string, minor: number) => {
      const answer = await owner.paymentLink.create.mutate({ orderNumber: `APT-${number}`, amount: minor, clientContractNumber: "Luis" });
      if (!answer.success) throw new Error(answer.errorDescription);
      return { id: answer.id, orderNumber: answer.orderNumber, amount: answer.amount };
    };
    const paymentsOf = (id: string) =>
      withTenant(t.db, t.acme.tenant.id, async (tx) =>
        rowsOf<{ payment_type: string; amount: string }>(
          await tx.execute(sql`SELECT payment_type, amount::text AS amount FROM appointment_payments WHERE tenant_id = ${t.acme.tenant.id} AND appointment_id = ${id}`),
        ),
      );

    const booked = await portalClient("acme").portal.book.mutate(booking({ time: "16:00", customer_email: "luis@example.do", customer_name: "Luis" }));
    expect(booked.payment_link).toBeNull();
    const big = await staffLink(booked.appointment_number, 70_000);
    expect(await post(t.acme.tenant.id, "acme.localhost", approved(big))).toMatchObject({ status: 200, body: { changed: true } });
    expect(await paymentsOf(booked.id)).toEqual([{ payment_type: "partial", amount: "700.00" }]);
    expect((await owner.appointment.getById.query({ id: booked.id })).amount_paid).toBe("700.00");

    // A link made before the appointment was cancelled (none can be made after).
    const gone = await portalClient("acme").portal.book.mutate(booking({ time: "17:00", customer_email: "luis@example.do", customer_name: "Luis" }));
    const late = await staffLink(gone.appointment_number, 30_000);
    await owner.appointment.updateStatus.mutate({ id: gone.id, status: "cancelled", reason: "prueba" });
    expect(await post(t.acme.tenant.id, "acme.localhost", approved(late))).toMatchObject({ status: 409 });
    expect(await paymentsOf(gone.id)).toEqual([]);
  });
});

describe("the booking wizard's lookups with only appointments permissions", () => {
  it("lists schedulable services, customers, professionals, payment methods and NCF types; nothing else is widened", async () => {
    const services = await booker.product.getAll.query({ search: "", isScheduleable: true, page: 1, pageSize: 50, showDeleted: false });
    expect(services.data.map((p) => p.name)).toEqual(["Masaje"]);
    expect((await errorOf(booker.product.getAll.query({ search: "", page: 1, pageSize: 50 }))).code).toBe("FORBIDDEN");
    expect((await errorOf(booker.product.getAll.query({ search: "", isScheduleable: false, page: 1, pageSize: 50 }))).code).toBe("FORBIDDEN");
    expect((await errorOf(booker.product.getAll.query({ search: "", isScheduleable: true, showDeleted: true, page: 1, pageSize: 50 }))).code).toBe("FORBIDDEN");
    expect((await errorOf(booker.product.getById.query({ id: masaje }))).code).toBe("FORBIDDEN");

    const customers = await booker.customer.getAll.query({ search: "Carmen", page: 1, pageSize: 10, showDeleted: false });
    expect(customers.data.map((c) => c.name)).toEqual(["Carmen Santos"]);
    expect((await errorOf(booker.customer.getAll.query({ search: "", showDeleted: true }))).code).toBe("FORBIDDEN");
    expect((await errorOf(booker.customer.create.mutate({ name: "X" } as never))).code).toBe("FORBIDDEN");

    expect((await booker.employee.getByService.query({ serviceId: masaje })).map((e) => e.name)).toEqual(["Ana"]);
    expect((await booker.paymentMethod.getAll.query()).length).toBeGreaterThan(0);
    expect(Array.isArray(await booker.ncf.getTypes.query())).toBe(true);

    // The outsider's owner sees only its own.
    expect((await outsiderOwner.product.getAll.query({ search: "", isScheduleable: true, page: 1, pageSize: 50 })).data).toEqual([]);
    expect((await outsiderOwner.customer.getAll.query({ search: "Carmen" })).data).toEqual([]);
  });
});
