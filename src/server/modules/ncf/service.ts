import { and, asc, eq, sql } from "drizzle-orm";
import { formatNcf, ncfRangeStatus } from "../../../shared/fiscal/ncf";
import type { Tx } from "../../db/client";
import { appError, notFound } from "../../trpc/errors";
import { ncfTypes } from "./tables";

const columns = {
  id: ncfTypes.id,
  code: ncfTypes.code,
  description: ncfTypes.description,
  rangeFrom: ncfTypes.rangeFrom,
  rangeTo: ncfTypes.rangeTo,
  nextNumber: ncfTypes.nextNumber,
  expiresOn: ncfTypes.expiresOn,
  requiresTaxId: ncfTypes.requiresTaxId,
  isDefault: ncfTypes.isDefault,
};

type NcfTypeRow = { [K in keyof typeof columns]: (typeof ncfTypes.$inferSelect)[K] };

function describe(row: NcfTypeRow, today: string) {
  const { remaining, low } = ncfRangeStatus(row);
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    is_default: row.isDefault,
    requiresTaxId: row.requiresTaxId,
    rangeTo: row.rangeTo,
    expiresOn: row.expiresOn,
    remaining,
    lowRange: low,
    expired: row.expiresOn < today,
    exhausted: remaining === 0,
  };
}

/** The tenant's active NCF types (default first), with what is left of each range. */
export async function getNcfTypes(tx: Tx, tenantId: string, today: string) {
  const rows = await tx
    .select(columns)
    .from(ncfTypes)
    .where(and(eq(ncfTypes.tenantId, tenantId), eq(ncfTypes.isActive, true)))
    .orderBy(sql`${ncfTypes.isDefault} desc`, asc(ncfTypes.code));
  return rows.map((r) => describe(r, today));
}

export async function getNcfType(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select(columns)
    .from(ncfTypes)
    .where(and(eq(ncfTypes.tenantId, tenantId), eq(ncfTypes.id, id), eq(ncfTypes.isActive, true)));
  if (!row) throw notFound();
  return row;
}

export async function getDefaultNcfType(tx: Tx, tenantId: string) {
  const [row] = await tx
    .select(columns)
    .from(ncfTypes)
    .where(and(eq(ncfTypes.tenantId, tenantId), eq(ncfTypes.isActive, true)))
    .orderBy(sql`${ncfTypes.isDefault} desc`, asc(ncfTypes.code))
    .limit(1);
  if (!row) throw appError("BAD_REQUEST", "pos:errors.noNcfTypes");
  return row;
}

/** The number the next document of this type would get (a preview: nothing is taken). */
export async function previewNextNcf(tx: Tx, tenantId: string, id: string): Promise<string> {
  const row = await getNcfType(tx, tenantId, id);
  return formatNcf(row.code, row.nextNumber);
}

function checkUsable(row: { code: string; rangeTo: number; expiresOn: string }, sequence: number, today: string) {
  if (sequence > row.rangeTo) throw appError("BAD_REQUEST", "pos:errors.ncfRangeExhausted", { code: row.code });
  if (row.expiresOn < today) throw appError("BAD_REQUEST", "pos:errors.ncfExpired", { code: row.code, date: row.expiresOn });
}

/**
 * Checks a number just taken from a type's range (the UPDATE that took it keeps the row locked
 * until COMMIT, so numbers are sequential and never shared; refusing here rolls the document
 * back and gives the number back): past the range end or the expiry date is refused. Answers
 * the NCF and what is left of the range.
 */
export function checkTakenNcf(row: { taken: number; code: string; description: string; rangeFrom: number; rangeTo: number; expiresOn: string }, today: string) {
  checkUsable(row, row.taken, today);
  const { remaining, low } = ncfRangeStatus({ rangeFrom: row.rangeFrom, rangeTo: row.rangeTo, nextNumber: row.taken + 1 });
  return { ncf: formatNcf(row.code, row.taken), code: row.code, description: row.description, expiresOn: row.expiresOn, remaining, lowRange: low };
}

/** Refuses early (before any write) when a type can no longer issue. */
export function assertNcfTypeUsable(row: { code: string; rangeTo: number; nextNumber: number; expiresOn: string }, today: string) {
  checkUsable(row, row.nextNumber, today);
}
