import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { Big, toBig } from "../../../../shared/catalog/decimal";
import type { DurationUnit, PlanStatus, ProcedureScope } from "../../../../shared/dental/constants";
import {
  ACTIVE_PLAN_STATUSES,
  canTransition,
  EDITABLE_PLAN_STATUSES,
  normalizedPlacement,
  type PLAN_CURRENCIES,
  phaseEndDates,
  placementProblem,
  type planCreateInput,
  type planListInput,
  planTotals,
  planTotalsProblem,
  type planUpdateInput,
  WORKABLE_PLAN_STATUSES,
} from "../../../../shared/dental/plan";
import { businessDate } from "../../../../shared/platform/dates";
import { likePattern, offsetOf, pageOf } from "../../../../shared/platform/pagination";
import { rowsOf, type Tx } from "../../../db/client";
import { newId } from "../../../ids";
import { appError } from "../../../trpc/errors";
import { users } from "../../auth/tables";
import { customers } from "../../customer/tables";
import { orders } from "../../pos/tables";
import { products } from "../../product/tables";
import { getPatientRow } from "../access";
import { dentalClinicalRecords, dentalPatients, dentalPlanPhases, dentalPlanProcedures, dentalProcedureTypes, dentalToothEvents, dentalTreatmentPlans } from "../tables";

/**
 * Treatment plans (issue 18 §4): the wizard's plan by phases, its statuses (src/shared/dental/plan.ts
 * PLAN_TRANSITIONS), approval with the consent name, and progress as procedures are done — a done
 * procedure whose catalogue entry leaves a status appends odontogram events in the same transaction.
 * Plans are cancelled, never deleted; a draft or proposed plan's phases are replaced when it is edited.
 */

type CreateInput = z.output<typeof planCreateInput>;
type UpdateInput = z.output<typeof planUpdateInput>;
type ListInput = z.output<typeof planListInput>;
type Fields = Omit<CreateInput, "patientId" | "status">;

export const planNotFound = () => appError("NOT_FOUND", "dentalClinical:errors.planNotFound");
const procedureNotFound = () => appError("NOT_FOUND", "dentalClinical:errors.procedureNotFound");

interface CatalogueEntry {
  id: string;
  productId: string;
  name: string;
  price: string;
  scope: ProcedureScope;
  resultStatus: string | null;
  isActive: boolean;
}

async function loadCatalogue(tx: Tx, tenantId: string, ids: string[]): Promise<Map<string, CatalogueEntry>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      id: dentalProcedureTypes.id,
      productId: dentalProcedureTypes.productId,
      name: products.name,
      price: products.price,
      scope: dentalProcedureTypes.scope,
      resultStatus: dentalProcedureTypes.resultStatus,
      isActive: dentalProcedureTypes.isActive,
    })
    .from(dentalProcedureTypes)
    .innerJoin(products, and(eq(products.tenantId, dentalProcedureTypes.tenantId), eq(products.id, dentalProcedureTypes.productId)))
    .where(and(eq(dentalProcedureTypes.tenantId, tenantId), inArray(dentalProcedureTypes.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, { ...r, scope: r.scope as ProcedureScope }]));
}

