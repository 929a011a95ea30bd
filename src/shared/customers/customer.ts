import { z } from "zod";
import { money } from "../catalog/decimal";
import { compactTaxId, isValidCedula, isValidRnc } from "../fiscal/tax-id";
import { isCalendarDate } from "../platform/dates";
import { listInput, pageNumber, searchKey } from "../platform/pagination";
import { wholeNumber } from "../platform/whole-number";

/**
 * Customers (spec 01 §3, §5, §7, §9; spec 02 'Customer search side panel', §5, §7).
 * One schema for the customer form, the legal form's first step, the POS panel and the server.
 * Field names are the spec's (snake_case); messages are i18n keys. Empty optional strings are
 * treated as absent.
 */

export const CUSTOMER_LIMITS = {
  /** customer.search default (spec 02 §7) and the search panel's (spec 01 §9). */
  searchLimit: 20,
  panelSearchLimit: 50,
  /** Customer search in the appointment wizard (spec 01 §9). */
  wizardSearchLimit: 10,
  recentLimit: 10,
  debounceMs: 300,
  /** The panel's search box gets focus this long after opening. */
  focusDelayMs: 100,
  listPageSize: 20,
  historyPageSize: 10,
  pointsLimit: 50,
} as const;

/** The default customer's name, seeded for every tenant ('Contado' / 'Cash customer'). */
export const DEFAULT_CUSTOMER_NAME = "Contado";

export const M = {
  nameRequired: "customers:validation.nameRequired",
  codeRequired: "customers:validation.codeRequired",
  invalidEmail: "customers:validation.invalidEmail",
  invalidTaxId: "customers:validation.invalidTaxId",
  taxIdLength: "customers:validation.taxIdLength",
  invalidCustomerType: "customers:validation.invalidCustomerType",
  tooLong: "customers:validation.tooLong",
  invalidAmount: "customers:validation.invalidAmount",
} as const;

/** '' and null mean "no value": the field is left out. */
export const absentIfBlank = <T>(v: T | null | undefined): T | undefined => (v === null || v === undefined || v === "" ? undefined : v);

export const optionalText = (max: number) => z.string().trim().max(max, M.tooLong).nullish().transform(absentIfBlank);

export const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(200, M.tooLong)
  .refine((v) => v === "" || z.regexes.email.test(v), M.invalidEmail)
  .nullish()
  .transform(absentIfBlank);

/**
 * Why a tax id is refused, or null when it is acceptable: digits only once dashes and spaces
 * are gone; 9 digits (RNC) or 11 (cédula); the DGII check digit must verify unless the
 * override flag marks a known exception.
 */
export function taxIdIssue(taxId: string, override: boolean): string | null {
  const v = compactTaxId(taxId);
  if (!/^\d+$/.test(v) || (v.length !== 9 && v.length !== 11)) return override ? M.taxIdLength : M.invalidTaxId;
  if (override) return null;
  return (v.length === 9 ? isValidRnc(v) : isValidCedula(v)) ? null : M.invalidTaxId;
}

/** Stored without dashes or spaces ('1-01-85004-3' -> '101850043'). */
const taxIdField = z.string().trim().max(25, M.invalidTaxId).transform(compactTaxId).nullish().transform(absentIfBlank);

/** A customer type id, or '' / absent for none; null (update) clears it. */
const customerTypeField = z
  .union([z.literal(""), z.null(), z.string().uuid(M.invalidCustomerType)], { error: M.invalidCustomerType })
  .optional()
  .transform((v) => (v === "" ? undefined : v));

const name = z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(200, M.tooLong);

const customerShape = {
  name,
  /** Auto-generated (CLI-000001) when absent on create; kept when absent on update. */
  code: z.string().trim().max(50, M.tooLong).nullish().transform(absentIfBlank),
  tax_id: taxIdField,
  tax_id_override: z.boolean().optional(),
  phone: optionalText(40),
  address: optionalText(500),
  email: optionalEmail,
  is_default: z.boolean().optional(),
  eligible_for_rewards: z.boolean().optional(),
  customer_type_id: customerTypeField,
  /** What the customer may owe on credit: a money amount; '' or null means no limit; left out keeps it (update). */
  credit_limit: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), money(M.invalidAmount).nullable().optional()),
};

/** Leaves out the keys without a value, so empty optional strings are not in the payload at all. */
function withoutAbsent<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** With the override given (always on create: absent means false), the tax id is checked here. */
function checkTaxId(value: { tax_id?: string; tax_id_override?: boolean }, ctx: z.RefinementCtx, overrideWhenAbsent: boolean | null) {
  const override = value.tax_id_override ?? overrideWhenAbsent;
  if (!value.tax_id || override === null) return;
  const issue = taxIdIssue(value.tax_id, override);
  if (issue) ctx.addIssue({ code: "custom", path: ["tax_id"], message: issue });
}

/** customer.create: {name, tax_id, phone, address, email, is_default, …}; the legal form adds code and customer_type_id. */
export const customerCreateInput = z
  .object(customerShape)
  .superRefine((v, ctx) => checkTaxId(v, ctx, false))
  .transform(withoutAbsent);
