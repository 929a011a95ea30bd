import { protectedProcedure, requirePermission, router } from "../../trpc/init";
import { createStorage } from "../upload/storage";
import { exportSubmissions } from "./export";
import { formCreateInput, formIdInput, formListInput, formPermissionsInput, formSetPermissionsInput, formUpdateInput, submissionExportInput, submissionIdInput, submissionListInput, submissionReportInput, submissionStatusInput, submitInput } from "./inputs";
import { submissionReport } from "./report";
import {
  archiveForm,
  assertFormRight,
  createForm,
  duplicateForm,
  findForms,
  findSubmissions,
  getFillableForm,
  getForm,
  getFormPermissions,
  getSubmission,
  publishForm,
  requireFormRight,
  setFormPermissions,
  setSubmissionStatus,
  submissionFormId,
  submitForm,
  updateForm,
} from "./service";

/**
 * form.* (spec 03 'Form designer', 'Other form screens'; issue 17). The module permission
 * (forms.view/create/update/delete/publish) is checked first, then the form's own rights for the
 * user's role (form_permissions). Forms are archived, never deleted.
 */
export const formRouter = router({
  /** {page, pageSize, search, status?} -> {data (with fieldCount, submissionCount, latestVersion), pagination}. */
  getAll: protectedProcedure
    .use(requirePermission("forms.view"))
    .input(formListInput.prefault({}))
    .query(({ ctx, input }) => findForms(ctx.tx, ctx.tenant.id, ctx.user, input)),
  /** The form with its draft schema and latest published version. */
  getById: protectedProcedure
    .use(requirePermission("forms.view"))
    .input(formIdInput)
    .query(async ({ ctx, input }) => {
      const form = await getForm(ctx.tx, ctx.tenant.id, input.id);
      await assertFormRight(ctx.tx, ctx.tenant.id, input.id, ctx.user, "canView");
      return form;
    }),
  create: protectedProcedure
    .use(requirePermission("forms.create"))
    .input(formCreateInput)
    .mutation(({ ctx, input }) => createForm(ctx.tx, ctx.tenant.id, ctx.user.id, input)),
  /** Save: the draft schema and the settings (name, description, category, public, limit, closed message). */
  update: protectedProcedure
    .use(requirePermission("forms.update"))
    .input(formUpdateInput)
    .mutation(async ({ ctx, input }) => {
      await requireFormRight(ctx.tx, ctx.tenant.id, input.id, ctx.user, "canEdit");
      return updateForm(ctx.tx, ctx.tenant.id, ctx.user.id, input);
    }),
  /** Stores the draft as an immutable version n+1 and marks the form published. */
  publish: protectedProcedure
    .use(requirePermission("forms.publish"))
    .input(formIdInput)
    .mutation(async ({ ctx, input }) => {
      await requireFormRight(ctx.tx, ctx.tenant.id, input.id, ctx.user, "canEdit");
      return publishForm(ctx.tx, ctx.tenant.id, ctx.user.id, input.id);
    }),
  /** The list's delete: archives (a form and its submissions are never removed). */
  archive: protectedProcedure
    .use(requirePermission("forms.delete"))
    .input(formIdInput)
    .mutation(async ({ ctx, input }) => {
      await requireFormRight(ctx.tx, ctx.tenant.id, input.id, ctx.user, "canDelete");
      return archiveForm(ctx.tx, ctx.tenant.id, ctx.user.id, input.id);
    }),
  /** A new draft 'Copia de {name}' with the same draft schema. */
  duplicate: protectedProcedure
    .use(requirePermission("forms.create"))
    .input(formIdInput)
    .mutation(async ({ ctx, input }) => {
      await requireFormRight(ctx.tx, ctx.tenant.id, input.id, ctx.user, "canView");
      return duplicateForm(ctx.tx, ctx.tenant.id, ctx.user.id, input.id, ctx.lang);
    }),
  /** Each role's rights on the form (admin, cashier; the owner always has all). */
  getPermissions: protectedProcedure
    .use(requirePermission("forms.view"))
    .input(formPermissionsInput)
    .query(({ ctx, input }) => getFormPermissions(ctx.tx, ctx.tenant.id, input.formId)),
  setPermissions: protectedProcedure
    .use(requirePermission("forms.update"))
    .input(formSetPermissionsInput)
    .mutation(async ({ ctx, input }) => {
      await requireFormRight(ctx.tx, ctx.tenant.id, input.formId, ctx.user, "canEdit");
      return setFormPermissions(ctx.tx, ctx.tenant.id, input);
    }),
});

