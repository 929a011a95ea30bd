import { eq, sql } from "drizzle-orm";
import { type Db, rowsOf, type Tx, withTenant } from "../../db/client";
import { type JobLog, startPeriodicJob } from "../../periodic-job";
import { mailOf } from "../appointment/notify/service";
import { sendMail } from "../mail/service";
import { tenants } from "../tenant/tables";

/**
 * Reminders of the legal calendar (issue 20): an event with `reminder_enabled` mails the case's lead
 * attorney (else the tenant's owner) `reminder_minutes` before it starts (an all-day event or one
 * without a start time: before 08:00 of its day, in the firm's time zone), ONCE. As the appointment
 * reminders do, each tenant's due events are claimed with one UPDATE … SET reminder_sent_at …
 * WHERE reminder_sent_at IS NULL … RETURNING, in the same transaction as their mail rows: a
 * second or concurrent run, a restart or another instance claims nothing twice; a failed
 * transaction rolls the claim back and the next run tries again. Events already started, cancelled
 * or completed are not reminded. Moving an event (legalCase.updateEvent) clears reminder_sent_at.
 */

export interface LegalReminderRun {
  sent: { tenantId: string; eventId: string; to: string | null; status: string | null }[];
  failed: { tenantId: string; error: string }[];
}

interface DueEvent {
  id: string;
  title: string;
  description: string | null;
  event_date: string;
  start_time: string | null;
  all_day: boolean;
  location: string | null;
  case_number: string;
  case_title: string;
  to_email: string | null;
  to_user_id: string | null;
  to_language: string | null;
}

/** Claims and mails every due legal reminder of every active tenant. Callable from tests with any `now`. */
export async function sendDueLegalReminders(db: Db, now = new Date()): Promise<LegalReminderRun> {
  const run: LegalReminderRun = { sent: [], failed: [] };
  const active = await db.select({ id: tenants.id, timezone: tenants.timezone }).from(tenants).where(eq(tenants.status, "active"));
  for (const tenant of active) {
    try {
      const sent = await withTenant(db, tenant.id, (tx) => remindersOfTenant(tx, tenant, now));
      run.sent.push(...sent.map((s) => ({ tenantId: tenant.id, ...s })));
    } catch (e) {
      run.failed.push({ tenantId: tenant.id, error: e instanceof Error ? e.message : String(e) });
    }
  }
  return run;
}

async function remindersOfTenant(tx: Tx, tenant: { id: string; timezone: string }, now: Date) {
  const zone = tenant.timezone || "America/Santo_Domingo";
  const at = now.toISOString();
  // The start instant: the event's date and start time (08:00 for all-day ones) in the firm's zone.
  const starts = sql`((e.event_date + coalesce(case when e.all_day then null else e.start_time end, time '08:00')) at time zone ${zone})`;
  const claimed = rowsOf<DueEvent>(
    await tx.execute(sql`
      WITH due AS (
        SELECT e.id FROM legal_case_events e
        WHERE e.tenant_id = ${tenant.id}
          AND e.reminder_enabled AND e.reminder_sent_at IS NULL
          AND e.status IN ('scheduled', 'confirmed')
          AND e.event_date BETWEEN (${at}::timestamptz at time zone ${zone})::date - 1 AND (${at}::timestamptz at time zone ${zone})::date + 31
          AND ${starts} > ${at}::timestamptz
          AND ${starts} - make_interval(mins => e.reminder_minutes) <= ${at}::timestamptz
        FOR UPDATE SKIP LOCKED
      )
      UPDATE legal_case_events e SET reminder_sent_at = now()
      FROM due, legal_cases c
      LEFT JOIN users lead ON lead.tenant_id = c.tenant_id AND lead.id = c.lead_attorney_id AND lead.is_active
      WHERE e.tenant_id = ${tenant.id} AND e.id = due.id AND c.tenant_id = e.tenant_id AND c.id = e.case_id
      RETURNING e.id, e.title, e.description, e.event_date::text AS event_date, e.start_time::text AS start_time, e.all_day, e.location,
        c.case_number, c.title AS case_title,
        coalesce(lead.email, (SELECT o.email FROM users o WHERE o.tenant_id = e.tenant_id AND o.is_owner LIMIT 1)) AS to_email,
        coalesce(lead.id, (SELECT o.id FROM users o WHERE o.tenant_id = e.tenant_id AND o.is_owner LIMIT 1)) AS to_user_id,
        coalesce(lead.language, (SELECT o.language FROM users o WHERE o.tenant_id = e.tenant_id AND o.is_owner LIMIT 1)) AS to_language`),
  );
  const out: { eventId: string; to: string | null; status: string | null }[] = [];
  for (const event of claimed) {
    if (!event.to_email) {
      out.push({ eventId: event.id, to: null, status: null });
      continue;
    }
    const { subject, body } = reminderText(event, event.to_language === "en" ? "en" : "es");
    const sent = await sendMail(tx, tenant.id, { to: event.to_email, toUserId: event.to_user_id, kind: "notification", ...mailOf(subject, body) }, { throwOnFailure: false });
    out.push({ eventId: event.id, to: event.to_email, status: sent.status });
  }
  return out;
}

const TEXTS = {
  es: {
    subject: (e: DueEvent) => `Recordatorio: ${e.title} (${e.case_number})`,
    intro: (e: DueEvent) => `Le recordamos el evento «${e.title}» del caso ${e.case_number} – ${e.case_title}.`,
    date: "Fecha",
    time: "Hora",
    place: "Lugar",
    allDay: "Todo el día",
    locale: "es-DO",
  },
  en: {
    subject: (e: DueEvent) => `Reminder: ${e.title} (${e.case_number})`,
    intro: (e: DueEvent) => `This is a reminder of the event “${e.title}” of case ${e.case_number} – ${e.case_title}.`,
    date: "Date",
    time: "Time",
    place: "Location",
    allDay: "All day",
    locale: "en-US",
  },
} as const;

/** The mail's subject and text in the recipient's language (Spanish by default). */
export function reminderText(event: DueEvent, lang: "es" | "en") {
  const t = TEXTS[lang];
  const date = new Intl.DateTimeFormat(t.locale, { dateStyle: "full", timeZone: "UTC" }).format(new Date(`${event.event_date}T00:00:00Z`));
  const lines = [t.intro(event), "", `${t.date}: ${date}`, `${t.time}: ${event.all_day || !event.start_time ? t.allDay : event.start_time.slice(0, 5)}`];
  if (event.location) lines.push(`${t.place}: ${event.location}`);
  if (event.description) lines.push("", event.description);
  return { subject: t.subject(event), body: lines.join("\n") };
}

/** The scheduler the server starts (src/server/serve.ts, never in tests): a check every 5 minutes. Stopped on close. */
export function startLegalReminderScheduler(db: Db, log: JobLog, everyMs = 5 * 60_000) {
  return startPeriodicJob("legal reminders", () => sendDueLegalReminders(db, new Date()), log, everyMs);
}
