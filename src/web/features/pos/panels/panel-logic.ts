import Big from "big.js";
import type { z } from "zod";
import { type CartItem, sanitizeItems } from "../../../../shared/pos/cart";
import { acceptPercentInput, capProductDiscount, clampPercent, DISCOUNT_PRESETS, type DiscountPresetKey, discountPresets, isPercentDiscount, type MaxDiscountMap } from "../../../../shared/pos/pricing";
import type { posAlternateCodeUsageInput } from "../../../../shared/pos/schemas";

type UsageInput = z.input<typeof posAlternateCodeUsageInput>;

/**
 * The panels' rules without React: what a held invoice or a recreated invoice puts in the cart,
 * and the discount panel's numbers (spec 02 §4, §5).
 */

// ── Held invoices ─────────────────────────────────────────────────────────────────────────────

export type HeldLoadResult = { ok: true; items: CartItem[]; customerId: string } | { ok: false; error: "invalidData" | "noValidItems" };

/**
 * The answer of pos.loadHeldInvoice as cart items: it needs an items array ('Invalid invoice
 * data'); items without a product are dropped (and, like the stored cart, a product id that is
 * not a UUID); none left ⇒ 'No valid items found in held invoice'.
 */
export function heldInvoiceToCart(answer: unknown): HeldLoadResult {
  const a = answer as { items?: unknown; customerId?: unknown } | null | undefined;
  if (!a || typeof a !== "object" || !Array.isArray(a.items)) return { ok: false, error: "invalidData" };
  const withProduct = a.items.filter((i): i is Record<string, unknown> => !!i && typeof i === "object" && !!(i as { product?: unknown }).product);
  const items = sanitizeItems(
    withProduct.map((i) => ({
      product: i.product,
      quantity: i.quantity,
      discount: i.discount ?? null,
      alternateCodeUsages: Array.isArray(i.alternateCodeUsages) ? i.alternateCodeUsages : [],
    })),
  );
  if (items.length === 0) return { ok: false, error: "noValidItems" };
  const customerId = typeof a.customerId === "string" && a.customerId ? a.customerId : "default";
  return { ok: true, items, customerId };
}

// ── Cancel and recreate ───────────────────────────────────────────────────────────────────────

export interface RecreateItem {
  productId: string;
  name?: string | null;
  quantity: string;
  price: string;
  discount?: { type: string; value: string; description?: string | null } | null;
  alternateCodeUsages?: unknown[] | null;
}

/** The recreate data's lines as pos.validateCart items (the server gives back their products). */
export function recreateToValidateItems(items: readonly RecreateItem[]) {
  return items.map((i) => ({
    productId: i.productId,
    quantity: i.quantity,
    price: i.price,
    discount: i.discount ? { type: i.discount.type, value: i.discount.value, ...(i.discount.description ? { description: i.discount.description } : {}) } : null,
    alternateCodeUsages: (i.alternateCodeUsages ?? []) as UsageInput[],
  }));
}

// ── Discounts panel ───────────────────────────────────────────────────────────────────────────

/** The percent discounts on the cart lines (what the panel starts from), by product id. */
export function currentPercents(items: readonly CartItem[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of items) if (i.discount && isPercentDiscount(i.discount.type)) out[i.product.id] = clampPercent(i.discount.value);
  return out;
}

/** The preset applied to every product: that product's maximum × 0.25 / 0.33 / 0.5 / 1, 2 decimals. */
export function presetPercents(productIds: readonly string[], maxOf: (productId: string) => string, key: DiscountPresetKey): Record<string, string> {
  const out: Record<string, string> = {};
  for (const id of productIds) out[id] = discountPresets(maxOf(id)).find((p) => p.key === key)!.percent;
  return out;
}

export const PRESET_KEYS = DISCOUNT_PRESETS.map((p) => p.key);

/** Normal tab: each product's value capped at its maximum for the chosen methods. */
export function cappedPercents(productIds: readonly string[], values: Record<string, string>, maxDiscounts: MaxDiscountMap, chosenMethodNames: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const id of productIds) out[id] = capProductDiscount(values[id] ?? "0", maxDiscounts, id, chosenMethodNames);
  return out;
}

/** The percents to apply: only products in the cart, only values above 0, 2 decimals. */
export function percentsToApply(productIds: readonly string[], values: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const id of productIds) {
    const v = clampPercent(values[id] ?? "0");
    if (new Big(v).gt(0)) out[id] = v;
  }
  return out;
}

/**
 * The custom tab's global percent input: '' clears it (0); a number in 0–100 is taken; anything
 * else (above 100, negative, not a number) is ignored. Returns the text to show and the percent,
 * or null when the keystroke is ignored.
 */
export function acceptGlobalPercent(raw: string): { text: string; percent: string } | null {
  const text = raw.trim();
  if (text === "") return { text: "", percent: "0.00" };
  const IGNORED = "ignored";
  const accepted = acceptPercentInput(text, IGNORED);
  return accepted === IGNORED ? null : { text: raw, percent: accepted };
}

/** The same percent on every product. */
export function everyProduct(productIds: readonly string[], percent: string): Record<string, string> {
  return Object.fromEntries(productIds.map((id) => [id, clampPercent(percent)]));
}
