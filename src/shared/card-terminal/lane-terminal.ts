import { cardAmountOf, subtract } from "./amount";
import { assertAnsweredAmount, assertVoidable, optionalText, requiredText, TerminalBase } from "./base";
import { CardTerminalError } from "./errors";
import { type AnswerReader, entryModeCode, isRecord, laneDateTimeIso, objectAnswer } from "./normalize";
import {
  CARD_TERMINAL_DEFAULT_URL,
  type CardBatchCloseInput,
  type CardBatchTotals,
  type CardCallOptions,
  type CardOperation,
  type CardRefundInput,
  type CardSaleInput,
  type CardTerminal,
  type CardTerminalHealth,
  type CardTerminalOptions,
  type CardTransactionStatus,
  type CardVoidInput,
  type LaneCardTransaction,
  type LaneTransactionAnswer,
} from "./types";

/**
 * The terminal lane service (spec 02 'Direct calls from the browser'), default
 * http://localhost:5000/. Every call is a GET:
 *
 *   api/transaction/lane/sale/{amount}      a sale of {amount} pesos
 *   api/transaction/lane/void/{id}          void by InvoiceNumber (the lane's own, as the panel
 *                                           does) or, without one, by authorization code
 *   api/transaction/lane/return/{amount}    money back to a card (the spec's `return`)
 *   api/transaction/lane/getlast            the last transaction (JSON null or {}: none yet)
 *   api/transaction/lane/closetotals        batch close with its totals
 *   api/status                              health
 *
 * Amounts in the path are pesos with exactly 2 decimals and a dot, no grouping:
 * `sale/595.00`, `return/1250.50` (validated first: above 0, finite, at most 2 decimals).
 * The lane charges pesos only (a currencyCode other than DOP is refused) and takes no
 * invoice number: it numbers its transactions itself (InvoiceNumber in the answer).
 *
 * Answers carry the spec's uppercase fields. TransactionOverallStatus '00' is success and
 * anything else a refusal whose text is HostResponse; a '00' whose HostResponse says
 * ANULADA is a voided transaction. A non-OK HTTP status is 'HTTP error! status: {code}'.
 * Amount is read as pesos ('595.00' or 595). Date (YYMMDD) and Time (HHMMSS) are the
 * terminal's local time, read as the Dominican offset -04:00 (no daylight saving).
 * An approved sale or refund without Amount, or without both HostAuthorizationCode and
 * TransactionReference, or for another amount, is garbage: an error, never a half result.
 * Extension read when present: TransactionType ('SALE' | 'RETURN').
 *
 * closetotals answers TransactionOverallStatus, HostResponse, BatchNumber, TerminalId,
 * MerchantId, SalesCount, SalesAmount, ReturnsCount, ReturnsAmount, VoidsCount, VoidsAmount,
 * NetAmount (optional: sales − returns), Date, Time, Receipts (the simulator's shape; a real
 * lane's totals fields are not in the spec). api/status answers any JSON object; it is
 * unhealthy when `Status` says OFFLINE/ERROR/DOWN or `healthy` is false.
 */
export class LaneTerminal extends TerminalBase implements CardTerminal {
  readonly kind = "lane" as const;

  constructor(apiUrl: string = CARD_TERMINAL_DEFAULT_URL.lane, options: CardTerminalOptions = {}) {
    super(apiUrl, options);
  }

  async sale(input: CardSaleInput, opts?: CardCallOptions): Promise<LaneCardTransaction> {
    const amount = cardAmountOf(input?.amount, "sale");
    requiredText(input.invoiceNumber, "invoiceNumber", "sale");
    const currency = (input.currencyCode ?? "DOP").trim().toUpperCase();
    if (currency !== "DOP") throw new CardTerminalError({ kind: "invalid", operation: "sale", reason: `The card lane charges pesos only (DOP), not ${currency}` });
    const body = await this.request("sale", "GET", `api/transaction/lane/sale/${amount}`, undefined, opts);
    return assertAnsweredAmount(laneTransaction(body, "sale", amount), amount, "sale");
  }

  async void(input: CardVoidInput, opts?: CardCallOptions): Promise<LaneCardTransaction> {
    assertVoidable(input ?? {});
    const id = optionalText(input.invoiceNumber, "invoiceNumber", "void") ?? optionalText(input.authorizationCode, "authorizationCode", "void");
    if (!id) throw new CardTerminalError({ kind: "invalid", operation: "void", reason: "An invoice number or an authorization code is required to void a transaction" });
    const body = await this.request("void", "GET", `api/transaction/lane/void/${encodeURIComponent(id)}`, undefined, opts);
    return laneTransaction(body, "void");
  }

  async refund(input: CardRefundInput, opts?: CardCallOptions): Promise<LaneCardTransaction> {
    const amount = cardAmountOf(input?.amount, "refund");
    const body = await this.request("refund", "GET", `api/transaction/lane/return/${amount}`, undefined, opts);
    return assertAnsweredAmount(laneTransaction(body, "refund", amount), amount, "refund");
  }

  async lastTransaction(opts?: CardCallOptions): Promise<LaneCardTransaction | null> {
    const body = await this.request("lastTransaction", "GET", "api/transaction/lane/getlast", undefined, opts);
    if (body === null || (isRecord(body) && Object.keys(body).length === 0)) return null;
    return laneTransaction(body, "lastTransaction");
  }

