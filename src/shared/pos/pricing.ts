import Big from "big.js";

/**
 * The point of sale's price, tax and discount rules (spec 02 §5 "Price and tax rules"). The
 * client shows these numbers and the server recomputes them with this same code.
 *
 * Rounding (one rule, applied the same way everywhere):
 * - Every amount is rounded to 2 decimals, half up (0.005 → 0.01), once per line; cart totals
 *   are the sums of the rounded line amounts, so a receipt always adds up.
 * - A line is first priced as `price × quantity`, rounded (the "gross").
 * - Price without tax (or a non-taxable product): base = gross; discount = base × percent
 *   (rounded), or the fixed amount capped at the base; tax = (base − discount) × rate (rounded);
 *   total = base − discount + tax.
 * - Price with tax (taxable product): the discount is taken off the tax-included gross first
 *   (gross × percent rounded, or the fixed amount capped at the gross), giving the line total;
 *   base = gross ÷ (1 + rate) and discounted base = total ÷ (1 + rate), both rounded; the
 *   discount is their difference and the tax is total − discounted base. So a tax-included price
 *   with no discount gives back exactly round(price × quantity), the tax equals the spec's
 *   discounted base × rate to within one cent and the discount its base × percent to within
 *   1.5 cents (three roundings).
 * - Nothing is ever negative: a fixed discount larger than the line is capped (total 0), a
 *   percentage is clamped to [0, 100], a negative discount counts as none.
 */

export const DEFAULT_TAX_PERCENT = "18";
export const PERCENT_DISCOUNT_TYPES = ["percentage_discount", "bundle_discount"] as const;

/** Big's "round half up" mode (0.005 → 0.01, −0.005 → −0.01). */
const HALF_UP = 1;
const ZERO = new Big(0);
const HUNDRED = new Big(100);

export type Decimal = string | number;

export interface PricedProduct {
  price: Decimal;
  /** percent, e.g. "18" or "16.00"; null/undefined/'' ⇒ the default 18% */
  tax_percent?: Decimal | null;
  is_taxable: boolean;
  price_includes_tax: boolean;
}

export interface LineDiscount {
  /** percentage_discount and bundle_discount are percents; any other type is a fixed amount */
  type: string;
  value: Decimal;
  description?: string | null;
}

export interface PricedLine {
  product: PricedProduct;
  quantity: Decimal;
  discount?: LineDiscount | null;
}

export interface ComputedLine {
  /** the quantity as given, normalised ('2', '1.5') */
  quantity: string;
  /** unit price as given, 2 decimals (tax included when the product's price includes it) */
  unitPrice: string;
  /** the tax percent applied ('18.00'; '0.00' for a non-taxable product) */
  taxPercent: string;
  /** round(price × quantity): what the line costs before any discount, in price terms */
  gross: string;
  /** the base (without tax) before the discount */
  subtotal: string;
  /** the discount taken off the base */
  discountAmount: string;
  /** subtotal − discountAmount: what the tax is charged on */
  taxableAmount: string;
  taxAmount: string;
  total: string;
}

export interface ComputedCart<L extends PricedLine = PricedLine> {
  /** the kept lines (quantity > 0), each with its input */
  lines: Array<ComputedLine & { input: L }>;
  subtotal: string;
  discountTotal: string;
  taxTotal: string;
  total: string;
}

/** A decimal from a string or number; throws on anything that is not a finite number. */
export function toDecimal(value: Decimal | null | undefined, what = "value"): Big {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new RangeError(`Invalid ${what}: ${value}`);
    return new Big(value);
  }
  const text = String(value ?? "")
    .trim()
    .replace(/,/g, "");
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(text)) throw new RangeError(`Invalid ${what}: ${String(value)}`);
  return new Big(text.replace(/^\+/, ""));
}

/** Round to 2 decimals, half up. */
export function round2(value: Big): Big {
  return value.round(2, HALF_UP);
}

const fixed2 = (value: Big) => round2(value).toFixed(2);
const minBig = (a: Big, b: Big) => (a.lt(b) ? a : b);
const maxBig = (a: Big, b: Big) => (a.gt(b) ? a : b);

export function isPercentDiscount(type: string | null | undefined): boolean {
  return (PERCENT_DISCOUNT_TYPES as readonly string[]).includes(type ?? "");
}

