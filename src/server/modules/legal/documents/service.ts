import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { translate } from "../../../../shared/i18n/translate";
import type { createDocumentInput, LegalDocument, LegalTemplate, saveDocumentInput, templateInput, updateDocumentInput, updateTemplateInput } from "../../../../shared/legal/document";
import { fillTemplate, LEGAL_TIME_ZONE, spanishLongDate, type TemplateValues, templateVariables } from "../../../../shared/legal/variables";
import { businessDate } from "../../../../shared/platform/dates";
import type { Tx } from "../../../db/client";
import { newId } from "../../../ids";
import { appError, isUniqueViolation } from "../../../trpc/errors";
import type { SessionUser } from "../../auth/service";
import { users } from "../../auth/tables";
import { customers } from "../../customer/tables";
import { canSeeConfidential, loadCase } from "../access";
import { legalCaseDocuments, legalCases, legalDocumentTemplates, legalDocumentVersions } from "../tables";
import { sanitizeDocumentHtml } from "./sanitize";

/** What every documents procedure works with. */
export interface DocsCtx {
  tx: Tx;
  tenantId: string;
  tenantName: string;
  user: SessionUser;
}

type DocumentRow = typeof legalCaseDocuments.$inferSelect;

function shape(r: DocumentRow): LegalDocument {
  return {
    id: r.id,
    caseId: r.caseId,
    documentNumber: r.documentNumber,
    title: r.title,
    documentType: r.documentType,
    status: r.status,
    documentDate: r.documentDate,
    filedDate: r.filedDate,
    version: r.version,
    templateId: r.templateId,
    fileName: r.fileName,
    fileSize: r.fileSize,
    fileType: r.fileType,
    requiresSignature: r.requiresSignature,
    signatureStatus: r.signatureStatus,
    isConfidential: r.isConfidential,
    authorId: r.authorId,
    authorName: r.authorName,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Documents the caller may see: confidential ones only for the owner and admins. */
const visible = (ctx: DocsCtx) => and(eq(legalCaseDocuments.tenantId, ctx.tenantId), canSeeConfidential(ctx.user) ? undefined : eq(legalCaseDocuments.isConfidential, false));

/** The document, if the caller may see it; NOT_FOUND otherwise (another tenant's, unknown, or confidential for a cashier). */
export async function loadDocument(ctx: DocsCtx, id: string, forUpdate = false): Promise<DocumentRow> {
  const q = ctx.tx
    .select()
    .from(legalCaseDocuments)
    .where(and(visible(ctx), eq(legalCaseDocuments.id, id)));
  const [row] = forUpdate ? await q.for("update") : await q;
  if (!row) throw appError("NOT_FOUND", "legalDocs:errors.documentNotFound");
  return row;
}

export async function getDocuments(ctx: DocsCtx, caseId: string): Promise<LegalDocument[]> {
  await loadCase(ctx.tx, ctx.tenantId, caseId);
  const rows = await ctx.tx
    .select()
    .from(legalCaseDocuments)
    .where(and(visible(ctx), eq(legalCaseDocuments.caseId, caseId)))
    .orderBy(desc(legalCaseDocuments.documentDate), desc(legalCaseDocuments.documentNumber));
  return rows.map(shape);
}

export async function getDocument(ctx: DocsCtx, id: string) {
  const row = await loadDocument(ctx, id);
  const kase = await loadCase(ctx.tx, ctx.tenantId, row.caseId);
  return { ...shape(row), content: row.content, caseNumber: kase.caseNumber, caseTitle: kase.title };
}

/** The values of the template variables for a case: its client, court, dates, attorney and the firm. */
export async function caseTemplateValues(ctx: DocsCtx, caseId: string, now = new Date()): Promise<TemplateValues> {
  const kase = await loadCase(ctx.tx, ctx.tenantId, caseId);
  const [client] = await ctx.tx
    .select({ name: customers.name, taxId: customers.taxId, address: customers.address })
    .from(customers)
    .where(and(eq(customers.tenantId, ctx.tenantId), eq(customers.id, kase.primaryClientId)));
  let attorney: string | null = null;
  if (kase.leadAttorneyId) {
    const [u] = await ctx.tx
      .select({ name: users.name })
      .from(users)
      .where(and(eq(users.tenantId, ctx.tenantId), eq(users.id, kase.leadAttorneyId)));
    attorney = u?.name ?? null;
  }
  const caseType = translate("es", `legalDocs:caseTypes.${kase.caseType}`);
  return {
    cliente_nombre: client?.name,
    cliente_documento: client?.taxId,
    cliente_direccion: client?.address,
    caso_numero: kase.caseNumber,
    caso_titulo: kase.title,
    caso_tipo: caseType.startsWith("legalDocs:") ? kase.caseType : caseType,
    tribunal: kase.courtName,
    jurisdiccion: kase.courtJurisdiction,
    juez: kase.judgeName,
    fecha_apertura: kase.dateOpened ? spanishLongDate(kase.dateOpened) : "",
    fecha_limite: kase.limitationDate ? spanishLongDate(kase.limitationDate) : "",
    abogado: attorney,
    firma_nombre: ctx.tenantName,
    fecha_actual: spanishLongDate(now),
  };
}

async function loadTemplate(ctx: DocsCtx, id: string) {
  const [row] = await ctx.tx
    .select()
    .from(legalDocumentTemplates)
    .where(and(eq(legalDocumentTemplates.tenantId, ctx.tenantId), eq(legalDocumentTemplates.id, id)));
  if (!row) throw appError("NOT_FOUND", "legalDocs:errors.templateNotFound");
  return row;
}

export async function previewTemplate(ctx: DocsCtx, templateId: string, caseId: string) {
  const template = await loadTemplate(ctx, templateId);
  const { html, unknown } = fillTemplate(template.content, await caseTemplateValues(ctx, caseId));
  return { content: sanitizeDocumentHtml(html), unknownVariables: unknown };
}

/** The next DOC-0001 number of the tenant. */
async function nextDocumentNumber(ctx: DocsCtx): Promise<string> {
  const [row] = await ctx.tx
    .select({ n: sql<number>`coalesce(max(nullif(regexp_replace(${legalCaseDocuments.documentNumber}, '[^0-9]', '', 'g'), '')::int), 0)` })
    .from(legalCaseDocuments)
    .where(eq(legalCaseDocuments.tenantId, ctx.tenantId));
  return `DOC-${String(Number(row?.n ?? 0) + 1).padStart(4, "0")}`;
}

export async function createDocument(ctx: DocsCtx, input: z.infer<typeof createDocumentInput>) {
  await loadCase(ctx.tx, ctx.tenantId, input.caseId);
  let content = input.content ?? "";
  let unknownVariables: string[] = [];
  if (input.templateId) {
    const preview = await previewTemplate(ctx, input.templateId, input.caseId);
    content = preview.content;
    unknownVariables = preview.unknownVariables;
  } else {
    content = sanitizeDocumentHtml(content);
  }
  const id = newId();
  const requiresSignature = input.requiresSignature ?? false;
  const [row] = await ctx.tx
    .insert(legalCaseDocuments)
    .values({
      tenantId: ctx.tenantId,
      id,
      caseId: input.caseId,
      documentNumber: await nextDocumentNumber(ctx),
      title: input.title,
      documentType: input.documentType,
      status: "draft",
      documentDate: input.documentDate ?? businessDate(new Date(), LEGAL_TIME_ZONE),
      content,
      version: 1,
      templateId: input.templateId ?? null,
      requiresSignature,
      signatureStatus: requiresSignature ? "pending" : "not_required",
      isConfidential: input.isConfidential ?? false,
      authorId: ctx.user.id,
      authorName: ctx.user.name,
    })
    .returning();
  await ctx.tx.insert(legalDocumentVersions).values({ tenantId: ctx.tenantId, id: newId(), documentId: id, version: 1, title: input.title, content, createdBy: ctx.user.id });
  return { ...shape(row as DocumentRow), content, unknownVariables };
}

export async function saveDocument(ctx: DocsCtx, input: z.infer<typeof saveDocumentInput>) {
  const doc = await loadDocument(ctx, input.id, true);
  if (doc.version !== input.baseVersion) throw appError("CONFLICT", "legalDocs:errors.staleVersion", { version: doc.version });
  const content = sanitizeDocumentHtml(input.content);
  const title = input.title ?? doc.title;
  const version = doc.version + 1;
  const [row] = await ctx.tx
    .update(legalCaseDocuments)
    .set({ content, title, version, updatedAt: new Date() })
    .where(and(eq(legalCaseDocuments.tenantId, ctx.tenantId), eq(legalCaseDocuments.id, doc.id)))
    .returning();
  await ctx.tx.insert(legalDocumentVersions).values({ tenantId: ctx.tenantId, id: newId(), documentId: doc.id, version, title, content, createdBy: ctx.user.id });
  return shape(row as DocumentRow);
}

export async function updateDocument(ctx: DocsCtx, input: z.infer<typeof updateDocumentInput>) {
  const doc = await loadDocument(ctx, input.id, true);
  const { id: _id, ...changes } = input;
  const set: Partial<DocumentRow> = { updatedAt: new Date() };
  for (const [k, v] of Object.entries(changes)) if (v !== undefined) (set as Record<string, unknown>)[k] = v;
  if (input.requiresSignature === false && input.signatureStatus === undefined) set.signatureStatus = "not_required";
  if (input.requiresSignature === true && input.signatureStatus === undefined && doc.signatureStatus === "not_required") set.signatureStatus = "pending";
  const [row] = await ctx.tx
    .update(legalCaseDocuments)
    .set(set)
    .where(and(eq(legalCaseDocuments.tenantId, ctx.tenantId), eq(legalCaseDocuments.id, doc.id)))
    .returning();
  return shape(row as DocumentRow);
}

export async function getDocumentVersions(ctx: DocsCtx, id: string) {
  const doc = await loadDocument(ctx, id);
  const rows = await ctx.tx
    .select({ version: legalDocumentVersions.version, title: legalDocumentVersions.title, createdAt: legalDocumentVersions.createdAt, createdByName: users.name })
    .from(legalDocumentVersions)
    .leftJoin(users, and(eq(users.tenantId, legalDocumentVersions.tenantId), eq(users.id, legalDocumentVersions.createdBy)))
    .where(and(eq(legalDocumentVersions.tenantId, ctx.tenantId), eq(legalDocumentVersions.documentId, doc.id)))
    .orderBy(desc(legalDocumentVersions.version));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), createdByName: r.createdByName ?? null }));
}

