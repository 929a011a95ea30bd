import { customerCreateInput } from "../../../shared/customers/customer";
import { entryAmount } from "../../../shared/legal/billing";
import { caseNumberOf } from "../../../shared/legal/case";
import { businessDate } from "../../../shared/platform/dates";
import { newId } from "../../ids";
import { createCustomer } from "../../modules/customer/service";
import { legalClients } from "../../modules/customer/tables";
import { legalCaseCommunications, legalCaseEvents, legalCaseParties, legalCases, legalCaseTasks, legalTimeEntries } from "../../modules/legal/tables";
import type { Tx } from "../client";
import { seedLegalDocuments } from "./demo-legal-documents";

/** Called once the sample cases exist (e.g. to add their documents and templates: demo-legal-documents.ts). */

export interface LegalSampleContext {
  /** the firm's today (yyyy-MM-dd); sample dates are set around it */
  today: string;
  /** users of the firm: the first is the lead attorney of most cases, the second (when there is one) of the rest */
  attorneyIds: string[];
  /** the hook for the documents' seed (helper 2's), run in the same transaction */
}

const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Six legal clients (Dominican people and companies, valid cédulas and RNCs). */
export const SAMPLE_LEGAL_CLIENTS = [
  { name: "José Manuel Peña Almonte", taxId: "00112345673", phone: "809-555-0111", email: "jose.pena@example.com", address: "C/ El Conde 254, Zona Colonial, Santo Domingo", kind: "individual", rate: "2500.00" },
  { name: "Inversiones Cibao SRL", taxId: "130123454", phone: "809-582-0112", email: "legal@inversionescibao.do", address: "Av. 27 de Febrero 58, Santiago de los Caballeros", kind: "company", rate: "3500.00" },
  { name: "Carmen Altagracia de la Cruz Santana", taxId: "40223456787", phone: "829-555-0113", email: "carmen.delacruz@example.com", address: "C/ Duarte 12, San Francisco de Macorís", kind: "individual", rate: "2500.00" },
  { name: "Constructora Ozama SRL", taxId: "101122331", phone: "809-555-0114", email: "gerencia@constructoraozama.do", address: "Av. España 301, Santo Domingo Este", kind: "company", rate: "3500.00" },
  { name: "Ramón Antonio Batista Reyes", taxId: "03104567890", phone: "849-555-0115", email: "ramon.batista@example.com", address: "C/ Beller 45, Puerto Plata", kind: "individual", rate: "3000.00" },
  { name: "Distribuidora del Caribe SAS", taxId: "130456781", phone: "809-555-0116", email: "administracion@distcaribe.do", address: "Av. John F. Kennedy 120, Santo Domingo", kind: "company", rate: "3500.00" },
] as const;

const COURT_DN_CIVIL = "Primera Sala de la Cámara Civil y Comercial del Juzgado de Primera Instancia del Distrito Nacional";

