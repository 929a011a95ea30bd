import Big from "big.js";
import { z } from "zod";

/** Decimal arithmetic for money and quantities: never binary floats. */
export { Big };

function parse(value: unknown): Big | null {
  if (typeof value === "number" && !Number.isFinite(value)) return null;
  if (typeof value !== "string" && typeof value !== "number") return null;
  const text = String(value).trim().replace(/,/g, "");
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  return new Big(text);
}

/**
 * A decimal as a string with `scale` places ('12.50'), from a string or number input.
 * Refuses negatives unless allowed, and values that are not numbers.
 */
export function decimal(opts: { scale?: number; min?: number; max?: number; message?: string } = {}) {
  const scale = opts.scale ?? 2;
  const message = opts.message ?? "errors:invalidNumber";
  return z.union([z.string(), z.number()]).transform((value, ctx) => {
    const big = parse(value);
    if (!big || (opts.min !== undefined && big.lt(opts.min)) || (opts.max !== undefined && big.gt(opts.max))) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return big.toFixed(scale);
  });
}

export const money = (message?: string) => decimal({ scale: 2, min: 0, message });
export const quantity = (message?: string) => decimal({ scale: 4, min: 0, message });

export function toBig(value: string | number | null | undefined): Big {
  return parse(value ?? 0) ?? new Big(0);
}
