import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "../../../../shared/i18n/translate";
import { businessDate } from "../../../../shared/platform/dates";
import { withTenant } from "../../../db/client";
import { newId } from "../../../ids";
import { type Client, createTestContext, errorOf, type TestContext } from "../../../test/harness";
import { legalClients } from "../../customer/tables";
import { legalTimeEntries } from "../tables";
import { enableLegal, insertCase } from "../test-fixture";

let t: TestContext;
let owner: Client;
let cashier: Client;
let outsider: Client;
/** A case and client of the outsider tenant. */
let foreign: { caseId: string; clientId: string };
const foreignIds: Record<string, string> = {};

/** The message as the server sends it in Spanish (the key itself while the catalog lacks it). */
const es = (key: string) => translate("es", key);

/** A client of the tenant with legal data (a legal client), as legattiCustomer.create leaves it. */
async function legalClient(subdomain: "acme" | "other", name: string, taxId?: string) {
  const { clientId } = await insertCase(t, subdomain, { clientName: name, clientTaxId: taxId });
  const tenantId = t[subdomain].tenant.id;
  await withTenant(t.db, tenantId, (tx) => tx.insert(legalClients).values({ tenantId, id: clientId, hourlyRate: "2500.00", status: "active" }));
  return clientId;
}

beforeAll(async () => {
  t = await createTestContext();
  await enableLegal(t, "acme");
  await enableLegal(t, "other");
  owner = await t.client("acme", "owner");
  cashier = await t.client("acme", "cashier");
  outsider = await t.client("other", "owner");
  const otherClient = await legalClient("other", "Cliente Ajeno SRL");
  const c = await outsider.legalCase.createCase.mutate({ title: "Caso ajeno", caseType: "civil", primaryClientId: otherClient });
  foreign = { caseId: c.id, clientId: otherClient };
  foreignIds.party = (await outsider.legalCase.createParty.mutate({ caseId: c.id, partyType: "plaintiff", name: "Parte ajena" })).id;
  foreignIds.event = (await outsider.legalCase.createEvent.mutate({ caseId: c.id, eventType: "hearing", title: "Audiencia ajena", eventDate: "2026-03-01" })).id;
  foreignIds.task = (await outsider.legalCase.createTask.mutate({ caseId: c.id, title: "Tarea ajena", taskType: "research" })).id;
  foreignIds.entry = (await outsider.legalCase.createTimeEntry.mutate({ caseId: c.id, entryDate: "2026-03-01", durationHours: "1", activityType: "research", description: "x" })).entry.id;
  foreignIds.communication = (await outsider.legalCase.createCommunication.mutate({ caseId: c.id, type: "email", direction: "outbound", subject: "Ajeno" })).id;
});
afterAll(() => t.close());

