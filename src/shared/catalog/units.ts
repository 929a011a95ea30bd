import BigJs from "big.js";

/**
 * Units of measure: the standard set a tenant loads with unitOfMeasure.seedUnits, and exact
 * decimal conversion between units of the same dimension. Pure: runs in the browser and in Node.
 *
 * Each unit has a factor to its dimension's base unit: value_in_base = value * factor.
 * Bases: g (mass), ml (volume), unit (count), cm (length), portion (portion).
 */

/** A private big.js constructor, so conversion never depends on (or changes) global Big settings. */
const Big = BigJs();
Big.DP = 40;
Big.RM = Big.roundHalfUp;
type Decimal = InstanceType<typeof Big>;
export type DecimalSource = string | number | Decimal;

export const DIMENSIONS = ["mass", "volume", "count", "portion", "length"] as const;
export type Dimension = (typeof DIMENSIONS)[number];

export const BASE_UNIT: Record<Dimension, string> = { mass: "g", volume: "ml", count: "unit", portion: "portion", length: "cm" };

/** Decimal places kept in a converted value (the scale of units_of_measure.factor). */
export const CONVERSION_DECIMALS = 10;

export interface StandardUnit {
  code: string;
  /** Spanish name as stored; screens show units:names.{code} in the user's language. */
  name: string;
  /** Spanish symbol as stored; screens show units:symbols.{code}. */
  symbol: string;
  dimension: Dimension;
  /** To the base unit of the dimension, as an exact decimal string. */
  factor: string;
}

/**
 * The standard set (18 units). US customary volumes (gallon, fluid ounce, cup, tablespoon,
 * teaspoon) as sold in the Dominican Republic; the avoirdupois pound and ounce. A portion is its
 * own dimension: a portion of one product is not a number of units of another.
 */
export const STANDARD_UNITS: readonly StandardUnit[] = [
  { code: "mg", name: "Miligramo", symbol: "mg", dimension: "mass", factor: "0.001" },
  { code: "g", name: "Gramo", symbol: "g", dimension: "mass", factor: "1" },
  { code: "oz", name: "Onza", symbol: "oz", dimension: "mass", factor: "28.349523125" },
  { code: "lb", name: "Libra", symbol: "lb", dimension: "mass", factor: "453.59237" },
  { code: "kg", name: "Kilogramo", symbol: "kg", dimension: "mass", factor: "1000" },
  { code: "ml", name: "Mililitro", symbol: "ml", dimension: "volume", factor: "1" },
  { code: "tsp", name: "Cucharadita", symbol: "cdta", dimension: "volume", factor: "4.92892159375" },
  { code: "tbsp", name: "Cucharada", symbol: "cda", dimension: "volume", factor: "14.78676478125" },
  { code: "fl_oz", name: "Onza líquida", symbol: "fl oz", dimension: "volume", factor: "29.5735295625" },
  { code: "cup", name: "Taza", symbol: "tz", dimension: "volume", factor: "236.5882365" },
  { code: "l", name: "Litro", symbol: "L", dimension: "volume", factor: "1000" },
  { code: "gal", name: "Galón", symbol: "gal", dimension: "volume", factor: "3785.411784" },
  { code: "unit", name: "Unidad", symbol: "u", dimension: "count", factor: "1" },
  { code: "dozen", name: "Docena", symbol: "doc", dimension: "count", factor: "12" },
  { code: "portion", name: "Porción", symbol: "porc", dimension: "portion", factor: "1" },
  { code: "cm", name: "Centímetro", symbol: "cm", dimension: "length", factor: "1" },
  { code: "in", name: "Pulgada", symbol: "in", dimension: "length", factor: "2.54" },
  { code: "m", name: "Metro", symbol: "m", dimension: "length", factor: "100" },
];

export type StandardUnitCode = (typeof STANDARD_UNITS)[number]["code"];

const BY_CODE = new Map(STANDARD_UNITS.map((u) => [u.code, u]));

export function findStandardUnit(code: string): StandardUnit | undefined {
  return BY_CODE.get(code);
}

/**
 * The exact factor of a stored unit. units_of_measure.factor keeps 10 decimals, which rounds the
 * teaspoon (4.92892159375) and tablespoon (14.78676478125); a stored standard unit whose factor
 * matches the standard one at that scale gets the exact standard factor back.
 */
export function exactFactor(unit: { code: string; dimension: string; factor: string }): string {
  const standard = BY_CODE.get(unit.code);
  if (!standard || standard.dimension !== unit.dimension) return trimDecimal(unit.factor);
  try {
    const stored = new Big(unit.factor);
    const exact = new Big(standard.factor);
    return stored.eq(exact.round(CONVERSION_DECIMALS, Big.roundHalfUp)) ? standard.factor : trimDecimal(unit.factor);
  } catch {
    return unit.factor;
  }
}

