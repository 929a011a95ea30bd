/**
 * NCF (Número de Comprobante Fiscal): the series letter B, the 2-digit type and an 8-digit
 * sequence, e.g. B0100000522 (Norma General 06-2018).
 *
 * A type's numbers come from the ranges DGII authorized for it (dr-fiscal.md §1): each range is
 * (from, to, expiry). Ranges are used in order of their first number; when one runs out or
 * expires, the next one continues. These rules are the ones the server's numbering statement
 * follows (src/server/modules/ncf/service.ts) and the settings screen shows.
 */
export const NCF_SEQUENCE_DIGITS = 8;
/** The largest sequence an 8-digit NCF can carry. */
export const NCF_MAX_SEQUENCE = 99_999_999;
/** Below this share of the current range left, the owner and the cashier are warned. */
export const NCF_LOW_RANGE_SHARE = 0.1;
/** A type whose last usable range expires within this many days is warned about. */
export const NCF_EXPIRY_WARNING_DAYS = 30;

/** Every NCF type of dr-fiscal.md §1, with whether the buyer's (or supplier's) id is required. */
export const NCF_TYPE_CODES = ["B01", "B02", "B03", "B04", "B11", "B12", "B13", "B14", "B15", "B16", "B17"] as const;
export type NcfTypeCode = (typeof NCF_TYPE_CODES)[number];

export function formatNcf(typeCode: string, sequence: number): string {
  return `${typeCode}${String(sequence).padStart(NCF_SEQUENCE_DIGITS, "0")}`;
}

export function isNcf(value: string): boolean {
  return /^B\d{2}\d{8}$/.test(value) || /^E\d{2}\d{10}$/.test(value);
}

export interface NcfRangeLike {
  id?: string;
  rangeFrom: number;
  rangeTo: number;
  /** the next number to issue (rangeFrom when none was issued) */
  nextNumber: number;
  /** yyyy-MM-dd */
  expiresOn: string;
  /** active | cancelled */
  status: string;
}

/** Numbers issued from a range so far. */
export function issuedCount(range: NcfRangeLike): number {
  return Math.max(0, range.nextNumber - range.rangeFrom);
}

/** Numbers a range can still issue (0 once used up, cancelled or expired on `today`). */
export function remainingOf(range: NcfRangeLike, today: string): number {
  if (!isRangeUsable(range, today)) return 0;
  return range.rangeTo - range.nextNumber + 1;
}

/** A range can issue its next number today: active, not used up, not past its expiry date. */
export function isRangeUsable(range: NcfRangeLike, today: string): boolean {
  return range.status === "active" && range.nextNumber <= range.rangeTo && range.expiresOn >= today;
}

/** The range the next number comes from: the usable one with the lowest first number. */
export function currentRange<R extends NcfRangeLike>(ranges: readonly R[], today: string): R | null {
  let best: R | null = null;
  for (const r of ranges) if (isRangeUsable(r, today) && (!best || r.rangeFrom < best.rangeFrom)) best = r;
  return best;
}

