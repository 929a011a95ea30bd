import { Big } from "../catalog/decimal";

/**
 * Minor units (cents, centavos) for payment-link providers, which take amounts as integers:
 * the spec's payment link sends the amount and the ITBIS "× 100 rounded". Decimal arithmetic
 * only (big.js): 0.1 + 0.2 style float errors cannot reach an amount.
 *
 *   toMinorUnits("595.00") === 59500     toMinorUnits("90.765") === 9077 (half up)
 *   fromMinorUnits(59500) === "595.00"
 */

const DECIMAL = /^-?(\d+(\.\d+)?|\.\d+)$/;

function parse(value: string | number, what: string): Big {
  if (typeof value === "number" && !Number.isFinite(value)) throw new RangeError(`${what}: not a finite number (${value})`);
  if (typeof value !== "string" && typeof value !== "number") throw new TypeError(`${what}: expected a decimal string or number`);
  const text = String(value).trim().replace(/,/g, "");
  if (!DECIMAL.test(text)) throw new RangeError(`${what}: not a decimal number ('${String(value).slice(0, 40)}')`);
  return new Big(text);
}

/**
 * value × 100, rounded half up (away from zero on .5) to an integer: the amount or the ITBIS
 * of a payment link. Throws on NaN, ±Infinity, text that is not a number, and results beyond
 * Number.MAX_SAFE_INTEGER.
 */
export function toMinorUnits(value: string | number): number {
  const minor = parse(value, "toMinorUnits").times(100).round(0, Big.roundHalfUp);
  const result = Number(minor.toFixed(0));
  if (!Number.isSafeInteger(result)) throw new RangeError(`toMinorUnits: ${String(value)} is too large`);
  return result === 0 ? 0 : result; // no -0
}

/** Minor units back to a 2-decimal string ('595.00'); the input must be an integer. */
export function fromMinorUnits(minor: number | string | bigint): string {
  const text = typeof minor === "bigint" ? minor.toString() : typeof minor === "number" ? (Number.isSafeInteger(minor) ? String(minor) : "") : minor.trim();
  if (!/^-?\d+$/.test(text)) throw new RangeError(`fromMinorUnits: not an integer number of minor units (${String(minor)})`);
  return new Big(text).div(100).toFixed(2);
}
