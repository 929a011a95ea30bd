import Big from "big.js";
import { z } from "zod";

/** Decimal arithmetic for money and quantities: never binary floats. */
export { Big };

function parse(value: unknown): Big | null {
  if (typeof value === "number" && !Number.isFinite(value)) return null;
  if (typeof value !== "string" && typeof value !== "number") return null;
  const text = String(value).trim().replace(/,/g, "");
  if (!/^-?(\d+(\.\d+)?|\.\d+)$/.test(text)) return null;
  return new Big(text);
}

/** The largest amount any money field takes (numeric(14, 2) holds 12 integer digits). */
export const MONEY_MAX = "999999999999.99";

/**
 * The one zod schema for decimals in every procedure (money, quantities, rates): a string
 * ('1,250.5') or a JSON number (1250.5), answered as a string with `scale` places, rounded half
 * up ('1250.50'). `min` / `max` bound it, `positive` refuses what rounds to 0, `maxPlaces` refuses
 * more decimal places than that; any refusal is `message` (a BAD_REQUEST with the field's path).
 */
export function decimal(opts: { scale?: number; min?: number | string; max?: number | string; positive?: boolean; maxPlaces?: number; message?: string } = {}) {
  const scale = opts.scale ?? 2;
  const message = opts.message ?? "errors:invalidNumber";
  return z.union([z.string(), z.number()], { error: message }).transform((value, ctx) => {
    const big = parse(value);
    const fixed = big?.toFixed(scale);
    if (
      !big ||
      fixed === undefined ||
      (opts.min !== undefined && big.lt(opts.min)) ||
      (opts.max !== undefined && big.gt(opts.max)) ||
      (opts.positive && new Big(fixed).lte(0)) ||
      (opts.maxPlaces !== undefined && !big.eq(big.round(opts.maxPlaces, Big.roundDown)))
    ) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return fixed;
  });
}

/** Money: ≥ 0, at most 2 decimal places (never rounded silently), at most MONEY_MAX. */
export const money = (message?: string, opts: { positive?: boolean; max?: number | string } = {}) => decimal({ scale: 2, min: 0, max: MONEY_MAX, maxPlaces: 2, message, ...opts });
/** A quantity: at least 0, at most 4 decimals (a fifth is refused, not rounded away). */
export const quantity = (message?: string) => decimal({ scale: 4, min: 0, maxPlaces: 4, message });

/** An optional decimal of a form: '', null or absent is undefined; anything else goes through `schema`. */
export function optionalDecimal<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === null || v === undefined || (typeof v === "string" && v.trim() === "") ? undefined : v), schema.optional());
}

export function toBig(value: string | number | null | undefined): Big {
  return parse(value ?? 0) ?? new Big(0);
}
