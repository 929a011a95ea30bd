import { and, count, desc, eq, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
import { alias, type PgSelect } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { clinicalRecordCorrectInput, clinicalRecordCreateInput, clinicalRecordListInput, VitalSigns } from "../../../../shared/dental/clinical";
import { businessDate } from "../../../../shared/platform/dates";
import { offsetOf, pageOf } from "../../../../shared/platform/pagination";
import type { Tx } from "../../../db/client";
import { newId } from "../../../ids";
import { appError } from "../../../trpc/errors";
import { users } from "../../auth/tables";
import { customers } from "../../customer/tables";
import { employees } from "../../employee/tables";
import type { UploadStorage } from "../../upload/storage";
import { getPatientRow } from "../access";
import { searchFilter } from "../files/common";
import { storedDentalFile } from "../files/storage";
import { dentalClinicalRecords, dentalPatients } from "../tables";

/**
 * Clinical records (issue 18 §3): written once, never updated nor deleted. A correction is a new
 * record whose corrects_id names the old one (which stays, shown as 'corrected by'); a record is
 * corrected once, and only the newest of a chain can be corrected (the unique index on corrects_id
 * keeps two corrections of one record from both landing).
 */

export interface Attachment {
  url: string;
  name: string;
  size: number;
  type: string;
}

type CreateInput = z.output<typeof clinicalRecordCreateInput>;
type CorrectInput = z.output<typeof clinicalRecordCorrectInput>;
type ListInput = z.output<typeof clinicalRecordListInput>;
interface Ctx {
  tx: Tx;
  tenantId: string;
  timeZone: string;
  userId: string;
  storage: UploadStorage;
}

const recordNotFound = () => appError("NOT_FOUND", "dentalClinical:errors.recordNotFound");

/** Every attachment must be a private file of this tenant; its size and type are the stored file's, not what the browser said. */
async function provenAttachments(storage: UploadStorage, tenantId: string, given: { url: string; name: string }[]): Promise<Attachment[]> {
  return Promise.all(
    given.map(async (a) => {
      const found = await storedDentalFile(storage, tenantId, a.url);
      if (!found) throw appError("BAD_REQUEST", "dentalClinical:errors.attachmentNotStored", { name: a.name });
      return { url: a.url, name: a.name, size: found.size, type: found.type };
    }),
  );
}

async function checkDentist(tx: Tx, tenantId: string, dentistId: string | null | undefined) {
  if (!dentistId) return;
  const [row] = await tx
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.tenantId, tenantId), eq(employees.id, dentistId)));
  if (!row) throw appError("NOT_FOUND", "dentalClinical:errors.dentistNotFound");
}

function vitalsOf(v: CreateInput["vitalSigns"]): VitalSigns {
  return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as VitalSigns;
}

async function insertRecord(ctx: Ctx, patientId: string, input: Omit<CreateInput, "patientId">, correctsId: string | null) {
  const [attachments] = await Promise.all([provenAttachments(ctx.storage, ctx.tenantId, input.attachments), checkDentist(ctx.tx, ctx.tenantId, input.dentistId)]);
  const id = newId();
  await ctx.tx.insert(dentalClinicalRecords).values({
    tenantId: ctx.tenantId,
    id,
    patientId,
    visitDate: input.visitDate,
    chiefComplaint: input.chiefComplaint,
    findings: input.findings,
    diagnosis: input.diagnosis,
    treatment: input.treatment,
    vitalSigns: vitalsOf(input.vitalSigns),
    attachments,
    followUp: input.followUp,
    followUpDate: input.followUp ? (input.followUpDate ?? null) : null,
    correctsId,
    dentistId: input.dentistId ?? null,
    createdBy: ctx.userId,
  });
  return getClinicalRecord(ctx.tx, ctx.tenantId, id);
}

export async function createClinicalRecord(ctx: Ctx, input: CreateInput) {
  await getPatientRow(ctx.tx, ctx.tenantId, input.patientId);
  const { patientId, ...fields } = input;
  return insertRecord(ctx, patientId, fields, null);
}

/** A new record with corrects_id = the old one; the old one must be the newest of its chain (not corrected yet). */
export async function correctClinicalRecord(ctx: Ctx, input: CorrectInput) {
  const { id, ...fields } = input;
  // The old record's row is locked so two corrections of it queue (the second then sees the first).
  const rows = await ctx.tx.execute(sql`SELECT id, patient_id FROM dental_clinical_records WHERE tenant_id = ${ctx.tenantId} AND id = ${id} FOR UPDATE`);
  const old = ((rows as { rows?: unknown[] }).rows ?? (rows as unknown[]))[0] as { id: string; patient_id: string } | undefined;
  if (!old) throw recordNotFound();
  const [later] = await ctx.tx
    .select({ id: dentalClinicalRecords.id })
    .from(dentalClinicalRecords)
    .where(and(eq(dentalClinicalRecords.tenantId, ctx.tenantId), eq(dentalClinicalRecords.correctsId, id)));
  if (later) throw appError("BAD_REQUEST", "dentalClinical:errors.alreadyCorrected");
  return insertRecord(ctx, old.patient_id, fields, id);
}

const correction = alias(dentalClinicalRecords, "correction");

