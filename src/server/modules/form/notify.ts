import { inflateSync } from "node:zlib";
import { and, eq, sql } from "drizzle-orm";
import type { Content, TableCell, TDocumentDefinitions } from "pdfmake/interfaces";
import type { FileInfo } from "../../../shared/forms/rules";
import { type FormField, type FormSchema, type FormSettings, formSettings } from "../../../shared/forms/schema";
import { translate } from "../../../shared/i18n/translate";
import { loadConfig } from "../../config";
import type { Tx } from "../../db/client";
import { renderPdf } from "../../integrations/pdf/pdfmake";
import { tenantOrigin } from "../../origin";
import { displayDate } from "../appointment/notify/service";
import { users } from "../auth/tables";
import { escapeHtml, type MailAttachment, sendMail } from "../mail/service";
import { tenants } from "../tenant/tables";
import { forms } from "./tables";

/**
 * E-mail after a stored submission (spec 03 §3 settings.emailNotifications and confirmation
 * 'email'; issue 17 §4). Called at the end of submitForm, inside the submission's transaction:
 * the messages go through the mail module (SMTP, else the in-app outbox) and a rolled-back
 * submission leaves none. Texts in the tenant's language (its owner's, Spanish by default).
 */

type Lang = "es" | "en";

/** One answer as the mail shows it: the field's label and its value as text, links for files, the PNG of a signature. */
export interface AnswerRow {
  key: string;
  label: string;
  text: string;
  files: { name: string; url: string }[];
  signature: string | null;
}

/** The submission's settings: the published version's, with the spec's defaults for what it leaves out. */
function settingsOf(schema: FormSchema): FormSettings {
  const parsed = formSettings.safeParse(schema.settings ?? {});
  return parsed.success ? parsed.data : formSettings.parse({});
}