/** "1000.0000000000" -> "1000". */
export function trimDecimal(decimal: string): string {
  return decimal.includes(".") ? decimal.replace(/\.?0+$/, "") : decimal;
}

/** Anything convertible: a standard unit code, or a unit row with its dimension and factor. */
export type UnitRef = string | { code: string; dimension: string; factor: DecimalSource };

export type ConversionErrorReason = "unknownUnit" | "differentDimension" | "invalidValue";

/** Thrown by convert(): the units are unknown, of different dimensions, or the value is not a number. */
export class ConversionError extends Error {
  constructor(
    readonly reason: ConversionErrorReason,
    readonly from: string,
    readonly to: string,
  ) {
    super(reason === "differentDimension" ? `No conversion between ${from} and ${to}` : reason === "unknownUnit" ? `Unknown unit (${from} -> ${to})` : "Invalid value");
    this.name = "ConversionError";
  }
}

function resolve(ref: UnitRef, from: string, to: string): { code: string; dimension: string; factor: Decimal } {
  if (typeof ref === "string") {
    const unit = BY_CODE.get(ref);
    if (!unit) throw new ConversionError("unknownUnit", from, to);
    return { code: unit.code, dimension: unit.dimension, factor: new Big(unit.factor) };
  }
  let factor: Decimal;
  try {
    factor = new Big(ref.factor);
  } catch {
    throw new ConversionError("unknownUnit", from, to);
  }
  if (factor.lte(0)) throw new ConversionError("unknownUnit", from, to);
  return { code: ref.code, dimension: ref.dimension, factor };
}

const codeOf = (ref: UnitRef) => (typeof ref === "string" ? ref : ref.code);

/** Whether a value in `from` can be expressed in `to` (known units, same dimension). */
export function canConvert(from: UnitRef, to: UnitRef): boolean {
  try {
    const a = resolve(from, codeOf(from), codeOf(to));
    const b = resolve(to, codeOf(from), codeOf(to));
    return a.dimension === b.dimension;
  } catch {
    return false;
  }
}

/** Parses a decimal ("1.5", 1.5); throws ConversionError('invalidValue') otherwise. */
export function toDecimal(value: DecimalSource): Decimal {
  try {
    return new Big(typeof value === "string" ? value.trim() : value);
  } catch {
    throw new ConversionError("invalidValue", "", "");
  }
}

/** A decimal as a plain string without exponent or trailing zeros ("1000", "0.90718474"). */
export function formatDecimal(value: Decimal, decimals = CONVERSION_DECIMALS): string {
  const fixed = value.round(decimals, Big.roundHalfUp).toFixed(decimals);
  const trimmed = fixed.includes(".") ? fixed.replace(/\.?0+$/, "") : fixed;
  return trimmed === "-0" ? "0" : trimmed;
}

/** value * from.factor / to.factor, exactly, as a Big (not rounded). Throws ConversionError. */
export function convertDecimal(value: DecimalSource, from: UnitRef, to: UnitRef): Decimal {
  const fromCode = codeOf(from);
  const toCode = codeOf(to);
  const a = resolve(from, fromCode, toCode);
  const b = resolve(to, fromCode, toCode);
  if (a.dimension !== b.dimension) throw new ConversionError("differentDimension", fromCode, toCode);
  const v = toDecimal(value);
  if (a.factor.eq(b.factor)) return v;
  return v.times(a.factor).div(b.factor);
}

/**
 * Converts `value` from one unit to another of the same dimension with decimal arithmetic,
 * rounded half-up to CONVERSION_DECIMALS places: convert(1, 'kg', 'g') === '1000',
 * convert(2, 'lb', 'kg') === '0.90718474'. Across dimensions it throws
 * ConversionError('differentDimension').
 */
export function convert(value: DecimalSource, from: UnitRef, to: UnitRef, decimals = CONVERSION_DECIMALS): string {
  return formatDecimal(convertDecimal(value, from, to), decimals);
}

export type ConversionResult = { ok: true; value: string } | { ok: false; error: ConversionError };

/** convert() without throwing. */
export function tryConvert(value: DecimalSource, from: UnitRef, to: UnitRef, decimals = CONVERSION_DECIMALS): ConversionResult {
  try {
    return { ok: true, value: convert(value, from, to, decimals) };
  } catch (e) {
    if (e instanceof ConversionError) return { ok: false, error: e };
    throw e;
  }
}
