import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { currentRange, formatNcf, NCF_SEQUENCE_DIGITS, type NcfRangeLike, ncfTypeStatus, ncfWarnings, rangeProblem, rangeState } from "../../../shared/fiscal/ncf";
import { rowsOf, sqlStateOf, type Tx } from "../../db/client";
import { newId } from "../../ids";
import { appError, notFound } from "../../trpc/errors";
import { ncfRanges, ncfTypes } from "./tables";

const typeColumns = {
  id: ncfTypes.id,
  code: ncfTypes.code,
  description: ncfTypes.description,
  requiresTaxId: ncfTypes.requiresTaxId,
  isDefault: ncfTypes.isDefault,
  isActive: ncfTypes.isActive,
  warnRemaining: ncfTypes.warnRemaining,
};
type TypeRow = { [K in keyof typeof typeColumns]: (typeof ncfTypes.$inferSelect)[K] };

const rangeColumns = {
  id: ncfRanges.id,
  ncfTypeId: ncfRanges.ncfTypeId,
  rangeFrom: ncfRanges.rangeFrom,
  rangeTo: ncfRanges.rangeTo,
  nextNumber: ncfRanges.nextNumber,
  expiresOn: ncfRanges.expiresOn,
  authorizationRef: ncfRanges.authorizationRef,
  authorizedOn: ncfRanges.authorizedOn,
  status: ncfRanges.status,
  createdAt: ncfRanges.createdAt,
};
type RangeRow = { [K in keyof typeof rangeColumns]: (typeof ncfRanges.$inferSelect)[K] };

async function rangesOf(tx: Tx, tenantId: string, typeIds: string[]): Promise<Map<string, RangeRow[]>> {
  const map = new Map<string, RangeRow[]>(typeIds.map((id) => [id, []]));
  if (typeIds.length === 0) return map;
  const rows = await tx
    .select(rangeColumns)
    .from(ncfRanges)
    .where(and(eq(ncfRanges.tenantId, tenantId), inArray(ncfRanges.ncfTypeId, typeIds)))
    .orderBy(asc(ncfRanges.rangeFrom));
  for (const r of rows) map.get(r.ncfTypeId)?.push(r);
  return map;
}

/** A type as the POS and the invoice forms list it: what it can still issue and whether to warn. */
function describe(row: TypeRow, ranges: RangeRow[], today: string) {
  const status = ncfTypeStatus(ranges, today, row.warnRemaining);
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    is_default: row.isDefault,
    requiresTaxId: row.requiresTaxId,
    rangeTo: status.rangeTo,
    expiresOn: status.expiresOn,
    lastExpiresOn: status.lastExpiresOn,
    remaining: status.remaining,
    lowRange: status.low,
    expiringSoon: status.expiringSoon,
    expired: status.expired,
    exhausted: status.exhausted,
    warning: status.warning,
  };
}

/** ncf.getTypes: the tenant's active NCF types (default first), with what their ranges can still issue. */
export async function getNcfTypes(tx: Tx, tenantId: string, today: string) {
  const rows = await tx
    .select(typeColumns)
    .from(ncfTypes)
    .where(and(eq(ncfTypes.tenantId, tenantId), eq(ncfTypes.isActive, true)))
    .orderBy(sql`${ncfTypes.isDefault} desc`, asc(ncfTypes.code));
  const ranges = await rangesOf(
    tx,
    tenantId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => describe(r, ranges.get(r.id) ?? [], today));
}

async function typeById(tx: Tx, tenantId: string, id: string, activeOnly = true): Promise<TypeRow> {
  const [row] = await tx
    .select(typeColumns)
    .from(ncfTypes)
    .where(and(eq(ncfTypes.tenantId, tenantId), eq(ncfTypes.id, id), activeOnly ? eq(ncfTypes.isActive, true) : undefined));
  if (!row) throw notFound();
  return row;
}

/** An active type with what it can still issue (for a document about to take a number). */
export async function getNcfType(tx: Tx, tenantId: string, id: string, today: string) {
  const row = await typeById(tx, tenantId, id);
  return describe(row, (await rangesOf(tx, tenantId, [id])).get(id) ?? [], today);
}

