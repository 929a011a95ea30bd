import { and, asc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { partyCreateInput, partyUpdateInput } from "../../../../shared/legal/case";
import type { Tx } from "../../../db/client";
import { newId } from "../../../ids";
import { appError } from "../../../trpc/errors";
import { loadCase } from "../access";
import { legalCaseParties } from "../tables";
import { definedOnly, iso, type LegalCtx } from "./cases";

type PartyRow = typeof legalCaseParties.$inferSelect;

export function toParty(p: PartyRow) {
  const { tenantId: _t, createdAt, updatedAt, ...rest } = p;
  return { ...rest, createdAt: iso(createdAt) as string, updatedAt: iso(updatedAt) as string };
}
export type LegalParty = ReturnType<typeof toParty>;

async function loadParty(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select()
    .from(legalCaseParties)
    .where(and(eq(legalCaseParties.tenantId, tenantId), eq(legalCaseParties.id, id)));
  if (!row) throw appError("NOT_FOUND", "legal:errors.partyNotFound");
  return row;
}

export async function getParties(ctx: LegalCtx, caseId: string) {
  await loadCase(ctx.tx, ctx.tenant.id, caseId);
  const rows = await ctx.tx
    .select()
    .from(legalCaseParties)
    .where(and(eq(legalCaseParties.tenantId, ctx.tenant.id), eq(legalCaseParties.caseId, caseId)))
    .orderBy(asc(legalCaseParties.partyType), asc(legalCaseParties.createdAt), asc(legalCaseParties.name));
  return rows.map(toParty);
}

export async function createParty(ctx: LegalCtx, input: z.output<typeof partyCreateInput>) {
  await loadCase(ctx.tx, ctx.tenant.id, input.caseId);
  const [row] = await ctx.tx
    .insert(legalCaseParties)
    .values({ ...definedOnly(input), tenantId: ctx.tenant.id, id: newId() } as typeof legalCaseParties.$inferInsert)
    .returning();
  return toParty(row as PartyRow);
}

export async function updateParty(ctx: LegalCtx, input: z.output<typeof partyUpdateInput>) {
  await loadParty(ctx.tx, ctx.tenant.id, input.id);
  const { id, ...rest } = input;
  const [row] = await ctx.tx
    .update(legalCaseParties)
    .set({ ...definedOnly(rest), updatedAt: new Date() } as Partial<PartyRow>)
    .where(and(eq(legalCaseParties.tenantId, ctx.tenant.id), eq(legalCaseParties.id, id)))
    .returning();
  return toParty(row as PartyRow);
}

/** A party entered by mistake is removed (it is not a business record of its own). */
export async function deleteParty(ctx: LegalCtx, id: string) {
  await loadParty(ctx.tx, ctx.tenant.id, id);
  await ctx.tx.delete(legalCaseParties).where(and(eq(legalCaseParties.tenantId, ctx.tenant.id), eq(legalCaseParties.id, id)));
  return { id };
}
