import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysTo } from "../../../../shared/appointments/availability";
import { rowsOf, withTenant } from "../../../db/client";
import { newId } from "../../../ids";
import { type Client, errorOf, type TestContext } from "../../../test/harness";
import { WORK_WEEK } from "../test-fixture";
import type { portalConfigInput } from "./schemas";
import { savePortalConfig } from "./service";
import { hostClient, jarOf, lastLinkToken as lastLinkTokenOf, portalBooking, portalConfig, portalFixture, signedIn as signedInOn } from "./test-fixture";

let t: TestContext;
let owner: Client;
let outsiderOwner: Client;
let masaje: string;
let ana: string;
let monday: string;
let tuesday: string;

const portalClient = (subdomain: string) => hostClient(t, `${subdomain}.localhost`);
const config = (over: Partial<Parameters<typeof portalConfigInput.parse>[0]> = {}) => portalConfig({ meta_title: "Spa Acme", terms_text: "Llegue 10 minutos antes.", ...over });
const booking = (over: Record<string, unknown> = {}) => portalBooking(masaje, monday, over);
const lastLinkToken = (tenantId: string, to: string) => lastLinkTokenOf(t, tenantId, to);
const signedIn = (email: string) => signedInOn(t, "acme.localhost", email);

beforeAll(async () => {
  let employees: Record<string, string>;
  ({ t, owner, outsiderOwner, masaje, employees, monday } = await portalFixture({ employees: ["Ana", "Beto"], week: WORK_WEEK }));
  ana = employees.Ana!;
  tuesday = addDaysTo(monday, 1);
});
afterAll(() => t.close());

describe("portal configuration", () => {
  it("is off until the staff switch it on; then the public part is read on the tenant's host only", async () => {
    const anon = portalClient("acme");
    expect(await anon.portal.getConfig.query()).toMatchObject({ is_enabled: false });
    expect((await errorOf(anon.portal.getServices.query())).code).toBe("NOT_FOUND");
    await withTenant(t.db, t.acme.tenant.id, (tx) => savePortalConfig(tx, t.acme.tenant.id, config({ custom_domain: "citas.acme.do" })));
    const public_ = await anon.portal.getConfig.query();
    expect(public_).toMatchObject({ is_enabled: true, business_name: "acme SRL", primary_color: "#0f766e", terms_text: "Llegue 10 minutos antes.", refund_window_hours: 0 });
    expect(public_).not.toHaveProperty("custom_domain");
    // Another tenant's host sees its own (switched off) portal, never acme's.
    const other = portalClient("other");
    expect(await other.portal.getConfig.query()).toMatchObject({ is_enabled: false, business_name: "other SRL" });
    expect((await errorOf(other.portal.getServices.query())).code).toBe("NOT_FOUND");
  });
});