export type CustomerCreateInput = z.output<typeof customerCreateInput>;

/**
 * customer.update: the same fields plus id. tax_id, phone, address and email are replaced
 * (left out = cleared, as the form and the POS send them all); code, is_default,
 * eligible_for_rewards, tax_id_override and customer_type_id are kept when left out
 * (customer_type_id: null clears it). Without tax_id_override the stored flag applies,
 * checked by the server.
 */
export const customerUpdateInput = z
  .object({ ...customerShape, id: z.string().uuid() })
  .superRefine((v, ctx) => checkTaxId(v, ctx, null))
  .transform(withoutAbsent);
export type CustomerUpdateInput = z.output<typeof customerUpdateInput>;

/** The customer form when editing: the code is shown and may be changed, but not emptied. */
export const customerEditFormInput = customerCreateInput.superRefine((v, ctx) => {
  if (!v.code) ctx.addIssue({ code: "custom", path: ["code"], message: M.codeRequired });
});

/** The search panel's inline form: name, tax_id, phone, email, address. */
export const customerQuickCreateInput = z
  .object({ name, tax_id: taxIdField, phone: customerShape.phone, email: optionalEmail, address: customerShape.address })
  .superRefine((v, ctx) => checkTaxId(v, ctx, false))
  .transform(withoutAbsent);

export const customerIdInput = z.object({ id: z.string().uuid() });

/** customer.getStatement: {customerId, asOf? (yyyy-MM-dd, today in the business's time zone), all? (every open invoice, not only the first 1,000)}. */
export const customerStatementInput = z.object({
  customerId: z.string().uuid(),
  asOf: z.string().refine(isCalendarDate, "customers:validation.invalidDate").optional(),
  all: z.boolean().optional(),
});

/** customer.getAll: {search, page, pageSize, showDeleted} (search: name, code, tax id, phone). */
export const customerListInput = listInput.extend({
  pageSize: wholeNumber(1, 200).optional().default(CUSTOMER_LIMITS.listPageSize),
  showDeleted: z.boolean().optional().default(false),
});
export type CustomerListInput = z.infer<typeof customerListInput>;

/** customer.search: {query, limit (20)}; an empty query answers nothing. */
export const customerSearchInput = z.object({
  query: z.string().max(200).default(""),
  limit: wholeNumber(1, 100).optional().default(CUSTOMER_LIMITS.searchLimit),
});

export const customerRecentInput = z.object({ limit: wholeNumber(1, 50).optional().default(CUSTOMER_LIMITS.recentLimit) });

export const customerHistoryInput = z.object({
  customerId: z.string().uuid(),
  page: pageNumber().optional().default(1),
  pageSize: wholeNumber(1, 100).optional().default(CUSTOMER_LIMITS.historyPageSize),
});

export const customerPointsInput = z.object({
  customerId: z.string().uuid(),
  limit: wholeNumber(1, 200).optional().default(CUSTOMER_LIMITS.pointsLimit),
});

/** A query made of digits and separators ('809-555-01', '001 1391820'): a phone or tax id typed. */
const NUMBER_TYPED = /^[\d\s\-().+/]+$/;

/**
 * The words of a search, as LIKE patterns on customers.search_text (lower-cased name, code,
 * tax id and phone, also as digits only). A query made of digits and separators ('809-555-01',
 * '001 1391820') is matched as its digits only; otherwise every word must appear.
 */
export function customerSearchPatterns(query: string): string[] {
  const q = searchKey(query.trim());
  if (q === "") return [];
  const contains = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = customerSearchDigits(q);
  if (digits) return [contains(digits)];
  return [...new Set(q.split(/\s+/).filter(Boolean))].slice(0, 8).map(contains);
}

/**
 * The first word typed, folded as search_text is: names starting with it come first in the search
 * box ('ana' before 'adriana'). None for a number (an id or phone fragment).
 */
export function customerSearchPrefix(query: string): string | null {
  const first = searchKey(query.trim()).split(/\s+/)[0] ?? "";
  if (first === "" || NUMBER_TYPED.test(first)) return null;
  return first;
}

/** The digits of a number typed (phones and tax ids starting with them come first); none for words. */
export function customerSearchDigits(query: string): string | null {
  const q = query.trim();
  return NUMBER_TYPED.test(q) && /\d/.test(q) ? q.replace(/\D/g, "") : null;
}

/** Customer types (a small settings list). */
export const customerTypeInput = z.object({
  name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(100, M.tooLong),
  is_active: z.boolean().optional(),
});
export const customerTypeUpdateInput = customerTypeInput.extend({ id: z.string().uuid() });

/** Rewards movements (customer_point_movements.source_type). */
export const POINT_SOURCE_TYPES = ["sale", "sale_cancel", "credit_note", "adjustment", "redemption", "redemption_cancel"] as const;
export type PointSourceType = (typeof POINT_SOURCE_TYPES)[number];