/** The plan's phases and procedures as rows, validated against the catalogue (tooth, surfaces), with costs and end dates. */
async function buildContent(tx: Tx, tenantId: string, planId: string, fields: Fields, startDate: string) {
  const catalogue = await loadCatalogue(
    tx,
    tenantId,
    fields.phases.flatMap((p) => p.procedures.map((x) => x.procedureTypeId)),
  );
  const ends = phaseEndDates(startDate, fields.phases);
  const phases: (typeof dentalPlanPhases.$inferInsert)[] = [];
  const procedures: (typeof dentalPlanProcedures.$inferInsert)[] = [];
  fields.phases.forEach((phase, i) => {
    const phaseId = newId();
    let sum = new Big(0);
    phase.procedures.forEach((p, j) => {
      const entry = catalogue.get(p.procedureTypeId);
      if (!entry) throw appError("NOT_FOUND", "dentalClinical:errors.procedureTypeNotFound");
      if (!entry.isActive) throw appError("BAD_REQUEST", "dentalClinical:errors.procedureTypeInactive", { name: entry.name });
      const problem = placementProblem(entry.scope, p.tooth, p.surfaces);
      if (problem) throw appError("BAD_REQUEST", problem.key, { ...problem.vars, name: entry.name });
      const placed = normalizedPlacement(entry.scope, p.tooth, p.surfaces);
      const price = p.price ?? toBig(entry.price).toFixed(2);
      sum = sum.plus(price);
      procedures.push({
        tenantId,
        id: newId(),
        planId,
        phaseId,
        position: j + 1,
        procedureTypeId: entry.id,
        productId: entry.productId,
        name: entry.name,
        tooth: placed.tooth,
        surfaces: placed.surfaces,
        price,
        notes: p.notes,
      });
    });
    phases.push({
      tenantId,
      id: phaseId,
      planId,
      position: i + 1,
      name: phase.name,
      durationValue: phase.durationValue ?? null,
      durationUnit: phase.durationUnit,
      estimatedEndDate: ends[i] ?? null,
      estimatedCost: phase.estimatedCost ?? sum.toFixed(2),
      currency: fields.currency,
      notes: phase.notes,
    });
  });
  const problem = planTotalsProblem({ phaseCosts: phases.map((p) => p.estimatedCost as string), discountType: fields.discountType, discountValue: fields.discountValue, insuranceCoverage: fields.insuranceCoverage });
  if (problem) throw appError("BAD_REQUEST", problem);
  return { phases, procedures };
}

async function writeContent(tx: Tx, content: Awaited<ReturnType<typeof buildContent>>) {
  await tx.insert(dentalPlanPhases).values(content.phases);
  if (content.procedures.length > 0) await tx.insert(dentalPlanProcedures).values(content.procedures);
}

export async function createPlan(tx: Tx, tenantId: string, timeZone: string, userId: string, input: CreateInput) {
  await getPatientRow(tx, tenantId, input.patientId);
  const id = newId();
  const content = await buildContent(tx, tenantId, id, input, input.startDate ?? businessDate(new Date(), timeZone));
  // Numbers run per tenant: the advisory lock queues two new plans, max + 1 follows any seeded rows.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${tenantId}:dental_plan_number`}, 0))`);
  const [last] = await tx
    .select({ n: sql<number>`coalesce(max(${dentalTreatmentPlans.number}), 0)` })
    .from(dentalTreatmentPlans)
    .where(eq(dentalTreatmentPlans.tenantId, tenantId));
  await tx.insert(dentalTreatmentPlans).values({
    tenantId,
    id,
    patientId: input.patientId,
    number: Number(last?.n ?? 0) + 1,
    name: input.name,
    diagnosis: input.diagnosis,
    status: input.status,
    currency: input.currency,
    discountType: input.discountType,
    discountValue: input.discountValue,
    insuranceCoverage: input.insuranceCoverage,
    notes: input.notes,
    createdBy: userId,
  });
  await writeContent(tx, content);
  return getPlan(tx, tenantId, id);
}

async function lockPlan(tx: Tx, tenantId: string, id: string) {
  const [row] = rowsOf<{ id: string; status: PlanStatus; patient_id: string }>(
    await tx.execute(sql`SELECT id, status, patient_id FROM dental_treatment_plans WHERE tenant_id = ${tenantId} AND id = ${id} FOR UPDATE`),
  );
  if (!row) throw planNotFound();
  return row;
}