describe("public booking", () => {
  it("lists the bookable services and professionals, and the day's slots", async () => {
    const anon = portalClient("acme");
    const services = await anon.portal.getServices.query();
    expect(services).toEqual([expect.objectContaining({ id: masaje, name: "Masaje", price: "1000.00", duration: 60, allow_employee_selection: true })]);
    const { employees } = await anon.portal.getEmployees.query({ service_id: masaje });
    expect(employees.map((e) => e.name)).toEqual(["Ana", "Beto"]);
    const slots = await anon.portal.getAvailableSlots.query({ service_id: masaje, employee_id: ana, date: monday });
    expect(slots[0]).toEqual({ time: "08:00", available: true });
  });

  it("books: the customer is created by e-mail, found again by it; terms must be accepted; bad input is a clear 400", async () => {
    const anon = portalClient("acme");
    const first = await anon.portal.book.mutate(booking({ employee_id: ana }));
    expect(first).toMatchObject({ service_name: "Masaje", employee_name: "Ana", date: monday, time: "09:00", total_amount: "1000.00", deposit_required: false, payment_link: null });
    // The same key again: the same appointment.
    const key = newId();
    const a = await anon.portal.book.mutate(booking({ time: "14:00", idempotency_key: key }));
    const b = await anon.portal.book.mutate(booking({ time: "14:00", idempotency_key: key }));
    expect(b.appointment_number).toBe(a.appointment_number);
    const customers = await withTenant(t.db, t.acme.tenant.id, async (tx) =>
      rowsOf<{ n: number }>(await tx.execute(sql`SELECT count(*)::int AS n FROM customers WHERE tenant_id = ${t.acme.tenant.id} AND email = 'carmen@example.do'`)),
    );
    expect(customers[0]!.n).toBe(1);

    expect(await errorOf(anon.portal.book.mutate(booking({ accept_terms: false })))).toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("Debe aceptar los términos y condiciones") });
    expect((await errorOf(anon.portal.book.mutate(booking({ customer_email: "nope" })))).message).toContain("Correo electrónico inválido");
    expect((await errorOf(anon.portal.book.mutate(booking({ customer_phone: "12" })))).message).toContain("Número de teléfono inválido");
    expect((await errorOf(anon.portal.book.mutate(booking({ customer_name: "" })))).message).toContain("Este campo es obligatorio");
    expect((await errorOf(anon.portal.book.mutate(booking({ date: "2020-01-06" })))).message).toBe("Por favor seleccione una fecha futura");
    // Ana is busy at 09:00.
    expect((await errorOf(anon.portal.book.mutate(booking({ employee_id: ana })))).message).toBe("No hay disponibilidad para la hora seleccionada");
  });

  it("another tenant's host cannot book or read this tenant's services", async () => {
    await withTenant(t.db, t.other.tenant.id, (tx) => savePortalConfig(tx, t.other.tenant.id, config()));
    const other = portalClient("other");
    expect(await other.portal.getServices.query()).toEqual([]);
    expect((await errorOf(other.portal.getEmployees.query({ service_id: masaje }))).code).toBe("NOT_FOUND");
    expect((await errorOf(other.portal.getAvailableSlots.query({ service_id: masaje, date: monday }))).code).toBe("NOT_FOUND");
    expect((await errorOf(other.portal.book.mutate(booking({ time: "15:00" })))).code).toBe("NOT_FOUND");
    // Signing in on the other host with acme's customer: no mail is sent there.
    await other.portal.requestLink.mutate({ email: "carmen@example.do" });
    expect(await lastLinkToken(t.other.tenant.id, "carmen@example.do")).toBeNull();
  });

  it("with a required deposit the booking answers a payment link for it (APT-number)", async () => {
    await owner.paymentLink.updateSettings.mutate({ isEnabled: true, provider: "sandbox", ttlDays: 7 } as never).catch(() => undefined);
    await withTenant(t.db, t.acme.tenant.id, (tx) => savePortalConfig(tx, t.acme.tenant.id, config({ require_deposit: true })));
    const anon = portalClient("acme");
    const booked = await anon.portal.book.mutate(booking({ time: "16:00", customer_email: "luis@example.do", customer_name: "Luis" }));
    expect(booked).toMatchObject({ deposit_required: true, deposit_amount: "300.00" });
    if (booked.payment_link) expect(booked.payment_link).toMatchObject({ amount: "300.00", url: expect.stringContaining("/pay/") });
    await withTenant(t.db, t.acme.tenant.id, (tx) => savePortalConfig(tx, t.acme.tenant.id, config()));
  });
});