function recordColumns() {
  return {
    id: dentalClinicalRecords.id,
    patientId: dentalClinicalRecords.patientId,
    patientName: customers.name,
    patientNumber: dentalPatients.number,
    visitDate: dentalClinicalRecords.visitDate,
    chiefComplaint: dentalClinicalRecords.chiefComplaint,
    findings: dentalClinicalRecords.findings,
    diagnosis: dentalClinicalRecords.diagnosis,
    treatment: dentalClinicalRecords.treatment,
    vitalSigns: dentalClinicalRecords.vitalSigns,
    attachments: dentalClinicalRecords.attachments,
    followUp: dentalClinicalRecords.followUp,
    followUpDate: dentalClinicalRecords.followUpDate,
    correctsId: dentalClinicalRecords.correctsId,
    correctedById: correction.id,
    correctedAt: correction.createdAt,
    dentistId: dentalClinicalRecords.dentistId,
    dentistName: employees.name,
    createdByName: users.name,
    createdAt: dentalClinicalRecords.createdAt,
  };
}

function recordQuery(tx: Tx) {
  return tx
    .select(recordColumns())
    .from(dentalClinicalRecords)
    .innerJoin(dentalPatients, and(eq(dentalPatients.tenantId, dentalClinicalRecords.tenantId), eq(dentalPatients.id, dentalClinicalRecords.patientId)))
    .innerJoin(customers, and(eq(customers.tenantId, dentalPatients.tenantId), eq(customers.id, dentalPatients.customerId)))
    .leftJoin(correction, and(eq(correction.tenantId, dentalClinicalRecords.tenantId), eq(correction.correctsId, dentalClinicalRecords.id)))
    .leftJoin(employees, and(eq(employees.tenantId, dentalClinicalRecords.tenantId), eq(employees.id, dentalClinicalRecords.dentistId)))
    .leftJoin(users, and(eq(users.tenantId, dentalClinicalRecords.tenantId), eq(users.id, dentalClinicalRecords.createdBy)));
}

type Row = Awaited<ReturnType<typeof recordQuery>>[number];
function shape(r: Row) {
  return {
    ...r,
    vitalSigns: r.vitalSigns as VitalSigns,
    attachments: r.attachments as Attachment[],
    correctedAt: r.correctedAt ? new Date(r.correctedAt).toISOString() : null,
    createdAt: new Date(r.createdAt).toISOString(),
  };
}
export type ClinicalRecord = ReturnType<typeof shape>;

export async function getClinicalRecord(tx: Tx, tenantId: string, id: string) {
  const [row] = await recordQuery(tx).where(and(eq(dentalClinicalRecords.tenantId, tenantId), eq(dentalClinicalRecords.id, id)));
  if (!row) throw recordNotFound();
  return shape(row);
}

/** The tables a list filter reads: the record, its patient and customer (the search) and its correction (follow-up due). */
function filterJoins<T extends PgSelect>(query: T) {
  return query
    .innerJoin(dentalPatients, and(eq(dentalPatients.tenantId, dentalClinicalRecords.tenantId), eq(dentalPatients.id, dentalClinicalRecords.patientId)))
    .innerJoin(customers, and(eq(customers.tenantId, dentalPatients.tenantId), eq(customers.id, dentalPatients.customerId)))
    .leftJoin(correction, and(eq(correction.tenantId, dentalClinicalRecords.tenantId), eq(correction.correctsId, dentalClinicalRecords.id)));
}

const newestVisitFirst = [desc(dentalClinicalRecords.visitDate), desc(dentalClinicalRecords.createdAt), desc(dentalClinicalRecords.id)];

/**
 * Newest visit first; per patient, or across patients with a search (the patient's name, code,
 * identification or phone, complaint, diagnosis) and the follow-up-due filter. The page's ids are
 * chosen first (ordered and limited on the record's own columns), then only those rows are joined
 * with their details.
 */
export async function getClinicalRecords(tx: Tx, tenantId: string, timeZone: string, input: ListInput) {
  if (input.patientId) await getPatientRow(tx, tenantId, input.patientId);
  const where: (SQL | undefined)[] = [eq(dentalClinicalRecords.tenantId, tenantId)];
  if (input.patientId) where.push(eq(dentalClinicalRecords.patientId, input.patientId));
  if (input.search) where.push(searchFilter(input.search, [dentalClinicalRecords.chiefComplaint, dentalClinicalRecords.diagnosis]));
  if (input.followUpDue) {
    where.push(eq(dentalClinicalRecords.followUp, true), lte(dentalClinicalRecords.followUpDate, businessDate(new Date(), timeZone)), isNull(correction.id));
  }
  const cond = and(...where);
  const [page, [total]] = await Promise.all([
    filterJoins(tx.select({ id: dentalClinicalRecords.id }).from(dentalClinicalRecords).$dynamic())
      .where(cond)
      .orderBy(...newestVisitFirst)
      .limit(input.pageSize)
      .offset(offsetOf(input.page, input.pageSize)),
    filterJoins(tx.select({ n: count() }).from(dentalClinicalRecords).$dynamic()).where(cond),
  ]);
  const rows = page.length
    ? await recordQuery(tx)
        .where(and(eq(dentalClinicalRecords.tenantId, tenantId), inArray(dentalClinicalRecords.id, page.map((r) => r.id))))
        .orderBy(...newestVisitFirst)
    : [];
  return pageOf(rows.map(shape), Number(total?.n ?? 0), input.page, input.pageSize);
}
