import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  DEFAULT_TEMPLATES,
  fill,
  type MessageChannel,
  type messagesListInput,
  type previewInput,
  type RecipientGroup,
  type recipientsInput,
  SAMPLE_VALUES,
  type sendMessageInput,
  type TemplateKind,
  type TemplateOutput,
  type TemplateValues,
  unknownVariables,
  whatsappLink,
} from "../../../../shared/appointments/templates";
import { formatMoney } from "../../../../shared/money/format";
import { rowsOf, type Tx } from "../../../db/client";
import { newId } from "../../../ids";
import { appError, notFound } from "../../../trpc/errors";
import { users } from "../../auth/tables";
import { escapeHtml, type MailStatus, sendMail } from "../../mail/service";
import { readBusinessProfile } from "../business/service";
import type { AppointmentContext } from "../service";
import { appointmentMessages, appointments, appointmentTemplates } from "../tables";

/**
 * Appointment communications (issue 15 item 5): templates, the values an appointment fills them
 * with, the communication center's recipients and sends. E-mail goes through sendMail (SMTP or the
 * outbox); WhatsApp is a wa.me link per recipient that staff open; SMS has no provider here, so it
 * is recorded and reported as not configured.
 */

export type Lang = "es" | "en";
type Tenant = AppointmentContext["tenant"];
type Ctx = Pick<AppointmentContext, "tx" | "tenant"> & { user?: AppointmentContext["user"] };

/** Most recipients one message reaches (the mails are written in the procedure's transaction). */
export const MAX_RECIPIENTS = 2000;

/** The tenant's language for messages to its customers: its owner's language, Spanish by default. */
export async function tenantLanguage(tx: Tx, tenantId: string): Promise<Lang> {
  const [owner] = await tx
    .select({ language: users.language })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.isOwner, true)))
    .limit(1);
  return owner?.language === "en" ? "en" : "es";
}

/** 'yyyy-MM-dd' as the customer reads it: dd/MM/yyyy (es) or MM/dd/yyyy (en). */
export function displayDate(date: string, lang: Lang): string {
  const [y, m, d] = date.split("-");
  return lang === "en" ? `${m}/${d}/${y}` : `${d}/${m}/${y}`;
}

/** 'HH:mm' as the customer reads it: 14:30 (es) or 2:30 PM (en). */
export function displayTime(time: string, lang: Lang): string {
  if (lang === "es") return time;
  const [h, m] = time.split(":").map(Number) as [number, number];
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}

export interface AppointmentFacts {
  id: string;
  customer_name: string;
  customer_email: string | null;
  customer_phone: string | null;
  service_name: string;
  employee_name: string;
  appointment_date: string;
  start_time: string;
  total_amount: string;
  status: string;
}

/** The business's template values ({{business_name}}, {{business_phone}}, {{business_address}}): the 'Negocio' profile, else the tenant's own details. */
export type BusinessValues = Pick<TemplateValues, "business_name" | "business_phone" | "business_address">;

export async function businessValues(tx: Tx, tenantId: string): Promise<BusinessValues> {
  const b = await readBusinessProfile(tx, tenantId);
  const address = [b.address, b.city].filter((v) => !!v && v.trim() !== "").join(", ");
  return { business_name: b.display_name, business_phone: b.phone ?? "", business_address: address };
}

export function appointmentValues(a: Omit<AppointmentFacts, "id" | "customer_email" | "customer_phone" | "status">, business: BusinessValues, lang: Lang): TemplateValues {
  return {
    customer_name: a.customer_name,
    service_name: a.service_name,
    employee_name: a.employee_name,
    appointment_date: displayDate(a.appointment_date, lang),
    appointment_time: displayTime(a.start_time, lang),
    amount: formatMoney(a.total_amount, lang),
    ...business,
  };
}

export async function loadAppointmentFacts(tx: Tx, tenantId: string, id: string): Promise<AppointmentFacts | null> {
  const [row] = rowsOf<AppointmentFacts>(
    await tx.execute(sql`SELECT a.id, a.customer_name, a.customer_email, a.customer_phone, a.service_name, e.name AS employee_name,
      a.appointment_date::text AS appointment_date, a.start_time, a.total_amount::text AS total_amount, a.status
      FROM appointments a JOIN employees e ON e.tenant_id = a.tenant_id AND e.id = a.employee_id
      WHERE a.tenant_id = ${tenantId} AND a.id = ${id}`),
  );
  return row ?? null;
}

/**
 * The active template of a kind for a channel (the newest one), else the default text in the
 * language. A WhatsApp text without its own WhatsApp template uses the active e-mail template's body.
 */