/** The state of one range as the settings screen lists it. */
export function rangeState(range: NcfRangeLike, today: string): "active" | "exhausted" | "expired" | "cancelled" {
  if (range.status !== "active") return "cancelled";
  if (range.nextNumber > range.rangeTo) return "exhausted";
  if (range.expiresOn < today) return "expired";
  return "active";
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export interface NcfTypeStatus {
  /** numbers left in every usable range */
  remaining: number;
  /** the current range's end and expiry (null when nothing can be issued) */
  rangeTo: number | null;
  expiresOn: string | null;
  /** the last day any usable range can issue */
  lastExpiresOn: string | null;
  /** few numbers left: under 10% of the current range, or at most the type's own count */
  low: boolean;
  /** the last usable range expires within 30 days */
  expiringSoon: boolean;
  /** nothing can be issued (no range, all used up, cancelled or expired) */
  exhausted: boolean;
  /** the only ranges left unused are past their expiry */
  expired: boolean;
  /** the warning to show, if any */
  warning: "exhausted" | "expired" | "low" | "expiringSoon" | null;
}

/**
 * What a type can still issue today, over all its ranges, and whether to warn: when fewer than
 * 10% of the current range (or `warnRemaining`, when the owner set a count) remain, or when the
 * last usable range expires within 30 days.
 */
export function ncfTypeStatus(ranges: readonly NcfRangeLike[], today: string, warnRemaining?: number | null): NcfTypeStatus {
  const usable = ranges.filter((r) => isRangeUsable(r, today));
  const current = currentRange(usable, today);
  const remaining = usable.reduce((sum, r) => sum + remainingOf(r, today), 0);
  const lastExpiresOn = usable.reduce<string | null>((max, r) => (max === null || r.expiresOn > max ? r.expiresOn : max), null);
  const exhausted = remaining === 0;
  const expired = exhausted && ranges.some((r) => r.status === "active" && r.nextNumber <= r.rangeTo && r.expiresOn < today);
  const { low, expiringSoon } = ncfWarnings({ remaining, currentSize: current ? current.rangeTo - current.rangeFrom + 1 : 0, lastExpiresOn, warnRemaining }, today);
  const warning = expired ? "expired" : exhausted ? "exhausted" : low ? "low" : expiringSoon ? "expiringSoon" : null;
  return { remaining, rangeTo: current?.rangeTo ?? null, expiresOn: current?.expiresOn ?? null, lastExpiresOn, low, expiringSoon, exhausted, expired, warning };
}

/**
 * The two warnings of a type that can still issue: few numbers left (under 10% of the current
 * range's size, or at most the owner's own count) and the last usable range expiring within 30 days.
 */
export function ncfWarnings(state: { remaining: number; currentSize: number; lastExpiresOn: string | null; warnRemaining?: number | null }, today: string) {
  const { remaining, currentSize, lastExpiresOn, warnRemaining } = state;
  if (remaining <= 0) return { low: false, expiringSoon: false };
  const low = remaining < currentSize * NCF_LOW_RANGE_SHARE || (warnRemaining != null && remaining <= warnRemaining);
  const expiringSoon = lastExpiresOn !== null && daysBetween(today, lastExpiresOn) <= NCF_EXPIRY_WARNING_DAYS;
  return { low, expiringSoon };
}

export type RangeProblem = "invalidBounds" | "overlaps" | "shrinksBelowIssued" | "startChangedAfterIssue" | "expiryBeforeAuthorization";

/**
 * Whether a range may be saved next to the type's other ranges: first ≤ last within 8 digits,
 * no overlap with any other range of the type (used, cancelled or not: a number is never issued
 * twice), an edited range never shrunk below what it issued nor moved once it issued.
 */
export function rangeProblem(
  candidate: { rangeFrom: number; rangeTo: number; expiresOn: string; authorizedOn?: string | null },
  others: readonly { rangeFrom: number; rangeTo: number }[],
  existing?: NcfRangeLike | null,
): RangeProblem | null {
  const { rangeFrom, rangeTo } = candidate;
  if (!Number.isInteger(rangeFrom) || !Number.isInteger(rangeTo) || rangeFrom < 1 || rangeTo > NCF_MAX_SEQUENCE || rangeFrom > rangeTo) return "invalidBounds";
  if (candidate.authorizedOn && candidate.expiresOn < candidate.authorizedOn) return "expiryBeforeAuthorization";
  if (existing && issuedCount(existing) > 0) {
    if (rangeFrom !== existing.rangeFrom) return "startChangedAfterIssue";
    if (rangeTo < existing.nextNumber - 1) return "shrinksBelowIssued";
  }
  if (others.some((o) => rangeFrom <= o.rangeTo && o.rangeFrom <= rangeTo)) return "overlaps";
  return null;
}
