/**
 * The one normalized shape every card-terminal adapter answers (spec 02: the data shapes
 * 'Card lane transaction' and 'Payment-interface transaction', the states of §4 and both
 * last-card-transaction panels). Variant 1 of the panel (lane) reads these fields or, for
 * anything lane-specific, `raw` (the lane's own uppercase answer); variant 2 (payment
 * interface) reads these fields, its EMV data from `emv`.
 */

/** The two kinds of terminal service a shop can configure (card provider kinds). */
export const CARD_TERMINAL_KINDS = ["lane", "card_service"] as const;
export type CardTerminalKind = (typeof CARD_TERMINAL_KINDS)[number];

/** The spec's default local addresses of each kind. */
export const CARD_TERMINAL_DEFAULT_URL: Record<CardTerminalKind, string> = {
  lane: "http://localhost:5000/",
  card_service: "http://localhost:5050/",
};

/** Spec 02 §4 card transaction states. */
export const CARD_TRANSACTION_STATUSES = ["approved", "declined", "cancelled", "pending", "error"] as const;
export type CardTransactionStatus = (typeof CARD_TRANSACTION_STATUSES)[number];

/**
 * Why a call failed: the service could not be reached or the connection dropped
 * ('unreachable'), it did not answer in time ('timeout'), it answered a non-OK HTTP status
 * ('http'), its answer was not a transaction ('garbage'), the cashier cancelled the wait
 * ('aborted'), the input was refused before any call ('invalid'), a declined or failed
 * transaction was required to succeed ('declined'), or the adapter code is not built
 * ('not_implemented').
 */
export type CardTerminalErrorKind = "unreachable" | "timeout" | "http" | "garbage" | "aborted" | "invalid" | "declined" | "not_implemented";

/** The adapter calls; each has its own failure message and default timeout. */
export type CardOperation = "sale" | "void" | "refund" | "lastTransaction" | "batchClose" | "health";

/** EMV data of a chip transaction (variant 2 shows AID, TVR, TSI). */
export interface CardEmvData {
  aid: string | null;
  tvr: string | null;
  tsi: string | null;
}

/**
 * The lane's answer as it comes (spec 02 'Card lane transaction', uppercase fields).
 * TransactionOverallStatus '00' is success; HostResponse is the host's text ('APROBADA').
 * Date is YYMMDD and Time HHMMSS, both the terminal's local time.
 */
export interface LaneTransactionAnswer {
  TransactionOverallStatus: string;
  HostResponse?: string | null;
  TransactionReference?: string | null;
  HostAuthorizationCode?: string | null;
  InvoiceNumber?: string | null;
  Amount?: string | number | null;
  MaskedPAN?: string | null;
  RangeName?: string | null;
  EntryMode?: string | null;
  Date?: string | null;
  Time?: string | null;
  TerminalId?: string | null;
  MerchantId?: string | null;
  BatchNumber?: string | null;
  Receipts?: string | string[] | null;
  [extra: string]: unknown;
}

/**
 * The local card service's transaction (not in the spec; designed after the spec's
 * 'Payment-interface transaction' so variant 2 draws it unchanged). Amounts are decimal
 * strings in the currency's units ('595.00'); numbers are accepted too.
 */
export interface CardServiceTransactionAnswer {
  id: string;
  /** 'sale' or 'return' */
  type?: string | null;
  status: CardTransactionStatus;
  /** the processor's text ('Aprobada', 'Fondos insuficientes') */
  message?: string | null;
  /** the processor's response code ('00' approved) */
  response_code?: string | null;
  reference?: string | null;
  authorization_code?: string | null;
  amount?: string | number | null;
  currency_code?: string | null;
  installments?: number | null;
  plan?: string | null;
  /** ISO 8601 with offset */
  created_at?: string | null;
  card_details?: {
    masked_pan?: string | null;
    bin?: string | null;
    card_holder_name?: string | null;
    /** '07' chip, '02' swipe (banda), '01' manual */
    entry_mode?: string | null;
    card_type?: string | null;
  } | null;
  metadata?: {
    entry_mode?: string | null;
    /** cardholder verification: 'PIN', 'SIGNATURE', 'NONE' */
    cvm?: string | null;
    base_amount?: string | number | null;
    tip_amount?: string | number | null;
    emv_data?: { aid?: string | null; tvr?: string | null; tsi?: string | null } | null;
  } | null;
  terminal_id?: string | null;
  merchant_id?: string | null;
  batch_number?: string | null;
  invoice_number?: string | null;
  original_invoice_number?: string | null;
  receipt_text?: string | null;
  [extra: string]: unknown;
}

