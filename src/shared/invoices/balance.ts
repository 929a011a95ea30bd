import { Big, toBig } from "../catalog/decimal";

/**
 * What an invoice still owes and its payment status (spec 02 §4: only 'completed' payments
 * count; pending = total − completed payments). Payments are in pesos (base amounts); change
 * given back is not a payment of the invoice.
 */
export type PaymentStatus = "paid" | "partial" | "pending";

export function balanceDueOf(total: string, completedPaid: string): string {
  const due = toBig(total).minus(toBig(completedPaid));
  return (due.lt(0) ? new Big(0) : due).toFixed(2);
}

export function paymentStatusOf(total: string, completedPaid: string): PaymentStatus {
  if (toBig(balanceDueOf(total, completedPaid)).eq(0)) return "paid";
  return toBig(completedPaid).gt(0) ? "partial" : "pending";
}

/** The due date (yyyy-MM-dd) that is `days` after the invoice's business date. */
export function dueDateOf(invoiceDate: string, days: number): string {
  const d = new Date(`${invoiceDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Days a credit sale runs when no invoice condition with days is set. */
export const DEFAULT_CREDIT_DAYS = 30;
