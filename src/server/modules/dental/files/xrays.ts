import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { type createXrayInput, type updateXrayInput, XRAY_EXTENSIONS, type xraysInput } from "../../../../shared/dental/files";
import { offsetOf, pageOf } from "../../../../shared/platform/pagination";
import { extensionOf } from "../../../../shared/platform/uploads";
import { newId } from "../../../ids";
import { appError } from "../../../trpc/errors";
import { customers } from "../../customer/tables";
import type { UploadStorage } from "../../upload/storage";
import { getPatientRow } from "../access";
import { dentalPatients, dentalXrays } from "../tables";
import { type FilesCtx, patientColumns, patientFilter, searchFilter } from "./common";
import { storedDentalFile } from "./storage";

const columns = {
  id: dentalXrays.id,
  ...patientColumns,
  type: dentalXrays.type,
  fileUrl: dentalXrays.fileUrl,
  fileName: dentalXrays.fileName,
  fileSize: dentalXrays.fileSize,
  teeth: dentalXrays.teeth,
  findings: dentalXrays.findings,
  annotations: dentalXrays.annotations,
  takenBy: dentalXrays.takenBy,
  takenAt: dentalXrays.takenAt,
  createdAt: dentalXrays.createdAt,
  updatedAt: dentalXrays.updatedAt,
};
const joined = (ctx: FilesCtx) =>
  ctx.tx
    .select(columns)
    .from(dentalXrays)
    .innerJoin(dentalPatients, and(eq(dentalPatients.tenantId, dentalXrays.tenantId), eq(dentalPatients.id, dentalXrays.patientId)))
    .innerJoin(customers, and(eq(customers.tenantId, dentalPatients.tenantId), eq(customers.id, dentalPatients.customerId)));

function shape(r: Awaited<ReturnType<typeof joined>>[number]) {
  return { ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() };
}
export type XrayRow = ReturnType<typeof shape>;

/** dental.getXrays: newest date first; per patient or across patients; search by patient, findings, file name; type filter. */
export async function getXrays(ctx: FilesCtx, input: z.infer<typeof xraysInput>) {
  const where = and(
    eq(dentalXrays.tenantId, ctx.tenantId),
    await patientFilter(ctx, input.patientId, dentalXrays.patientId),
    input.type ? eq(dentalXrays.type, input.type) : undefined,
    searchFilter(input.search, [sql`coalesce(${dentalXrays.findings}, '')`, dentalXrays.fileName]),
  );
  const [rows, [total]] = await Promise.all([
    joined(ctx)
      .where(where)
      .orderBy(desc(dentalXrays.takenAt), desc(dentalXrays.createdAt), desc(dentalXrays.id))
      .limit(input.pageSize)
      .offset(offsetOf(input.page, input.pageSize)),
    ctx.tx
      .select({ n: count() })
      .from(dentalXrays)
      .innerJoin(dentalPatients, and(eq(dentalPatients.tenantId, dentalXrays.tenantId), eq(dentalPatients.id, dentalXrays.patientId)))
      .innerJoin(customers, and(eq(customers.tenantId, dentalPatients.tenantId), eq(customers.id, dentalPatients.customerId)))
      .where(where),
  ]);
  return pageOf(rows.map(shape), Number(total?.n ?? 0), input.page, input.pageSize);
}

async function xrayRow(ctx: FilesCtx, id: string) {
  const [row] = await joined(ctx).where(and(eq(dentalXrays.tenantId, ctx.tenantId), eq(dentalXrays.id, id)));
  if (!row) throw appError("NOT_FOUND", "dentalFiles:errors.xrayNotFound");
  return shape(row);
}

/** dental.createXray: one x-ray per uploaded image (several images of one session share type, teeth, findings and date). */
export async function createXrays(ctx: FilesCtx, storage: UploadStorage, input: z.infer<typeof createXrayInput>) {
  await getPatientRow(ctx.tx, ctx.tenantId, input.patientId);
  const ids: string[] = [];
  for (const file of input.files) {
    if (!(XRAY_EXTENSIONS as readonly string[]).includes(extensionOf(file.url))) throw appError("BAD_REQUEST", "dentalFiles:errors.xrayImageType");
    const stored = await storedDentalFile(storage, ctx.tenantId, file.url);
    if (!stored) throw appError("BAD_REQUEST", "dentalFiles:errors.fileNotStored");
    const id = newId();
    ids.push(id);
    await ctx.tx.insert(dentalXrays).values({
      tenantId: ctx.tenantId,
      id,
      patientId: input.patientId,
      type: input.type,
      fileUrl: file.url,
      fileName: file.name,
      fileSize: stored.size,
      teeth: input.teeth,
      findings: input.findings,
      takenBy: input.takenBy,
      takenAt: input.takenAt,
      createdBy: ctx.userId,
    });
  }
  const rows = await joined(ctx).where(and(eq(dentalXrays.tenantId, ctx.tenantId), inArray(dentalXrays.id, ids)));
  return rows.map(shape);
}

/** dental.updateXray: findings, annotations (the whole list, as drawn), teeth, type, taken by, date. */
export async function updateXray(ctx: FilesCtx, input: z.infer<typeof updateXrayInput>) {
  await xrayRow(ctx, input.id);
  const { id, ...changes } = input;
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  await ctx.tx
    .update(dentalXrays)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(dentalXrays.tenantId, ctx.tenantId), eq(dentalXrays.id, id)));
  return xrayRow(ctx, id);
}
