import { z } from "zod";
import { compactTaxId, isValidTaxId } from "../fiscal/tax-id";
import { listInput } from "../platform/pagination";
import { wholeNumber } from "../platform/whole-number";
import { decimal, money, optionalDecimal } from "./decimal";

/**
 * Suppliers (spec 03 §3 'Category, subcategory, provider', §5 validation, §9 constants).
 * One schema for the quick-create panel, the full form and the server. Messages are i18n keys.
 * Empty optional strings become absent; money and percentages are decimal strings, never floats.
 */

/** Provider lists: page 1, size 100, 30 s cache, search debounce 300 ms (spec 03 §9). */
export const PROVIDER_LIST = { page: 1, pageSize: 100, staleTimeMs: 30_000, debounceMs: 300 } as const;
/** Longest payment term accepted, in days. */
export const MAX_PAYMENT_TERMS_DAYS = 3650;

const M = {
  nameRequired: "errors:nameRequired",
  codeRequired: "providers:validation.codeRequired",
  invalidEmail: "providers:validation.invalidEmail",
  invalidUrl: "providers:validation.invalidUrl",
  taxIdRequired: "providers:validation.taxIdRequired",
  invalidTaxId: "errors:invalidTaxId",
  invalidAmount: "providers:validation.invalidAmount",
  invalidPercent: "providers:validation.invalidPercent",
  invalidDays: "providers:validation.invalidDays",
  tooLong: "providers:validation.tooLong",
} as const;

/** '' and null mean "no value": the field is left out. */
const absentIfBlank = <T>(v: T | null | undefined): T | undefined => (v === null || v === undefined || v === "" ? undefined : v);

const optionalText = (max: number) => z.string().trim().max(max, M.tooLong).nullish().transform(absentIfBlank);

const emailPattern = z.regexes.email;
const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(200, M.tooLong)
  .refine((v) => v === "" || emailPattern.test(v), M.invalidEmail)
  .nullish()
  .transform(absentIfBlank);

/** 'www.suplidora.com.do' is read as https://www.suplidora.com.do; only http(s) with a real host name. */
export function normalizeWebsite(value: string): string {
  const v = value.trim();
  if (v === "" || /^[a-z][a-z0-9+.-]*:/i.test(v)) return v;
  return `https://${v}`;
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && (url.hostname === "localhost" || /^[^.\s]+(\.[^.\s]+)+$/.test(url.hostname));
  } catch {
    return false;
  }
}

const optionalWebsite = z
  .string()
  .trim()
  .max(300, M.tooLong)
  .transform(normalizeWebsite)
  .refine((v) => v === "" || isWebUrl(v), M.invalidUrl)
  .nullish()
  .transform(absentIfBlank);

/** RNC (9 digits) or cédula (11), stored without dashes or spaces. */
const optionalTaxId = z
  .string()
  .trim()
  .max(20, M.invalidTaxId)
  .transform(compactTaxId)
  .refine((v) => v === "" || isValidTaxId(v), M.invalidTaxId)
  .nullish()
  .transform(absentIfBlank);

const requiredTaxId = z
  .string({ error: M.taxIdRequired })
  .trim()
  .min(1, M.taxIdRequired)
  .max(20, M.invalidTaxId)
  .transform(compactTaxId)
  .refine(isValidTaxId, M.invalidTaxId);

/** Whole days, from the number input's text or a number. */
const optionalDays = z
  .union([z.string(), z.number()], { error: M.invalidDays })
  .nullish()
  .transform((value, ctx) => {
    const v = value === null || value === undefined ? "" : String(value).trim();
    if (v === "") return undefined;
    if (!/^\d{1,4}$/.test(v) || Number(v) > MAX_PAYMENT_TERMS_DAYS) {
      ctx.addIssue({ code: "custom", message: M.invalidDays });
      return z.NEVER;
    }
    return Number(v);
  });

const name = z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(150, M.tooLong);
const code = z.string({ error: M.codeRequired }).trim().min(1, M.codeRequired).max(50, M.tooLong);

/** Every provider field; name and code required. */
const providerShape = {
  code,
  name,
  companyName: optionalText(200),
  taxId: optionalTaxId,
  email: optionalEmail,
  phone: optionalText(40),
  mobile: optionalText(40),
  website: optionalWebsite,
  address: optionalText(300),
  city: optionalText(100),
  state: optionalText(100),
  country: optionalText(100),
  postalCode: optionalText(20),
  contactPerson: optionalText(150),
  contactPosition: optionalText(100),
  /** days */
  paymentTerms: optionalDays,
  /** RD$, decimal string */
  creditLimit: optionalDecimal(money(M.invalidAmount)),
  /** 0-100, decimal string */
  discountPercent: optionalDecimal(decimal({ scale: 2, min: 0, max: 100, maxPlaces: 2, message: M.invalidPercent })),
  description: optionalText(1000),
  notes: optionalText(2000),
  isActive: z.boolean().optional(),
};

/** Leaves out the keys without a value, so empty optional strings are not in the payload at all. */
function withoutAbsent<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** provider.create: the quick-create panel's payload or the full form's. */
export const providerInput = z.object(providerShape).transform(withoutAbsent);
export type ProviderInput = z.output<typeof providerInput>;

/** The fields of the quick-create side panel (spec 03 §3), in its order. */
export const PROVIDER_QUICK_FIELDS = ["name", "code", "taxId", "phone", "email", "website", "address", "description", "notes"] as const;

/** The quick-create side panel: name, code, tax_id, phone, email, website, address, description, notes. */
export const providerQuickCreateInput = z
  .object({
    name: providerShape.name,
    code: providerShape.code,
    taxId: providerShape.taxId,
    phone: providerShape.phone,
    email: providerShape.email,
    website: providerShape.website,
    address: providerShape.address,
    description: providerShape.description,
    notes: providerShape.notes,
  })
  .transform(withoutAbsent);

/** The full provider form (spec 03 §3): every field, and provider screens require the tax id. */
export const providerFormInput = z.object({ ...providerShape, taxId: requiredTaxId }).transform(withoutAbsent);

/** provider.update: the whole form again, plus id; optional fields left out are cleared. */
export const providerUpdateInput = z.object({ ...providerShape, id: z.string().uuid() }).transform(withoutAbsent);

export const providerIdInput = z.object({ id: z.string().uuid() });

export const providerSetActiveInput = z.object({ id: z.string().uuid(), isActive: z.boolean() });

/** provider.getAll: {page 1, pageSize 100, search, isActive?} (search: name, code, tax id, company name). */
export const providerListInput = listInput.extend({
  pageSize: wholeNumber(1, 200).optional().default(PROVIDER_LIST.pageSize),
  isActive: z.boolean().optional(),
});
export type ProviderListInput = z.infer<typeof providerListInput>;

/** The optional fields of a provider, for clearing them on update. */
export const PROVIDER_OPTIONAL_FIELDS = [
  "companyName",
  "taxId",
  "email",
  "phone",
  "mobile",
  "website",
  "address",
  "city",
  "state",
  "country",
  "postalCode",
  "contactPerson",
  "contactPosition",
  "paymentTerms",
  "creditLimit",
  "discountPercent",
  "description",
  "notes",
] as const satisfies readonly (keyof ProviderInput)[];
