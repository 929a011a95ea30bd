import {
  type CardTerminal,
  type CardTerminalKind,
  type CardTransaction,
  isCardTerminalError,
  matchesAttempt,
} from "../../../shared/card-terminal";
import { providerFor } from "../../../shared/fiscal-settings/card-provider";
import type { PosCardPaymentInput } from "../../../shared/pos/schemas";

/**
 * The card sale at checkout (issue 12 §2), without React: which payment rows go to a card
 * terminal, the invoice number each row sends, one charge with its recovery through the
 * terminal's last transaction, and the card answer the sale records. The dialog
 * (checkout-dialog.tsx) and its row status (card-charge.tsx) draw what these return.
 *
 * Never charge twice:
 * - each row sends an invoice number derived from the checkout's idempotency key (its
 *   clientOrderId) and the row's slot, the same on every retry of that checkout;
 * - a call whose outcome is unknown (timeout, lost answer, dropped connection, garbage, the
 *   cashier cancelled the wait) leaves the row's attempt `unresolved`; the next charge of that
 *   row first reads `lastTransaction()` and, when it is this attempt (matchesAttempt)
 *   and approved, takes it ('recovered') instead of charging again;
 * - the lane takes no invoice number, so its last transaction is read before every sale and
 *   kept as the attempt's `previous` (matchesAttempt tells a new one from it); when that
 *   read fails, the lane is not charged ('No se pudo obtener la última transacción').
 *
 * A refund to a card (a credit note paid back, see credit-notes/card-refund.tsx) runs the same
 * way with `operation: 'refund'`: the terminal's return instead of its sale, against the
 * original sale's invoice number where the terminal keys on it.
 */

/** 'P' (a sale; 'R' a refund) + 10 characters of the checkout key + the row's slot in 2 digits: 'P3F2A9C01B4E01'. */
export function cardInvoiceNumber(checkoutKey: string, slot: number, prefix: "P" | "R" = "P"): string {
  const chars = checkoutKey.replace(/[^0-9a-z]/gi, "").toUpperCase();
  if (chars.length < 10) throw new RangeError(`checkout key too short for a card invoice number: '${checkoutKey}'`);
  if (!Number.isSafeInteger(slot) || slot < 1 || slot > 99) throw new RangeError(`card slot must be 1 to 99 (${slot})`);
  return `${prefix}${chars.slice(0, 10)}${String(slot).padStart(2, "0")}`;
}

export interface CardMethod {
  id: string;
  useCardProvider: boolean;
  cardProviderId: string | null;
}

export interface CardProvider {
  id: string;
  name: string;
  kind: CardTerminalKind;
  api_url: string;
  cashbox_id: string | null;
  is_default: boolean;
  is_active: boolean;
}

/**
 * How a payment row of `methodId` is charged: on the provider's terminal, by hand (the method
 * uses a card provider but none is configured: 'No hay proveedor de tarjeta configurado', the
 * cashier charges on a separate terminal and types the reference), or not by card at all.
 */
export type CardRoute<P extends CardProvider = CardProvider> = { kind: "terminal"; provider: P } | { kind: "manual" } | { kind: "none" };

export function cardRouteOf<P extends CardProvider>(methodId: string, methods: readonly CardMethod[] | undefined, providers: readonly P[] | undefined, cashboxId: string | null | undefined): CardRoute<P> {
  const method = methods?.find((m) => m.id === methodId);
  if (!method?.useCardProvider) return { kind: "none" };
  const provider = providerFor(providers ?? [], { methodProviderId: method.cardProviderId, cashboxId: cashboxId ?? null });
  return provider ? { kind: "terminal", provider } : { kind: "manual" };
}

/** A card operation: a sale at checkout, or a refund of a credit note back to the card. */
export type CardOperationKind = "sale" | "refund";

/** One sale (or refund) sent to a terminal, kept while its outcome is unknown. */
export interface CardAttempt {
  /** default: a sale */
  operation?: CardOperationKind;
  providerId: string;
  amount: string;
  currencyCode: string;
  invoiceNumber: string;
  /** lane: the last transaction read before the sale (null: none); undefined on the card service */
  previous?: CardTransaction | null;
}

/** Why a charge failed, for the spec's 'Card payment failed' line. */
export type CardFailureCode = "unreachable" | "lost" | "http" | "garbage" | "invalid" | "notImplemented" | "lastTransaction" | "pending" | "other";

