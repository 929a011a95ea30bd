import { mkdir } from "node:fs/promises";
import path from "node:path";
import { type Readable, Transform, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import multipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { languageOf, translate } from "../../../shared/i18n/translate";
import { extensionOf, IMAGE_EXTENSIONS, UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES } from "../../../shared/platform/uploads";
import type { AppDeps } from "../../app";
import { withTenant } from "../../db/client";
import { newId } from "../../ids";
import { readSessionUser } from "../auth/service";
import { storeMediaUpload } from "../ecommerce/content/media-upload";
import { resolveTenantFromHost } from "../tenant/service";
import { bytesMatchExtension } from "./content";
import { contentTypeOf, createStorage, PRIVATE_PREFIX, StorageError, type UploadStorage } from "./storage";

const lang = (req: FastifyRequest) => languageOf(req.headers);

class TooLarge extends Error {}

/** Counts bytes on the way through and fails past the limit. */
function limit(max: number) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      done(seen > max ? new TooLarge() : null, chunk);
    },
  });
}

/** Collects a stream into one Buffer. */
function collect(chunks: Buffer[]) {
  return new Writable({
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk);
      done();
    },
  });
}

/** Answers an upload's failure with its translated message (a key of the errors namespace). */
export function failUpload(req: FastifyRequest, reply: FastifyReply, status: number, key: string, vars?: Record<string, unknown>) {
  return reply.status(status).send({ message: translate(lang(req), `errors:${key}`, vars) });
}

/** A received upload: its bytes, its name and the extension the name gives. */
export type ReceivedUpload = { bytes: Buffer; ext: string; filename: string };

/**
 * Reads the file of an upload request (the raw body, or a multipart field "file") named by
 * ?filename=: an accepted extension, at most UPLOAD_MAX_BYTES, not empty, and bytes that are what
 * the extension claims. On failure it answers the request itself and returns null.
 */
export async function receiveUpload(req: FastifyRequest, reply: FastifyReply): Promise<ReceivedUpload | null> {
  let source: Readable | undefined;
  let filename = String((req.query as { filename?: string }).filename ?? "");
  if (req.isMultipart()) {
    const file = await req.file();
    source = file?.file;
    filename ||= file?.filename ?? "";
  } else {
    source = req.body as Readable | undefined;
  }
  if (!source || typeof source.pipe !== "function") {
    failUpload(req, reply, 400, "uploadMissing");
    return null;
  }
  const ext = extensionOf(filename);
  if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(ext)) {
    source.resume();
    failUpload(req, reply, 400, "uploadType", { types: UPLOAD_EXTENSIONS.join(", ") });
    return null;
  }
  const chunks: Buffer[] = [];
  try {
    await pipeline(source, limit(UPLOAD_MAX_BYTES), collect(chunks));
  } catch (e) {
    if (e instanceof TooLarge) {
      source.resume();
      failUpload(req, reply, 413, "uploadTooLarge", { mb: UPLOAD_MAX_BYTES / 1_048_576 });
      return null;
    }
    // A body cut short (a truncated multipart, a dropped connection) is the client's problem, not a 500.
    req.log.warn({ err: e }, "upload body could not be read");
    failUpload(req, reply, 400, "uploadBroken");
    return null;
  }
  const bytes = Buffer.concat(chunks);
  if (bytes.length === 0) {
    failUpload(req, reply, 400, "uploadEmpty");
    return null;
  }
  if (!bytesMatchExtension(ext, bytes)) {
    failUpload(req, reply, 400, "uploadContentMismatch", { ext });
    return null;
  }
  return { bytes, ext, filename };
}

/**
 * Stores a received file under {tenantId}/{uuid}{ext}, or private/{tenantId}/{uuid}{ext} (read
 * back only through GET /api/files/{uuid}{ext}), and answers {url}.
 */
