import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { toBig } from "../../../shared/catalog/decimal";
import { translate } from "../../../shared/i18n/translate";
import { formatMoney } from "../../../shared/money/format";
import { whatsappNumber } from "../../../shared/platform/whatsapp";
import { buildReceiptText, RECEIPT_TEXT_WIDTH } from "../../../shared/pos/receipt";
import type { Tx } from "../../db/client";
import { appError, notFound } from "../../trpc/errors";
import { escapeHtml, type MailStatus, sendMail } from "../mail/service";
import { getReceiptData, type PosContext, type ReceiptData } from "../pos/service";
import { orderPayments, orders } from "../pos/tables";
import type { TenantRow } from "../tenant/service";
import { type InvoiceExtras, type InvoicePdfLanguage, invoicePdf, invoicePdfFilename } from "./pdf";

/**
 * Sharing an invoice: by e-mail (the letter PDF attached; SMTP when configured, else the outbox),
 * by a WhatsApp click-to-chat link, and through a public read-only link whose unguessable token
 * lives in orders.share_token until it is revoked. A cancelled invoice may still be shared: its
 * PDF says ANULADA. Drafts are not invoices yet and are not found here.
 */

type Tenant = TenantRow;

/** The statuses of an issued invoice (a draft or a discarded draft is not one). */
const SHAREABLE = ["completed", "cancelled"];

/** The receipt data of an invoice with each payment's status and the invoice's dates and balance. */
export type InvoiceDocument = Omit<ReceiptData, "payments"> & {
  payments: (ReceiptData["payments"][number] & { status: string })[];
  invoice: InvoiceExtras;
};

/** What a public link shows: the invoice without internal ids, cash-box settings or the customer's contact and points. */
export interface SharedInvoice {
  order: Omit<ReceiptData["order"], "id">;
  items: Omit<ReceiptData["items"][number], "id" | "product_id">[];
  payments: (Omit<ReceiptData["payments"][number], "id"> & { status: string })[];
  customer: { name: string; taxId: string | null };
  warehouse: ReceiptData["warehouse"];
  cashier: string;
  invoice: InvoiceExtras;
}

export interface ShareResult {
  channel: "email" | "whatsapp" | "link";
  /** e-mail: accepted (sent by SMTP, or kept in the outbox: see status) */
  sent: boolean;
  status: MailStatus | null;
  /** whatsapp: the wa.me link; link: the public address */
  url: string | null;
  /** the public link's token (link and whatsapp) */
  token: string | null;
  /** the public address (link and whatsapp) */
  shareUrl: string | null;
}

export interface ShareInput {
  invoiceId: string;
  channel: "email" | "whatsapp" | "link";
  email?: string | null;
  phoneNumber?: string | null;
  language?: InvoicePdfLanguage | null;
}

export interface ShareContext extends PosContext {
  /** scheme and host of the request (https://demo.enzzo.do), for the public link */
  origin: string;
  /** the request's language, when neither the input nor the user names one */
  lang?: string;
}

export const publicInvoicePath = (token: string) => `/i/${token}`;

/** A new public token: 24 random bytes, base64url (32 characters, 192 bits). */
export function newShareToken(): string {
  return randomBytes(24).toString("base64url");
}

async function invoiceRow(tx: Tx, tenantId: string, where: ReturnType<typeof eq>) {
  const [row] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      businessDate: orders.businessDate,
      dueDate: orders.dueDate,
      paidTotal: orders.paidTotal,
      changeAmount: orders.changeAmount,
      balanceDue: orders.balanceDue,
      creditedTotal: orders.creditedTotal,
      shareToken: orders.shareToken,
    })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), where, inArray(orders.status, SHAREABLE)))
    .limit(1);
  return row ?? null;
}

