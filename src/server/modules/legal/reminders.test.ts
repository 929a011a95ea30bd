import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../db/client";
import { createTestContext, type TestContext } from "../../test/harness";
import { mailMessages } from "../mail/tables";
import { sendDueLegalReminders } from "./reminders";
import { legalCaseEvents, legalCases } from "./tables";
import { enableLegal, insertCase } from "./test-fixture";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await enableLegal(t, "acme");
});
afterAll(() => t.close());

const mailsTo = (tenantId: string, to: string) =>
  withTenant(t.db, tenantId, (tx) => tx.select().from(mailMessages).where(and(eq(mailMessages.tenantId, tenantId), eq(mailMessages.toAddress, to))));

describe("legal event reminders", () => {
  it("mails the lead attorney once when the reminder time has come, the owner when the case has none", async () => {
    const tenantId = t.acme.tenant.id;
    const owner = await t.client("acme", "owner");
    const withLead = await insertCase(t, "acme", { title: "Caso con abogado" });
    const noLead = await insertCase(t, "acme", { title: "Caso sin abogado" });
    const adminId = t.acme.users.admin.id;
    await withTenant(t.db, tenantId, (tx) => tx.update(legalCases).set({ leadAttorneyId: adminId }).where(and(eq(legalCases.tenantId, tenantId), eq(legalCases.id, withLead.caseId))));
    // 2030-03-15 09:00 in Santo Domingo (UTC-4) is 13:00 UTC; reminder 60 minutes before
    const hearing = await owner.legalCase.createEvent.mutate({ caseId: withLead.caseId, eventType: "hearing", title: "Audiencia de fondo", eventDate: "2030-03-15", startTime: "09:00", location: "Palacio de Justicia", reminderEnabled: true, reminderMinutes: 60 });
    // all-day: reminded a day before 08:00 of its day (12:00 UTC)
    const deadline = await owner.legalCase.createEvent.mutate({ caseId: noLead.caseId, eventType: "deadline", title: "Plazo de apelación", eventDate: "2030-03-15", allDay: true, reminderEnabled: true, reminderMinutes: 1440 });
    const quiet = await owner.legalCase.createEvent.mutate({ caseId: noLead.caseId, eventType: "meeting", title: "Sin recordatorio", eventDate: "2030-03-15", startTime: "09:00" });
    const cancelled = await owner.legalCase.createEvent.mutate({ caseId: noLead.caseId, eventType: "meeting", title: "Cancelada", eventDate: "2030-03-15", startTime: "10:00", reminderEnabled: true, reminderMinutes: 1440, status: "cancelled" });

    const early = await sendDueLegalReminders(t.db, new Date("2030-03-14T11:59:00Z"));
    expect(early.sent.filter((s) => s.tenantId === tenantId)).toEqual([]);

    const dayBefore = await sendDueLegalReminders(t.db, new Date("2030-03-14T12:00:00Z"));
    expect(dayBefore.sent.filter((s) => s.tenantId === tenantId)).toEqual([{ tenantId, eventId: deadline.id, to: t.acme.users.owner.email, status: "outbox" }]);

    const hourBefore = await sendDueLegalReminders(t.db, new Date("2030-03-15T12:05:00Z"));
    expect(hourBefore.sent.filter((s) => s.tenantId === tenantId)).toEqual([{ tenantId, eventId: hearing.id, to: t.acme.users.admin.email, status: "outbox" }]);
    // once: a second run sends nothing
    expect((await sendDueLegalReminders(t.db, new Date("2030-03-15T12:10:00Z"))).sent.filter((s) => s.tenantId === tenantId)).toEqual([]);

    const mails = await mailsTo(tenantId, t.acme.users.admin.email);
    const mail = mails.find((m) => m.subject.includes("Audiencia de fondo"));
    expect(mail?.subject).toMatch(/^Recordatorio: Audiencia de fondo \(T-/);
    expect(mail?.text).toContain("Caso con abogado");
    expect(mail?.text).toContain("09:00");
    expect(mail?.text).toContain("Palacio de Justicia");
    expect(mail?.text).toContain("2030");

    // moving the event sends the reminder again when its new time comes
    await owner.legalCase.updateEvent.mutate({ id: hearing.id, eventDate: "2030-03-16" });
    expect((await sendDueLegalReminders(t.db, new Date("2030-03-15T12:30:00Z"))).sent.filter((s) => s.tenantId === tenantId)).toEqual([]);
    expect((await sendDueLegalReminders(t.db, new Date("2030-03-16T12:30:00Z"))).sent.filter((s) => s.tenantId === tenantId).map((s) => s.eventId)).toEqual([hearing.id]);

    const [q] = await withTenant(t.db, tenantId, (tx) => tx.select().from(legalCaseEvents).where(and(eq(legalCaseEvents.tenantId, tenantId), eq(legalCaseEvents.id, quiet.id))));
    expect(q?.reminderSentAt).toBeNull();
    const [c] = await withTenant(t.db, tenantId, (tx) => tx.select().from(legalCaseEvents).where(and(eq(legalCaseEvents.tenantId, tenantId), eq(legalCaseEvents.id, cancelled.id))));
    expect(c?.reminderSentAt).toBeNull();
    // an event already started is not reminded
    await owner.legalCase.createEvent.mutate({ caseId: noLead.caseId, eventType: "meeting", title: "Pasada", eventDate: "2030-03-10", startTime: "09:00", reminderEnabled: true });
    expect((await sendDueLegalReminders(t.db, new Date("2030-03-16T12:40:00Z"))).sent.filter((s) => s.tenantId === tenantId)).toEqual([]);
  });
});