export async function getNcfTypeByCode(tx: Tx, tenantId: string, code: string, today: string) {
  const [row] = await tx
    .select(typeColumns)
    .from(ncfTypes)
    .where(and(eq(ncfTypes.tenantId, tenantId), eq(ncfTypes.code, code), eq(ncfTypes.isActive, true)));
  if (!row) throw appError("BAD_REQUEST", "ncf:errors.noNcfLeft", { code });
  return describe(row, (await rangesOf(tx, tenantId, [row.id])).get(row.id) ?? [], today);
}

export async function getDefaultNcfType(tx: Tx, tenantId: string, today: string) {
  const [row] = await tx
    .select(typeColumns)
    .from(ncfTypes)
    .where(and(eq(ncfTypes.tenantId, tenantId), eq(ncfTypes.isActive, true)))
    .orderBy(sql`${ncfTypes.isDefault} desc`, asc(ncfTypes.code))
    .limit(1);
  if (!row) throw appError("BAD_REQUEST", "pos:errors.noNcfTypes");
  return describe(row, (await rangesOf(tx, tenantId, [row.id])).get(row.id) ?? [], today);
}

/** Refuses early (before any write) when a type can no longer issue: 'No quedan NCF autorizados para B01 …'. */
export function assertNcfTypeUsable(type: { code: string; exhausted: boolean }) {
  if (type.exhausted) throw appError("BAD_REQUEST", "ncf:errors.noNcfLeft", { code: type.code });
}

/** ncf.getNextNumber: the number the next document of this type would get (a preview: nothing is taken). */
export async function previewNextNcf(tx: Tx, tenantId: string, id: string, today: string): Promise<string | null> {
  const row = await typeById(tx, tenantId, id);
  const range = currentRange((await rangesOf(tx, tenantId, [id])).get(id) ?? [], today);
  return range ? formatNcf(row.code, range.nextNumber) : null;
}

/**
 * Locks the type's row until COMMIT: changes of a type's ranges take turns (sales do not take it;
 * they lock the range row they take a number from, which the settings read FOR UPDATE).
 */
export function lockNcfType(tx: Tx, tenantId: string, ncfTypeId: string) {
  // NO KEY UPDATE: documents that reference the type (foreign keys take KEY SHARE) never wait on it.
  return tx.execute(sql`SELECT 1 FROM ${ncfTypes} WHERE tenant_id = ${tenantId} AND id = ${ncfTypeId} FOR NO KEY UPDATE`);
}

/** What enzzo_take_ncf (migration 0022) answers: the number taken and what the type has left. */
export interface TakenNcfRow {
  ncf: string;
  n: number;
  code: string;
  description: string;
  range_from: number;
  range_to: number;
  expires_on: string;
  warn_remaining: number | null;
  remaining: number | string;
  last_expires_on: string | null;
}

/** A jsonb value as postgres.js or PGlite hands it over (parsed, or as text). */
export function jsonValue<T>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}

/** A statement's refusal to take an NCF (SQLSTATE EZ001: no usable range) as 'No quedan NCF autorizados para {code}'; null for any other error. */
export function ncfRefusal(error: unknown, code: string) {
  return sqlStateOf(error) === "EZ001" ? appError("BAD_REQUEST", "ncf:errors.noNcfLeft", { code }) : null;
}

/** What enzzo_take_ncf answered, as a taken number with the type's warning. */
export function takenNcfOf(row: TakenNcfRow, today: string) {
  const remaining = Number(row.remaining);
  const { low, expiringSoon } = ncfWarnings({ remaining, currentSize: row.range_to - row.range_from + 1, lastExpiresOn: row.last_expires_on, warnRemaining: row.warn_remaining }, today);
  return { ncf: row.ncf, code: row.code, description: row.description, expiresOn: row.expires_on, remaining, low, expiringSoon, lastExpiresOn: row.last_expires_on };
}

