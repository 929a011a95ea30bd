import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The signature of a payment-link provider's callback: HMAC-SHA256 over the raw body (the exact
 * bytes received, before any JSON parsing), sent as `x-enzzo-signature: sha256=<64 hex>`. The
 * key is derived per tenant from the server's session secret (SESSION_SECRET or the one kept in
 * DATA_DIR), so one tenant's key never signs another's callback and nothing new must be configured.
 */
export const SIGNATURE_HEADER = "x-enzzo-signature";
const PREFIX = "sha256=";

/** HMAC-SHA256(sessionSecret, 'payment-link-callback:v1:{tenantId}'). */
export function callbackKey(sessionSecret: string, tenantId: string): Buffer {
  return createHmac("sha256", sessionSecret).update(`payment-link-callback:v1:${tenantId}`).digest();
}

/** 'sha256=' + hex HMAC-SHA256 of the raw body. */
export function signBody(key: Buffer, rawBody: string | Buffer): string {
  return PREFIX + createHmac("sha256", key).update(rawBody).digest("hex");
}

/** The header matches the body under the key; compared in constant time (never a plain ===). */
export function verifySignature(key: Buffer, rawBody: string | Buffer, header: string | string[] | undefined): boolean {
  if (typeof header !== "string" || !header.startsWith(PREFIX)) return false;
  const hex = header.slice(PREFIX.length).trim();
  if (!/^[0-9a-f]{64}$/i.test(hex)) return false;
  const given = Buffer.from(hex, "hex");
  const expected = createHmac("sha256", key).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}