export async function templateFor(tx: Tx, tenantId: string, kind: "confirmation" | "reminder", lang: Lang, channel: "email" | "whatsapp" = "email"): Promise<{ subject: string; body: string }> {
  const rows = await tx
    .select({ subject: appointmentTemplates.subject, body: appointmentTemplates.body, channel: appointmentTemplates.channel })
    .from(appointmentTemplates)
    .where(
      and(
        eq(appointmentTemplates.tenantId, tenantId),
        eq(appointmentTemplates.kind, kind),
        inArray(appointmentTemplates.channel, channel === "email" ? ["email"] : ["whatsapp", "email"]),
        eq(appointmentTemplates.isActive, true),
      ),
    )
    .orderBy(desc(appointmentTemplates.updatedAt));
  const row = rows.find((r) => r.channel === channel) ?? rows[0];
  return row ? { subject: row.subject, body: row.body } : DEFAULT_TEMPLATES[lang][kind];
}

/** appointment.getWhatsAppLink: the wa.me link with an appointment's confirmation or reminder text, for staff to open (null without a usable phone). */
export async function getWhatsAppLink(ctx: Ctx, input: { appointment_id: string; kind: "confirmation" | "reminder" }) {
  const { tx, tenant } = ctx;
  const facts = await loadAppointmentFacts(tx, tenant.id, input.appointment_id);
  if (!facts) throw notFound();
  const lang = await tenantLanguage(tx, tenant.id);
  const tpl = await templateFor(tx, tenant.id, input.kind, lang, "whatsapp");
  const text = fill(tpl.body, appointmentValues(facts, await businessValues(tx, tenant.id), lang));
  return { text, phone: facts.customer_phone, url: facts.customer_phone ? whatsappLink(facts.customer_phone, text) : null };
}

/** A filled text as a mail: the text itself and an HTML version with its line breaks. */
export function mailOf(subject: string, body: string) {
  const html = body
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("\n");
  return { subject: subject.replace(/[\r\n]+/g, " ").trim(), text: body, html };
}

/** Fills the kind's template with an appointment's values and mails it to the appointment's e-mail. */
export async function mailAppointment(tx: Tx, tenant: Tenant, facts: AppointmentFacts, kind: "confirmation" | "reminder"): Promise<MailStatus | null> {
  if (!facts.customer_email) return null;
  const lang = await tenantLanguage(tx, tenant.id);
  const tpl = await templateFor(tx, tenant.id, kind, lang);
  const values = appointmentValues(facts, await businessValues(tx, tenant.id), lang);
  const sent = await sendMail(tx, tenant.id, { to: facts.customer_email, kind: "notification", ...mailOf(fill(tpl.subject, values), fill(tpl.body, values)) }, { throwOnFailure: false });
  return sent.status;
}

// ---------------------------------------------------------------- templates

const templateColumns = {
  id: appointmentTemplates.id,
  name: appointmentTemplates.name,
  kind: appointmentTemplates.kind,
  channel: appointmentTemplates.channel,
  subject: appointmentTemplates.subject,
  body: appointmentTemplates.body,
  is_active: appointmentTemplates.isActive,
  updated_at: appointmentTemplates.updatedAt,
};

export async function getTemplates(ctx: Ctx) {
  const rows = await ctx.tx.select(templateColumns).from(appointmentTemplates).where(eq(appointmentTemplates.tenantId, ctx.tenant.id)).orderBy(appointmentTemplates.kind, appointmentTemplates.name);
  return rows.map((r) => ({ ...r, kind: r.kind as TemplateKind, channel: r.channel as MessageChannel }));
}

async function templateRow(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select(templateColumns)
    .from(appointmentTemplates)
    .where(and(eq(appointmentTemplates.tenantId, tenantId), eq(appointmentTemplates.id, id)));
  if (!row) throw notFound();
  return { ...row, kind: row.kind as TemplateKind, channel: row.channel as MessageChannel };
}

/**
 * A confirmation or reminder template that is active is the one used: activating one turns off the
 * other active templates of the same kind and channel (custom templates may all be active).
 */
async function keepOneActive(tx: Tx, tenantId: string, id: string, kind: string, channel: string) {
  if (kind === "custom") return;
  await tx
    .update(appointmentTemplates)
    .set({ isActive: false, updatedAt: new Date() })
    .where(
      and(
        eq(appointmentTemplates.tenantId, tenantId),
        eq(appointmentTemplates.kind, kind),
        eq(appointmentTemplates.channel, channel),
        eq(appointmentTemplates.isActive, true),
        sql`${appointmentTemplates.id} <> ${id}`,
      ),
    );
}

