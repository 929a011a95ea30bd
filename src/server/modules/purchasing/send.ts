import nodemailer, { type Transporter } from "nodemailer";
import { translate } from "../../../shared/i18n/translate";
import { formatMoney, formatQuantity } from "../../../shared/money/format";
import { loadConfig } from "../../config";
import type { Tx } from "../../db/client";
import { newId } from "../../ids";
import { appError, appErrorKeepingWrites } from "../../trpc/errors";
import { isMailConfigured, type MailStatus, sendMail } from "../mail/service";
import { mailMessages } from "../mail/tables";
import { whatsappNumber } from "../pos/service";
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

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

let smtp: { url: string; transporter: Transporter } | null = null;
function transporterFor(url: string): Transporter {
  if (smtp?.url !== url) {
    smtp?.transporter.close();
    smtp = { url, transporter: nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }) };
  }
  return smtp.transporter;
}

/** A mail with the PDF: the outbox keeps it as a download link; SMTP gets it attached (the same rows sendMail writes). */
async function mailWithPdf(tx: Tx, tenantId: string, mail: { to: string; subject: string; text: string; html: string }, pdf: { filename: string; content: Buffer }): Promise<MailStatus> {
  const stored = `${mail.html}\n<p data-attachment="${escapeHtml(pdf.filename)}"><a download="${escapeHtml(pdf.filename)}" href="data:application/pdf;base64,${pdf.content.toString("base64")}">${escapeHtml(pdf.filename)}</a></p>`;
  if (!isMailConfigured()) return (await sendMail(tx, tenantId, { to: mail.to, subject: mail.subject, text: mail.text, html: stored, kind: "notification" })).status;
  const config = loadConfig();
  const row = { tenantId, id: newId(), toAddress: mail.to, toUserId: null, subject: mail.subject, text: mail.text, html: stored, kind: "notification" };
  try {
    await transporterFor(config.smtpUrl!).sendMail({
      from: config.smtpFrom ?? `Enzzo <no-reply@${config.baseDomain}>`,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: [{ filename: pdf.filename, content: pdf.content, contentType: "application/pdf" }],
    });
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    await tx.insert(mailMessages).values({ ...row, status: "failed", error });
    throw appErrorKeepingWrites("BAD_GATEWAY", "outbox:errors.sendFailed", { to: mail.to, error });
  }
  await tx.insert(mailMessages).values({ ...row, status: "sent", sentAt: new Date() });
  return "sent";
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
    const status = await mailWithPdf(tx, tenantId, { to, subject: t("email.subject", { number: order.number, business }), text, html }, { filename, content });
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
