import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { languageOf, translate } from "../../../shared/i18n/translate";
import { hasAnyPermission } from "../../../shared/permissions";
import type { AppDeps } from "../../app";
import { withTenant } from "../../db/client";
import { readSessionUser } from "../auth/service";
import { creditNotePdfFilename, type InvoicePdfData, invoicePdf } from "../invoice/pdf";
import { resolveTenantFromHost } from "../tenant/service";
import { getCreditNote } from "./service";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Who may print a credit note: whoever sees credit notes, and the cashier who makes a return. */
const PRINT_PERMISSIONS = ["credit_notes.view", "credit_notes.create"];

type CreditNote = Awaited<ReturnType<typeof getCreditNote>>;

/** A credit note in the invoice PDF's shape: the B04 title, the NCF it modifies, what it applied and refunded. */
export function creditNotePdfData(n: CreditNote): InvoicePdfData {
  return {
    order: {
      number: n.number,
      created_at: n.createdAt,
      subtotal: n.subtotal,
      discount_total: "0",
      tax_total: n.taxTotal,
      total: n.total,
      change_amount: "0",
      government_invoice_number: n.ncf,
      ncf_type: n.ncf ? n.ncf.slice(0, 3) : "B04",
      ncf_type_description: null,
      ncf_expires_on: n.ncfExpiresOn,
      status: n.status === "rejected" ? "cancelled" : "completed",
      notes: n.notes,
    },
    items: n.items.map((i) => ({ product_name: i.productName, quantity: i.quantity, unit_price: i.unitPrice, discount_value: "0", subtotal: i.subtotal, itbis: i.taxAmount, total: i.total })),
    payments: [],
    customer: { name: n.customer.name, taxId: n.customer.taxId },
    warehouse: { name: n.warehouse.name, businessName: n.business.name, address: n.business.address, phone: n.business.phone, taxId: n.business.taxId },
    cashier: n.createdBy,
    invoice: { date: n.date, dueDate: null, paidTotal: "0", balanceDue: "0", creditedTotal: "0" },
    creditNote: {
      modifiedNcf: n.modifiedNcf,
      invoiceNumber: n.order.number,
      appliedAmount: n.appliedAmount,
      refundAmount: n.refundAmount,
      refundMethod: n.refundMethod,
      itbisCreditable: n.itbisCreditable,
    },
  };
}

/** 1732530000000-nota.pdf ⇒ nota.pdf: the leading numeric-timestamp prefix goes; only safe characters stay. */
export function ticketFilename(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? "";
  const name = base
    .replace(/^\d{9,}[-_]/, "")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[.-]+/, "");
  return name || "ticket.pdf";
}

/** The same-origin documents the ticket download may fetch: our PDFs and this tenant's uploads. */
export function ticketSourceAllowed(path: string, tenantId: string): boolean {
  const [pathname = ""] = path.split("?");
  if (/^\/api\/(credit-notes|invoices)\/[0-9a-f-]{36}\/pdf$/i.test(pathname)) return true;
  const upload = /^\/uploads\/([0-9a-f-]{36})\/[A-Za-z0-9._-]+$/i.exec(pathname);
  return !!upload && upload[1] === tenantId && !pathname.includes("..");
}

function failJson(req: FastifyRequest, reply: FastifyReply, status: number, key: string, vars?: Record<string, unknown>) {
  return reply.status(status).send({ error: translate(languageOf(req.headers), `errors:${key}`, vars) });
}

/**
 * - GET /api/credit-notes/:id/pdf?format=letter|80mm&lang=es|en: the credit note as a PDF (same
 *   layouts as the invoice), for a signed-in user with credit_notes.view or credit_notes.create.
 * - GET /api/download/ticket?url={encoded}&filename={encoded} (spec 02 §7): the file at `url` as
 *   an attachment named `filename` without its leading timestamp; on failure JSON {error}. `url` is
 *   one of this app's documents (a credit note or invoice PDF, or an upload of the caller's tenant),
 *   fetched with the caller's own session, so it can never reach another host or tenant.
 */
