import type { SQL } from "drizzle-orm";
import { toBig } from "../../../shared/catalog/decimal";
import type { StoredValueMethodCode } from "../../../shared/fiscal-settings/payment-method";
import { VM, VOUCHER_METHOD_CODE } from "../../../shared/vouchers/schemas";
import type { Tx } from "../../db/client";
import { appError } from "../../trpc/errors";
import { CREDIT_NOTE_METHOD_CODE, reverseCreditNoteSpends, spendCreditNotes } from "../credit-note/service";
import { POINTS_METHOD_CODE, reversePointSpends, spendPoints } from "../customer/service";
import type { PosContext } from "../pos/service";
import { reverseVoucherSpends, spendVouchers } from "../voucher/service";

/**
 * The one tender engine (issue 16 §4): the payment methods whose amount is not money handed over
 * but a stored value the sale spends — store credit (CREDIT_NOTE, by the note's number), gift
 * vouchers (GIFT_VOUCHER, by the voucher's code) and rewards points (POINTS, the customer's). Each
 * kind is checked when the payments are read, spent atomically in the sale's transaction (an
 * UPDATE that only succeeds while enough is left, so a double spend is refused) and given back
 * when the sale is cancelled.
 */

/** The stored-value kinds, by payment method code (the codes of STORED_VALUE_METHOD_CODES, each once). */
export const TENDER_KINDS = {
  [CREDIT_NOTE_METHOD_CODE]: "creditNote",
  [VOUCHER_METHOD_CODE]: "voucher",
  [POINTS_METHOD_CODE]: "points",
} as const satisfies Record<StoredValueMethodCode, string>;
export type TenderKind = (typeof TENDER_KINDS)[keyof typeof TENDER_KINDS];

export function tenderKindOf(methodCode: string): TenderKind | null {
  return (TENDER_KINDS as Record<string, TenderKind>)[methodCode.toUpperCase()] ?? null;
}

/** A payment as the sale reads it (pos/service loadPayments). */
export interface TenderPayment {
  id: string;
  reference?: string | null;
  /** in pesos */
  baseAmount: string;
  method: { code: string };
  currency: { rate: string };
}

/** Refuses a stored-value payment that cannot be spent as given (no note number or voucher code, not in pesos). */
export function checkTender(p: TenderPayment): void {
  const kind = tenderKindOf(p.method.code);
  if (!kind) return;
  if (kind === "creditNote") {
    if (!p.reference) throw appError("BAD_REQUEST", "creditNotes:errors.referenceRequired");
    if (!toBig(p.currency.rate).eq(1)) throw appError("BAD_REQUEST", "creditNotes:errors.pesosOnly");
    return;
  }
  if (kind === "voucher" && !p.reference?.trim()) throw appError("BAD_REQUEST", VM.codeRequired);
  if (!toBig(p.currency.rate).eq(1)) throw appError("BAD_REQUEST", VM.pesosOnly);
}

/**
 * Spends the sale's stored-value payments (may refuse the sale). Answers the statements that
 * record the spends, for the sale's write batch (after its order and payments rows), and the
 * customer's points balance once points were spent (null when none were). `saleTotal`
 * (pesos) is what a percentage voucher takes its percent of (without it a percentage voucher is
 * refused) and what the stored-value payments together may not exceed (no change is given from
 * a voucher, points or store credit).
 */
export async function spendTenders(ctx: PosContext, orderId: string, customerId: string, payments: readonly TenderPayment[], saleTotal?: string): Promise<{ statements: SQL[]; pointsBalance: number | null }> {
  const of = (kind: TenderKind) => payments.filter((p) => tenderKindOf(p.method.code) === kind);
  // Stored value pays the sale, never cash change: together it may not pay more than the total.
  const stored = payments.reduce((sum, p) => (tenderKindOf(p.method.code) ? sum.plus(toBig(p.baseAmount)) : sum), toBig("0"));
  if (saleTotal !== undefined && stored.gt(toBig(saleTotal))) throw appError("BAD_REQUEST", VM.overTotal, { total: toBig(saleTotal).toFixed(2), amount: stored.toFixed(2) });
  const statements: SQL[] = [];
  const notes = of("creditNote").map((p) => ({ paymentId: p.id, reference: p.reference ?? "", amount: p.baseAmount }));
  if (notes.length > 0) {
    const usages = await spendCreditNotes(ctx, orderId, customerId, notes);
    if (usages) statements.push(usages);
  }
  const vouchers = of("voucher").map((p) => ({ paymentId: p.id, reference: p.reference ?? "", amount: p.baseAmount }));
  if (vouchers.length > 0) await spendVouchers(ctx, orderId, customerId, vouchers, saleTotal);
  const points = of("points").reduce((sum, p) => sum.plus(toBig(p.baseAmount)), toBig("0"));
  const pointsBalance = points.gt(0) ? await spendPoints(ctx.tx, ctx.tenant.id, orderId, customerId, points.toFixed(2)) : null;
  return { statements, pointsBalance };
}

/** A cancelled sale gives back what it spent: store credit, gift vouchers (their 'restored' event names who cancelled) and points. */
export async function reverseTenders(tx: Tx, tenantId: string, orderId: string, userId: string): Promise<void> {
  await reverseCreditNoteSpends(tx, tenantId, orderId);
  await reverseVoucherSpends(tx, tenantId, orderId, userId);
  await reversePointSpends(tx, tenantId, orderId);
}
