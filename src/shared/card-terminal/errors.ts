import type { CardOperation, CardTerminalErrorKind, CardTransaction } from "./types";

/**
 * The spec's card-adapter messages (spec 02 §8 'Card adapters'): each call's failure is
 * '{operation message}: {reason}'. The reason of a non-OK HTTP answer is the spec's
 * 'HTTP error! status: {code}'; a declined or failed sale required to succeed is
 * 'Transaction declined' / 'Card payment failed'. The screens translate by `kind` and
 * `operation`; `reason` carries the provider's text (HostResponse on a lane void).
 */
export const CARD_OPERATION_MESSAGES: Record<CardOperation, string> = {
  sale: "Payment processing failed",
  void: "Void transaction failed",
  refund: "Refund failed",
  lastTransaction: "Could not get the last transaction",
  batchClose: "Batch close failed",
  health: "Health check failed",
};

export const TRANSACTION_DECLINED = "Transaction declined";
export const CARD_PAYMENT_FAILED = "Card payment failed";

export const httpErrorText = (status: number) => `HTTP error! status: ${status}`;

export interface CardTerminalErrorInit {
  kind: CardTerminalErrorKind;
  operation: CardOperation | null;
  /** the cause in words, without the operation's message */
  reason: string;
  /** a message other than '{operation message}: {reason}' */
  message?: string;
  /** the HTTP status of an 'http' failure */
  httpStatus?: number;
  /** the provider's own error text of a non-OK answer ({error} or {message} of its body) */
  detail?: string | null;
  /** the transaction the answer described, when there was one (a declined sale, an approved sale answering another amount) */
  transaction?: CardTransaction | null;
  /** the request may have reached the terminal: resolve through lastTransaction before retrying */
  outcomeUnknown?: boolean;
  cause?: unknown;
}

/** Every failure of a card-terminal adapter. */
export class CardTerminalError extends Error {
  readonly kind: CardTerminalErrorKind;
  readonly operation: CardOperation | null;
  readonly reason: string;
  readonly httpStatus: number | null;
  readonly detail: string | null;
  readonly transaction: CardTransaction | null;
  /**
   * True when a sale, void, refund or batch close may have been carried out by the terminal
   * although no answer came (timeout, dropped connection, garbage, 5xx, cashier cancelled):
   * read lastTransaction before charging again. False when nothing was sent or the terminal
   * answered clearly.
   */
  readonly outcomeUnknown: boolean;

  constructor(init: CardTerminalErrorInit) {
    const prefix = init.operation ? CARD_OPERATION_MESSAGES[init.operation] : null;
    super(init.message ?? (prefix ? `${prefix}: ${init.reason}` : init.reason), init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "CardTerminalError";
    this.kind = init.kind;
    this.operation = init.operation;
    this.reason = init.reason;
    this.httpStatus = init.httpStatus ?? null;
    this.detail = init.detail ?? null;
    this.transaction = init.transaction ?? null;
    this.outcomeUnknown = init.outcomeUnknown ?? false;
  }
}

/** An adapter kind or payment-interface code without an implementation (spec: 'Unimplemented adapters raise a not-implemented error'). */
export class CardTerminalNotImplementedError extends CardTerminalError {
  readonly code: string;
  constructor(code: string) {
    super({ kind: "not_implemented", operation: null, reason: `Payment adapter not implemented: ${code}` });
    this.name = "CardTerminalNotImplementedError";
    this.code = code;
  }
}

export const isCardTerminalError = (error: unknown): error is CardTerminalError => error instanceof CardTerminalError;
