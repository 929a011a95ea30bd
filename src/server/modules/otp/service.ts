import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq, gt, inArray, isNotNull, or, sql } from "drizzle-orm";
import { translate } from "../../../shared/i18n/translate";
import type { Tx } from "../../db/client";
import { newId } from "../../ids";
import { appError, appErrorKeepingWrites } from "../../trpc/errors";
import { users } from "../auth/tables";
import { sendMail } from "../mail/service";
import { otpRequests } from "../pos/tables";
import { products } from "../product/tables";

/** The productId of the POS's custom (arbitrary) discount. */
export const CUSTOM_DISCOUNT = "custom_discount";
/** Seconds a code lives when the product says nothing (and for the custom discount). */
export const DEFAULT_OTP_SECONDS = 300;
/** Wrong codes a request takes; after them it is locked and a new request is needed. */
export const OTP_MAX_ATTEMPTS = 5;
/** How long a verified authorization lets the checkout apply the custom discount. */
export const AUTHORIZATION_WINDOW_MS = 30 * 60 * 1000;
const TIME_ZONE = "America/Santo_Domingo";

export interface OtpRequestInput {
  /** 'custom_discount' or a product id */
  productId: string;
  productName: string;
  /** the client's id of this request */
  requestId: string;
}

/** A random 6-digit code (node:crypto). */
function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/** HMAC-SHA256 of the code under a random per-request salt, stored as 'hmac-sha256:salt:digest'. */
function hashCode(requestId: string, code: string, salt = randomBytes(16).toString("hex")): string {
  const digest = createHmac("sha256", salt).update(`${requestId}:${code}`).digest("hex");
  return `hmac-sha256:${salt}:${digest}`;
}

function codeMatches(stored: string, requestId: string, code: string): boolean {
  const [, salt] = stored.split(":");
  if (!salt) return false;
  const expected = Buffer.from(stored);
  const actual = Buffer.from(hashCode(requestId, code, salt));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** How long the code lives: the product's otp_expiration, 300 s for the custom discount. */
async function expirySeconds(tx: Tx, tenantId: string, productId: string): Promise<{ seconds: number; productName: string | null }> {
  if (productId === CUSTOM_DISCOUNT) return { seconds: DEFAULT_OTP_SECONDS, productName: null };
  const [product] = await tx
    .select({ seconds: products.otpExpiration, name: products.name })
    .from(products)
    .where(and(eq(products.tenantId, tenantId), eq(products.id, productId)))
    .limit(1);
  if (!product) throw appError("NOT_FOUND", "outbox:otp.errors.productNotFound");
  return { seconds: product.seconds || DEFAULT_OTP_SECONDS, productName: product.name };
}

/** '5 minutos' / '90 segundos' in the reader's language. */
function durationText(lang: string, seconds: number): string {
  if (seconds % 60 === 0) return translate(lang, seconds === 60 ? "outbox:otp.mail.minute" : "outbox:otp.mail.minutes", { n: seconds / 60 });
  return translate(lang, "outbox:otp.mail.seconds", { n: seconds });
}

function clockText(lang: string, at: Date): string {
  return new Intl.DateTimeFormat(lang === "en" ? "en-US" : "es-DO", { timeZone: TIME_ZONE, dateStyle: "short", timeStyle: "short" }).format(at);
}

/** Active administrators and owners of the tenant: they receive the codes. */
async function approvers(tx: Tx, tenantId: string) {
  return tx
    .select({ id: users.id, email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.isActive, true), or(eq(users.isOwner, true), inArray(users.role, ["owner", "admin"]))))
    .orderBy(users.email);
}

/**
 * product.sendOTP: creates the request (code hashed, expiry from the product) and mails the code
 * to every active administrator and owner, in their language. Sending the same requestId again
 * while it is still pending answers success without a new code (a retried call).
 */
