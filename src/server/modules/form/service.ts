import { TRPCError } from "@trpc/server";
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { type Message, validateSubmission } from "../../../shared/forms/rules";
import { emptyForm, type FormSchema, parseFormSchema, slugOf } from "../../../shared/forms/schema";
import { translate } from "../../../shared/i18n/translate";
import { COUNT_CAP, likePattern, offsetOf, pageOf, searchCountLimit, searchPageOf } from "../../../shared/platform/pagination";
import type { Tx } from "../../db/client";
import { newId } from "../../ids";
import { appError, notFound } from "../../trpc/errors";
import type { SessionUser } from "../auth/service";
import { users } from "../auth/tables";
import { verifiedFileAnswers } from "../upload/form-files";
import type { UploadStorage } from "../upload/storage";
import { FORM_PERMISSION_ROLES, type FormCreateInput, type FormListInput, type FormSetPermissionsInput, type FormUpdateInput, type SubmissionListInput, type SubmissionStatus } from "./inputs";
import { notifySubmission } from "./notify";
import { formPermissions, formSubmissions, forms, formVersions } from "./tables";

export const E = {
  archived: "forms:errors.archived",
  notPublished: "forms:errors.notPublished",
  closed: "forms:errors.formClosed",
  invalidAnswers: "forms:errors.invalidAnswers",
  forgedAnswers: "forms:errors.forgedAnswers",
  forbidden: "forms:errors.forbidden",
  copyOf: "forms:defaults.copyOf",
} as const;

// ---------------------------------------------------------------------------------------------
// Per-form rights
// ---------------------------------------------------------------------------------------------

export type FormRight = "canView" | "canSubmit" | "canEdit" | "canDelete" | "canManageSubmissions";
type Rights = Record<FormRight, boolean>;
const ALL_RIGHTS: Rights = { canView: true, canSubmit: true, canEdit: true, canDelete: true, canManageSubmissions: true };

/** A role without a row of its own keeps every right its module permissions give it. */
async function rightsOf(tx: Tx, tenantId: string, formId: string, user: Pick<SessionUser, "role" | "isOwner">): Promise<Rights> {
  if (user.isOwner || user.role === "owner") return ALL_RIGHTS;
  const [row] = await tx
    .select({ canView: formPermissions.canView, canSubmit: formPermissions.canSubmit, canEdit: formPermissions.canEdit, canDelete: formPermissions.canDelete, canManageSubmissions: formPermissions.canManageSubmissions })
    .from(formPermissions)
    .where(and(eq(formPermissions.tenantId, tenantId), eq(formPermissions.formId, formId), eq(formPermissions.role, user.role)))
    .limit(1);
  return row ?? ALL_RIGHTS;
}

/** FORBIDDEN when the form's own permissions take this right from the user's role (the module permission is checked by the procedure). */
export async function assertFormRight(tx: Tx, tenantId: string, formId: string, user: Pick<SessionUser, "role" | "isOwner">, right: FormRight) {
  const rights = await rightsOf(tx, tenantId, formId, user);
  if (!rights[right]) throw appError("FORBIDDEN", E.forbidden);
}

/** The form must be the tenant's (NOT_FOUND otherwise) and the user's role must hold `right` on it (FORBIDDEN). */
export async function requireFormRight(tx: Tx, tenantId: string, formId: string, user: Pick<SessionUser, "role" | "isOwner">, right: FormRight) {
  await getForm(tx, tenantId, formId);
  await assertFormRight(tx, tenantId, formId, user, right);
}

// ---------------------------------------------------------------------------------------------
// Forms
// ---------------------------------------------------------------------------------------------

const formColumns = {
  id: forms.id,
  name: forms.name,
  slug: forms.slug,
  description: forms.description,
  category: forms.category,
  status: forms.status,
  isPublic: forms.isPublic,
  maxSubmissions: forms.maxSubmissions,
  closedMessage: forms.closedMessage,
  publishedVersionId: forms.publishedVersionId,
  submissionCount: forms.submissionCount,
  createdAt: forms.createdAt,
  updatedAt: forms.updatedAt,
};

