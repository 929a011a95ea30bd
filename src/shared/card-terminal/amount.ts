import { Big, money } from "../catalog/decimal";
import { CardTerminalError } from "./errors";
import type { CardOperation } from "./types";

/** Spec 02 §5: a card payment amount must be above 0 and finite. */
export const CARD_AMOUNT_INVALID = "Amount must be greater than 0";

const cardAmount = money(CARD_AMOUNT_INVALID, { positive: true });

/**
 * The amount a card call sends: a decimal string with 2 places ('595.00'). Refuses 0,
 * negatives, NaN, ±Infinity, text that is not a number, more than 2 decimals (never rounded
 * silently) and more than the money maximum, before anything is sent.
 */
export function cardAmountOf(value: unknown, operation: CardOperation): string {
  const parsed = cardAmount.safeParse(value);
  if (!parsed.success) {
    throw new CardTerminalError({ kind: "invalid", operation, reason: `${CARD_AMOUNT_INVALID} (${describe(value)})` });
  }
  return parsed.data;
}

function describe(value: unknown): string {
  if (typeof value === "string") return `'${value.slice(0, 40)}'`;
  return String(value);
}

/**
 * An amount a provider answered, as a 2-decimal string; null when absent. Anything that is
 * not a finite decimal is null-and-bad: `ok` false, so the caller can treat it as garbage.
 */
export function answeredAmount(value: unknown): { ok: true; value: string | null } | { ok: false } {
  if (value === null || value === undefined || value === "") return { ok: true, value: null };
  if (typeof value === "number" && !Number.isFinite(value)) return { ok: false };
  if (typeof value !== "string" && typeof value !== "number") return { ok: false };
  const text = String(value).trim().replace(/,/g, "");
  if (!/^-?(\d+(\.\d+)?|\.\d+)$/.test(text)) return { ok: false };
  return { ok: true, value: new Big(text).toFixed(2) };
}

export const sameAmount = (a: string | null, b: string | null) => a !== null && b !== null && new Big(a).eq(new Big(b));

export const subtract = (a: string, b: string) => new Big(a).minus(new Big(b)).toFixed(2);