/** The product's tax rate as a fraction (0.18); 0 when the product is not taxable. */
export function taxRateOf(product: Pick<PricedProduct, "tax_percent" | "is_taxable">): Big {
  if (!product.is_taxable) return ZERO;
  const raw = product.tax_percent;
  const percent = raw === null || raw === undefined || String(raw).trim() === "" ? new Big(DEFAULT_TAX_PERCENT) : toDecimal(raw, "tax percent");
  if (percent.lt(0) || percent.gt(100)) throw new RangeError(`Invalid tax percent: ${String(raw)}`);
  return percent.div(100);
}

/**
 * One cart line's amounts, or null when the quantity is 0 or less (the line is removed).
 * Throws RangeError on a price, quantity, tax percent or discount value that is not a number.
 */
export function computeLine(line: PricedLine): ComputedLine | null {
  const quantity = toDecimal(line.quantity, "quantity");
  if (quantity.lte(0)) return null;
  const price = toDecimal(line.product.price, "price");
  if (price.lt(0)) throw new RangeError(`Invalid price: ${String(line.product.price)}`);
  const rate = taxRateOf(line.product);
  const taxIncluded = line.product.is_taxable && line.product.price_includes_tax;
  const gross = round2(price.times(quantity));

  const discount = line.discount;
  const rawDiscount = discount ? toDecimal(discount.value, "discount") : ZERO;
  const percent = discount && isPercentDiscount(discount.type) ? minBig(maxBig(rawDiscount, ZERO), HUNDRED) : null;
  const fixedAmount = discount && !percent ? round2(maxBig(rawDiscount, ZERO)) : ZERO;

  let subtotal: Big;
  let taxable: Big;
  let tax: Big;
  let total: Big;
  if (taxIncluded) {
    const onePlusRate = rate.plus(1);
    const grossDiscount = percent ? round2(gross.times(percent).div(HUNDRED)) : minBig(fixedAmount, gross);
    total = gross.minus(grossDiscount);
    subtotal = round2(gross.div(onePlusRate));
    taxable = round2(total.div(onePlusRate));
    tax = total.minus(taxable);
  } else {
    subtotal = gross;
    const baseDiscount = percent ? round2(subtotal.times(percent).div(HUNDRED)) : minBig(fixedAmount, subtotal);
    taxable = subtotal.minus(baseDiscount);
    tax = round2(taxable.times(rate));
    total = taxable.plus(tax);
  }
  return {
    quantity: quantity.toString(),
    unitPrice: fixed2(price),
    taxPercent: rate.times(100).toFixed(2),
    gross: gross.toFixed(2),
    subtotal: subtotal.toFixed(2),
    discountAmount: subtotal.minus(taxable).toFixed(2),
    taxableAmount: taxable.toFixed(2),
    taxAmount: tax.toFixed(2),
    total: total.toFixed(2),
  };
}

/** The cart's lines (quantity ≤ 0 dropped) and totals; every total is the sum of its lines. */
export function computeCart<L extends PricedLine>(lines: readonly L[]): ComputedCart<L> {
  const kept: Array<ComputedLine & { input: L }> = [];
  let subtotal = ZERO;
  let discountTotal = ZERO;
  let taxTotal = ZERO;
  let total = ZERO;
  for (const input of lines) {
    const line = computeLine(input);
    if (!line) continue;
    kept.push({ ...line, input });
    subtotal = subtotal.plus(line.subtotal);
    discountTotal = discountTotal.plus(line.discountAmount);
    taxTotal = taxTotal.plus(line.taxAmount);
    total = total.plus(line.total);
  }
  return { lines: kept, subtotal: subtotal.toFixed(2), discountTotal: discountTotal.toFixed(2), taxTotal: taxTotal.toFixed(2), total: total.toFixed(2) };
}

export interface PaymentAmount {
  /** in the payment's currency */
  amount: Decimal;
  /** pesos (tenant currency) per unit of the payment's currency; default 1 */
  rate?: Decimal | null;
  /** when given, only 'completed' payments count (spec 02 §4) */
  status?: string | null;
}

export interface PaymentSummary {
  /** sum of the payments converted to the tenant currency (each rounded to 2 decimals) */
  paid: string;
  /** paid − total when more was paid, else 0 */
  change: string;
  /** total − paid when less was paid, else 0 */
  pending: string;
}

/** What was paid, the change and what is still pending, in the tenant currency. */
export function computePayments(total: Decimal, payments: readonly PaymentAmount[]): PaymentSummary {
  const due = toDecimal(total, "total");
  let paid = ZERO;
  for (const p of payments) {
    if (p.status !== undefined && p.status !== null && p.status !== "completed") continue;
    const rate = p.rate === undefined || p.rate === null || String(p.rate).trim() === "" ? new Big(1) : toDecimal(p.rate, "rate");
    if (rate.lte(0)) throw new RangeError(`Invalid exchange rate: ${String(p.rate)}`);
    paid = paid.plus(round2(toDecimal(p.amount, "amount").times(rate)));
  }
  return {
    paid: paid.toFixed(2),
    change: maxBig(paid.minus(due), ZERO).toFixed(2),
    pending: maxBig(due.minus(paid), ZERO).toFixed(2),
  };
}

