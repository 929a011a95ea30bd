import { z } from "zod";
import { Big, money, toBig } from "../catalog/decimal";
import { calendarDate } from "../platform/dates";
import { pageNumber } from "../platform/pagination";
import { wholeNumber } from "../platform/whole-number";
import { ACCOUNT_TYPES, NATURES } from "./chart";

/**
 * Accounting (issue 14): the contract of accounting.*, account.*, journalEntry.*, fiscalPeriod.*
 * and tax.*, and the rules the forms and the server both apply. Messages are keys of `accounting`.
 */
export const ENTRY_STATUSES = ["draft", "posted", "cancelled"] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];
export const PERIOD_STATUSES = ["open", "closed"] as const;
export const SOURCE_TYPES = ["manual", "sale", "invoice_payment", "payment_reversal", "credit_note", "cash_difference", "supplier_bill", "bill_payment", "stock_movement", "reversal"] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

const id = (message = "accounting:errors.invalidId") => z.uuid(message);
const name = (max: number, message: string) => z.string({ error: message }).trim().min(1, message).max(max, "accounting:errors.tooLong");

export interface EntryLineAmounts {
  debit: string;
  credit: string;
}

/** Sum of debits and of credits, and whether they match (to the cent). */
export function entryTotals(lines: readonly EntryLineAmounts[]) {
  const debit = lines.reduce((s, l) => s.plus(toBig(l.debit || "0")), new Big(0));
  const credit = lines.reduce((s, l) => s.plus(toBig(l.credit || "0")), new Big(0));
  return { debit: debit.toFixed(2), credit: credit.toFixed(2), difference: debit.minus(credit).toFixed(2), balanced: debit.eq(credit) && debit.gt(0) };
}

const entryLine = z
  .object({
    accountId: id("accounting:errors.accountRequired"),
    description: z.string().trim().max(200, "accounting:errors.tooLong").nullish(),
    debit: money("accounting:errors.amountInvalid").default("0"),
    credit: money("accounting:errors.amountInvalid").default("0"),
  })
  .refine((l) => toBig(l.debit).gt(0) !== toBig(l.credit).gt(0), { message: "accounting:errors.lineOneSide", path: ["debit"] });

export const journalEntryFields = z.object({
  date: calendarDate("accounting:errors.invalidDate"),
  reference: z.string().trim().max(60, "accounting:errors.tooLong").nullish(),
  description: name(200, "accounting:errors.descriptionRequired"),
  lines: z.array(entryLine).min(2, "accounting:errors.twoLines").max(200, "accounting:errors.tooManyLines"),
});

const balanced = (e: { lines: EntryLineAmounts[] }) => entryTotals(e.lines).balanced;
const unbalanced = { message: "accounting:errors.unbalanced", path: ["lines"] };

/** journalEntry.create: a draft, or posted at once ('save and post'). Idempotent by client_key. */
export const journalEntryCreateInput = journalEntryFields.extend({ client_key: z.uuid("accounting:errors.invalidId"), post: z.boolean().default(false) }).refine(balanced, unbalanced);
/** journalEntry.update: a draft only. */
export const journalEntryUpdateInput = journalEntryFields.extend({ id: id(), post: z.boolean().default(false) }).refine(balanced, unbalanced);
export const journalEntryListInput = z.object({
  status: z.enum(ENTRY_STATUSES).optional(),
  sourceType: z.enum(SOURCE_TYPES).optional(),
  dateFrom: calendarDate("accounting:errors.invalidDate").optional(),
  dateTo: calendarDate("accounting:errors.invalidDate").optional(),
  search: z.string().trim().max(60).optional().default(""),
  page: pageNumber().optional().default(1),
  pageSize: wholeNumber(1, 200).optional().default(20),
});
export const cancelEntryInput = z.object({ id: id(), date: calendarDate("accounting:errors.invalidDate").optional(), reason: z.string().trim().max(200, "accounting:errors.tooLong").nullish() });