/** Replaces the content of a draft or proposed plan (the wizard's edit). */
export async function updatePlan(tx: Tx, tenantId: string, timeZone: string, input: UpdateInput) {
  const plan = await lockPlan(tx, tenantId, input.id);
  if (!EDITABLE_PLAN_STATUSES.includes(plan.status)) throw appError("BAD_REQUEST", "dentalClinical:errors.planNotEditable");
  const content = await buildContent(tx, tenantId, input.id, input, input.startDate ?? businessDate(new Date(), timeZone));
  await tx.delete(dentalPlanProcedures).where(and(eq(dentalPlanProcedures.tenantId, tenantId), eq(dentalPlanProcedures.planId, input.id)));
  await tx.delete(dentalPlanPhases).where(and(eq(dentalPlanPhases.tenantId, tenantId), eq(dentalPlanPhases.planId, input.id)));
  await tx
    .update(dentalTreatmentPlans)
    .set({
      name: input.name,
      diagnosis: input.diagnosis,
      currency: input.currency,
      discountType: input.discountType,
      discountValue: input.discountValue,
      insuranceCoverage: input.insuranceCoverage,
      notes: input.notes,
      updatedAt: new Date(),
    })
    .where(and(eq(dentalTreatmentPlans.tenantId, tenantId), eq(dentalTreatmentPlans.id, input.id)));
  await writeContent(tx, content);
  return getPlan(tx, tenantId, input.id);
}

/** dental.setPlanStatus: the transition table; cancelling also cancels the procedures still pending. */
export async function setPlanStatus(tx: Tx, tenantId: string, userId: string, input: { id: string; status: PlanStatus }) {
  const plan = await lockPlan(tx, tenantId, input.id);
  if (plan.status === input.status) return getPlan(tx, tenantId, input.id);
  if (input.status === "approved") throw appError("BAD_REQUEST", "dentalClinical:errors.approveWithConsent");
  if (!canTransition(plan.status, input.status)) throw appError("BAD_REQUEST", `dentalClinical:errors.transitionTo.${input.status}`);
  if (input.status === "completed") {
    const [pending] = await tx
      .select({ n: count() })
      .from(dentalPlanProcedures)
      .where(and(eq(dentalPlanProcedures.tenantId, tenantId), eq(dentalPlanProcedures.planId, input.id), eq(dentalPlanProcedures.status, "pending")));
    if (Number(pending?.n ?? 0) > 0) throw appError("BAD_REQUEST", "dentalClinical:errors.proceduresPending");
  }
  const cancelling = input.status === "cancelled";
  await tx
    .update(dentalTreatmentPlans)
    .set({ status: input.status, updatedAt: new Date(), ...(cancelling ? { cancelledAt: new Date(), cancelledBy: userId } : {}) })
    .where(and(eq(dentalTreatmentPlans.tenantId, tenantId), eq(dentalTreatmentPlans.id, input.id)));
  if (cancelling) {
    await tx
      .update(dentalPlanProcedures)
      .set({ status: "cancelled" })
      .where(and(eq(dentalPlanProcedures.tenantId, tenantId), eq(dentalPlanProcedures.planId, input.id), eq(dentalPlanProcedures.status, "pending")));
  }
  if (input.status === "completed") {
    await tx
      .update(dentalPlanPhases)
      .set({ status: "completed" })
      .where(and(eq(dentalPlanPhases.tenantId, tenantId), eq(dentalPlanPhases.planId, input.id)));
  }
  return getPlan(tx, tenantId, input.id);
}

/** dental.approvePlan: who approved and when, and the name the patient (or guardian) signed the consent with. */
export async function approvePlan(tx: Tx, tenantId: string, userId: string, input: { id: string; consentSignedBy: string }) {
  const plan = await lockPlan(tx, tenantId, input.id);
  if (!canTransition(plan.status, "approved")) throw appError("BAD_REQUEST", "dentalClinical:errors.transitionTo.approved");
  const [procedures] = await tx
    .select({ n: count() })
    .from(dentalPlanProcedures)
    .where(and(eq(dentalPlanProcedures.tenantId, tenantId), eq(dentalPlanProcedures.planId, input.id)));
  if (Number(procedures?.n ?? 0) === 0) throw appError("BAD_REQUEST", "dentalClinical:errors.planWithoutProcedures");
  await tx
    .update(dentalTreatmentPlans)
    .set({ status: "approved", approvedBy: userId, approvedAt: new Date(), consentSignedBy: input.consentSignedBy, updatedAt: new Date() })
    .where(and(eq(dentalTreatmentPlans.tenantId, tenantId), eq(dentalTreatmentPlans.id, input.id)));
  return getPlan(tx, tenantId, input.id);
}

