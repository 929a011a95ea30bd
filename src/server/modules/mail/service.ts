import { and, count, desc, eq, isNull } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { offsetOf, pageOf } from "../../../shared/platform/pagination";
import { loadConfig } from "../../config";
import type { Tx } from "../../db/client";
import { newId } from "../../ids";
import { appErrorKeepingWrites, notFound } from "../../trpc/errors";
import { mailMessages } from "./tables";

export const MAIL_KINDS = ["otp", "receipt", "notification"] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
/** outbox: kept in the app (no SMTP); sent: accepted by the SMTP server; failed: refused (error kept). */
export type MailStatus = "outbox" | "sent" | "failed";

export interface MailInput {
  to: string;
  /** the tenant user the mail is for, when it is one */
  toUserId?: string | null;
  subject: string;
  text: string;
  html?: string | null;
  kind: MailKind;
  /** files sent with it (an invoice or an order as PDF): attached by SMTP, kept in the outbox as download links */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The attachments as the stored message keeps them: download links carrying the files themselves. */
function storedAttachments(attachments: readonly MailAttachment[]): string {
  return attachments
    .map((a) => `\n<p data-attachment="${escapeHtml(a.filename)}"><a download="${escapeHtml(a.filename)}" href="data:${a.contentType};base64,${a.content.toString("base64")}">${escapeHtml(a.filename)}</a></p>`)
    .join("");
}

export interface SentMail {
  id: string;
  status: MailStatus;
  error: string | null;
}

/** SMTP settings, read from the environment on each call (SMTP_URL, SMTP_FROM). */
function smtpSettings(): { url: string; from: string } | null {
  const config = loadConfig();
  if (!config.smtpUrl) return null;
  return { url: config.smtpUrl, from: config.smtpFrom ?? `Enzzo <no-reply@${config.baseDomain}>` };
}

/** Whether outgoing mail goes to an SMTP server (SMTP_URL set); otherwise it stays in the outbox. */
export function isMailConfigured(): boolean {
  return smtpSettings() !== null;
}

let cached: { url: string; transporter: Transporter } | null = null;

/** One transporter per SMTP_URL; short timeouts, because the caller's transaction waits for it. */
function transporterFor(url: string): Transporter {
  if (cached?.url !== url) {
    cached?.transporter.close();
    cached = { url, transporter: nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }) };
  }
  return cached.transporter;
}

/**
 * Sends a mail of the tenant and keeps it in mail_messages. With SMTP (SMTP_URL) it is sent and
 * stored 'sent'; if the server refuses it, it is stored 'failed' with the error and a translated
 * error is raised (the procedure's writes, this row included, are committed first), unless
 * `throwOnFailure: false` asks for the result instead. Without SMTP it is stored 'outbox', where
 * the tenant's administrators read it in the app.
 */
export async function sendMail(tx: Tx, tenantId: string, input: MailInput, opts: { throwOnFailure?: boolean } = {}): Promise<SentMail> {
  const id = newId();
  const attachments = input.attachments ?? [];
  const storedHtml = attachments.length > 0 ? `${input.html ?? ""}${storedAttachments(attachments)}` : (input.html ?? null);
  const row = { tenantId, id, toAddress: input.to, toUserId: input.toUserId ?? null, subject: input.subject, text: input.text, html: storedHtml, kind: input.kind };
  const smtp = smtpSettings();
  if (!smtp) {
    await tx.insert(mailMessages).values({ ...row, status: "outbox" });
    return { id, status: "outbox", error: null };
  }
  try {
    await transporterFor(smtp.url).sendMail({
      from: smtp.from,
      to: input.to,
      subject: input.subject,
      text: input.text,
      ...(input.html ? { html: input.html } : {}),
      ...(attachments.length > 0 ? { attachments: attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })) } : {}),
    });
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    await tx.insert(mailMessages).values({ ...row, status: "failed", error });
    if (opts.throwOnFailure === false) return { id, status: "failed", error };
    throw appErrorKeepingWrites("BAD_GATEWAY", "outbox:errors.sendFailed", { to: input.to, error });
  }
  await tx.insert(mailMessages).values({ ...row, status: "sent", sentAt: new Date() });
  return { id, status: "sent", error: null };
}

const listColumns = {
  id: mailMessages.id,
  toAddress: mailMessages.toAddress,
  toUserId: mailMessages.toUserId,
  subject: mailMessages.subject,
  kind: mailMessages.kind,
  status: mailMessages.status,
  error: mailMessages.error,
  createdAt: mailMessages.createdAt,
  sentAt: mailMessages.sentAt,
  readAt: mailMessages.readAt,
};

/** The tenant's messages, newest first, with the number not yet read. */
export async function findMessages(tx: Tx, tenantId: string, input: { page: number; pageSize: number }) {
  const where = eq(mailMessages.tenantId, tenantId);
  const [[total], [unread], rows] = await Promise.all([
    tx.select({ n: count() }).from(mailMessages).where(where),
    tx
      .select({ n: count() })
      .from(mailMessages)
      .where(and(where, isNull(mailMessages.readAt))),
    tx
      .select(listColumns)
      .from(mailMessages)
      .where(where)
      .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
      .limit(input.pageSize)
      .offset(offsetOf(input.page, input.pageSize)),
  ]);
  return { ...pageOf(rows, total?.n ?? 0, input.page, input.pageSize), unread: unread?.n ?? 0 };
}

export async function getMessage(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select({ ...listColumns, text: mailMessages.text, html: mailMessages.html })
    .from(mailMessages)
    .where(and(eq(mailMessages.tenantId, tenantId), eq(mailMessages.id, id)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** Marks a message read (the first reading's time is kept). */
export async function markRead(tx: Tx, tenantId: string, id: string) {
  await getMessage(tx, tenantId, id);
  await tx
    .update(mailMessages)
    .set({ readAt: new Date() })
    .where(and(eq(mailMessages.tenantId, tenantId), eq(mailMessages.id, id), isNull(mailMessages.readAt)));
  return getMessage(tx, tenantId, id);
}
