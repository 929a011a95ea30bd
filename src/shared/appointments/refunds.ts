import { z } from "zod";
import { Big, toBig } from "../catalog/decimal";
import { pageNumber } from "../platform/pagination";
import { wholeNumber } from "../platform/whole-number";
import { refundPercentFor, type SlidingScaleStep } from "./config";

/**
 * Deposits and the refund queue of the appointments area (spec 03 §4 'Deposit statuses', 'Refund
 * statuses', 'Refund methods'; §3 Deposit and Refund): the statuses, the actions each allows, the
 * refund quote of the policy, and the zod inputs of the appointment.* payment procedures.
 * Messages are i18n keys in the appointmentPayments namespace.
 */

export const DEPOSIT_STATUSES = ["pending", "paid", "refunded", "forfeited", "applied"] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
export const REFUND_STATUSES = ["pending_review", "approved", "processing", "completed", "rejected"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_METHODS = ["original_payment_method", "store_credit", "manual_processing"] as const;
export type AppointmentRefundMethod = (typeof REFUND_METHODS)[number];

/** The appointment statuses whose payments may be refunded or whose deposit forfeited. */
export const REFUNDABLE_APPOINTMENT_STATUSES = ["cancelled", "no_show"] as const;

export const PM = {
  invalidId: "appointmentPayments:errors.invalidId",
  method: "appointmentPayments:errors.methodRequired",
  notesRequired: "appointmentPayments:errors.rejectReasonRequired",
  tooLong: "appointmentPayments:errors.tooLong",
  notRefundable: "appointmentPayments:errors.notRefundable",
  nothingPaid: "appointmentPayments:errors.nothingPaid",
  nothingToRefund: "appointmentPayments:errors.nothingToRefund",
  refundExists: "appointmentPayments:errors.refundExists",
  refundStatus: "appointmentPayments:errors.refundStatus",
  storeCreditNeedsInvoice: "appointmentPayments:errors.storeCreditNeedsInvoice",
  manualOnInvoice: "appointmentPayments:errors.manualOnInvoice",
  depositStatus: "appointmentPayments:errors.depositStatus",
  forfeitNeedsCancelled: "appointmentPayments:errors.forfeitNeedsCancelled",
  applyOnCancelled: "appointmentPayments:errors.applyOnCancelled",
  refundPending: "appointmentPayments:errors.refundPending",
  batchEmpty: "appointmentPayments:errors.batchEmpty",
} as const;

/** What a refund request may become: approve, reject, process (and complete a manual one). */
export const REFUND_TRANSITIONS: Record<RefundStatus, readonly RefundStatus[]> = {
  pending_review: ["approved", "rejected"],
  approved: ["processing", "completed", "rejected"],
  processing: ["completed"],
  completed: [],
  rejected: [],
};

/** The deposit actions (spec 03 §4) and the deposit statuses they start from. */
export const DEPOSIT_ACTIONS = {
  process_refund: ["paid", "applied"],
  apply_to_payment: ["paid"],
  forfeit: ["paid"],
} as const satisfies Record<string, readonly DepositStatus[]>;
export type DepositAction = keyof typeof DEPOSIT_ACTIONS;

export interface RefundPolicy {
  refund_window_hours: number;
  sliding_scale: SlidingScaleStep[];
  cancellation_fee: string;
  retention_amount: string;
}

export interface RefundQuote {
  original_amount: string;
  refund_percent: number;
  cancellation_fee: string;
  retention_amount: string;
  /** what goes back: original x percent - fee - retention, never below 0 nor above the original */
  amount: string;
}

/**
 * The refund the policy gives for what was paid, by the notice the customer gave (hours between
 * the cancellation and the start; negative for a no-show): the refund window and sliding scale
 * give the percentage, then the cancellation fee and the retention are kept. waiveFees (staff
 * cancelled, the business's fault) keeps neither fee.
 */
export function refundQuote(paid: string, hoursBefore: number, policy: RefundPolicy, waiveFees = false): RefundQuote {
  const original = toBig(paid);
  const percent = hoursBefore < 0 ? 0 : refundPercentFor(policy, hoursBefore);
  const fee = waiveFees ? new Big(0) : toBig(policy.cancellation_fee);
  const retention = waiveFees ? new Big(0) : toBig(policy.retention_amount);
  let amount = original.times(percent).div(100).round(2, Big.roundHalfUp).minus(fee).minus(retention);
  if (amount.lt(0)) amount = new Big(0);
  if (amount.gt(original)) amount = original;
  return { original_amount: original.toFixed(2), refund_percent: percent, cancellation_fee: fee.toFixed(2), retention_amount: retention.toFixed(2), amount: amount.toFixed(2) };
}

/**
 * The share of an invoiced appointment a refund's credit note takes back: what the business does
 * not keep (invoice total - (paid - refund)), as a quantity of the invoice's one line (party size
 * units), to 4 decimals; the whole line when nothing is kept.
 */
export function creditedQuantity(invoiceTotal: string, paid: string, refund: string, partySize: number): string {
  const kept = toBig(paid).minus(refund);
  const total = toBig(invoiceTotal);
  if (kept.lte(0) || total.lte(0)) return String(partySize);
  const credited = total.minus(kept);
  if (credited.lte(0)) return "0";
  return credited.div(total).times(partySize).round(4, Big.roundHalfUp).toFixed(4);
}

const id = z.uuid(PM.invalidId);
const notes = z.string().trim().max(1000, PM.tooLong).nullish();

export const depositListInput = z.object({
  status: z.enum(DEPOSIT_STATUSES).optional(),
  search: z.string().trim().max(60).optional().default(""),
  page: pageNumber().optional().default(1),
  pageSize: wholeNumber(1, 100).optional().default(20),
});
export const refundListInput = z.object({
  status: z.enum(REFUND_STATUSES).optional(),
  search: z.string().trim().max(60).optional().default(""),
  page: pageNumber().optional().default(1),
  pageSize: wholeNumber(1, 100).optional().default(20),
});
export const refundQuoteInput = z.object({ appointment_id: id, waive_fees: z.boolean().optional().default(false) });
export const requestRefundInput = z.object({
  appointment_id: id,
  method: z.enum(REFUND_METHODS, { error: PM.method }),
  waive_fees: z.boolean().optional().default(false),
  notes,
});
export const refundIdInput = z.object({ id, notes });
export const rejectRefundInput = z.object({ id, notes: z.string({ error: PM.notesRequired }).trim().min(1, PM.notesRequired).max(1000, PM.tooLong) });
export const batchProcessInput = z.object({ ids: z.array(id).min(1, PM.batchEmpty).max(100) });
export const forfeitDepositInput = z.object({ payment_id: id, reason: notes });
/** Idempotent by the deposit's own state: a deposit already applied answers its invoice. */
export const applyDepositInput = z.object({ payment_id: id, ncf_type_id: id.nullish() });
