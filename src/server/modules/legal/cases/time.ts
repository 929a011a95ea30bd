import { and, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import { entryAmount } from "../../../../shared/legal/billing";
import { hoursBetween, type timeEntryCreateInput, type timeEntryUpdateInput } from "../../../../shared/legal/case";
import type { Tx } from "../../../db/client";
import { newId } from "../../../ids";
import { appError } from "../../../trpc/errors";
import { users } from "../../auth/tables";
import { legalClients } from "../../customer/tables";
import { loadCase } from "../access";
import { legalTimeEntries } from "../tables";
import { caseBilling, hhmm, iso, type LegalCtx } from "./cases";

type EntryRow = typeof legalTimeEntries.$inferSelect;

export function toEntry(e: EntryRow, userName: string | null = null) {
  const { tenantId: _t, createdAt, updatedAt, startTime, endTime, ...rest } = e;
  return { ...rest, startTime: hhmm(startTime), endTime: hhmm(endTime), userName, createdAt: iso(createdAt) as string, updatedAt: iso(updatedAt) as string };
}
export type LegalTimeEntry = ReturnType<typeof toEntry>;

async function loadEntry(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select()
    .from(legalTimeEntries)
    .where(and(eq(legalTimeEntries.tenantId, tenantId), eq(legalTimeEntries.id, id)));
  if (!row) throw appError("NOT_FOUND", "legal:errors.timeEntryNotFound");
  return row;
}

async function entryOut(tx: Tx, tenantId: string, id: string) {
  const [r] = await tx
    .select({ e: legalTimeEntries, userName: users.name })
    .from(legalTimeEntries)
    .leftJoin(users, and(eq(users.tenantId, legalTimeEntries.tenantId), eq(users.id, legalTimeEntries.userId)))
    .where(and(eq(legalTimeEntries.tenantId, tenantId), eq(legalTimeEntries.id, id)));
  if (!r) throw appError("NOT_FOUND", "legal:errors.timeEntryNotFound");
  return toEntry(r.e, r.userName);
}

/** The rate when none is typed: the client's agreed hourly rate (legal data), else 0. */
async function defaultRate(tx: Tx, tenantId: string, clientId: string): Promise<string> {
  const [row] = await tx
    .select({ rate: legalClients.hourlyRate })
    .from(legalClients)
    .where(and(eq(legalClients.tenantId, tenantId), eq(legalClients.id, clientId)));
  return row?.rate ?? "0";
}

/** Start and end given: the duration is their difference (it wins over a typed duration). */
function durationOf(v: { durationHours?: string; startTime?: string | null; endTime?: string | null }): string | undefined {
  if (v.startTime && v.endTime) {
    if (v.endTime <= v.startTime) throw appError("BAD_REQUEST", "legal:errors.endBeforeStart");
    return hoursBetween(v.startTime, v.endTime);
  }
  return v.durationHours;
}

export async function getTimeEntries(ctx: LegalCtx, caseId: string) {
  await loadCase(ctx.tx, ctx.tenant.id, caseId);
  const rows = await ctx.tx
    .select({ e: legalTimeEntries, userName: users.name })
    .from(legalTimeEntries)
    .leftJoin(users, and(eq(users.tenantId, legalTimeEntries.tenantId), eq(users.id, legalTimeEntries.userId)))
    .where(and(eq(legalTimeEntries.tenantId, ctx.tenant.id), eq(legalTimeEntries.caseId, caseId)))
    .orderBy(desc(legalTimeEntries.entryDate), desc(legalTimeEntries.createdAt));
  return { entries: rows.map((r) => toEntry(r.e, r.userName)), billing: await caseBilling(ctx.tx, ctx.tenant.id, caseId) };
}

export async function createTimeEntry(ctx: LegalCtx, input: z.output<typeof timeEntryCreateInput>) {
  const legalCase = await loadCase(ctx.tx, ctx.tenant.id, input.caseId);
  const durationHours = durationOf(input);
  if (!durationHours) throw appError("BAD_REQUEST", "legal:errors.durationOrTimes");
  const isBillable = input.isBillable ?? true;
  const hourlyRate = input.hourlyRate ?? (await defaultRate(ctx.tx, ctx.tenant.id, legalCase.primaryClientId));
  const id = newId();
  await ctx.tx.insert(legalTimeEntries).values({
    tenantId: ctx.tenant.id,
    id,
    caseId: input.caseId,
    entryDate: input.entryDate,
    startTime: input.startTime ?? null,
    endTime: input.endTime ?? null,
    durationHours,
    activityType: input.activityType,
    description: input.description,
    isBillable,
    hourlyRate,
    totalAmount: entryAmount(durationHours, hourlyRate, isBillable),
    userId: ctx.user.id,
  });
  return { entry: await entryOut(ctx.tx, ctx.tenant.id, id), billing: await caseBilling(ctx.tx, ctx.tenant.id, input.caseId) };
}

function assertUnbilled(e: EntryRow) {
  if (e.billingStatus !== "unbilled") throw appError("BAD_REQUEST", "legal:errors.entryBilled");
}

export async function updateTimeEntry(ctx: LegalCtx, input: z.output<typeof timeEntryUpdateInput>) {
  const current = await loadEntry(ctx.tx, ctx.tenant.id, input.id);
  assertUnbilled(current);
  const startTime = input.startTime === undefined ? hhmm(current.startTime) : input.startTime;
  const endTime = input.endTime === undefined ? hhmm(current.endTime) : input.endTime;
  // A typed duration without times clears the times; times (new or kept) give the duration.
  const typedOnly = input.durationHours !== undefined && input.startTime === undefined && input.endTime === undefined;
  const durationHours = typedOnly ? input.durationHours : (durationOf({ durationHours: input.durationHours ?? current.durationHours, startTime, endTime }) as string);
  const isBillable = input.isBillable ?? current.isBillable;
  const hourlyRate = input.hourlyRate === undefined || input.hourlyRate === null ? current.hourlyRate : input.hourlyRate;
  await ctx.tx
    .update(legalTimeEntries)
    .set({
      entryDate: input.entryDate ?? current.entryDate,
      startTime: typedOnly ? null : startTime,
      endTime: typedOnly ? null : endTime,
      durationHours,
      activityType: input.activityType ?? current.activityType,
      description: input.description ?? current.description,
      isBillable,
      hourlyRate,
      totalAmount: entryAmount(durationHours as string, hourlyRate, isBillable),
      updatedAt: new Date(),
    })
    .where(and(eq(legalTimeEntries.tenantId, ctx.tenant.id), eq(legalTimeEntries.id, input.id)));
  return { entry: await entryOut(ctx.tx, ctx.tenant.id, input.id), billing: await caseBilling(ctx.tx, ctx.tenant.id, current.caseId) };
}

/** Only an entry not billed yet is removed (a billed one is part of an invoice). */
export async function deleteTimeEntry(ctx: LegalCtx, id: string) {
  const current = await loadEntry(ctx.tx, ctx.tenant.id, id);
  assertUnbilled(current);
  await ctx.tx.delete(legalTimeEntries).where(and(eq(legalTimeEntries.tenantId, ctx.tenant.id), eq(legalTimeEntries.id, id)));
  return { billing: await caseBilling(ctx.tx, ctx.tenant.id, current.caseId) };
}
