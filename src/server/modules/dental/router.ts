import { mergeRouters } from "../../trpc/init";
import { dentalAdminRouter } from "./admin/router";
import { dentalClinicalRouter } from "./clinical/router";
import { dentalFilesRouter } from "./files/router";
import { dentalPatientsRouter } from "./patients/router";

/**
 * `dental.*` (issue 18): one flat namespace in the spec's style, each area in its own folder:
 * patients/ (patients, odontogram), clinical/ (clinical history, treatment plans, invoicing),
 * files/ (prescriptions, x-rays, lab orders, documents), admin/ (settings, catalogue, dashboard, reports).
 */
export const dentalRouter = mergeRouters(dentalPatientsRouter, dentalClinicalRouter, dentalFilesRouter, dentalAdminRouter);