export async function getDocumentVersion(ctx: DocsCtx, id: string, version: number) {
  const doc = await loadDocument(ctx, id);
  const [row] = await ctx.tx
    .select({ version: legalDocumentVersions.version, title: legalDocumentVersions.title, content: legalDocumentVersions.content })
    .from(legalDocumentVersions)
    .where(and(eq(legalDocumentVersions.tenantId, ctx.tenantId), eq(legalDocumentVersions.documentId, doc.id), eq(legalDocumentVersions.version, version)));
  if (!row) throw appError("NOT_FOUND", "legalDocs:errors.versionNotFound");
  return row;
}

type TemplateRow = typeof legalDocumentTemplates.$inferSelect;
const shapeTemplate = (r: TemplateRow): LegalTemplate => ({
  id: r.id,
  name: r.name,
  description: r.description,
  documentType: r.documentType,
  content: r.content,
  isActive: r.isActive,
  variables: templateVariables(r.content),
});

export async function getTemplates(ctx: DocsCtx) {
  const rows = await ctx.tx.select().from(legalDocumentTemplates).where(eq(legalDocumentTemplates.tenantId, ctx.tenantId)).orderBy(asc(legalDocumentTemplates.name));
  return rows.map(shapeTemplate);
}

export async function getTemplate(ctx: DocsCtx, id: string) {
  return shapeTemplate(await loadTemplate(ctx, id));
}

