import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { chartAt, chartRows, type ToothChange, type ToothEvent } from "../../../../shared/dental/chart";
import type { Surface, ToothStatus } from "../../../../shared/dental/constants";
import { type PatientCreateInput, type PatientListInput, type PatientUpdateInput, parseFileNumber } from "../../../../shared/dental/patient";
import { businessDate } from "../../../../shared/platform/dates";
import { likePattern, offsetOf, pageOf, searchKey } from "../../../../shared/platform/pagination";
import type { Tx } from "../../../db/client";
import { newId } from "../../../ids";
import { appError } from "../../../trpc/errors";
import { users } from "../../auth/tables";
import { createCustomer, updateCustomer } from "../../customer/service";
import { customers } from "../../customer/tables";
import { getPatientRow } from "../access";
import { dentalClinicalRecords, dentalPatients, dentalPlanProcedures, dentalToothEvents } from "../tables";

/**
 * Patients and the odontogram (issue 18; helper A). A patient is a customer: the customer row
 * holds name, identification (tax id), phone, e-mail and address and is written through the
 * customer module's own code; dental_patients holds the clinical side. The odontogram is the
 * append-only dental_tooth_events log folded by src/shared/dental/chart.ts.
 */

export const E = {
  alreadyPatient: "dental:errors.alreadyPatient",
  customerNotFound: "dental:errors.customerNotFound",
  clinicalRecordNotFound: "dental:errors.clinicalRecordNotFound",
  archived: "dental:errors.patientArchived",
} as const;

type Ctx = { tx: Tx; tenant: { id: string; timezone: string }; user: { id: string } };

const patientColumns = {
  id: dentalPatients.id,
  customerId: dentalPatients.customerId,
  number: dentalPatients.number,
  name: customers.name,
  customerCode: customers.code,
  identification: customers.taxId,
  phone: customers.phone,
  email: customers.email,
  address: customers.address,
  birthDate: dentalPatients.birthDate,
  gender: dentalPatients.gender,
  bloodType: dentalPatients.bloodType,
  allergies: dentalPatients.allergies,
  medications: dentalPatients.medications,
  conditions: dentalPatients.conditions,
  insurance: dentalPatients.insurance,
  emergencyContact: dentalPatients.emergencyContact,
  dentition: dentalPatients.dentition,
  notes: dentalPatients.notes,
  status: dentalPatients.status,
  createdAt: dentalPatients.createdAt,
  updatedAt: dentalPatients.updatedAt,
};

/** The jsonb columns typed as the form writes them. */
function typed(row: PatientRow) {
  return {
    ...row,
    gender: row.gender as "male" | "female" | "other" | null,
    allergies: (row.allergies ?? []) as string[],
    medications: (row.medications ?? []) as string[],
    conditions: { diabetes: false, hypertension: false, heartProblems: false, pregnancy: false, other: null, ...(row.conditions as object) } as {
      diabetes: boolean;
      hypertension: boolean;
      heartProblems: boolean;
      pregnancy: boolean;
      other: string | null;
    },
    insurance: row.insurance as { provider: string | null; policyNumber: string | null; groupNumber: string | null; expiryDate: string | null } | null,
    emergencyContact: row.emergencyContact as { name: string | null; relationship: string | null; phone: string | null; notes: string | null } | null,
    dentition: row.dentition as "adult" | "child",
    status: row.status as "active" | "inactive" | "archived",
  };
}

function joined(tx: Tx) {
  return tx

    .select(patientColumns)
    .from(dentalPatients)
    .innerJoin(customers, and(eq(customers.tenantId, dentalPatients.tenantId), eq(customers.id, dentalPatients.customerId)));
}
type PatientRow = Awaited<ReturnType<typeof joined>>[number];

/** dental.getPatients: newest first; search matches name, identification, phone and file number (HC-0007, 7). */
export async function findPatients(tx: Tx, tenantId: string, input: PatientListInput) {
  const conditions: (SQL | undefined)[] = [eq(dentalPatients.tenantId, tenantId)];
  if (input.status) conditions.push(eq(dentalPatients.status, input.status));
  const search = input.search.trim();
  if (search) {
    const words = searchKey(search).split(/\s+/).filter(Boolean);
    const text = and(...words.map((w) => sql`${customers.searchText} like ${likePattern(w)}`));
    const number = parseFileNumber(search);
    conditions.push(number !== null ? sql`(${text} or ${dentalPatients.number} = ${number})` : text);
  }
  const where = and(...conditions);
  const [{ total }] = await tx
    .select({ total: count() })
    .from(dentalPatients)
    .innerJoin(customers, and(eq(customers.tenantId, dentalPatients.tenantId), eq(customers.id, dentalPatients.customerId)))
    .where(where);
  const rows = await joined(tx)
    .where(where)
    .orderBy(desc(dentalPatients.createdAt), desc(dentalPatients.id))
    .limit(input.pageSize)
    .offset(offsetOf(input.page, input.pageSize));
  return pageOf(rows.map(typed), total, input.page, input.pageSize);
}