const fieldCount = sql<number>`(select coalesce(sum(jsonb_array_length(coalesce(g->'fields', '[]'::jsonb))), 0)::int from jsonb_array_elements(coalesce(${forms.schema}->'groups', '[]'::jsonb)) g)`;
// The outer row's columns are written qualified: drizzle renders a column of a one-table select unqualified, which inside the subquery would name its own table.
const latestVersion = sql<number | null>`(select max(v.version) from ${formVersions} v where v.tenant_id = "forms"."tenant_id" and v.form_id = "forms"."id")`;

/** The draft as the shared schema accepts it, else BAD_REQUEST with its message ('Invalid form schema structure', …). */
function checkedSchema(data: unknown): FormSchema {
  const parsed = parseFormSchema(data);
  if (!parsed.ok) throw appError("BAD_REQUEST", parsed.message);
  return parsed.schema;
}

async function formRow(tx: Tx, tenantId: string, id: string, lock = false) {
  const query = tx
    .select({ ...formColumns, schema: forms.schema })
    .from(forms)
    .where(and(eq(forms.tenantId, tenantId), eq(forms.id, id)))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound();
  return row;
}

/** The list: newest change first; search on name, slug, description and category; roles a form hides itself from do not see it. */
export async function findForms(tx: Tx, tenantId: string, user: Pick<SessionUser, "role" | "isOwner">, input: FormListInput) {
  const filters: (SQL | undefined)[] = [eq(forms.tenantId, tenantId)];
  if (input.search) {
    const pattern = likePattern(input.search);
    filters.push(or(ilike(forms.name, pattern), ilike(forms.slug, pattern), ilike(forms.description, pattern), ilike(forms.category, pattern)));
  }
  if (input.status) filters.push(eq(forms.status, input.status));
  if (!(user.isOwner || user.role === "owner")) {
    filters.push(
      sql`not exists (select 1 from ${formPermissions} p where p.tenant_id = "forms"."tenant_id" and p.form_id = "forms"."id" and p.role = ${user.role} and not p.can_view)`,
    );
  }
  const where = and(...filters);
  const [total] = await tx.select({ n: count() }).from(forms).where(where);
  const rows = await tx
    .select({ ...formColumns, fieldCount, latestVersion })
    .from(forms)
    .where(where)
    .orderBy(desc(forms.updatedAt), asc(forms.id))
    .limit(input.pageSize)
    .offset(offsetOf(input.page, input.pageSize));
  return pageOf(rows, total?.n ?? 0, input.page, input.pageSize);
}

/** One form with its draft schema, the latest published version's number and when it was published. */
export async function getForm(tx: Tx, tenantId: string, id: string) {
  const row = await formRow(tx, tenantId, id);
  const [latest] = await tx
    .select({ version: formVersions.version, publishedAt: formVersions.publishedAt })
    .from(formVersions)
    .where(and(eq(formVersions.tenantId, tenantId), eq(formVersions.formId, id)))
    .orderBy(desc(formVersions.version))
    .limit(1);
  return { ...row, schema: row.schema as FormSchema, latestVersion: latest?.version ?? null, publishedAt: latest?.publishedAt ?? null };
}

/**
 * What a signed-in user fills at /home/forms/:id/fill: the PUBLISHED version's schema (never the
 * draft), and whether the form is full (then its closed message). A draft or archived form is a 400.
 */
export async function getFillableForm(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select({ id: forms.id, name: forms.name, description: forms.description, status: forms.status, maxSubmissions: forms.maxSubmissions, submissionCount: forms.submissionCount, closedMessage: forms.closedMessage, version: formVersions.version, schema: formVersions.schema })
    .from(forms)
    .leftJoin(formVersions, and(eq(formVersions.tenantId, forms.tenantId), eq(formVersions.id, forms.publishedVersionId)))
    .where(and(eq(forms.tenantId, tenantId), eq(forms.id, id)))
    .limit(1);
  if (!row) throw notFound();
  if (row.status !== "published" || !row.schema || row.version === null) throw appError("BAD_REQUEST", E.notPublished);
  const closed = row.maxSubmissions !== null && row.submissionCount >= row.maxSubmissions;
  return { id: row.id, name: row.name, description: row.description, version: row.version, schema: row.schema as FormSchema, closed, closedMessage: closed ? row.closedMessage : null };
}

