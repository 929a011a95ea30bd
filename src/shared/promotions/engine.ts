import Big from "big.js";
import { computeCart, type Decimal, type LineDiscount, type PricedLine, round2, toDecimal } from "../pos/pricing";
import { DEFAULT_BUNDLE_UNITS, type PromotionType } from "./schemas";

/**
 * The promotion engine (issue 16): pure, no I/O. The cart on screen and the server's checkout run
 * it on the same lines with the same promotions and business date, then price the result with
 * computeCart (src/shared/pos/pricing.ts), so ITBIS is charged on the discounted base exactly as
 * pricing does for a manual discount.
 *
 * Rules:
 * - A promotion applies to a line when it is active, the business date is within its start and
 *   end dates (inclusive) and it names the line's product or the line's category.
 * - Amounts are taken off the line's gross (round(price × quantity), in price terms):
 *   - percentage_discount: gross × discount %.
 *   - fixed_amount_discount: discount pesos per unit × quantity (a weighed quantity counts as is).
 *   - buy_x_get_y: for every X + Y whole units, Y are free. Units of every line the promotion is
 *     applied to are pooled and the cheapest units are the free ones.
 *   - bundle_discount: gross × discount % when the line has at least param1 whole units (default 2).
 *   - second_unit_discount: every second whole unit costs discount % less.
 * - Overlapping promotions: a line gets the best non-stackable promotion for the customer (the
 *   largest amount; ties go to the one that ends first, then to the lower id), plus every
 *   stackable promotion that applies; the sum never exceeds the gross.
 * - A manual discount on the line and the promotions: the better of the two for the customer,
 *   never both (a tie keeps the promotion, so the receipt names it).
 * - The products' maximum discounts (per payment method, spec 03) bound what a cashier gives by
 *   hand, checked at checkout once the payment methods are known; a promotion is the owner's own
 *   price and is not bound by them.
 * - Nothing is negative: a line never costs less than 0.
 */

export interface EnginePromotion {
  id: string;
  name: string;
  type: PromotionType;
  /** percent, or pesos per unit for fixed_amount_discount; 0 for buy_x_get_y */
  discount: Decimal;
  param1?: number | null;
  param2?: number | null;
  /** business dates, yyyy-MM-dd, inclusive */
  startDate: string;
  endDate: string;
  /** absent counts as active */
  isActive?: boolean;
  stackable?: boolean;
  productIds: readonly string[];
  categoryIds: readonly string[];
}

export interface PromotionCartLine extends PricedLine {
  productId: string;
  categoryId?: string | null;
}

export interface AppliedPromotion {
  id: string;
  name: string;
  type: PromotionType;
  /** what this promotion alone takes off the line's gross */
  amount: string;
}

export interface PromotionLineResult<L extends PromotionCartLine> {
  input: L;
  /** the line to price: the input with `discount` replaced by the winning one */
  line: L;
  /** the promotions applied (empty unless source is 'promotion'), largest first */
  applied: AppliedPromotion[];
  /** where the line's discount comes from */
  source: "promotion" | "manual" | "none";
  discount: LineDiscount | null;
  /** what the discount takes off the gross */
  saving: string;
}

export interface PromotionResult<L extends PromotionCartLine> {
  lines: PromotionLineResult<L>[];
  /** the lines to hand to computeCart */
  pricedLines: L[];
  /** the sum of the promotions' savings (manual discounts not counted) */
  promotionSaving: string;
}

const ZERO = new Big(0);
const HUNDRED = new Big(100);
const minBig = (a: Big, b: Big) => (a.lt(b) ? a : b);
const maxBig = (a: Big, b: Big) => (a.gt(b) ? a : b);

/** The fixed-amount type pricing understands (anything not a percent type is pesos). */
export const PROMOTION_DISCOUNT_TYPE = "fixed_amount_discount";

export function isPromotionInForce(p: Pick<EnginePromotion, "isActive" | "startDate" | "endDate">, businessDate: string): boolean {
  return p.isActive !== false && p.startDate <= businessDate && businessDate <= p.endDate;
}

interface Prepared<L extends PromotionCartLine> {
  input: L;
  quantity: Big;
  units: number;
  price: Big;
  gross: Big;
  promotions: EnginePromotion[];
  /** what each promotion other than buy X get Y takes off the line (it does not change between rounds) */
  amounts: Map<string, Big>;
}

function percentOf(value: Decimal | Big): Big {
  return minBig(maxBig(value instanceof Big ? value : toDecimal(value, "discount"), ZERO), HUNDRED);
}

/** The promotions in force, indexed by the products and categories they name (a cart line looks up its own). */
interface PromotionIndex {
  byProduct: Map<string, EnginePromotion[]>;
  byCategory: Map<string, EnginePromotion[]>;
}

