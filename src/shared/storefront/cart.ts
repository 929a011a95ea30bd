import { z } from "zod";
import { Big, money, toBig } from "../catalog/decimal";
import { isValidTaxId } from "../fiscal/tax-id";
import { isStorableText } from "../platform/text";
import { computeCart, computeLine, type PricedProduct } from "../pos/pricing";
import { CART_MAX_QUANTITY } from "./constants";

/**
 * The online cart's rules (spec 02 'Online cart', spec 03 storefront entities): lines are priced
 * with the point of sale's price and tax rules (src/shared/pos/pricing.ts: price with or without
 * ITBIS, exempt products, half-up rounding per line), then
 * Total = subtotal + tax + shipping − discount. The shop shows what the server computes with this
 * same code. Messages are keys of the storefrontCart namespace.
 */

const E = (key: string) => `storefrontCart:errors.${key}`;

export interface CartTotalsLine {
  /** the unit price charged online (online_price, else the product's price) */
  price: string;
  quantity: number | string;
  tax_percent: string | null;
  is_taxable: boolean;
  price_includes_tax: boolean;
}

export interface CartTotals {
  /** the lines' amounts before tax (a tax-included price is split into base and tax) */
  subtotal: string;
  tax_total: string;
  shipping_total: string;
  discount_total: string;
  total: string;
  /** each line's total (tax included), in the order given */
  line_totals: string[];
}

const productOf = (l: CartTotalsLine): PricedProduct => ({ price: l.price, tax_percent: l.tax_percent, is_taxable: l.is_taxable, price_includes_tax: l.price_includes_tax });

/**
 * The cart's totals: subtotal and ITBIS as the POS computes them line by line, plus shipping (not
 * taxed), minus a cart discount (capped so the total is never below 0).
 */
export function cartTotals(lines: readonly CartTotalsLine[], opts: { shipping?: string; discount?: string } = {}): CartTotals {
  const priced = computeCart(lines.map((l) => ({ product: productOf(l), quantity: l.quantity })));
  const shipping = toBig(opts.shipping ?? "0");
  const before = toBig(priced.subtotal).plus(priced.taxTotal).plus(shipping);
  const asked = toBig(opts.discount ?? "0");
  const discount = asked.lt(0) ? new Big(0) : asked.gt(before) ? before : asked;
  return {
    subtotal: priced.subtotal,
    tax_total: priced.taxTotal,
    shipping_total: shipping.toFixed(2),
    discount_total: discount.toFixed(2),
    total: before.minus(discount).toFixed(2),
    line_totals: lines.map((l) => computeLine({ product: productOf(l), quantity: l.quantity })?.total ?? "0.00"),
  };
}

/** A number shown as an order number: 'WEB-0001'. */
export const ONLINE_ORDER_PREFIX = "WEB-";
export const onlineOrderNumber = (n: number): string => `${ONLINE_ORDER_PREFIX}${String(n).padStart(4, "0")}`;
/** Whether a payment link's order number names an online order ('WEB-0001'). */
export const isOnlineOrderNumber = (orderNumber: string): boolean => /^WEB-\d{4,}$/.test(orderNumber);

export const ONLINE_ORDER_STATUSES = ["pending_payment", "invoiced", "expired", "cancelled"] as const;
export type OnlineOrderStatus = (typeof ONLINE_ORDER_STATUSES)[number];
export const FULFILLMENTS = ["delivery", "pickup"] as const;
export const ONLINE_PAYMENT_METHODS = ["payment_link", "on_delivery"] as const;
export type OnlinePaymentMethod = (typeof ONLINE_PAYMENT_METHODS)[number];

/** The key the browser keeps its cart session id under (localStorage). */
export const SHOP_SESSION_KEY = "enzzo_shop_session";

/** A cart session id: the browser's random string (16–64 letters, digits, '-' or '_'). */
export const sessionIdSchema = z
  .string({ error: E("badSession") })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, E("badSession"));

const id = (key = "badId") => z.uuid(E(key));
const text = (max: number, required?: string) => {
  const base = z.string({ error: E(required ?? "tooLong") }).trim().max(max, E("tooLong")).refine(isStorableText, E("tooLong"));
  return required ? base.refine((v) => v.length > 0, E(required)) : base;
};
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, E("tooLong"))
    .refine(isStorableText, E("tooLong"))
    .nullish()
    .transform((v) => v || null);

export const cartQuantity = z.number({ error: E("badQuantity") }).int(E("badQuantity")).min(0, E("badQuantity")).max(CART_MAX_QUANTITY, E("badQuantity"));

