import { and, count, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { z } from "zod";
import type { LabOrderStatus } from "../../../../shared/dental/constants";
import { canMoveLabOrder, type createLabOrderInput, isLabOrderOverdue, type labOrdersInput, OPEN_LAB_ORDER_STATUSES, type setLabOrderStatusInput, type updateLabOrderInput } from "../../../../shared/dental/files";
import { businessDate } from "../../../../shared/platform/dates";
import { offsetOf, pageOf } from "../../../../shared/platform/pagination";
import { newId } from "../../../ids";
import { appError } from "../../../trpc/errors";
import { customers } from "../../customer/tables";
import { getPatientRow } from "../access";
import { dentalLabOrders, dentalPatients } from "../tables";
import { type FilesCtx, patientColumns, patientFilter, searchFilter } from "./common";

const columns = {
  id: dentalLabOrders.id,
  number: dentalLabOrders.number,
  ...patientColumns,
  laboratory: dentalLabOrders.laboratory,
  orderType: dentalLabOrders.orderType,
  teeth: dentalLabOrders.teeth,
  dueDate: dentalLabOrders.dueDate,
  specifications: dentalLabOrders.specifications,
  trackingNumber: dentalLabOrders.trackingNumber,
  cost: dentalLabOrders.cost,
  status: dentalLabOrders.status,
  statusChangedAt: dentalLabOrders.statusChangedAt,
  createdAt: dentalLabOrders.createdAt,
};
type Row = { [K in keyof typeof columns]: unknown };
function shape(r: Row, today: string) {
  const status = r.status as LabOrderStatus;
  const dueDate = r.dueDate as string;
  return {
    id: r.id as string,
    number: r.number as number,
    patientId: r.patientId as string,
    patientName: r.patientName as string,
    patientNumber: r.patientNumber as number,
    laboratory: r.laboratory as string,
    orderType: r.orderType as string,
    teeth: r.teeth as number[],
    dueDate,
    specifications: r.specifications as string | null,
    trackingNumber: r.trackingNumber as string | null,
    cost: r.cost as string | null,
    status,
    statusChangedAt: r.statusChangedAt ? (r.statusChangedAt as Date).toISOString() : null,
    createdAt: (r.createdAt as Date).toISOString(),
    overdue: isLabOrderOverdue({ dueDate, status }, today),
  };
}
export type LabOrderRow = ReturnType<typeof shape>;

const today = (ctx: FilesCtx) => businessDate(new Date(), ctx.timeZone);

const select = (ctx: FilesCtx) =>
  ctx.tx
    .select(columns)
    .from(dentalLabOrders)
    .innerJoin(dentalPatients, and(eq(dentalPatients.tenantId, dentalLabOrders.tenantId), eq(dentalPatients.id, dentalLabOrders.patientId)))
    .innerJoin(customers, and(eq(customers.tenantId, dentalPatients.tenantId), eq(customers.id, dentalPatients.customerId)));
const counted = (ctx: FilesCtx) =>
  ctx.tx
    .select({ n: count() })
    .from(dentalLabOrders)
    .innerJoin(dentalPatients, and(eq(dentalPatients.tenantId, dentalLabOrders.tenantId), eq(dentalPatients.id, dentalLabOrders.patientId)))
    .innerJoin(customers, and(eq(customers.tenantId, dentalPatients.tenantId), eq(customers.id, dentalPatients.customerId)));

const overdueWhere = (on: string) => and(lt(dentalLabOrders.dueDate, on), inArray(dentalLabOrders.status, [...OPEN_LAB_ORDER_STATUSES]));

/**
 * dental.getLabOrders: newest first (the overdue list: the most overdue first); `overdue: true`
 * keeps the open orders whose due date is before the practice's today. Answers the page and
 * `overdueCount` (of the patient when filtered, else of the practice).
 */
export async function getLabOrders(ctx: FilesCtx, input: z.infer<typeof labOrdersInput>) {
  const on = today(ctx);
  const byPatient = await patientFilter(ctx, input.patientId, dentalLabOrders.patientId);
  const where = and(
    eq(dentalLabOrders.tenantId, ctx.tenantId),
    byPatient,
    input.status ? eq(dentalLabOrders.status, input.status) : undefined,
    input.overdue ? overdueWhere(on) : undefined,
    searchFilter(input.search, [dentalLabOrders.laboratory, dentalLabOrders.orderType, sql`coalesce(${dentalLabOrders.trackingNumber}, '')`, sql`${dentalLabOrders.number}::text`]),
  );
  const order = input.overdue ? [dentalLabOrders.dueDate, dentalLabOrders.number] : [desc(dentalLabOrders.createdAt), desc(dentalLabOrders.number)];
  const [rows, [total], [overdue]] = await Promise.all([
    select(ctx)
      .where(where)
      .orderBy(...order)
      .limit(input.pageSize)
      .offset(offsetOf(input.page, input.pageSize)),
    counted(ctx).where(where),
    ctx.tx
      .select({ n: count() })
      .from(dentalLabOrders)
      .where(and(eq(dentalLabOrders.tenantId, ctx.tenantId), byPatient, overdueWhere(on))),
  ]);
  return { ...pageOf(rows.map((r) => shape(r, on)), Number(total?.n ?? 0), input.page, input.pageSize), overdueCount: Number(overdue?.n ?? 0), today: on };
}

async function labOrderRow(ctx: FilesCtx, id: string) {
  const [row] = await select(ctx).where(and(eq(dentalLabOrders.tenantId, ctx.tenantId), eq(dentalLabOrders.id, id)));
  if (!row) throw appError("NOT_FOUND", "dentalFiles:errors.labOrderNotFound");
  return shape(row, today(ctx));
}

/** dental.createLabOrder: numbered per tenant, status pending. */
export async function createLabOrder(ctx: FilesCtx, input: z.infer<typeof createLabOrderInput>) {
  await getPatientRow(ctx.tx, ctx.tenantId, input.patientId);
  await ctx.tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${ctx.tenantId}:dental_lab_order_number`}, 0))`);
  const [last] = await ctx.tx
    .select({ n: sql<number>`coalesce(max(${dentalLabOrders.number}), 0)` })
    .from(dentalLabOrders)
    .where(eq(dentalLabOrders.tenantId, ctx.tenantId));
  const id = newId();
  const { patientId, ...fields } = input;
  await ctx.tx.insert(dentalLabOrders).values({ tenantId: ctx.tenantId, id, patientId, number: Number(last?.n ?? 0) + 1, ...fields, createdBy: ctx.userId });
  return labOrderRow(ctx, id);
}

