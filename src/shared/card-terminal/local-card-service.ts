import { cardAmountOf, subtract } from "./amount";
import { assertAnsweredAmount, assertVoidable, optionalText, requiredText, TerminalBase } from "./base";
import { CardTerminalError } from "./errors";
import { entryModeCode, isoDateTime, isRecord, objectAnswer } from "./normalize";
import {
  CARD_TERMINAL_DEFAULT_URL,
  CARD_TRANSACTION_STATUSES,
  type CardBatchCloseInput,
  type CardBatchTotals,
  type CardCallOptions,
  type CardOperation,
  type CardRefundInput,
  type CardSaleInput,
  type CardServiceCardTransaction,
  type CardServiceTransactionAnswer,
  type CardTerminal,
  type CardTerminalHealth,
  type CardTerminalOptions,
  type CardTransactionStatus,
  type CardVoidInput,
} from "./types";

/**
 * The local card service (spec 02 'Alternative local card service'; payment-interface code
 * 'card_service'), default http://localhost:5050/. JSON in and out:
 *
 *   POST api/pos/sale          {amount, invoiceNumber, currencyCode, installments, plan, originalInvoiceNumber}
 *   POST api/pos/cancellation  {originalInvoiceNumber}                  (the void)
 *   POST api/pos/return        {amount, originalInvoiceNumber, invoiceNumber}
 *   POST api/pos/batch-close   {terminal}
 *   GET  api/pos/health        {healthy: boolean, terminal_id?, merchant_id?}
 *   GET  api/pos/last-transaction   the last transaction, or JSON null (not in the spec: added
 *                                   so a lost answer can be resolved and variant 2 drawn)
 *
 * Amounts go as decimal strings with 2 decimals ('595.00'); installments defaults to 1, plan
 * and originalInvoiceNumber to null on a sale. The spec does not show the answers; this
 * adapter and tools/card-service.ts agree on the spec's 'Payment-interface transaction' shape
 * (CardServiceTransactionAnswer): id, type ('sale' | 'return'), status (approved, declined,
 * cancelled, pending, error), message, response_code, reference, authorization_code, amount,
 * currency_code, created_at (ISO 8601), card_details{masked_pan, bin, card_holder_name,
 * entry_mode, card_type}, metadata{entry_mode, cvm, base_amount, tip_amount,
 * emv_data{aid, tvr, tsi}}, terminal_id, merchant_id, batch_number, invoice_number,
 * original_invoice_number, receipt_text. A successful cancellation answers the sale with
 * status 'cancelled'. An answer without id or with another status is garbage; an approved
 * one needs an amount (the one asked) and an authorization code or reference.
 *
 * batch-close answers {status, message, terminal_id, merchant_id, batch_number, closed_at,
 * totals{sales_count, sales_amount, returns_count, returns_amount, cancellations_count,
 * cancellations_amount, net_amount}, receipt_text}. Refusals may also come as a non-OK HTTP
 * status with {error} ('HTTP error! status: 404', detail: that text).
 */
export class LocalCardService extends TerminalBase implements CardTerminal {
  readonly kind = "card_service" as const;

  constructor(apiUrl: string = CARD_TERMINAL_DEFAULT_URL.card_service, options: CardTerminalOptions = {}) {
    super(apiUrl, options);
  }

  async sale(input: CardSaleInput, opts?: CardCallOptions): Promise<CardServiceCardTransaction> {
    const amount = cardAmountOf(input?.amount, "sale");
    const invoiceNumber = requiredText(input.invoiceNumber, "invoiceNumber", "sale");
    const currencyCode = (input.currencyCode ?? "DOP").trim().toUpperCase();
    if (!/^[A-Z]{3}$/.test(currencyCode)) throw new CardTerminalError({ kind: "invalid", operation: "sale", reason: `currencyCode is not valid: '${input.currencyCode}'` });
    const installments = input.installments ?? 1;
    if (!Number.isSafeInteger(installments) || installments < 1 || installments > 99) {
      throw new CardTerminalError({ kind: "invalid", operation: "sale", reason: `installments must be a whole number from 1 to 99 (${installments})` });
    }
    const body = await this.request("sale", "POST", "api/pos/sale", { amount, invoiceNumber, currencyCode, installments, plan: input.plan ?? null, originalInvoiceNumber: null }, opts);
    return assertAnsweredAmount(serviceTransaction(body, "sale", amount), amount, "sale");
  }

