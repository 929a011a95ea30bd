import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { taskCreateInput, taskUpdateInput } from "../../../../shared/legal/case";
import type { Tx } from "../../../db/client";
import { newId } from "../../../ids";
import { appError } from "../../../trpc/errors";
import { users } from "../../auth/tables";
import { loadCase } from "../access";
import { legalCaseTasks } from "../tables";
import { assertUser, definedOnly, iso, type LegalCtx, todayOf } from "./cases";

type TaskRow = typeof legalCaseTasks.$inferSelect;

export function toTask(t: TaskRow, assigneeName: string | null = null) {
  const { tenantId: _t, createdAt, updatedAt, ...rest } = t;
  return { ...rest, assigneeName, createdAt: iso(createdAt) as string, updatedAt: iso(updatedAt) as string };
}
export type LegalTask = ReturnType<typeof toTask>;

async function loadTask(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select()
    .from(legalCaseTasks)
    .where(and(eq(legalCaseTasks.tenantId, tenantId), eq(legalCaseTasks.id, id)));
  if (!row) throw appError("NOT_FOUND", "legal:errors.taskNotFound");
  return row;
}

async function taskOut(tx: Tx, tenantId: string, id: string) {
  const [r] = await tx
    .select({ t: legalCaseTasks, assigneeName: users.name })
    .from(legalCaseTasks)
    .leftJoin(users, and(eq(users.tenantId, legalCaseTasks.tenantId), eq(users.id, legalCaseTasks.assigneeId)))
    .where(and(eq(legalCaseTasks.tenantId, tenantId), eq(legalCaseTasks.id, id)));
  if (!r) throw appError("NOT_FOUND", "legal:errors.taskNotFound");
  return toTask(r.t, r.assigneeName);
}

export async function getTasks(ctx: LegalCtx, caseId: string) {
  await loadCase(ctx.tx, ctx.tenant.id, caseId);
  const rows = await ctx.tx
    .select({ t: legalCaseTasks, assigneeName: users.name })
    .from(legalCaseTasks)
    .leftJoin(users, and(eq(users.tenantId, legalCaseTasks.tenantId), eq(users.id, legalCaseTasks.assigneeId)))
    .where(and(eq(legalCaseTasks.tenantId, ctx.tenant.id), eq(legalCaseTasks.caseId, caseId)))
    .orderBy(sql`${legalCaseTasks.dueDate} asc nulls last`, asc(legalCaseTasks.createdAt));
  return rows.map((r) => toTask(r.t, r.assigneeName));
}

/** Completing sets the completion date (today when not given) and 100 %; leaving 'completed' clears the date. */
function completion(ctx: LegalCtx, status: string | undefined, current: TaskRow | null) {
  if (status === undefined) return {};
  if (status === "completed") return { completedDate: current?.completedDate ?? todayOf(ctx), completionPercentage: 100 };
  if (current?.status === "completed") return { completedDate: null };
  return {};
}

export async function createTask(ctx: LegalCtx, input: z.output<typeof taskCreateInput>) {
  await loadCase(ctx.tx, ctx.tenant.id, input.caseId);
  if (input.assigneeId) await assertUser(ctx.tx, ctx.tenant.id, input.assigneeId);
  const id = newId();
  await ctx.tx.insert(legalCaseTasks).values({ ...definedOnly(input), ...completion(ctx, input.status, null), tenantId: ctx.tenant.id, id } as typeof legalCaseTasks.$inferInsert);
  return taskOut(ctx.tx, ctx.tenant.id, id);
}

export async function updateTask(ctx: LegalCtx, input: z.output<typeof taskUpdateInput>) {
  const current = await loadTask(ctx.tx, ctx.tenant.id, input.id);
  if (input.assigneeId && input.assigneeId !== current.assigneeId) await assertUser(ctx.tx, ctx.tenant.id, input.assigneeId);
  const { id, ...rest } = input;
  await ctx.tx
    .update(legalCaseTasks)
    .set({ ...definedOnly(rest), ...completion(ctx, input.status, current), updatedAt: new Date() } as Partial<TaskRow>)
    .where(and(eq(legalCaseTasks.tenantId, ctx.tenant.id), eq(legalCaseTasks.id, id)));
  return taskOut(ctx.tx, ctx.tenant.id, id);
}
