import { z } from "zod";
import { fdiTooth, toothChange } from "../../../../shared/dental/chart";
import { patientCreateInput, patientListInput, patientStatusInput, patientUpdateInput } from "../../../../shared/dental/patient";
import { calendarDate } from "../../../../shared/platform/dates";
import { pageNumber } from "../../../../shared/platform/pagination";
import { wholeNumber } from "../../../../shared/platform/whole-number";
import { router } from "../../../trpc/init";
import { dentalProcedure } from "../access";
import { createPatient, findPatients, getChart, getPatient, getToothHistory, recordToothChanges, setPatientStatus, updatePatient } from "./service";

const patientId = z.string().uuid();

/** dental.* procedures of this area (see src/server/modules/dental/router.ts): patients and the odontogram. */
export const dentalPatientsRouter = router({
  /** {search?, status?, page, pageSize} -> {data, pagination}, newest first. */
  getPatients: dentalProcedure("access")
    .input(patientListInput.prefault({}))
    .query(({ ctx, input }) => findPatients(ctx.tx, ctx.tenant.id, input)),
  /** The customer's fields (name, identification, phone, e-mail, address) and the clinical ones. */
  getPatient: dentalProcedure("access")
    .input(z.object({ id: patientId }))
    .query(({ ctx, input }) => getPatient(ctx.tx, ctx.tenant.id, input.id)),
  createPatient: dentalProcedure("patients")
    .input(patientCreateInput)
    .mutation(({ ctx, input }) => createPatient(ctx, input)),
  updatePatient: dentalProcedure("patients")
    .input(patientUpdateInput)
    .mutation(({ ctx, input }) => updatePatient(ctx, input)),
  setPatientStatus: dentalProcedure("patients")
    .input(patientStatusInput)
    .mutation(({ ctx, input }) => setPatientStatus(ctx, input)),
  /** The odontogram now, or as it was at the end of `at` (YYYY-MM-DD, the practice's time zone). */
  getChart: dentalProcedure("clinical")
    .input(z.object({ patientId, at: calendarDate("dental:validation.invalidDate").nullish() }))
    .query(({ ctx, input }) => getChart(ctx, input)),
  /** Appends tooth/surface statuses to the chart's log; answers the chart now. */
  recordToothChanges: dentalProcedure("clinical")
    .input(z.object({ patientId, changes: z.array(toothChange).min(1).max(200), clinicalRecordId: z.string().uuid().nullish() }))
    .mutation(({ ctx, input }) => recordToothChanges(ctx, input)),
  /** Every change of the chart, newest first, optionally of one tooth. */
  getToothHistory: dentalProcedure("clinical")
    .input(z.object({ patientId, tooth: fdiTooth.nullish(), page: pageNumber().optional().default(1), pageSize: wholeNumber(1, 200).optional().default(20) }))
    .query(({ ctx, input }) => getToothHistory(ctx, input)),
});