/** dental.updateLabOrder: the order's fields, while it is open (a completed or cancelled order is kept as it was). */
export async function updateLabOrder(ctx: FilesCtx, input: z.infer<typeof updateLabOrderInput>) {
  const current = await labOrderRow(ctx, input.id);
  if (!(OPEN_LAB_ORDER_STATUSES as readonly string[]).includes(current.status)) throw appError("BAD_REQUEST", "dentalFiles:errors.labOrderClosed");
  const { id, ...fields } = input;
  await ctx.tx
    .update(dentalLabOrders)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(dentalLabOrders.tenantId, ctx.tenantId), eq(dentalLabOrders.id, id)));
  return labOrderRow(ctx, id);
}

/** dental.setLabOrderStatus: pending → sent → in_progress → completed (sent → completed too), open → cancelled. */
export async function setLabOrderStatus(ctx: FilesCtx, input: z.infer<typeof setLabOrderStatusInput>) {
  const current = await labOrderRow(ctx, input.id);
  if (!canMoveLabOrder(current.status, input.status)) throw appError("BAD_REQUEST", "dentalFiles:errors.labOrderTransition");
  const now = new Date();
  await ctx.tx
    .update(dentalLabOrders)
    .set({ status: input.status, statusChangedAt: now, updatedAt: now })
    .where(and(eq(dentalLabOrders.tenantId, ctx.tenantId), eq(dentalLabOrders.id, input.id)));
  return labOrderRow(ctx, input.id);
}
