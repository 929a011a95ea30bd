import { TRPCError } from "@trpc/server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { languageOf, translate } from "../../../../shared/i18n/translate";
import { EXPORT_FORMATS, type ExportFormat, slugOf } from "../../../../shared/legal/document";
import { hasPermission } from "../../../../shared/permissions";
import type { AppDeps } from "../../../app";
import { withTenant } from "../../../db/client";
import { readSessionUser } from "../../auth/service";
import { resolveTenantFromHost } from "../../tenant/service";
import { documentDocx } from "./export-docx";
import { documentPdf } from "./export-pdf";
import { caseOf, loadDocument } from "./service";

function fail(req: FastifyRequest, reply: FastifyReply, status: number, key: string) {
  return reply.status(status).send({ message: translate(languageOf(req.headers), `legalDocs:errors.${key}`) });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TYPES: Record<ExportFormat, string> = { pdf: "application/pdf", docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" };

/**
 * GET /api/legal/documents/:id/export?format=pdf|docx (issue 20): the document built on the
 * server from its HTML, as an attachment named {documentNumber}-{slug}.pdf|docx. Signed-in users
 * of the host's tenant with the legal module and legal.view; a confidential document only for the
 * owner and admins, another tenant's or unknown document 404.
 */
export async function legalDocumentRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get<{ Params: { id: string }; Querystring: { format?: string } }>("/api/legal/documents/:id/export", async (req, reply) => {
    const format = (req.query.format ?? "pdf") as ExportFormat;
    if (!EXPORT_FORMATS.includes(format)) return fail(req, reply, 400, "exportFormatInvalid");
    const tenant = await resolveTenantFromHost(deps, req.headers.host);
    if (!tenant || tenant.status === "suspended") return fail(req, reply, 404, "documentNotFound");
    const id = req.params.id;
    const found = await withTenant(deps.db, tenant.id, async (tx) => {
      const user = await readSessionUser(tx, deps, req, tenant.id);
      if (!user) return 401 as const;
      if (!hasPermission(user, "legal.view")) return 403 as const;
      if (!UUID.test(id)) return 404 as const;
      const ctx = { tx, tenantId: tenant.id, tenantName: tenant.name, user };
      try {
        const doc = await loadDocument(ctx, id);
        const kase = await caseOf(ctx, doc.caseId);
        return { doc, caseNumber: kase?.caseNumber ?? "" };
      } catch (e) {
        if (e instanceof TRPCError && e.code === "NOT_FOUND") return 404 as const;
        throw e;
      }
    });
    if (found === 401) return reply.status(401).send({ message: "User not authenticated" });
    if (found === 403) return fail(req, reply, 403, "noAccess");
    if (found === 404) return fail(req, reply, 404, "documentNotFound");
    const input = { title: found.doc.title, documentNumber: found.doc.documentNumber, caseNumber: found.caseNumber, content: found.doc.content };
    const bytes = format === "pdf" ? await documentPdf(input) : await documentDocx(input);
    const name = `${found.doc.documentNumber}-${slugOf(found.doc.title)}.${format}`;
    return reply
      .type(TYPES[format])
      .header("cache-control", "private, no-store")
      .header("x-content-type-options", "nosniff")
      .header("content-disposition", `attachment; filename="${name}"`)
      .send(bytes);
  });
}
