import BigJs from "big.js";

/**
 * Recipe costing (spec 03 §8, §9). Pure and decimal: the recipe card computes it live in the
 * browser and recipe.upsert recomputes it on the server from the database with the same code.
 *
 * - Unit cost = purchase cost / purchased quantity (cost_price / cost_per_unit_quantity), per the
 *   product's cost unit, converted to the recipe line's unit; 6 decimals, half-up.
 * - A zero or empty purchased quantity: the direct cost price is the unit cost.
 * - No cost unit: the cost price is used as is, with the warning 'no_cost_unit' ('Advertencia de Costo').
 * - Units of different dimensions: the base cost (per cost unit) is used, with 'no_conversion'.
 * - Line total = quantity x unit cost (the 6-decimal unit cost shown), 2 decimals.
 * - Total = sum of the line totals; cost per portion = total / portions (default 1), 2 decimals.
 * - Suggested price: a 30% margin on the cost per portion, i.e. the price whose margin
 *   (price - cost) / price is 30%: price = cost per portion / (1 - 0.30), 2 decimals.
 */

/** A private big.js constructor: never depends on (or changes) the global Big settings. */
const Big = BigJs();
Big.DP = 40;
Big.RM = Big.roundHalfUp;
type Decimal = InstanceType<typeof Big>;
type DecimalSource = string | number | Decimal | null | undefined;

export const UNIT_COST_DECIMALS = 6;
export const MONEY_DECIMALS = 2;
/** The recipe price suggestion's margin on the cost per portion (spec 03 §9). */
export const SUGGESTED_MARGIN = "0.30";
export const DEFAULT_PORTIONS = 1;
export const DEFAULT_YIELD = "1";

/** A unit of measure as the costing needs it; factor converts to the dimension's base unit. */
export interface UnitDescriptor {
  id: string;
  code: string;
  name: string;
  dimension: string;
  factor: string | number;
}

/** The costing fields of an ingredient product. */
export interface IngredientCostSource {
  costPrice: DecimalSource;
  costPerUnitQuantity: DecimalSource;
  /** The unit the product is bought in (cost_per_unit_id resolved), or null. */
  costPerUnit: UnitDescriptor | null;
  /** The product's sale unit code (products.unit_of_measure); informative, not used in the cost. */
  unitOfMeasure?: string | null;
}

export type CostWarning = "no_cost_unit" | "no_conversion";

export interface UnitCostResult {
  /** Cost of one recipe unit, 6 decimals ('0.110231'). */
  unitCost: string;
  warning?: CostWarning;
  /** With 'no_conversion': the cost unit and the recipe unit that could not be converted. */
  from?: UnitDescriptor;
  to?: UnitDescriptor;
}

/** Parses a decimal; anything that is not a finite number counts as zero. */
function dec(value: DecimalSource): Decimal {
  if (value === null || value === undefined) return new Big(0);
  if (typeof value === "object") return new Big(value);
  const text = String(value).trim().replace(/,/g, "");
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(text)) return new Big(0);
  return new Big(text);
}

function positiveFactor(unit: UnitDescriptor): Decimal | null {
  const f = dec(unit.factor);
  return f.gt(0) ? f : null;
}

const fixed = (value: Decimal, decimals: number) => {
  const text = value.round(decimals, Big.roundHalfUp).toFixed(decimals);
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
};

/**
 * The cost of one unit of the recipe line's unit (`recipeUnit`; null = the product's cost unit).
 */
export function unitCost(product: IngredientCostSource, recipeUnit: UnitDescriptor | null): UnitCostResult {
  const price = dec(product.costPrice);
  const from = product.costPerUnit;
  if (!from) return { unitCost: fixed(price, UNIT_COST_DECIMALS), warning: "no_cost_unit" };
  const purchased = dec(product.costPerUnitQuantity);
  if (purchased.lte(0)) return { unitCost: fixed(price, UNIT_COST_DECIMALS) };
  const base = price.div(purchased);
  if (!recipeUnit || recipeUnit.id === from.id) return { unitCost: fixed(base, UNIT_COST_DECIMALS) };
  const fromFactor = positiveFactor(from);
  const toFactor = positiveFactor(recipeUnit);
  if (from.dimension !== recipeUnit.dimension || !fromFactor || !toFactor) {
    return { unitCost: fixed(base, UNIT_COST_DECIMALS), warning: "no_conversion", from, to: recipeUnit };
  }
  // Cost per `to` unit = cost per `from` unit x (how many `from` units one `to` unit is).
  return { unitCost: fixed(base.times(toFactor).div(fromFactor), UNIT_COST_DECIMALS) };
}

/** quantity x unit cost, 2 decimals. */
export function lineTotal(quantity: DecimalSource, cost: DecimalSource): string {
  return fixed(dec(quantity).times(dec(cost)), MONEY_DECIMALS);
}

export interface CostedLine extends UnitCostResult {
  totalCost: string;
}

/** unitCost() and lineTotal() of one recipe line. */
export function costLine(product: IngredientCostSource, recipeUnit: UnitDescriptor | null, quantity: DecimalSource): CostedLine {
  const result = unitCost(product, recipeUnit);
  return { ...result, totalCost: lineTotal(quantity, result.unitCost) };
}

/** Portions as a positive integer; anything else is the default (1). */
export function normalizePortions(portions: DecimalSource): number {
  const p = dec(portions);
  return p.gte(1) && p.eq(p.round(0, Big.roundDown)) && p.lte(1_000_000) ? Number(p.toFixed(0)) : DEFAULT_PORTIONS;
}

export interface RecipeTotals {
  totalCost: string;
  costPerPortion: string;
  suggestedPrice: string;
}

/**
 * Total of the line totals (optional ingredients included), the cost per portion, and the
 * suggested price at a 30% margin on the (2-decimal) cost per portion.
 */
export function recipeTotals(lines: ReadonlyArray<{ totalCost: DecimalSource }>, portions: DecimalSource = DEFAULT_PORTIONS): RecipeTotals {
  const total = lines.reduce((sum, l) => sum.plus(dec(l.totalCost)), new Big(0)).round(MONEY_DECIMALS, Big.roundHalfUp);
  const perPortion = total.div(normalizePortions(portions)).round(MONEY_DECIMALS, Big.roundHalfUp);
  const suggested = perPortion.div(new Big(1).minus(SUGGESTED_MARGIN));
  return { totalCost: fixed(total, MONEY_DECIMALS), costPerPortion: fixed(perPortion, MONEY_DECIMALS), suggestedPrice: fixed(suggested, MONEY_DECIMALS) };
}
