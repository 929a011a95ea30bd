import { createWriteStream } from "node:fs";
import { mkdir, unlink } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import multipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { translate } from "../../../shared/i18n/translate";
import { extensionOf, UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES } from "../../../shared/platform/uploads";
import type { AppDeps } from "../../app";
import { withTenant } from "../../db/client";
import { newId } from "../../ids";
import { readSessionUser } from "../auth/service";
import { resolveTenantFromHost } from "../tenant/service";

const lang = (req: FastifyRequest) => (String(req.headers["x-locale"] ?? req.headers["accept-language"] ?? "es").startsWith("en") ? "en" : "es");

/**
 * POST /api/upload?filename=… (multipart field "file") stores a file for the signed-in user's
 * tenant under UPLOAD_DIR/{tenantId}/ and answers {url}. Served back from /uploads/.
 */
export async function uploadRoutes(app: FastifyInstance, deps: AppDeps) {
  const root = path.resolve(deps.config.uploadDir);
  await mkdir(root, { recursive: true });
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
  await app.register(fastifyStatic, { root, prefix: "/uploads/", decorateReply: false, index: false });

  app.post("/api/upload", async (req, reply) => {
    const tenant = await resolveTenantFromHost(deps, req.headers.host);
    if (!tenant || tenant.status === "suspended") return reply.status(404).send({ message: translate(lang(req), "errors:tenantNotFound") });
    const user = await withTenant(deps.db, tenant.id, (tx) => readSessionUser(tx, deps, req, tenant.id));
    if (!user) return reply.status(401).send({ message: "User not authenticated" });
    if (!req.isMultipart()) return reply.status(400).send({ message: translate(lang(req), "errors:uploadMissing") });
    const file = await req.file();
    if (!file) return reply.status(400).send({ message: translate(lang(req), "errors:uploadMissing") });
    const name = String((req.query as { filename?: string }).filename ?? file.filename ?? "");
    const ext = extensionOf(name);
    if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(ext)) {
      file.file.resume();
      return reply.status(400).send({ message: translate(lang(req), "errors:uploadType", { types: UPLOAD_EXTENSIONS.join(", ") }) });
    }
    const dir = path.join(root, tenant.id);
    await mkdir(dir, { recursive: true });
    const stored = `${newId()}${ext}`;
    const target = path.join(dir, stored);
    await pipeline(file.file, createWriteStream(target));
    if (file.file.truncated) {
      await unlink(target);
      return reply.status(413).send({ message: translate(lang(req), "errors:uploadTooLarge", { mb: UPLOAD_MAX_BYTES / 1_048_576 }) });
    }
    return { url: `/uploads/${tenant.id}/${stored}` };
  });
}