/** What a payment row shows of its card (spec 02 §4 states, as the cashier sees them). */
export type CardChargeView =
  | { state: "idle" }
  | { state: "waiting"; phase: "checking" | "charging" }
  | { state: "approved"; transaction: CardTransaction; recovered: boolean }
  | { state: "declined"; reason: string | null }
  | { state: "timeout" }
  | { state: "cancelled" }
  | { state: "error"; code: CardFailureCode; detail: string | null };

/** A row's card: its slot (invoice number), what it shows, and an attempt whose outcome is not known yet. */
export interface CardCharge {
  slot: number;
  providerId: string;
  view: CardChargeView;
  unresolved: CardAttempt | null;
}

export interface CardChargeResult {
  view: Exclude<CardChargeView, { state: "idle" } | { state: "waiting" }>;
  unresolved: CardAttempt | null;
}

/**
 * What to do with the last transaction read after an attempt whose outcome is unknown:
 * 'recovered' (it is this attempt, approved: record it, do not charge), 'pending' (it is this
 * attempt and the terminal is still on it: wait), or 'charge' (the attempt was not carried out,
 * or it was declined or voided: a new sale is safe).
 */
export function recoveryDecision(last: CardTransaction | null, attempt: CardAttempt): "recovered" | "pending" | "charge" {
  if (!matchesAttempt(last, { ...attempt, operation: attempt.operation ?? "sale" })) return "charge";
  if (last!.status === "approved") return "recovered";
  if (last!.status === "pending") return "pending";
  return "charge";
}

/** A failed call as the row shows it; the attempt stays unresolved when the terminal may have charged. */
export function failureResult(error: unknown, attempt: CardAttempt | null): CardChargeResult {
  if (!isCardTerminalError(error)) {
    return { view: { state: "error", code: "other", detail: error instanceof Error ? error.message : String(error) }, unresolved: attempt };
  }
  const unresolved = error.outcomeUnknown ? attempt : null;
  if (error.operation === "lastTransaction") {
    // Read before the sale or to resolve an earlier one: nothing was charged by this call.
    return { view: error.kind === "aborted" ? { state: "cancelled" } : { state: "error", code: "lastTransaction", detail: error.reason }, unresolved: attempt };
  }
  switch (error.kind) {
    case "aborted":
      return { view: { state: "cancelled" }, unresolved };
    case "timeout":
      return { view: { state: "timeout" }, unresolved };
    case "unreachable":
      return { view: { state: "error", code: error.outcomeUnknown ? "lost" : "unreachable", detail: error.reason }, unresolved };
    case "http":
      return { view: { state: "error", code: "http", detail: error.detail ? `${error.reason} (${error.detail})` : error.reason }, unresolved };
    case "garbage":
      return { view: { state: "error", code: "garbage", detail: error.reason }, unresolved };
    case "invalid":
      return { view: { state: "error", code: "invalid", detail: error.reason }, unresolved };
    case "not_implemented":
      return { view: { state: "error", code: "notImplemented", detail: error.reason }, unresolved };
    default:
      return { view: { state: "error", code: "other", detail: error.reason }, unresolved };
  }
}

export interface CardChargeRequest {
  /** default: a sale */
  operation?: CardOperationKind;
  /** a refund: the sale it pays back (the card service checks what is left of it) */
  originalInvoiceNumber?: string | null;
  providerId: string;
  amount: string;
  currencyCode: string;
  invoiceNumber: string;
  /** the row's earlier attempt whose outcome is unknown: resolved before any new sale */
  unresolved: CardAttempt | null;
}

/**
 * One charge of a row on its terminal: resolve an unknown earlier attempt through the last
 * transaction, else (lane) read the last transaction as `previous`, then the sale. Never
 * rejects: every outcome is a CardChargeResult.
 */
