import { z } from "zod";
import { calendarDate } from "../../../shared/platform/dates";
import { listInput } from "../../../shared/platform/pagination";
import { wholeNumber } from "../../../shared/platform/whole-number";

/** Inputs of form.* and formSubmission.* (issue 17); messages are keys of the `forms` namespace. */
export const FORM_STATUSES = ["draft", "published", "archived"] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];
export const SUBMISSION_STATUSES = ["pending", "approved", "rejected"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
/** Roles whose access a form may narrow; the owner always has every right. */
export const FORM_PERMISSION_ROLES = ["admin", "cashier"] as const;
/** The most submissions a form may be limited to. */
export const MAX_SUBMISSIONS_LIMIT = 1_000_000;

const K = {
  nameRequired: "forms:errors.nameRequired",
  nameTooLong: "forms:errors.nameTooLong",
  textTooLong: "forms:errors.tooLong",
  maxSubmissions: "forms:errors.maxSubmissionsRange",
} as const;

const id = z.uuid();
const name = z.string({ error: K.nameRequired }).trim().min(1, K.nameRequired).max(200, K.nameTooLong);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, K.textTooLong)
    .nullish()
    .transform((v) => (v ? v : null));

export const formIdInput = z.object({ id });
export const formListInput = listInput.extend({ status: z.enum(FORM_STATUSES).optional() });
export type FormListInput = z.infer<typeof formListInput>;

export const formCreateInput = z.object({
  name,
  description: optionalText(2000),
  category: optionalText(100),
  /** a FormSchema (checked with parseFormSchema); the empty form when absent */
  schema: z.unknown().optional(),
});
export type FormCreateInput = z.infer<typeof formCreateInput>;

export const formUpdateInput = z.object({
  id,
  name: name.optional(),
  description: optionalText(2000).optional(),
  category: optionalText(100).optional(),
  schema: z.unknown().optional(),
  isPublic: z.boolean().optional(),
  maxSubmissions: wholeNumber(1, MAX_SUBMISSIONS_LIMIT, K.maxSubmissions).nullable().optional(),
  closedMessage: optionalText(2000).optional(),
});
export type FormUpdateInput = z.infer<typeof formUpdateInput>;

const rights = {
  canView: z.boolean(),
  canSubmit: z.boolean(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  canManageSubmissions: z.boolean(),
};
export const formPermissionsInput = z.object({ formId: id });
export const formSetPermissionsInput = z.object({
  formId: id,
  permissions: z.array(z.object({ role: z.enum(FORM_PERMISSION_ROLES), ...rights })).max(FORM_PERMISSION_ROLES.length),
});
export type FormSetPermissionsInput = z.infer<typeof formSetPermissionsInput>;

export const submitInput = z.object({ formId: id, answers: z.record(z.string(), z.unknown()) });
export const submissionListInput = listInput.extend({ formId: id, status: z.enum(SUBMISSION_STATUSES).optional() });
export type SubmissionListInput = z.infer<typeof submissionListInput>;
export const submissionIdInput = z.object({ id });
export const submissionStatusInput = z.object({ id, status: z.enum(SUBMISSION_STATUSES) });

/** formSubmission.export: the submissions the list shows (same search and status), as CSV or Excel. */
export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
export const submissionExportInput = z.object({
  formId: id,
  format: z.enum(EXPORT_FORMATS),
  search: z.string().trim().max(200).optional(),
  status: z.enum(SUBMISSION_STATUSES).optional(),
});
export type SubmissionExportInput = z.infer<typeof submissionExportInput>;

/** formSubmission.report: business dates (America/Santo_Domingo), both optional and inclusive. */
export const submissionReportInput = z
  .object({ formId: id, from: calendarDate().optional(), to: calendarDate().optional() })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: "formScreens:errors.dateRange", path: ["to"] });
export type SubmissionReportInput = z.infer<typeof submissionReportInput>;
