import { z } from "zod";
import { Big, decimal, money, toBig } from "../catalog/decimal";
import { calendarDate } from "../platform/dates";
import { pageNumber } from "../platform/pagination";
import { wholeNumber } from "../platform/whole-number";
import { posCardPaymentInput } from "../pos/schemas";

/**
 * Credit notes (B04) against invoices: the contract of creditNote.* and the rules both sides
 * use. Messages are i18n keys of the `creditNotes` namespace.
 */

export const CREDIT_NOTE_REASONS = ["product_return", "cancellation", "damaged_product", "price_adjustment", "other"] as const;
export type CreditNoteReason = (typeof CREDIT_NOTE_REASONS)[number];
export const CREDIT_NOTE_STATUSES = ["pending", "approved", "rejected", "used", "partially_used"] as const;
export type CreditNoteStatus = (typeof CREDIT_NOTE_STATUSES)[number];
/** store_credit: kept for later; cash: from the user's open cash box; card: back to the card the invoice was paid with, on its terminal */
export const REFUND_METHODS = ["store_credit", "cash", "card"] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/** DGII: past this many days from the invoice, the note's ITBIS can no longer be claimed (dr-fiscal.md §2). */
export const ITBIS_CREDIT_DAYS = 30;

/** Whether a note issued on `noteDate` for an invoice of `invoiceDate` (yyyy-MM-dd) still carries creditable ITBIS. */
export function itbisCreditable(invoiceDate: string, noteDate: string): boolean {
  const days = Math.round((Date.parse(`${noteDate}T00:00:00Z`) - Date.parse(`${invoiceDate}T00:00:00Z`)) / 86_400_000);
  return days <= ITBIS_CREDIT_DAYS;
}

export interface SoldLine {
  quantity: string;
  /** base net of discount (base − discount), tax and total of the whole line as invoiced */
  net: string;
  taxAmount: string;
  total: string;
  /** what earlier notes already gave back of this line */
  returnedQuantity: string;
  creditedTax: string;
  creditedTotal: string;
}

/**
 * What returning `quantity` units of a sold line gives back: its share of the line's tax and
 * total at the invoiced prices. The last units returned take exactly what is left, so a line
 * returned in several notes never gives back a cent more or less than was charged.
 */
export function returnAmounts(line: SoldLine, quantity: string): { subtotal: string; taxAmount: string; total: string } {
  const q = toBig(quantity);
  const sold = toBig(line.quantity);
  const last = toBig(line.returnedQuantity).plus(q).gte(sold);
  const tax = last ? toBig(line.taxAmount).minus(line.creditedTax) : toBig(line.taxAmount).times(q).div(sold).round(2, Big.roundHalfUp);
  const total = last ? toBig(line.total).minus(line.creditedTotal) : toBig(line.total).times(q).div(sold).round(2, Big.roundHalfUp);
  return { subtotal: total.minus(tax).toFixed(2), taxAmount: tax.toFixed(2), total: total.toFixed(2) };
}

const id = (message = "creditNotes:errors.invalidId") => z.uuid(message);
const positiveQuantity = decimal({ scale: 4, min: 0, max: 99_999_999, message: "creditNotes:errors.quantityPositive" }).refine((v) => toBig(v).gt(0), "creditNotes:errors.quantityPositive");

/** creditNote.create: the spec's payload, plus the idempotency key, the kind, the refund and the lines' ids. */
export const createCreditNoteInput = z.object({
  /** the same key twice creates one note */
  client_key: id(),
  order_id: id(),
  customer_id: id("creditNotes:errors.noCustomer"),
  reason: z.enum(CREDIT_NOTE_REASONS, { error: "creditNotes:errors.reasonRequired" }).default("product_return"),
  /** return: the lines chosen; cancel (Anulación): everything still returnable */
  kind: z.enum(["return", "cancel"]).default("return"),
  notes: z.string().trim().max(1000, "creditNotes:errors.textTooLong").nullish(),
  refund_method: z.enum(REFUND_METHODS, { error: "creditNotes:errors.refundMethodRequired" }).default("store_credit"),
  /** where returned goods go back (default: the invoice's warehouse) */
  warehouse_id: id().optional(),
  items: z
    .array(
      z.object({
        /** the invoice line (order item); else the first line of product_id with units left */
        id: id().optional(),
        product_id: id(),
        quantity: positiveQuantity,
        /** shown by the wizard; the note uses the invoiced prices */
        price: z.union([z.string(), z.number()]).optional(),
        reason: z.string().trim().max(200, "creditNotes:errors.textTooLong").nullish(),
      }),
    )
    .max(500)
    .default([]),
});
export type CreateCreditNoteInput = z.input<typeof createCreditNoteInput>;

export const creditNoteListInput = z.object({
  search: z.string().trim().max(40).optional().default(""),
  status: z.enum(CREDIT_NOTE_STATUSES).optional(),
  customerId: id().optional(),
  dateFrom: calendarDate("invoices:errors.invalidDate").optional(),
  dateTo: calendarDate("invoices:errors.invalidDate").optional(),
  page: pageNumber().optional().default(1),
  pageSize: wholeNumber(1, 200).optional().default(20),
});

/**
 * creditNote.recordCardRefund: the terminal approved the return of a note refunded to a card;
 * `card` is its answer (the same shape a card payment records). The same transaction again
 * returns the note unchanged.
 */
export const recordCardRefundInput = z.object({
  id: id(),
  /** what the terminal returned: must be the note's refund */
  amount: money("creditNotes:errors.amountPositive", { positive: true }),
  card: posCardPaymentInput,
});

/** creditNote.settleRefund: a card refund the terminal could not make is given in cash (from the open cash box) or kept as store credit. */
export const settleRefundInput = z.object({
  id: id(),
  refund_method: z.enum(["cash", "store_credit"], { error: "creditNotes:errors.refundMethodRequired" }),
});