/** dental.getPatient: the customer's fields and the clinical ones; NOT_FOUND for another tenant's id. */
export async function getPatient(tx: Tx, tenantId: string, id: string) {
  const [row] = await joined(tx).where(and(eq(dentalPatients.tenantId, tenantId), eq(dentalPatients.id, id)));
  if (!row) throw appError("NOT_FOUND", "dental:errors.patientNotFound");
  return typed(row);
}

function clinicalValues(input: PatientCreateInput | PatientUpdateInput) {
  return {
    birthDate: input.birthDate,
    gender: input.gender,
    bloodType: input.bloodType,
    allergies: input.allergies,
    medications: input.medications,
    conditions: input.conditions,
    insurance: input.insurance,
    emergencyContact: input.emergencyContact,
    dentition: input.dentition,
    notes: input.notes,
    status: input.status,
  };
}

/** The customer module's fields; the identification is stored as the tax id, checked here as a cédula or passport. */
function customerValues(input: PatientCreateInput | PatientUpdateInput) {
  return { code: undefined, customer_type_id: undefined, name: input.name, tax_id: input.identification ?? undefined, tax_id_override: false, phone: input.phone ?? undefined, email: input.email ?? undefined, address: input.address ?? undefined };
}

/** A birth date after the practice's today is a typing mistake. */
function assertBirthDate(ctx: Ctx, birthDate: string | null) {
  if (birthDate && birthDate > businessDate(new Date(), ctx.tenant.timezone)) throw appError("BAD_REQUEST", "dental:validation.birthDateFuture");
}

/** The next file number of the tenant (one writer at a time: the numbers never repeat). */
async function nextPatientNumber(tx: Tx, tenantId: string): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`dental-patient-number:${tenantId}`}))`);
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(${dentalPatients.number}), 0)::int` })
    .from(dentalPatients)
    .where(eq(dentalPatients.tenantId, tenantId));
  return Number(row?.n ?? 0) + 1;
}

/**
 * dental.createPatient: the customer (a new one numbered by the customer module, or the existing
 * `customerId`, whose fields the form then rewrites) and the patient file, in one transaction.
 */
export async function createPatient(ctx: Ctx, input: PatientCreateInput) {
  const { tx, tenant } = ctx;
  assertBirthDate(ctx, input.birthDate);
  let customerId: string;
  if (input.customerId) {
    const [customer] = await tx
      .select({ id: customers.id, deletedAt: customers.deletedAt })
      .from(customers)
      .where(and(eq(customers.tenantId, tenant.id), eq(customers.id, input.customerId)));
    if (!customer || customer.deletedAt) throw appError("NOT_FOUND", E.customerNotFound);
    const [existing] = await tx
      .select({ id: dentalPatients.id })
      .from(dentalPatients)
      .where(and(eq(dentalPatients.tenantId, tenant.id), eq(dentalPatients.customerId, input.customerId)));
    if (existing) throw appError("CONFLICT", E.alreadyPatient);
    await updateCustomer(tx, tenant.id, { id: input.customerId, ...customerValues(input) });
    customerId = input.customerId;
  } else {
    customerId = (await createCustomer(tx, tenant.id, customerValues(input))).id;
  }
  const id = newId();
  const number = await nextPatientNumber(tx, tenant.id);
  await tx.insert(dentalPatients).values({ tenantId: tenant.id, id, customerId, number, ...clinicalValues(input), createdBy: ctx.user.id });
  return getPatient(tx, tenant.id, id);
}

/** dental.updatePatient: rewrites the customer's fields and the clinical ones. */
export async function updatePatient(ctx: Ctx, input: PatientUpdateInput) {
  const { tx, tenant } = ctx;
  const current = await getPatientRow(tx, tenant.id, input.id);
  assertBirthDate(ctx, input.birthDate);
  await updateCustomer(tx, tenant.id, { id: current.customerId, ...customerValues(input) });
  await tx
    .update(dentalPatients)
    .set({ ...clinicalValues(input), updatedAt: new Date() })
    .where(and(eq(dentalPatients.tenantId, tenant.id), eq(dentalPatients.id, input.id)));
  return getPatient(tx, tenant.id, input.id);
}

/** dental.setPatientStatus: active, inactive or archived (a patient is never deleted). */
export async function setPatientStatus(ctx: Ctx, input: { id: string; status: "active" | "inactive" | "archived" }) {
  await getPatientRow(ctx.tx, ctx.tenant.id, input.id);
  await ctx.tx
    .update(dentalPatients)
    .set({ status: input.status, updatedAt: new Date() })
    .where(and(eq(dentalPatients.tenantId, ctx.tenant.id), eq(dentalPatients.id, input.id)));
  return getPatient(ctx.tx, ctx.tenant.id, input.id);
}

// ---------------------------------------------------------------------------------------------
// Odontogram

