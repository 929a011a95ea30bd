import Big from "big.js";
import { z } from "zod";
import { type AppliedPromotion, type EnginePromotion, priceWithPromotions } from "../promotions/engine";
import { type ComputedLine, computeLine, type Decimal, toDecimal } from "./pricing";

/**
 * The POS cart as pure data (spec 02 §3 "Cart item", §4 "Cart", §5). Every operation returns a
 * new value and refreshes the computed amounts of the lines through the pricing rules.
 */

export const POS_CART_STORAGE_KEY = "pos_cart_state";
export const DEFAULT_CUSTOMER_ID = "default";

export interface CartProduct {
  id: string;
  name: string;
  /** 2-decimal string */
  price: string;
  tax_percent: string | null;
  is_taxable: boolean;
  price_includes_tax: boolean;
  sku?: string | null;
  barcode?: string | null;
  /** a variable-price product sends its price to the checkout */
  variable_price?: boolean;
  /** the product's category: a promotion may name it */
  category_id?: string | null;
}

export interface AlternateCodeUsage {
  /** the alternate code's id */
  id: string;
  sku: string | null;
  barcode: string | null;
  description: string | null;
  quantity: string;
  providerId: string | null;
}

export interface CartDiscount {
  type: string;
  value: string;
  description?: string | null;
}

export interface CartItem {
  product: CartProduct;
  quantity: string;
  discount?: CartDiscount | null;
  alternateCodeUsages: AlternateCodeUsage[];
  sellerId?: string | null;
  /** computed (pricing.computeLine): base before discount, discount, tax, total */
  subtotal: string;
  discountAmount: string;
  taxAmount: string;
  total: string;
}

/** What the payment-methods-and-discounts panel applied (kept so reopening shows it). */
export interface DiscountSelection {
  mode: "normal" | "custom";
  paymentMethodIds: string[];
  /** product id ⇒ percent */
  perProduct: Record<string, string>;
}

export interface CartState {
  items: CartItem[];
  /** 'default' (cash customer) or a customer id */
  customerId: string;
  warehouseId: string | null;
  discounts: DiscountSelection | null;
}

export const emptyCart = (warehouseId: string | null = null): CartState => ({ items: [], customerId: DEFAULT_CUSTOMER_ID, warehouseId, discounts: null });

const uuid = z.string().uuid();
export const isUuid = (value: unknown): value is string => uuid.safeParse(value).success;

const normQuantity = (value: Decimal) => toDecimal(value, "quantity").toString();

function withComputed(item: Omit<CartItem, "subtotal" | "discountAmount" | "taxAmount" | "total">, computed: ComputedLine): CartItem {
  return { ...item, subtotal: computed.subtotal, discountAmount: computed.discountAmount, taxAmount: computed.taxAmount, total: computed.total };
}

/** The item with fresh computed amounts, or null when its quantity is 0 or less. */
export function priceItem(item: Omit<CartItem, "subtotal" | "discountAmount" | "taxAmount" | "total"> & Partial<CartItem>): CartItem | null {
  const computed = computeLine(item);
  return computed ? withComputed(item, computed) : null;
}

function mergeUsages(current: AlternateCodeUsage[], added: AlternateCodeUsage[]): AlternateCodeUsage[] {
  const out = current.map((u) => ({ ...u }));
  for (const u of added) {
    const same = out.find((c) => c.id === u.id);
    if (same) same.quantity = new Big(same.quantity).plus(u.quantity).toString();
    else out.push({ ...u, quantity: normQuantity(u.quantity) });
  }
  return out;
}

export interface AddItemInput {
  product: CartProduct;
  quantity?: Decimal;
  discount?: CartDiscount | null;
  alternateCodeUsages?: AlternateCodeUsage[];
  sellerId?: string | null;
}

/**
 * Adds a product; adding one already in the cart adds to its quantity and merges alternate-code
 * usages by id (same id: quantities add up). The line keeps its product data and discount. A
 * resulting quantity of 0 or less removes the line.
 */
export function addItem(items: readonly CartItem[], input: AddItemInput): CartItem[] {
  const quantity = normQuantity(input.quantity ?? 1);
  const usages = (input.alternateCodeUsages ?? []).map((u) => ({ ...u, quantity: normQuantity(u.quantity) }));
  const index = items.findIndex((i) => i.product.id === input.product.id);
  if (index < 0) {
    const item = priceItem({ product: input.product, quantity, discount: input.discount ?? null, alternateCodeUsages: usages, sellerId: input.sellerId ?? null });
    return item ? [...items, item] : [...items];
  }
  const current = items[index]!;
  const merged = priceItem({
    ...current,
    quantity: new Big(current.quantity).plus(quantity).toString(),
    alternateCodeUsages: mergeUsages(current.alternateCodeUsages, usages),
  });
  return merged ? items.map((i, n) => (n === index ? merged : i)) : items.filter((_, n) => n !== index);
}

