import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysTo, weekday } from "../../../../shared/appointments/availability";
import { businessDate } from "../../../../shared/platform/dates";
import { withTenant } from "../../../db/client";
import { newId } from "../../../ids";
import { type Client, createRoleContext, errorOf, type TestContext } from "../../../test/harness";
import { mailMessages } from "../../mail/tables";
import { appointments, employeeSchedules } from "../tables";
import { sendDueReminders } from "./reminders";

/**
 * Appointment communications (issue 15 item 5) through the router on a real database: templates,
 * the booking confirmation, the communication center, reminders sent once; another tenant's ids NOT_FOUND.
 */
let t: TestContext;
let owner: Client;
let cashier: Client;
let outsider: Client;
let masaje: string;
let ana: string;
let theirService: string;
let theirEmployee: string;
let monday: string;

const week = Array.from({ length: 7 }, (_, d) => ({ dayOff: d === 0, start: "08:00", end: "18:00", breaks: [] as { start: string; end: string }[] }));
const booking = (over: Record<string, unknown> = {}) => ({
  customer_name: "Carmen Santos",
  customer_email: "carmen@example.do",
  customer_phone: "849-555-0123",
  service_id: masaje,
  employee_id: ana,
  appointment_date: monday,
  start_time: "09:00",
  idempotency_key: newId(),
  ...over,
});

async function mailsTo(tenantId: string, to: string) {
  return withTenant(t.db, tenantId, (tx) =>
    tx
      .select({ subject: mailMessages.subject, text: mailMessages.text, status: mailMessages.status })
      .from(mailMessages)
      .where(and(eq(mailMessages.tenantId, tenantId), eq(mailMessages.toAddress, to)))
      .orderBy(mailMessages.createdAt),
  );
}

async function appointmentRow(tenantId: string, id: string) {
  const [row] = await withTenant(t.db, tenantId, (tx) =>
    tx
      .select()
      .from(appointments)
      .where(and(eq(appointments.tenantId, tenantId), eq(appointments.id, id))),
  );
  return row!;
}

beforeAll(async () => {
  ({ t, owner, cashier, outsider } = await createRoleContext());
  const prices = { price2: "0", price3: "0" };
  masaje = (await owner.product.create.mutate({ name: "Masaje", sku: "SRV-MASAJE", price: "1000", ...prices, productType: "service", isScheduleable: true, isTaxable: false, defaultDuration: 60 } as never)).id;
  ana = (await owner.employee.create.mutate({ name: "Ana Pérez" })).id;
  await owner.employee.updateProducts.mutate({ employeeId: ana, products: [{ productId: masaje }] });
  theirService = (await outsider.product.create.mutate({ name: "Spa", sku: "SRV-SPA", price: "100", ...prices, productType: "service", isScheduleable: true } as never)).id;
  theirEmployee = (await outsider.employee.create.mutate({ name: "Zoe" })).id;
  await outsider.employee.updateProducts.mutate({ employeeId: theirEmployee, products: [{ productId: theirService }] });
  for (const [tenantId, employeeId] of [
    [t.acme.tenant.id, ana],
    [t.other.tenant.id, theirEmployee],
  ] as const) {
    await withTenant(t.db, tenantId, (tx) => tx.insert(employeeSchedules).values({ tenantId, id: newId(), employeeId, effectiveFrom: "2020-01-01", days: week }));
  }
  let d = addDaysTo(businessDate(new Date(), "America/Santo_Domingo"), 3);
  while (weekday(d) !== 1) d = addDaysTo(d, 1);
  monday = d;
});
afterAll(() => t.close());

