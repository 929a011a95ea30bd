import { z } from "zod";
import {
  createDocumentInput,
  documentIdInput,
  documentsInput,
  documentVersionInput,
  previewTemplateInput,
  saveDocumentInput,
  templateInput,
  updateDocumentInput,
  updateTemplateInput,
} from "../../../../shared/legal/document";
import type { Tx } from "../../../db/client";
import { router } from "../../../trpc/init";
import type { SessionUser } from "../../auth/service";
import type { TenantRow } from "../../tenant/service";
import { legalProcedure } from "../access";
import * as docs from "./service";

const view = legalProcedure("legal.view");
const update = legalProcedure("legal.update");

type Ctx = { tx: Tx; tenant: TenantRow; user: SessionUser };
const docsCtx = (ctx: Ctx): docs.DocsCtx => ({ tx: ctx.tx, tenantId: ctx.tenant.id, tenantName: ctx.tenant.name, user: ctx.user });
const templateIdInput = z.object({ id: z.string({ error: "legalDocs:errors.templateNotFound" }).uuid({ error: "legalDocs:errors.templateNotFound" }) });

/**
 * legalCase.* for documents, their versions, templates and variables (issue 20). Confidential
 * documents are listed, opened and versioned only for the owner and admins (NOT_FOUND otherwise).
 */
export const documentsRouter = router({
  getDocuments: view.input(documentsInput).query(({ ctx, input }) => docs.getDocuments(docsCtx(ctx), input.caseId)),
  getDocument: view.input(documentIdInput).query(({ ctx, input }) => docs.getDocument(docsCtx(ctx), input.id)),
  createDocument: update.input(createDocumentInput).mutation(({ ctx, input }) => docs.createDocument(docsCtx(ctx), input)),
  saveDocument: update.input(saveDocumentInput).mutation(({ ctx, input }) => docs.saveDocument(docsCtx(ctx), input)),
  updateDocument: update.input(updateDocumentInput).mutation(({ ctx, input }) => docs.updateDocument(docsCtx(ctx), input)),
  getDocumentVersions: view.input(documentIdInput).query(({ ctx, input }) => docs.getDocumentVersions(docsCtx(ctx), input.id)),
  getDocumentVersion: view.input(documentVersionInput).query(({ ctx, input }) => docs.getDocumentVersion(docsCtx(ctx), input.id, input.version)),
  getTemplates: view.input(z.object({}).optional()).query(({ ctx }) => docs.getTemplates(docsCtx(ctx))),
  getTemplate: view.input(templateIdInput).query(({ ctx, input }) => docs.getTemplate(docsCtx(ctx), input.id)),
  createTemplate: update.input(templateInput).mutation(({ ctx, input }) => docs.createTemplate(docsCtx(ctx), input)),
  updateTemplate: update.input(updateTemplateInput).mutation(({ ctx, input }) => docs.updateTemplate(docsCtx(ctx), input)),
  previewTemplate: view.input(previewTemplateInput).query(({ ctx, input }) => docs.previewTemplate(docsCtx(ctx), input.templateId, input.caseId)),
});
