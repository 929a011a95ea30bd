import { TRPCClientError } from "@trpc/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultOpeningHours } from "../../../../shared/appointments/business";
import { withTenant } from "../../../db/client";
import { type Client, createRoleContext, errorOf, type TestContext } from "../../../test/harness";
import { businessValues } from "../notify/service";
import { readBusinessProfile } from "./service";

/**
 * The appointments area's 'Negocio' (business profile, opening hours) and 'Configuración'
 * (booking settings) through the router on a real database: validation with the spec's messages,
 * one profile per tenant, the tenant's own details as fallbacks, permissions, tenants apart.
 */
let t: TestContext;
let owner: Client;
let cashier: Client;
let outsider: Client;

beforeAll(async () => {
  ({ t, owner, cashier, outsider } = await createRoleContext());
});
afterAll(() => t.close());

async function fieldErrorsOf(promise: Promise<unknown>): Promise<Record<string, string>> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof TRPCClientError) {
      expect((e.data as { code: string }).code).toBe("BAD_REQUEST");
      return (e.data as { fieldErrors?: Record<string, string> }).fieldErrors ?? {};
    }
    throw e;
  }
  throw new Error("expected the call to fail, it succeeded");
}

const week = () => {
  const hours = defaultOpeningHours();
  hours[6] = { closed: false, open: "09:00", close: "13:00" };
  return hours;
};
const profile = (over: Record<string, unknown> = {}) => ({
  display_name: "Salón Bella Vista",
  phone: "(809) 555 0123",
  whatsapp: "+1 829-555-0188",
  email: "Citas@BellaVista.com.do",
  address: "Av. Abraham Lincoln 45",
  city: "Santo Domingo",
  website: "www.bellavista.com.do",
  about: "Peluquería y estética.",
  opening_hours: week(),
  ...over,
});

describe("business profile", () => {
  it("before any save: the tenant's name and the default week Mon–Sat 08:00–18:00", async () => {
    const p = await owner.appointment.getBusinessProfile.query();
    expect(p).toMatchObject({ saved: false, display_name: t.acme.tenant.name, phone: null, email: null });
    expect(p.opening_hours).toEqual(defaultOpeningHours());
    expect(p.opening_hours[0]!.closed).toBe(true);
    expect(p.opening_hours[6]).toEqual({ closed: false, open: "08:00", close: "18:00" });
    expect((await owner.appointment.getOpeningHours.query()).opening_hours).toEqual(defaultOpeningHours());
  });

  it("updateBusinessProfile upserts one row, normalising phone, e-mail and website; a second save replaces it", async () => {
    const saved = await owner.appointment.updateBusinessProfile.mutate(profile());
    expect(saved).toMatchObject({
      saved: true,
      display_name: "Salón Bella Vista",
      phone: "809-555-0123",
      whatsapp: "829-555-0188",
      email: "citas@bellavista.com.do",
      website: "https://www.bellavista.com.do",
      city: "Santo Domingo",
    });
    expect(saved.opening_hours[6]).toEqual({ closed: false, open: "09:00", close: "13:00" });
    const again = await owner.appointment.updateBusinessProfile.mutate(profile({ display_name: "Bella Vista", phone: "", website: null, about: "  " }));
    expect(again).toMatchObject({ display_name: "Bella Vista", phone: null, website: null, about: null });
    const rows = await withTenant(t.db, t.acme.tenant.id, (tx) => tx.execute("SELECT count(*)::int AS n FROM appointment_business_profiles"));
    expect((rows as unknown as { rows: { n: number }[] }).rows?.[0]?.n ?? (rows as unknown as { n: number }[])[0]?.n).toBe(1);
    expect((await owner.appointment.getOpeningHours.query()).opening_hours[6]).toEqual({ closed: false, open: "09:00", close: "13:00" });
  });

  it("readBusinessProfile falls back to the tenant's phone where the profile leaves it blank; the template values use the profile", async () => {
    const read = await withTenant(t.db, t.acme.tenant.id, (tx) => readBusinessProfile(tx, t.acme.tenant.id));
    expect(read.display_name).toBe("Bella Vista");
    expect(read.phone).toBe(t.acme.tenant.phone ?? null);
    const values = await withTenant(t.db, t.acme.tenant.id, (tx) => businessValues(tx, t.acme.tenant.id));
    expect(values).toMatchObject({ business_name: "Bella Vista", business_address: "Av. Abraham Lincoln 45, Santo Domingo" });
    const preview = await owner.appointment.previewTemplate.query({ subject: "{{business_name}}", body: "{{business_address}} · {{business_phone}}" });
    expect(preview.subject).toBe("Bella Vista");
    expect(preview.body).toContain("Av. Abraham Lincoln 45, Santo Domingo");
    expect(preview.unknown).toEqual([]);
  });

  it("bad input: BAD_REQUEST with a message per field", async () => {
    const errors = await fieldErrorsOf(
      owner.appointment.updateBusinessProfile.mutate(profile({ display_name: " ", phone: "555-0123", whatsapp: "305-555-0123", email: "no-es-correo", website: "ftp://x", city: "x".repeat(101) })),
    );
    expect(errors).toMatchObject({
      display_name: "Escriba el nombre del negocio",
      phone: "Teléfono no válido: 10 dígitos que empiecen por 809, 829 u 849",
      whatsapp: "Teléfono no válido: 10 dígitos que empiecen por 809, 829 u 849",
      email: "Correo electrónico no válido",
      website: "Dirección web no válida",
      city: "El texto es demasiado largo",
    });
    const hours = week();
    hours[1] = { closed: false, open: "18:00", close: "08:00" };
    hours[2] = { closed: false, open: "25:00", close: "18:00" };
    hours[0] = { closed: true, open: "18:00", close: "08:00" }; // a closed day is not checked
    expect(await fieldErrorsOf(owner.appointment.updateBusinessProfile.mutate(profile({ opening_hours: hours })))).toEqual({
      "opening_hours.1.close": "El cierre debe ser después de la apertura",
      "opening_hours.2.open": "Hora no válida (HH:mm)",
    });
    expect(await fieldErrorsOf(owner.appointment.updateBusinessProfile.mutate(profile({ opening_hours: week().slice(0, 6) })))).toEqual({
      opening_hours: "El horario debe tener los 7 días de la semana",
    });
    expect((await owner.appointment.getBusinessProfile.query()).display_name).toBe("Bella Vista");
  });

  it("permissions and tenants: a cashier reads but may not change it; the outsider has its own", async () => {
    expect((await cashier.appointment.getBusinessProfile.query()).display_name).toBe("Bella Vista");
    expect((await cashier.appointment.getOpeningHours.query()).opening_hours).toHaveLength(7);
    expect(await errorOf(cashier.appointment.updateBusinessProfile.mutate(profile()))).toMatchObject({ code: "FORBIDDEN" });
    const theirs = await outsider.appointment.getBusinessProfile.query();
    expect(theirs).toMatchObject({ saved: false, display_name: t.other.tenant.name });
    await outsider.appointment.updateBusinessProfile.mutate(profile({ display_name: "Otro negocio" }));
    expect((await owner.appointment.getBusinessProfile.query()).display_name).toBe("Bella Vista");
    expect(await errorOf((await t.client("acme")).appointment.getBusinessProfile.query())).toMatchObject({ code: "UNAUTHORIZED" });
  });
});

