import { sameAmount } from "./amount";
import { CARD_OPERATION_MESSAGES, CARD_PAYMENT_FAILED, CardTerminalError, TRANSACTION_DECLINED } from "./errors";
import type { CardTransaction, CardTransactionStatus } from "./types";

/** The state each call leaves its transaction in when it worked: a sale or refund approved, a void cancelled. */
export const SUCCESS_STATUS: Record<"sale" | "refund" | "void", CardTransactionStatus> = { sale: "approved", refund: "approved", void: "cancelled" };

export const succeeded = (operation: "sale" | "refund" | "void", tx: CardTransaction) => tx.status === SUCCESS_STATUS[operation];

/**
 * The transaction when its call worked; otherwise a CardTerminalError of kind 'declined'
 * carrying it: a sale declined is 'Transaction declined: {provider text}', a sale in any other
 * state 'Card payment failed: …', a void refused 'Void transaction failed: {HostResponse}', a
 * refund refused 'Refund failed: …'. `reason` is the provider's own text.
 */
export function requireSuccess<T extends CardTransaction>(operation: "sale" | "refund" | "void", tx: T): T {
  if (succeeded(operation, tx)) return tx;
  const reason = tx.message ?? tx.status;
  const message =
    operation === "sale" ? `${tx.status === "declined" ? TRANSACTION_DECLINED : CARD_PAYMENT_FAILED}: ${reason}` : `${CARD_OPERATION_MESSAGES[operation]}: ${reason}`;
  throw new CardTerminalError({ kind: "declined", operation, reason, message, transaction: tx, outcomeUnknown: tx.status === "pending" });
}

/**
 * Is `tx` (read from lastTransaction after a sale's answer was lost: timeout, dropped
 * connection, garbage, cancelled wait) the answer to that sale attempt? Then it must not be
 * charged again: record it if approved, or retry if declined.
 * - card service: the same invoice number and amount (the service keys sales on the invoice number);
 * - lane: it takes no invoice number, so the caller reads lastTransaction before sending the
 *   sale (`previous`, null when there was none) and the answer is a sale of the same amount
 *   that differs from it. Without `previous` a lane transaction never matches: ask the cashier.
 */
export function matchesSaleAttempt(tx: CardTransaction | null, attempt: { amount: string; invoiceNumber: string; previous?: CardTransaction | null }): boolean {
  return matchesAttempt(tx, { ...attempt, operation: "sale" });
}

/**
 * The same for a sale or a refund whose answer was lost: `tx` must be of that operation (or not
 * say which, as a lane's last transaction may not), of the same amount, and then as for a sale.
 */
export function matchesAttempt(
  tx: CardTransaction | null,
  attempt: { operation: "sale" | "refund"; amount: string; invoiceNumber: string; previous?: CardTransaction | null },
): boolean {
  const otherOperation = attempt.operation === "refund" ? "sale" : "refund";
  if (!tx || tx.type === otherOperation || !sameAmount(tx.amount, attempt.amount)) return false;
  if (tx.kind === "card_service") return tx.invoiceNumber === attempt.invoiceNumber.trim();
  if (attempt.previous === undefined) return false;
  const before = attempt.previous;
  if (before === null) return true;
  return !(
    before.invoiceNumber === tx.invoiceNumber &&
    before.reference === tx.reference &&
    before.authorizationCode === tx.authorizationCode &&
    before.rawDateTime === tx.rawDateTime
  );
}