/** Sets a line's quantity; 0 or less removes the line. Unknown product: unchanged. */
export function setItemQuantity(items: readonly CartItem[], productId: string, quantity: Decimal): CartItem[] {
  const q = normQuantity(quantity);
  return items.flatMap((i) => {
    if (i.product.id !== productId) return [i];
    const next = priceItem({ ...i, quantity: q });
    return next ? [next] : [];
  });
}

export function removeItem(items: readonly CartItem[], productId: string): CartItem[] {
  return items.filter((i) => i.product.id !== productId);
}

/** Sets (or with null removes) one line's discount. */
export function setItemDiscount(items: readonly CartItem[], productId: string, discount: CartDiscount | null): CartItem[] {
  return items.map((i) => (i.product.id === productId ? (priceItem({ ...i, discount }) ?? i) : i));
}

/**
 * Applies the discount panel's per-product percents as percentage discounts (0 or absent
 * removes a line's discount); `description` is the text stored with each discount.
 */
export function applyPercentDiscounts(items: readonly CartItem[], perProduct: Record<string, string>, description?: string | null): CartItem[] {
  return items.map((i) => {
    const pct = perProduct[i.product.id];
    const discount = pct && new Big(pct).gt(0) ? { type: "percentage_discount", value: new Big(pct).toFixed(2), description: description ?? null } : null;
    return priceItem({ ...i, discount }) ?? i;
  });
}

/** Removes every line's discount (Cancel in the discount panel). */
export function clearDiscounts(items: readonly CartItem[]): CartItem[] {
  return items.map((i) => (i.discount ? (priceItem({ ...i, discount: null }) ?? i) : i));
}

/** An empty cart: clearing resets the customer to 'default' and keeps the warehouse. */
export function clearCart(state: CartState): CartState {
  return emptyCart(state.warehouseId);
}

/** A cart line as the screen shows it: priced with the promotions in force. */
export interface PromotedCartItem extends CartItem {
  /** the promotions the line got (empty when none, or when the cashier's discount is better) */
  promotions: AppliedPromotion[];
  /** what the promotions take off the line */
  promotionSaving: string;
}

/**
 * The cart priced as the server prices it (src/shared/promotions priceWithPromotions): each line
 * with the promotions it gets and the cart's totals. The items keep the cashier's own discount;
 * only their amounts change. Without promotions (or business date) this is the plain pricing.
 */
export function promoteCart(items: readonly CartItem[], promotions: readonly EnginePromotion[] = [], businessDate = "") {
  const cart = priceWithPromotions(
    items.map((item) => ({ ...item, item, productId: item.product.id, categoryId: item.product.category_id ?? null })),
    promotions,
    businessDate,
  );
  const promotionDiscount = cart.lines.reduce((sum, l) => (l.input.promotion.source === "promotion" ? sum.plus(l.discountAmount) : sum), new Big(0));
  const lines: PromotedCartItem[] = cart.lines.map((l) => ({
    ...l.input.item,
    subtotal: l.subtotal,
    discountAmount: l.discountAmount,
    taxAmount: l.taxAmount,
    total: l.total,
    promotions: l.input.promotion.applied,
    promotionSaving: l.input.promotion.source === "promotion" ? l.input.promotion.saving : "0.00",
  }));
  return {
    items: lines,
    totals: {
      subtotal: cart.subtotal,
      discountTotal: cart.discountTotal,
      taxTotal: cart.taxTotal,
      total: cart.total,
      itemCount: lines.length,
      /** the part of discountTotal (on the taxable base, as subtotal) that promotions gave, and the cashier's part */
      promotionDiscount: promotionDiscount.toFixed(2),
      manualDiscount: new Big(cart.discountTotal).minus(promotionDiscount).toFixed(2),
    },
  };
}

// ── Payloads for the server ───────────────────────────────────────────────────────────────────

/** Items for pos.validateCart and the checkout (productId, quantity, price of a variable-price product, discount …). */
export function toCheckoutItems(items: readonly CartItem[]) {
  return items.map((i) => ({
    productId: i.product.id,
    quantity: i.quantity,
    ...(i.product.variable_price ? { price: i.product.price } : {}),
    ...(i.discount ? { discount: { type: i.discount.type, value: i.discount.value, ...(i.discount.description ? { description: i.discount.description } : {}) } } : {}),
    ...(i.alternateCodeUsages.length ? { alternateCodeUsages: i.alternateCodeUsages.map(toUsagePayload) } : {}),
    ...(i.sellerId ? { sellerId: i.sellerId } : {}),
  }));
}