/** The invoice of the tenant as the PDF and the public page show it (NOT_FOUND: unknown, another tenant's, or a draft). */
export async function getInvoiceDocument(tx: Tx, tenant: Tenant, invoiceId: string): Promise<InvoiceDocument> {
  const row = await invoiceRow(tx, tenant.id, eq(orders.id, invoiceId));
  if (!row) throw notFound();
  const [data, statuses] = await Promise.all([
    getReceiptData(tx, tenant, row.id),
    tx
      .select({ id: orderPayments.id, status: orderPayments.status })
      .from(orderPayments)
      .where(and(eq(orderPayments.tenantId, tenant.id), eq(orderPayments.orderId, row.id))),
  ]);
  const statusOf = new Map(statuses.map((s) => [s.id, s.status]));
  return {
    ...data,
    payments: data.payments.map((p) => ({ ...p, status: statusOf.get(p.id) ?? "completed" })),
    invoice: {
      date: row.businessDate,
      dueDate: row.dueDate,
      paidTotal: toBig(row.paidTotal).minus(row.changeAmount).toFixed(2),
      balanceDue: row.balanceDue,
      creditedTotal: row.creditedTotal,
    },
  };
}

/** The public copy: no ids, no print server or drawer, no customer contact or points. */
export function toSharedInvoice(doc: InvoiceDocument): SharedInvoice {
  const { id: _id, ...order } = doc.order;
  return {
    order,
    items: doc.items.map(({ id: _i, product_id: _p, ...item }) => item),
    payments: doc.payments.map(({ id: _i, ...payment }) => payment),
    customer: { name: doc.customer.name, taxId: doc.customer.taxId },
    warehouse: doc.warehouse,
    cashier: doc.cashier,
    invoice: doc.invoice,
  };
}

/** The invoice a public token points to (NOT_FOUND when no invoice of the tenant carries it). */
export async function getSharedInvoiceDocument(tx: Tx, tenant: Tenant, token: string): Promise<InvoiceDocument> {
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) throw notFound();
  const row = await invoiceRow(tx, tenant.id, eq(orders.shareToken, token));
  if (!row) throw notFound();
  return getInvoiceDocument(tx, tenant, row.id);
}

/** invoice.getShared: the invoice of a public link, read-only. */
export async function getSharedInvoice(tx: Tx, tenant: Tenant, token: string): Promise<SharedInvoice> {
  return toSharedInvoice(await getSharedInvoiceDocument(tx, tenant, token));
}

/** The invoice's public token, created once (the row is locked so two calls agree on one token). */
export async function ensureShareToken(tx: Tx, tenantId: string, invoiceId: string): Promise<string> {
  const [row] = await tx
    .select({ token: orders.shareToken })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, invoiceId), inArray(orders.status, SHAREABLE)))
    .for("no key update");
  if (!row) throw notFound();
  if (row.token) return row.token;
  const token = newShareToken();
  await tx
    .update(orders)
    .set({ shareToken: token })
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, invoiceId)));
  return token;
}

/** invoice.getShareLink: the current public link, if any (never creates one). */
export async function getShareLink(ctx: ShareContext, invoiceId: string): Promise<{ token: string | null; url: string | null }> {
  const row = await invoiceRow(ctx.tx, ctx.tenant.id, eq(orders.id, invoiceId));
  if (!row) throw notFound();
  return { token: row.shareToken, url: row.shareToken ? `${ctx.origin}${publicInvoicePath(row.shareToken)}` : null };
}

/** invoice.revokeShareLink: the public link stops working at once (a new one gets a new token). */
export async function revokeShareLink(tx: Tx, tenantId: string, invoiceId: string): Promise<{ success: true }> {
  const [row] = await tx
    .update(orders)
    .set({ shareToken: null })
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, invoiceId), inArray(orders.status, SHAREABLE)))
    .returning({ id: orders.id });
  if (!row) throw notFound();
  return { success: true };
}

function languageOfShare(ctx: ShareContext, language: string | null | undefined): InvoicePdfLanguage {
  const lang = language ?? ctx.user.language ?? ctx.lang;
  return lang === "en" ? "en" : "es";
}