export async function runCardCharge(
  terminal: CardTerminal,
  req: CardChargeRequest,
  opts: { signal?: AbortSignal; onPhase?: (phase: "checking" | "charging") => void } = {},
): Promise<CardChargeResult> {
  let previous: CardTransaction | null | undefined;
  const sameTerminal = req.unresolved && req.unresolved.providerId === req.providerId ? req.unresolved : null;
  try {
    if (sameTerminal) {
      opts.onPhase?.("checking");
      const last = await terminal.lastTransaction({ signal: opts.signal });
      const decision = recoveryDecision(last, sameTerminal);
      if (decision === "recovered") return { view: { state: "approved", transaction: last!, recovered: true }, unresolved: null };
      if (decision === "pending") return { view: { state: "error", code: "pending", detail: last?.message ?? null }, unresolved: sameTerminal };
      previous = last;
    } else if (terminal.kind === "lane") {
      opts.onPhase?.("checking");
      previous = await terminal.lastTransaction({ signal: opts.signal });
    }
  } catch (error) {
    return failureResult(error, req.unresolved);
  }

  const operation = req.operation ?? "sale";
  const attempt: CardAttempt = {
    operation,
    providerId: req.providerId,
    amount: req.amount,
    currencyCode: req.currencyCode,
    invoiceNumber: req.invoiceNumber,
    ...(terminal.kind === "lane" ? { previous: previous ?? null } : {}),
  };
  opts.onPhase?.("charging");
  try {
    const tx =
      operation === "refund"
        ? await terminal.refund({ amount: req.amount, invoiceNumber: req.invoiceNumber, originalInvoiceNumber: req.originalInvoiceNumber ?? null }, { signal: opts.signal })
        : await terminal.sale({ amount: req.amount, invoiceNumber: req.invoiceNumber, currencyCode: req.currencyCode }, { signal: opts.signal });
    if (tx.status === "approved") return { view: { state: "approved", transaction: tx, recovered: false }, unresolved: null };
    if (tx.status === "pending") return { view: { state: "error", code: "pending", detail: tx.message }, unresolved: attempt };
    return { view: { state: "declined", reason: tx.message ?? tx.responseCode }, unresolved: null };
  } catch (error) {
    return failureResult(error, attempt);
  }
}

/** The rows (by key) a confirmation must still charge: on a terminal and not approved there yet. */
export function rowsToCharge<R extends { key: number }>(rows: readonly R[], routeOf: (row: R) => CardRoute, charges: Readonly<Record<number, CardCharge>>): R[] {
  return rows.filter((r) => {
    const route = routeOf(r);
    if (route.kind !== "terminal") return false;
    const charge = charges[r.key];
    return !(charge?.view.state === "approved" && charge.providerId === route.provider.id);
  });
}

/** The next free slot of a checkout (1 for its first card row). */
export const nextCardSlot = (charges: Readonly<Record<number, CardCharge>>) => Math.max(0, ...Object.values(charges).map((c) => c.slot)) + 1;

/** Does any row hold an approved card charge that no sale has recorded yet? */
export const hasApprovedCharge = (charges: Readonly<Record<number, CardCharge>>) => Object.values(charges).some((c) => c.view.state === "approved");

/** Does any row hold card work that must survive the dialog closing (an approval, or an attempt whose outcome is unknown)? */
export const hasCardWork = (charges: Readonly<Record<number, CardCharge>>) => Object.values(charges).some((c) => c.view.state === "approved" || c.unresolved !== null);

const cut = (value: string | null | undefined, max: number) => {
  const text = value?.trim();
  return text ? text.slice(0, max) : undefined;
};

/**
 * The approved transaction as pos.checkout records it (payments[i].card): the terminal's key
 * (the card service's id, the lane's InvoiceNumber) and its answer, cut to the schema's limits.
 */
export function cardPaymentOf(providerId: string, tx: CardTransaction): PosCardPaymentInput {
  const transactionId = (tx.kind === "card_service" ? tx.id : tx.invoiceNumber) ?? tx.reference ?? tx.authorizationCode;
  if (!transactionId) throw new Error("an approved card transaction without a key");
  const fields = {
    reference: cut(tx.reference, 100),
    authorizationCode: cut(tx.authorizationCode, 50),
    maskedPan: cut(tx.maskedPan, 30),
    entryMode: cut(tx.entryMode, 10),
    cardType: cut(tx.cardType, 50),
    terminalId: cut(tx.terminalId, 50),
    merchantId: cut(tx.merchantId, 50),
    batchNumber: cut(tx.batchNumber, 50),
    invoiceNumber: cut(tx.invoiceNumber, 50),
  };
  return {
    providerId,
    transactionId: transactionId.slice(0, 100),
    ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
  } as PosCardPaymentInput;
}
