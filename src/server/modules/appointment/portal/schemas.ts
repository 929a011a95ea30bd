import { z } from "zod";
import { idempotencyKey, timeOfDay } from "../../../../shared/appointments/schemas";
import { calendarDate } from "../../../../shared/platform/dates";

/**
 * Inputs of portal.* and of the staff's portal configuration. Messages are i18n keys of the
 * bookingPortal namespace; the spec's literal texts (spec 03 §5 'Appointment administration')
 * are their English values.
 */
const E = (key: string) => `bookingPortal:errors.${key}`;

const requiredText = (max: number) => z.string({ error: E("required") }).trim().min(1, E("required")).max(max, E("tooLong"));
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, E("tooLong"))
    .nullish()
    .transform((v) => v || null);
const email = z.string({ error: E("required") }).trim().toLowerCase().min(1, E("required")).max(254, E("invalidEmail")).pipe(z.email(E("invalidEmail")));
/** Digits with the usual separators: 7 to 15 digits (809-555-0123, +1 809 555 0123). */
const PHONE = /^\+?[\d\s().-]{7,20}$/;
const phone = z
  .string({ error: E("required") })
  .trim()
  .min(1, E("required"))
  .max(40, E("invalidPhone"))
  .refine((v) => PHONE.test(v) && (v.match(/\d/g)?.length ?? 0) >= 7 && (v.match(/\d/g)?.length ?? 0) <= 15, E("invalidPhone"));

export const portalIdInput = z.object({ id: z.uuid(E("invalidId")) });
export const portalServiceInput = z.object({ service_id: z.uuid(E("invalidId")) });
export const portalSlotsInput = z.object({
  service_id: z.uuid(E("invalidId")),
  employee_id: z.uuid(E("invalidId")).nullish(),
  date: calendarDate(E("futureDate")),
});

export const portalBookInput = z.object({
  customer_name: requiredText(200),
  customer_email: email,
  customer_phone: phone,
  customer_notes: optionalText(2000),
  service_id: z.uuid(E("required")),
  employee_id: z.uuid(E("invalidId")).nullish(),
  date: calendarDate(E("futureDate")),
  time: timeOfDay(E("required")),
  accept_terms: z.boolean({ error: E("acceptTerms") }).refine((v) => v === true, E("acceptTerms")),
  idempotency_key: idempotencyKey,
});

export const portalRequestLinkInput = z.object({ email });
export const portalSignInInput = z.object({ token: z.string().trim().min(20, E("invalidLink")).max(100, E("invalidLink")) });
export const portalRescheduleInput = z.object({ id: z.uuid(E("invalidId")), date: calendarDate(E("futureDate")), time: timeOfDay(E("required")) });

const HEX = /^#[0-9a-fA-F]{6}$/;
const color = z.string().trim().regex(HEX, E("invalidColor"));
const page = z.object({ enabled: z.boolean(), title: optionalText(120), body: optionalText(5000) });
export const PORTAL_PAGES = ["home", "services", "about", "contact", "booking"] as const;

/** First path segments the app itself answers (the back office, sign-in, the API, files, payment and invoice pages): a portal there would never be reached. */
export const RESERVED_PATHS: readonly string[] = ["home", "auth", "api", "assets", "onboarding", "pay", "i", "healthz", "nothing-to-see-here"];

/** A host name only (no scheme, port nor path): dot-separated labels of letters, digits and inner hyphens, ending in a top-level name. */
const DOMAIN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const portalConfigInput = z.object({
  is_enabled: z.boolean(),
  subdomain_path: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, E("required"))
    .max(60, E("tooLong"))
    .regex(/^[a-z0-9][a-z0-9-]*$/, E("invalidPath"))
    .refine((v) => !RESERVED_PATHS.includes(v), E("reservedPath")),
  custom_domain: optionalText(253)
    .transform((v) => v?.toLowerCase().replace(/\.$/, "") || null)
    .refine((v) => v === null || DOMAIN.test(v), E("invalidDomain")),
  logo_url: optionalText(1000).refine((v) => v === null || /^https?:\/\/\S+$/i.test(v) || v.startsWith("/"), E("invalidUrl")),
  primary_color: color,
  secondary_color: color,
  font_family: requiredText(100),
  custom_css: optionalText(20_000),
  pages: z.object({ home: page, services: page, about: page, contact: page, booking: page }),
  meta_title: optionalText(120),
  meta_description: optionalText(300),
  keywords: optionalText(300),
  require_deposit: z.boolean(),
  terms_text: optionalText(10_000),
});
export type PortalConfigInput = z.input<typeof portalConfigInput>;