function indexPromotions(promotions: readonly EnginePromotion[], businessDate: string): PromotionIndex {
  const byProduct = new Map<string, EnginePromotion[]>();
  const byCategory = new Map<string, EnginePromotion[]>();
  const add = (map: Map<string, EnginePromotion[]>, key: string, p: EnginePromotion) => {
    const list = map.get(key);
    if (!list) map.set(key, [p]);
    else if (list[list.length - 1] !== p) list.push(p);
  };
  for (const p of promotions) {
    if (!isPromotionInForce(p, businessDate)) continue;
    for (const id of p.productIds) add(byProduct, id, p);
    for (const id of p.categoryIds) add(byCategory, id, p);
  }
  return { byProduct, byCategory };
}

function prepare<L extends PromotionCartLine>(input: L, index: PromotionIndex): Prepared<L> {
  const quantity = toDecimal(input.quantity, "quantity");
  const price = maxBig(toDecimal(input.product.price, "price"), ZERO);
  const positive = quantity.gt(0);
  const gross = positive ? round2(price.times(quantity)) : ZERO;
  const found = positive ? [...(index.byProduct.get(input.productId) ?? []), ...((input.categoryId && index.byCategory.get(input.categoryId)) || [])] : [];
  const promotions = found.filter((p, i) => found.indexOf(p) === i);
  const line: Prepared<L> = {
    input,
    quantity,
    units: positive ? Number(quantity.round(0, Big.roundDown).toString()) : 0,
    price,
    gross,
    promotions,
    amounts: new Map(),
  };
  for (const p of promotions) if (p.type !== "buy_x_get_y") line.amounts.set(p.id, singleLineAmount(p, line));
  return line;
}

/** What one promotion takes off one line, on its own (buy X get Y is computed on its pool instead). */
function singleLineAmount(p: EnginePromotion, line: Prepared<PromotionCartLine>): Big {
  const discount = maxBig(toDecimal(p.discount, "discount"), ZERO);
  switch (p.type) {
    case "percentage_discount":
      return round2(line.gross.times(percentOf(discount)).div(HUNDRED));
    case "fixed_amount_discount":
      return minBig(round2(discount.times(line.quantity)), line.gross);
    case "bundle_discount": {
      const needed = p.param1 && p.param1 > 0 ? p.param1 : DEFAULT_BUNDLE_UNITS;
      return line.units >= needed ? round2(line.gross.times(percentOf(discount)).div(HUNDRED)) : ZERO;
    }
    case "second_unit_discount":
      return round2(line.price.times(Math.floor(line.units / 2)).times(percentOf(discount)).div(HUNDRED));
    default:
      return ZERO;
  }
}

/** Buy X get Y over a pool of lines: the cheapest of the pooled units are free; amount per line index. */
function buyXGetYAmounts(p: EnginePromotion, lines: readonly Prepared<PromotionCartLine>[], pool: readonly number[]): Map<number, Big> {
  const amounts = new Map<number, Big>();
  const x = p.param1 ?? 0;
  const y = p.param2 ?? 0;
  if (x < 1 || y < 1) return amounts;
  const totalUnits = pool.reduce((n, i) => n + (lines[i]?.units ?? 0), 0);
  let free = Math.floor(totalUnits / (x + y)) * y;
  const cheapestFirst = [...pool].sort((a, b) => {
    const la = lines[a] as Prepared<PromotionCartLine>;
    const lb = lines[b] as Prepared<PromotionCartLine>;
    return la.price.cmp(lb.price) || a - b;
  });
  for (const i of cheapestFirst) {
    const line = lines[i] as Prepared<PromotionCartLine>;
    const take = Math.min(free, line.units);
    free -= take;
    amounts.set(i, minBig(round2(line.price.times(take)), line.gross));
    if (free === 0) break;
  }
  return amounts;
}

/** Ties between promotions of the same amount: the one ending first, then the lower id (deterministic). */
function better(a: { p: EnginePromotion; amount: Big }, b: { p: EnginePromotion; amount: Big } | null): boolean {
  if (!b) return true;
  const c = a.amount.cmp(b.amount);
  if (c !== 0) return c > 0;
  if (a.p.endDate !== b.p.endDate) return a.p.endDate < b.p.endDate;
  return a.p.id < b.p.id;
}

/** What a manual discount takes off the gross, as pricing computes it. */
export function manualAmount(discount: LineDiscount | null | undefined, gross: Big): Big {
  if (!discount) return ZERO;
  const raw = maxBig(toDecimal(discount.value, "discount"), ZERO);
  if (discount.type === "percentage_discount" || discount.type === "bundle_discount") return round2(gross.times(minBig(raw, HUNDRED)).div(HUNDRED));
  return minBig(round2(raw), gross);
}

interface Choice {
  applied: Array<{ p: EnginePromotion; amount: Big }>;
  total: Big;
}

