import { and, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { communicationCreateInput, communicationUpdateInput } from "../../../../shared/legal/case";
import type { Tx } from "../../../db/client";
import { newId } from "../../../ids";
import { appError } from "../../../trpc/errors";
import { loadCase } from "../access";
import { legalCaseCommunications } from "../tables";
import { definedOnly, iso, type LegalCtx } from "./cases";

type CommunicationRow = typeof legalCaseCommunications.$inferSelect;

export function toCommunication(c: CommunicationRow) {
  const { tenantId: _t, createdAt, updatedAt, sentAt, recipients, ...rest } = c;
  return { ...rest, recipients: (recipients as string[] | null) ?? [], sentAt: iso(sentAt) as string, createdAt: iso(createdAt) as string, updatedAt: iso(updatedAt) as string };
}
export type LegalCommunication = ReturnType<typeof toCommunication>;

async function loadCommunication(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select()
    .from(legalCaseCommunications)
    .where(and(eq(legalCaseCommunications.tenantId, tenantId), eq(legalCaseCommunications.id, id)));
  if (!row) throw appError("NOT_FOUND", "legal:errors.communicationNotFound");
  return row;
}

export async function getCommunications(ctx: LegalCtx, caseId: string) {
  await loadCase(ctx.tx, ctx.tenant.id, caseId);
  const rows = await ctx.tx
    .select()
    .from(legalCaseCommunications)
    .where(and(eq(legalCaseCommunications.tenantId, ctx.tenant.id), eq(legalCaseCommunications.caseId, caseId)))
    .orderBy(desc(legalCaseCommunications.sentAt), desc(legalCaseCommunications.createdAt));
  return rows.map(toCommunication);
}

export async function createCommunication(ctx: LegalCtx, input: z.output<typeof communicationCreateInput>) {
  await loadCase(ctx.tx, ctx.tenant.id, input.caseId);
  const { sentAt, ...rest } = input;
  const [row] = await ctx.tx
    .insert(legalCaseCommunications)
    .values({ ...definedOnly(rest), sentAt: sentAt ? new Date(sentAt) : new Date(), tenantId: ctx.tenant.id, id: newId(), createdBy: ctx.user.id } as typeof legalCaseCommunications.$inferInsert)
    .returning();
  return toCommunication(row as CommunicationRow);
}

export async function updateCommunication(ctx: LegalCtx, input: z.output<typeof communicationUpdateInput>) {
  await loadCommunication(ctx.tx, ctx.tenant.id, input.id);
  const { id, sentAt, ...rest } = input;
  const values: Record<string, unknown> = definedOnly(rest);
  if (sentAt) values.sentAt = new Date(sentAt);
  const [row] = await ctx.tx
    .update(legalCaseCommunications)
    .set({ ...values, updatedAt: new Date() } as Partial<CommunicationRow>)
    .where(and(eq(legalCaseCommunications.tenantId, ctx.tenant.id), eq(legalCaseCommunications.id, id)))
    .returning();
  return toCommunication(row as CommunicationRow);
}