  async void(input: CardVoidInput, opts?: CardCallOptions): Promise<CardServiceCardTransaction> {
    assertVoidable(input ?? {});
    const originalInvoiceNumber = optionalText(input.invoiceNumber, "invoiceNumber", "void");
    if (!originalInvoiceNumber) throw new CardTerminalError({ kind: "invalid", operation: "void", reason: "The card service voids by the original invoice number, which is missing" });
    const body = await this.request("void", "POST", "api/pos/cancellation", { originalInvoiceNumber }, opts);
    return serviceTransaction(body, "void");
  }

  async refund(input: CardRefundInput, opts?: CardCallOptions): Promise<CardServiceCardTransaction> {
    const amount = cardAmountOf(input?.amount, "refund");
    const originalInvoiceNumber = optionalText(input.originalInvoiceNumber, "originalInvoiceNumber", "refund");
    const invoiceNumber = optionalText(input.invoiceNumber, "invoiceNumber", "refund");
    const body = await this.request("refund", "POST", "api/pos/return", { amount, originalInvoiceNumber, invoiceNumber }, opts);
    return assertAnsweredAmount(serviceTransaction(body, "refund", amount), amount, "refund");
  }

  async lastTransaction(opts?: CardCallOptions): Promise<CardServiceCardTransaction | null> {
    const body = await this.request("lastTransaction", "GET", "api/pos/last-transaction", undefined, opts);
    if (body === null || (isRecord(body) && Object.keys(body).length === 0)) return null;
    return serviceTransaction(body, "lastTransaction");
  }

  async batchClose(input?: CardBatchCloseInput, opts?: CardCallOptions): Promise<CardBatchTotals> {
    const terminal = optionalText(input?.terminal, "terminal", "batchClose");
    const body = await this.request("batchClose", "POST", "api/pos/batch-close", { terminal }, opts);
    return serviceBatchTotals(body);
  }

  async health(opts?: CardCallOptions): Promise<CardTerminalHealth> {
    let body: unknown;
    try {
      body = await this.request("health", "GET", "api/pos/health", undefined, opts);
    } catch (error) {
      if (!(error instanceof CardTerminalError)) throw error;
      return { kind: "card_service", healthy: false, message: error.message, errorKind: error.kind, terminalId: null, merchantId: null, raw: null };
    }
    if (!isRecord(body) || typeof body.healthy !== "boolean") {
      return { kind: "card_service", healthy: false, message: "Health check failed: the answer has no 'healthy'", errorKind: "garbage", terminalId: null, merchantId: null, raw: body };
    }
    const text = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : null);
    return { kind: "card_service", healthy: body.healthy, message: text(body.message) ?? text(body.status), errorKind: null, terminalId: text(body.terminal_id), merchantId: text(body.merchant_id), raw: body };
  }
}

const MUTATING: ReadonlySet<CardOperation> = new Set(["sale", "void", "refund", "batchClose"]);