/**
 * dental.completeProcedure: the procedure is done (who, when, optional clinical record of the
 * same patient); a catalogue entry with a result status appends the odontogram events of its
 * tooth/surfaces; the phase and the plan follow (first done → in progress, all done → completed).
 */
export async function completeProcedure(tx: Tx, tenantId: string, userId: string, input: { procedureId: string; clinicalRecordId?: string | null }) {
  const [proc] = await tx
    .select({ id: dentalPlanProcedures.id, planId: dentalPlanProcedures.planId, phaseId: dentalPlanProcedures.phaseId, status: dentalPlanProcedures.status, tooth: dentalPlanProcedures.tooth, surfaces: dentalPlanProcedures.surfaces, procedureTypeId: dentalPlanProcedures.procedureTypeId })
    .from(dentalPlanProcedures)
    .where(and(eq(dentalPlanProcedures.tenantId, tenantId), eq(dentalPlanProcedures.id, input.procedureId)));
  if (!proc) throw procedureNotFound();
  const plan = await lockPlan(tx, tenantId, proc.planId);
  if (!WORKABLE_PLAN_STATUSES.includes(plan.status)) throw appError("BAD_REQUEST", "dentalClinical:errors.planNotWorkable");
  const [current] = await tx
    .select({ status: dentalPlanProcedures.status })
    .from(dentalPlanProcedures)
    .where(and(eq(dentalPlanProcedures.tenantId, tenantId), eq(dentalPlanProcedures.id, proc.id)));
  if (current?.status === "done") return getPlan(tx, tenantId, proc.planId);
  if (current?.status !== "pending") throw appError("BAD_REQUEST", "dentalClinical:errors.procedureNotPending");
  if (input.clinicalRecordId) {
    const [record] = await tx
      .select({ id: dentalClinicalRecords.id })
      .from(dentalClinicalRecords)
      .where(and(eq(dentalClinicalRecords.tenantId, tenantId), eq(dentalClinicalRecords.id, input.clinicalRecordId), eq(dentalClinicalRecords.patientId, plan.patient_id)));
    if (!record) throw appError("NOT_FOUND", "dentalClinical:errors.recordNotFound");
  }
  const now = new Date();
  await tx
    .update(dentalPlanProcedures)
    .set({ status: "done", doneAt: now, doneBy: userId, clinicalRecordId: input.clinicalRecordId ?? null })
    .where(and(eq(dentalPlanProcedures.tenantId, tenantId), eq(dentalPlanProcedures.id, proc.id)));
  const [type] = await tx
    .select({ resultStatus: dentalProcedureTypes.resultStatus })
    .from(dentalProcedureTypes)
    .where(and(eq(dentalProcedureTypes.tenantId, tenantId), eq(dentalProcedureTypes.id, proc.procedureTypeId)));
  const surfaces = (proc.surfaces as string[]).length > 0 ? (proc.surfaces as string[]) : ["general"];
  if (type?.resultStatus && proc.tooth !== null) {
    await tx.insert(dentalToothEvents).values(
      surfaces.map((surface) => ({
        tenantId,
        id: newId(),
        patientId: plan.patient_id,
        tooth: proc.tooth!,
        surface,
        status: type.resultStatus!,
        clinicalRecordId: input.clinicalRecordId ?? null,
        planProcedureId: proc.id,
        recordedBy: userId,
        recordedAt: now,
      })),
    );
  }
  // The phase and the plan follow their procedures (cancelled ones do not hold them back).
  await tx.execute(sql`UPDATE dental_plan_phases f SET status = CASE
      WHEN NOT EXISTS (SELECT 1 FROM dental_plan_procedures p WHERE p.tenant_id = f.tenant_id AND p.phase_id = f.id AND p.status = 'pending') THEN 'completed'
      ELSE 'in_progress' END
    WHERE f.tenant_id = ${tenantId} AND f.id = ${proc.phaseId}`);
  const [left] = await tx
    .select({ n: count() })
    .from(dentalPlanProcedures)
    .where(and(eq(dentalPlanProcedures.tenantId, tenantId), eq(dentalPlanProcedures.planId, proc.planId), eq(dentalPlanProcedures.status, "pending")));
  const next: PlanStatus = Number(left?.n ?? 0) === 0 ? "completed" : "in_progress";
  if (next !== plan.status) {
    await tx
      .update(dentalTreatmentPlans)
      .set({ status: next, updatedAt: now })
      .where(and(eq(dentalTreatmentPlans.tenantId, tenantId), eq(dentalTreatmentPlans.id, proc.planId)));
  }
  return getPlan(tx, tenantId, proc.planId);
}

