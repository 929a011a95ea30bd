import { mergeRouters, router } from "../../trpc/init";
import { dentalProcedure } from "./access";
import { dentalAdminRouter } from "./admin/router";
import { dentalClinicalRouter } from "./clinical/router";
import { getDentists } from "./dentists";
import { dentalFilesRouter } from "./files/router";
import { dentalPatientsRouter } from "./patients/router";

/** What more than one area reads: the dentists a clinical record (right 'clinical') or a prescription (right 'prescribe') can name. */
const dentalSharedRouter = router({
  getDentists: dentalProcedure({ anyOf: ["clinical", "prescribe"] }).query(({ ctx }) => getDentists(ctx.tx, ctx.tenant.id)),
});

/**
 * `dental.*` (issue 18): one flat namespace in the spec's style, each area in its own folder:
 * patients/ (patients, odontogram), clinical/ (clinical history, treatment plans, invoicing),
 * files/ (prescriptions, x-rays, lab orders, documents), admin/ (settings, catalogue, dashboard, reports).
 */
export const dentalRouter = mergeRouters(dentalSharedRouter, dentalPatientsRouter, dentalClinicalRouter, dentalFilesRouter, dentalAdminRouter);