async function eventsOf(tx: Tx, tenantId: string, patientId: string): Promise<ToothEvent[]> {
  const rows = await tx
    .select({ tooth: dentalToothEvents.tooth, surface: dentalToothEvents.surface, status: dentalToothEvents.status, recordedAt: dentalToothEvents.recordedAt })
    .from(dentalToothEvents)
    .where(and(eq(dentalToothEvents.tenantId, tenantId), eq(dentalToothEvents.patientId, patientId)))
    .orderBy(asc(dentalToothEvents.recordedAt), asc(dentalToothEvents.id));
  return rows.map((r) => ({ tooth: r.tooth, surface: r.surface as Surface, status: r.status as ToothStatus, recordedAt: r.recordedAt }));
}

/** dental.getChart: the chart now, or at the end of `at` in the tenant's time zone. */
export async function getChart(ctx: Ctx, input: { patientId: string; at?: string | null }) {
  const patient = await getPatientRow(ctx.tx, ctx.tenant.id, input.patientId);
  const events = await eventsOf(ctx.tx, ctx.tenant.id, input.patientId);
  const chart = chartAt(events, { at: input.at ?? null, timeZone: ctx.tenant.timezone });
  return { patientId: patient.id, at: input.at ?? null, dentition: patient.dentition as "adult" | "child", eventCount: events.length, teeth: chartRows(chart) };
}

/** dental.recordToothChanges: appends the changes (in their order) and answers the chart now. */
export async function recordToothChanges(ctx: Ctx, input: { patientId: string; changes: ToothChange[]; clinicalRecordId?: string | null }) {
  const { tx, tenant } = ctx;
  await getPatientRow(tx, tenant.id, input.patientId);
  if (input.clinicalRecordId) {
    const [record] = await tx
      .select({ id: dentalClinicalRecords.id })
      .from(dentalClinicalRecords)
      .where(and(eq(dentalClinicalRecords.tenantId, tenant.id), eq(dentalClinicalRecords.id, input.clinicalRecordId), eq(dentalClinicalRecords.patientId, input.patientId)));
    if (!record) throw appError("NOT_FOUND", E.clinicalRecordNotFound);
  }
  const recordedAt = new Date();
  await tx.insert(dentalToothEvents).values(
    input.changes.map((c) => ({
      tenantId: tenant.id,
      id: newId(),
      patientId: input.patientId,
      tooth: c.tooth,
      surface: c.surface,
      status: c.status,
      note: c.note,
      clinicalRecordId: input.clinicalRecordId ?? null,
      recordedBy: ctx.user.id,
      recordedAt,
    })),
  );
  return getChart(ctx, { patientId: input.patientId });
}

/** dental.getToothHistory: every change newest first (who, when, the linked record or procedure), optionally of one tooth. */
export async function getToothHistory(ctx: Ctx, input: { patientId: string; tooth?: number | null; page: number; pageSize: number }) {
  const { tx, tenant } = ctx;
  await getPatientRow(tx, tenant.id, input.patientId);
  const where = and(
    eq(dentalToothEvents.tenantId, tenant.id),
    eq(dentalToothEvents.patientId, input.patientId),
    input.tooth ? eq(dentalToothEvents.tooth, input.tooth) : undefined,
  );
  const [{ total }] = await tx.select({ total: count() }).from(dentalToothEvents).where(where);
  const rows = await tx
    .select({
      id: dentalToothEvents.id,
      tooth: dentalToothEvents.tooth,
      surface: dentalToothEvents.surface,
      status: dentalToothEvents.status,
      note: dentalToothEvents.note,
      recordedAt: dentalToothEvents.recordedAt,
      recordedBy: users.name,
      clinicalRecordId: dentalToothEvents.clinicalRecordId,
      clinicalRecordDate: dentalClinicalRecords.visitDate,
      planProcedureId: dentalToothEvents.planProcedureId,
      planProcedureName: dentalPlanProcedures.name,
      planId: dentalPlanProcedures.planId,
    })
    .from(dentalToothEvents)
    .leftJoin(users, and(eq(users.tenantId, dentalToothEvents.tenantId), eq(users.id, dentalToothEvents.recordedBy)))
    .leftJoin(dentalClinicalRecords, and(eq(dentalClinicalRecords.tenantId, dentalToothEvents.tenantId), eq(dentalClinicalRecords.id, dentalToothEvents.clinicalRecordId)))
    .leftJoin(dentalPlanProcedures, and(eq(dentalPlanProcedures.tenantId, dentalToothEvents.tenantId), eq(dentalPlanProcedures.id, dentalToothEvents.planProcedureId)))
    .where(where)
    .orderBy(desc(dentalToothEvents.recordedAt), desc(dentalToothEvents.id))
    .limit(input.pageSize)
    .offset(offsetOf(input.page, input.pageSize));
  return pageOf(
    rows.map((r) => ({ ...r, surface: r.surface as Surface, status: r.status as ToothStatus })),
    total,
    input.page,
    input.pageSize,
  );
}
