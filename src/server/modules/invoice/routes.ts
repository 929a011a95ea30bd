import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { languageOf, translate } from "../../../shared/i18n/translate";
import { hasPermission } from "../../../shared/permissions";
import type { AppDeps } from "../../app";
import { withTenant } from "../../db/client";
import { readSessionUser } from "../auth/service";
import { resolveTenantFromHost, type TenantRow } from "../tenant/service";
import { type InvoicePdfFormat, type InvoicePdfLanguage, invoicePdf, invoicePdfFilename } from "./pdf";
import { getInvoiceDocument, getSharedInvoiceDocument, type InvoiceDocument } from "./share";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface PdfQuery {
  format?: string;
  lang?: string;
}

function fail(req: FastifyRequest, reply: FastifyReply, status: number, key: string, vars?: Record<string, unknown>) {
  return reply.status(status).send({ message: translate(languageOf(req.headers), `errors:${key}`, vars) });
}

/** ?format=letter|80mm&lang=es|en (letter, and the request's language, when absent); null when either is unknown. */
function pdfOptions(req: FastifyRequest, fallbackLanguage: string | null): { format: InvoicePdfFormat; language: InvoicePdfLanguage } | null {
  const q = (req.query ?? {}) as PdfQuery;
  const format = q.format ?? "letter";
  if (format !== "letter" && format !== "80mm") return null;
  const lang = q.lang ?? fallbackLanguage ?? languageOf(req.headers);
  if (lang !== "es" && lang !== "en") return null;
  return { format, language: lang };
}

/** Not a database-not-found: the service's NOT_FOUND error. */
function isNotFound(e: unknown): boolean {
  return (e as { code?: string })?.code === "NOT_FOUND";
}

async function sendPdf(reply: FastifyReply, tenant: TenantRow, doc: InvoiceDocument, opts: { format: InvoicePdfFormat; language: InvoicePdfLanguage }) {
  const pdf = await invoicePdf(doc, { ...opts, timeZone: tenant.timezone });
  return reply
    .header("content-type", "application/pdf")
    .header("content-disposition", `attachment; filename="${invoicePdfFilename(doc.order.number)}"`)
    .header("cache-control", "private, no-store")
    .header("x-content-type-options", "nosniff")
    .send(pdf);
}

/**
 * The invoice PDF over plain HTTP (a browser download, not a tRPC call):
 * - GET /api/invoices/:id/pdf?format=letter|80mm&lang=es|en: the signed-in user of the host's
 *   tenant with invoices.view (401 without a session, 403 without the permission, 404 for an
 *   unknown id or another tenant's);
 * - GET /api/public/invoices/:token/pdf: no session; the token must be the invoice's current
 *   share_token on this host's tenant, else 404.
 * The data is read in one tenant transaction; the PDF is rendered after it is closed.
 */
export async function invoiceRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get<{ Params: { id: string }; Querystring: PdfQuery }>("/api/invoices/:id/pdf", async (req, reply) => {
    const tenant = await resolveTenantFromHost(deps, req.headers.host);
    if (!tenant || tenant.status === "suspended") return fail(req, reply, 404, "tenantNotFound");
    const loaded = await withTenant(deps.db, tenant.id, async (tx) => {
      const user = await readSessionUser(tx, deps, req, tenant.id);
      if (!user) return { status: 401 as const };
      if (!hasPermission(user, "invoices.view")) return { status: 403 as const };
      const opts = pdfOptions(req, user.language);
      if (!opts) return { status: 400 as const };
      if (!UUID.test(req.params.id)) return { status: 404 as const };
      try {
        return { status: 200 as const, doc: await getInvoiceDocument(tx, tenant, req.params.id), opts };
      } catch (e) {
        if (isNotFound(e)) return { status: 404 as const };
        throw e;
      }
    });
    if (loaded.status === 401) return fail(req, reply, 401, "notAuthenticated");
    if (loaded.status === 403) return fail(req, reply, 403, "forbidden", { permission: "invoices.view" });
    if (loaded.status === 400) return fail(req, reply, 400, "invalidInput");
    if (loaded.status === 404) return fail(req, reply, 404, "notFound");
    return sendPdf(reply, tenant, loaded.doc, loaded.opts);
  });

  app.get<{ Params: { token: string }; Querystring: PdfQuery }>(
    "/api/public/invoices/:token/pdf",
    // Anyone may call it: rendering costs CPU, so each address gets a fair share.
    { config: { rateLimit: { max: 60, timeWindow: "1 minute" } } },
    async (req, reply) => {
      const tenant = await resolveTenantFromHost(deps, req.headers.host);
      if (!tenant || tenant.status === "suspended") return fail(req, reply, 404, "notFound");
      const opts = pdfOptions(req, null);
      if (!opts) return fail(req, reply, 400, "invalidInput");
      const doc = await withTenant(deps.db, tenant.id, async (tx) => {
        try {
          return await getSharedInvoiceDocument(tx, tenant, req.params.token);
        } catch (e) {
          if (isNotFound(e)) return null;
          throw e;
        }
      });
      if (!doc) return fail(req, reply, 404, "notFound");
      return sendPdf(reply, tenant, doc, opts);
    },
  );
}