// ——— Reads ———

/** What the plan's invoices were paid (payments net of change), invoice by invoice, read from the invoices themselves; cancelled invoices count nothing. */
export async function planInvoices(tx: Tx, tenantId: string, planIds: string[]) {
  if (planIds.length === 0) return [];
  return rowsOf<{ plan_id: string; id: string; number: string; ncf: string | null; status: string; total: string; paid: string; balance_due: string }>(
    await tx.execute(sql`SELECT DISTINCT p.plan_id, o.id, o.number, o.ncf, o.status, o.total::text AS total,
        CASE WHEN o.status = 'cancelled' THEN '0' ELSE (o.paid_total - o.change_amount)::text END AS paid, o.balance_due::text AS balance_due
      FROM dental_plan_procedures p JOIN orders o ON o.tenant_id = p.tenant_id AND o.id = p.order_id
      WHERE p.tenant_id = ${tenantId} AND p.plan_id = ANY(${`{${planIds.join(",")}}`}::uuid[])`),
  );
}

function totalsOf(plan: { discountType: string; discountValue: string; insuranceCoverage: string }, phaseCosts: string[]) {
  return planTotals({ phaseCosts, discountType: plan.discountType as "percent" | "amount", discountValue: plan.discountValue, insuranceCoverage: plan.insuranceCoverage });
}

