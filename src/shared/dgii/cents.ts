import { Big, toBig } from "../catalog/decimal";

/**
 * Money as a whole number of cents: exact decimal arithmetic (every value and every sum is an
 * integer, never a binary fraction), for the 607's hot loop over a month of 100,000 sales, where
 * big.js cost seconds. A numeric(14,2) amount is at most 10^14 cents, far inside the exact integer
 * range (2^53 ≈ 9·10^15); sums are checked with assertExact. Amounts come from the columns as
 * '1234.50'; anything else goes through big.js and is rounded half up to the cent.
 */
export function toCents(value: string | number | null | undefined): number {
  if (value === null || value === undefined || value === "") return 0;
  if (typeof value === "string") {
    const fast = parseCents(value);
    if (fast !== null) return fast;
  }
  const fixed = toBig(value).round(2, Big.roundHalfUp).toFixed(2);
  return assertExact(Number(fixed.replace(".", "")));
}

/** '-1234.5' → -123450 read character by character (no allocation); null when it is not [-]digits[.d[d]] of at most 13 integer digits. */
function parseCents(text: string): number | null {
  let i = 0;
  const negative = text.charCodeAt(0) === 45;
  if (negative) i = 1;
  let int = 0;
  let digits = 0;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 46) break;
    if (c < 48 || c > 57 || ++digits > 13) return null;
    int = int * 10 + (c - 48);
  }
  if (digits === 0) return null;
  let dec = 0;
  if (i < text.length) {
    const places = text.length - i - 1;
    if (places < 1 || places > 2) return null;
    for (let k = 1; k <= places; k++) {
      const c = text.charCodeAt(i + k);
      if (c < 48 || c > 57) return null;
      dec = dec * 10 + (c - 48);
    }
    if (places === 1) dec *= 10;
  }
  const cents = int * 100 + dec;
  return negative ? -cents : cents;
}

/** Cents as the decimal text with 2 places ('-1234.50'). */
export function centsText(c: number): string {
  const negative = c < 0;
  const a = negative ? -c : c;
  const cents = a % 100;
  const text = `${(a - cents) / 100}.${cents < 10 ? "0" : ""}${cents}`;
  return negative ? `-${text}` : text;
}

/** A sum of cents that left the exact integer range would no longer be exact: refused. */
export function assertExact(c: number): number {
  if (!Number.isSafeInteger(c)) throw new RangeError("amount beyond exact cents");
  return c;
}