export async function saveTemplate(ctx: Ctx, input: TemplateOutput) {
  const { tx, tenant } = ctx;
  const values = { name: input.name, kind: input.kind, channel: input.channel, subject: input.subject, body: input.body };
  let id = input.id;
  if (id) {
    const current = await templateRow(tx, tenant.id, id);
    await tx
      .update(appointmentTemplates)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(appointmentTemplates.tenantId, tenant.id), eq(appointmentTemplates.id, id)));
    if (current.is_active) await keepOneActive(tx, tenant.id, id, input.kind, input.channel);
  } else {
    id = newId();
    await tx.insert(appointmentTemplates).values({ tenantId: tenant.id, id, ...values, isActive: true });
    await keepOneActive(tx, tenant.id, id, input.kind, input.channel);
  }
  return templateRow(tx, tenant.id, id);
}

export async function setTemplateActive(ctx: Ctx, input: { id: string; is_active: boolean }) {
  const { tx, tenant } = ctx;
  const row = await templateRow(tx, tenant.id, input.id);
  await tx
    .update(appointmentTemplates)
    .set({ isActive: input.is_active, updatedAt: new Date() })
    .where(and(eq(appointmentTemplates.tenantId, tenant.id), eq(appointmentTemplates.id, input.id)));
  if (input.is_active) await keepOneActive(tx, tenant.id, input.id, row.kind, row.channel);
  return templateRow(tx, tenant.id, input.id);
}

export async function previewTemplate(ctx: Ctx, input: z.output<typeof previewInput>, lang: Lang) {
  const business = await businessValues(ctx.tx, ctx.tenant.id);
  const values = { ...SAMPLE_VALUES[lang], ...Object.fromEntries(Object.entries(business).filter(([, v]) => v)) };
  return { subject: fill(input.subject, values), body: fill(input.body, values), unknown: unknownVariables(`${input.subject}\n${input.body}`) };
}

// ---------------------------------------------------------------- recipients

interface RecipientRow {
  customer_id: string;
  name: string;
  email: string | null;
  phone: string | null;
  /** the appointment whose values fill the message (next for upcoming, last for past, else next or last) */
  service_name: string | null;
  employee_name: string | null;
  appointment_date: string | null;
  start_time: string | null;
  total_amount: string | null;
}

const LIVE = sql`('pending', 'confirmed', 'rescheduled')`;

function recipientQuery(tenantId: string, group: RecipientGroup, channel: MessageChannel, opts: { ids?: string[]; search?: string; limit: number; offset?: number }) {
  const contact = channel === "email" ? sql`coalesce(nullif(c.email, ''), nx.customer_email, ls.customer_email) IS NOT NULL` : sql`coalesce(nullif(c.phone, ''), nx.customer_phone, ls.customer_phone) IS NOT NULL`;
  const groupFilter =
    group === "upcoming" ? sql`nx.id IS NOT NULL` : group === "past" ? sql`ls.id IS NOT NULL` : group === "custom" ? sql`c.id = ANY(${`{${(opts.ids ?? []).join(",")}}`}::uuid[])` : sql`true`;
  const pick = (col: string) =>
    group === "past" ? sql.raw(`ls.${col}`) : group === "upcoming" ? sql.raw(`nx.${col}`) : sql.raw(`CASE WHEN nx.id IS NOT NULL THEN nx.${col} ELSE ls.${col} END`);
  const search = opts.search ? sql`AND c.search_text LIKE ${`%${opts.search.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[%_\\]/g, "\\$&")}%`}` : sql``;
  const apt = sql`SELECT a.id, a.customer_email, a.customer_phone, a.service_name, e.name AS employee_name, a.appointment_date, a.start_time, a.total_amount
      FROM appointments a JOIN employees e ON e.tenant_id = a.tenant_id AND e.id = a.employee_id
      WHERE a.tenant_id = c.tenant_id AND a.customer_id = c.id`;
  return sql`SELECT c.id AS customer_id, c.name,
      coalesce(nullif(c.email, ''), nx.customer_email, ls.customer_email) AS email,
      coalesce(nullif(c.phone, ''), nx.customer_phone, ls.customer_phone) AS phone,
      ${pick("service_name")} AS service_name, ${pick("employee_name")} AS employee_name, (${pick("appointment_date")})::text AS appointment_date,
      ${pick("start_time")} AS start_time, (${pick("total_amount")})::text AS total_amount,
      count(*) OVER () AS total
    FROM customers c
    LEFT JOIN LATERAL (${apt} AND a.status IN ${LIVE} AND a.starts_at > now() ORDER BY a.starts_at LIMIT 1) nx ON true
    LEFT JOIN LATERAL (${apt} AND a.status <> 'cancelled' AND a.starts_at <= now() ORDER BY a.starts_at DESC LIMIT 1) ls ON true
    WHERE c.tenant_id = ${tenantId} AND c.deleted_at IS NULL AND c.is_active AND NOT c.is_default AND ${groupFilter} AND ${contact} ${search}
    ORDER BY c.name, c.id LIMIT ${opts.limit} OFFSET ${opts.offset ?? 0}`;
}