export async function getPlan(tx: Tx, tenantId: string, id: string) {
  const [plan] = await tx
    .select({
      plan: dentalTreatmentPlans,
      patientName: customers.name,
      customerId: customers.id,
      patientNumber: dentalPatients.number,
      allergies: dentalPatients.allergies,
      approvedByName: users.name,
    })
    .from(dentalTreatmentPlans)
    .innerJoin(dentalPatients, and(eq(dentalPatients.tenantId, dentalTreatmentPlans.tenantId), eq(dentalPatients.id, dentalTreatmentPlans.patientId)))
    .innerJoin(customers, and(eq(customers.tenantId, dentalPatients.tenantId), eq(customers.id, dentalPatients.customerId)))
    .leftJoin(users, and(eq(users.tenantId, dentalTreatmentPlans.tenantId), eq(users.id, dentalTreatmentPlans.approvedBy)))
    .where(and(eq(dentalTreatmentPlans.tenantId, tenantId), eq(dentalTreatmentPlans.id, id)));
  if (!plan) throw planNotFound();
  const [phases, procedures, invoices] = await Promise.all([
    tx
      .select()
      .from(dentalPlanPhases)
      .where(and(eq(dentalPlanPhases.tenantId, tenantId), eq(dentalPlanPhases.planId, id)))
      .orderBy(asc(dentalPlanPhases.position)),
    tx
      .select({
        row: dentalPlanProcedures,
        scope: dentalProcedureTypes.scope,
        code: dentalProcedureTypes.code,
        orderNumber: orders.number,
        orderNcf: orders.ncf,
        orderStatus: orders.status,
      })
      .from(dentalPlanProcedures)
      .innerJoin(dentalProcedureTypes, and(eq(dentalProcedureTypes.tenantId, dentalPlanProcedures.tenantId), eq(dentalProcedureTypes.id, dentalPlanProcedures.procedureTypeId)))
      .leftJoin(orders, and(eq(orders.tenantId, dentalPlanProcedures.tenantId), eq(orders.id, dentalPlanProcedures.orderId)))
      .where(and(eq(dentalPlanProcedures.tenantId, tenantId), eq(dentalPlanProcedures.planId, id)))
      .orderBy(asc(dentalPlanProcedures.position)),
    planInvoices(tx, tenantId, [id]),
  ]);
  const p = plan.plan;
  const totals = totalsOf(p, phases.map((f) => f.estimatedCost));
  const paid = invoices.reduce((s, o) => s.plus(o.paid), new Big(0));
  const live = procedures.filter((x) => x.row.status !== "cancelled");
  const done = live.filter((x) => x.row.status === "done").length;
  return {
    id: p.id,
    number: p.number,
    patientId: p.patientId,
    patientName: plan.patientName,
    patientNumber: plan.patientNumber,
    customerId: plan.customerId,
    allergies: plan.allergies as string[],
    name: p.name,
    diagnosis: p.diagnosis,
    status: p.status as PlanStatus,
    currency: p.currency as (typeof PLAN_CURRENCIES)[number],
    discountType: p.discountType as "percent" | "amount",
    discountValue: p.discountValue,
    insuranceCoverage: p.insuranceCoverage,
    notes: p.notes,
    approvedByName: plan.approvedByName,
    approvedAt: p.approvedAt ? p.approvedAt.toISOString() : null,
    consentSignedBy: p.consentSignedBy,
    cancelledAt: p.cancelledAt ? p.cancelledAt.toISOString() : null,
    createdAt: p.createdAt.toISOString(),
    totals,
    paid: paid.toFixed(2),
    balance: (toBig(totals.patientShare).gt(paid) ? toBig(totals.patientShare).minus(paid) : new Big(0)).toFixed(2),
    progress: { done, total: live.length },
    invoices: invoices.map((o) => ({ id: o.id, number: o.number, ncf: o.ncf, status: o.status, total: toBig(o.total).toFixed(2), paid: toBig(o.paid).toFixed(2), balanceDue: toBig(o.balance_due).toFixed(2) })),
    phases: phases.map((f) => ({
      id: f.id,
      position: f.position,
      name: f.name,
      durationValue: f.durationValue,
      durationUnit: f.durationUnit as DurationUnit,
      estimatedEndDate: f.estimatedEndDate,
      estimatedCost: f.estimatedCost,
      currency: f.currency,
      notes: f.notes,
      status: f.status,
      procedures: procedures
        .filter((x) => x.row.phaseId === f.id)
        .map(({ row, scope, code, orderNumber, orderNcf, orderStatus }) => ({
          id: row.id,
          position: row.position,
          procedureTypeId: row.procedureTypeId,
          code,
          scope: scope as ProcedureScope,
          name: row.name,
          tooth: row.tooth,
          surfaces: row.surfaces as string[],
          price: row.price,
          notes: row.notes,
          status: row.status as "pending" | "done" | "cancelled",
          doneAt: row.doneAt ? row.doneAt.toISOString() : null,
          clinicalRecordId: row.clinicalRecordId,
          orderId: row.orderId,
          orderNumber,
          orderNcf,
          /** the invoice was cancelled: the procedure can be billed again */
          invoiceCancelled: orderStatus === "cancelled",
        })),
    })),
  };
}
export type PlanDetail = Awaited<ReturnType<typeof getPlan>>;

