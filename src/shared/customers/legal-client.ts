import { z } from "zod";
import { money, optionalDecimal } from "../catalog/decimal";
import { absentIfBlank, optionalText } from "./customer";

/**
 * Legal clients (spec 01 §3 'Legal client', §4, §5 'Legal client form'): the legal data of a
 * customer, sent as legattiCustomer.create/update {customerId, data} with the spec's field
 * names. The customer part (name, code, tax id, contact, customer type) goes through
 * customer.create/update first.
 */

export const BILLING_TYPES = ["hourly", "fixed_fee", "retainer", "contingency", "mixed"] as const;
export const CLIENT_STATUSES = ["prospect", "active", "inactive", "suspended", "archived"] as const;
export const RISK_LEVELS = ["low", "medium", "high", "critical"] as const;
export const RETAINER_FREQUENCIES = ["monthly", "quarterly", "annual"] as const;
export const COMMUNICATION_METHODS = ["email", "phone", "whatsapp", "in_person"] as const;
export const CONTACT_TIMES = ["morning", "afternoon", "evening", "anytime"] as const;
export const RETENTION_POLICIES = ["1_year", "3_years", "5_years", "7_years", "permanent"] as const;
export const DOCUMENT_FORMATS = ["pdf", "docx", "both"] as const;
export const CLIENT_LANGUAGES = ["es", "en"] as const;
export const PAYMENT_METHODS = ["cash", "check", "transfer", "credit_card", "debit_card"] as const;
export const REFERRAL_SOURCES = ["website", "social_media", "referral_client", "referral_professional", "advertisement", "event", "cold_contact", "other"] as const;
/** 21 industries, from agriculture to other (the spec shows only the ends of the list). */
export const INDUSTRIES = [
  "agriculture",
  "automotive",
  "construction",
  "consulting",
  "education",
  "energy",
  "entertainment",
  "financial_services",
  "food_beverage",
  "government",
  "healthcare",
  "hospitality",
  "insurance",
  "manufacturing",
  "media",
  "non_profit",
  "real_estate",
  "retail",
  "technology",
  "transportation",
  "other",
] as const;
/** 13 Dominican jurisdictions: the 11 judicial departments, international and other. */
export const JURISDICTIONS = [
  "distrito_nacional",
  "santo_domingo",
  "santiago",
  "la_vega",
  "san_francisco_de_macoris",
  "san_pedro_de_macoris",
  "san_cristobal",
  "barahona",
  "san_juan_de_la_maguana",
  "puerto_plata",
  "montecristi",
  "international",
  "other",
] as const;

export const DEFAULT_PAYMENT_TERMS = 30;
export const MAX_PAYMENT_TERMS = 3650;
export const MAX_TAGS = 30;

const M = {
  invalidAmount: "customers:validation.invalidAmount",
  invalidNumber: "customers:validation.invalidNumber",
  invalidDate: "customers:validation.invalidDate",
  invalidOption: "customers:validation.invalidOption",
  invalidDays: "customers:validation.invalidDays",
  tooManyTags: "customers:validation.tooManyTags",
  tooLong: "customers:validation.tooLong",
} as const;

/** hourly_rate only for hourly or mixed billing; retainer_amount and retainer_frequency only for retainer or mixed. */
export const usesHourlyRate = (billingType: string | null | undefined) => billingType === "hourly" || billingType === "mixed";
export const usesRetainer = (billingType: string | null | undefined) => billingType === "retainer" || billingType === "mixed";

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.literal(""), z.null(), z.enum(values)], { error: M.invalidOption })
    .optional()
    .transform((v) => absentIfBlank(v) as T[number] | undefined);

/** A non-negative amount with at most 2 decimals, from a string or a JSON number ('150,000.5' -> '150000.50'); blank is absent. */
const optionalMoney = optionalDecimal(money(M.invalidAmount));

const optionalCount = z
  .union([z.string(), z.number()], { error: M.invalidNumber })
  .nullish()
  .transform((value, ctx) => {
    const v = value === null || value === undefined ? "" : String(value).trim().replace(/,/g, "");
    if (v === "") return undefined;
    if (!/^\d{1,9}$/.test(v)) {
      ctx.addIssue({ code: "custom", message: M.invalidNumber });
      return z.NEVER;
    }
    return Number(v);
  });

/** yyyy-MM-dd, a real calendar date. */
const optionalDate = z
  .string({ error: M.invalidDate })
  .trim()
  .refine((v) => {
    if (v === "") return true;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, M.invalidDate)
  .nullish()
  .transform(absentIfBlank);

/** Days; 30 when left empty or not a number (spec 01 §5); a whole number from 0 to 3650 otherwise. */
export const paymentTermsField = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value, ctx) => {
    const n = typeof value === "number" ? value : Number.parseInt(String(value ?? "").trim(), 10);
    if (Number.isNaN(n)) return DEFAULT_PAYMENT_TERMS;
    if (!Number.isInteger(n) || n < 0 || n > MAX_PAYMENT_TERMS) {
      ctx.addIssue({ code: "custom", message: M.invalidDays });
      return z.NEVER;
    }
    return n;
  });

/** Trimmed, without blanks or repeats (ignoring case), at most 30 of 50 characters each. */
const tagsField = z
  .array(z.string().trim().max(50, M.tooLong))
  .nullish()
  .transform((tags, ctx) => {
    const seen = new Set<string>();
    const out: string[] = [];
    for (const t of tags ?? []) {
      if (t === "" || seen.has(t.toLowerCase())) continue;
      seen.add(t.toLowerCase());
      out.push(t);
    }
    if (out.length > MAX_TAGS) {
      ctx.addIssue({ code: "custom", message: M.tooManyTags });
      return z.NEVER;
    }
    return out;
  });

