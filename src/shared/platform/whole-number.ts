import { z } from "zod";

/** JSON numbers stay as they are; text that is only a whole number ('20', ' 3 ') becomes it; nothing else is coerced. */
function digitsToNumber(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  return /^-?\d{1,15}$/.test(text) ? Number(text) : value;
}

/**
 * A whole number between min and max, as JSON sends it or as its digits in text. Unlike
 * z.coerce.number(), an array ([[5]]), a boolean, '' or '1e3' is refused, never turned into a
 * number silently.
 */
export function wholeNumber(min: number, max: number, message?: string, minMessage?: string) {
  return z.preprocess(digitsToNumber, z.number(message ? { error: message } : undefined).int(message).min(min, minMessage ?? message).max(max, message));
}