/** slugOf(name), then name-2, name-3 … until one is free in the tenant. */
async function freeSlug(tx: Tx, tenantId: string, name: string): Promise<string> {
  const base = slugOf(name);
  const taken = await tx
    .select({ slug: forms.slug })
    .from(forms)
    .where(and(eq(forms.tenantId, tenantId), or(eq(forms.slug, base), sql`${forms.slug} ~ ${`^${base.replace(/[^a-z0-9-]/g, "")}-[0-9]+$`}`)));
  const used = new Set(taken.map((r) => r.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

async function insertForm(tx: Tx, tenantId: string, userId: string, values: { name: string; description: string | null; category: string | null; schema: FormSchema }) {
  const id = newId();
  // A concurrent create may take the slug first: the unique index refuses it and the next number is tried.
  for (let attempt = 0; attempt < 5; attempt++) {
    const slug = await freeSlug(tx, tenantId, values.name);
    const inserted = await tx
      .insert(forms)
      .values({ tenantId, id, ...values, slug, status: "draft", createdBy: userId, updatedBy: userId })
      .onConflictDoNothing()
      .returning({ id: forms.id });
    if (inserted.length > 0) return getForm(tx, tenantId, id);
  }
  throw appError("CONFLICT", "forms:errors.slugTaken");
}

export async function createForm(tx: Tx, tenantId: string, userId: string, input: FormCreateInput) {
  const schema = input.schema === undefined ? emptyForm(input.name) : checkedSchema(input.schema);
  return insertForm(tx, tenantId, userId, { name: input.name, description: input.description, category: input.category, schema });
}

/** Saves the draft and the settings; the slug stays the one the form was created with (published links keep working). */
export async function updateForm(tx: Tx, tenantId: string, userId: string, input: FormUpdateInput) {
  const row = await formRow(tx, tenantId, input.id, true);
  if (row.status === "archived") throw appError("BAD_REQUEST", E.archived);
  const patch: Partial<typeof forms.$inferInsert> = { updatedBy: userId, updatedAt: new Date() };
  if (input.name !== undefined) patch.name = input.name;
  if (input.description !== undefined) patch.description = input.description;
  if (input.category !== undefined) patch.category = input.category;
  if (input.schema !== undefined) patch.schema = checkedSchema(input.schema);
  if (input.isPublic !== undefined) patch.isPublic = input.isPublic;
  if (input.maxSubmissions !== undefined) patch.maxSubmissions = input.maxSubmissions;
  if (input.closedMessage !== undefined) patch.closedMessage = input.closedMessage;
  await tx
    .update(forms)
    .set(patch)
    .where(and(eq(forms.tenantId, tenantId), eq(forms.id, input.id)));
  return getForm(tx, tenantId, input.id);
}

/** Stores the draft as version n+1 (immutable) and makes it the one submissions answer. */
export async function publishForm(tx: Tx, tenantId: string, userId: string, id: string) {
  const row = await formRow(tx, tenantId, id, true);
  if (row.status === "archived") throw appError("BAD_REQUEST", E.archived);
  const schema = checkedSchema(row.schema);
  const [last] = await tx
    .select({ version: sql<number>`coalesce(max(${formVersions.version}), 0)::int` })
    .from(formVersions)
    .where(and(eq(formVersions.tenantId, tenantId), eq(formVersions.formId, id)));
  const versionId = newId();
  await tx.insert(formVersions).values({ tenantId, id: versionId, formId: id, version: (last?.version ?? 0) + 1, schema, publishedBy: userId });
  await tx
    .update(forms)
    .set({ status: "published", publishedVersionId: versionId, updatedBy: userId, updatedAt: new Date() })
    .where(and(eq(forms.tenantId, tenantId), eq(forms.id, id)));
  return getForm(tx, tenantId, id);
}

/** Delete in the list: a form is a business document and is archived, never removed; it takes no more submissions. */
export async function archiveForm(tx: Tx, tenantId: string, userId: string, id: string) {
  await formRow(tx, tenantId, id, true);
  await tx
    .update(forms)
    .set({ status: "archived", updatedBy: userId, updatedAt: new Date() })
    .where(and(eq(forms.tenantId, tenantId), eq(forms.id, id)));
  return getForm(tx, tenantId, id);
}

/** A new draft with the draft schema, named 'Copia de {name}' (in the user's language) and its own slug. */
export async function duplicateForm(tx: Tx, tenantId: string, userId: string, id: string, lang: string) {
  const row = await formRow(tx, tenantId, id);
  const name = translate(lang, E.copyOf, { name: row.name }).slice(0, 200);
  const schema = checkedSchema(row.schema);
  return insertForm(tx, tenantId, userId, { name, description: row.description, category: row.category, schema: { ...schema, metadata: { ...schema.metadata, name } } });
}

/** Each role's rights on the form: its own row, or every right (custom false) when it has none. */
export async function getFormPermissions(tx: Tx, tenantId: string, formId: string) {
  await formRow(tx, tenantId, formId);
  const rows = await tx
    .select({ role: formPermissions.role, canView: formPermissions.canView, canSubmit: formPermissions.canSubmit, canEdit: formPermissions.canEdit, canDelete: formPermissions.canDelete, canManageSubmissions: formPermissions.canManageSubmissions })
    .from(formPermissions)
    .where(and(eq(formPermissions.tenantId, tenantId), eq(formPermissions.formId, formId)));
  return FORM_PERMISSION_ROLES.map((role) => {
    const row = rows.find((r) => r.role === role);
    return row ? { ...row, role, custom: true } : { role, ...ALL_RIGHTS, custom: false };
  });
}

export async function setFormPermissions(tx: Tx, tenantId: string, input: FormSetPermissionsInput) {
  await formRow(tx, tenantId, input.formId, true);
  for (const p of input.permissions) {
    const rights = { canView: p.canView, canSubmit: p.canSubmit, canEdit: p.canEdit, canDelete: p.canDelete, canManageSubmissions: p.canManageSubmissions };
    await tx
      .insert(formPermissions)
      .values({ tenantId, id: newId(), formId: input.formId, role: p.role, ...rights })
      .onConflictDoUpdate({ target: [formPermissions.tenantId, formPermissions.formId, formPermissions.role], set: rights });
  }
  return getFormPermissions(tx, tenantId, input.formId);
}

// ---------------------------------------------------------------------------------------------
// Submissions
// ---------------------------------------------------------------------------------------------

const messageText = (lang: string, m: Message) => m.text ?? translate(lang, m.key, m.params);

/** A full form: its own closed message as written, else forms:errors.formClosed. */
const closedError = (message: string | null) => (message ? new TRPCError({ code: "BAD_REQUEST", message }) : appError("BAD_REQUEST", E.closed));

/** `storage`: where the tenant's uploads are, to prove the file answers (null where none can be given: seeding, benches). */
export type SubmitInput = { formId: string; answers: unknown; submittedBy: string | null; submitterIp: string | null; lang: string; storage: UploadStorage | null };

/**
 * Checks the answers against the PUBLISHED version with the shared rules and stores the
 * normalised values. For signed-in users (submittedBy) and, later, the public path (null and an IP).
 * 400s: not published (or archived), field errors ('{key}: {message}' for each, in the user's
 * language), an answer the form would not take (a hidden or unknown field, a forged default), or
 * the form full (its closed message). Nothing is stored then: the procedure's transaction rolls back.
 */
export async function submitForm(tx: Tx, tenantId: string, input: SubmitInput) {
  const [form] = await tx
    .select({ status: forms.status, publishedVersionId: forms.publishedVersionId, submissionCount: forms.submissionCount, maxSubmissions: forms.maxSubmissions, closedMessage: forms.closedMessage })
    .from(forms)
    .where(and(eq(forms.tenantId, tenantId), eq(forms.id, input.formId)))
    .limit(1);
  if (!form) throw notFound();
  if (form.status !== "published" || !form.publishedVersionId) throw appError("BAD_REQUEST", E.notPublished);
  // A full form says so before the answers are checked (the UPDATE below decides a race for the last slot).
  if (form.maxSubmissions !== null && form.submissionCount >= form.maxSubmissions) throw closedError(form.closedMessage);
  const [version] = await tx
    .select({ schema: formVersions.schema })
    .from(formVersions)
    .where(and(eq(formVersions.tenantId, tenantId), eq(formVersions.id, form.publishedVersionId)))
    .limit(1);
  if (!version) throw notFound();
  // File answers must be this tenant's stored uploads: their size and type come from storage, not the browser.
  const checked = await verifiedFileAnswers(input.storage, tenantId, version.schema as FormSchema, input.answers);
  const result = validateSubmission(version.schema as FormSchema, checked.answers, checked.files);
  if (!result.ok) {
    const details = Object.entries(result.errors).map(([key, m]) => `${key}: ${messageText(input.lang, m)}`);
    throw appError("BAD_REQUEST", E.invalidAnswers, { details: details.join("; ") });
  }
  if (result.ignored.length > 0) throw appError("BAD_REQUEST", E.forgedAnswers, { fields: result.ignored.join(", ") });
  // One statement takes the slot: a second submit at the last slot waits for this row and then finds it full.
  const [slot] = await tx
    .update(forms)
    .set({ submissionCount: sql`${forms.submissionCount} + 1` })
    .where(and(eq(forms.tenantId, tenantId), eq(forms.id, input.formId), eq(forms.status, "published"), sql`(${forms.maxSubmissions} is null or ${forms.submissionCount} < ${forms.maxSubmissions})`))
    .returning({ number: forms.submissionCount });
  if (!slot) {
    const [closed] = await tx
      .select({ message: forms.closedMessage })
      .from(forms)
      .where(and(eq(forms.tenantId, tenantId), eq(forms.id, input.formId)));
    throw closedError(closed?.message ?? null);
  }
  const id = newId();
  await tx.insert(formSubmissions).values({
    tenantId,
    id,
    formId: input.formId,
    versionId: form.publishedVersionId,
    number: slot.number,
    data: result.values,
    submittedBy: input.submittedBy,
    submitterIp: input.submitterIp,
  });
  await notifySubmission(tx, tenantId, { id, formId: input.formId, number: slot.number, schema: version.schema as FormSchema, data: result.values });
  return { id, number: slot.number };
}

const submitter = sql<string | null>`(select u.name from ${users} u where u.tenant_id = "form_submissions"."tenant_id" and u.id = "form_submissions"."submitted_by")`;
const changer = sql<string | null>`(select u.name from ${users} u where u.tenant_id = "form_submissions"."tenant_id" and u.id = "form_submissions"."status_changed_by")`;

const submissionColumns = {
  id: formSubmissions.id,
  formId: formSubmissions.formId,
  versionId: formSubmissions.versionId,
  version: formVersions.version,
  number: formSubmissions.number,
  data: formSubmissions.data,
  status: formSubmissions.status,
  statusChangedBy: formSubmissions.statusChangedBy,
  statusChangedByName: changer,
  statusChangedAt: formSubmissions.statusChangedAt,
  submittedBy: formSubmissions.submittedBy,
  submittedByName: submitter,
  submitterIp: formSubmissions.submitterIp,
  createdAt: formSubmissions.createdAt,
};

/** A form's submissions, newest first; search on the number and the answers' text; filter by status. */
export async function findSubmissions(tx: Tx, tenantId: string, input: SubmissionListInput) {
  await formRow(tx, tenantId, input.formId);
  const filters: (SQL | undefined)[] = [eq(formSubmissions.tenantId, tenantId), eq(formSubmissions.formId, input.formId)];
  // A search counts its matches up to the end of the page or 50 ('más de 50'), as the product search does.
  const countLimit = input.search ? searchCountLimit(input.page, input.pageSize) : COUNT_CAP + 1;
  if (input.search) {
    const number = /^\d{1,9}$/.test(input.search) ? Number(input.search) : null;
    // The newest matches of the answers' text through the trigram index (migration 0044: ILIKE cannot use it under RLS).
    const matching = sql`select enzzo_form_submission_ids_matching(${input.formId}::uuid, ${likePattern(input.search)}, ${input.status ?? null}::text, ${countLimit}::int)`;
    // A number also finds that submission: one id more in the same list (an OR would make the planner read every row).
    const byNumber = number === null ? sql`` : sql` union select s.id from form_submissions s where s.tenant_id = ${tenantId} and s.form_id = ${input.formId} and s.number = ${number}`;
    filters.push(sql`${formSubmissions.id} in (${matching}${byNumber})`);
  }
  if (input.status) filters.push(eq(formSubmissions.status, input.status));
  const where = and(...filters);
  // The list shows at most COUNT_CAP as its total (pageOf), so no more are counted.
  const counted = tx.select({ one: sql`1`.as("one") }).from(formSubmissions).where(where).limit(countLimit).as("counted");
  const [total] = await tx.select({ n: count() }).from(counted);
  // The page's ids first, from the index alone; the columns, version and names only for those rows (page 500 skips 9,980 rows cheaply).
  const page = tx
    .select({ id: formSubmissions.id })
    .from(formSubmissions)
    .where(where)
    .orderBy(desc(formSubmissions.number))
    .limit(input.pageSize)
    .offset(offsetOf(input.page, input.pageSize))
    .as("page");
  const rows = await tx
    .select(submissionColumns)
    .from(page)
    .innerJoin(formSubmissions, and(eq(formSubmissions.tenantId, tenantId), eq(formSubmissions.id, page.id)))
    .innerJoin(formVersions, and(eq(formVersions.tenantId, formSubmissions.tenantId), eq(formVersions.id, formSubmissions.versionId)))
    .orderBy(desc(formSubmissions.number));
  return input.search ? searchPageOf(rows, total?.n ?? 0, input.page, input.pageSize) : pageOf(rows, total?.n ?? 0, input.page, input.pageSize);
}

/** One submission with the schema of the version it answered (its answers shown under those fields). */
export async function getSubmission(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select({ ...submissionColumns, schema: formVersions.schema, formName: forms.name })
    .from(formSubmissions)
    .innerJoin(formVersions, and(eq(formVersions.tenantId, formSubmissions.tenantId), eq(formVersions.id, formSubmissions.versionId)))
    .innerJoin(forms, and(eq(forms.tenantId, formSubmissions.tenantId), eq(forms.id, formSubmissions.formId)))
    .where(and(eq(formSubmissions.tenantId, tenantId), eq(formSubmissions.id, id)))
    .limit(1);
  if (!row) throw notFound();
  return { ...row, schema: row.schema as FormSchema };
}

/** The form a submission belongs to (for the per-form rights check), NOT_FOUND for another tenant's id. */
export async function submissionFormId(tx: Tx, tenantId: string, id: string): Promise<string> {
  const [row] = await tx
    .select({ formId: formSubmissions.formId })
    .from(formSubmissions)
    .where(and(eq(formSubmissions.tenantId, tenantId), eq(formSubmissions.id, id)))
    .limit(1);
  if (!row) throw notFound();
  return row.formId;
}

/** Approve or reject (or back to pending), recording who and when. */
export async function setSubmissionStatus(tx: Tx, tenantId: string, userId: string, id: string, status: SubmissionStatus) {
  await tx
    .update(formSubmissions)
    .set({ status, statusChangedBy: userId, statusChangedAt: new Date() })
    .where(and(eq(formSubmissions.tenantId, tenantId), eq(formSubmissions.id, id)));
  return getSubmission(tx, tenantId, id);
}