async function countOf(tx: Tx, tenantId: string, group: RecipientGroup, channel: MessageChannel): Promise<number> {
  const [row] = rowsOf<{ total: number | string }>(await tx.execute(sql`SELECT count(*) AS total FROM (${recipientQuery(tenantId, group, channel, { limit: 1_000_000 })}) r`));
  return Number(row?.total ?? 0);
}

/** appointment.getRecipients: the counts of each group for the channel, and the first customers of the group (with search) for the picker. */
export async function getRecipients(ctx: Ctx, input: z.output<typeof recipientsInput>) {
  const { tx, tenant } = ctx;
  const [all, upcoming, past] = [await countOf(tx, tenant.id, "all_customers", input.channel), await countOf(tx, tenant.id, "upcoming", input.channel), await countOf(tx, tenant.id, "past", input.channel)];
  const group = input.recipient_group === "custom" ? "all_customers" : input.recipient_group;
  const rows = rowsOf<RecipientRow & { total: string | number }>(await tx.execute(recipientQuery(tenant.id, group, input.channel, { search: input.search || undefined, limit: 50 })));
  return {
    counts: { all_customers: all, upcoming, past },
    total: Number(rows[0]?.total ?? 0),
    data: rows.map((r) => ({
      customer_id: r.customer_id,
      name: r.name,
      email: r.email,
      phone: r.phone,
      next_appointment: r.appointment_date ? { date: r.appointment_date, time: r.start_time, service_name: r.service_name } : null,
    })),
  };
}

// ---------------------------------------------------------------- sending

export interface MessageRecipient {
  customer_id: string;
  name: string;
  email: string | null;
  phone: string | null;
  /** sent (SMTP) | outbox | failed | link (WhatsApp, to open) | not_configured (SMS) */
  status: MailStatus | "link" | "not_configured";
  link?: string;
}

interface StoredMessage {
  id: string;
  channel: string;
  recipientGroup: string;
  subject: string;
  body: string;
  recipientCount: number;
  sentCount: number;
  recipients: unknown;
  createdAt: Date;
}

function messageResult(m: StoredMessage) {
  const recipients = m.recipients as MessageRecipient[];
  return {
    id: m.id,
    channel: m.channel as MessageChannel,
    recipient_group: m.recipientGroup as RecipientGroup,
    subject: m.subject,
    body: m.body,
    recipient_count: m.recipientCount,
    sent_count: m.sentCount,
    failed_count: recipients.filter((r) => r.status === "failed").length,
    recipients,
    created_at: m.createdAt,
  };
}

/**
 * appointment.sendMessage: resolves the group's customers that can be reached on the channel,
 * fills the text for each (upcoming: their next appointment, past: their last one), mails them
 * (email), prepares a wa.me link each (whatsapp) or records the message (sms: no provider here),
 * and keeps the message with its counts. The same idempotency_key again returns the first result.
 */
