import { procedureTypeCreateInput, procedureTypeListInput, procedureTypeUpdateInput, settingsUpdateInput } from "../../../../shared/dental/catalogue";
import { reportInput } from "../../../../shared/dental/reports";
import { router } from "../../../trpc/init";
import { dentalProcedure } from "../access";
import { createProcedureType, listProcedureTypes, updateProcedureType } from "./catalogue";
import { getDashboard, getReport } from "./figures";
import { getSettings, updateSettings } from "./settings";

/** dental.* procedures of the admin area: settings, procedure catalogue, dashboard, reports. */
export const dentalAdminRouter = router({
  /** The signed-in user's rights in the module (the screens hide what the server would refuse). */
  getMyRights: dentalProcedure("access").query(({ ctx }) => ({ rights: ctx.dentalRights })),
  /**
   * The procedure catalogue, by name: `{ id, code, name, price, scope, resultStatus, productId,
   * isActive }[]` (active entries unless includeInactive). Every area reads it (plans, the odontogram).
   */
  getProcedureTypes: dentalProcedure("access")
    .input(procedureTypeListInput.prefault({}))
    .query(({ ctx, input }) => listProcedureTypes(ctx.tx, ctx.tenant.id, input.includeInactive)),
  createProcedureType: dentalProcedure("settings")
    .input(procedureTypeCreateInput)
    .mutation(({ ctx, input }) => createProcedureType(ctx.tx, ctx.tenant.id, ctx.user.id, input)),
  updateProcedureType: dentalProcedure("settings")
    .input(procedureTypeUpdateInput)
    .mutation(({ ctx, input }) => updateProcedureType(ctx.tx, ctx.tenant.id, ctx.user.id, input)),
  /** `{ roleRights: { admin, cashier }, chartNotation }`: any user of the module reads it (the odontogram's notation). */
  getSettings: dentalProcedure("access").query(({ ctx }) => getSettings(ctx.tx, ctx.tenant.id)),
  updateSettings: dentalProcedure("settings")
    .input(settingsUpdateInput)
    .mutation(({ ctx, input }) => updateSettings(ctx.tx, ctx.tenant.id, ctx.user.id, input)),
  /** Patients seen today and this month, plans by status, this month's revenue by procedure, lab orders pending/overdue, plans proposed vs accepted. */
  getDashboard: dentalProcedure("access").query(({ ctx }) => getDashboard(ctx)),
  /** `{ from, to, groupBy }` -> the same figures by day, week or month, with totals and revenue by procedure. */
  getReports: dentalProcedure("reports")
    .input(reportInput)
    .query(({ ctx, input }) => getReport(ctx, input)),
});
