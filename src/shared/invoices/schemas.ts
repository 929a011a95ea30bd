import { z } from "zod";
import { money } from "../catalog/decimal";
import { calendarDate } from "../platform/dates";
import { pageNumber } from "../platform/pagination";
import { wholeNumber } from "../platform/whole-number";
import { posCheckoutInput } from "../pos/schemas";

/**
 * The invoices back office contract (invoice.*), shared by the server's procedures and the
 * client's forms. Messages are i18n keys of the `invoices` namespace.
 */

/** DGII 608 cancellation reasons (dr-fiscal.md §4): 01 damaged pre-printed invoice … 10 loss or theft. */
export const CANCEL_REASON_CODES = ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10"] as const;
export type CancelReasonCode = (typeof CANCEL_REASON_CODES)[number];

/** What the list filters by and shows: a cancelled or draft invoice, else its payment status. */
export const INVOICE_STATUSES = ["paid", "partial", "pending", "cancelled", "draft"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export function invoiceStatusOf(order: { status: string; paymentStatus: string }): InvoiceStatus {
  if (order.status === "cancelled" || order.status === "draft") return order.status;
  return order.paymentStatus as InvoiceStatus;
}

const isoDate = calendarDate("invoices:errors.invalidDate");

export const invoiceListInput = z.object({
  /** an invoice number (FAC-000123) or NCF, whole or its start */
  search: z.string().trim().max(40).optional().default(""),
  status: z.enum(INVOICE_STATUSES).optional(),
  dateFrom: isoDate.optional(),
  dateTo: isoDate.optional(),
  customerId: z.uuid("invoices:errors.invalidId").optional(),
  ncfTypeId: z.uuid("invoices:errors.invalidId").optional(),
  sellerId: z.uuid("invoices:errors.invalidId").optional(),
  /** only invoices past their due date that still owe */
  overdue: z.boolean().optional(),
  page: pageNumber().optional().default(1),
  pageSize: wholeNumber(1, 200).optional().default(20),
});
export type InvoiceListInput = z.input<typeof invoiceListInput>;

const positiveMoney = money("invoices:errors.amountPositive", { positive: true });

/** invoice.recordPayment: the spec's payload (snake_case), plus the client's idempotency key. */
export const recordPaymentInput = z.object({
  invoice_id: z.uuid("invoices:errors.invalidId"),
  payment_method_id: z.string({ error: "invoices:errors.paymentMethodRequired" }).min(1, "invoices:errors.paymentMethodRequired").pipe(z.uuid("invoices:errors.paymentMethodRequired")),
  currency_id: z.string({ error: "invoices:errors.currencyRequired" }).min(1, "invoices:errors.currencyRequired").pipe(z.uuid("invoices:errors.currencyRequired")),
  amount: positiveMoney,
  reference: z.string().trim().max(100, "invoices:errors.textTooLong").nullish(),
  notes: z.string().trim().max(500, "invoices:errors.textTooLong").nullish(),
  /** the same key twice records one payment */
  client_payment_id: z.uuid("invoices:errors.invalidId").optional(),
});
export type RecordPaymentInput = z.input<typeof recordPaymentInput>;

/**
 * invoice.reverseCardPayment: a card transaction voided on its terminal; the payment it paid (if
 * any) is reversed on its invoice. provider_id and transaction_id as the payment recorded them.
 */
export const reverseCardPaymentInput = z.object({
  provider_id: z.uuid("invoices:errors.invalidId"),
  transaction_id: z.string({ error: "invoices:errors.invalidId" }).trim().min(1, "invoices:errors.invalidId").max(100, "invoices:errors.textTooLong"),
});

/** The 608 reason a cancel-and-recreate takes when none is chosen: the invoice is issued again corrected. */
export const RECREATE_REASON_CODE: CancelReasonCode = "04";

/** pos.cancelInvoice: the 608 reason is required to cancel; cancel-and-recreate defaults to 04. */
export const posCancelInvoiceInput = z
  .object({
    invoiceId: z.uuid("invoices:errors.invalidId"),
    recreate: z.boolean().default(false),
    reason: z.string().trim().max(500, "invoices:errors.textTooLong").optional(),
    reasonCode: z.enum(CANCEL_REASON_CODES, { error: "invoices:errors.reasonRequired" }).optional(),
  })
  .transform((input, ctx) => {
    if (input.reasonCode) return { ...input, reasonCode: input.reasonCode };
    if (input.recreate) return { ...input, reasonCode: RECREATE_REASON_CODE };
    ctx.addIssue({ code: "custom", path: ["reasonCode"], message: "invoices:errors.reasonRequired" });
    return z.NEVER;
  });

export const cancelInvoiceInput = z.object({
  invoiceId: z.uuid("invoices:errors.invalidId"),
  reasonCode: z.enum(CANCEL_REASON_CODES, { error: "invoices:errors.reasonRequired" }),
  reason: z.string().trim().max(500, "invoices:errors.textTooLong").nullish(),
  recreate: z.boolean().optional().default(false),
});

const backOfficeFields = {
  invoiceConditionId: z.uuid("invoices:errors.invalidId").nullish(),
  sellerId: z.uuid("invoices:errors.invalidId").nullish(),
  invoiceTypeId: z.uuid("invoices:errors.invalidId").nullish(),
};

/** invoice.create: the POS checkout contract plus the back-office fields; draftId issues that draft. */
export const createInvoiceInput = posCheckoutInput.extend({
  ...backOfficeFields,
  /** the draft this invoice issues: it keeps the draft's id and the draft is gone */
  draftId: z.uuid("invoices:errors.invalidId").optional(),
});
export type CreateInvoiceInput = z.input<typeof createInvoiceInput>;

/**
 * invoice.saveDraft: the back-office form kept as a draft (BOR-000001): no NCF, no stock, no
 * payment until it is issued. Without id it creates one (clientOrderId makes a retry create it
 * once); with id it replaces that draft's content.
 */
export const invoiceDraftInput = posCheckoutInput
  .pick({ clientOrderId: true, customerId: true, warehouseId: true, ncfTypeId: true, items: true, notes: true })
  .extend({ ...backOfficeFields, id: z.uuid("invoices:errors.invalidId").optional() });
export type InvoiceDraftInput = z.input<typeof invoiceDraftInput>;

/** Aging buckets of what a customer owes, by days past the due date. */
export const AGING_BUCKETS = ["current", "d1_30", "d31_60", "d61_90", "d90_plus"] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** The bucket of an open invoice on `today` (yyyy-MM-dd): not yet due is current. */
export function agingBucketOf(dueDate: string | null, today: string): AgingBucket {
  if (!dueDate || dueDate >= today) return "current";
  const days = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`)) / 86_400_000);
  if (days <= 30) return "d1_30";
  if (days <= 60) return "d31_60";
  if (days <= 90) return "d61_90";
  return "d90_plus";
}