export async function storeUpload(req: FastifyRequest, reply: FastifyReply, storage: UploadStorage, tenantId: string, file: ReceivedUpload, isPrivate: boolean) {
  const name = `${newId()}${file.ext}`;
  const key = isPrivate ? `${PRIVATE_PREFIX}/${tenantId}/${name}` : `${tenantId}/${name}`;
  try {
    const url = await storage.put(key, file.bytes, contentTypeOf(file.ext));
    return { url: isPrivate ? `/api/files/${name}` : url };
  } catch (e) {
    if (!(e instanceof StorageError)) throw e;
    req.log.error({ storage: storage.kind, key, reason: e.message }, "upload could not be stored");
    return failUpload(req, reply, e.status, "uploadStoreFailed");
  }
}

/**
 * POST /api/upload?filename=products/{timestamp}-{name}: the raw file body (or a multipart
 * field "file") is stored for the signed-in user's tenant under the key {tenantId}/{uuid}{ext},
 * in S3-compatible storage when S3_* is configured, else in UPLOAD_DIR (served back from
 * /uploads/), and the answer is {url}.
 */
export async function uploadRoutes(app: FastifyInstance, deps: AppDeps) {
  const storage = createStorage(deps.config);
  // UPLOAD_DIR is served in both modes: files stored before a switch to S3 keep loading.
  const root = path.resolve(deps.config.uploadDir);
  await mkdir(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: "/uploads/",
    decorateReply: false,
    index: false,
    // Served inert: never run as a page, and anything that is not an image is a download.
    setHeaders(res, filePath) {
      res.header("x-content-type-options", "nosniff");
      res.header("content-security-policy", "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
      if (!(IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(filePath))) res.header("content-disposition", "attachment");
    },
  });

  // Private files are never served statically, whatever the storage.
  app.addHook("onRequest", async (req, reply) => {
    if (req.url.toLowerCase().startsWith(`/uploads/${PRIVATE_PREFIX}/`)) return reply.status(404).send({ message: "Not found" });
  });

  /** GET /api/files/{uuid}{ext}: a private file of the host's tenant, to its signed-in users only. */
  app.get<{ Params: { name: string } }>("/api/files/:name", async (req, reply) => {
    const tenant = await resolveTenantFromHost(deps, req.headers.host);
    if (!tenant) return reply.status(404).send({ message: translate(lang(req), "errors:tenantNotFound") });
    const user = await withTenant(deps.db, tenant.id, (tx) => readSessionUser(tx, deps, req, tenant.id));
    if (!user) return reply.status(401).send({ message: "User not authenticated" });
    const name = req.params.name.toLowerCase();
    const ext = extensionOf(name);
    if (!/^[0-9a-f-]{36}\.[a-z]+$/.test(name) || !(UPLOAD_EXTENSIONS as readonly string[]).includes(ext)) return reply.status(404).send({ message: "Not found" });
    const bytes = await storage.get(`${PRIVATE_PREFIX}/${tenant.id}/${name}`);
    if (!bytes) return reply.status(404).send({ message: "Not found" });
    reply
      .type(contentTypeOf(ext))
      .header("cache-control", "private, no-store")
      .header("x-content-type-options", "nosniff")
      .header("content-security-policy", "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
    if (!(IMAGE_EXTENSIONS as readonly string[]).includes(ext)) reply.header("content-disposition", "attachment");
    return reply.send(bytes);
  });

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES + 1, files: 1 } });
    // Any other content type arrives as a stream: the raw file.
    scope.addContentTypeParser("*", (_req, payload, done) => done(null, payload));

    scope.post("/api/upload", async (req, reply) => {
      const tenant = await resolveTenantFromHost(deps, req.headers.host);
      if (!tenant || tenant.status === "suspended") return failUpload(req, reply, 404, "tenantNotFound");
      const user = await withTenant(deps.db, tenant.id, (tx) => readSessionUser(tx, deps, req, tenant.id));
      if (!user) return reply.status(401).send({ message: "User not authenticated" });
      const file = await receiveUpload(req, reply);
      if (!file) return reply;
      // ?purpose=media: an image of the storefront's media library, stored with a thumbnail.
      if ((req.query as { purpose?: string }).purpose === "media") return storeMediaUpload(req, reply, storage, tenant.id, file);
      // ?visibility=private: documents (x-rays, legal and form files) only the tenant's own sessions may read.
      const isPrivate = (req.query as { visibility?: string }).visibility === "private";
      return storeUpload(req, reply, storage, tenant.id, file, isPrivate);
    });
  });
}
