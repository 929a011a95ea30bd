import { z } from "zod";
import { Big, money, toBig } from "../catalog/decimal";
import { isNcf } from "../fiscal/ncf";
import { compactTaxId, isValidCedula, isValidTaxId } from "../fiscal/tax-id";
import { AGING_BUCKETS, type AgingBucket, agingBucketOf } from "../invoices/schemas";
import { calendarDate } from "../platform/dates";
import { pageNumber } from "../platform/pagination";
import { wholeNumber } from "../platform/whole-number";

/**
 * Supplier bills and payables (issue 13 §3): the contract of supplierBill.* and payable.*, and
 * the rules the bill form and the server both apply. Messages are i18n keys of `payables`.
 */

/** B01: the supplier's own NCF; B11 (informal supplier) and B13 (minor expenses): we issue it from our ranges. */
export const BILL_NCF_TYPES = ["B01", "B11", "B13"] as const;
export type BillNcfType = (typeof BILL_NCF_TYPES)[number];
/** The NCF types whose number we take from our own authorized range. */
export const OWN_NCF_TYPES: readonly BillNcfType[] = ["B11", "B13"];

/** 606 expense types (dr-fiscal.md §4). */
export const EXPENSE_TYPES = ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11"] as const;
/** 606 payment forms: 01 cash · 02 check/transfer/deposit · 03 card · 04 credit · 05 swap · 06 credit note · 07 mixed. */
export const PAYMENT_FORMS = ["01", "02", "03", "04", "05", "06", "07"] as const;
/** 606 ISR withholding types: 1 rent · 2 fees · 3 other income · 4 presumed income · 5 interest to companies · 6 interest to persons · 7 state suppliers · 8 telephone games. */
export const ISR_WITHHOLDING_TYPES = ["1", "2", "3", "4", "5", "6", "7", "8"] as const;

export const BILL_STATUSES = ["open", "partially_paid", "paid", "cancelled"] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

/** ITBIS is at most 18% of the taxable amount (goods + services before ITBIS). */
export const ITBIS_MAX_RATE = "0.18";

export interface BillAmounts {
  goods: string;
  services: string;
  itbis: string;
  itbisWithheld: string;
  isrWithheld: string;
}

/**
 * The one rule of a bill's totals (form and server): taxable = goods + services; total = taxable +
 * ITBIS (what the supplier invoiced); payable = total − ITBIS withheld − ISR withheld (what we owe
 * the supplier). itbisLimit is 18% of the taxable amount, rounded to the cent.
 */
export function billTotals(a: BillAmounts) {
  const taxable = toBig(a.goods).plus(toBig(a.services));
  const total = taxable.plus(toBig(a.itbis));
  const payable = total.minus(toBig(a.itbisWithheld)).minus(toBig(a.isrWithheld));
  const itbisLimit = taxable.times(ITBIS_MAX_RATE).round(2, Big.roundHalfUp);
  return {
    taxable: taxable.toFixed(2),
    total: total.toFixed(2),
    payable: payable.toFixed(2),
    itbisLimit: itbisLimit.toFixed(2),
  };
}

/** The first thing wrong with a bill's amounts (an i18n key), or null. */
export function billAmountsProblem(a: BillAmounts): string | null {
  const t = billTotals(a);
  if (toBig(t.taxable).lte(0)) return "payables:errors.amountRequired";
  if (toBig(a.itbis).gt(t.itbisLimit)) return "payables:errors.itbisAboveLimit";
  if (toBig(a.itbisWithheld).gt(toBig(a.itbis))) return "payables:errors.itbisWithheldAboveItbis";
  if (toBig(t.payable).lt(0)) return "payables:errors.withheldAboveTotal";
  return null;
}

/** The first thing wrong with a supplier NCF for its type (an i18n key), or null. B11/B13 carry none: we issue them. */
export function supplierNcfProblem(type: BillNcfType, ncf: string | null | undefined): string | null {
  if (OWN_NCF_TYPES.includes(type)) return null;
  const v = (ncf ?? "").trim().toUpperCase();
  if (!v) return "payables:errors.ncfRequired";
  if (!isNcf(v) || !v.startsWith("B01")) return "payables:errors.ncfInvalid";
  return null;
}

/** The first thing wrong with the supplier's RNC/cédula for the NCF type, or null: B01 needs a valid RNC or cédula, B11 a cédula, B13 none (a given one must be valid). */
export function supplierTaxIdProblem(type: BillNcfType, taxId: string | null | undefined): string | null {
  const v = compactTaxId(taxId ?? "");
  if (type === "B11") return v ? (isValidCedula(v) ? null : "payables:errors.cedulaInvalid") : "payables:errors.cedulaRequired";
  if (!v) return type === "B01" ? "payables:errors.taxIdRequired" : null;
  return isValidTaxId(v) ? null : "payables:errors.taxIdInvalid";
}