/**
 * Takes the next NCF of a type inside the caller's transaction (credit notes, debit notes …) in
 * one statement: the number comes from the type's current range (gap-free, never shared, given
 * back by a rollback), refused with 'No quedan NCF autorizados para {code}' when no range can issue.
 */
export async function takeNcf(tx: Tx, tenantId: string, type: { id: string } | { code: string }, today: string) {
  const row =
    "id" in type
      ? await typeById(tx, tenantId, type.id)
      : (
          await tx
            .select(typeColumns)
            .from(ncfTypes)
            .where(and(eq(ncfTypes.tenantId, tenantId), eq(ncfTypes.code, type.code), eq(ncfTypes.isActive, true)))
        )[0];
  if (!row) throw appError("BAD_REQUEST", "ncf:errors.noNcfLeft", { code: "code" in type ? type.code : "" });
  try {
    const [r] = rowsOf<{ ncf: unknown }>(await tx.execute(sql`SELECT enzzo_take_ncf(${tenantId}, ${row.id}, ${today}::date, ${NCF_SEQUENCE_DIGITS}) AS ncf`));
    return { ...takenNcfOf(jsonValue<TakenNcfRow>(r!.ncf), today), ncfTypeId: row.id };
  } catch (e) {
    throw ncfRefusal(e, row.code) ?? e;
  }
}

// ---------------------------------------------------------------------------------------------
// Settings: types and their DGII authorizations

function rangeView(r: RangeRow, today: string) {
  const size = r.rangeTo - r.rangeFrom + 1;
  const used = Math.max(0, Math.min(r.nextNumber, r.rangeTo + 1) - r.rangeFrom);
  return {
    id: r.id,
    ncfTypeId: r.ncfTypeId,
    rangeFrom: r.rangeFrom,
    rangeTo: r.rangeTo,
    nextNumber: r.nextNumber,
    expiresOn: r.expiresOn,
    authorizationRef: r.authorizationRef,
    authorizedOn: r.authorizedOn,
    size,
    used,
    remaining: r.status === "active" ? size - used : 0,
    state: rangeState(r as NcfRangeLike, today),
    firstNcf: null as string | null,
    lastIssuedNcf: null as string | null,
    createdAt: r.createdAt,
  };
}

/** ncf.getAllTypes: every type (active or not) with its ranges, used/remaining and warning. */
export async function getAllNcfTypes(tx: Tx, tenantId: string, today: string) {
  const rows = await tx.select(typeColumns).from(ncfTypes).where(eq(ncfTypes.tenantId, tenantId)).orderBy(asc(ncfTypes.code));
  const ranges = await rangesOf(
    tx,
    tenantId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    const own = ranges.get(row.id) ?? [];
    return {
      ...describe(row, own, today),
      isActive: row.isActive,
      warnRemaining: row.warnRemaining,
      ranges: own.map((r) => ({
        ...rangeView(r, today),
        firstNcf: formatNcf(row.code, r.rangeFrom),
        lastIssuedNcf: r.nextNumber > r.rangeFrom ? formatNcf(row.code, r.nextNumber - 1) : null,
      })),
    };
  });
}

/** ncf.updateType: description, active, default (one at a time) and the owner's warning count. */
export async function updateNcfType(tx: Tx, tenantId: string, input: { id: string; description?: string; isActive?: boolean; isDefault?: boolean; warnRemaining?: number | null }) {
  await typeById(tx, tenantId, input.id, false);
  if (input.isDefault) await tx.update(ncfTypes).set({ isDefault: false }).where(and(eq(ncfTypes.tenantId, tenantId), eq(ncfTypes.isDefault, true)));
  await tx
    .update(ncfTypes)
    .set({ description: input.description, isActive: input.isActive, isDefault: input.isDefault, warnRemaining: input.warnRemaining, updatedAt: new Date() })
    .where(and(eq(ncfTypes.tenantId, tenantId), eq(ncfTypes.id, input.id)));
  return { success: true };
}