/** Eight cases over the statuses, priorities and types (one urgent, one critical, one on hold, one closed, one archived). */
const SAMPLE_CASES = [
  { client: 1, title: "Cobro de pesos contra Ferretería Nacional", description: "Cobro de facturas vencidas por suministro de materiales (RD$2,850,000) con solicitud de embargo conservatorio.", caseType: "commercial", caseSubtype: "Cobro de pesos", status: "active", priority: "high", opened: -120, limitation: 600, court: COURT_DN_CIVIL, jurisdiction: "Distrito Nacional", judge: "Mag. Rosa Elena Díaz", billingType: "hourly", estimated: "2850000.00", retainer: "75000.00", billed: "52500.00", paid: "52500.00", tags: ["cobro", "comercial"], risk: "medium", lead: 0 },
  { client: 0, title: "Despido injustificado – Textiles del Norte", description: "Reclamo de prestaciones laborales y daños por despido sin justa causa tras 9 años de servicio.", caseType: "labor", caseSubtype: "Despido injustificado", status: "active", priority: "urgent", opened: -75, limitation: 20, court: "Primera Sala del Juzgado de Trabajo del Distrito Nacional", jurisdiction: "Distrito Nacional", judge: "Mag. Luis Fernández", billingType: "contingency", estimated: "640000.00", retainer: null, billed: "0.00", paid: "0.00", tags: ["laboral", "prestaciones"], risk: "high", lead: 0 },
  { client: 2, title: "Divorcio por mutuo consentimiento", description: "Divorcio de común acuerdo con acto de estipulaciones sobre bienes, guarda y manutención de dos menores.", caseType: "family", caseSubtype: "Divorcio", status: "active", priority: "normal", opened: -40, limitation: null, court: "Cámara Civil del Juzgado de Primera Instancia de Duarte", jurisdiction: "San Francisco de Macorís", judge: null, billingType: "fixed_fee", estimated: "85000.00", retainer: "40000.00", billed: "40000.00", paid: "40000.00", tags: ["familia"], risk: "low", lead: 1 },
  { client: 3, title: "Litis sobre terreno registrado – Parcela 112", description: "Litis sobre derechos registrados por superposición de linderos; suspendido a la espera del informe de mensura.", caseType: "real_estate", caseSubtype: "Litis sobre derechos registrados", status: "on_hold", priority: "normal", opened: -210, limitation: null, court: "Tribunal de Tierras de Jurisdicción Original de Santo Domingo", jurisdiction: "Santo Domingo", judge: "Mag. Ana Julia Mejía", billingType: "hourly", estimated: "12500000.00", retainer: "150000.00", billed: "105000.00", paid: "70000.00", tags: ["inmobiliario", "tierras"], risk: "high", lead: 0 },
  { client: 4, title: "Defensa penal por estafa (Art. 405 CP)", description: "Defensa técnica frente a querella por estafa; audiencia de medida de coerción próxima.", caseType: "criminal", caseSubtype: "Estafa", status: "active", priority: "critical", opened: -15, limitation: 45, court: "Juzgado de la Instrucción de Puerto Plata", jurisdiction: "Puerto Plata", judge: "Mag. Pedro Almánzar", billingType: "fixed_fee", estimated: "350000.00", retainer: "175000.00", billed: "175000.00", paid: "100000.00", tags: ["penal", "medida de coerción"], risk: "high", lead: 0 },
  { client: 5, title: "Fusión con Importadora Atlántica SRL", description: "Fusión por absorción: debida diligencia, asamblea extraordinaria y registro en la Cámara de Comercio.", caseType: "corporate", caseSubtype: "Fusión por absorción", status: "closed", priority: "low", opened: -320, limitation: null, court: null, jurisdiction: "Distrito Nacional", judge: null, billingType: "fixed_fee", estimated: "450000.00", retainer: "225000.00", billed: "450000.00", paid: "450000.00", tags: ["societario"], risk: "low", lead: 1, closed: -60 },
  { client: 1, title: "Recurso contencioso tributario contra la DGII", description: "Impugnación de la resolución de determinación de ITBIS e ISR de los ejercicios 2023 y 2024.", caseType: "tax", caseSubtype: "Recurso contencioso tributario", status: "active", priority: "high", opened: -30, limitation: 25, court: "Tribunal Superior Administrativo", jurisdiction: "Distrito Nacional", judge: null, billingType: "hourly", estimated: "1980000.00", retainer: "100000.00", billed: "0.00", paid: "0.00", tags: ["tributario", "DGII"], risk: "medium", lead: 0 },
  { client: 0, title: "Daños y perjuicios por accidente de tránsito", description: "Reclamación a la aseguradora por lesiones en accidente de tránsito; acuerdo transaccional ejecutado.", caseType: "civil", caseSubtype: "Responsabilidad civil", status: "archived", priority: "low", opened: -540, limitation: null, court: "Juzgado de Paz Especial de Tránsito, Sala II", jurisdiction: "Distrito Nacional", judge: "Mag. Carmen Ventura", billingType: "contingency", estimated: "300000.00", retainer: null, billed: "45000.00", paid: "45000.00", tags: ["tránsito"], risk: "low", lead: 1, closed: -400 },
] as const;

