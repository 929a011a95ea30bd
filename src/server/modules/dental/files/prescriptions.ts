import { and, count, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { PrescriptionStatus } from "../../../../shared/dental/constants";
import { canMovePrescription, type createPrescriptionInput, type PrescriptionItem, type prescriptionsInput, type setPrescriptionStatusInput } from "../../../../shared/dental/files";
import { offsetOf, pageOf } from "../../../../shared/platform/pagination";
import { newId } from "../../../ids";
import { appError } from "../../../trpc/errors";
import { customers } from "../../customer/tables";
import { employees } from "../../employee/tables";
import { getPatientRow } from "../access";
import { dentalPatients, dentalPrescriptions } from "../tables";
import { type FilesCtx, patientColumns, patientFilter, searchFilter } from "./common";

const columns = {
  id: dentalPrescriptions.id,
  number: dentalPrescriptions.number,
  ...patientColumns,
  items: dentalPrescriptions.items,
  pharmacyNotes: dentalPrescriptions.pharmacyNotes,
  status: dentalPrescriptions.status,
  dentistId: dentalPrescriptions.dentistId,
  dentistName: employees.name,
  issuedAt: dentalPrescriptions.issuedAt,
};

type Row = { [K in keyof typeof columns]: unknown };
function shape(r: Row) {
  return {
    id: r.id as string,
    number: r.number as number,
    patientId: r.patientId as string,
    patientName: r.patientName as string,
    patientNumber: r.patientNumber as number,
    items: r.items as PrescriptionItem[],
    pharmacyNotes: r.pharmacyNotes as string | null,
    status: r.status as PrescriptionStatus,
    dentistId: r.dentistId as string | null,
    dentistName: (r.dentistName as string | null) ?? null,
    issuedAt: (r.issuedAt as Date).toISOString(),
  };
}
export type PrescriptionRow = ReturnType<typeof shape>;

function base(ctx: FilesCtx) {
  return ctx.tx
    .select(columns)
    .from(dentalPrescriptions)
    .innerJoin(dentalPatients, and(eq(dentalPatients.tenantId, dentalPrescriptions.tenantId), eq(dentalPatients.id, dentalPrescriptions.patientId)))
    .innerJoin(customers, and(eq(customers.tenantId, dentalPatients.tenantId), eq(customers.id, dentalPatients.customerId)))
    .leftJoin(employees, and(eq(employees.tenantId, dentalPrescriptions.tenantId), eq(employees.id, dentalPrescriptions.dentistId)));
}

/** dental.getPrescriptions: newest first; search by patient, medication or number; status filter. */
export async function getPrescriptions(ctx: FilesCtx, input: z.infer<typeof prescriptionsInput>) {
  const where = and(
    eq(dentalPrescriptions.tenantId, ctx.tenantId),
    await patientFilter(ctx, input.patientId, dentalPrescriptions.patientId),
    input.status ? eq(dentalPrescriptions.status, input.status) : undefined,
    searchFilter(input.search, [sql`${dentalPrescriptions.items}::text`, sql`${dentalPrescriptions.number}::text`]),
  );
  const [rows, [total]] = await Promise.all([
    base(ctx)
      .where(where)
      .orderBy(desc(dentalPrescriptions.issuedAt), desc(dentalPrescriptions.number))
      .limit(input.pageSize)
      .offset(offsetOf(input.page, input.pageSize)),
    ctx.tx
      .select({ n: count() })
      .from(dentalPrescriptions)
      .innerJoin(dentalPatients, and(eq(dentalPatients.tenantId, dentalPrescriptions.tenantId), eq(dentalPatients.id, dentalPrescriptions.patientId)))
      .innerJoin(customers, and(eq(customers.tenantId, dentalPatients.tenantId), eq(customers.id, dentalPatients.customerId)))
      .where(where),
  ]);
  return pageOf(rows.map(shape), Number(total?.n ?? 0), input.page, input.pageSize);
}

export async function getPrescriptionRow(ctx: FilesCtx, id: string) {
  const [row] = await base(ctx).where(and(eq(dentalPrescriptions.tenantId, ctx.tenantId), eq(dentalPrescriptions.id, id)));
  if (!row) throw appError("NOT_FOUND", "dentalFiles:errors.prescriptionNotFound");
  return shape(row);
}

/** dental.createPrescription: numbered per tenant (1, 2, …), status active. */
export async function createPrescription(ctx: FilesCtx, input: z.infer<typeof createPrescriptionInput>) {
  await getPatientRow(ctx.tx, ctx.tenantId, input.patientId);
  const [dentist] = await ctx.tx
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.tenantId, ctx.tenantId), eq(employees.id, input.dentistId), eq(employees.isActive, true)));
  if (!dentist) throw appError("BAD_REQUEST", "dentalFiles:errors.dentistNotFound");
  await ctx.tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${ctx.tenantId}:dental_prescription_number`}, 0))`);
  const [last] = await ctx.tx
    .select({ n: sql<number>`coalesce(max(${dentalPrescriptions.number}), 0)` })
    .from(dentalPrescriptions)
    .where(eq(dentalPrescriptions.tenantId, ctx.tenantId));
  const id = newId();
  await ctx.tx.insert(dentalPrescriptions).values({
    tenantId: ctx.tenantId,
    id,
    patientId: input.patientId,
    number: Number(last?.n ?? 0) + 1,
    items: input.items,
    pharmacyNotes: input.pharmacyNotes,
    dentistId: input.dentistId,
    createdBy: ctx.userId,
  });
  return getPrescriptionRow(ctx, id);
}

/** dental.setPrescriptionStatus: active → completed | cancelled (decisions.md). */
export async function setPrescriptionStatus(ctx: FilesCtx, input: z.infer<typeof setPrescriptionStatusInput>) {
  const current = await getPrescriptionRow(ctx, input.id);
  if (!canMovePrescription(current.status, input.status)) throw appError("BAD_REQUEST", "dentalFiles:errors.prescriptionTransition");
  await ctx.tx
    .update(dentalPrescriptions)
    .set({ status: input.status, updatedAt: new Date() })
    .where(and(eq(dentalPrescriptions.tenantId, ctx.tenantId), eq(dentalPrescriptions.id, input.id)));
  return getPrescriptionRow(ctx, input.id);
}
