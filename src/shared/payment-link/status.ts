/**
 * Payment-link statuses (issue 12 §5). Stored: pending, paid, cancelled. 'expired' is never
 * stored: it is a pending link whose expires_at has passed, computed on every read (the list,
 * the hosted page and the callback all use this one rule).
 */
export const PAYMENT_LINK_STATUSES = ["pending", "paid", "expired", "cancelled"] as const;
export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];

/** What is kept in payment_links.status. */
export const STORED_PAYMENT_LINK_STATUSES = ["pending", "paid", "cancelled"] as const;
export type StoredPaymentLinkStatus = (typeof STORED_PAYMENT_LINK_STATUSES)[number];

/** Days a new link can be paid when the tenant set nothing else; and the range it may set. */
export const DEFAULT_PAYMENT_LINK_TTL_DAYS = 7;
export const MIN_PAYMENT_LINK_TTL_DAYS = 1;
export const MAX_PAYMENT_LINK_TTL_DAYS = 90;

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a link made at `createdAt` stops being payable. */
export function expiresAtFor(createdAt: Date, ttlDays: number): Date {
  return new Date(createdAt.getTime() + ttlDays * DAY_MS);
}

/** The status a person sees: a pending link at or past its expiry is 'expired'. */
export function paymentLinkStatus(link: { status: string; expiresAt: Date | string }, now: Date = new Date()): PaymentLinkStatus {
  if (link.status === "paid" || link.status === "cancelled") return link.status;
  const expires = typeof link.expiresAt === "string" ? new Date(link.expiresAt) : link.expiresAt;
  return now.getTime() >= expires.getTime() ? "expired" : "pending";
}

/** Only a pending link before its expiry can be paid. */
export function isPayable(link: { status: string; expiresAt: Date | string }, now: Date = new Date()): boolean {
  return paymentLinkStatus(link, now) === "pending";
}

/** Cancelling: a pending or expired link may be cancelled (again: nothing changes); a paid one may not. */
export function canCancel(link: { status: string }): boolean {
  return link.status !== "paid";
}
