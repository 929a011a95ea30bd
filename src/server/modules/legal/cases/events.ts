import { and, asc, eq, gte, lte, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { eventCreateInput, eventRangeInput, eventUpdateInput } from "../../../../shared/legal/case";
import type { Tx } from "../../../db/client";
import { newId } from "../../../ids";
import { appError } from "../../../trpc/errors";
import { loadCase } from "../access";
import { legalCaseEvents, legalCases } from "../tables";
import { definedOnly, hhmm, iso, type LegalCtx } from "./cases";

type EventRow = typeof legalCaseEvents.$inferSelect;

export function toEvent(e: EventRow) {
  const { tenantId: _t, createdAt, updatedAt, reminderSentAt, startTime, endTime, ...rest } = e;
  return { ...rest, startTime: hhmm(startTime), endTime: hhmm(endTime), reminderSentAt: iso(reminderSentAt), createdAt: iso(createdAt) as string, updatedAt: iso(updatedAt) as string };
}
export type LegalEvent = ReturnType<typeof toEvent>;

async function loadEvent(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select()
    .from(legalCaseEvents)
    .where(and(eq(legalCaseEvents.tenantId, tenantId), eq(legalCaseEvents.id, id)));
  if (!row) throw appError("NOT_FOUND", "legal:errors.eventNotFound");
  return row;
}

function assertTimes(v: { startTime?: string | null; endTime?: string | null }) {
  if (v.startTime && v.endTime && v.endTime < v.startTime) throw appError("BAD_REQUEST", "legal:errors.endBeforeStart");
}

export async function getEvents(ctx: LegalCtx, input: z.output<typeof eventRangeInput>) {
  const where: (SQL | undefined)[] = [eq(legalCaseEvents.tenantId, ctx.tenant.id), gte(legalCaseEvents.eventDate, input.from), lte(legalCaseEvents.eventDate, input.to)];
  if (input.caseId) {
    await loadCase(ctx.tx, ctx.tenant.id, input.caseId);
    where.push(eq(legalCaseEvents.caseId, input.caseId));
  }
  const rows = await ctx.tx
    .select({ e: legalCaseEvents, caseNumber: legalCases.caseNumber, caseTitle: legalCases.title })
    .from(legalCaseEvents)
    .innerJoin(legalCases, and(eq(legalCases.tenantId, legalCaseEvents.tenantId), eq(legalCases.id, legalCaseEvents.caseId)))
    .where(and(...where))
    .orderBy(asc(legalCaseEvents.eventDate), asc(legalCaseEvents.startTime), asc(legalCaseEvents.title))
    .limit(2000);
  return rows.map((r) => ({ ...toEvent(r.e), caseNumber: r.caseNumber, caseTitle: r.caseTitle }));
}

export async function createEvent(ctx: LegalCtx, input: z.output<typeof eventCreateInput>) {
  await loadCase(ctx.tx, ctx.tenant.id, input.caseId);
  const values = definedOnly(input);
  if (values.allDay) Object.assign(values, { startTime: null, endTime: null });
  const [row] = await ctx.tx
    .insert(legalCaseEvents)
    .values({ ...values, tenantId: ctx.tenant.id, id: newId() } as typeof legalCaseEvents.$inferInsert)
    .returning();
  return toEvent(row as EventRow);
}

/** Moving the event or changing its reminder sends the reminder again when its time comes. */
export async function updateEvent(ctx: LegalCtx, input: z.output<typeof eventUpdateInput>) {
  const current = await loadEvent(ctx.tx, ctx.tenant.id, input.id);
  const { id, ...rest } = input;
  const values: Record<string, unknown> = definedOnly(rest);
  if (values.allDay) Object.assign(values, { startTime: null, endTime: null });
  assertTimes({
    startTime: values.startTime === undefined ? hhmm(current.startTime) : (values.startTime as string | null),
    endTime: values.endTime === undefined ? hhmm(current.endTime) : (values.endTime as string | null),
  });
  const moved = ["eventDate", "startTime", "allDay", "reminderEnabled", "reminderMinutes"].some((k) => k in values);
  if (moved) values.reminderSentAt = null;
  const [row] = await ctx.tx
    .update(legalCaseEvents)
    .set({ ...values, updatedAt: new Date() } as Partial<EventRow>)
    .where(and(eq(legalCaseEvents.tenantId, ctx.tenant.id), eq(legalCaseEvents.id, id)))
    .returning();
  return toEvent(row as EventRow);
}