describe("legalCase cases", () => {
  it("creates cases numbered EXP-{year}-{0001} per tenant and year, today in Santo Domingo by default", async () => {
    const client = await legalClient("acme", "José Peña Almonte", "001-1391820-5");
    const a = await owner.legalCase.createCase.mutate({ title: "Cobro de pesos", caseType: "commercial", primaryClientId: client, dateOpened: "2025-05-10" });
    const b = await owner.legalCase.createCase.mutate({ title: "Desalojo", caseType: "civil", primaryClientId: client, dateOpened: "2025-06-01" });
    const c = await owner.legalCase.createCase.mutate({ title: "Despido injustificado", caseType: "labor", primaryClientId: client, dateOpened: "2024-12-31" });
    expect(a.caseNumber).toBe("EXP-2025-0001");
    expect(b.caseNumber).toBe("EXP-2025-0002");
    expect(c.caseNumber).toBe("EXP-2024-0001");
    expect(a.status).toBe("active");
    expect(a.priority).toBe("normal");
    expect(a.primaryClientName).toBe("José Peña Almonte");
    expect(a.tags).toEqual([]);
    const today = await owner.legalCase.createCase.mutate({ title: "Hoy", caseType: "other", primaryClientId: client });
    const now = businessDate(new Date(), "America/Santo_Domingo");
    expect(today.dateOpened).toBe(now);
    expect(today.caseNumber).toMatch(new RegExp(`^EXP-${now.slice(0, 4)}-\\d{4}$`));
    // the outsider's numbering is its own
    expect((await outsider.legalCase.getCase.query({ id: foreign.caseId })).caseNumber).toMatch(/^EXP-\d{4}-0001$/);
  });

  it("stores every optional field and reads the case back with its billing", async () => {
    const client = await legalClient("acme", "Inversiones Cibao SRL", "1-01-85004-3");
    const attorneys = await owner.legalCase.getAttorneys.query();
    expect(attorneys.length).toBeGreaterThanOrEqual(3);
    const lead = attorneys[0]!;
    const created = await owner.legalCase.createCase.mutate({
      title: "Contrato de arrendamiento",
      caseType: "real_estate",
      caseSubtype: "Arrendamiento",
      primaryClientId: client,
      description: "Incumplimiento",
      priority: "critical",
      dateOpened: "2026-02-01",
      limitationDate: "2027-02-01",
      leadAttorneyId: lead.id,
      supervisingPartner: "Lic. Núñez",
      courtName: "Primera Sala Cámara Civil",
      courtJurisdiction: "Distrito Nacional",
      judgeName: "Mag. Rosa Díaz",
      billingType: "fixed_fee",
      estimatedValue: "1500000",
      retainerAmount: 50000.5,
      tags: ["urgente", "inmobiliario", "urgente"],
      riskLevel: "high",
      conflictCheckCompleted: true,
      conflictCheckDate: "2026-01-30",
    });
    const read = await owner.legalCase.getCase.query({ id: created.id });
    expect(read).toMatchObject({
      caseSubtype: "Arrendamiento",
      priority: "critical",
      limitationDate: "2027-02-01",
      leadAttorneyId: lead.id,
      leadAttorneyName: lead.name,
      courtName: "Primera Sala Cámara Civil",
      billingType: "fixed_fee",
      estimatedValue: "1500000.00",
      retainerAmount: "50000.50",
      totalBilled: "0.00",
      tags: ["urgente", "inmobiliario"],
      riskLevel: "high",
      conflictCheckCompleted: true,
      primaryClientTaxId: expect.any(String),
      billing: { billableHours: "0.00", billableAmount: "0.00", unbilledAmount: "0.00", nonBillableHours: "0.00" },
    });
    const updated = await owner.legalCase.updateCase.mutate({ id: created.id, judgeName: "", priority: "high", title: "Contrato de arrendamiento (apelación)" });
    expect(updated.judgeName).toBeNull();
    expect(updated.priority).toBe("high");
    expect(updated.courtName).toBe("Primera Sala Cámara Civil");
    expect(updated.title).toBe("Contrato de arrendamiento (apelación)");
  });

  it("closes with today's date and reopens clearing it", async () => {
    const client = await legalClient("acme", "Cliente Cierre");
    const c = await owner.legalCase.createCase.mutate({ title: "Por cerrar", caseType: "family", primaryClientId: client, dateOpened: "2026-01-10" });
    const closed = await owner.legalCase.setCaseStatus.mutate({ id: c.id, status: "closed" });
    expect(closed.status).toBe("closed");
    expect(closed.dateClosed).toBe(businessDate(new Date(), "America/Santo_Domingo"));
    const reopened = await owner.legalCase.setCaseStatus.mutate({ id: c.id, status: "active" });
    expect(reopened.dateClosed).toBeNull();
    expect((await errorOf(owner.legalCase.setCaseStatus.mutate({ id: c.id, status: "lost" as never }))).code).toBe("BAD_REQUEST");
  });

  it("lists, searches (accents and case aside) and filters cases; counts the statistics", async () => {
    const client = await legalClient("acme", "Constructora Ozama SRL");
    const before = await owner.legalCase.getCaseStats.query();
    const made = [
      await owner.legalCase.createCase.mutate({ title: "Reclamación de daños", caseType: "civil", primaryClientId: client, priority: "urgent", dateOpened: "2026-03-01" }),
      await owner.legalCase.createCase.mutate({ title: "Fusión societaria", caseType: "corporate", primaryClientId: client, status: "on_hold", dateOpened: "2026-03-02" }),
      await owner.legalCase.createCase.mutate({ title: "Evasión fiscal", caseType: "tax", primaryClientId: client, priority: "critical", dateOpened: "2026-03-03" }),
      await owner.legalCase.createCase.mutate({ title: "Archivado urgente", caseType: "tax", primaryClientId: client, priority: "urgent", status: "archived", dateOpened: "2026-03-04" }),
    ];
    const after = await owner.legalCase.getCaseStats.query();
    expect(after.total - before.total).toBe(4);
    expect(after.active - before.active).toBe(2);
    expect(after.onHold - before.onHold).toBe(1);
    expect(after.archived - before.archived).toBe(1);
    expect(after.urgent - before.urgent).toBe(2);
    expect(after.byType.tax - before.byType.tax).toBe(2);
    expect(after.byType.corporate - before.byType.corporate).toBe(1);
    expect(Object.keys(after.byType)).toContain("real_estate");

    // the list's 'urgent' is the statistic's: urgent or critical, neither closed nor archived
    const urgent = await owner.legalCase.getCases.query({ clientId: client, urgent: true });
    expect(urgent.data.map((c) => c.title).sort()).toEqual(["Evasión fiscal", "Reclamación de daños"]);

    const byClient = await owner.legalCase.getCases.query({ clientId: client });
    // newest opened first; the client's older case (opened 2026-01-15 by the fixture) last
    expect(byClient.data.slice(0, 4).map((c) => c.id)).toEqual([...made].reverse().map((c) => c.id));
    expect(byClient.pagination.total).toBe(5);
    expect((await owner.legalCase.getCases.query({ search: "FUSION" })).data.map((c) => c.id)).toEqual([made[1]!.id]);
    expect((await owner.legalCase.getCases.query({ search: "ozama", status: "active" })).data).toHaveLength(3);
    expect((await owner.legalCase.getCases.query({ search: made[2]!.caseNumber })).data.map((c) => c.id)).toEqual([made[2]!.id]);
    expect((await owner.legalCase.getCases.query({ clientId: client, priority: "critical" })).data.map((c) => c.id)).toEqual([made[2]!.id]);
    expect((await owner.legalCase.getCases.query({ clientId: client, caseType: "tax" })).data).toHaveLength(2);
    const paged = await owner.legalCase.getCases.query({ clientId: client, page: 2, pageSize: 3 });
    expect(paged.data).toHaveLength(2);
    expect(paged.pagination).toMatchObject({ page: 2, pageSize: 3, total: 5, pageCount: 2 });
    // the outsider's cases never show
    expect((await owner.legalCase.getCases.query({ search: "Caso ajeno" })).data).toHaveLength(0);
    expect((await errorOf(owner.legalCase.getCases.query({ pageSize: 101 }))).code).toBe("BAD_REQUEST");
  });

  it("lists legal clients only (customers with legal data), at most 50", async () => {
    await insertCase(t, "acme", { clientName: "Sin datos legales" });
    const found = await owner.legalCase.getLegalClients.query({ search: "Pena" });
    expect(found.map((c) => c.name)).toContain("José Peña Almonte");
    expect((await owner.legalCase.getLegalClients.query({ search: "Sin datos legales" })).length).toBe(0);
    expect((await owner.legalCase.getLegalClients.query({ search: "Ajeno" })).length).toBe(0);
  });

  it("refuses bad input with the field and a clear message", async () => {
    const client = await legalClient("acme", "Cliente Validación");
    const missing = await errorOf(owner.legalCase.createCase.mutate({ title: " ", caseType: "civil", primaryClientId: client }));
    expect(missing.code).toBe("BAD_REQUEST");
    expect(missing.message).toBe(`title: ${es("legal:errors.required")}`);
    const badType = await errorOf(owner.legalCase.createCase.mutate({ title: "X", caseType: "maritime" as never, primaryClientId: client }));
    expect(badType.message).toBe(`caseType: ${es("legal:errors.invalidOption")}`);
    const noClient = await errorOf(owner.legalCase.createCase.mutate({ title: "X", caseType: "civil" } as never));
    expect(noClient.message).toContain("primaryClientId");
    const badMoney = await errorOf(owner.legalCase.createCase.mutate({ title: "X", caseType: "civil", primaryClientId: client, estimatedValue: "-5" }));
    expect(badMoney.message).toBe(`estimatedValue: ${es("legal:errors.invalidAmount")}`);
    const badDate = await errorOf(owner.legalCase.createCase.mutate({ title: "X", caseType: "civil", primaryClientId: client, dateOpened: "2026-02-30" }));
    expect(badDate.message).toBe(`dateOpened: ${es("legal:errors.invalidDate")}`);
    const limitation = await errorOf(owner.legalCase.createCase.mutate({ title: "X", caseType: "civil", primaryClientId: client, dateOpened: "2026-02-10", limitationDate: "2026-01-01" }));
    expect(limitation).toEqual({ code: "BAD_REQUEST", message: es("legal:errors.limitationBeforeOpened") });
    const nonLegal = await insertCase(t, "acme", { clientName: "No legal" });
    expect((await errorOf(owner.legalCase.createCase.mutate({ title: "X", caseType: "civil", primaryClientId: nonLegal.clientId }))).code).toBe("NOT_FOUND");
  });

  it("answers NOT_FOUND for another tenant's case and client", async () => {
    const client = await legalClient("acme", "Cliente Propio");
    expect(await errorOf(owner.legalCase.getCase.query({ id: foreign.caseId }))).toEqual({ code: "NOT_FOUND", message: es("legal:errors.caseNotFound") });
    expect((await errorOf(owner.legalCase.getCase.query({ id: newId() }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.legalCase.updateCase.mutate({ id: foreign.caseId, title: "Mío" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.legalCase.setCaseStatus.mutate({ id: foreign.caseId, status: "closed" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.legalCase.createCase.mutate({ title: "X", caseType: "civil", primaryClientId: foreign.clientId }))).code).toBe("NOT_FOUND");
    const leadOfOther = t.other.users.owner.id;
    expect((await errorOf(owner.legalCase.createCase.mutate({ title: "X", caseType: "civil", primaryClientId: client, leadAttorneyId: leadOfOther }))).code).toBe("NOT_FOUND");
    for (const [kind, id] of [
      ["getParties", foreign.caseId],
      ["getTasks", foreign.caseId],
      ["getTimeEntries", foreign.caseId],
      ["getCommunications", foreign.caseId],
    ] as const) {
      expect((await errorOf(owner.legalCase[kind].query({ caseId: id }))).code, kind).toBe("NOT_FOUND");
    }
    expect((await errorOf(owner.legalCase.getEvents.query({ from: "2026-01-01", to: "2026-12-31", caseId: foreign.caseId }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.legalCase.createParty.mutate({ caseId: foreign.caseId, partyType: "witness", name: "X" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.legalCase.updateParty.mutate({ id: foreignIds.party!, name: "X" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.legalCase.deleteParty.mutate({ id: foreignIds.party! }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.legalCase.createEvent.mutate({ caseId: foreign.caseId, eventType: "meeting", title: "X", eventDate: "2026-03-01" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.legalCase.updateEvent.mutate({ id: foreignIds.event!, title: "X" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.legalCase.createTask.mutate({ caseId: foreign.caseId, title: "X", taskType: "drafting" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.legalCase.updateTask.mutate({ id: foreignIds.task!, status: "completed" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.legalCase.createTimeEntry.mutate({ caseId: foreign.caseId, entryDate: "2026-03-01", durationHours: "1", activityType: "call", description: "x" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.legalCase.updateTimeEntry.mutate({ id: foreignIds.entry!, description: "x" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.legalCase.deleteTimeEntry.mutate({ id: foreignIds.entry! }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.legalCase.createCommunication.mutate({ caseId: foreign.caseId, type: "phone", direction: "inbound", subject: "X" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.legalCase.updateCommunication.mutate({ id: foreignIds.communication!, subject: "X" }))).code).toBe("NOT_FOUND");
    // the outsider's events are not on this tenant's calendar
    expect((await owner.legalCase.getEvents.query({ from: "2026-03-01", to: "2026-03-01" })).map((e) => e.title)).not.toContain("Audiencia ajena");
  });
});

describe("legalCase parties, events, tasks, time entries and communications", () => {
  let caseId: string;
  beforeAll(async () => {
    const client = await legalClient("acme", "María Rodríguez");
    caseId = (await owner.legalCase.createCase.mutate({ title: "Partición de bienes", caseType: "family", primaryClientId: client, dateOpened: "2026-02-01" })).id;
  });

  it("adds, edits and lists parties; the cashier cannot delete one, the owner can", async () => {
    const p = await cashier.legalCase.createParty.mutate({ caseId, partyType: "defendant", name: "Pedro Gómez", entityType: "individual", taxId: "00113918205", email: "PEDRO@EXAMPLE.COM", attorneyName: "Lic. Soto", isPrimary: true });
    expect(p).toMatchObject({ partyType: "defendant", name: "Pedro Gómez", email: "pedro@example.com", isPrimary: true, caseId });
    await cashier.legalCase.createParty.mutate({ caseId, partyType: "witness", name: "Comercial del Este SRL", entityType: "company" });
    const edited = await cashier.legalCase.updateParty.mutate({ id: p.id, phone: "809-555-0101", attorneyName: null });
    expect(edited.phone).toBe("809-555-0101");
    expect(edited.attorneyName).toBeNull();
    expect(edited.name).toBe("Pedro Gómez");
    expect((await owner.legalCase.getParties.query({ caseId })).map((x) => x.name)).toEqual(["Pedro Gómez", "Comercial del Este SRL"]);
    expect((await errorOf(cashier.legalCase.deleteParty.mutate({ id: p.id }))).code).toBe("FORBIDDEN");
    expect(await owner.legalCase.deleteParty.mutate({ id: p.id })).toEqual({ id: p.id });
    expect((await owner.legalCase.getParties.query({ caseId })).map((x) => x.name)).toEqual(["Comercial del Este SRL"]);
    const bad = await errorOf(owner.legalCase.createParty.mutate({ caseId, partyType: "judge" as never, name: "" }));
    expect(bad.code).toBe("BAD_REQUEST");
    expect(bad.message).toContain(`partyType: ${es("legal:errors.invalidOption")}`);
    expect(bad.message).toContain(`name: ${es("legal:errors.required")}`);
    expect((await errorOf(owner.legalCase.createParty.mutate({ caseId, partyType: "witness", name: "X", email: "no-es-correo" }))).message).toBe(`email: ${es("legal:errors.invalidEmail")}`);
  });

  it("schedules events on the calendar between two dates (at most 366 days), cancels them, resets the reminder when moved", async () => {
    const hearing = await owner.legalCase.createEvent.mutate({ caseId, eventType: "hearing", title: "Audiencia preliminar", eventDate: "2026-04-10", startTime: "09:00", endTime: "11:30", location: "Palacio de Justicia", locationType: "court", priority: "high", reminderEnabled: true, reminderMinutes: 1440 });
    expect(hearing).toMatchObject({ startTime: "09:00", endTime: "11:30", status: "scheduled", reminderEnabled: true, reminderMinutes: 1440, reminderSentAt: null });
    await owner.legalCase.createEvent.mutate({ caseId, eventType: "deadline", title: "Plazo de depósito", eventDate: "2026-04-20", allDay: true, startTime: "08:00" });
    await owner.legalCase.createEvent.mutate({ caseId, eventType: "meeting", title: "Reunión fuera", eventDate: "2026-05-01" });
    const april = await owner.legalCase.getEvents.query({ from: "2026-04-01", to: "2026-04-30" });
    const mine = april.filter((e) => e.caseId === caseId);
    expect(mine.map((e) => e.title)).toEqual(["Audiencia preliminar", "Plazo de depósito"]);
    expect(mine[0]!.caseTitle).toBe("Partición de bienes");
    expect(mine[0]!.caseNumber).toMatch(/^EXP-2026-\d{4}$/);
    expect(mine[1]!.startTime).toBeNull();
    const byCase = await owner.legalCase.getEvents.query({ from: "2026-04-10", to: "2026-05-01", caseId });
    expect(byCase).toHaveLength(3);
    const cancelled = await cashier.legalCase.updateEvent.mutate({ id: hearing.id, status: "cancelled" });
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.title).toBe("Audiencia preliminar");
    // full year (366 days inclusive) is fine, one more day is not
    await owner.legalCase.getEvents.query({ from: "2026-01-01", to: "2027-01-01" });
    const tooLong = await errorOf(owner.legalCase.getEvents.query({ from: "2026-01-01", to: "2027-01-02" }));
    expect(tooLong).toEqual({ code: "BAD_REQUEST", message: `to: ${es("legal:errors.rangeTooLong")}` });
    expect((await errorOf(owner.legalCase.getEvents.query({ from: "2026-02-01", to: "2026-01-01" }))).message).toBe(`to: ${es("legal:errors.rangeReversed")}`);
    expect((await errorOf(owner.legalCase.createEvent.mutate({ caseId, eventType: "party" as never, title: "X", eventDate: "2026-04-01" }))).message).toBe(`eventType: ${es("legal:errors.invalidOption")}`);
    expect((await errorOf(owner.legalCase.createEvent.mutate({ caseId, eventType: "meeting", title: "X", eventDate: "2026-04-01", startTime: "10:00", endTime: "09:00" }))).message).toBe(`endTime: ${es("legal:errors.endBeforeStart")}`);
    expect((await errorOf(owner.legalCase.createEvent.mutate({ caseId, eventType: "meeting", title: "X", eventDate: "2026-04-01", startTime: "25:00" }))).message).toBe(`startTime: ${es("legal:errors.invalidTime")}`);
    expect((await errorOf(owner.legalCase.updateEvent.mutate({ id: hearing.id, endTime: "08:00" }))).code).toBe("BAD_REQUEST");
  });

  it("tracks tasks: completing sets the date and 100 %", async () => {
    const attorneys = await owner.legalCase.getAttorneys.query();
    const task = await cashier.legalCase.createTask.mutate({ caseId, title: "Redactar demanda", taskType: "drafting", priority: "high", assigneeId: attorneys[0]!.id, dueDate: "2026-04-05", estimatedHours: "6", hourlyRate: "2500", completionPercentage: 40 });
    expect(task).toMatchObject({ status: "pending", completionPercentage: 40, estimatedHours: "6.00", hourlyRate: "2500.00", assigneeName: attorneys[0]!.name, completedDate: null });
    await cashier.legalCase.createTask.mutate({ caseId, title: "Investigar jurisprudencia", taskType: "research", status: "in_progress" });
    const done = await cashier.legalCase.updateTask.mutate({ id: task.id, status: "completed", actualHours: "5.5" });
    expect(done.completionPercentage).toBe(100);
    expect(done.completedDate).toBe(businessDate(new Date(), "America/Santo_Domingo"));
    expect(done.actualHours).toBe("5.50");
    const reopened = await cashier.legalCase.updateTask.mutate({ id: task.id, status: "in_progress" });
    expect(reopened.completedDate).toBeNull();
    const list = await owner.legalCase.getTasks.query({ caseId });
    expect(list.map((x) => x.title)).toEqual(["Redactar demanda", "Investigar jurisprudencia"]);
    expect((await errorOf(owner.legalCase.createTask.mutate({ caseId, title: "X", taskType: "drafting", completionPercentage: 101 }))).message).toBe(`completionPercentage: ${es("legal:errors.percentRange")}`);
    expect((await errorOf(owner.legalCase.createTask.mutate({ caseId, title: "X", taskType: "lunch" as never }))).message).toBe(`taskType: ${es("legal:errors.invalidOption")}`);
    expect((await errorOf(owner.legalCase.createTask.mutate({ caseId, title: "", taskType: "research" }))).message).toBe(`title: ${es("legal:errors.required")}`);
  });

  it("logs time: two billable entries 1.5 h and 2 h at 2500.00 bill 8750.00; non-billable hours apart; billed entries stay", async () => {
    const first = await cashier.legalCase.createTimeEntry.mutate({ caseId, entryDate: "2026-04-01", durationHours: "1.5", activityType: "research", description: "Investigación", hourlyRate: "2500.00" });
    expect(first.entry).toMatchObject({ durationHours: "1.50", hourlyRate: "2500.00", totalAmount: "3750.00", isBillable: true, billingStatus: "unbilled" });
    expect(first.billing).toEqual({ billableHours: "1.50", billableAmount: "3750.00", unbilledAmount: "3750.00", nonBillableHours: "0.00" });
    // 2 h from start and end; the rate defaults to the client's (2500.00)
    const second = await cashier.legalCase.createTimeEntry.mutate({ caseId, entryDate: "2026-04-02", startTime: "14:00", endTime: "16:00", activityType: "drafting", description: "Redacción" });
    expect(second.entry).toMatchObject({ durationHours: "2.00", startTime: "14:00", endTime: "16:00", hourlyRate: "2500.00", totalAmount: "5000.00" });
    expect(second.billing).toEqual({ billableHours: "3.50", billableAmount: "8750.00", unbilledAmount: "8750.00", nonBillableHours: "0.00" });
    const free = await cashier.legalCase.createTimeEntry.mutate({ caseId, entryDate: "2026-04-03", durationHours: 0.75, activityType: "call", description: "Llamada de cortesía", isBillable: false, hourlyRate: "2500" });
    expect(free.entry.totalAmount).toBe("0.00");
    expect(free.billing.nonBillableHours).toBe("0.75");
    expect(free.billing.billableAmount).toBe("8750.00");
    const read = await owner.legalCase.getTimeEntries.query({ caseId });
    expect(read.entries.map((e) => e.description)).toEqual(["Llamada de cortesía", "Redacción", "Investigación"]);
    expect(read.billing.billableAmount).toBe("8750.00");
    expect((await owner.legalCase.getCase.query({ id: caseId })).billing.billableAmount).toBe("8750.00");

    const edited = await cashier.legalCase.updateTimeEntry.mutate({ id: first.entry.id, durationHours: "1" });
    expect(edited.entry.totalAmount).toBe("2500.00");
    expect(edited.billing.billableAmount).toBe("7500.00");
    expect((await errorOf(cashier.legalCase.deleteTimeEntry.mutate({ id: free.entry.id }))).code).toBe("FORBIDDEN");
    expect((await owner.legalCase.deleteTimeEntry.mutate({ id: free.entry.id })).billing.nonBillableHours).toBe("0.00");

    // a billed entry can be neither changed nor deleted
    const tenantId = t.acme.tenant.id;
    await withTenant(t.db, tenantId, (tx) => tx.update(legalTimeEntries).set({ billingStatus: "billed" }).where(undefined));
    expect(await errorOf(owner.legalCase.deleteTimeEntry.mutate({ id: second.entry.id }))).toEqual({ code: "BAD_REQUEST", message: es("legal:errors.entryBilled") });
    expect((await errorOf(owner.legalCase.updateTimeEntry.mutate({ id: second.entry.id, description: "x" }))).code).toBe("BAD_REQUEST");
    const afterBilling = await owner.legalCase.getTimeEntries.query({ caseId });
    expect(afterBilling.billing).toMatchObject({ billableAmount: "7500.00", unbilledAmount: "0.00" });

    for (const durationHours of ["0", "25", "1.234", "-1", "abc"]) {
      const e = await errorOf(owner.legalCase.createTimeEntry.mutate({ caseId, entryDate: "2026-04-01", durationHours, activityType: "research", description: "x" }));
      expect(e, durationHours).toEqual({ code: "BAD_REQUEST", message: `durationHours: ${es("legal:errors.durationRange")}` });
    }
    expect((await errorOf(owner.legalCase.createTimeEntry.mutate({ caseId, entryDate: "2026-04-01", activityType: "research", description: "x" }))).message).toBe(`durationHours: ${es("legal:errors.durationOrTimes")}`);
    expect((await errorOf(owner.legalCase.createTimeEntry.mutate({ caseId, entryDate: "2026-04-01", durationHours: "1", activityType: "nap" as never, description: "" }))).message).toBe(
      `activityType: ${es("legal:errors.invalidOption")}; description: ${es("legal:errors.required")}`,
    );
    expect((await errorOf(owner.legalCase.createTimeEntry.mutate({ caseId, entryDate: "2026-04-01", durationHours: "1", activityType: "call", description: "x", hourlyRate: "12.345" }))).message).toBe(`hourlyRate: ${es("legal:errors.invalidAmount")}`);
  });

  it("logs communications, newest first, with recipients and follow-up", async () => {
    const email = await cashier.legalCase.createCommunication.mutate({ caseId, type: "email", direction: "outbound", subject: "Envío de contrato", content: "Adjunto", sender: "abogado@bufete.do", recipients: ["cliente@example.com"], status: "delivered", sentAt: "2026-04-01T14:00:00.000Z" });
    expect(email).toMatchObject({ recipients: ["cliente@example.com"], status: "delivered", sentAt: "2026-04-01T14:00:00.000Z", requiresFollowup: false });
    const call = await cashier.legalCase.createCommunication.mutate({ caseId, type: "phone", direction: "inbound", subject: "Llamada del cliente", sentAt: "2026-04-02T15:30:00-04:00", requiresFollowup: true, followupDate: "2026-04-05" });
    expect(call.sentAt).toBe("2026-04-02T19:30:00.000Z");
    const list = await owner.legalCase.getCommunications.query({ caseId });
    expect(list.map((c) => c.subject)).toEqual(["Llamada del cliente", "Envío de contrato"]);
    const updated = await cashier.legalCase.updateCommunication.mutate({ id: call.id, requiresFollowup: false });
    expect(updated.requiresFollowup).toBe(false);
    expect(updated.subject).toBe("Llamada del cliente");
    expect((await errorOf(owner.legalCase.createCommunication.mutate({ caseId, type: "fax" as never, direction: "outbound", subject: "X" }))).message).toBe(`type: ${es("legal:errors.invalidOption")}`);
    expect((await errorOf(owner.legalCase.createCommunication.mutate({ caseId, type: "email", direction: "outbound", subject: "" }))).message).toBe(`subject: ${es("legal:errors.required")}`);
  });
});

describe("legalCase access", () => {
  it("is FORBIDDEN with the module off, and for reading without the permission", async () => {
    const tenantId = t.acme.tenant.id;
    const { setModule } = await import("../../tenant/service");
    await withTenant(t.db, tenantId, (tx) => setModule(tx, tenantId, "legal", false));
    try {
      const off = await t.client("acme", "owner");
      expect((await errorOf(off.legalCase.getCases.query({}))).code).toBe("FORBIDDEN");
      expect((await errorOf(off.legalCase.createCase.mutate({ title: "X", caseType: "civil", primaryClientId: newId() }))).code).toBe("FORBIDDEN");
      expect((await errorOf(off.legalCase.deleteParty.mutate({ id: newId() }))).code).toBe("FORBIDDEN");
    } finally {
      await withTenant(t.db, tenantId, (tx) => setModule(tx, tenantId, "legal", true));
    }
  });

  it("lets the cashier (an assistant) read, create and update, but not delete", async () => {
    const fresh = await t.client("acme", "cashier");
    const stats = await fresh.legalCase.getCaseStats.query();
    expect(stats.total).toBeGreaterThan(0);
    const client = await legalClient("acme", "Cliente del Asistente");
    const c = await fresh.legalCase.createCase.mutate({ title: "Abierto por el asistente", caseType: "labor", primaryClientId: client });
    expect((await fresh.legalCase.updateCase.mutate({ id: c.id, priority: "low" })).priority).toBe("low");
  });
});