/** An amount in the tenant currency converted to a payment currency (pesos ÷ rate), rounded. */
export function convertFromBase(amount: Decimal, rate: Decimal): string {
  const r = toDecimal(rate, "rate");
  if (r.lte(0)) throw new RangeError(`Invalid exchange rate: ${String(rate)}`);
  return fixed2(toDecimal(amount, "amount").div(r));
}

// ── Discounts (payment methods and discounts panel) ───────────────────────────────────────────

/** The preset buttons 1/4, 1/3, 1/2 and Max: the maximum allowed × factor, rounded to 2 decimals. */
export const DISCOUNT_PRESETS = [
  { key: "quarter", label: "1/4", factor: "0.25" },
  { key: "third", label: "1/3", factor: "0.33" },
  { key: "half", label: "1/2", factor: "0.5" },
  { key: "max", label: "Max", factor: "1" },
] as const;
export type DiscountPresetKey = (typeof DISCOUNT_PRESETS)[number]["key"];

export interface DiscountPreset {
  key: DiscountPresetKey;
  label: string;
  /** the percent this preset sets, 2 decimals */
  percent: string;
}

/** Preset percents for a maximum allowed discount percent (e.g. 10 ⇒ 2.50, 3.30, 5.00, 10.00). */
export function discountPresets(maxPercent: Decimal): DiscountPreset[] {
  const max = new Big(clampPercent(maxPercent));
  return DISCOUNT_PRESETS.map((p) => ({ key: p.key, label: p.label, percent: round2(max.times(p.factor)).toFixed(2) }));
}

/** A percent clamped to [0, 100], 2 decimals; anything that is not a number is 0. */
export function clampPercent(value: Decimal | null | undefined): string {
  let v: Big;
  try {
    v = toDecimal(value ?? "", "percent");
  } catch {
    return "0.00";
  }
  return round2(minBig(maxBig(v, ZERO), HUNDRED)).toFixed(2);
}

/**
 * The custom percent input ignores values outside 0–100 (spec 02 §5): the typed value when it
 * is a number in range (2 decimals), else the previous value unchanged.
 */
export function acceptPercentInput(raw: string, previous: string): string {
  try {
    const v = toDecimal(raw, "percent");
    return v.lt(0) || v.gt(100) ? previous : round2(v).toFixed(2);
  } catch {
    return previous;
  }
}

export interface MaxDiscountEntry {
  id: string;
  paymentMethodName: string;
  maxDiscountPercent: Decimal;
}

/** The answer of product.getMaxDiscounts: product id ⇒ the maxima per payment method. */
export type MaxDiscountMap = Record<string, readonly MaxDiscountEntry[] | undefined>;

/**
 * The most a product may be discounted with the chosen payment methods: the smallest maximum
 * among them (a split payment must respect every method's limit). With `chosenMethodNames`, a
 * chosen method that has no entry for the product allows 0. No entry at all ⇒ 0.
 */
export function maxDiscountFor(maxDiscounts: MaxDiscountMap, productId: string, chosenMethodNames?: readonly string[]): string {
  const entries = maxDiscounts[productId] ?? [];
  if (entries.length === 0) return "0.00";
  let candidates: readonly MaxDiscountEntry[] = entries;
  if (chosenMethodNames && chosenMethodNames.length > 0) {
    if (chosenMethodNames.some((name) => !entries.some((e) => e.paymentMethodName === name))) return "0.00";
    candidates = entries.filter((e) => chosenMethodNames.includes(e.paymentMethodName));
  }
  let min: Big | null = null;
  for (const e of candidates) {
    const v = new Big(clampPercent(e.maxDiscountPercent));
    if (!min || v.lt(min)) min = v;
  }
  return (min ?? ZERO).toFixed(2);
}

/** A per-product slider value capped at that product's maximum for the chosen methods. */
export function capProductDiscount(value: Decimal, maxDiscounts: MaxDiscountMap, productId: string, chosenMethodNames?: readonly string[]): string {
  const v = new Big(clampPercent(value));
  const max = new Big(maxDiscountFor(maxDiscounts, productId, chosenMethodNames));
  return minBig(v, max).toFixed(2);
}