/** Newest first; per patient or across patients, with the status filter ('active' = approved or in progress) and a search by plan, diagnosis or patient. */
export async function getPlans(tx: Tx, tenantId: string, input: ListInput) {
  if (input.patientId) await getPatientRow(tx, tenantId, input.patientId);
  const where: (SQL | undefined)[] = [eq(dentalTreatmentPlans.tenantId, tenantId)];
  if (input.patientId) where.push(eq(dentalTreatmentPlans.patientId, input.patientId));
  if (input.status === "active") where.push(inArray(dentalTreatmentPlans.status, [...ACTIVE_PLAN_STATUSES]));
  else if (input.status) where.push(eq(dentalTreatmentPlans.status, input.status));
  if (input.search) {
    const pattern = likePattern(input.search);
    const n = /^\d{1,9}$/.test(input.search.trim()) ? eq(dentalTreatmentPlans.number, Number(input.search.trim())) : undefined;
    where.push(or(ilike(dentalTreatmentPlans.name, pattern), ilike(dentalTreatmentPlans.diagnosis, pattern), ilike(customers.name, pattern), n));
  }
  const cond = and(...where);
  const base = () =>
    tx
      .select({
        id: dentalTreatmentPlans.id,
        number: dentalTreatmentPlans.number,
        name: dentalTreatmentPlans.name,
        diagnosis: dentalTreatmentPlans.diagnosis,
        status: dentalTreatmentPlans.status,
        currency: dentalTreatmentPlans.currency,
        discountType: dentalTreatmentPlans.discountType,
        discountValue: dentalTreatmentPlans.discountValue,
        insuranceCoverage: dentalTreatmentPlans.insuranceCoverage,
        patientId: dentalTreatmentPlans.patientId,
        patientName: customers.name,
        createdAt: dentalTreatmentPlans.createdAt,
      })
      .from(dentalTreatmentPlans)
      .innerJoin(dentalPatients, and(eq(dentalPatients.tenantId, dentalTreatmentPlans.tenantId), eq(dentalPatients.id, dentalTreatmentPlans.patientId)))
      .innerJoin(customers, and(eq(customers.tenantId, dentalPatients.tenantId), eq(customers.id, dentalPatients.customerId)));
  const [rows, [total]] = await Promise.all([
    base()
      .where(cond)
      .orderBy(desc(dentalTreatmentPlans.createdAt), desc(dentalTreatmentPlans.number))
      .limit(input.pageSize)
      .offset(offsetOf(input.page, input.pageSize)),
    tx
      .select({ n: count() })
      .from(dentalTreatmentPlans)
      .innerJoin(dentalPatients, and(eq(dentalPatients.tenantId, dentalTreatmentPlans.tenantId), eq(dentalPatients.id, dentalTreatmentPlans.patientId)))
      .innerJoin(customers, and(eq(customers.tenantId, dentalPatients.tenantId), eq(customers.id, dentalPatients.customerId)))
      .where(cond),
  ]);
  const ids = rows.map((r) => r.id);
  const [costs, counts, invoices] = ids.length
    ? await Promise.all([
        tx
          .select({ planId: dentalPlanPhases.planId, cost: dentalPlanPhases.estimatedCost })
          .from(dentalPlanPhases)
          .where(and(eq(dentalPlanPhases.tenantId, tenantId), inArray(dentalPlanPhases.planId, ids))),
        tx
          .select({ planId: dentalPlanProcedures.planId, status: dentalPlanProcedures.status, n: count() })
          .from(dentalPlanProcedures)
          .where(and(eq(dentalPlanProcedures.tenantId, tenantId), inArray(dentalPlanProcedures.planId, ids)))
          .groupBy(dentalPlanProcedures.planId, dentalPlanProcedures.status),
        planInvoices(tx, tenantId, ids),
      ])
    : [[], [], []];
  const data = rows.map((r) => {
    const totals = totalsOf(
      r,
      costs.filter((c) => c.planId === r.id).map((c) => c.cost),
    );
    const mine = counts.filter((c) => c.planId === r.id);
    const paid = invoices.filter((o) => o.plan_id === r.id).reduce((s, o) => s.plus(o.paid), new Big(0));
    return {
      ...r,
      status: r.status as PlanStatus,
      createdAt: r.createdAt.toISOString(),
      totals,
      paid: paid.toFixed(2),
      progress: { done: mine.filter((c) => c.status === "done").reduce((s, c) => s + Number(c.n), 0), total: mine.filter((c) => c.status !== "cancelled").reduce((s, c) => s + Number(c.n), 0) },
    };
  });
  return pageOf(data, Number(total?.n ?? 0), input.page, input.pageSize);
}
