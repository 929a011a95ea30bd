import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { FormSchema } from "../../../shared/forms/schema";
import type { Tx } from "../../db/client";
import { AttemptLimiter } from "../../trpc/attempt-limit";
import { appError } from "../../trpc/errors";
import { router, tenantProcedure } from "../../trpc/init";
import { appointmentPortals } from "../appointment/tables";
import { createStorage } from "../upload/storage";
import { submitForm } from "./service";
import { forms, formVersions } from "./tables";

/**
 * Public forms (issue 17 §3): a form that is published AND public answers on its tenant's host
 * without sign-in, at /f/{slug}. Anything else (a draft, a private or archived form, another
 * tenant's slug) is NOT_FOUND. Submissions and uploads are limited per client address and tenant.
 */

export const PUBLIC_FORM_MESSAGES = {
  tooManyRequests: "formRenderer:errors.tooManyRequests",
  notFound: "formRenderer:errors.formNotFound",
} as const;

/** FORMS_PUBLIC_RATE_LIMIT_MAX: public submissions (and, counted apart, uploads) per minute per client address and tenant; 30 by default. */
export const PUBLIC_FORM_RATE_LIMIT_DEFAULT = 30;
export const PUBLIC_FORM_RATE_WINDOW_MS = 60_000;

/** Read on each request so an operator's (or a test's) value applies without a restart of the module. */
export function publicFormRateLimitMax(): number {
  const n = Number(process.env.FORMS_PUBLIC_RATE_LIMIT_MAX);
  return Number.isInteger(n) && n > 0 ? n : PUBLIC_FORM_RATE_LIMIT_DEFAULT;
}

/** Counts one request of `key` and says whether it is over the limit (then it is not counted). */
export function overPublicLimit(limiter: AttemptLimiter, key: string): boolean {
  if (limiter.isBlocked(key, publicFormRateLimitMax())) return true;
  limiter.hit(key);
  return false;
}

const submissions = new AttemptLimiter(PUBLIC_FORM_RATE_WINDOW_MS);

export const publicSlugInput = z.object({ slug: z.string().trim().min(1, PUBLIC_FORM_MESSAGES.notFound).max(200, PUBLIC_FORM_MESSAGES.notFound) });
export const publicSubmitInput = publicSlugInput.extend({ answers: z.record(z.string(), z.unknown()) });

/** The tenant's form with this slug, if it is published and public. */
const publicFormWhere = (tenantId: string, slug: string) => and(eq(forms.tenantId, tenantId), eq(forms.slug, slug), eq(forms.status, "published"), eq(forms.isPublic, true));

/** The published public form of the tenant with this slug, with its published schema; null for anything else. */
export async function findPublicForm(tx: Tx, tenantId: string, slug: string) {
  const [row] = await tx
    .select({
      id: forms.id,
      name: forms.name,
      slug: forms.slug,
      description: forms.description,
      maxSubmissions: forms.maxSubmissions,
      submissionCount: forms.submissionCount,
      closedMessage: forms.closedMessage,
      schema: formVersions.schema,
    })
    .from(forms)
    .innerJoin(formVersions, and(eq(formVersions.tenantId, forms.tenantId), eq(formVersions.id, forms.publishedVersionId)))
    .where(publicFormWhere(tenantId, slug))
    .limit(1);
  return row ? { ...row, schema: row.schema as FormSchema } : null;
}

/** What a visitor may see of the settings: the notification recipients, subject and body stay in the back office. */
function publicSchema(schema: FormSchema): FormSchema {
  return { ...schema, settings: { ...schema.settings, emailNotifications: { enabled: schema.settings.emailNotifications.enabled, recipients: [], includeSubmissionData: false, attachPDF: false } } };
}

/** publicForm.get: the form as the visitor fills it, the business's name (and the booking portal's logo when it has one), and whether it is full. */
export async function getPublicForm(tx: Tx, tenant: { id: string; name: string }, slug: string) {
  const form = await findPublicForm(tx, tenant.id, slug);
  if (!form) throw appError("NOT_FOUND", PUBLIC_FORM_MESSAGES.notFound);
  const [portal] = await tx.select({ logoUrl: appointmentPortals.logoUrl }).from(appointmentPortals).where(eq(appointmentPortals.tenantId, tenant.id)).limit(1);
  const closed = form.maxSubmissions !== null && form.submissionCount >= form.maxSubmissions;
  return {
    slug: form.slug,
    name: form.name,
    // The form's description, else the one its schema carries (the designer's information card).
    description: form.description ?? form.schema.metadata.description ?? null,
    schema: publicSchema(form.schema),
    closed,
    closedMessage: closed ? form.closedMessage : null,
    company: { name: tenant.name, logoUrl: portal?.logoUrl ?? null },
  };
}

/**
 * publicForm.* (issue 17 §3): no session; the tenant comes from the host. submit stores an
 * anonymous submission (submittedBy null, the client address) through the same submitForm as
 * signed-in users, so every rule of the published version applies.
 */
export const publicFormRouter = router({
  /** {slug} → {slug, name, description, schema (published version), closed, closedMessage, company}; NOT_FOUND unless published and public. */
  get: tenantProcedure.input(publicSlugInput).query(({ ctx, input }) => getPublicForm(ctx.tx, ctx.tenant, input.slug)),
  /** {slug, answers} → {number}; 400 with each field's message and nothing stored; TOO_MANY_REQUESTS past FORMS_PUBLIC_RATE_LIMIT_MAX a minute. */
  submit: tenantProcedure.input(publicSubmitInput).mutation(async ({ ctx, input }) => {
    if (overPublicLimit(submissions, `${ctx.req.ip}|${ctx.tenant.id}`)) throw appError("TOO_MANY_REQUESTS", PUBLIC_FORM_MESSAGES.tooManyRequests);
    // Only the id: submitForm reads the form and its published version itself.
    const [form] = await ctx.tx.select({ id: forms.id }).from(forms).where(publicFormWhere(ctx.tenant.id, input.slug)).limit(1);
    if (!form) throw appError("NOT_FOUND", PUBLIC_FORM_MESSAGES.notFound);
    const saved = await submitForm(ctx.tx, ctx.tenant.id, { formId: form.id, answers: input.answers, submittedBy: null, submitterIp: ctx.req.ip ?? null, lang: ctx.lang, storage: createStorage(ctx.deps.config) });
    return { number: saved.number };
  }),
});