const absolute = (origin: string, url: string) => (/^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith("/") ? "" : "/"}${url}`);

const isEmpty = (v: unknown) => v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);

function fieldsOf(schema: FormSchema): FormField[] {
  return schema.groups.flatMap((g) => g.fields);
}

function optionLabel(field: FormField, value: unknown): string {
  const options = Array.isArray(field.options) ? field.options : [];
  return options.find((o) => o.value === String(value))?.label ?? String(value);
}

/** The answered fields in the order of the version answered, each value as a person reads it. */
export function answerRows(schema: FormSchema, data: Record<string, unknown>, lang: Lang, origin: string): AnswerRow[] {
  const t = (key: string) => translate(lang, `formMail:values.${key}`);
  const rows: AnswerRow[] = [];
  for (const field of fieldsOf(schema)) {
    const value = data[field.key];
    if (isEmpty(value)) continue;
    const row: AnswerRow = { key: field.key, label: field.label, text: "", files: [], signature: null };
    if (field.component === "file-upload" && Array.isArray(value)) {
      row.files = (value as FileInfo[]).map((f) => ({ name: f.name, url: f.url ? absolute(origin, f.url) : "" }));
      row.text = row.files.map((f) => (f.url ? `${f.name} (${f.url})` : f.name)).join(", ");
    } else if (field.component === "signature" && typeof value === "string") {
      row.signature = value;
      row.text = t("signed");
    } else if (typeof value === "boolean") {
      row.text = t(value ? "yes" : "no");
    } else if (Array.isArray(value)) {
      row.text = value.map((v) => optionLabel(field, v)).join(", ");
    } else if (field.type === "select" || field.type === "radio") {
      row.text = optionLabel(field, value);
    } else if (field.type === "date" && typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
      row.text = displayDate(value, lang);
    } else {
      row.text = String(value);
    }
    rows.push(row);
  }
  return rows;
}

function textTable(rows: AnswerRow[]): string {
  return rows.map((r) => `${r.label}: ${r.text}`).join("\n");
}

function htmlTable(rows: AnswerRow[], lang: Lang): string {
  const t = (key: string) => escapeHtml(translate(lang, `formMail:notification.${key}`));
  const cell = (r: AnswerRow) =>
    r.files.length > 0 ? r.files.map((f) => (f.url ? `<a href="${escapeHtml(f.url)}">${escapeHtml(f.name)}</a>` : escapeHtml(f.name))).join("<br>") : escapeHtml(r.text).replace(/\n/g, "<br>");
  const body = rows.map((r) => `<tr><th align="left" style="padding:4px 8px;border-bottom:1px solid #ddd">${escapeHtml(r.label)}</th><td style="padding:4px 8px;border-bottom:1px solid #ddd">${cell(r)}</td></tr>`).join("");
  return `<table data-answers style="border-collapse:collapse"><thead><tr><th align="left" style="padding:4px 8px">${t("field")}</th><th align="left" style="padding:4px 8px">${t("value")}</th></tr></thead><tbody>${body}</tbody></table>`;
}

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("\n");

const PNG_SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

/**
 * Whether a signature's PNG can be drawn: its chunks are whole and its image data inflates. The
 * PDF library decodes PNGs asynchronously and a corrupt one (which the data-URL check lets
 * through) would fail outside any await, so a broken signature is written as text instead.
 */
export function isDrawablePng(dataUrl: string): boolean {
  const png = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
  if (png.length < 33 || !png.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  const data: Buffer[] = [];
  let at = 8;
  let header = false;
  while (at + 12 <= png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString("latin1", at + 4, at + 8);
    if (at + 12 + length > png.length) return false;
    if (type === "IHDR") header = length === 13 && png.readUInt32BE(at + 8) > 0 && png.readUInt32BE(at + 12) > 0;
    if (type === "IDAT") data.push(png.subarray(at + 8, at + 8 + length));
    if (type === "IEND") break;
    at += 12 + length;
  }
  if (!header || data.length === 0) return false;
  try {
    return inflateSync(Buffer.concat(data)).length > 0;
  } catch {
    return false;
  }
}

/** The answers as a letter-size PDF (pdfmake, as the invoice and purchase order PDFs): the signature drawn as its image. */
export function submissionPdf(facts: { formName: string; business: string; number: number; submittedAt: string }, rows: AnswerRow[], lang: Lang): Promise<Buffer> {
  const t = (key: string, vars?: Record<string, unknown>) => translate(lang, `formMail:${key}`, vars);
  const value = (r: AnswerRow): TableCell => {
    if (r.signature) return isDrawablePng(r.signature) ? { image: r.signature, fit: [220, 90] } : { text: t("values.signatureUnreadable"), italics: true };
    if (r.files.length > 0) return { stack: r.files.map((f) => (f.url ? { text: f.name, link: f.url, color: "#1a56db", decoration: "underline" } : { text: f.name })) };
    return { text: r.text };
  };
  const body: TableCell[][] = [
    [
      { text: t("notification.field"), bold: true, fillColor: "#eeeeee" },
      { text: t("notification.value"), bold: true, fillColor: "#eeeeee" },
    ],
    ...rows.map((r): TableCell[] => [{ text: r.label, bold: true }, value(r)]),
  ];
  const content: Content[] = [
    { text: facts.business, fontSize: 10, color: "#555" },
    { text: facts.formName, fontSize: 16, bold: true, margin: [0, 4, 0, 2] },
    { text: t("pdf.title", { number: facts.number }), fontSize: 12 },
    { text: t("pdf.submittedAt", { date: facts.submittedAt }), color: "#555", margin: [0, 2, 0, 12] },
    { table: { headerRows: 1, widths: [160, "*"], body }, layout: "lightHorizontalLines" },
  ];
  const doc: TDocumentDefinitions = { pageSize: "LETTER", pageMargins: [40, 40, 40, 50], defaultStyle: { fontSize: 10 }, info: { title: `${facts.formName} ${t("pdf.title", { number: facts.number })}` }, content };
  return renderPdf(doc);
}

/** The first answer to an e-mail field (the address a confirmation goes to), or null. */
function submitterEmail(schema: FormSchema, data: Record<string, unknown>): string | null {
  for (const field of fieldsOf(schema)) {
    const v = data[field.key];
    if (field.type === "email" && typeof v === "string" && v.trim() !== "") return v.trim();
  }
  return null;
}

/** What submitForm holds after storing a submission: enough to decide, without a query, whether any e-mail goes out. */
export interface StoredSubmission {
  id: string;
  formId: string;
  number: number;
  /** the published version the answers were checked against */
  schema: FormSchema;
  /** the stored (normalised) answers */
  data: Record<string, unknown>;
}

/**
 * Queues the form's e-mails for a stored submission: the notification to each recipient when
 * emailNotifications is enabled (subject, body, the answers table, the PDF when attachPDF), and
 * the confirmation to the submitter's e-mail answer when confirmation.type is 'email'. A refused
 * SMTP send is kept 'failed' in the outbox and never undoes the submission. A form that sends
 * nothing costs no query (this runs while the form's row is locked for the submission number).
 * Returns how many were queued.
 */
export async function notifySubmission(tx: Tx, tenantId: string, submission: StoredSubmission): Promise<number> {
  const { schema, data } = submission;
  const settings = settingsOf(schema);
  const notify = settings.emailNotifications;
  const recipients = notify.enabled ? [...new Set(notify.recipients.map((r) => r.trim()).filter((r) => r !== ""))] : [];
  const confirmTo = settings.confirmation.type === "email" ? submitterEmail(schema, data) : null;
  if (recipients.length === 0 && !confirmTo) return 0;

  const [row] = await tx
    .select({
      formName: forms.name,
      slug: forms.slug,
      tenantName: tenants.name,
      subdomain: tenants.subdomain,
      timezone: tenants.timezone,
      // The tenant's language for its messages: its owner's (as tenantLanguage reads it), in the same round trip.
      ownerLanguage: sql<string | null>`(select u.language from ${users} u where u.tenant_id = "forms"."tenant_id" and u.is_owner limit 1)`,
    })
    .from(forms)
    .innerJoin(tenants, eq(tenants.id, forms.tenantId))
    .where(and(eq(forms.tenantId, tenantId), eq(forms.id, submission.formId)))
    .limit(1);
  if (!row) return 0;
  const tenant = { name: row.tenantName, subdomain: row.subdomain, timezone: row.timezone };
  const submissionId = submission.id;
  const createdAt = new Date();
  const lang: Lang = row.ownerLanguage === "en" ? "en" : "es";
  const t = (key: string, vars?: Record<string, unknown>) => translate(lang, `formMail:${key}`, vars);
  const origin = tenantOrigin(loadConfig(), tenant.subdomain);
  const vars = { name: row.formName, number: submission.number };
  let queued = 0;

  if (recipients.length > 0) {
    const rows = answerRows(schema, data, lang, origin);
    const link = `${origin}/home/forms/${submission.formId}/submissions/${submissionId}`;
    const subject = (notify.emailSubject?.trim() || t("notification.subject", vars)).replace(/[\r\n]+/g, " ");
    const intro = notify.emailBody?.trim() || t("notification.intro", vars);
    const withData = notify.includeSubmissionData && rows.length > 0;
    let attachments: MailAttachment[] = [];
    if (notify.attachPDF) {
      const submittedAt = new Intl.DateTimeFormat(lang === "en" ? "en-US" : "es-DO", { dateStyle: "long", timeStyle: "short", timeZone: tenant.timezone }).format(createdAt);
      const pdf = await submissionPdf({ formName: row.formName, business: tenant.name, number: submission.number, submittedAt }, rows, lang);
      attachments = [{ filename: t("pdf.filename", { slug: row.slug, number: submission.number }), content: pdf, contentType: "application/pdf" }];
    }
    const text = [intro, ...(withData ? ["", `${t("notification.answers")}:`, textTable(rows)] : []), ...(notify.attachPDF ? ["", t("notification.attached")] : []), "", t("notification.open", { url: link })].join("\n");
    const html = [
      paragraphs(intro),
      ...(withData ? [`<h3>${escapeHtml(t("notification.answers"))}</h3>`, htmlTable(rows, lang)] : []),
      ...(notify.attachPDF ? [`<p>${escapeHtml(t("notification.attached"))}</p>`] : []),
      `<p><a href="${escapeHtml(link)}">${escapeHtml(t("notification.openLink"))}</a></p>`,
    ].join("\n");
    for (const to of recipients) {
      await sendMail(tx, tenantId, { to, subject, text, html, kind: "notification", attachments }, { throwOnFailure: false });
      queued++;
    }
  }

  if (confirmTo) {
    const message = settings.confirmation.message?.trim() || t("confirmation.message", vars);
    await sendMail(tx, tenantId, { to: confirmTo, subject: t("confirmation.subject", vars).replace(/[\r\n]+/g, " "), text: message, html: paragraphs(message), kind: "notification" }, { throwOnFailure: false });
    queued++;
  }
  return queued;
}