export async function creditNoteRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get<{ Params: { id: string }; Querystring: { format?: string; lang?: string } }>("/api/credit-notes/:id/pdf", async (req, reply) => {
    const tenant = await resolveTenantFromHost(deps, req.headers.host);
    if (!tenant || tenant.status === "suspended") return failJson(req, reply, 404, "tenantNotFound");
    const format = req.query.format ?? "letter";
    if (format !== "letter" && format !== "80mm") return failJson(req, reply, 400, "invalidInput");
    const loaded = await withTenant(deps.db, tenant.id, async (tx) => {
      const user = await readSessionUser(tx, deps, req, tenant.id);
      if (!user) return { status: 401 as const };
      if (!hasAnyPermission(user, PRINT_PERMISSIONS)) return { status: 403 as const };
      if (!UUID.test(req.params.id)) return { status: 404 as const };
      try {
        return { status: 200 as const, note: await getCreditNote({ tx, tenant, user }, { id: req.params.id }), language: req.query.lang ?? user.language ?? languageOf(req.headers) };
      } catch (e) {
        if ((e as { code?: string })?.code === "NOT_FOUND") return { status: 404 as const };
        throw e;
      }
    });
    if (loaded.status === 401) return failJson(req, reply, 401, "notAuthenticated");
    if (loaded.status === 403) return failJson(req, reply, 403, "forbidden", { permission: PRINT_PERMISSIONS.join(" / ") });
    if (loaded.status === 404) return failJson(req, reply, 404, "notFound");
    const language = loaded.language === "en" ? "en" : "es";
    const pdf = await invoicePdf(creditNotePdfData(loaded.note), { format, language, timeZone: tenant.timezone });
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `attachment; filename="${creditNotePdfFilename(loaded.note.number)}"`)
      .header("cache-control", "private, no-store")
      .header("x-content-type-options", "nosniff")
      .send(pdf);
  });

  app.get<{ Querystring: { url?: string; filename?: string } }>("/api/download/ticket", async (req, reply) => {
    const tenant = await resolveTenantFromHost(deps, req.headers.host);
    if (!tenant || tenant.status === "suspended") return failJson(req, reply, 404, "tenantNotFound");
    const raw = String(req.query.url ?? "");
    let path: string;
    try {
      // A full address is accepted only on this same host.
      const parsed = new URL(raw, `http://${req.headers.host ?? "localhost"}`);
      if (parsed.host !== (req.headers.host ?? "localhost")) return failJson(req, reply, 400, "ticketUrlNotAllowed");
      path = `${parsed.pathname}${parsed.search}`;
    } catch {
      return failJson(req, reply, 400, "ticketUrlNotAllowed");
    }
    if (!raw || !ticketSourceAllowed(path, tenant.id)) return failJson(req, reply, 400, "ticketUrlNotAllowed");
    const res = await app.inject({
      method: "GET",
      url: path,
      headers: { host: req.headers.host ?? "", ...(req.headers.cookie ? { cookie: req.headers.cookie } : {}), ...(req.headers["accept-language"] ? { "accept-language": req.headers["accept-language"] } : {}) },
    });
    if (res.statusCode !== 200) {
      let body: { error?: string; message?: string } = {};
      try {
        body = res.json();
      } catch {}
      return reply.status(res.statusCode).send({ error: body.error ?? body.message ?? translate(languageOf(req.headers), "errors:notFound") });
    }
    const filename = ticketFilename(String(req.query.filename ?? "") || path.split("?")[0]!);
    return reply
      .header("content-type", res.headers["content-type"] ?? "application/octet-stream")
      .header("content-disposition", `attachment; filename="${filename}"`)
      .header("cache-control", "private, no-store")
      .header("x-content-type-options", "nosniff")
      .send(res.rawPayload);
  });
}