export const getCartInput = z.object({ storeId: id("storeNotFound"), sessionId: sessionIdSchema });
export const addToCartInput = z.object({
  storeId: id("storeNotFound"),
  productId: id("addFailed"),
  quantity: cartQuantity.refine((q) => q > 0, E("badQuantity")),
  sessionId: sessionIdSchema,
});
export const updateCartItemInput = z.object({
  cartId: id("updateFailed"),
  itemId: id("updateFailed"),
  quantity: cartQuantity,
  /** the caller's session: only the browser that owns a cart may change it */
  sessionId: sessionIdSchema,
});

/**
 * The checkout form (the buyer's data). An RNC (9 digits) or cédula (11) must pass its check
 * digit: the invoice is then B01 (crédito fiscal); without it B02 (consumidor final). An address
 * is required for delivery.
 */
export const checkoutInput = z
  .object({
    storeId: id("storeNotFound"),
    sessionId: sessionIdSchema,
    name: text(200, "nameRequired"),
    email: z
      .string({ error: E("emailInvalid") })
      .trim()
      .toLowerCase()
      .max(254, E("emailInvalid"))
      .pipe(z.email(E("emailInvalid"))),
    phone: z
      .string({ error: E("phoneInvalid") })
      .trim()
      .regex(/^[+\d][\d\s().-]{6,24}$/, E("phoneInvalid")),
    rnc: z
      .string()
      .trim()
      .nullish()
      .transform((v) => (v ? v.replace(/[\s-]/g, "") : null))
      .refine((v) => v === null || isValidTaxId(v), E("rncInvalid")),
    fulfillment: z.enum(FULFILLMENTS, { error: E("fulfillmentRequired") }),
    address: optionalText(500),
    notes: optionalText(1000),
    paymentMethod: z.enum(ONLINE_PAYMENT_METHODS, { error: E("paymentMethodRequired") }),
    language: z.enum(["es", "en"]).optional().default("es"),
    idempotencyKey: z.string({ error: E("badKey") }).trim().min(8, E("badKey")).max(100, E("badKey")),
  })
  .superRefine((v, ctx) => {
    if (v.fulfillment === "delivery" && !v.address) ctx.addIssue({ code: "custom", path: ["address"], message: E("addressRequired") });
  });
export type CheckoutInput = z.input<typeof checkoutInput>;

/** Back office: a store product's online settings (ecommerce.updateStoreProduct). */
export const updateStoreProductInput = z.object({
  /** the catalogue products to change (one, or a selection for 'publish online') */
  productIds: z.array(z.uuid(E("badId"))).min(1, E("badId")).max(200, E("badId")),
  isOnline: z.boolean().optional(),
  onlinePrice: z
    .union([money(E("badPrice")), z.literal(""), z.null()])
    .optional()
    .transform((v) => (v === "" ? null : v)),
  originalPrice: z
    .union([money(E("badPrice")), z.literal(""), z.null()])
    .optional()
    .transform((v) => (v === "" ? null : v)),
  isFeatured: z.boolean().optional(),
  brand: optionalText(100).optional(),
});

export const findStoreProductsInput = z.object({
  search: z.string().trim().max(200).optional().default(""),
  /** all | online | offline */
  filter: z.enum(["all", "online", "offline"]).optional().default("all"),
  page: z.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.number().int().min(1).max(100).optional().default(20),
});

export const findOnlineOrdersInput = z.object({
  search: z.string().trim().max(200).optional().default(""),
  status: z.enum(ONLINE_ORDER_STATUSES).optional(),
  page: z.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.number().int().min(1).max(100).optional().default(20),
});

export const onlineOrderIdInput = z.object({ id: z.uuid(E("badId")) });
export const publicOrderInput = z.object({ orderId: z.uuid(E("badId")), key: z.string().trim().min(8, E("badKey")).max(100, E("badKey")) });

/** What the buyer sees of an order at /shop/orders/{id}?key=… (OrderStatusPage's `order` prop). */
export interface PublicOnlineOrder {
  id: string;
  /** 'WEB-0001' */
  number: string;
  status: "pending_payment" | "invoiced" | "expired" | "cancelled";
  created_at: string;
  customer_name: string;
  fulfillment: "delivery" | "pickup";
  address: string | null;
  payment_method: "payment_link" | "on_delivery";
  lines: { name: string; price: string; quantity: number; total: string }[];
  subtotal: string;
  tax_total: string;
  shipping_total: string;
  discount_total: string;
  total: string;
  currency: string;
  /** the invoice once made: its number and NCF */
  invoice: { number: string; ncf: string | null } | null;
  /** the payment page while the order waits for its payment */
  payment_url: string | null;
}
