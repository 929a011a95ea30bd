/**
 * One adapter interface for every payment-link provider (DESIGN.md: src/server/integrations —
 * one interface, a real implementation and a sandbox). The service never talks to a provider
 * but through this; amounts cross it in minor units (centavos), as providers take them.
 */

/** What paymentLink.create asks a provider for (spec 02 §7 / spec 01 payloads). */
export interface PaymentLinkRequest {
  /** our id of the link: the provider echoes it in its callback */
  linkId: string;
  orderNumber: string;
  amountMinor: number;
  itbisMinor: number;
  currency: string;
  language: string;
  clientContractNumber: string;
  customerName: string | null;
  description: string | null;
  /** scheme and host of the tenant (https://demo.enzzo.do), for hosted pages and callbacks */
  origin: string;
}

/** The spec's answer: linkFullUrl, or errorDescription when the provider refused. */
export type PaymentLinkAnswer = { ok: true; linkFullUrl: string; providerReference: string | null } | { ok: false; errorDescription: string };

/** A provider's callback after the customer paid (or was declined) on its hosted page. */
export interface PaymentLinkCallbackEvent {
  linkId: string;
  orderNumber: string;
  result: "approved" | "declined";
  amountMinor: number;
  currency: string;
  transactionId: string;
  authorizationCode: string | null;
  cardLast4: string | null;
  reason: string | null;
  /** ISO time of the charge */
  at: string;
}

export type ParsedCallback = { ok: true; event: PaymentLinkCallbackEvent } | { ok: false; reason: "signature" | "malformed" };

export interface PaymentLinkProvider {
  /** the code kept in payment_link_settings.provider and payment_links.provider */
  readonly code: string;
  createLink(request: PaymentLinkRequest): Promise<PaymentLinkAnswer>;
  /** Checks the signature over the raw body first, then reads the event; never trusts an unsigned body. */
  parseCallback(rawBody: string, signatureHeader: string | string[] | undefined, key: Buffer): ParsedCallback;
}
