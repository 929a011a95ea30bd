import { z } from "zod";
import { decimal } from "../catalog/decimal";
import { normalizeWebsite } from "../catalog/provider";
import { isStorableText } from "../platform/text";
import { wholeNumber } from "../platform/whole-number";
import { CONFIG_LIMITS } from "./config";
import { endTimeOfDay, timeOfDay } from "./schemas";

/**
 * The appointments area's 'Negocio' (the business as its customers see it: name, contacts,
 * opening hours) and 'Configuración' (booking settings: slot interval, deposit, reminder,
 * auto-confirmation, what a portal customer may do) tabs: their zod inputs, reused by the forms,
 * and the pure rules of the weekly opening hours. Messages are keys of the appointmentBusiness namespace.
 */

export const BM = {
  required: "appointmentBusiness:errors.nameRequired",
  tooLong: "appointmentBusiness:errors.tooLong",
  invalidText: "appointmentBusiness:errors.invalidText",
  invalidEmail: "appointmentBusiness:errors.invalidEmail",
  invalidPhone: "appointmentBusiness:errors.invalidPhone",
  invalidUrl: "appointmentBusiness:errors.invalidUrl",
  invalidTime: "appointmentBusiness:errors.invalidTime",
  closeAfterOpen: "appointmentBusiness:errors.closeAfterOpen",
  sevenDays: "appointmentBusiness:errors.sevenDays",
  slotInterval: "appointmentBusiness:errors.slotInterval",
  depositPercent: "appointmentBusiness:errors.depositPercent",
  reminder: "appointmentBusiness:errors.reminder",
} as const;

export const BUSINESS_LIMITS = { name: 150, phone: 20, email: 200, address: 300, city: 100, website: 300, about: 2000 } as const;

/** One day of the week's opening hours (index 0 = Sunday): a closed day keeps its hours for when it opens again. */
export interface OpeningDay {
  closed: boolean;
  open: string;
  close: string;
}

/** Monday–Saturday 08:00–18:00, Sunday closed: what the 'Negocio' form starts from when nothing is saved. */
export function defaultOpeningHours(): OpeningDay[] {
  return Array.from({ length: 7 }, (_, i) => ({ closed: i === 0, open: "08:00", close: "18:00" }));
}

/** The saved hours when they are a full week, else the default week (an empty profile stores []). */
export function openingHoursOrDefault(hours: unknown): OpeningDay[] {
  if (!Array.isArray(hours) || hours.length !== 7) return defaultOpeningHours();
  return hours.map((d) => {
    const day = (d ?? {}) as Partial<OpeningDay>;
    return { closed: !!day.closed, open: typeof day.open === "string" ? day.open : "08:00", close: typeof day.close === "string" ? day.close : "18:00" };
  });
}

const DR_AREA = /^(809|829|849)/;

/**
 * A Dominican phone number: 10 digits starting with 809, 829 or 849, optionally preceded by the
 * country code 1 (+1); spaces, dashes, dots and parentheses are allowed when typing. Returned as
 * '809-555-0100'; null when not a Dominican number.
 */
export function dominicanPhone(value: string): string | null {
  const v = value.trim();
  if (!/^\+?[\d\s().-]+$/.test(v)) return null;
  let digits = v.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  if (digits.length !== 10 || !DR_AREA.test(digits)) return null;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && /^[^.\s]+(\.[^.\s]+)+$/.test(url.hostname);
  } catch {
    return false;
  }
}

/** '', null and undefined are "not set" (null). */
const blank = (v: string | null | undefined) => v === undefined || v === null || v.trim() === "";

const text = (max: number) =>
  z
    .string({ error: BM.invalidText })
    .trim()
    .max(max, BM.tooLong)
    .refine(isStorableText, BM.invalidText)
    .nullish()
    .transform((v) => (v ? v : null));

const phone = z
  .string({ error: BM.invalidPhone })
  .trim()
  .max(BUSINESS_LIMITS.phone, BM.invalidPhone)
  .refine((v) => v === "" || dominicanPhone(v) !== null, BM.invalidPhone)
  .nullish()
  .transform((v) => (blank(v) ? null : dominicanPhone(v!)));

const email = z
  .string({ error: BM.invalidEmail })
  .trim()
  .toLowerCase()
  .max(BUSINESS_LIMITS.email, BM.tooLong)
  .refine((v) => v === "" || z.regexes.email.test(v), BM.invalidEmail)
  .nullish()
  .transform((v) => (blank(v) ? null : v!));

const website = z
  .string({ error: BM.invalidUrl })
  .trim()
  .max(BUSINESS_LIMITS.website, BM.tooLong)
  .transform(normalizeWebsite)
  .refine((v) => v === "" || isWebUrl(v), BM.invalidUrl)
  .nullish()
  .transform((v) => (blank(v) ? null : v!));

const HHMM = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const minutes = (hhmm: string) => (hhmm === "24:00" ? 1440 : Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5)));

const openingDay = z
  .object({ closed: z.boolean(), open: timeOfDay(BM.invalidTime), close: endTimeOfDay(BM.invalidTime) })
  .refine((d) => d.closed || !HHMM.test(d.open) || !HHMM.test(d.close) || minutes(d.close) > minutes(d.open), { path: ["close"], message: BM.closeAfterOpen });

export const openingHoursSchema = z.array(openingDay, { error: BM.sevenDays }).length(7, BM.sevenDays);

/** appointment.updateBusinessProfile: the whole profile (one row per tenant, upserted). */
export const businessProfileInput = z.object({
  display_name: z.string({ error: BM.required }).trim().min(1, BM.required).max(BUSINESS_LIMITS.name, BM.tooLong).refine(isStorableText, BM.invalidText),
  phone,
  whatsapp: phone,
  email,
  address: text(BUSINESS_LIMITS.address),
  city: text(BUSINESS_LIMITS.city),
  website,
  about: text(BUSINESS_LIMITS.about),
  opening_hours: openingHoursSchema,
});
export type BusinessProfileInput = z.input<typeof businessProfileInput>;
export type BusinessProfileOutput = z.output<typeof businessProfileInput>;

/** The working window of a day in minutes [start, end), or null when closed (hours as saved or the default week). */
export function openingWindow(hours: OpeningDay[], weekday: number): { start: number; end: number } | null {
  const day = hours[weekday];
  if (!day || day.closed) return null;
  const start = minutes(day.open);
  const end = minutes(day.close);
  return end > start ? { start, end } : null;
}

// ---------------------------------------------------------------- booking settings

/** appointment.updateBookingSettings: the 'Configuración' tab's columns of appointment_policies. */
export const bookingSettingsInput = z.object({
  slot_interval_minutes: wholeNumber(CONFIG_LIMITS.minSlotInterval, CONFIG_LIMITS.maxSlotInterval, BM.slotInterval),
  deposit_percent: decimal({ scale: 2, min: 0, max: 100, maxPlaces: 2, message: BM.depositPercent }),
  reminder_hours_before: wholeNumber(CONFIG_LIMITS.minReminderHours, CONFIG_LIMITS.maxReminderHours, BM.reminder),
  auto_confirm: z.boolean(),
  allow_customer_cancel: z.boolean(),
  allow_customer_reschedule: z.boolean(),
});
export type BookingSettingsInput = z.input<typeof bookingSettingsInput>;
export type BookingSettingsOutput = z.output<typeof bookingSettingsInput>;
