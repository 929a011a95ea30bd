/**
 * The built-in SANDBOX payment-link provider's test cards (issue 12 §5), shown on its hosted page
 * /pay/{id}. Any future expiry date and any 3-digit CVC.
 *   4111 1111 1111 1111  approved
 *   4000 0000 0000 0002  declined (insufficient funds)
 * Any other number is declined as 'not a sandbox test card'.
 */
export const SANDBOX_APPROVE_CARD = "4111111111111111";
export const SANDBOX_DECLINE_CARD = "4000000000000002";

export const SANDBOX_TEST_CARDS = [
  { number: SANDBOX_APPROVE_CARD, outcome: "approved" },
  { number: SANDBOX_DECLINE_CARD, outcome: "declined" },
] as const;

/** Digits only ('4111 1111-1111 1111' → '4111111111111111'). */
export const cardDigits = (value: string) => value.replace(/[\s-]/g, "");

/** The Luhn check every card number passes. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** 'MM/YY' not in the past (the card is valid to the end of its month). */
export function expiryValid(value: string, now: Date = new Date()): boolean {
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  if (!m) return false;
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return false;
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
}
