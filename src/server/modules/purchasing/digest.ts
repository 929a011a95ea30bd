import { and, eq, inArray, sql } from "drizzle-orm";
import { translate } from "../../../shared/i18n/translate";
import { formatMoney } from "../../../shared/money/format";
import { businessDate } from "../../../shared/platform/dates";
import { type Db, type Tx, withTenant } from "../../db/client";
import { newId } from "../../ids";
import { type JobLog, startPeriodicJob } from "../../periodic-job";
import { users } from "../auth/tables";
import { escapeHtml, sendMail } from "../mail/service";
import { tenants } from "../tenant/tables";
import { getPurchasingNotifications, PURCHASING_TIME_ZONE, type PurchasingNotifications } from "./notifications";
import { getPurchaseSettings } from "./service";
import { purchaseDigests } from "./tables";

/**
 * The daily purchasing digest (issue 13 §4): low stock, overdue deliveries and bills due soon,
 * mailed (SMTP or the outbox) to the tenant's owner and administrators when the tenant turned the
 * digest on (purchaseSettings.digestEnabled), once per Santo Domingo day from PURCHASE_DIGEST_HOUR
 * (7) on. Once means once: each tenant's work inserts its (tenant, date) row in purchase_digests
 * with ON CONFLICT DO NOTHING before sending, in the same transaction as the mail rows, so a second
 * run, a restart or another server instance finds the row (or waits on it) and sends nothing.
 * With SMTP, a mail accepted by the server whose transaction then fails would be sent again on
 * the next run: accepted as the rarer, lesser fault than a digest lost.
 */

/** The Santo Domingo hour from which the day's digest goes out (PURCHASE_DIGEST_HOUR, default 7). */
export function digestHour(): number {
  const h = Number(process.env.PURCHASE_DIGEST_HOUR ?? 7);
  return Number.isInteger(h) && h >= 0 && h <= 23 ? h : 7;
}

function hourIn(now: Date, timeZone: string): number {
  return Number(new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", hourCycle: "h23" }).format(now));
}

export interface DigestRun {
  date: string;
  /** tenants whose digest this run sent (or recorded, when there was nothing to report) */
  sent: { tenantId: string; recipients: number }[];
  failed: { tenantId: string; error: string }[];
}

/**
 * Sends today's digest of every active tenant that has it on and has not had it today. Callable
 * from tests with any `now`; before the digest hour it does nothing.
 */
export async function sendDailyDigests(db: Db, now = new Date(), opts: { hour?: number } = {}): Promise<DigestRun> {
  const date = businessDate(now, PURCHASING_TIME_ZONE);
  const run: DigestRun = { date, sent: [], failed: [] };
  if (hourIn(now, PURCHASING_TIME_ZONE) < (opts.hour ?? digestHour())) return run;
  const active = await db.select({ id: tenants.id, name: tenants.name }).from(tenants).where(eq(tenants.status, "active"));
  for (const tenant of active) {
    try {
      const recipients = await withTenant(db, tenant.id, (tx) => digestOfTenant(tx, tenant, date, now));
      if (recipients !== null) run.sent.push({ tenantId: tenant.id, recipients });
    } catch (e) {
      run.failed.push({ tenantId: tenant.id, error: e instanceof Error ? e.message : String(e) });
    }
  }
  return run;
}

/** null: off, or already sent today; else how many administrators were mailed. */
async function digestOfTenant(tx: Tx, tenant: { id: string; name: string }, date: string, now: Date): Promise<number | null> {
  const settings = await getPurchaseSettings(tx, tenant.id);
  if (!settings.digestEnabled) return null;
  const claimed = await tx
    .insert(purchaseDigests)
    .values({ tenantId: tenant.id, id: newId(), digestDate: date })
    .onConflictDoNothing({ target: [purchaseDigests.tenantId, purchaseDigests.digestDate] })
    .returning({ id: purchaseDigests.id });
  if (claimed.length === 0) return null;
  const n = await getPurchasingNotifications(tx, tenant.id, now);
  if (n.lowStock.total === 0 && n.overdueDeliveries.total === 0 && n.billsDue.total === 0) return 0;
  const admins = await tx
    .select({ id: users.id, email: users.email, language: users.language })
    .from(users)
    .where(and(eq(users.tenantId, tenant.id), eq(users.isActive, true), inArray(users.role, ["owner", "admin"]), sql`${users.email} <> ''`));
  for (const admin of admins) {
    const mail = digestMail(admin.language === "en" ? "en" : "es", tenant.name, n);
    await sendMail(tx, tenant.id, { to: admin.email, toUserId: admin.id, kind: "notification", ...mail }, { throwOnFailure: false });
  }
  await tx
    .update(purchaseDigests)
    .set({ recipients: admins.length })
    .where(and(eq(purchaseDigests.tenantId, tenant.id), eq(purchaseDigests.id, claimed[0]!.id)));
  return admins.length;
}

/** The digest's subject, text and HTML in the administrator's language. */
export function digestMail(lang: "es" | "en", business: string, n: PurchasingNotifications) {
  const t = (key: string, vars?: Record<string, unknown>) => translate(lang, `purchasing:digest.${key}`, vars);
  const sections: { title: string; lines: string[] }[] = [];
  if (n.lowStock.total > 0) {
    sections.push({
      title: t("lowStock", { count: n.lowStock.capped ? `${n.lowStock.total}+` : n.lowStock.total }),
      lines: n.lowStock.warehouses.map((w) => t("lowStockLine", { warehouse: w.warehouseName, count: w.capped ? `${w.count}+` : w.count })),
    });
  }
  if (n.overdueDeliveries.total > 0) {
    sections.push({
      title: t("overdue", { count: n.overdueDeliveries.total }),
      lines: n.overdueDeliveries.orders.map((o) => t("overdueLine", { number: o.number, provider: o.providerName, date: o.expectedDate, days: o.daysLate })),
    });
  }
  if (n.billsDue.total > 0) {
    sections.push({
      title: t("billsDue", { count: n.billsDue.total, days: n.billsDue.days }),
      lines: n.billsDue.bills.map((b) => t("billLine", { number: b.number, ncf: b.ncf, provider: b.providerName, date: b.dueDate, balance: formatMoney(b.balance, lang) })),
    });
  }
  const intro = t("intro", { business, date: n.today });
  const text = [intro, "", ...sections.flatMap((s) => [s.title, ...s.lines.map((l) => `- ${l}`), ""]), t("where")].join("\n");
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    ...sections.map((s) => `<h3>${escapeHtml(s.title)}</h3><ul>${s.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul>`),
    `<p>${escapeHtml(t("where"))}</p>`,
  ].join("\n");
  return { subject: t("subject", { business, date: n.today }), text, html };
}

/**
 * The scheduler the server starts (src/server/main.ts, never in tests): a check every
 * `everyMs` (5 minutes) and one shortly after start; each check sends what is due. Stopped on close.
 */
export function startDigestScheduler(db: Db, log: JobLog, everyMs = 5 * 60_000) {
  return startPeriodicJob("purchasing digest", () => sendDailyDigests(db, new Date()), log, everyMs);
}