function choose(lineIndex: number, line: Prepared<PromotionCartLine>, pooled: Map<string, Map<number, Big>>): Choice {
  let best: { p: EnginePromotion; amount: Big } | null = null;
  const stacked: Array<{ p: EnginePromotion; amount: Big }> = [];
  for (const p of line.promotions) {
    const amount = (p.type === "buy_x_get_y" ? pooled.get(p.id)?.get(lineIndex) : line.amounts.get(p.id)) ?? ZERO;
    if (amount.lte(0)) continue;
    if (p.stackable) stacked.push({ p, amount });
    else if (better({ p, amount }, best)) best = { p, amount };
  }
  const applied = [...(best ? [best] : []), ...stacked].sort((a, b) => b.amount.cmp(a.amount) || (a.p.id < b.p.id ? -1 : 1));
  const total = minBig(
    applied.reduce((s, a) => s.plus(a.amount), ZERO),
    line.gross,
  );
  return { applied, total };
}

/**
 * Applies the promotions in force on `businessDate` to the cart's lines. Deterministic: the same
 * lines, promotions and date give the same result on screen and on the server.
 */
export function applyPromotions<L extends PromotionCartLine>(lines: readonly L[], promotions: readonly EnginePromotion[], businessDate: string): PromotionResult<L> {
  const index = indexPromotions(promotions, businessDate);
  const prepared = lines.map((l) => prepare(l, index));
  // Buy X get Y pools: every line it applies to, minus the lines that end up with something better
  // (recomputed until no line leaves a pool; lines only ever leave, so this ends).
  const pools = new Map<string, number[]>();
  prepared.forEach((line, i) => {
    for (const p of line.promotions) if (p.type === "buy_x_get_y") pools.set(p.id, [...(pools.get(p.id) ?? []), i]);
  });
  const byId = new Map(promotions.map((p) => [p.id, p]));
  let choices: Choice[] = [];
  for (let round = 0; round <= lines.length + 1; round++) {
    const pooled = new Map<string, Map<number, Big>>();
    for (const [id, pool] of pools) pooled.set(id, buyXGetYAmounts(byId.get(id) as EnginePromotion, prepared, pool));
    choices = prepared.map((line, i) => choose(i, line, pooled));
    let changed = false;
    for (const [id, pool] of pools) {
      const kept = pool.filter((i) => {
        const line = prepared[i] as Prepared<PromotionCartLine>;
        const choice = choices[i] as Choice;
        const usesIt = choice.applied.some((a) => a.p.id === id);
        // A line whose units pay for others' free units stays unless it took a different non-stackable promotion.
        const tookOther = choice.applied.some((a) => a.p.id !== id && !a.p.stackable);
        const p = byId.get(id) as EnginePromotion;
        return usesIt || p.stackable || !tookOther || line.units === 0;
      });
      if (kept.length !== pool.length) {
        pools.set(id, kept);
        changed = true;
      }
    }
    if (!changed) break;
  }

  const results: PromotionLineResult<L>[] = prepared.map((line, i) => {
    const choice = choices[i] as Choice;
    const input = line.input;
    const manual = manualAmount(input.discount, line.gross);
    const promo = choice.total;
    if (promo.gt(0) && promo.gte(manual)) {
      const discount: LineDiscount = { type: PROMOTION_DISCOUNT_TYPE, value: promo.toFixed(2), description: choice.applied.map((a) => a.p.name).join(" + ") };
      return {
        input,
        line: { ...input, discount },
        applied: choice.applied.map((a) => ({ id: a.p.id, name: a.p.name, type: a.p.type, amount: a.amount.toFixed(2) })),
        source: "promotion",
        discount,
        saving: promo.toFixed(2),
      };
    }
    if (manual.gt(0) && input.discount) {
      return { input, line: input, applied: [], source: "manual", discount: input.discount, saving: manual.toFixed(2) };
    }
    return { input, line: { ...input, discount: null }, applied: [], source: "none", discount: null, saving: "0.00" };
  });
  const promotionSaving = results.reduce((s, r) => (r.source === "promotion" ? s.plus(r.saving) : s), ZERO);
  return { lines: results, pricedLines: results.map((r) => r.line), promotionSaving: promotionSaving.toFixed(2) };
}

/**
 * The cart priced with its promotions: applyPromotions, then computeCart on the result. Each
 * computed line's `input.promotion` tells which promotions it got, its discount's source and the
 * saving. The one function the cart on screen, pos.validateCart and pos.checkout price with.
 */
export function priceWithPromotions<L extends PromotionCartLine>(lines: readonly L[], promotions: readonly EnginePromotion[], businessDate: string) {
  const promoted = applyPromotions(lines, promotions, businessDate);
  return computeCart(promoted.lines.map((r) => ({ ...r.line, promotion: { applied: r.applied, source: r.source, saving: r.saving } })));
}