describe("booking settings", () => {
  const settings = { slot_interval_minutes: 15, deposit_percent: "25.5", reminder_hours_before: 12, auto_confirm: true, allow_customer_cancel: false, allow_customer_reschedule: true };

  it("defaults on first read; a save keeps the policy's own fields and the policy's save keeps these", async () => {
    expect(await owner.appointment.getBookingSettings.query()).toMatchObject({
      slot_interval_minutes: 30,
      deposit_percent: "30.00",
      reminder_hours_before: 24,
      auto_confirm: false,
      allow_customer_cancel: true,
      allow_customer_reschedule: true,
    });
    const saved = await owner.appointment.updateBookingSettings.mutate(settings);
    expect(saved).toMatchObject({ ...settings, deposit_percent: "25.50" });
    const policy = await owner.appointment.getPolicy.query();
    expect(policy).toMatchObject({ slot_interval_minutes: 15, deposit_percent: "25.50", reminder_hours_before: 12, min_notice_hours: 0 });
    await owner.appointment.updatePolicy.mutate({ min_notice_hours: 2, max_advance_days: 30, cancellation_fee: "0", retention_amount: "0", refund_window_hours: 24, sliding_scale: [], is_active: true });
    expect(await owner.appointment.getBookingSettings.query()).toMatchObject({ ...settings, deposit_percent: "25.50" });
    expect(await outsider.appointment.getBookingSettings.query()).toMatchObject({ slot_interval_minutes: 30, auto_confirm: false, allow_customer_cancel: true });
  });

  it("bad input: ranges and decimals with their messages; a cashier may neither read nor change them", async () => {
    expect(await fieldErrorsOf(owner.appointment.updateBookingSettings.mutate({ ...settings, slot_interval_minutes: 4, deposit_percent: "100.01", reminder_hours_before: 0 }))).toEqual({
      slot_interval_minutes: "El intervalo debe ser de 5 a 240 minutos",
      deposit_percent: "El porcentaje de depósito debe ser de 0 a 100, con hasta 2 decimales",
      reminder_hours_before: "El recordatorio debe ser de 1 a 168 horas antes",
    });
    expect((await errorOf(owner.appointment.updateBookingSettings.mutate({ ...settings, deposit_percent: "1.234" }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(owner.appointment.updateBookingSettings.mutate({ ...settings, auto_confirm: "yes" as unknown as boolean }))).code).toBe("BAD_REQUEST");
    expect(await errorOf(cashier.appointment.getBookingSettings.query())).toMatchObject({ code: "FORBIDDEN" });
    expect(await errorOf(cashier.appointment.updateBookingSettings.mutate(settings))).toMatchObject({ code: "FORBIDDEN" });
  });
});
