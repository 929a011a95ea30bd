import { Big, toBig } from "../catalog/decimal";

/**
 * The one rule for a purchase order's amounts, used by the form (as the user types) and by the
 * server (authoritatively, on create and update). Unit costs exclude ITBIS.
 *   line subtotal = round2(quantity × unit cost)
 *   line ITBIS    = round2(line subtotal × ITBIS % / 100)
 *   line total    = subtotal + ITBIS
 *   order subtotal, ITBIS and total = the sums of its lines' (each line rounded first).
 * Rounding is half up to 2 decimals (big.js roundHalfUp). Anything that is not a number counts as 0,
 * so a half-typed line never breaks the form's totals; the server's schemas refuse such input first.
 */
export interface PurchaseLineInput {
  quantity: string | number | null | undefined;
  unitCost: string | number | null | undefined;
  taxPercent: string | number | null | undefined;
}

export interface PurchaseLineAmounts {
  subtotal: string;
  taxAmount: string;
  total: string;
}

export interface PurchaseTotals {
  subtotal: string;
  taxTotal: string;
  total: string;
}

const round2 = (v: Big) => v.round(2, Big.roundHalfUp);

export function purchaseLineAmounts(line: PurchaseLineInput): PurchaseLineAmounts {
  const subtotal = round2(toBig(line.quantity).times(toBig(line.unitCost)));
  const tax = round2(subtotal.times(toBig(line.taxPercent)).div(100));
  return { subtotal: subtotal.toFixed(2), taxAmount: tax.toFixed(2), total: subtotal.plus(tax).toFixed(2) };
}

export function purchaseTotals(lines: readonly PurchaseLineInput[]): PurchaseTotals & { lines: PurchaseLineAmounts[] } {
  const amounts = lines.map(purchaseLineAmounts);
  const subtotal = amounts.reduce((s, l) => s.plus(l.subtotal), new Big(0));
  const tax = amounts.reduce((s, l) => s.plus(l.taxAmount), new Big(0));
  return { subtotal: subtotal.toFixed(2), taxTotal: tax.toFixed(2), total: subtotal.plus(tax).toFixed(2), lines: amounts };
}