async function nameTaken<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e)) throw appError("BAD_REQUEST", "legalDocs:errors.templateNameTaken");
    throw e;
  }
}

async function assertNameFree(ctx: DocsCtx, name: string, exceptId?: string) {
  const [row] = await ctx.tx
    .select({ id: legalDocumentTemplates.id })
    .from(legalDocumentTemplates)
    .where(and(eq(legalDocumentTemplates.tenantId, ctx.tenantId), sql`lower(${legalDocumentTemplates.name}) = lower(${name})`));
  if (row && row.id !== exceptId) throw appError("BAD_REQUEST", "legalDocs:errors.templateNameTaken");
}

export async function createTemplate(ctx: DocsCtx, input: z.infer<typeof templateInput>) {
  await assertNameFree(ctx, input.name);
  const [row] = await nameTaken(() =>
    ctx.tx
      .insert(legalDocumentTemplates)
      .values({
        tenantId: ctx.tenantId,
        id: newId(),
        name: input.name,
        description: input.description ?? null,
        documentType: input.documentType,
        content: sanitizeDocumentHtml(input.content),
        isActive: input.isActive ?? true,
        createdBy: ctx.user.id,
      })
      .returning(),
  );
  return shapeTemplate(row as TemplateRow);
}

export async function updateTemplate(ctx: DocsCtx, input: z.infer<typeof updateTemplateInput>) {
  const current = await loadTemplate(ctx, input.id);
  if (input.name !== undefined) await assertNameFree(ctx, input.name, current.id);
  const set: Partial<TemplateRow> = { updatedAt: new Date() };
  if (input.name !== undefined) set.name = input.name;
  if (input.description !== undefined) set.description = input.description ?? null;
  if (input.documentType !== undefined) set.documentType = input.documentType;
  if (input.content !== undefined) set.content = sanitizeDocumentHtml(input.content);
  if (input.isActive !== undefined) set.isActive = input.isActive;
  const [row] = await nameTaken(() =>
    ctx.tx
      .update(legalDocumentTemplates)
      .set(set)
      .where(and(eq(legalDocumentTemplates.tenantId, ctx.tenantId), eq(legalDocumentTemplates.id, current.id)))
      .returning(),
  );
  return shapeTemplate(row as TemplateRow);
}

/** For the export route: the case's number and title of a document. */
export async function caseOf(ctx: DocsCtx, caseId: string) {
  const [row] = await ctx.tx
    .select({ caseNumber: legalCases.caseNumber, title: legalCases.title })
    .from(legalCases)
    .where(and(eq(legalCases.tenantId, ctx.tenantId), eq(legalCases.id, caseId)));
  return row ?? null;
}