describe("templates", () => {
  let confirmation: string;
  it("saveTemplate creates an active template; getTemplates lists only the tenant's", async () => {
    const saved = await owner.appointment.saveTemplate.mutate({
      name: "Confirmación",
      kind: "confirmation",
      channel: "email",
      subject: "Su cita de {{service_name}}",
      body: "Hola {{customer_name}}: {{service_name}} el {{appointment_date}} a las {{appointment_time}} con {{employee_name}}. Total {{amount}}. {{desconocida}}",
    });
    confirmation = saved.id;
    expect(saved).toMatchObject({ kind: "confirmation", channel: "email", is_active: true });
    expect((await owner.appointment.getTemplates.query()).map((r) => r.id)).toEqual([confirmation]);
    expect(await outsider.appointment.getTemplates.query()).toEqual([]);
  });

  it("a second active confirmation turns the first off; setTemplateActive switches back", async () => {
    const second = await owner.appointment.saveTemplate.mutate({ name: "Otra", kind: "confirmation", channel: "email", subject: "S", body: "B" });
    let rows = await owner.appointment.getTemplates.query();
    expect(rows.find((r) => r.id === confirmation)?.is_active).toBe(false);
    await owner.appointment.setTemplateActive.mutate({ id: confirmation, is_active: true });
    rows = await owner.appointment.getTemplates.query();
    expect(rows.find((r) => r.id === confirmation)?.is_active).toBe(true);
    expect(rows.find((r) => r.id === second.id)?.is_active).toBe(false);
    const edited = await owner.appointment.saveTemplate.mutate({ id: second.id, name: "Otra editada", kind: "custom", channel: "whatsapp", subject: "", body: "Hola {{customer_name}}" });
    expect(edited).toMatchObject({ name: "Otra editada", kind: "custom", channel: "whatsapp", is_active: false });
  });

  it("previewTemplate fills sample values and reports unknown variables", async () => {
    const p = await owner.appointment.previewTemplate.query({ subject: "Cita {{service_name}}", body: "Hola {{customer_name}} {{otra}}" });
    expect(p).toEqual({ subject: "Cita Corte de cabello", body: "Hola María Rodríguez {{otra}}", unknown: ["otra"] });
  });

  it("bad input is a 400 with the field's message; a cashier cannot configure", async () => {
    expect(await errorOf(owner.appointment.saveTemplate.mutate({ name: " ", kind: "custom", channel: "email", subject: "S", body: "B" }))).toMatchObject({ code: "BAD_REQUEST" });
    expect(await errorOf(owner.appointment.saveTemplate.mutate({ name: "X", kind: "custom", channel: "email", subject: "", body: "B" }))).toMatchObject({ code: "BAD_REQUEST" });
    expect(await errorOf(owner.appointment.saveTemplate.mutate({ name: "X", kind: "otro" as never, channel: "email", subject: "S", body: "B" }))).toMatchObject({ code: "BAD_REQUEST" });
    expect((await errorOf(cashier.appointment.saveTemplate.mutate({ name: "X", kind: "custom", channel: "sms", body: "B" }))).code).toBe("FORBIDDEN");
  });

  it("another tenant's template is NOT_FOUND", async () => {
    expect((await errorOf(outsider.appointment.saveTemplate.mutate({ id: confirmation, name: "X", kind: "custom", channel: "sms", body: "B" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.appointment.setTemplateActive.mutate({ id: confirmation, is_active: false }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.appointment.sendMessage.mutate({ channel: "email", recipient_group: "all_customers", template_id: confirmation, idempotency_key: newId() }))).code).toBe("NOT_FOUND");
    expect((await owner.appointment.getTemplates.query()).find((r) => r.id === confirmation)?.is_active).toBe(true);
  });
});

describe("booking confirmation", () => {
  it("appointment.create mails the active confirmation template filled with the booking's values", async () => {
    const a = await cashier.appointment.create.mutate(booking());
    const mails = await mailsTo(t.acme.tenant.id, "carmen@example.do");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: "Su cita de Masaje", status: "outbox" });
    expect(mails[0]!.text).toBe(`Hola Carmen Santos: Masaje el ${monday.split("-").reverse().join("/")} a las 09:00 con Ana Pérez. Total RD$1,000.00. {{desconocida}}`);
    expect((await appointmentRow(t.acme.tenant.id, a.id)).confirmationSentAt).not.toBeNull();
  });

  it("without an e-mail nothing is sent; the other tenant gets the default Spanish text", async () => {
    const a = await cashier.appointment.create.mutate(booking({ customer_email: undefined, customer_name: "Sin Correo", start_time: "11:00" }));
    expect((await appointmentRow(t.acme.tenant.id, a.id)).confirmationSentAt).toBeNull();
    await outsider.appointment.create.mutate(booking({ service_id: theirService, employee_id: theirEmployee, customer_email: "zoe-client@example.do" }));
    const theirs = await mailsTo(t.other.tenant.id, "zoe-client@example.do");
    expect(theirs).toHaveLength(1);
    expect(theirs[0]!.subject).toContain("Cita confirmada: Spa");
    expect(await mailsTo(t.acme.tenant.id, "zoe-client@example.do")).toEqual([]);
  });
});

describe("mail failure never fails the booking", () => {
  it("with an SMTP server that refuses, the appointment is booked, the mail kept as failed, confirmation_sent_at left empty", async () => {
    const before = process.env.SMTP_URL;
    process.env.SMTP_URL = "smtp://127.0.0.1:1";
    try {
      const a = await cashier.appointment.create.mutate(booking({ start_time: "13:00", customer_email: "rechazo@example.do", customer_name: "Rechazo SMTP" }));
      expect(a).toMatchObject({ status: "pending", start_time: "13:00" });
      expect((await appointmentRow(t.acme.tenant.id, a.id)).confirmationSentAt).toBeNull();
      expect((await mailsTo(t.acme.tenant.id, "rechazo@example.do")).map((m) => m.status)).toEqual(["failed"]);
    } finally {
      if (before === undefined) delete process.env.SMTP_URL;
      else process.env.SMTP_URL = before;
    }
  });
});

describe("communication center", () => {
  let carmen: string;
  let luis: string;
  beforeAll(async () => {
    carmen = (await owner.customer.getAll.query({ search: "Carmen" } as never)).data[0]!.id;
    luis = (await owner.customer.create.mutate({ name: "Luis Fernández", email: "luis@example.do", phone: "809-555-7777" } as never)).id;
  });

  it("getRecipients counts each group for the channel and searches for the picker", async () => {
    const r = await owner.appointment.getRecipients.query({ recipient_group: "custom", channel: "email", search: "luis" });
    expect(r.counts).toEqual({ all_customers: 2, upcoming: 1, past: 0 });
    expect(r.data.map((c) => c.name)).toEqual(["Luis Fernández"]);
    const upcoming = await owner.appointment.getRecipients.query({ recipient_group: "upcoming", channel: "email" });
    expect(upcoming.data).toEqual([expect.objectContaining({ customer_id: carmen, next_appointment: { date: monday, time: "09:00", service_name: "Masaje" } })]);
    const theirs = await outsider.appointment.getRecipients.query({ recipient_group: "all_customers", channel: "email" });
    expect(theirs.data.map((c) => c.email)).toEqual(["zoe-client@example.do"]);
  });

  it("sendMessage e-mails a custom selection with each one's values, records it, and is idempotent", async () => {
    const key = newId();
    const input = {
      channel: "email" as const,
      recipient_group: "custom" as const,
      customer_ids: [carmen, luis],
      subject: "Aviso para {{customer_name}}",
      body: "Hola {{customer_name}}, su próxima cita: {{service_name}} {{appointment_time}}",
      idempotency_key: key,
    };
    const sent = await owner.appointment.sendMessage.mutate(input);
    expect(sent).toMatchObject({ recipient_count: 2, sent_count: 2, failed_count: 0 });
    expect((await mailsTo(t.acme.tenant.id, "luis@example.do"))[0]).toMatchObject({ subject: "Aviso para Luis Fernández", text: "Hola Luis Fernández, su próxima cita: {{service_name}} {{appointment_time}}" });
    expect((await mailsTo(t.acme.tenant.id, "carmen@example.do")).at(-1)).toMatchObject({ subject: "Aviso para Carmen Santos", text: "Hola Carmen Santos, su próxima cita: Masaje 09:00" });
    const again = await owner.appointment.sendMessage.mutate(input);
    expect(again.id).toBe(sent.id);
    expect(await mailsTo(t.acme.tenant.id, "luis@example.do")).toHaveLength(1);
    const history = await owner.appointment.getMessages.query({});
    expect(history.data.map((m) => m.id)).toEqual([sent.id]);
    expect((await outsider.appointment.getMessages.query({})).data).toEqual([]);
  });

  it("WhatsApp gives a wa.me link per recipient; SMS is recorded as not configured", async () => {
    const wa = await owner.appointment.sendMessage.mutate({ channel: "whatsapp", recipient_group: "custom", customer_ids: [luis], body: "Hola {{customer_name}}", idempotency_key: newId() });
    expect(wa.recipients).toEqual([expect.objectContaining({ status: "link", link: `https://wa.me/18095557777?text=${encodeURIComponent("Hola Luis Fernández")}` })]);
    const sms = await owner.appointment.sendMessage.mutate({ channel: "sms", recipient_group: "all_customers", body: "Hola", idempotency_key: newId() });
    expect(sms).toMatchObject({ sent_count: 0 });
    expect(sms.recipients.every((r) => r.status === "not_configured")).toBe(true);
  });

  it("bad input, no recipients, a cashier without permission... and another tenant's customers are NOT_FOUND", async () => {
    expect(await errorOf(owner.appointment.sendMessage.mutate({ channel: "email", recipient_group: "custom", subject: "S", body: "B", idempotency_key: newId() }))).toMatchObject({ code: "BAD_REQUEST" });
    expect(await errorOf(owner.appointment.sendMessage.mutate({ channel: "email", recipient_group: "past", subject: "S", body: "B", idempotency_key: newId() }))).toMatchObject({
      code: "BAD_REQUEST",
      message: "No hay destinatarios para este grupo y canal",
    });
    expect((await errorOf(outsider.appointment.sendMessage.mutate({ channel: "email", recipient_group: "custom", customer_ids: [luis], subject: "S", body: "B", idempotency_key: newId() }))).code).toBe("NOT_FOUND");
    expect(await mailsTo(t.other.tenant.id, "luis@example.do")).toEqual([]);
  });
});

describe("reminders", () => {
  it("sendDueReminders sends a due reminder once, even called twice at the same time", async () => {
    const a = await cashier.appointment.create.mutate(booking({ start_time: "15:00", customer_email: "recordar@example.do", customer_name: "Rosa Díaz" }));
    const theirs = await outsider.appointment.create.mutate(booking({ service_id: theirService, employee_id: theirEmployee, start_time: "15:00", customer_email: "ajeno@example.do" }));
    const startsAt = (await appointmentRow(t.acme.tenant.id, a.id)).startsAt;
    // Too early (48 h before, the policy's default is 24 h): nothing.
    const early = await sendDueReminders(t.db, new Date(startsAt.getTime() - 48 * 3_600_000));
    expect(early.sent.filter((s) => s.appointmentId === a.id)).toEqual([]);
    const now = new Date(startsAt.getTime() - 2 * 3_600_000);
    const [r1, r2] = await Promise.all([sendDueReminders(t.db, now), sendDueReminders(t.db, now)]);
    const mine = [...r1.sent, ...r2.sent].filter((s) => s.appointmentId === a.id);
    expect(mine).toHaveLength(1);
    expect([...r1.sent, ...r2.sent].filter((s) => s.appointmentId === theirs.id)).toHaveLength(1);
    const third = await sendDueReminders(t.db, now);
    expect(third.sent.filter((s) => s.appointmentId === a.id || s.appointmentId === theirs.id)).toEqual([]);
    const mails = (await mailsTo(t.acme.tenant.id, "recordar@example.do")).filter((m) => m.subject.startsWith("Recordatorio"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Hola Rosa Díaz");
    expect((await appointmentRow(t.acme.tenant.id, a.id)).reminderSentAt).not.toBeNull();
    expect((await mailsTo(t.other.tenant.id, "ajeno@example.do")).filter((m) => m.subject.startsWith("Recordatorio"))).toHaveLength(1);
  });

  it("a cancelled appointment gets no reminder", async () => {
    const a = await cashier.appointment.create.mutate(booking({ start_time: "16:00", customer_email: "cancelada@example.do" }));
    await owner.appointment.updateStatus.mutate({ id: a.id, status: "cancelled", reason: "x" });
    const startsAt = (await appointmentRow(t.acme.tenant.id, a.id)).startsAt;
    const run = await sendDueReminders(t.db, new Date(startsAt.getTime() - 3_600_000));
    expect(run.sent.filter((s) => s.appointmentId === a.id)).toEqual([]);
  });

  it("sendReminderNow re-sends with a WhatsApp link; another tenant's appointment is NOT_FOUND", async () => {
    const a = await cashier.appointment.create.mutate(booking({ start_time: "17:00", customer_email: "ahora@example.do" }));
    const r = await cashier.appointment.sendReminderNow.mutate({ appointment_id: a.id });
    expect(r.email_status).toBe("outbox");
    expect(r.whatsapp_url).toMatch(/^https:\/\/wa\.me\/18495550123\?text=/);
    expect((await mailsTo(t.acme.tenant.id, "ahora@example.do")).filter((m) => m.subject.startsWith("Recordatorio"))).toHaveLength(1);
    expect((await errorOf(outsider.appointment.sendReminderNow.mutate({ appointment_id: a.id }))).code).toBe("NOT_FOUND");
    expect(await errorOf(outsider.appointment.sendReminderNow.mutate({ appointment_id: "nope" }))).toMatchObject({ code: "BAD_REQUEST" });
    void sql;
  });

  it("getWhatsAppLink fills the WhatsApp template of the kind (else the e-mail one's body); another tenant's appointment is NOT_FOUND", async () => {
    const a = await cashier.appointment.create.mutate(booking({ start_time: "10:00", customer_email: undefined, customer_phone: "809-555-4444", customer_name: "Pedro Gil" }));
    const viaEmail = await cashier.appointment.getWhatsAppLink.query({ appointment_id: a.id, kind: "confirmation" });
    expect(viaEmail.text).toMatch(/^Hola Pedro Gil: Masaje el /);
    await owner.appointment.saveTemplate.mutate({ name: "WA", kind: "confirmation", channel: "whatsapp", body: "¡Listo {{customer_name}}! {{appointment_time}}" });
    const own = await cashier.appointment.getWhatsAppLink.query({ appointment_id: a.id, kind: "confirmation" });
    expect(own).toEqual({ text: "¡Listo Pedro Gil! 10:00", phone: "809-555-4444", url: `https://wa.me/18095554444?text=${encodeURIComponent("¡Listo Pedro Gil! 10:00")}` });
    expect((await errorOf(outsider.appointment.getWhatsAppLink.query({ appointment_id: a.id, kind: "confirmation" }))).code).toBe("NOT_FOUND");
  });
});