interface CardTransactionBase {
  /** the transaction's state after the call: an approved sale or refund is 'approved', a successful void answers the voided transaction as 'cancelled' */
  status: CardTransactionStatus;
  /** 'sale' or 'refund' when known (the call made, or the provider says); null when the provider does not say */
  type: "sale" | "refund" | null;
  /** the provider's text: the lane's HostResponse, the service's message */
  message: string | null;
  /** the provider's response code: the lane's TransactionOverallStatus, the service's response_code */
  responseCode: string | null;
  /** the provider's own id (card service); null on the lane */
  id: string | null;
  reference: string | null;
  authorizationCode: string | null;
  /** the terminal's invoice number (lane: its own counter; card service: the one the POS sent) */
  invoiceNumber: string | null;
  originalInvoiceNumber: string | null;
  /** total in pesos (currency units), 2 decimals: '595.00'; null only when not approved and not known */
  amount: string | null;
  baseAmount: string | null;
  tipAmount: string | null;
  currencyCode: string;
  maskedPan: string | null;
  bin: string | null;
  cardHolderName: string | null;
  /** the lane's RangeName or the service's card_type ('VISA', 'MASTERCARD') */
  cardType: string | null;
  /** '07' Chip, '02' Banda, '01' Manual (entryModeLabel); any other code as sent */
  entryMode: string | null;
  cvm: string | null;
  /** ISO 8601 with offset; null when absent or invalid (rawDateTime says which) */
  dateTime: string | null;
  /** what the provider sent: lane 'YYMMDD HHMMSS', service created_at; null when absent */
  rawDateTime: string | null;
  terminalId: string | null;
  merchantId: string | null;
  batchNumber: string | null;
  receiptText: string | null;
  emv: CardEmvData | null;
}

export interface LaneCardTransaction extends CardTransactionBase {
  kind: "lane";
  raw: LaneTransactionAnswer;
}

export interface CardServiceCardTransaction extends CardTransactionBase {
  kind: "card_service";
  raw: CardServiceTransactionAnswer;
}

/** One normalized transaction; `kind` narrows `raw` to the provider's own answer. */
export type CardTransaction = LaneCardTransaction | CardServiceCardTransaction;

/** Totals of a closed batch (lane closetotals, service batch-close). */
export interface CardBatchTotals {
  kind: CardTerminalKind;
  status: "approved" | "declined" | "error";
  message: string | null;
  batchNumber: string | null;
  terminalId: string | null;
  merchantId: string | null;
  /** ISO 8601 or null */
  closedAt: string | null;
  salesCount: number;
  salesAmount: string;
  refundsCount: number;
  refundsAmount: string;
  voidsCount: number;
  voidsAmount: string;
  /** sales − refunds (voided sales are not in salesAmount) */
  netAmount: string;
  receiptText: string | null;
  raw: unknown;
}

/** health(): never rejects; an unreachable or odd service is `healthy: false` with the reason. */
export interface CardTerminalHealth {
  kind: CardTerminalKind;
  healthy: boolean;
  /** why not (the error's message), or the service's own status text */
  message: string | null;
  /** the failure kind when the call failed */
  errorKind: CardTerminalErrorKind | null;
  terminalId: string | null;
  merchantId: string | null;
  raw: unknown;
}

export interface CardSaleInput {
  /** pesos, decimal string ('595.00'); a number is accepted; must be > 0, finite, ≤ 2 decimals */
  amount: string | number;
  /** the POS's invoice number (the card service keys the sale on it; the lane cannot take it) */
  invoiceNumber: string;
  /** default 'DOP'; the lane charges pesos only */
  currencyCode?: string;
  /** card service only; default 1 */
  installments?: number;
  /** card service only; default null */
  plan?: string | null;
}

/**
 * What to void. A CardTransaction fits as is (`terminal.void(last)`): a `status` other than
 * 'approved' is refused before any call. Lane: GET void/{invoiceNumber}, else
 * void/{authorizationCode}. Card service: POST cancellation {originalInvoiceNumber: invoiceNumber}.
 */
export interface CardVoidInput {
  invoiceNumber?: string | null;
  authorizationCode?: string | null;
  status?: CardTransactionStatus;
}

/** The spec's `return`: money back to a card. */
export interface CardRefundInput {
  amount: string | number;
  /** the sale paid back (card service; the lane's return path carries only the amount) */
  originalInvoiceNumber?: string | null;
  /** the POS's number for this refund (card service) */
  invoiceNumber?: string | null;
}

export interface CardBatchCloseInput {
  /** card service: the terminal to close; default: the service's own */
  terminal?: string | null;
}

export interface CardCallOptions {
  /** the cashier's cancel: aborting stops waiting (the terminal may still finish: resolve through lastTransaction) */
  signal?: AbortSignal;
  /** this call's timeout, overriding the terminal's */
  timeoutMs?: number;
}

/** The one interface of every card-terminal adapter. */
export interface CardTerminal {
  readonly kind: CardTerminalKind;
  /** the service's base URL, with its trailing slash */
  readonly apiUrl: string;
  sale(input: CardSaleInput, opts?: CardCallOptions): Promise<CardTransaction>;
  void(input: CardVoidInput, opts?: CardCallOptions): Promise<CardTransaction>;
  refund(input: CardRefundInput, opts?: CardCallOptions): Promise<CardTransaction>;
  /** null: no transaction yet ('No hay transacciones recientes') */
  lastTransaction(opts?: CardCallOptions): Promise<CardTransaction | null>;
  batchClose(input?: CardBatchCloseInput, opts?: CardCallOptions): Promise<CardBatchTotals>;
  health(opts?: CardCallOptions): Promise<CardTerminalHealth>;
}

export type CardTerminalTimeouts = Record<CardOperation, number>;

export interface CardTerminalOptions {
  /** default: the global fetch (browser or Node) */
  fetch?: typeof fetch;
  /** one number for every call, or per operation (see DEFAULT_CARD_TIMEOUTS) */
  timeoutMs?: number | Partial<CardTerminalTimeouts>;
}
