import { z } from "zod";
import { pageNumber } from "../platform/pagination";
import { wholeNumber } from "../platform/whole-number";

/**
 * DGII data-sending formats (Norma General 07-2018, dr-fiscal.md §4): the code lists and the
 * contract of dgii.*. Messages are i18n keys of the `dgii` namespace.
 */

export const DGII_FORMATS = ["606", "607", "608"] as const;
export type DgiiFormat = (typeof DGII_FORMATS)[number];

/** 606 expense types: 01 personal … 11 insurance. */
export const EXPENSE_TYPES_606 = ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11"] as const;
/** 606 payment forms: 01 cash · 02 check/transfer/deposit · 03 card · 04 credit · 05 swap · 06 credit note · 07 mixed. */
export const PAYMENT_FORMS_606 = ["01", "02", "03", "04", "05", "06", "07"] as const;
export type PaymentForm606 = (typeof PAYMENT_FORMS_606)[number];
/** 607 income types: 01 operations · 02 financial · 03 extraordinary · 04 leases · 05 depreciable assets · 06 other. */
export const INCOME_TYPES_607 = ["01", "02", "03", "04", "05", "06"] as const;
/** 608 cancellation reasons: 01 damaged pre-printed invoice … 10 loss or theft of receipt books. */
export const CANCEL_REASONS_608 = ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10"] as const;
/** ISR withholding types of the 606 (two digits in the file). */
export const ISR_WITHHOLDING_TYPES_606 = ["01", "02", "03", "04", "05", "06", "07", "08"] as const;

/** The 607 payment-form columns, in the file's order (Odoo's: swap before gift bonds; dr-fiscal.md §4). */
export const SALE_FORMS = ["cash", "bank", "card", "credit", "swap", "bond", "others"] as const;
export type SaleForm = (typeof SALE_FORMS)[number];
export type SaleForms = Record<SaleForm, string>;

/** A consumer invoice (B02/E32) whose untaxed amount is below this is left out of the 607 detail. */
export const CONSUMER_DETAIL_THRESHOLD = "250000";

/** yyyyMM: a real month of 2000–2999. */
export function isPeriod(value: string): boolean {
  return /^2\d{3}(0[1-9]|1[0-2])$/.test(value);
}

/** The first and last calendar day (yyyy-MM-dd) of a yyyyMM period, and the first day of the next month. */
export function periodBounds(period: string): { from: string; to: string; next: string } {
  const year = Number(period.slice(0, 4));
  const month = Number(period.slice(4, 6));
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = period.slice(4, 6);
  const nextYear = month === 12 ? year + 1 : year;
  const nextMonth = month === 12 ? 1 : month + 1;
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${String(last).padStart(2, "0")}`, next: `${nextYear}-${String(nextMonth).padStart(2, "0")}-01` };
}

/** The month before the one of `today` (yyyy-MM-dd) as yyyyMM: the month a business files on the 15th. */
export function previousPeriod(today: string): string {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return month === 1 ? `${year - 1}12` : `${year}${String(month - 1).padStart(2, "0")}`;
}

/** The shared block: a period yyyyMM ('202611'); anything else is BAD_REQUEST with dgii:errors.invalidPeriod. */
export const periodSchema = () => z.string({ error: "dgii:errors.invalidPeriod" }).trim().refine(isPeriod, "dgii:errors.invalidPeriod");

export const PREVIEW_PAGE_SIZE = 100;

/** dgii.get606 / get607 / get608: the month, and a page of its detail rows (the totals cover all of them). */
export const previewInput = z.object({
  period: periodSchema(),
  page: pageNumber().optional().default(1),
  pageSize: wholeNumber(1, 500).optional().default(PREVIEW_PAGE_SIZE),
  /** only the rows with a validation issue */
  onlyIssues: z.boolean().optional().default(false),
});
export type PreviewInput = z.input<typeof previewInput>;

export const txtInput = z.object({
  format: z.enum(DGII_FORMATS, { error: "dgii:errors.invalidFormat" }),
  period: periodSchema(),
});

export const it1Input = z.object({ period: periodSchema() });
