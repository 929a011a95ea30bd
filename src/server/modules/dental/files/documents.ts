import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { DENTAL_MAX_FILE_BYTES } from "../../../../shared/dental/constants";
import type { createDocumentInput, deleteDocumentInput, documentsInput } from "../../../../shared/dental/files";
import { offsetOf, pageOf } from "../../../../shared/platform/pagination";
import { newId } from "../../../ids";
import { appError } from "../../../trpc/errors";
import { customers } from "../../customer/tables";
import type { UploadStorage } from "../../upload/storage";
import { getPatientRow } from "../access";
import { dentalDocuments, dentalPatients } from "../tables";
import { type FilesCtx, patientColumns, patientFilter, searchFilter } from "./common";
import { storedDentalFile } from "./storage";

const columns = {
  id: dentalDocuments.id,
  ...patientColumns,
  name: dentalDocuments.name,
  type: dentalDocuments.type,
  fileUrl: dentalDocuments.fileUrl,
  fileSize: dentalDocuments.fileSize,
  mimeType: dentalDocuments.mimeType,
  tags: dentalDocuments.tags,
  isConfidential: dentalDocuments.isConfidential,
  createdAt: dentalDocuments.createdAt,
};
const joined = (ctx: FilesCtx) =>
  ctx.tx
    .select(columns)
    .from(dentalDocuments)
    .innerJoin(dentalPatients, and(eq(dentalPatients.tenantId, dentalDocuments.tenantId), eq(dentalPatients.id, dentalDocuments.patientId)))
    .innerJoin(customers, and(eq(customers.tenantId, dentalPatients.tenantId), eq(customers.id, dentalPatients.customerId)));

function shape(r: Awaited<ReturnType<typeof joined>>[number]) {
  return { ...r, createdAt: r.createdAt.toISOString() };
}
export type DocumentRow = ReturnType<typeof shape>;

/** The documents a caller may see: not deleted, and confidential ones only with the 'confidential' right. */
function visible(ctx: FilesCtx) {
  return and(eq(dentalDocuments.tenantId, ctx.tenantId), isNull(dentalDocuments.deletedAt), ctx.rights.includes("confidential") ? undefined : eq(dentalDocuments.isConfidential, false));
}

const counted = (ctx: FilesCtx) =>
  ctx.tx
    .select({ n: count() })
    .from(dentalDocuments)
    .innerJoin(dentalPatients, and(eq(dentalPatients.tenantId, dentalDocuments.tenantId), eq(dentalPatients.id, dentalDocuments.patientId)))
    .innerJoin(customers, and(eq(customers.tenantId, dentalPatients.tenantId), eq(customers.id, dentalPatients.customerId)));

/** dental.getDocuments: newest first; search by name, tags or patient; type filter; confidential ones hidden without the right. */
export async function getDocuments(ctx: FilesCtx, input: z.infer<typeof documentsInput>) {
  const where = and(
    visible(ctx),
    await patientFilter(ctx, input.patientId, dentalDocuments.patientId),
    input.type ? eq(dentalDocuments.type, input.type) : undefined,
    searchFilter(input.search, [dentalDocuments.name, sql`${dentalDocuments.tags}::text`]),
  );
  const [rows, [total]] = await Promise.all([
    joined(ctx)
      .where(where)
      .orderBy(desc(dentalDocuments.createdAt), desc(dentalDocuments.id))
      .limit(input.pageSize)
      .offset(offsetOf(input.page, input.pageSize)),
    counted(ctx).where(where),
  ]);
  return pageOf(rows.map((r) => shape(r)), Number(total?.n ?? 0), input.page, input.pageSize);
}

/** dental.createDocument: the file must be one of the tenant's dental uploads (its size and type are read from storage, at most 10 MB). */
export async function createDocument(ctx: FilesCtx, storage: UploadStorage, input: z.infer<typeof createDocumentInput>) {
  await getPatientRow(ctx.tx, ctx.tenantId, input.patientId);
  const stored = await storedDentalFile(storage, ctx.tenantId, input.fileUrl);
  if (!stored) throw appError("BAD_REQUEST", "dentalFiles:errors.fileNotStored");
  if (stored.size > DENTAL_MAX_FILE_BYTES) throw appError("BAD_REQUEST", "dentalFiles:errors.fileTooLarge");
  const id = newId();
  await ctx.tx.insert(dentalDocuments).values({
    tenantId: ctx.tenantId,
    id,
    patientId: input.patientId,
    name: input.name,
    type: input.type,
    fileUrl: input.fileUrl,
    fileSize: stored.size,
    mimeType: stored.type,
    tags: input.tags,
    isConfidential: input.isConfidential,
    createdBy: ctx.userId,
  });
  const [row] = await joined(ctx).where(and(eq(dentalDocuments.tenantId, ctx.tenantId), eq(dentalDocuments.id, id)));
  return shape(row!);
}

/** dental.deleteDocument: removed from the lists (deleted_at, deleted_by); the row and the file stay. */
export async function deleteDocument(ctx: FilesCtx, input: z.infer<typeof deleteDocumentInput>) {
  const [row] = await ctx.tx
    .select({ id: dentalDocuments.id })
    .from(dentalDocuments)
    .where(and(visible(ctx), eq(dentalDocuments.id, input.id)));
  if (!row) throw appError("NOT_FOUND", "dentalFiles:errors.documentNotFound");
  await ctx.tx
    .update(dentalDocuments)
    .set({ deletedAt: new Date(), deletedBy: ctx.userId })
    .where(and(eq(dentalDocuments.tenantId, ctx.tenantId), eq(dentalDocuments.id, input.id)));
  return { id: input.id };
}