const addressShape = {
  address_line1: optionalText(200),
  address_line2: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
  postal_code: optionalText(20),
  country: optionalText(100),
  billing_address_line1: optionalText(200),
  billing_address_line2: optionalText(200),
  billing_city: optionalText(100),
  billing_state: optionalText(100),
  billing_postal_code: optionalText(20),
  billing_country: optionalText(100),
};

const legalShape = {
  ...addressShape,
  jurisdiction: optionalEnum(JURISDICTIONS),
  industry: optionalEnum(INDUSTRIES),
  industry_sector: optionalText(150),
  company_registration_number: optionalText(50),
  company_registration_date: optionalDate,
  employee_count: optionalCount,
  annual_revenue: optionalMoney,
  legal_representative_name: optionalText(200),
  legal_representative_id: optionalText(30),
  legal_representative_position: optionalText(100),
  billing_type: optionalEnum(BILLING_TYPES),
  hourly_rate: optionalMoney,
  retainer_amount: optionalMoney,
  retainer_frequency: optionalEnum(RETAINER_FREQUENCIES),
  payment_terms: paymentTermsField,
  credit_limit: optionalMoney,
  preferred_payment_method: optionalEnum(PAYMENT_METHODS),
  status: optionalEnum(CLIENT_STATUSES),
  client_since: optionalDate,
  referral_source: optionalEnum(REFERRAL_SOURCES),
  referral_details: optionalText(500),
  risk_level: optionalEnum(RISK_LEVELS),
  aml_check_completed: z.boolean().optional(),
  kyc_verified: z.boolean().optional(),
  conflict_check_completed: z.boolean().optional(),
  conflict_check_notes: optionalText(2000),
  preferred_language: optionalEnum(CLIENT_LANGUAGES),
  preferred_communication_method: optionalEnum(COMMUNICATION_METHODS),
  preferred_contact_time: optionalEnum(CONTACT_TIMES),
  send_reminders: z.boolean().optional(),
  send_newsletters: z.boolean().optional(),
  send_billing_notifications: z.boolean().optional(),
  portal_access_enabled: z.boolean().optional(),
  portal_username: optionalText(100),
  document_retention_policy: optionalEnum(RETENTION_POLICIES),
  preferred_document_format: optionalEnum(DOCUMENT_FORMATS),
  notes: optionalText(5000),
  internal_notes: optionalText(5000),
  tags: tagsField,
};

/**
 * The legal data as stored: every field present (null when empty), defaults applied (status
 * prospect, payment terms 30, reminders and billing notifications on), and the conditional
 * fields cleared when they do not apply (hourly rate, retainer, portal user name).
 */
export const legalDataInput = z.object(legalShape).transform((d) => {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(legalShape)) out[key] = (d as Record<string, unknown>)[key] ?? null;
  const data = out as { [K in keyof typeof d]-?: Exclude<(typeof d)[K], undefined> | null };
  return {
    ...data,
    status: d.status ?? "prospect",
    payment_terms: d.payment_terms ?? DEFAULT_PAYMENT_TERMS,
    aml_check_completed: d.aml_check_completed ?? false,
    kyc_verified: d.kyc_verified ?? false,
    conflict_check_completed: d.conflict_check_completed ?? false,
    send_reminders: d.send_reminders ?? true,
    send_newsletters: d.send_newsletters ?? false,
    send_billing_notifications: d.send_billing_notifications ?? true,
    portal_access_enabled: d.portal_access_enabled ?? false,
    tags: d.tags ?? [],
    hourly_rate: usesHourlyRate(d.billing_type) ? (d.hourly_rate ?? null) : null,
    retainer_amount: usesRetainer(d.billing_type) ? (d.retainer_amount ?? null) : null,
    retainer_frequency: usesRetainer(d.billing_type) ? (d.retainer_frequency ?? null) : null,
    portal_username: d.portal_access_enabled ? (d.portal_username ?? null) : null,
  };
});
export type LegalData = z.output<typeof legalDataInput>;
export type LegalDataInput = z.input<typeof legalDataInput>;

/** The keys of the legal data, in the spec's order. */
export const LEGAL_FIELDS = Object.keys(legalShape) as (keyof LegalData)[];

export const legalClientInput = z.object({ customerId: z.string().uuid(), data: legalDataInput });
export const legalClientByCustomerInput = z.object({ customerId: z.string().uuid() });

/** The billing address parts and the main address parts they copy ('Same as main address'). */
export const BILLING_ADDRESS_PAIRS = [
  ["billing_address_line1", "address_line1"],
  ["billing_address_line2", "address_line2"],
  ["billing_city", "city"],
  ["billing_state", "state"],
  ["billing_postal_code", "postal_code"],
  ["billing_country", "country"],
] as const;

/** The customer's one-line address, from the legal address parts ('Av. Lincoln 1, Piso 3, Santo Domingo, D.N.'). */
export function oneLineAddress(parts: { address_line1?: string | null; address_line2?: string | null; city?: string | null; state?: string | null; country?: string | null }): string {
  return [parts.address_line1, parts.address_line2, parts.city, parts.state, parts.country]
    .map((p) => (p ?? "").trim())
    .filter(Boolean)
    .join(", ");
}
