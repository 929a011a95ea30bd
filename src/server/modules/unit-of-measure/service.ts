import { and, asc, eq, inArray } from "drizzle-orm";
import { ConversionError, convert, DIMENSIONS, exactFactor, findStandardUnit, STANDARD_UNITS } from "../../../shared/catalog/units";
import { translate } from "../../../shared/i18n/translate";
import type { Tx } from "../../db/client";
import { newId } from "../../ids";
import { appError, notFound } from "../../trpc/errors";
import { unitsOfMeasure } from "./tables";

const columns = {
  id: unitsOfMeasure.id,
  code: unitsOfMeasure.code,
  name: unitsOfMeasure.name,
  symbol: unitsOfMeasure.symbol,
  dimension: unitsOfMeasure.dimension,
  factor: unitsOfMeasure.factor,
};

export type UnitRow = Awaited<ReturnType<typeof findUnits>>[number];

const dimensionRank = (d: string) => {
  const i = (DIMENSIONS as readonly string[]).indexOf(d);
  return i === -1 ? DIMENSIONS.length : i;
};

/** The tenant's active units: by dimension (mass, volume, count, portion, length), then size. */
export async function findUnits(tx: Tx, tenantId: string) {
  const rows = await tx
    .select(columns)
    .from(unitsOfMeasure)
    .where(and(eq(unitsOfMeasure.tenantId, tenantId), eq(unitsOfMeasure.isActive, true)))
    .orderBy(asc(unitsOfMeasure.dimension), asc(unitsOfMeasure.factor), asc(unitsOfMeasure.code));
  return rows
    .map((u) => ({ ...u, factor: exactFactor(u) }))
    .sort((a, b) => dimensionRank(a.dimension) - dimensionRank(b.dimension) || Number(a.factor) - Number(b.factor) || a.code.localeCompare(b.code));
}

async function getUnit(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select(columns)
    .from(unitsOfMeasure)
    .where(and(eq(unitsOfMeasure.tenantId, tenantId), eq(unitsOfMeasure.id, id)))
    .limit(1);
  if (!row) throw notFound();
  return { ...row, factor: exactFactor(row) };
}

/**
 * Inserts the standard units the tenant does not have yet (by code); running it again adds
 * nothing. Returns a translated message and how many were created.
 */
export async function seedUnits(tx: Tx, tenantId: string, lang: string): Promise<{ message: string; created: number }> {
  const existing = await tx
    .select({ code: unitsOfMeasure.code })
    .from(unitsOfMeasure)
    .where(and(eq(unitsOfMeasure.tenantId, tenantId), inArray(unitsOfMeasure.code, STANDARD_UNITS.map((u) => u.code))));
  const have = new Set(existing.map((e) => e.code));
  const missing = STANDARD_UNITS.filter((u) => !have.has(u.code));
  let created = 0;
  if (missing.length > 0) {
    const inserted = await tx
      .insert(unitsOfMeasure)
      .values(missing.map((u) => ({ tenantId, id: newId(), code: u.code, name: u.name, symbol: u.symbol, dimension: u.dimension, factor: u.factor })))
      .onConflictDoNothing({ target: [unitsOfMeasure.tenantId, unitsOfMeasure.code] })
      .returning({ id: unitsOfMeasure.id });
    created = inserted.length;
  }
  const key = created === 0 ? "units:seed.alreadyLoaded" : created === 1 ? "units:seed.createdOne" : "units:seed.createdMany";
  return { message: translate(lang, key, { count: created }), created };
}

/** The unit's name in the user's language (standard units), else its stored name. */
function unitName(lang: string, unit: { code: string; name: string }): string {
  if (!findStandardUnit(unit.code)) return unit.name;
  const key = `units:names.${unit.code}`;
  const name = translate(lang, key);
  return name === key ? unit.name : name;
}

/** {value, fromUnitId, toUnitId} -> {value (decimal string), toUnit}; BAD_REQUEST across dimensions. */
export async function convertUnits(tx: Tx, tenantId: string, lang: string, input: { value: string; fromUnitId: string; toUnitId: string }) {
  const from = await getUnit(tx, tenantId, input.fromUnitId);
  const to = await getUnit(tx, tenantId, input.toUnitId);
  try {
    return { value: convert(input.value, from, to), toUnit: to };
  } catch (e) {
    if (e instanceof ConversionError && e.reason === "differentDimension") {
      throw appError("BAD_REQUEST", "noConversion", { from: unitName(lang, from), to: unitName(lang, to) });
    }
    if (e instanceof ConversionError && e.reason === "invalidValue") throw appError("BAD_REQUEST", "invalidNumber");
    throw e;
  }
}
