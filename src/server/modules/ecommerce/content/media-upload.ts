import type { FastifyReply, FastifyRequest } from "fastify";
import sharp from "sharp";
import { languageOf, translate } from "../../../../shared/i18n/translate";
import { IMAGE_EXTENSIONS } from "../../../../shared/platform/uploads";
import { newId } from "../../../ids";
import type { ReceivedUpload } from "../../upload/routes";
import { contentTypeOf, StorageError, type UploadStorage } from "../../upload/storage";

/** Library thumbnails: this wide (never enlarged), webp. */
export const THUMBNAIL_WIDTH = 320;

/** What POST /api/upload?purpose=media answers: the image, its thumbnail beside it, and its size. */
export interface MediaUploadResult {
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  fileSize: number;
  mimeType: string;
}

/**
 * A media-library image (the 'Select Background Image' dialog's Upload tab): only png, jpg, jpeg,
 * gif or webp (the upload route already enforced 5 MB and that the bytes are what the extension
 * says); sharp must be able to read it. Stored as {tenantId}/{uuid}{ext} with a 320-px webp
 * thumbnail {tenantId}/{uuid}-thumb.webp beside it.
 */
export async function storeMediaUpload(req: FastifyRequest, reply: FastifyReply, storage: UploadStorage, tenantId: string, file: ReceivedUpload) {
  const fail = (status: number, key: string) => reply.status(status).send({ message: translate(languageOf(req.headers), key) });
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(file.ext)) return fail(400, "storefrontContent:media.notImage");
  let width: number;
  let height: number;
  let thumbnail: Buffer;
  try {
    const meta = await sharp(file.bytes, { animated: false }).metadata();
    width = meta.width ?? 0;
    height = meta.height ?? 0;
    thumbnail = await sharp(file.bytes, { animated: false }).rotate().resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).webp({ quality: 75 }).toBuffer();
  } catch (e) {
    req.log.warn({ err: e }, "library image could not be read");
    return fail(400, "storefrontContent:media.notImage");
  }
  const name = newId();
  try {
    const url = await storage.put(`${tenantId}/${name}${file.ext}`, file.bytes, contentTypeOf(file.ext));
    const thumbnailUrl = await storage.put(`${tenantId}/${name}-thumb.webp`, thumbnail, "image/webp");
    const result: MediaUploadResult = { url, thumbnailUrl, width, height, fileSize: file.bytes.length, mimeType: contentTypeOf(file.ext) };
    return result;
  } catch (e) {
    if (!(e instanceof StorageError)) throw e;
    req.log.error({ storage: storage.kind, reason: e.message }, "library image could not be stored");
    return reply.status(e.status).send({ message: translate(languageOf(req.headers), "errors:uploadStoreFailed") });
  }
}
