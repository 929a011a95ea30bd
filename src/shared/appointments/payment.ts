import { Big, toBig } from "../catalog/decimal";
import { APPOINTMENT_LIMITS, type PaymentType } from "./schemas";

/**
 * The apply-payment rules (spec 01 §4, §5, §9), shared by the dialog and appointment.applyPayment:
 * balance due = total − paid; the deposit is the appointment's own, else 30 % of the total (or
 * the policy's percentage), never more than the balance; 'full' pays the whole balance.
 */
export function balanceDue(total: string, paid: string): string {
  const due = toBig(total).minus(toBig(paid));
  return (due.lt(0) ? new Big(0) : due).toFixed(2);
}

export function depositFor(total: string, depositAmount: string | null | undefined, percent: string = APPOINTMENT_LIMITS.defaultDepositPercent): string {
  if (depositAmount != null && toBig(depositAmount).gt(0)) return toBig(depositAmount).toFixed(2);
  return toBig(total).times(toBig(percent)).div(100).round(2, Big.roundHalfUp).toFixed(2);
}

/** The amount the dialog proposes for a payment type (the user may change a partial one). */
export function suggestedAmount(type: PaymentType, a: { total: string; paid: string; depositAmount?: string | null; depositPercent?: string }): string {
  const due = balanceDue(a.total, a.paid);
  if (type === "full") return due;
  if (type === "deposit") {
    const deposit = toBig(depositFor(a.total, a.depositAmount, a.depositPercent));
    return (deposit.gt(due) ? toBig(due) : deposit).toFixed(2);
  }
  return "";
}

/** Why an amount cannot be applied, as an i18n key, or null when it can. */
export function paymentAmountProblem(amount: string, due: string): string | null {
  const value = toBig(amount);
  if (!/^\d+(\.\d{1,2})?$/.test(amount.trim()) || value.lte(0)) return "appointments:errors.invalidAmount";
  if (value.gt(toBig(due))) return "appointments:errors.amountAboveBalance";
  return null;
}

/** The payment link's amount: minor units, x100 rounded (spec 01 §7). */
export function minorUnits(amount: string): number {
  return toBig(amount).times(100).round(0, Big.roundHalfUp).toNumber();
}
