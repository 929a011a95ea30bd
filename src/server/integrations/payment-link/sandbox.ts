import { randomBytes } from "node:crypto";
import { expiryValid, luhnValid, SANDBOX_APPROVE_CARD, SANDBOX_DECLINE_CARD } from "../../../shared/payment-link/sandbox-cards";
import { signBody, verifySignature } from "./signature";
import type { ParsedCallback, PaymentLinkAnswer, PaymentLinkCallbackEvent, PaymentLinkProvider, PaymentLinkRequest } from "./types";

/** The sandbox's hosted page, a page of the app itself. */
export const sandboxPayPath = (linkId: string) => `/pay/${linkId}`;
/** Where the sandbox posts its signed callback (the tenant's own host). */
export const SANDBOX_CALLBACK_PATH = "/api/payment-links/sandbox/callback";

export interface SandboxCard {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

const reference = (prefix: string) => `${prefix}-${randomBytes(6).toString("hex").toUpperCase()}`;

/**
 * The built-in SANDBOX provider: creates a link to the app's hosted page /pay/{id}, 'charges' the
 * test cards (src/shared/payment-link/sandbox-cards.ts: 4111 1111 1111 1111 approves,
 * 4000 0000 0000 0002 declines, any other number is declined) and signs its callback as a real
 * provider would (HMAC-SHA256 over the raw body).
 */
export class SandboxPaymentLinkProvider implements PaymentLinkProvider {
  readonly code = "sandbox";

  async createLink(request: PaymentLinkRequest): Promise<PaymentLinkAnswer> {
    if (!Number.isSafeInteger(request.amountMinor) || request.amountMinor <= 0) return { ok: false, errorDescription: "amount must be above 0" };
    return { ok: true, linkFullUrl: `${request.origin}${sandboxPayPath(request.linkId)}`, providerReference: null };
  }

  /** The outcome of a test card for this link, as the callback will report it. */
  charge(link: { id: string; orderNumber: string; amountMinor: number; currency: string }, card: SandboxCard, now: Date = new Date()): PaymentLinkCallbackEvent {
    const digits = card.cardNumber;
    const base = { linkId: link.id, orderNumber: link.orderNumber, amountMinor: link.amountMinor, currency: link.currency, at: now.toISOString(), cardLast4: digits.slice(-4) || null };
    const declined = (reason: string): PaymentLinkCallbackEvent => ({ ...base, result: "declined", transactionId: reference("SBX-D"), authorizationCode: null, reason });
    if (!luhnValid(digits)) return declined("invalid_card");
    if (!expiryValid(card.expiry, now)) return declined("expired_card");
    if (!/^\d{3,4}$/.test(card.cvc)) return declined("invalid_cvc");
    if (digits === SANDBOX_DECLINE_CARD) return declined("insufficient_funds");
    if (digits !== SANDBOX_APPROVE_CARD) return declined("not_a_test_card");
    return { ...base, result: "approved", transactionId: reference("SBX"), authorizationCode: String(100000 + (randomBytes(3).readUIntBE(0, 3) % 900000)), reason: null };
  }

  /** The callback's raw body and its signature header. */
  signedCallback(event: PaymentLinkCallbackEvent, key: Buffer): { body: string; signature: string } {
    const body = JSON.stringify(event);
    return { body, signature: signBody(key, body) };
  }

  parseCallback(rawBody: string, signatureHeader: string | string[] | undefined, key: Buffer): ParsedCallback {
    if (!verifySignature(key, rawBody, signatureHeader)) return { ok: false, reason: "signature" };
    let data: unknown;
    try {
      data = JSON.parse(rawBody);
    } catch {
      return { ok: false, reason: "malformed" };
    }
    const e = data as Partial<PaymentLinkCallbackEvent> | null;
    const text = (v: unknown, max = 100) => typeof v === "string" && v.length > 0 && v.length <= max;
    if (
      !e ||
      typeof e !== "object" ||
      !text(e.linkId, 36) ||
      !text(e.orderNumber, 64) ||
      (e.result !== "approved" && e.result !== "declined") ||
      !Number.isSafeInteger(e.amountMinor) ||
      !text(e.currency, 3) ||
      !text(e.transactionId) ||
      !text(e.at, 40)
    )
      return { ok: false, reason: "malformed" };
    return {
      ok: true,
      event: {
        linkId: e.linkId!,
        orderNumber: e.orderNumber!,
        result: e.result,
        amountMinor: e.amountMinor!,
        currency: e.currency!,
        transactionId: e.transactionId!,
        authorizationCode: text(e.authorizationCode, 20) ? e.authorizationCode! : null,
        cardLast4: typeof e.cardLast4 === "string" && /^\d{4}$/.test(e.cardLast4) ? e.cardLast4 : null,
        reason: text(e.reason) ? e.reason! : null,
        at: e.at!,
      },
    };
  }
}

export const sandboxProvider = new SandboxPaymentLinkProvider();
