import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { checkFile } from "../../../shared/forms/rules";
import { allFields, fileOptionsOf, isFileType } from "../../../shared/forms/schema";
import { languageOf, translate } from "../../../shared/i18n/translate";
import { UPLOAD_MAX_BYTES } from "../../../shared/platform/uploads";
import type { AppDeps } from "../../app";
import { withTenant } from "../../db/client";
import { AttemptLimiter } from "../../trpc/attempt-limit";
import { findPublicForm, overPublicLimit, PUBLIC_FORM_MESSAGES, PUBLIC_FORM_RATE_WINDOW_MS } from "../form/public";
import { resolveTenantFromHost } from "../tenant/service";
import { failUpload, receiveUpload, storeUpload } from "./routes";
import { contentTypeOf, createStorage } from "./storage";

const uploads = new AttemptLimiter(PUBLIC_FORM_RATE_WINDOW_MS);

/**
 * POST /api/upload/public-form?filename={name}&slug={slug} (spec 03 'Public forms … change the
 * upload endpoint'): no session. The slug must name a published public form of the host's tenant
 * with a file field that accepts the file (its size and format options); the same checks as
 * /api/upload (type, 5 MB, content); stored PRIVATE (private/{tenantId}/{uuid}{ext}), read back only
 * by the tenant's signed-in users through GET /api/files/{uuid}{ext}. Limited per client address
 * like public submissions (FORMS_PUBLIC_RATE_LIMIT_MAX a minute). Answers {url}.
 */
export async function publicFormUploadRoutes(app: FastifyInstance, deps: AppDeps) {
  const storage = createStorage(deps.config);
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES + 1, files: 1 } });
    scope.addContentTypeParser("*", (_req, payload, done) => done(null, payload));

    scope.post("/api/upload/public-form", async (req, reply) => {
      const lang = languageOf(req.headers);
      const tenant = await resolveTenantFromHost(deps, req.headers.host);
      if (!tenant || tenant.status === "suspended") return failUpload(req, reply, 404, "tenantNotFound");
      if (overPublicLimit(uploads, `${req.ip}|${tenant.id}`)) return reply.status(429).send({ message: translate(lang, PUBLIC_FORM_MESSAGES.tooManyRequests) });
      const slug = String((req.query as { slug?: string }).slug ?? "").slice(0, 200);
      const form = slug ? await withTenant(deps.db, tenant.id, (tx) => findPublicForm(tx, tenant.id, slug)) : null;
      const fileFields = form ? allFields(form.schema).filter((f) => isFileType(f.type)) : [];
      if (fileFields.length === 0) return reply.status(404).send({ message: translate(lang, PUBLIC_FORM_MESSAGES.notFound) });
      const file = await receiveUpload(req, reply);
      if (!file) return reply;
      // The form's own limits: at least one of its file fields must take this file.
      const facts = { name: file.filename, size: file.bytes.length, type: contentTypeOf(file.ext) };
      const refusals = fileFields.map((f) => checkFile(fileOptionsOf(f), facts));
      const refusal = refusals.every((m) => m !== null) ? refusals[0] : null;
      if (refusal) return reply.status(400).send({ message: translate(lang, refusal.key, refusal.params) });
      return storeUpload(req, reply, storage, tenant.id, file, true);
    });
  });
}
