import { eq, sql } from "drizzle-orm";
import { type Db, rowsOf, type Tx, withTenant } from "../../../db/client";
import { type JobLog, startPeriodicJob } from "../../../periodic-job";
import { tenants } from "../../tenant/tables";
import { type AppointmentFacts, mailAppointment } from "./service";

/**
 * Appointment reminders (issue 15 item 5): an e-mail a configurable time before the start
 * (appointment_policies.reminder_hours_before, 24 by default), sent ONCE. Each tenant's due
 * appointments are claimed with one UPDATE … SET reminder_sent_at … WHERE reminder_sent_at IS NULL
 * … RETURNING, in the same transaction as their mail rows: a second run, a concurrent one (it
 * waits on the claimed rows, then finds them taken), a restart or another server instance claims
 * nothing twice. If the transaction fails, the claim is rolled back with the mails and the next
 * run tries again. With SMTP, a mail accepted whose transaction then fails would go again:
 * accepted as the rarer, lesser fault than a reminder lost (as the purchasing digest does).
 */

export interface ReminderRun {
  sent: { tenantId: string; appointmentId: string; status: string | null }[];
  failed: { tenantId: string; error: string }[];
}

/** Claims and sends every due reminder of every active tenant. Callable from tests with any `now`. */
export async function sendDueReminders(db: Db, now = new Date()): Promise<ReminderRun> {
  const run: ReminderRun = { sent: [], failed: [] };
  const active = await db.select().from(tenants).where(eq(tenants.status, "active"));
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

async function remindersOfTenant(tx: Tx, tenant: typeof tenants.$inferSelect, now: Date) {
  const claimed = rowsOf<AppointmentFacts>(
    await tx.execute(sql`
      WITH policy AS (
        SELECT coalesce((SELECT reminder_hours_before FROM appointment_policies WHERE tenant_id = ${tenant.id} AND is_active), 24) AS hours
      )
      UPDATE appointments a SET reminder_sent_at = now()
      FROM policy, employees e
      WHERE a.tenant_id = ${tenant.id} AND e.tenant_id = a.tenant_id AND e.id = a.employee_id
        AND a.reminder_sent_at IS NULL
        AND a.status IN ('pending', 'confirmed', 'rescheduled')
        AND coalesce(a.customer_email, '') <> ''
        AND a.starts_at > ${now.toISOString()}::timestamptz
        AND a.starts_at <= ${now.toISOString()}::timestamptz + make_interval(hours => policy.hours)
      RETURNING a.id, a.customer_name, a.customer_email, a.customer_phone, a.service_name, e.name AS employee_name,
        a.appointment_date::text AS appointment_date, a.start_time, a.total_amount::text AS total_amount, a.status`),
  );
  const out: { appointmentId: string; status: string | null }[] = [];
  for (const facts of claimed) out.push({ appointmentId: facts.id, status: await mailAppointment(tx, tenant, facts, "reminder") });
  return out;
}

/**
 * The scheduler the server starts (src/server/main.ts, never in tests): a check every `everyMs`
 * (5 minutes) and one shortly after start. Stopped on close.
 */
export function startReminderScheduler(db: Db, log: JobLog, everyMs = 5 * 60_000) {
  return startPeriodicJob("appointment reminders", () => sendDueReminders(db, new Date()), log, everyMs);
}