describe("sign-in by e-mailed link and the customer area", () => {
  it("a link works once; an unknown e-mail gets the same answer and no mail", async () => {
    const c = portalClient("acme");
    expect(await c.portal.requestLink.mutate({ email: "nadie@example.do" })).toEqual({ success: true });
    expect(await lastLinkToken(t.acme.tenant.id, "nadie@example.do")).toBeNull();
    expect(await c.portal.me.query()).toBeNull();
    expect(await c.portal.requestLink.mutate({ email: "Carmen@Example.do" })).toEqual({ success: true });
    const token = (await lastLinkToken(t.acme.tenant.id, "carmen@example.do"))!;
    expect(token).toBeTruthy();
    expect(await c.portal.signIn.mutate({ token })).toMatchObject({ name: "Carmen Santos", email: "carmen@example.do" });
    expect(jarOf(c).cookie).toMatch(/^enzzo_portal=/);
    expect(await c.portal.me.query()).toMatchObject({ name: "Carmen Santos" });
    // Used once.
    const again = portalClient("acme");
    expect(await errorOf(again.portal.signIn.mutate({ token }))).toMatchObject({ code: "UNAUTHORIZED", message: "El enlace no es válido o ya venció. Solicite uno nuevo." });
    // The link is for acme's host only.
    expect((await errorOf(portalClient("other").portal.signIn.mutate({ token }))).code).toBe("UNAUTHORIZED");
    await c.portal.signOut.mutate();
    expect(await c.portal.me.query()).toBeNull();
    expect((await errorOf(c.portal.myAppointments.query())).code).toBe("UNAUTHORIZED");
  });

  it("an expired link is refused", async () => {
    const c = portalClient("acme");
    await c.portal.requestLink.mutate({ email: "carmen@example.do" });
    const token = (await lastLinkToken(t.acme.tenant.id, "carmen@example.do"))!;
    await withTenant(t.db, t.acme.tenant.id, (tx) => tx.execute(sql`UPDATE portal_sessions SET link_expires_at = now() - interval '1 minute' WHERE tenant_id = ${t.acme.tenant.id} AND used_at IS NULL`));
    expect((await errorOf(c.portal.signIn.mutate({ token }))).code).toBe("UNAUTHORIZED");
  });

  it("shows the customer's own appointments and payments; another customer's are NOT_FOUND", async () => {
    const carmen = await signedIn("carmen@example.do");
    const mine = await carmen.portal.myAppointments.query();
    expect(mine.upcoming.map((a) => a.start_time)).toEqual(["09:00", "14:00"]);
    expect(mine.upcoming[0]).toMatchObject({ service_name: "Masaje", employee_name: "Ana", can_change: true });
    expect(mine.past).toEqual([]);
    expect(await carmen.portal.payments.query()).toEqual([]);

    const luis = await signedIn("luis@example.do");
    const luisAppt = (await luis.portal.myAppointments.query()).upcoming[0]!;
    expect((await errorOf(carmen.portal.cancel.mutate({ id: luisAppt.id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(carmen.portal.reschedule.mutate({ id: luisAppt.id, date: tuesday, time: "10:00" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(carmen.portal.cancel.mutate({ id: newId() }))).code).toBe("NOT_FOUND");
    // Acme's session cookie means nothing on another tenant's host.
    const stolen = portalClient("other");
    jarOf(stolen).cookie = jarOf(carmen).cookie;
    expect((await errorOf(stolen.portal.myAppointments.query())).code).toBe("UNAUTHORIZED");
    expect((await errorOf(stolen.portal.cancel.mutate({ id: luisAppt.id }))).code).toBe("UNAUTHORIZED");
    expect((await errorOf(stolen.portal.reschedule.mutate({ id: luisAppt.id, date: tuesday, time: "10:00" }))).code).toBe("UNAUTHORIZED");
    expect((await errorOf(stolen.portal.payments.query())).code).toBe("UNAUTHORIZED");
  });

  it("reschedules to a free time, refuses a busy one; cancels; outside the refund window both are refused", async () => {
    const carmen = await signedIn("carmen@example.do");
    const [first] = (await carmen.portal.myAppointments.query()).upcoming;
    // Beto is booked at 10:00 on Tuesday by someone else; Ana (Carmen's) too: the slot is full.
    await portalClient("acme").portal.book.mutate(booking({ customer_email: "pedro@example.do", customer_name: "Pedro", date: tuesday, time: "10:00", employee_id: ana }));
    expect((await errorOf(carmen.portal.reschedule.mutate({ id: first!.id, date: tuesday, time: "10:00" }))).message).toBe("No hay disponibilidad para la hora seleccionada");
    const moved = await carmen.portal.reschedule.mutate({ id: first!.id, date: tuesday, time: "11:00" });
    expect(moved).toMatchObject({ appointment_date: tuesday, start_time: "11:00", status: "rescheduled" });
    const after = await carmen.portal.myAppointments.query();
    expect(after.upcoming.find((a) => a.id === first!.id)).toMatchObject({ appointment_date: tuesday, start_time: "11:00" });

    const second = after.upcoming.find((a) => a.id !== first!.id)!;
    expect(await carmen.portal.cancel.mutate({ id: second.id })).toMatchObject({ status: "cancelled" });
    const final = await carmen.portal.myAppointments.query();
    expect(final.past.find((a) => a.id === second.id)).toMatchObject({ status: "cancelled", can_change: false });
    expect((await errorOf(carmen.portal.cancel.mutate({ id: second.id }))).message).toBe("Esta cita ya no se puede cambiar");

    // A refund window longer than the time left: too late to cancel or reschedule online.
    await owner.appointment.getPolicy.query();
    await withTenant(t.db, t.acme.tenant.id, (tx) => tx.execute(sql`UPDATE appointment_policies SET refund_window_hours = 720 WHERE tenant_id = ${t.acme.tenant.id}`));
    const late = await carmen.portal.myAppointments.query();
    expect(late.upcoming[0]).toMatchObject({ can_change: false });
    expect((await errorOf(carmen.portal.cancel.mutate({ id: first!.id })))).toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("hasta 720 horas antes") });
    expect((await errorOf(carmen.portal.reschedule.mutate({ id: first!.id, date: tuesday, time: "15:00" }))).code).toBe("BAD_REQUEST");
  });
});

describe("staff configuration: appointment.getPortalConfig / updatePortalConfig", () => {
  it("the owner saves it; a cashier may not; bad input is a clear 400; the outsider only sees its own", async () => {
    const saved = await owner.appointment.updatePortalConfig.mutate(config({ meta_title: "Acme", custom_domain: "Citas.Acme.do", subdomain_path: "Reservas" }));
    expect(saved).toMatchObject({ meta_title: "Acme", custom_domain: "citas.acme.do", subdomain_path: "reservas", is_enabled: true });
    expect(await owner.appointment.getPortalConfig.query()).toMatchObject({ meta_title: "Acme" });
    const cashier = await t.client("acme", "cashier");
    expect((await errorOf(cashier.appointment.getPortalConfig.query())).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.appointment.updatePortalConfig.mutate(config()))).code).toBe("FORBIDDEN");
    expect(await errorOf(owner.appointment.updatePortalConfig.mutate(config({ primary_color: "red" })))).toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("Color inválido") });
    expect((await errorOf(owner.appointment.updatePortalConfig.mutate(config({ subdomain_path: "../x" })))).code).toBe("BAD_REQUEST");
    expect((await errorOf(owner.appointment.updatePortalConfig.mutate(config({ logo_url: "javascript:alert(1)" })))).code).toBe("BAD_REQUEST");
    // The outsider's owner reads and writes its own row only.
    expect(await outsiderOwner.appointment.getPortalConfig.query()).not.toMatchObject({ meta_title: "Acme" });
    await outsiderOwner.appointment.updatePortalConfig.mutate(config({ meta_title: "Other", is_enabled: false }));
    expect(await owner.appointment.getPortalConfig.query()).toMatchObject({ meta_title: "Acme", is_enabled: true });
    expect(await portalClient("other").portal.getConfig.query()).toMatchObject({ is_enabled: false });
    expect(await portalClient("acme").portal.getConfig.query()).toMatchObject({ is_enabled: true, meta_title: "Acme" });
    expect((await errorOf(t.client("acme").then((anon) => anon.appointment.getPortalConfig.query()))).code).toBe("UNAUTHORIZED");
  });
});