export async function sendMessage(ctx: Ctx, input: z.output<typeof sendMessageInput>) {
  const { tx, tenant } = ctx;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${tenant.id}:appointment-message:${input.idempotency_key}`}, 0))`);
  const [existing] = await tx
    .select()
    .from(appointmentMessages)
    .where(and(eq(appointmentMessages.tenantId, tenant.id), eq(appointmentMessages.idempotencyKey, input.idempotency_key)));
  if (existing) return messageResult(existing);

  let subject = input.subject ?? "";
  let body = input.body ?? "";
  if (input.template_id) {
    const tpl = await templateRow(tx, tenant.id, input.template_id);
    subject = tpl.subject;
    body = tpl.body;
  }
  const ids = [...new Set(input.customer_ids ?? [])];
  if (input.recipient_group === "custom") {
    const [found] = rowsOf<{ n: number | string }>(
      await tx.execute(sql`SELECT count(*) AS n FROM customers WHERE tenant_id = ${tenant.id} AND deleted_at IS NULL AND id = ANY(${`{${ids.join(",")}}`}::uuid[])`),
    );
    if (Number(found?.n ?? 0) !== ids.length) throw notFound();
  }
  const rows = rowsOf<RecipientRow>(await tx.execute(recipientQuery(tenant.id, input.recipient_group, input.channel, { ids, limit: MAX_RECIPIENTS + 1 })));
  if (rows.length === 0) throw appError("BAD_REQUEST", "appointmentMessages:errors.noRecipients");
  if (rows.length > MAX_RECIPIENTS) throw appError("BAD_REQUEST", "appointmentMessages:errors.tooManyRecipients", { max: MAX_RECIPIENTS });

  const lang = await tenantLanguage(tx, tenant.id);
  const business = await businessValues(tx, tenant.id);
  const recipients: MessageRecipient[] = [];
  for (const r of rows) {
    const values: TemplateValues = { customer_name: r.name, ...business };
    if (r.appointment_date && r.start_time) {
      Object.assign(values, appointmentValues({ ...r, customer_name: r.name, service_name: r.service_name ?? "", employee_name: r.employee_name ?? "", appointment_date: r.appointment_date, start_time: r.start_time, total_amount: r.total_amount ?? "0" }, business, lang));
    }
    const text = fill(body, values);
    const base = { customer_id: r.customer_id, name: r.name, email: r.email, phone: r.phone };
    if (input.channel === "email") {
      const sent = await sendMail(tx, tenant.id, { to: r.email!, kind: "notification", ...mailOf(fill(subject, values), text) }, { throwOnFailure: false });
      recipients.push({ ...base, status: sent.status });
    } else if (input.channel === "whatsapp") {
      const link = whatsappLink(r.phone ?? "", text);
      recipients.push(link ? { ...base, status: "link", link } : { ...base, status: "failed" });
    } else {
      recipients.push({ ...base, status: "not_configured" });
    }
  }
  const sentCount = recipients.filter((r) => r.status === "sent" || r.status === "outbox" || r.status === "link").length;
  const id = newId();
  await tx.insert(appointmentMessages).values({
    tenantId: tenant.id,
    id,
    channel: input.channel,
    recipientGroup: input.recipient_group,
    subject,
    body,
    recipientCount: recipients.length,
    sentCount,
    recipients,
    idempotencyKey: input.idempotency_key,
    createdBy: ctx.user?.id ?? null,
  });
  const [saved] = await tx
    .select()
    .from(appointmentMessages)
    .where(and(eq(appointmentMessages.tenantId, tenant.id), eq(appointmentMessages.id, id)));
  return messageResult(saved!);
}

/** appointment.getMessages: the communication center's history, newest first. */
export async function getMessages(ctx: Ctx, input: z.output<typeof messagesListInput>) {
  const { tx, tenant } = ctx;
  const where = eq(appointmentMessages.tenantId, tenant.id);
  const [rows, [total]] = await Promise.all([
    tx
      .select()
      .from(appointmentMessages)
      .where(where)
      .orderBy(desc(appointmentMessages.createdAt), desc(appointmentMessages.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    tx.select({ n: sql<number>`count(*)::int` }).from(appointmentMessages).where(where),
  ]);
  const n = total?.n ?? 0;
  return { data: rows.map(messageResult), pagination: { page: input.page, pageSize: input.pageSize, total: n, totalPages: Math.max(1, Math.ceil(n / input.pageSize)) } };
}

/** appointment.sendReminderNow: staff send (or send again) an appointment's reminder: the e-mail, and the WhatsApp link when it has a phone. */
export async function sendReminderNow(ctx: Ctx, appointmentId: string) {
  const { tx, tenant } = ctx;
  const facts = await loadAppointmentFacts(tx, tenant.id, appointmentId);
  if (!facts) throw notFound();
  if (!["pending", "confirmed", "rescheduled"].includes(facts.status)) throw appError("BAD_REQUEST", "appointmentMessages:errors.notRemindable");
  if (!facts.customer_email && !facts.customer_phone) throw appError("BAD_REQUEST", "appointmentMessages:errors.noContact");
  const emailStatus = await mailAppointment(tx, tenant, facts, "reminder");
  let whatsappUrl: string | null = null;
  if (facts.customer_phone) {
    const lang = await tenantLanguage(tx, tenant.id);
    const tpl = await templateFor(tx, tenant.id, "reminder", lang, "whatsapp");
    whatsappUrl = whatsappLink(facts.customer_phone, fill(tpl.body, appointmentValues(facts, await businessValues(tx, tenant.id), lang)));
  }
  await tx
    .update(appointments)
    .set({ reminderSentAt: new Date() })
    .where(and(eq(appointments.tenantId, tenant.id), eq(appointments.id, appointmentId)));
  return { email_status: emailStatus, whatsapp_url: whatsappUrl };
}