/** yyyy-MM-dd plus `days` calendar days. */
export function dueDateOf(ncfDate: string, days: number): string {
  const d = new Date(`${ncfDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + Math.max(0, days));
  return d.toISOString().slice(0, 10);
}

/** A bill's status from what it owes and what was paid (a cancelled bill stays cancelled). */
export function billStatusOf(payable: string, paid: string): Exclude<BillStatus, "cancelled"> {
  const p = toBig(paid);
  if (p.lte(0)) return "open";
  return p.gte(toBig(payable)) ? "paid" : "partially_paid";
}

/** Days past due on `today` (0 when not yet due). */
export function daysPastDue(dueDate: string, today: string): number {
  return Math.max(0, Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`)) / 86_400_000));
}

/** The aging buckets are the customers' (src/shared/invoices/schemas.ts): one rule for receivables and payables. */
export { AGING_BUCKETS, type AgingBucket, agingBucketOf };

const id = (message = "payables:errors.invalidId") => z.uuid(message);
const amount = (message = "payables:errors.invalidAmount") => money(message).default("0");
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, "payables:errors.textTooLong")
    .nullish()
    .transform((v) => v || null);

/** The fields of the bill form, the same object supplierBill.create takes (plus client_key). */
const billFields = z.object({
    providerId: id("payables:errors.providerRequired"),
    receiptId: id().nullish(),
    ncfType: z.enum(BILL_NCF_TYPES, { error: "payables:errors.ncfTypeRequired" }),
    /** B01 only: the supplier's NCF */
    ncf: z
      .string()
      .trim()
      .max(19, "payables:errors.ncfInvalid")
      .nullish()
      .transform((v) => (v ? v.toUpperCase() : null)),
    ncfDate: calendarDate("payables:errors.invalidDate"),
    /** the supplier's RNC/cédula: the provider's when left empty */
    supplierTaxId: optionalText(20),
    paymentTermId: id().nullish(),
    /** an explicit due date wins over the payment term */
    dueDate: calendarDate("payables:errors.invalidDate").nullish(),
    goodsAmount: amount(),
    servicesAmount: amount(),
    itbis: amount(),
    itbisWithheld: amount(),
    isrWithheld: amount(),
    isrWithholdingType: z.enum(ISR_WITHHOLDING_TYPES, { error: "payables:errors.isrTypeInvalid" }).nullish(),
    expenseType: z.enum(EXPENSE_TYPES, { error: "payables:errors.expenseTypeRequired" }),
    paymentForm: z.enum(PAYMENT_FORMS, { error: "payables:errors.paymentFormRequired" }).default("04"),
    notes: optionalText(1000),
  });

function checkBill(v: z.output<typeof billFields>, ctx: z.RefinementCtx) {
    const amounts = { goods: v.goodsAmount, services: v.servicesAmount, itbis: v.itbis, itbisWithheld: v.itbisWithheld, isrWithheld: v.isrWithheld };
    const amountProblem = billAmountsProblem(amounts);
    if (amountProblem) ctx.addIssue({ code: "custom", message: amountProblem, path: [amountProblem.includes("itbis") ? "itbis" : "goodsAmount"] });
    const ncfProblem = supplierNcfProblem(v.ncfType, v.ncf);
    if (ncfProblem) ctx.addIssue({ code: "custom", message: ncfProblem, path: ["ncf"] });
    if (toBig(v.isrWithheld).gt(0) && !v.isrWithholdingType) ctx.addIssue({ code: "custom", message: "payables:errors.isrTypeRequired", path: ["isrWithholdingType"] });
    if (v.dueDate && v.dueDate < v.ncfDate) ctx.addIssue({ code: "custom", message: "payables:errors.dueBeforeDate", path: ["dueDate"] });
}

export const supplierBillFormSchema = billFields.superRefine(checkBill);
export type SupplierBillFormInput = z.input<typeof supplierBillFormSchema>;

export const createSupplierBillInput = billFields.extend({ client_key: id() }).superRefine(checkBill);
export type CreateSupplierBillInput = z.input<typeof createSupplierBillInput>;

export const supplierBillListInput = z.object({
  providerId: id().optional(),
  status: z.enum(BILL_STATUSES).optional(),
  /** NCF date range */
  dateFrom: calendarDate("payables:errors.invalidDate").optional(),
  dateTo: calendarDate("payables:errors.invalidDate").optional(),
  /** due on or before this date (open bills only) */
  dueBy: calendarDate("payables:errors.invalidDate").optional(),
  search: z.string().trim().max(40).optional().default(""),
  page: pageNumber().optional().default(1),
  pageSize: wholeNumber(1, 200).optional().default(20),
});

export const payBillFormSchema = z.object({
  amount: money("payables:errors.amountPositive", { positive: true }),
  paymentMethodId: id("payables:errors.methodRequired"),
  reference: optionalText(60),
});

export const payBillInput = payBillFormSchema.extend({ id: id(), client_key: id() });

export const cancelBillInput = z.object({ id: id(), reason: optionalText(500) });

export const agingInput = z.object({
  asOf: calendarDate("payables:errors.invalidDate").optional(),
  providerId: id().optional(),
});

export const statementInput = z.object({
  providerId: id(),
  from: calendarDate("payables:errors.invalidDate").optional(),
  to: calendarDate("payables:errors.invalidDate").optional(),
});