  async batchClose(_input?: CardBatchCloseInput, opts?: CardCallOptions): Promise<CardBatchTotals> {
    const body = await this.request("batchClose", "GET", "api/transaction/lane/closetotals", undefined, opts);
    return laneBatchTotals(body);
  }

  async health(opts?: CardCallOptions): Promise<CardTerminalHealth> {
    let body: unknown;
    try {
      body = await this.request("health", "GET", "api/status", undefined, opts);
    } catch (error) {
      if (!(error instanceof CardTerminalError)) throw error;
      return { kind: "lane", healthy: false, message: error.message, errorKind: error.kind, terminalId: null, merchantId: null, raw: null };
    }
    if (!isRecord(body)) {
      return { kind: "lane", healthy: false, message: "Health check failed: not a JSON object", errorKind: "garbage", terminalId: null, merchantId: null, raw: body };
    }
    const status = typeof body.Status === "string" ? body.Status : typeof body.status === "string" ? body.status : null;
    const healthy = body.healthy !== false && body.Healthy !== false && !(status && /offline|error|down|fail/i.test(status));
    const text = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : null);
    return { kind: "lane", healthy, message: status, errorKind: null, terminalId: text(body.TerminalId), merchantId: text(body.MerchantId), raw: body };
  }
}

const MUTATING: ReadonlySet<CardOperation> = new Set(["sale", "void", "refund", "batchClose"]);

function receipts(r: AnswerReader): string | null {
  const value = r.body.Receipts;
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value.trim() === "" ? null : value;
  if (Array.isArray(value) && value.every((v) => typeof v === "string")) return value.length ? value.join("\n") : null;
  throw r.garbage("Receipts is not text");
}

function overallStatus(r: AnswerReader): string {
  const overall = r.text("TransactionOverallStatus");
  if (overall === null) throw r.garbage("TransactionOverallStatus is missing");
  return /^\d$/.test(overall) ? `0${overall}` : overall;
}

/** The lane's uppercase answer as a normalized transaction (exported for the panel's tests and the server). */
export function laneTransaction(body: unknown, operation: CardOperation, requestedAmount?: string): LaneCardTransaction {
  const r = objectAnswer(body, operation, MUTATING.has(operation));
  const overall = overallStatus(r);
  const hostResponse = r.text("HostResponse");
  let status: CardTransactionStatus;
  if (overall !== "00") status = "declined";
  else if (operation === "void" || (hostResponse !== null && /ANULAD|CANCELAD|REVERSAD|VOID/i.test(hostResponse))) status = "cancelled";
  else status = "approved";

  const answeredType = r.text("TransactionType");
  const type = operation === "sale" ? "sale" : operation === "refund" ? "refund" : answeredType && /RETURN|REFUND|DEVOL/i.test(answeredType) ? "refund" : answeredType && /SALE|VENTA/i.test(answeredType) ? "sale" : null;

  let amount = r.amount("Amount");
  const authorizationCode = r.text("HostAuthorizationCode");
  const reference = r.text("TransactionReference");
  if (status === "approved") {
    if (amount === null) throw r.garbage("Amount is missing");
    if (authorizationCode === null && reference === null) throw r.garbage("HostAuthorizationCode and TransactionReference are missing");
  }
  if (amount === null && requestedAmount !== undefined) amount = requestedAmount;

  const date = r.text("Date");
  const time = r.text("Time");
  const rawDateTime = date || time ? [date, time].filter(Boolean).join(" ") : null;

  return {
    kind: "lane",
    status,
    type,
    message: hostResponse,
    responseCode: overall,
    id: null,
    reference,
    authorizationCode,
    invoiceNumber: r.text("InvoiceNumber"),
    originalInvoiceNumber: null,
    amount,
    baseAmount: null,
    tipAmount: null,
    currencyCode: "DOP",
    maskedPan: r.text("MaskedPAN"),
    bin: null,
    cardHolderName: null,
    cardType: r.text("RangeName"),
    entryMode: entryModeCode(r.text("EntryMode")),
    cvm: null,
    dateTime: laneDateTimeIso(date, time),
    rawDateTime,
    terminalId: r.text("TerminalId"),
    merchantId: r.text("MerchantId"),
    batchNumber: r.text("BatchNumber"),
    receiptText: receipts(r),
    emv: null,
    raw: r.body as LaneTransactionAnswer,
  };
}

function laneBatchTotals(body: unknown): CardBatchTotals {
  const r = objectAnswer(body, "batchClose", true);
  const overall = overallStatus(r);
  const approved = overall === "00";
  const salesAmount = r.amount("SalesAmount");
  if (approved && salesAmount === null) throw r.garbage("SalesAmount is missing");
  const refundsAmount = r.amount("ReturnsAmount") ?? "0.00";
  const net = r.amount("NetAmount");
  const sales = salesAmount ?? "0.00";
  return {
    kind: "lane",
    status: approved ? "approved" : "declined",
    message: r.text("HostResponse"),
    batchNumber: r.text("BatchNumber"),
    terminalId: r.text("TerminalId"),
    merchantId: r.text("MerchantId"),
    closedAt: laneDateTimeIso(r.text("Date"), r.text("Time")),
    salesCount: r.count("SalesCount"),
    salesAmount: sales,
    refundsCount: r.count("ReturnsCount"),
    refundsAmount,
    voidsCount: r.count("VoidsCount"),
    voidsAmount: r.amount("VoidsAmount") ?? "0.00",
    netAmount: net ?? subtract(sales, refundsAmount),
    receiptText: receipts(r),
    raw: r.body,
  };
}