/** The e-mail: a short summary (text with the receipt lines, and HTML) with the letter PDF attached. */
function invoiceMail(ctx: ShareContext, doc: InvoiceDocument, lang: InvoicePdfLanguage, filename: string) {
  const t = (key: string, vars?: Record<string, unknown>) => translate(lang, `invoiceShare:${key}`, vars);
  const o = doc.order;
  const business = doc.warehouse.businessName || ctx.tenant.name;
  const summary: [string, string][] = [
    ...(o.government_invoice_number ? ([[t("pdf.ncf"), o.government_invoice_number]] as [string, string][]) : []),
    [t("pdf.number"), o.number],
    [t("pdf.date"), doc.invoice.date],
    ...(doc.invoice.dueDate ? ([[t("pdf.dueDate"), doc.invoice.dueDate]] as [string, string][]) : []),
    [t("pdf.totalDue"), formatMoney(o.total, lang)],
    [t("pdf.balanceDue"), formatMoney(doc.invoice.balanceDue, lang)],
  ];
  const greeting = t("email.greeting", { name: doc.customer.name });
  const intro = t("email.intro", { number: o.number, business });
  const receipt = buildReceiptText(doc, { language: lang, width: RECEIPT_TEXT_WIDTH, businessName: business, timeZone: ctx.tenant.timezone });
  const text = [greeting, "", intro, "", ...summary.map(([k, v]) => `${k}: ${v}`), "", receipt, "", t("email.attachment", { filename }), "", t("email.closing"), business].join("\n");
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<table cellpadding="4" style="border-collapse:collapse">${summary.map(([k, v]) => `<tr><td style="color:#555">${escapeHtml(k)}</td><td><strong>${escapeHtml(v)}</strong></td></tr>`).join("")}</table>`,
    o.status === "cancelled" ? `<p style="color:#c62828"><strong>${escapeHtml(t("pdf.cancelledBanner"))}</strong></p>` : "",
    `<p>${escapeHtml(t("email.attachment", { filename }))}</p>`,
    `<p>${escapeHtml(t("email.closing"))}<br>${escapeHtml(business)}</p>`,
  ].join("\n");
  return { subject: t("email.subject", { number: o.number, business }), text, html };
}

const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** invoice.share: e-mail (PDF attached), WhatsApp link, or the public link. */
export async function shareInvoice(ctx: ShareContext, input: ShareInput): Promise<ShareResult> {
  const { tx, tenant } = ctx;
  const lang = languageOfShare(ctx, input.language);
  const doc = await getInvoiceDocument(tx, tenant, input.invoiceId);
  const none = { sent: false, status: null, url: null, token: null, shareUrl: null };

  if (input.channel === "email") {
    const email = input.email?.trim() ?? "";
    if (!email) throw appError("BAD_REQUEST", "invoiceShare:errors.emailRequired");
    if (!EMAIL_FORMAT.test(email) || email.length > 254) throw appError("BAD_REQUEST", "invoiceShare:errors.invalidEmail");
    const filename = invoicePdfFilename(doc.order.number);
    const pdf = await invoicePdf(doc, { format: "letter", language: lang, timeZone: tenant.timezone });
    const mail = invoiceMail(ctx, doc, lang, filename);
    const { status } = await sendMail(tx, tenant.id, { to: email, subject: mail.subject, text: mail.text, html: mail.html, kind: "receipt", attachments: [{ filename, content: pdf, contentType: "application/pdf" }] });
    return { ...none, channel: "email", sent: true, status };
  }

  let number: string | null = null;
  if (input.channel === "whatsapp") {
    const phone = input.phoneNumber?.trim() || doc.customer.phone?.trim() || "";
    if (phone) {
      number = whatsappNumber(phone);
      if (number.length < 8 || number.length > 15) throw appError("BAD_REQUEST", "invoiceShare:errors.invalidPhone");
    }
  }
  const token = await ensureShareToken(tx, tenant.id, doc.order.id);
  const shareUrl = `${ctx.origin}${publicInvoicePath(token)}`;
  if (input.channel === "link") return { ...none, channel: "link", url: shareUrl, token, shareUrl };

  const o = doc.order;
  const text = translate(lang, "invoiceShare:whatsapp.text", {
    business: doc.warehouse.businessName || tenant.name,
    number: o.number,
    ncf: o.government_invoice_number ? ` (NCF ${o.government_invoice_number})` : "",
    total: formatMoney(o.total, lang),
    url: shareUrl,
  });
  // Without a number, wa.me lets the user pick the chat.
  const url = `https://wa.me/${number ?? ""}?text=${encodeURIComponent(text)}`;
  return { ...none, channel: "whatsapp", url, token, shareUrl };
}