/**
 * The spec's legal sample data for a firm (issue 20): six legal clients and eight cases with their
 * parties, events (some in the coming two weeks, one with a reminder), tasks, time entries and
 * communications, then the sample documents and templates (demo-legal-documents.ts). Set-based inserts; run in the
 * tenant's transaction. Answers the case ids in the order of SAMPLE_CASES.
 */
export async function seedLegalSample(tx: Tx, tenantId: string, ctx: LegalSampleContext): Promise<{ clientIds: string[]; caseIds: string[] }> {
  const { today } = ctx;
  const day = (offset: number) => plusDays(today, offset);
  const lead = (i: number) => ctx.attorneyIds[i] ?? ctx.attorneyIds[0] ?? null;

  const clientIds: string[] = [];
  for (const c of SAMPLE_LEGAL_CLIENTS) {
    const created = await createCustomer(tx, tenantId, customerCreateInput.parse({ name: c.name, tax_id: c.taxId, phone: c.phone, email: c.email, address: c.address }));
    clientIds.push(created.id as string);
  }
  await tx.insert(legalClients).values(
    SAMPLE_LEGAL_CLIENTS.map((c, i) => ({
      tenantId,
      id: clientIds[i]!,
      addressLine1: c.address,
      country: "DO",
      jurisdiction: "República Dominicana",
      billingType: "hourly",
      hourlyRate: c.rate,
      status: "active",
      clientSince: day(-600 + i * 30),
      riskLevel: i % 3 === 0 ? "medium" : "low",
      conflictCheckCompleted: true,
      preferredLanguage: "es",
    })),
  );

  // Numbers EXP-{year}-{0001…} by year of opening, in order of opening.
  const caseIds = SAMPLE_CASES.map(() => newId());
  const order = SAMPLE_CASES.map((c, i) => ({ i, opened: day(c.opened) })).sort((a, b) => a.opened.localeCompare(b.opened));
  const perYear = new Map<string, number>();
  const numbers: string[] = [];
  for (const { i, opened } of order) {
    const year = opened.slice(0, 4);
    const n = (perYear.get(year) ?? 0) + 1;
    perYear.set(year, n);
    numbers[i] = caseNumberOf(year, n);
  }
  await tx.insert(legalCases).values(
    SAMPLE_CASES.map((c, i) => ({
      tenantId,
      id: caseIds[i]!,
      caseNumber: numbers[i]!,
      title: c.title,
      description: c.description,
      caseType: c.caseType,
      caseSubtype: c.caseSubtype,
      status: c.status,
      priority: c.priority,
      dateOpened: day(c.opened),
      dateClosed: "closed" in c ? day(c.closed) : null,
      limitationDate: c.limitation === null ? null : day(c.limitation),
      primaryClientId: clientIds[c.client]!,
      leadAttorneyId: lead(c.lead),
      supervisingPartner: "Lic. Rafael Núñez Castillo",
      courtName: c.court,
      courtJurisdiction: c.jurisdiction,
      judgeName: c.judge,
      billingType: c.billingType,
      estimatedValue: c.estimated,
      retainerAmount: c.retainer,
      totalBilled: c.billed,
      totalPaid: c.paid,
      tags: [...c.tags],
      riskLevel: c.risk,
      conflictCheckCompleted: true,
      conflictCheckDate: day(c.opened - 2),
      createdBy: ctx.attorneyIds[0] ?? null,
    })),
  );
  const caseOf = (i: number) => caseIds[i]!;

  await tx.insert(legalCaseParties).values([
    { caseId: caseOf(0), partyType: "plaintiff", partyRole: "Acreedor", name: SAMPLE_LEGAL_CLIENTS[1].name, entityType: "company", taxId: SAMPLE_LEGAL_CLIENTS[1].taxId, email: SAMPLE_LEGAL_CLIENTS[1].email, phone: SAMPLE_LEGAL_CLIENTS[1].phone, isPrimary: true },
    { caseId: caseOf(0), partyType: "defendant", partyRole: "Deudor", name: "Ferretería Nacional SRL", entityType: "company", taxId: "131987656", phone: "809-555-0201", address: "Av. Duarte 88, Santo Domingo", attorneyName: "Lic. Francisco Guzmán", attorneyFirm: "Guzmán & Asociados", attorneyEmail: "fguzman@guzmanasociados.do", attorneyPhone: "809-555-0202" },
    { caseId: caseOf(1), partyType: "plaintiff", partyRole: "Trabajador", name: SAMPLE_LEGAL_CLIENTS[0].name, entityType: "individual", taxId: SAMPLE_LEGAL_CLIENTS[0].taxId, phone: SAMPLE_LEGAL_CLIENTS[0].phone, isPrimary: true },
    { caseId: caseOf(1), partyType: "defendant", partyRole: "Empleador", name: "Textiles del Norte SA", entityType: "company", phone: "809-555-0203", attorneyName: "Licda. Patricia Lora", attorneyFirm: "Lora Abogados" },
    { caseId: caseOf(1), partyType: "witness", partyRole: "Compañero de trabajo", name: "Luis Alberto Ortiz", entityType: "individual", taxId: "04711223349", phone: "829-555-0204", notes: "Presenció la comunicación del despido." },
    { caseId: caseOf(4), partyType: "defendant", partyRole: "Imputado", name: SAMPLE_LEGAL_CLIENTS[4].name, entityType: "individual", taxId: SAMPLE_LEGAL_CLIENTS[4].taxId, isPrimary: true },
    { caseId: caseOf(4), partyType: "plaintiff", partyRole: "Querellante", name: "Yolanda Mercedes Jiménez", entityType: "individual", taxId: "22300987652", attorneyName: "Lic. Manuel Tavárez", attorneyFirm: "Tavárez & Cía." },
    { caseId: caseOf(3), partyType: "plaintiff", name: SAMPLE_LEGAL_CLIENTS[3].name, entityType: "company", taxId: SAMPLE_LEGAL_CLIENTS[3].taxId, isPrimary: true },
    { caseId: caseOf(3), partyType: "defendant", name: "Sucesores de Juan Bautista Mota", entityType: "individual", notes: "Notificación pendiente a dos sucesores." },
  ].map((p) => ({ ...p, tenantId, id: newId() })));

  await tx.insert(legalCaseEvents).values([
    { caseId: caseOf(1), eventType: "hearing", title: "Audiencia de conciliación", eventDate: day(3), startTime: "09:00", endTime: "11:00", location: "Juzgado de Trabajo del Distrito Nacional, Sala 1", locationType: "court", priority: "urgent", status: "confirmed", reminderEnabled: true, reminderMinutes: 1440 },
    { caseId: caseOf(0), eventType: "meeting", title: "Reunión con el cliente: estrategia de embargo", eventDate: day(5), startTime: "15:00", endTime: "16:00", location: "Oficina, sala de reuniones", locationType: "office", priority: "normal", status: "scheduled" },
    { caseId: caseOf(6), eventType: "deadline", title: "Vence plazo para depositar el recurso", eventDate: day(10), allDay: true, locationType: "court", location: "Tribunal Superior Administrativo", priority: "high", status: "scheduled", reminderEnabled: true, reminderMinutes: 2880 },
    { caseId: caseOf(4), eventType: "hearing", title: "Conocimiento de medida de coerción", eventDate: day(12), startTime: "10:00", endTime: "12:00", location: "Palacio de Justicia de Puerto Plata", locationType: "court", priority: "critical", status: "scheduled" },
    { caseId: caseOf(2), eventType: "meeting", title: "Firma del acto de estipulaciones", eventDate: day(8), startTime: "11:00", endTime: "11:30", location: "Oficina", locationType: "office", priority: "normal", status: "confirmed" },
    { caseId: caseOf(0), eventType: "hearing", title: "Audiencia de presentación de pruebas", eventDate: day(-20), startTime: "09:30", endTime: "12:00", location: COURT_DN_CIVIL, locationType: "court", priority: "high", status: "completed" },
    { caseId: caseOf(3), eventType: "deadline", title: "Plazo para réplica (suspendido)", eventDate: day(30), allDay: true, priority: "normal", status: "scheduled" },
  ].map((e) => ({ ...e, tenantId, id: newId() })));

  await tx.insert(legalCaseTasks).values([
    { caseId: caseOf(1), title: "Redactar escrito de demanda laboral", taskType: "drafting", priority: "urgent", status: "in_progress", assigneeId: lead(0), dueDate: day(2), estimatedHours: "6.00", actualHours: "3.50", hourlyRate: "2500.00", completionPercentage: 60 },
    { caseId: caseOf(1), title: "Calcular prestaciones laborales", taskType: "research", priority: "high", status: "completed", assigneeId: lead(1), dueDate: day(-5), completedDate: day(-6), estimatedHours: "2.00", actualHours: "2.00", hourlyRate: "2500.00", completionPercentage: 100 },
    { caseId: caseOf(0), title: "Investigar bienes embargables del deudor", taskType: "research", priority: "high", status: "pending", assigneeId: lead(0), dueDate: day(7), estimatedHours: "4.00", hourlyRate: "3500.00", completionPercentage: 0 },
    { caseId: caseOf(0), title: "Reunión con el cliente para revisar facturas", taskType: "client_meeting", priority: "normal", status: "completed", assigneeId: lead(0), dueDate: day(-25), completedDate: day(-25), estimatedHours: "1.00", actualHours: "1.50", hourlyRate: "3500.00", completionPercentage: 100 },
    { caseId: caseOf(6), title: "Redactar recurso contencioso tributario", taskType: "drafting", priority: "high", status: "in_progress", assigneeId: lead(0), dueDate: day(8), estimatedHours: "10.00", actualHours: "4.00", hourlyRate: "3500.00", completionPercentage: 40 },
    { caseId: caseOf(4), title: "Entrevista con el imputado", taskType: "client_meeting", priority: "critical", status: "pending", assigneeId: lead(0), dueDate: day(1), estimatedHours: "2.00", isBillable: false, completionPercentage: 0 },
    { caseId: caseOf(2), title: "Preparar acto de estipulaciones y convenciones", taskType: "drafting", priority: "normal", status: "pending", assigneeId: lead(1), dueDate: day(6), estimatedHours: "3.00", hourlyRate: "2500.00", completionPercentage: 20 },
  ].map((t) => ({ ...t, tenantId, id: newId() })));

  const entries = [
    { caseId: caseOf(0), entryDate: day(-21), startTime: "08:00", endTime: "10:30", durationHours: "2.50", activityType: "drafting", description: "Redacción de la demanda en cobro de pesos", isBillable: true, hourlyRate: "3500.00" },
    { caseId: caseOf(0), entryDate: day(-20), startTime: "09:30", endTime: "12:00", durationHours: "2.50", activityType: "court_appearance", description: "Audiencia de presentación de pruebas", isBillable: true, hourlyRate: "3500.00" },
    { caseId: caseOf(0), entryDate: day(-19), startTime: null, endTime: null, durationHours: "0.50", activityType: "call", description: "Llamada de seguimiento con el cliente", isBillable: false, hourlyRate: "3500.00" },
    { caseId: caseOf(1), entryDate: day(-6), startTime: "14:00", endTime: "16:00", durationHours: "2.00", activityType: "research", description: "Cálculo de prestaciones y derechos adquiridos", isBillable: true, hourlyRate: "2500.00" },
    { caseId: caseOf(1), entryDate: day(-2), startTime: "08:30", endTime: "10:00", durationHours: "1.50", activityType: "drafting", description: "Borrador de la demanda laboral", isBillable: true, hourlyRate: "2500.00" },
    { caseId: caseOf(6), entryDate: day(-3), startTime: null, endTime: null, durationHours: "4.00", activityType: "research", description: "Análisis de la resolución de determinación de la DGII", isBillable: true, hourlyRate: "3500.00" },
    { caseId: caseOf(4), entryDate: day(-1), startTime: null, endTime: null, durationHours: "1.00", activityType: "travel", description: "Traslado a Puerto Plata", isBillable: false, hourlyRate: "0.00" },
  ];
  await tx.insert(legalTimeEntries).values(
    entries.map((e) => ({ ...e, tenantId, id: newId(), totalAmount: entryAmount(e.durationHours, e.hourlyRate, e.isBillable), billingStatus: "unbilled", userId: lead(0) })),
  );

  const sentAt = (offset: number, hour: number) => new Date(`${day(offset)}T${String(hour + 4).padStart(2, "0")}:00:00Z`);
  await tx.insert(legalCaseCommunications).values([
    { caseId: caseOf(0), type: "email", direction: "outbound", subject: "Copia de la demanda depositada", content: "Adjuntamos copia de la demanda depositada en la Cámara Civil y Comercial.", sender: "bufete@nunezasociados.do", recipients: [SAMPLE_LEGAL_CLIENTS[1].email], status: "delivered", sentAt: sentAt(-21, 16) },
    { caseId: caseOf(1), type: "phone", direction: "inbound", subject: "El cliente pregunta por la fecha de la audiencia", content: "Se le informó la fecha; pide que lo llamemos el día antes.", sender: SAMPLE_LEGAL_CLIENTS[0].name, recipients: [], status: "received", sentAt: sentAt(-1, 10), requiresFollowup: true, followupDate: day(2) },
    { caseId: caseOf(1), type: "email", direction: "outbound", subject: "Documentos requeridos para la demanda", content: "Favor enviar carta de despido, comprobantes de pago y contrato de trabajo.", sender: "bufete@nunezasociados.do", recipients: [SAMPLE_LEGAL_CLIENTS[0].email], status: "delivered", sentAt: sentAt(-7, 9) },
    { caseId: caseOf(4), type: "phone", direction: "outbound", subject: "Coordinación con el Ministerio Público", content: "Se confirmó la fecha de la audiencia de medida de coerción.", sender: "Lic. Rafael Núñez Castillo", recipients: ["Procuraduría Fiscal de Puerto Plata"], status: "delivered", sentAt: sentAt(-2, 11) },
    { caseId: caseOf(6), type: "letter", direction: "outbound", subject: "Solicitud de copia certificada del expediente", sender: "bufete@nunezasociados.do", recipients: ["Dirección General de Impuestos Internos"], status: "sent", sentAt: sentAt(-10, 9), requiresFollowup: true, followupDate: day(4) },
  ].map((c) => ({ ...c, tenantId, id: newId(), createdBy: ctx.attorneyIds[0] ?? null })));

  await seedLegalDocuments(tx, tenantId, caseIds, ctx.attorneyIds[0] ?? null);
  return { clientIds, caseIds };
}

/**
 * A new Legatti firm (onboarding, product 'legatti'; also the legal demo) starts with the sample,
 * its owner as the lead attorney, so the case area is not empty.
 */
export async function seedNewLegattiTenant(tx: Tx, tenantId: string, ownerId: string, now: Date, timeZone = "America/Santo_Domingo") {
  return seedLegalSample(tx, tenantId, { today: businessDate(now, timeZone), attorneyIds: [ownerId] });
}
