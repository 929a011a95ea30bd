import { z } from "zod";
import { clinicalRecordCorrectInput, clinicalRecordCreateInput, clinicalRecordIdInput, clinicalRecordListInput } from "../../../../shared/dental/clinical";
import { invoiceProceduresInput, planApproveInput, planCreateInput, planIdInput, planListInput, planStatusInput, planUpdateInput, procedureCompleteInput } from "../../../../shared/dental/plan";
import { router } from "../../../trpc/init";
import { createStorage } from "../../upload/storage";
import { dentalProcedure } from "../access";
import { consentPdf, consentPdfFilename } from "./consent-pdf";
import { invoiceProcedures } from "./invoicing";
import { approvePlan, completeProcedure, createPlan, getPlan, getPlans, setPlanStatus, updatePlan } from "./plans";
import { correctClinicalRecord, createClinicalRecord, getClinicalRecord, getClinicalRecords } from "./records";

const clinical = dentalProcedure("clinical");
const plans = dentalProcedure("plans");
/**
 * Reading plans: the 'plans' right, or 'billing' (the front desk invoices done procedures from the
 * plan's page without being allowed to change the plan).
 */
const planReader = dentalProcedure({ anyOf: ["plans", "billing"] });

/**
 * dental.* procedures of the clinical area (issue 18 §3–4): clinical records (right 'clinical'),
 * treatment plans with approval, consent and progress (right 'plans'; read also with 'billing'), and invoicing of done
 * procedures through the one invoice path (right 'billing').
 */
export const dentalClinicalRouter = router({
  /** {patientId?, page, pageSize, search?, followUpDue?} -> {data, pagination}, newest visit first. */
  getClinicalRecords: clinical.input(clinicalRecordListInput.prefault({})).query(({ ctx, input }) => getClinicalRecords(ctx.tx, ctx.tenant.id, ctx.tenant.timezone, input)),
  getClinicalRecord: clinical.input(clinicalRecordIdInput).query(({ ctx, input }) => getClinicalRecord(ctx.tx, ctx.tenant.id, input.id)),
  createClinicalRecord: clinical
    .input(clinicalRecordCreateInput)
    .mutation(({ ctx, input }) => createClinicalRecord({ tx: ctx.tx, tenantId: ctx.tenant.id, timeZone: ctx.tenant.timezone, userId: ctx.user.id, storage: createStorage(ctx.deps.config) }, input)),
  /** A new record with corrects_id = id (the old one stays, marked as corrected). */
  correctClinicalRecord: clinical
    .input(clinicalRecordCorrectInput)
    .mutation(({ ctx, input }) => correctClinicalRecord({ tx: ctx.tx, tenantId: ctx.tenant.id, timeZone: ctx.tenant.timezone, userId: ctx.user.id, storage: createStorage(ctx.deps.config) }, input)),

  /** {patientId?, page, pageSize, search?, status? ('active' = approved or in progress)} -> {data (totals, paid, progress), pagination}. */
  getPlans: planReader.input(planListInput.prefault({})).query(({ ctx, input }) => getPlans(ctx.tx, ctx.tenant.id, input)),
  /** The plan with its phases and procedures, totals, paid and balance (from its invoices), progress. */
  getPlan: planReader.input(planIdInput).query(({ ctx, input }) => getPlan(ctx.tx, ctx.tenant.id, input.id)),
  createPlan: plans.input(planCreateInput).mutation(({ ctx, input }) => createPlan(ctx.tx, ctx.tenant.id, ctx.tenant.timezone, ctx.user.id, input)),
  /** Replaces the content of a draft or proposed plan. */
  updatePlan: plans.input(planUpdateInput).mutation(({ ctx, input }) => updatePlan(ctx.tx, ctx.tenant.id, ctx.tenant.timezone, input)),
  setPlanStatus: plans.input(planStatusInput).mutation(({ ctx, input }) => setPlanStatus(ctx.tx, ctx.tenant.id, ctx.user.id, input)),
  approvePlan: plans.input(planApproveInput).mutation(({ ctx, input }) => approvePlan(ctx.tx, ctx.tenant.id, ctx.user.id, input)),
  /** The consent as a PDF: {fileName, mimeType, base64} (the browser saves or opens it). */
  getPlanConsentPdf: planReader.input(planIdInput.extend({ language: z.enum(["es", "en"]).optional() })).query(async ({ ctx, input }) => {
    const plan = await getPlan(ctx.tx, ctx.tenant.id, input.id);
    const t = ctx.tenant;
    const bytes = await consentPdf(plan, { language: input.language ?? (ctx.lang === "en" ? "en" : "es"), practice: { name: t.name, address: t.address ?? null, phone: t.phone ?? null, taxId: t.taxId ?? null } });
    return { fileName: consentPdfFilename(plan.number), mimeType: "application/pdf", base64: bytes.toString("base64") };
  }),
  completeProcedure: plans.input(procedureCompleteInput).mutation(({ ctx, input }) => completeProcedure(ctx.tx, ctx.tenant.id, ctx.user.id, input)),

  /** Bills done, not yet invoiced procedures of a plan through createInvoice: {invoiceId, number, ncf}. */
  invoiceProcedures: dentalProcedure("billing")
    .input(invoiceProceduresInput)
    .mutation(({ ctx, input }) => invoiceProcedures({ tx: ctx.tx, tenant: ctx.tenant, user: ctx.user }, input)),
});