export interface RangeInput {
  rangeFrom: number;
  rangeTo: number;
  expiresOn: string;
  authorizationRef?: string | null;
  authorizedOn?: string | null;
}

function refuse(problem: string, code: string) {
  throw appError("BAD_REQUEST", `ncf:errors.range.${problem}`, { code });
}

/** The type's other ranges, read once its row is locked (no other change of its ranges runs meanwhile). */
async function lockedRanges(tx: Tx, tenantId: string, ncfTypeId: string) {
  const type = await typeById(tx, tenantId, ncfTypeId, false);
  await lockNcfType(tx, tenantId, ncfTypeId);
  // The ranges' rows too: a sale moving one of them finishes first, and none moves until COMMIT.
  const ranges = await tx
    .select(rangeColumns)
    .from(ncfRanges)
    .where(and(eq(ncfRanges.tenantId, tenantId), eq(ncfRanges.ncfTypeId, ncfTypeId)))
    .orderBy(asc(ncfRanges.rangeFrom))
    .for("update");
  return { type, ranges };
}

/** ncfRange.create: a new DGII authorization of a type; never overlapping another range of the type. */
export async function createNcfRange(tx: Tx, tenantId: string, userId: string, input: RangeInput & { ncfTypeId: string }, today: string) {
  const { type, ranges } = await lockedRanges(tx, tenantId, input.ncfTypeId);
  const problem = rangeProblem(input, ranges);
  if (problem) refuse(problem, type.code);
  if (input.expiresOn < today) refuse("expired", type.code);
  const id = newId();
  await tx.insert(ncfRanges).values({
    tenantId,
    id,
    ncfTypeId: input.ncfTypeId,
    rangeFrom: input.rangeFrom,
    rangeTo: input.rangeTo,
    nextNumber: input.rangeFrom,
    expiresOn: input.expiresOn,
    authorizationRef: input.authorizationRef ?? null,
    authorizedOn: input.authorizedOn ?? null,
    createdBy: userId,
  });
  return { id };
}

async function rangeById(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select(rangeColumns)
    .from(ncfRanges)
    .where(and(eq(ncfRanges.tenantId, tenantId), eq(ncfRanges.id, id)));
  if (!row) throw notFound();
  return row;
}

/** ncfRange.update: end, expiry and reference; the start only while nothing was issued; never below what was issued. */
export async function updateNcfRange(tx: Tx, tenantId: string, input: RangeInput & { id: string }) {
  const found = await rangeById(tx, tenantId, input.id);
  const { type, ranges } = await lockedRanges(tx, tenantId, found.ncfTypeId);
  const existing = ranges.find((r) => r.id === input.id)!;
  if (existing.status !== "active") refuse("cancelled", type.code);
  const problem = rangeProblem(
    input,
    ranges.filter((r) => r.id !== input.id),
    existing,
  );
  if (problem) refuse(problem, type.code);
  await tx
    .update(ncfRanges)
    .set({
      rangeFrom: input.rangeFrom,
      rangeTo: input.rangeTo,
      // Nothing issued yet: the next number follows a moved start.
      nextNumber: existing.nextNumber === existing.rangeFrom ? input.rangeFrom : existing.nextNumber,
      expiresOn: input.expiresOn,
      authorizationRef: input.authorizationRef ?? null,
      authorizedOn: input.authorizedOn ?? null,
      updatedAt: new Date(),
    })
    .where(and(eq(ncfRanges.tenantId, tenantId), eq(ncfRanges.id, input.id)));
  return { success: true };
}

/** ncfRange.cancel: the range issues no more numbers (those it issued stay; it is never deleted). */
export async function cancelNcfRange(tx: Tx, tenantId: string, id: string) {
  const found = await rangeById(tx, tenantId, id);
  await lockedRanges(tx, tenantId, found.ncfTypeId);
  await tx
    .update(ncfRanges)
    .set({ status: "cancelled", cancelledAt: new Date(), updatedAt: new Date() })
    .where(and(eq(ncfRanges.tenantId, tenantId), eq(ncfRanges.id, id)));
  return { success: true };
}
