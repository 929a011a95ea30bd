import { createHash } from "node:crypto";
import { mkdir, readFile, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { AwsClient } from "aws4fetch";
import type { S3Config } from "../../config";

/** Where an uploaded file is kept; `put` answers the URL the browser loads it from. */
export interface UploadStorage {
  /** "local" (UPLOAD_DIR) or "s3" (S3-compatible storage) */
  readonly kind: "local" | "s3";
  /** Stores `body` under `key` ("{tenantId}/{uuid}{ext}"); throws StorageError when it cannot. */
  put(key: string, body: Buffer, contentType: string): Promise<string>;
  /** The bytes stored under `key`, or null when there is none (private files are read back through the app). */
  get(key: string): Promise<Buffer | null>;
  /** How many bytes are stored under `key`, or null when there is none (without reading them). */
  size(key: string): Promise<number | null>;
}

/** Private files live under this prefix and are only ever served by GET /api/files/{name} to the owning tenant's sessions. */
export const PRIVATE_PREFIX = "private";

/** The storage could not keep the file; `status` is the HTTP status the upload answers with. */
export class StorageError extends Error {
  constructor(
    message: string,
    readonly status: 500 | 502,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "StorageError";
  }
}

/** Content types by extension (the stored type never comes from the client's header). */
const CONTENT_TYPES: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".pdf": "application/pdf",
  ".doc": "application/msword",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ".xls": "application/vnd.ms-excel",
  ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

export function contentTypeOf(ext: string): string {
  return CONTENT_TYPES[ext.toLowerCase()] ?? "application/octet-stream";
}

/** Files in a local folder (UPLOAD_DIR), served by the app at /uploads/. */
export class LocalStorage implements UploadStorage {
  readonly kind = "local";
  constructor(readonly root: string) {}

  async put(key: string, body: Buffer): Promise<string> {
    const target = path.join(this.root, key);
    if (path.relative(this.root, target).startsWith("..")) throw new StorageError(`upload key outside ${this.root}: ${key}`, 500);
    try {
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, body, { flag: "wx" });
    } catch (e) {
      await unlink(target).catch(() => {});
      throw new StorageError(`could not write ${target}: ${(e as Error).message}`, 500, { cause: e });
    }
    return `/uploads/${key}`;
  }

  async get(key: string): Promise<Buffer | null> {
    const target = path.join(this.root, key);
    if (path.relative(this.root, target).startsWith("..")) return null;
    return readFile(target).catch(() => null);
  }

  async size(key: string): Promise<number | null> {
    const target = path.join(this.root, key);
    if (path.relative(this.root, target).startsWith("..")) return null;
    return stat(target).then(
      (s) => (s.isFile() ? s.size : null),
      () => null,
    );
  }
}

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, Spaces…): one SigV4-signed PUT per
 * file, path-style `{endpoint}/{bucket}/{key}` so no bucket subdomain (DNS, certificate) is needed.
 */
export class S3Storage implements UploadStorage {
  readonly kind = "s3";
  private readonly client: AwsClient;

  constructor(
    private readonly config: S3Config,
    private readonly timeoutMs = 30_000,
  ) {
    this.client = new AwsClient({
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      service: "s3",
      region: config.region,
      retries: 2,
    });
  }

  /** The object's address on the endpoint (path-style). */
  objectUrl(key: string): string {
    return `${this.config.endpoint}/${encodeURIComponent(this.config.bucket)}/${key}`;
  }

  /** The address the browser loads the object from: S3_PUBLIC_URL/{key}, else the object's address. */
  publicUrl(key: string): string {
    return this.config.publicUrl ? `${this.config.publicUrl}/${key}` : this.objectUrl(key);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<string> {
    let res: Response;
    try {
      res = await this.client.fetch(this.objectUrl(key), {
        method: "PUT",
        body: new Uint8Array(body), // a copy on its own ArrayBuffer, as fetch's BodyInit wants
        headers: {
          "content-type": contentType,
          // The payload's hash is signed too, so the storage refuses a body altered on the way.
          "x-amz-content-sha256": createHash("sha256").update(body).digest("hex"),
        },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (e) {
      const cause = (e as Error & { cause?: Error }).cause;
      throw new StorageError(`S3 PUT ${this.objectUrl(key)} failed: ${(e as Error).message}${cause ? ` (${cause.message})` : ""}`, 502, { cause: e });
    }
    if (!res.ok) {
      const text = await res.text().catch(() => "");
      const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
      throw new StorageError(`S3 PUT ${this.objectUrl(key)} answered ${res.status}${code ? ` ${code}` : ""}`, 502);
    }
    await res.body?.cancel().catch(() => {});
    return this.publicUrl(key);
  }

  async get(key: string): Promise<Buffer | null> {
    let res: Response;
    try {
      res = await this.client.fetch(this.objectUrl(key), { method: "GET", signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (e) {
      throw new StorageError(`S3 GET ${this.objectUrl(key)} failed: ${(e as Error).message}`, 502, { cause: e });
    }
    if (res.status === 404) {
      await res.body?.cancel().catch(() => {});
      return null;
    }
    if (!res.ok) throw new StorageError(`S3 GET ${this.objectUrl(key)} answered ${res.status}`, 502);
    return Buffer.from(await res.arrayBuffer());
  }

  async size(key: string): Promise<number | null> {
    let res: Response;
    try {
      res = await this.client.fetch(this.objectUrl(key), { method: "HEAD", signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (e) {
      throw new StorageError(`S3 HEAD ${this.objectUrl(key)} failed: ${(e as Error).message}`, 502, { cause: e });
    }
    if (res.status === 404) return null;
    if (!res.ok) throw new StorageError(`S3 HEAD ${this.objectUrl(key)} answered ${res.status}`, 502);
    const length = Number(res.headers.get("content-length"));
    return Number.isFinite(length) ? length : null;
  }
}

/** S3 when configured, else the local folder. */
export function createStorage(config: { uploadDir: string; s3?: S3Config }): UploadStorage {
  return config.s3 ? new S3Storage(config.s3) : new LocalStorage(path.resolve(config.uploadDir));
}
