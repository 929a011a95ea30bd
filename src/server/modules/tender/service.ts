import type { SQL } from "drizzle-orm";
import { toBig } from "../../../shared/catalog/decimal";
import type { Tx } from "../../db/client";
import { appError } from "../../trpc/errors";
import { CREDIT_NOTE_METHOD_CODE, reverseCreditNoteSpends, spendCreditNotes } from "../credit-note/service";
import type { PosContext } from "../pos/service";

/**
 * The one tender engine (issue 16 §4): the payment methods whose amount is not money handed over
 * but a stored value the sale spends — store credit (CREDIT_NOTE, by the note's number). Each kind
 * is checked when the payments are read, spent atomically in the sale's transaction (an UPDATE
 * that only succeeds while enough is left, so a double spend is refused) and given back when the
 * sale is cancelled.
 */

/** The stored-value kinds, by payment method code. */
export const TENDER_KINDS = { [CREDIT_NOTE_METHOD_CODE]: "creditNote" } as const;
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

/** Refuses a stored-value payment that cannot be spent as given (no reference, not in pesos). */
export function checkTender(p: TenderPayment): void {
  const kind = tenderKindOf(p.method.code);
  if (!kind) return;
  if (!p.reference) throw appError("BAD_REQUEST", "creditNotes:errors.referenceRequired");
  if (!toBig(p.currency.rate).eq(1)) throw appError("BAD_REQUEST", "creditNotes:errors.pesosOnly");
}

/**
 * Spends the sale's stored-value payments (may refuse the sale). Answers the statements that
 * record the spends, for the sale's write batch (after its order and payments rows).
 */
export async function spendTenders(ctx: PosContext, orderId: string, customerId: string, payments: readonly TenderPayment[]): Promise<SQL[]> {
  const notes = payments.filter((p) => tenderKindOf(p.method.code) === "creditNote").map((p) => ({ paymentId: p.id, reference: p.reference ?? "", amount: p.baseAmount }));
  const statements: SQL[] = [];
  if (notes.length > 0) {
    const usages = await spendCreditNotes(ctx, orderId, customerId, notes);
    if (usages) statements.push(usages);
  }
  return statements;
}

/** A cancelled sale gives back what it spent. */
export async function reverseTenders(tx: Tx, tenantId: string, orderId: string): Promise<void> {
  await reverseCreditNoteSpends(tx, tenantId, orderId);
}