/** formSubmission.* (issue 17): signed-in submissions and their review. */
export const formSubmissionRouter = router({
  /** {formId} -> the published version to fill in (name, description, version, schema, closed, closedMessage); needs the form's submit right. */
  getForm: protectedProcedure
    .use(requirePermission("forms.view"))
    .input(formPermissionsInput)
    .query(async ({ ctx, input }) => {
      await requireFormRight(ctx.tx, ctx.tenant.id, input.formId, ctx.user, "canSubmit");
      return getFillableForm(ctx.tx, ctx.tenant.id, input.formId);
    }),
  /** A signed-in user's answers to the published version; 400 with each field's message, nothing stored. */
  submit: protectedProcedure
    .use(requirePermission("forms.view"))
    .input(submitInput)
    .mutation(async ({ ctx, input }) => {
      await requireFormRight(ctx.tx, ctx.tenant.id, input.formId, ctx.user, "canSubmit");
      return submitForm(ctx.tx, ctx.tenant.id, { formId: input.formId, answers: input.answers, submittedBy: ctx.user.id, submitterIp: ctx.req.ip ?? null, lang: ctx.lang, storage: createStorage(ctx.deps.config) });
    }),
  getAll: protectedProcedure
    .use(requirePermission("forms.view"))
    .input(submissionListInput)
    .query(async ({ ctx, input }) => {
      const page = await findSubmissions(ctx.tx, ctx.tenant.id, input);
      await assertFormRight(ctx.tx, ctx.tenant.id, input.formId, ctx.user, "canView");
      return page;
    }),
  getById: protectedProcedure
    .use(requirePermission("forms.view"))
    .input(submissionIdInput)
    .query(async ({ ctx, input }) => {
      const formId = await submissionFormId(ctx.tx, ctx.tenant.id, input.id);
      await assertFormRight(ctx.tx, ctx.tenant.id, formId, ctx.user, "canView");
      return getSubmission(ctx.tx, ctx.tenant.id, input.id);
    }),
  /** pending | approved | rejected, with who and when. */
  setStatus: protectedProcedure
    .use(requirePermission("forms.manage_submissions"))
    .input(submissionStatusInput)
    .mutation(async ({ ctx, input }) => {
      const formId = await submissionFormId(ctx.tx, ctx.tenant.id, input.id);
      await assertFormRight(ctx.tx, ctx.tenant.id, formId, ctx.user, "canManageSubmissions");
      return setSubmissionStatus(ctx.tx, ctx.tenant.id, ctx.user.id, input.id, input.status);
    }),
  /** The submissions the list shows (search, status) as CSV (UTF-8 with BOM) or Excel: {fileName, mimeType, base64}. */
  export: protectedProcedure
    .use(requirePermission("forms.view"))
    .input(submissionExportInput)
    .mutation(async ({ ctx, input }) => {
      await requireFormRight(ctx.tx, ctx.tenant.id, input.formId, ctx.user, "canView");
      return exportSubmissions(ctx.tx, ctx.tenant.id, ctx.lang, input);
    }),
  /** Totals by status, submissions per business day, choice distributions and numeric averages over all versions. */
  report: protectedProcedure
    .use(requirePermission("forms.view"))
    .input(submissionReportInput)
    .query(async ({ ctx, input }) => {
      await requireFormRight(ctx.tx, ctx.tenant.id, input.formId, ctx.user, "canView");
      return submissionReport(ctx.tx, ctx.tenant.id, input);
    }),
});