/** The service's transaction as a normalized one (exported for the panel's tests and the server). */
export function serviceTransaction(body: unknown, operation: CardOperation, requestedAmount?: string): CardServiceCardTransaction {
  const r = objectAnswer(body, operation, MUTATING.has(operation));
  const id = r.text("id");
  if (id === null) throw r.garbage("id is missing");
  const statusText = r.text("status")?.toLowerCase() ?? null;
  if (statusText === null || !(CARD_TRANSACTION_STATUSES as readonly string[]).includes(statusText)) throw r.garbage(`status '${statusText ?? ""}' is not a transaction state`);
  const status = statusText as CardTransactionStatus;

  const card = r.object("card_details");
  const meta = r.object("metadata");
  const emvData = meta ? r.object("emv_data", meta, "metadata.emv_data") : null;

  let amount = r.amount("amount");
  const authorizationCode = r.text("authorization_code");
  const reference = r.text("reference");
  if (status === "approved" && (operation === "sale" || operation === "refund" || operation === "lastTransaction")) {
    if (amount === null) throw r.garbage("amount is missing");
    if (authorizationCode === null && reference === null) throw r.garbage("authorization_code and reference are missing");
  }
  if (amount === null && requestedAmount !== undefined) amount = requestedAmount;

  const answeredType = r.text("type");
  const type = answeredType
    ? /return|refund/i.test(answeredType)
      ? "refund"
      : /sale/i.test(answeredType)
        ? "sale"
        : null
    : operation === "sale"
      ? "sale"
      : operation === "refund"
        ? "refund"
        : null;

  const createdAt = r.text("created_at");
  const emv = emvData
    ? { aid: r.text("aid", emvData, "emv_data.aid"), tvr: r.text("tvr", emvData, "emv_data.tvr"), tsi: r.text("tsi", emvData, "emv_data.tsi") }
    : null;

  return {
    kind: "card_service",
    status,
    type,
    message: r.text("message"),
    responseCode: r.text("response_code"),
    id,
    reference,
    authorizationCode,
    invoiceNumber: r.text("invoice_number"),
    originalInvoiceNumber: r.text("original_invoice_number"),
    amount,
    baseAmount: meta ? r.amount("base_amount", meta, "metadata.base_amount") : null,
    tipAmount: meta ? r.amount("tip_amount", meta, "metadata.tip_amount") : null,
    currencyCode: r.text("currency_code")?.toUpperCase() ?? "DOP",
    maskedPan: card ? r.text("masked_pan", card, "card_details.masked_pan") : null,
    bin: card ? r.text("bin", card, "card_details.bin") : null,
    cardHolderName: card ? r.text("card_holder_name", card, "card_details.card_holder_name") : null,
    cardType: card ? r.text("card_type", card, "card_details.card_type") : null,
    entryMode: entryModeCode((card ? r.text("entry_mode", card, "card_details.entry_mode") : null) ?? (meta ? r.text("entry_mode", meta, "metadata.entry_mode") : null)),
    cvm: meta ? r.text("cvm", meta, "metadata.cvm") : null,
    dateTime: isoDateTime(createdAt),
    rawDateTime: createdAt,
    terminalId: r.text("terminal_id"),
    merchantId: r.text("merchant_id"),
    batchNumber: r.text("batch_number"),
    receiptText: r.text("receipt_text"),
    emv,
    raw: r.body as CardServiceTransactionAnswer,
  };
}

function serviceBatchTotals(body: unknown): CardBatchTotals {
  const r = objectAnswer(body, "batchClose", true);
  const statusText = r.text("status")?.toLowerCase() ?? null;
  if (statusText !== "approved" && statusText !== "declined" && statusText !== "error") throw r.garbage(`status '${statusText ?? ""}' is not a batch close state`);
  const totals = r.object("totals");
  if (statusText === "approved" && !totals) throw r.garbage("totals are missing");
  const t = totals ?? {};
  const salesAmount = r.amount("sales_amount", t, "totals.sales_amount");
  if (statusText === "approved" && salesAmount === null) throw r.garbage("totals.sales_amount is missing");
  const sales = salesAmount ?? "0.00";
  const refunds = r.amount("returns_amount", t, "totals.returns_amount") ?? "0.00";
  const closedAt = r.text("closed_at");
  return {
    kind: "card_service",
    status: statusText,
    message: r.text("message"),
    batchNumber: r.text("batch_number"),
    terminalId: r.text("terminal_id"),
    merchantId: r.text("merchant_id"),
    closedAt: isoDateTime(closedAt),
    salesCount: r.count("sales_count", t, "totals.sales_count"),
    salesAmount: sales,
    refundsCount: r.count("returns_count", t, "totals.returns_count"),
    refundsAmount: refunds,
    voidsCount: r.count("cancellations_count", t, "totals.cancellations_count"),
    voidsAmount: r.amount("cancellations_amount", t, "totals.cancellations_amount") ?? "0.00",
    netAmount: r.amount("net_amount", t, "totals.net_amount") ?? subtract(sales, refunds),
    receiptText: r.text("receipt_text"),
    raw: r.body,
  };
}
