import { and, eq } from "drizzle-orm";
import { z } from "zod";
import {
  createDocumentInput,
  createLabOrderInput,
  createPrescriptionInput,
  createXrayInput,
  deleteDocumentInput,
  documentsInput,
  labOrdersInput,
  prescriptionsInput,
  setLabOrderStatusInput,
  setPrescriptionStatusInput,
  updateLabOrderInput,
  updateXrayInput,
  xraysInput,
} from "../../../../shared/dental/files";
import type { DentalRight } from "../../../../shared/dental/permissions";
import type { Tx } from "../../../db/client";
import { router } from "../../../trpc/init";
import type { SessionUser } from "../../auth/service";
import { customers } from "../../customer/tables";
import type { TenantRow } from "../../tenant/service";
import { createStorage } from "../../upload/storage";
import { dentalProcedure, getPatientRow } from "../access";
import type { FilesCtx } from "./common";
import { createDocument, deleteDocument, getDocuments } from "./documents";
import { createLabOrder, getLabOrders, setLabOrderStatus, updateLabOrder } from "./lab-orders";
import { practiceLogo } from "./logo";
import { prescriptionPdf, prescriptionPdfFilename } from "./prescription-pdf";
import { createPrescription, getPrescriptionRow, getPrescriptions, setPrescriptionStatus } from "./prescriptions";
import { createXrays, getXrays, updateXray } from "./xrays";

const prescribe = dentalProcedure("prescribe");
const files = dentalProcedure("files");
/** X-rays are confidential clinical data: besides 'files', every x-ray procedure needs 'confidential'. */
const xrays = dentalProcedure({ allOf: ["files", "confidential"] }, { confidential: "dentalFiles:errors.xrayConfidential" });

type Ctx = { tx: Tx; tenant: TenantRow; user: SessionUser; dentalRights: DentalRight[] };
const filesCtx = (ctx: Ctx): FilesCtx => ({ tx: ctx.tx, tenantId: ctx.tenant.id, userId: ctx.user.id, timeZone: ctx.tenant.timezone, rights: ctx.dentalRights });

/**
 * dental.* procedures of the files area (issue 18 §5): prescriptions (right 'prescribe'), x-rays
 * (rights 'files' and 'confidential': clinical images), lab orders and documents (right 'files';
 * confidential documents only with 'confidential'). Lists take { patientId?, page, pageSize,
 * search?, status? } and answer { data, pagination }, newest first.
 */
export const dentalFilesRouter = router({
  getPrescriptions: prescribe.input(prescriptionsInput.prefault({})).query(({ ctx, input }) => getPrescriptions(filesCtx(ctx), input)),
  createPrescription: prescribe.input(createPrescriptionInput).mutation(({ ctx, input }) => createPrescription(filesCtx(ctx), input)),
  setPrescriptionStatus: prescribe.input(setPrescriptionStatusInput).mutation(({ ctx, input }) => setPrescriptionStatus(filesCtx(ctx), input)),
  /** The prescription as a PDF: { fileName, mimeType, base64 } (the browser saves or opens it). */
  getPrescriptionPdf: prescribe.input(z.object({ id: z.string().uuid(), language: z.enum(["es", "en"]).optional() })).query(async ({ ctx, input }) => {
    const c = filesCtx(ctx);
    const rx = await getPrescriptionRow(c, input.id);
    const patient = await getPatientRow(ctx.tx, ctx.tenant.id, rx.patientId);
    const [customer] = await ctx.tx
      .select({ taxId: customers.taxId })
      .from(customers)
      .where(and(eq(customers.tenantId, ctx.tenant.id), eq(customers.id, patient.customerId)));
    const t = ctx.tenant;
    const bytes = await prescriptionPdf(rx, {
      language: input.language ?? (ctx.lang === "en" ? "en" : "es"),
      timeZone: t.timezone,
      practice: { name: t.name, address: t.address ?? null, phone: t.phone ?? null, taxId: t.taxId ?? null, logo: await practiceLogo(ctx.tx, createStorage(ctx.deps.config), t.id) },
      patient: { identification: customer?.taxId ?? null, birthDate: patient.birthDate, allergies: (patient.allergies as string[]) ?? [] },
    });
    return { fileName: prescriptionPdfFilename(rx.number), mimeType: "application/pdf", base64: bytes.toString("base64") };
  }),

  getXrays: xrays.input(xraysInput.prefault({})).query(({ ctx, input }) => getXrays(filesCtx(ctx), input)),
  /** One x-ray per uploaded image; answers the created x-rays. */
  createXray: xrays.input(createXrayInput).mutation(({ ctx, input }) => createXrays(filesCtx(ctx), createStorage(ctx.deps.config), input)),
  updateXray: xrays.input(updateXrayInput).mutation(({ ctx, input }) => updateXray(filesCtx(ctx), input)),

  /** { …page, overdueCount, today }; `overdue: true` lists the open orders past their due date. */
  getLabOrders: files.input(labOrdersInput.prefault({})).query(({ ctx, input }) => getLabOrders(filesCtx(ctx), input)),
  createLabOrder: files.input(createLabOrderInput).mutation(({ ctx, input }) => createLabOrder(filesCtx(ctx), input)),
  updateLabOrder: files.input(updateLabOrderInput).mutation(({ ctx, input }) => updateLabOrder(filesCtx(ctx), input)),
  setLabOrderStatus: files.input(setLabOrderStatusInput).mutation(({ ctx, input }) => setLabOrderStatus(filesCtx(ctx), input)),

  getDocuments: files.input(documentsInput.prefault({})).query(({ ctx, input }) => getDocuments(filesCtx(ctx), input)),
  createDocument: files.input(createDocumentInput).mutation(({ ctx, input }) => createDocument(filesCtx(ctx), createStorage(ctx.deps.config), input)),
  /** Soft: the document leaves the lists; its row and file stay. */
  deleteDocument: files.input(deleteDocumentInput).mutation(({ ctx, input }) => deleteDocument(filesCtx(ctx), input)),
});