export const accountInput = z.object({
  code: z
    .string({ error: "accounting:errors.codeRequired" })
    .trim()
    .min(1, "accounting:errors.codeRequired")
    .max(20, "accounting:errors.tooLong")
    .regex(/^[0-9A-Za-z.-]+$/, "accounting:errors.codeInvalid"),
  name: name(120, "accounting:errors.nameRequired"),
  type: z.enum(ACCOUNT_TYPES, { error: "accounting:errors.typeRequired" }),
  nature: z.enum(NATURES, { error: "accounting:errors.natureRequired" }),
  parentId: id().nullish(),
  isGroup: z.boolean().default(false),
  isActive: z.boolean().default(true),
});
export const accountUpdateInput = accountInput.partial().extend({ id: id() });

/** A month as YYYY-MM (periods, DGII files). */
export const monthInput = z.string({ error: "accounting:errors.invalidMonth" }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, "accounting:errors.invalidMonth");
export const yearInput = wholeNumber(2000, 2100, "accounting:errors.invalidYear");

export const closePeriodInput = z.object({ id: id() });
export const reopenPeriodInput = z.object({ id: id(), reason: name(200, "accounting:errors.reasonRequired") });

export const TAX_TYPES = ["percentage", "fixed"] as const;
export const TAX_APPLIES_TO = ["sales", "purchases", "both"] as const;
export const TAX_KINDS = ["itbis", "itbis_withholding", "isr_withholding", "other"] as const;
export const taxInput = z.object({
  code: z.string({ error: "accounting:errors.codeRequired" }).trim().min(1, "accounting:errors.codeRequired").max(20, "accounting:errors.tooLong"),
  name: name(80, "accounting:errors.nameRequired"),
  type: z.enum(TAX_TYPES).default("percentage"),
  rate: z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, "accounting:errors.rateInvalid")
    .refine((v) => toBig(v).lte(100), "accounting:errors.rateInvalid")
    .default("0"),
  amount: money("accounting:errors.amountInvalid").nullish(),
  appliesTo: z.enum(TAX_APPLIES_TO).default("both"),
  kind: z.enum(TAX_KINDS).default("itbis"),
  accountId: id().nullish(),
  isActive: z.boolean().default(true),
});
export const taxUpdateInput = taxInput.partial().extend({ id: id() });

/** accounting.updateMappings: the account of each key (see MAPPING_DEFAULTS), or of a method/warehouse. */
export const mappingKey = z.string().regex(/^([a-z_]+|expense_type:\d{2}|payment_method:[0-9a-f-]{36}|warehouse:[0-9a-f-]{36})$/, "accounting:errors.mappingInvalid");
export const updateMappingsInput = z.object({ mappings: z.array(z.object({ key: mappingKey, accountId: id("accounting:errors.accountRequired") })).min(1).max(200) });

/** Balances and statements: a date range, optionally compared with the range before it. */
export const statementInput = z
  .object({
    dateFrom: calendarDate("accounting:errors.invalidDate"),
    dateTo: calendarDate("accounting:errors.invalidDate"),
    compare: z.boolean().default(false),
  })
  .refine((v) => v.dateFrom <= v.dateTo, { message: "accounting:errors.rangeInvalid", path: ["dateTo"] });
export const ledgerInput = z
  .object({
    accountId: id(),
    dateFrom: calendarDate("accounting:errors.invalidDate"),
    dateTo: calendarDate("accounting:errors.invalidDate"),
  })
  .refine((v) => v.dateFrom <= v.dateTo, { message: "accounting:errors.rangeInvalid", path: ["dateTo"] });

/** A balance in its account's nature: positive when on the side that increases it. */
export function signedBalance(nature: "debit" | "credit", debit: string, credit: string): string {
  const d = toBig(debit);
  const c = toBig(credit);
  return (nature === "debit" ? d.minus(c) : c.minus(d)).toFixed(2);
}
