import { translate } from "../../../shared/i18n/translate";
import { formatMoney, formatQuantity } from "../../../shared/money/format";
import { whatsappNumber } from "../../../shared/platform/whatsapp";
import { appError, } from "../../trpc/errors";
import { escapeHtml, type MailStatus, sendMail } from "../mail/service";
import { purchaseOrderPdf, purchaseOrderPdfFilename } from "./pdf";
import { assertTransition, getPurchaseOrder, lockOrder, markSent, type PurchaseOrderDetail, type PurchasingContext } from "./service";

/**
 * purchaseOrder.send: the order to its provider. By e-mail, the PDF attached (SMTP when
 * SMTP_URL is set, else kept in the outbox, Settings → Bandeja de salida, with the PDF as a
 * download link, as invoices are shared); by WhatsApp, a click-to-chat link with the order's
 * summary that the browser opens. Either marks the order sent; a mail the SMTP server refuses
 * is kept as failed and the order stays as it was.
 */

export interface SendInput {
  id: string;
  channel: "email" | "whatsapp";
  email: string | null;
  phoneNumber: string | null;
  language?: "es" | "en" | null;
}

export interface SendResult {
  channel: "email" | "whatsapp";
  status: MailStatus | null;
  to: string | null;
  /** whatsapp: the wa.me link */
  url: string | null;
  order: PurchaseOrderDetail;
}

export async function sendPurchaseOrder(ctx: PurchasingContext & { businessName: string; userLanguage: string }, input: SendInput): Promise<SendResult> {
  const { tx, tenantId } = ctx;
  const locked = await lockOrder(tx, tenantId, input.id);
  assertTransition(locked.status, "send");
  const order = await getPurchaseOrder(tx, tenantId, input.id);
  const lang = (input.language ?? ctx.userLanguage) === "en" ? "en" : "es";
  const t = (key: string, vars?: Record<string, unknown>) => translate(lang, `purchasing:${key}`, vars);
  const business = ctx.businessName;
  const lineText = order.lines.map((l) => `• ${formatQuantity(l.quantity)} × ${l.productName}${l.providerCode ? ` (${l.providerCode})` : ""}`);

  if (input.channel === "email") {
    const to = input.email ?? order.provider.email?.trim() ?? "";
    if (!to) throw appError("BAD_REQUEST", "purchasing:errors.emailRequired");
    const filename = purchaseOrderPdfFilename(order.number);
    const content = await purchaseOrderPdf(order, { language: lang, businessName: business });
    const greeting = t("email.greeting", { name: order.provider.name });
    const intro = t("email.intro", { number: order.number, business });
    const summary: [string, string][] = [
      [t("pdf.orderDate"), order.orderDate],
      ...(order.expectedDate ? ([[t("pdf.expectedDate"), order.expectedDate]] as [string, string][]) : []),
      [t("pdf.warehouse"), order.warehouseName],
      [t("pdf.total"), formatMoney(order.total, lang)],
    ];
    const text = [greeting, "", intro, "", ...summary.map(([k, v]) => `${k}: ${v}`), "", ...lineText, "", t("email.attachment", { filename }), "", t("email.closing"), business].join("\n");
    const html = [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<table cellpadding="4" style="border-collapse:collapse">${summary.map(([k, v]) => `<tr><td style="color:#555">${escapeHtml(k)}</td><td><strong>${escapeHtml(v)}</strong></td></tr>`).join("")}</table>`,
      `<ul>${order.lines.map((l) => `<li>${escapeHtml(`${formatQuantity(l.quantity)} × ${l.productName}${l.providerCode ? ` (${l.providerCode})` : ""}`)}</li>`).join("")}</ul>`,
      `<p>${escapeHtml(t("email.attachment", { filename }))}</p>`,
      `<p>${escapeHtml(t("email.closing"))}<br>${escapeHtml(business)}</p>`,
    ].join("\n");
    const { status } = await sendMail(tx, tenantId, { to, subject: t("email.subject", { number: order.number, business }), text, html, kind: "notification", attachments: [{ filename, content, contentType: "application/pdf" }] });
    await markSent(ctx, order.id, "email", to);
    return { channel: "email", status, to, url: null, order: await getPurchaseOrder(tx, tenantId, order.id) };
  }

  const phone = input.phoneNumber || order.provider.mobile || order.provider.phone || "";
  let number = "";
  if (phone) {
    number = whatsappNumber(phone);
    if (number.length < 8 || number.length > 15) throw appError("BAD_REQUEST", "purchasing:errors.invalidPhone");
  }
  const message = [t("whatsapp.text", { business, number: order.number, total: formatMoney(order.total, lang) }), ...lineText].join("\n");
  await markSent(ctx, order.id, "whatsapp", number || null);
  return { channel: "whatsapp", status: null, to: number || null, url: `https://wa.me/${number}?text=${encodeURIComponent(message)}`, order: await getPurchaseOrder(tx, tenantId, order.id) };
}
