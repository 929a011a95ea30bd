import path from "node:path";
import { Transform, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import multipart from "@fastify/multipart";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { DENTAL_MAX_FILE_BYTES } from "../../../../shared/dental/constants";
import { DENTAL_UPLOAD_EXTENSIONS, type DentalUpload, dentalFileName } from "../../../../shared/dental/files";
import type { DentalRight } from "../../../../shared/dental/permissions";
import { languageOf, translate } from "../../../../shared/i18n/translate";
import { isStorableText } from "../../../../shared/platform/text";
import { extensionOf, IMAGE_EXTENSIONS } from "../../../../shared/platform/uploads";
import type { AppDeps } from "../../../app";
import { type Tx, withTenant } from "../../../db/client";
import { newId } from "../../../ids";
import { readSessionUser, type SessionUser } from "../../auth/service";
import { resolveTenantFromHost } from "../../tenant/service";
import { bytesMatchExtension } from "../../upload/content";
import { contentTypeOf, createStorage, StorageError } from "../../upload/storage";
import { loadDentalRoleRights, rightsOf } from "../access";
import { dentalDocuments, dentalXrays } from "../tables";
import { dentalStorageKey } from "./storage";

class TooLarge extends Error {}

function fail(req: FastifyRequest, reply: FastifyReply, status: number, key: string, vars?: Record<string, unknown>) {
  return reply.status(status).send({ message: translate(languageOf(req.headers), `dentalFiles:errors.${key}`, vars) });
}

/** The signed-in user's rights in the dental module of the host's tenant, or the failure to answer. */
async function dentalCaller(deps: AppDeps, req: FastifyRequest, tx: Tx, tenantId: string): Promise<{ user: SessionUser; rights: DentalRight[] } | { status: 401 | 403 }> {
  const user = await readSessionUser(tx, deps, req, tenantId);
  if (!user) return { status: 401 };
  if (!user.modules.includes("dental") || (!user.isOwner && !user.permissions.includes("dental.access"))) return { status: 403 };
  return { user, rights: rightsOf(user, await loadDentalRoleRights(tx, tenantId)) };
}

/** The shown name of an uploaded file: its base name, without control characters, at most 200 characters. */
function cleanName(filename: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const base = path.basename(filename.replace(/\\/g, "/")).replace(/[\u0000-\u001f\u007f]/g, "").trim();
  const name = base.length > 200 ? base.slice(base.length - 200) : base;
  return isStorableText(name) && name ? name : "archivo";
}

/**
 * The dental module's private files (issue 18):
 * - POST /api/dental/upload: multipart field `file`; jpg, png, webp or pdf whose bytes are what the
 *   extension says; at most 10 MB ('El archivo es demasiado grande (máx. 10 MB)'); signed-in users
 *   of the host's tenant with the module's 'files' or 'clinical' right. Stored private under
 *   private/{tenantId}/dental/{uuid}{ext}. Answers { url, name, size, type }.
 * - GET /api/dental/files/{uuid}{ext}: the file, to the tenant's users with 'files' or 'clinical';
 *   the file of a confidential document, and any x-ray image, only with 'confidential' (404
 *   otherwise); another tenant's file is 404 (the key is built from the host's tenant).
 */
export async function dentalFileRoutes(app: FastifyInstance, deps: AppDeps) {
  const storage = createStorage(deps.config);

  app.get<{ Params: { name: string } }>("/api/dental/files/:name", async (req, reply) => {
    const tenant = await resolveTenantFromHost(deps, req.headers.host);
    if (!tenant || tenant.status === "suspended") return fail(req, reply, 404, "fileNotFound");
    const name = req.params.name.toLowerCase();
    const url = `/api/dental/files/${name}`;
    const verdict = await withTenant(deps.db, tenant.id, async (tx) => {
      const caller = await dentalCaller(deps, req, tx, tenant.id);
      if ("status" in caller) return caller.status;
      if (!caller.rights.includes("files") && !caller.rights.includes("clinical")) return 403;
      if (!dentalFileName(url)) return 404;
      if (caller.rights.includes("confidential")) return 200;
      const [doc] = await tx
        .select({ id: dentalDocuments.id })
        .from(dentalDocuments)
        .where(and(eq(dentalDocuments.tenantId, tenant.id), eq(dentalDocuments.fileUrl, url), eq(dentalDocuments.isConfidential, true)))
        .limit(1);
      if (doc) return 404;
      const [xray] = await tx
        .select({ id: dentalXrays.id })
        .from(dentalXrays)
        .where(and(eq(dentalXrays.tenantId, tenant.id), eq(dentalXrays.fileUrl, url)))
        .limit(1);
      return xray ? 404 : 200;
    });
    if (verdict === 401) return reply.status(401).send({ message: "User not authenticated" });
    if (verdict === 403) return fail(req, reply, 403, "noFileAccess");
    if (verdict === 404) return fail(req, reply, 404, "fileNotFound");
    let bytes: Buffer | null;
    try {
      bytes = await storage.get(dentalStorageKey(tenant.id, name));
    } catch (e) {
      if (!(e instanceof StorageError)) throw e;
      req.log.error({ storage: storage.kind, reason: e.message }, "dental file could not be read");
      return fail(req, reply, 502, "fileNotFound");
    }
    if (!bytes) return fail(req, reply, 404, "fileNotFound");
    const ext = extensionOf(name);
    reply
      .type(contentTypeOf(ext))
      .header("cache-control", "private, no-store")
      .header("x-content-type-options", "nosniff")
      .header("content-security-policy", "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
    // A PDF is a download (the sandboxing CSP would keep the browser's viewer from showing it).
    if (!(IMAGE_EXTENSIONS as readonly string[]).includes(ext)) reply.header("content-disposition", `attachment; filename="${name}"`);
    return reply.send(bytes);
  });

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: DENTAL_MAX_FILE_BYTES + 1, files: 1 } });

    scope.post("/api/dental/upload", async (req, reply) => {
      const tenant = await resolveTenantFromHost(deps, req.headers.host);
      if (!tenant || tenant.status === "suspended") return fail(req, reply, 404, "fileNotFound");
      const caller = await withTenant(deps.db, tenant.id, (tx) => dentalCaller(deps, req, tx, tenant.id));
      if ("status" in caller) {
        if (caller.status === 401) return reply.status(401).send({ message: "User not authenticated" });
        return fail(req, reply, 403, "noFileAccess");
      }
      if (!caller.rights.includes("files") && !caller.rights.includes("clinical")) return fail(req, reply, 403, "noFileAccess");
      if (!req.isMultipart()) return fail(req, reply, 400, "uploadMissing");
      const file = await req.file();
      if (!file) return fail(req, reply, 400, "uploadMissing");
      const filename = cleanName(file.filename ?? "");
      const ext = extensionOf(filename);
      if (!(DENTAL_UPLOAD_EXTENSIONS as readonly string[]).includes(ext)) {
        file.file.resume();
        return fail(req, reply, 400, "uploadType");
      }
      const chunks: Buffer[] = [];
      let seen = 0;
      try {
        await pipeline(
          file.file,
          new Transform({
            transform(chunk: Buffer, _enc, done) {
              seen += chunk.length;
              done(seen > DENTAL_MAX_FILE_BYTES ? new TooLarge() : null, chunk);
            },
          }),
          new Writable({
            write(chunk: Buffer, _enc, done) {
              chunks.push(chunk);
              done();
            },
          }),
        );
      } catch (e) {
        file.file.resume();
        if (e instanceof TooLarge) return fail(req, reply, 413, "fileTooLarge");
        req.log.warn({ err: e }, "dental upload body could not be read");
        return fail(req, reply, 400, "uploadBroken");
      }
      // The multipart limit cuts the stream one byte past the maximum: that is too large too.
      if (file.file.truncated) return fail(req, reply, 413, "fileTooLarge");
      const bytes = Buffer.concat(chunks);
      if (bytes.length === 0) return fail(req, reply, 400, "uploadEmpty");
      if (!bytesMatchExtension(ext === ".jpeg" ? ".jpg" : ext, bytes)) return fail(req, reply, 400, "uploadContentMismatch", { ext });
      const stored = `${newId()}${ext}`;
      try {
        await storage.put(dentalStorageKey(tenant.id, stored), bytes, contentTypeOf(ext));
      } catch (e) {
        if (!(e instanceof StorageError)) throw e;
        req.log.error({ storage: storage.kind, reason: e.message }, "dental upload could not be stored");
        return fail(req, reply, e.status, "uploadFailed");
      }
      const answer: DentalUpload = { url: `/api/dental/files/${stored}`, name: filename, size: bytes.length, type: contentTypeOf(ext) };
      return answer;
    });
  });
}
