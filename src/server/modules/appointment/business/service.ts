import { eq, sql } from "drizzle-orm";
import { type BookingSettingsOutput, type BusinessProfileOutput, defaultOpeningHours, openingHoursOrDefault } from "../../../../shared/appointments/business";
import { rowsOf, type Tx } from "../../../db/client";
import { newId } from "../../../ids";
import { type ConfigContext, getPolicyRow, type PolicyRow } from "../config/service";
import { appointmentBusinessProfiles, appointmentPolicies } from "../tables";

/** The business as customers see it (appointment_business_profiles), with the tenant's own name, phone, e-mail and address where the profile leaves them blank. */
export interface BusinessProfile {
  display_name: string;
  phone: string | null;
  whatsapp: string | null;
  email: string | null;
  address: string | null;
  city: string | null;
  website: string | null;
  about: string | null;
  /** 7 entries, index 0 = Sunday */
  opening_hours: { closed: boolean; open: string; close: string }[];
}

export async function readBusinessProfile(tx: Tx, tenantId: string): Promise<BusinessProfile> {
  const [row] = rowsOf<BusinessProfile>(
    await tx.execute(sql`SELECT coalesce(nullif(b.display_name, ''), t.name) AS display_name, coalesce(b.phone, t.phone) AS phone, b.whatsapp, coalesce(b.email, t.email) AS email,
        coalesce(b.address, t.address) AS address, b.city, b.website, b.about, coalesce(b.opening_hours, '[]'::jsonb) AS opening_hours
      FROM tenants t LEFT JOIN appointment_business_profiles b ON b.tenant_id = t.id WHERE t.id = ${tenantId}`),
  );
  return row!;
}

// ---------------------------------------------------------------- the 'Negocio' tab

/** The profile as the form edits it: its own values (blank where the tenant's apply), the tenant's values as placeholders, the hours or the default week. */
export async function getBusinessProfile(ctx: ConfigContext) {
  const { tx, tenant } = ctx;
  const [row] = await tx.select().from(appointmentBusinessProfiles).where(eq(appointmentBusinessProfiles.tenantId, tenant.id)).limit(1);
  const hours = row ? openingHoursOrDefault(row.openingHours) : defaultOpeningHours();
  return {
    saved: !!row,
    display_name: row?.displayName || tenant.name,
    phone: row?.phone ?? null,
    whatsapp: row?.whatsapp ?? null,
    email: row?.email ?? null,
    address: row?.address ?? null,
    city: row?.city ?? null,
    website: row?.website ?? null,
    about: row?.about ?? null,
    opening_hours: hours,
    /** what customers see where a field above is blank */
    fallback: { display_name: tenant.name, phone: tenant.phone ?? null, email: tenant.email ?? null, address: tenant.address ?? null },
    updated_at: row?.updatedAt ?? null,
  };
}

/** appointment.updateBusinessProfile: one row per tenant, inserted or replaced whole. */
export async function updateBusinessProfile(ctx: ConfigContext, input: BusinessProfileOutput) {
  const { tx, tenant } = ctx;
  const values = {
    displayName: input.display_name,
    phone: input.phone,
    whatsapp: input.whatsapp,
    email: input.email,
    address: input.address,
    city: input.city,
    website: input.website,
    about: input.about,
    openingHours: input.opening_hours.map((d) => ({ closed: d.closed, open: d.open, close: d.close })),
    updatedAt: new Date(),
  };
  await tx
    .insert(appointmentBusinessProfiles)
    .values({ tenantId: tenant.id, id: newId(), ...values })
    .onConflictDoUpdate({ target: appointmentBusinessProfiles.tenantId, set: values });
  return getBusinessProfile(ctx);
}

/** The opening hours the calendar shades (the saved week, or Mon–Sat 08:00–18:00 when none is saved). Needs only appointments.view. */
export async function getOpeningHours(ctx: ConfigContext) {
  const profile = await readBusinessProfile(ctx.tx, ctx.tenant.id);
  return { opening_hours: openingHoursOrDefault(profile.opening_hours) };
}

// ---------------------------------------------------------------- the 'Configuración' tab

function settingsView(row: PolicyRow) {
  return {
    slot_interval_minutes: row.slotIntervalMinutes,
    deposit_percent: row.depositPercent,
    reminder_hours_before: row.reminderHoursBefore,
    auto_confirm: row.autoConfirm,
    allow_customer_cancel: row.allowCustomerCancel,
    allow_customer_reschedule: row.allowCustomerReschedule,
    updated_at: row.updatedAt,
  };
}

/** appointment.getBookingSettings: the booking columns of the tenant's policy row (created with the defaults on first read). */
export async function getBookingSettings(ctx: ConfigContext) {
  return settingsView(await getPolicyRow(ctx.tx, ctx.tenant.id));
}

/** appointment.updateBookingSettings: writes only those columns; the rest of the policy is the 'Políticas' tab's. */
export async function updateBookingSettings(ctx: ConfigContext, input: BookingSettingsOutput) {
  const { tx, tenant } = ctx;
  await getPolicyRow(tx, tenant.id);
  const [row] = await tx
    .update(appointmentPolicies)
    .set({
      slotIntervalMinutes: input.slot_interval_minutes,
      depositPercent: input.deposit_percent,
      reminderHoursBefore: input.reminder_hours_before,
      autoConfirm: input.auto_confirm,
      allowCustomerCancel: input.allow_customer_cancel,
      allowCustomerReschedule: input.allow_customer_reschedule,
      updatedAt: new Date(),
    })
    .where(eq(appointmentPolicies.tenantId, tenant.id))
    .returning();
  return settingsView(row!);
}