const toUsagePayload = (u: AlternateCodeUsage) => ({ alternateCodeId: u.id, id: u.id, sku: u.sku, barcode: u.barcode, description: u.description, quantity: u.quantity, providerId: u.providerId });

/** Items for pos.holdInvoice: productId, quantity, price, discount, alternateCodeUsages (spec 02 §7). */
export function toHoldItems(items: readonly CartItem[]) {
  return items.map((i) => ({
    productId: i.product.id,
    quantity: i.quantity,
    price: i.product.price,
    discount: i.discount ? { type: i.discount.type, value: i.discount.value, ...(i.discount.description ? { description: i.discount.description } : {}) } : null,
    alternateCodeUsages: i.alternateCodeUsages.map(toUsagePayload),
  }));
}

// ── Stored cart (localStorage 'pos_cart_state') ───────────────────────────────────────────────

const decimalText = z.union([z.string(), z.number()]).transform((v, ctx) => {
  try {
    return toDecimal(v).toString();
  } catch {
    ctx.addIssue({ code: "custom", message: "invalid number" });
    return z.NEVER;
  }
});
const optionalText = z
  .string()
  .nullish()
  .transform((v) => v ?? null);

const storedProduct = z.object({
  id: uuid,
  name: z.string(),
  price: decimalText.transform((v) => new Big(v).toFixed(2)),
  tax_percent: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v === null || v === undefined || String(v).trim() === "" ? null : String(v))),
  is_taxable: z.boolean(),
  price_includes_tax: z.boolean(),
  sku: optionalText.optional(),
  barcode: optionalText.optional(),
  variable_price: z.boolean().optional(),
  category_id: optionalText.optional(),
});

const storedUsage = z.object({
  id: z.string().min(1),
  sku: optionalText,
  barcode: optionalText,
  description: optionalText,
  quantity: decimalText,
  providerId: optionalText,
});

const storedItem = z.object({
  product: storedProduct,
  quantity: decimalText,
  discount: z
    .object({ type: z.string().min(1), value: decimalText, description: optionalText.optional() })
    .nullish()
    .transform((v) => v ?? null),
  alternateCodeUsages: z.array(storedUsage).catch([]).default([]),
  sellerId: optionalText.optional(),
});

const storedSelection = z.object({
  mode: z.enum(["normal", "custom"]),
  paymentMethodIds: z.array(z.string()),
  perProduct: z.record(z.string(), z.string()),
});

/** The stored items without a product or whose product id is not a UUID are dropped. */
export function sanitizeItems(raw: unknown): CartItem[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry) => {
    const parsed = storedItem.safeParse(entry);
    if (!parsed.success) return [];
    try {
      const item = priceItem(parsed.data);
      return item ? [item] : [];
    } catch {
      return [];
    }
  });
}

export interface ParsedStoredCart {
  cart: CartState;
  /** the stored text was not a cart at all (unreadable): the caller removes it */
  corrupt: boolean;
}

/**
 * Reads the stored cart. Nothing stored ⇒ an empty cart; text that is not a stored cart ⇒ an
 * empty cart flagged corrupt; items without a product or with a product id that is not a UUID
 * (or otherwise unreadable) are dropped and the rest kept.
 */
export function parseStoredCart(raw: string | null): ParsedStoredCart {
  if (raw === null || raw === "") return { cart: emptyCart(), corrupt: false };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { cart: emptyCart(), corrupt: true };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value) || !Array.isArray((value as { items?: unknown }).items)) {
    return { cart: emptyCart(), corrupt: true };
  }
  const v = value as Record<string, unknown>;
  const customerId = typeof v.customerId === "string" && (v.customerId === DEFAULT_CUSTOMER_ID || isUuid(v.customerId)) ? v.customerId : DEFAULT_CUSTOMER_ID;
  const warehouseId = isUuid(v.warehouseId) ? v.warehouseId : null;
  const selection = storedSelection.safeParse(v.discounts);
  return { cart: { items: sanitizeItems(v.items), customerId, warehouseId, discounts: selection.success ? selection.data : null }, corrupt: false };
}

/** The text stored under 'pos_cart_state'. */
export function serializeCart(state: CartState): string {
  return JSON.stringify({ items: state.items, customerId: state.customerId, warehouseId: state.warehouseId, discounts: state.discounts });
}