export async function requestOtp(tx: Tx, tenantId: string, requester: { id: string; name: string }, input: OtpRequestInput) {
  const [existing] = await tx
    .select()
    .from(otpRequests)
    .where(and(eq(otpRequests.tenantId, tenantId), eq(otpRequests.requestId, input.requestId)))
    .limit(1);
  if (existing) {
    if (existing.requestedBy !== requester.id || existing.productId !== input.productId) throw appError("CONFLICT", "outbox:otp.errors.requestIdTaken");
    const pending = !existing.verifiedAt && existing.attempts < OTP_MAX_ATTEMPTS && existing.expiresAt > new Date();
    if (!pending) throw appError("BAD_REQUEST", "outbox:otp.errors.requestClosed");
    return { success: true as const, expiresAt: existing.expiresAt };
  }

  const { seconds, productName } = await expirySeconds(tx, tenantId, input.productId);
  const recipients = await approvers(tx, tenantId);
  if (recipients.length === 0) throw appError("BAD_REQUEST", "outbox:otp.errors.noApprovers");

  const code = newCode();
  const expiresAt = new Date(Date.now() + seconds * 1000);
  await tx.insert(otpRequests).values({
    tenantId,
    id: newId(),
    requestId: input.requestId,
    productId: input.productId,
    productName: input.productName,
    codeHash: hashCode(input.requestId, code),
    expiresAt,
    requestedBy: requester.id,
  });

  let delivered = 0;
  for (const admin of recipients) {
    const lang = admin.language;
    const product = input.productId === CUSTOM_DISCOUNT ? translate(lang, "outbox:otp.mail.customDiscount") : (productName ?? input.productName);
    const vars = { product, cashier: requester.name, code, duration: durationText(lang, seconds), at: clockText(lang, expiresAt), name: admin.name };
    const mail = await sendMail(
      tx,
      tenantId,
      { to: admin.email, toUserId: admin.id, kind: "otp", subject: translate(lang, "outbox:otp.mail.subject", vars), text: translate(lang, "outbox:otp.mail.text", vars) },
      { throwOnFailure: false },
    );
    if (mail.status !== "failed") delivered++;
  }
  // Nobody got the code: the failed messages stay in the outbox with their error.
  if (delivered === 0) throw appErrorKeepingWrites("BAD_GATEWAY", "outbox:otp.errors.sendFailed");
  return { success: true as const, expiresAt };
}

/**
 * product.verifyOTP: the requester enters the code. A wrong code counts as an attempt (committed
 * even though the call fails); after OTP_MAX_ATTEMPTS wrong codes the request is locked.
 */
export async function verifyOtp(tx: Tx, tenantId: string, userId: string, input: { productId: string; requestId: string; otp: string }) {
  const [request] = await tx
    .select()
    .from(otpRequests)
    .where(and(eq(otpRequests.tenantId, tenantId), eq(otpRequests.requestId, input.requestId)))
    .for("update")
    .limit(1);
  // Another tenant's, another cashier's or another product's request is not this caller's to verify.
  if (!request || request.requestedBy !== userId || request.productId !== input.productId) throw appError("NOT_FOUND", "outbox:otp.errors.requestNotFound");
  if (request.verifiedAt) throw appError("BAD_REQUEST", "outbox:otp.errors.alreadyVerified");
  if (request.attempts >= OTP_MAX_ATTEMPTS) throw appError("TOO_MANY_REQUESTS", "outbox:otp.errors.locked");
  if (request.expiresAt <= new Date()) throw appError("BAD_REQUEST", "outbox:otp.errors.expired");
  if (!codeMatches(request.codeHash, request.requestId, input.otp)) {
    await tx
      .update(otpRequests)
      .set({ attempts: sql`${otpRequests.attempts} + 1` })
      .where(and(eq(otpRequests.tenantId, tenantId), eq(otpRequests.id, request.id)));
    throw appErrorKeepingWrites("BAD_REQUEST", "outbox:otp.errors.invalidCode");
  }
  await tx
    .update(otpRequests)
    .set({ verifiedAt: new Date() })
    .where(and(eq(otpRequests.tenantId, tenantId), eq(otpRequests.id, request.id)));
  return { success: true as const };
}

/** Whether a request for productId was verified within the authorization window. */
export async function isOtpVerified(tx: Tx, tenantId: string, requestId: string, productId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: otpRequests.id })
    .from(otpRequests)
    .where(
      and(
        eq(otpRequests.tenantId, tenantId),
        eq(otpRequests.requestId, requestId),
        eq(otpRequests.productId, productId),
        isNotNull(otpRequests.verifiedAt),
        gt(otpRequests.verifiedAt, new Date(Date.now() - AUTHORIZATION_WINDOW_MS)),
      ),
    )
    .limit(1);
  return !!row;
}

/** For the checkout: the custom discount of this request was authorized by an administrator's code, recently. */
export function isCustomDiscountAuthorized(tx: Tx, tenantId: string, requestId: string): Promise<boolean> {
  return isOtpVerified(tx, tenantId, requestId, CUSTOM_DISCOUNT);
}
