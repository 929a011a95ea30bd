import { createHash, createHmac } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { AwsClient } from "aws4fetch";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_MAX_BYTES } from "../../../shared/platform/uploads";
import { loadConfig, loadS3Config, type S3Config } from "../../config";
import { createTestContext, type TestContext } from "../../test/harness";
import { S3Storage, StorageError } from "./storage";

const BUCKET = "enzzo-test";
/** s3rver's only account. */
const KEY_ID = "S3RVER";
const SECRET = "S3RVER";

const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();
const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * s3rver 3.7 accepts any SigV4 signature of a known key id without checking it, so the storage in
 * these tests sits behind this check, written from the SigV4 specification (not with aws4fetch):
 * the answer is the reason the signature is refused, or null when it matches `secret`.
 */
function sigV4Problem(req: IncomingMessage, secrets: Map<string, string>): string | null {
  const auth = String(req.headers.authorization ?? "");
  const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(auth);
  if (!m) return "not a SigV4 Authorization header";
  const [, keyId, date, region, service, signedHeaders, signature] = m as unknown as string[];
  const secret = secrets.get(keyId!);
  if (secret === undefined) return null; // unknown key ids are s3rver's to refuse (InvalidAccessKeyId)
  if (service !== "s3") return `service ${service}`;
  const amzDate = String(req.headers["x-amz-date"] ?? "");
  if (!amzDate.startsWith(date!)) return "x-amz-date does not match the credential's date";
  const payloadHash = String(req.headers["x-amz-content-sha256"] ?? "");
  const url = new URL(req.url ?? "/", "http://storage");
  const canonicalPath = url.pathname
    .split("/")
    .map((segment) => rfc3986(decodeURIComponent(segment)))
    .join("/");
  const canonicalQuery = [...url.searchParams]
    .map(([k, v]) => [rfc3986(k), rfc3986(v)])
    .sort(([k1, v1], [k2, v2]) => (k1! < k2! ? -1 : k1! > k2! ? 1 : v1! < v2! ? -1 : v1! > v2! ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const names = signedHeaders!.split(";");
  if (!names.includes("host") || !names.includes("x-amz-date") || !names.includes("x-amz-content-sha256")) return `signed headers ${signedHeaders}`;
  const canonicalHeaders = names.map((name) => `${name}:${String(req.headers[name] ?? "").trim().replace(/\s+/g, " ")}\n`).join("");
  const canonicalRequest = [req.method, canonicalPath, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join("\n");
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonicalRequest)].join("\n");
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, date!), region!), service!), "aws4_request");
  return createHmac("sha256", signingKey).update(stringToSign).digest("hex") === signature ? null : "SignatureDoesNotMatch";
}

interface TestStorage {
  endpoint: string;
  /** key id → secret the storage accepts (change it to make it refuse the app's secret) */
  secrets: Map<string, string>;
  /** every request the storage received, with the reason it was refused (null: accepted) */
  requests: { method: string; path: string; refused: string | null }[];
  close(): Promise<void>;
}

/** s3rver on a random port, a temporary folder and the bucket BUCKET, behind the SigV4 check. */
async function startStorage(): Promise<TestStorage> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "enzzo-s3rver-"));
  const s3 = new S3rver({ directory, silent: true, configureBuckets: [{ name: BUCKET }] });
  await s3.configureBuckets();
  const handler = s3.callback();
  const secrets = new Map([[KEY_ID, SECRET]]);
  const requests: TestStorage["requests"] = [];
  const server: Server = createServer((req, res) => {
    const refused = sigV4Problem(req, secrets);
    requests.push({ method: req.method ?? "", path: req.url ?? "", refused });
    if (!refused) return handler(req, res);
    req.resume();
    res.writeHead(403, { "content-type": "application/xml" });
    res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SignatureDoesNotMatch</Code><Message>${refused}</Message></Error>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    secrets,
    requests,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      s3.logger.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

const reader = new AwsClient({ accessKeyId: KEY_ID, secretAccessKey: SECRET, service: "s3", region: "us-east-1", retries: 0 });

/** The object at `url` as the storage returns it to a signed GET. */
async function readObject(url: string) {
  const res = await reader.fetch(url, { method: "GET" });
  return { status: res.status, contentType: res.headers.get("content-type"), bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The keys stored under a prefix (signed ListObjects). */
async function keysUnder(storage: TestStorage, prefix: string): Promise<string[]> {
  const res = await reader.fetch(`${storage.endpoint}/${BUCKET}?prefix=${encodeURIComponent(prefix)}`, { method: "GET" });
  expect(res.status).toBe(200);
  return [...(await res.text()).matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]!);
}

function multipart(filename: string, content: Buffer, type: string) {
  const boundary = "----enzzo-s3-boundary";
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A small real PNG (1×1, red), with bytes above 0x7f so an encoding slip would show. */
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6e1a10000000049454e44ae426082",
  "hex",
);

describe("S3 configuration (S3_*)", () => {
  const full = { S3_ENDPOINT: "https://minio.example.com:9000/", S3_BUCKET: "enzzo", S3_ACCESS_KEY_ID: "AK", S3_SECRET_ACCESS_KEY: "SK" };

  it("is unset without S3_* variables, so uploads stay in UPLOAD_DIR", () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ UPLOAD_DIR: "/srv/uploads" }).uploadDir).toBe("/srv/uploads");
  });

  it("reads endpoint, bucket and keys, region us-east-1 by default, the public URL when set", () => {
    expect(loadS3Config(full)).toEqual({
      endpoint: "https://minio.example.com:9000",
      bucket: "enzzo",
      region: "us-east-1",
      accessKeyId: "AK",
      secretAccessKey: "SK",
      publicUrl: undefined,
    });
    const withAll = loadConfig({ ...full, S3_REGION: "auto", S3_PUBLIC_URL: "https://cdn.example.com/files/" }).s3;
    expect(withAll?.region).toBe("auto");
    expect(withAll?.publicUrl).toBe("https://cdn.example.com/files");
  });

  it("refuses a partial configuration at start, naming what is missing", () => {
    expect(() => loadConfig({ S3_ENDPOINT: full.S3_ENDPOINT, S3_BUCKET: "enzzo" })).toThrow(
      "Incomplete S3 configuration: S3_ENDPOINT, S3_BUCKET are set but S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are not.",
    );
    expect(() => loadConfig({ ...full, S3_SECRET_ACCESS_KEY: "" })).toThrow("S3_SECRET_ACCESS_KEY is not");
    expect(() => loadConfig({ S3_PUBLIC_URL: "https://cdn.example.com" })).toThrow(
      "S3_PUBLIC_URL is set but S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are not",
    );
    expect(() => loadConfig({ S3_REGION: "eu-west-1" })).toThrow("Incomplete S3 configuration");
  });

  it("refuses an endpoint or public URL that is not http(s) or carries credentials, and a bucket with a slash", () => {
    expect(() => loadConfig({ ...full, S3_ENDPOINT: "minio:9000" })).toThrow('S3_ENDPOINT must be an http(s) URL, got "minio:9000"');
    expect(() => loadConfig({ ...full, S3_PUBLIC_URL: "cdn.example.com" })).toThrow("S3_PUBLIC_URL must be an http(s) URL");
    expect(() => loadConfig({ ...full, S3_BUCKET: "enzzo/uploads" })).toThrow("S3_BUCKET must be a bucket name");
    expect(() => loadConfig({ ...full, S3_ENDPOINT: "http://ak:sk@minio:9000" })).toThrow("S3_ENDPOINT must not contain credentials");
  });
});

describe("POST /api/upload with S3-compatible storage", () => {
  let storage: TestStorage;
  let t: TestContext;
  beforeAll(async () => {
    storage = await startStorage();
    const s3: S3Config = { endpoint: storage.endpoint, bucket: BUCKET, region: "us-east-1", accessKeyId: KEY_ID, secretAccessKey: SECRET };
    t = await createTestContext({ config: { s3 } });
  });
  afterAll(async () => {
    await t?.close();
    await storage?.close();
  });

  async function post(filename: string, body: Buffer, opts: { cookie?: string; type?: string; multipart?: boolean; lang?: string } = {}) {
    const type = opts.type ?? "image/png";
    const { payload, contentType } = opts.multipart ? multipart(filename, body, type) : { payload: body, contentType: type };
    const res = await t.app.inject({
      method: "POST",
      url: `/api/upload?filename=${encodeURIComponent(filename)}`,
      headers: { host: "acme.localhost", "content-type": contentType, ...(opts.cookie ? { cookie: opts.cookie } : {}), ...(opts.lang ? { "x-locale": opts.lang } : {}) },
      payload,
    });
    return { status: res.statusCode, body: res.json() as { url?: string; message?: string } };
  }

  it("PUTs a multipart image to {endpoint}/{bucket}/{tenantId}/{uuid}.png with its bytes and content type", async () => {
    const cookie = await t.signIn("acme", "owner");
    const res = await post("perfil.png", PNG, { cookie, multipart: true });
    expect(res.status).toBe(200);
    const prefix = `${storage.endpoint}/${BUCKET}/${t.acme.tenant.id}/`;
    expect(res.body.url).toMatch(new RegExp(`^${prefix.replace(/[.]/g, "\\.")}[0-9a-f-]{36}\\.png$`));
    const stored = await readObject(res.body.url!);
    expect(stored.status).toBe(200);
    expect(stored.contentType).toBe("image/png");
    expect(stored.bytes.equals(PNG)).toBe(true);
    // one signed PUT, accepted by the SigV4 check
    const puts = storage.requests.filter((r) => r.method === "PUT");
    expect(puts).toEqual([{ method: "PUT", path: new URL(res.body.url!).pathname, refused: null }]);
  });

  it("stores a raw body (the product form) by its extension's type, whatever the client's header says", async () => {
    const cookie = await t.signIn("acme", "admin");
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
    const res = await post("products/1732262400000-foto.jpg", bytes, { cookie, type: "text/html" });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/\.jpg$/);
    const stored = await readObject(res.body.url!);
    expect(stored.contentType).toBe("image/jpeg");
    expect(stored.bytes.equals(bytes)).toBe(true);
  });

  it("keeps the checks: type, 5 MB, session and tenant; nothing refused reaches the bucket", async () => {
    const cookie = await t.signIn("acme", "owner");
    const before = await keysUnder(storage, `${t.acme.tenant.id}/`);
    const exe = await post("virus.exe", Buffer.from("MZ"), { cookie });
    expect(exe.status).toBe(400);
    expect(exe.body.message).toContain("Tipo de archivo no permitido");
    const big = await post("big.png", Buffer.alloc(UPLOAD_MAX_BYTES + 1, 1), { cookie, multipart: true });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe("El archivo supera el límite de 5 MB");
    const exactly = await post("max.pdf", Buffer.concat([Buffer.from("%PDF-1.4"), Buffer.alloc(UPLOAD_MAX_BYTES - 8, 7)]), { cookie, type: "application/pdf" });
    expect(exactly.status).toBe(200);
    expect((await readObject(exactly.body.url!)).bytes.length).toBe(UPLOAD_MAX_BYTES);
    expect((await post("a.png", PNG)).status).toBe(401);
    const outsider = await t.app.inject({
      method: "POST",
      url: "/api/upload?filename=a.png",
      headers: { host: "other.localhost", "content-type": "image/png", cookie },
      payload: PNG,
    });
    expect(outsider.statusCode).toBe(401);
    const after = await keysUnder(storage, `${t.acme.tenant.id}/`);
    expect(after.length).toBe(before.length + 1);
    expect(await keysUnder(storage, `${t.other.tenant.id}/`)).toEqual([]);
  });

  it("answers a translated 502 when the storage refuses the PUT (wrong secret), without a stack", async () => {
    const cookie = await t.signIn("acme", "owner");
    const before = await keysUnder(storage, `${t.acme.tenant.id}/`);
    storage.secrets.set(KEY_ID, "rotated-secret");
    try {
      const es = await post("perfil.png", PNG, { cookie });
      expect(es).toEqual({ status: 502, body: { message: "No se pudo guardar el archivo" } });
      const en = await post("perfil.png", PNG, { cookie, lang: "en" });
      expect(en).toEqual({ status: 502, body: { message: "The file could not be stored" } });
      expect(storage.requests.at(-1)).toMatchObject({ method: "PUT", refused: "SignatureDoesNotMatch" });
    } finally {
      storage.secrets.set(KEY_ID, SECRET);
    }
    expect(await keysUnder(storage, `${t.acme.tenant.id}/`)).toEqual(before);
  });

  it("a private file goes to private/{tenantId}/ in the bucket and is read back only through /api/files", async () => {
    const cookie = await t.signIn("acme", "owner");
    const ok = await t.app.inject({ method: "POST", url: "/api/upload?filename=placa.png&visibility=private", headers: { host: "acme.localhost", "content-type": "image/png", cookie }, payload: PNG });
    const url = ok.json().url as string;
    expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}\.png$/);
    const served = await t.app.inject({ method: "GET", url, headers: { host: "acme.localhost", cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await t.app.inject({ method: "GET", url, headers: { host: "acme.localhost" } })).statusCode).toBe(401);
  });
});

describe("S3Storage", () => {
  let storage: TestStorage;
  beforeAll(async () => {
    storage = await startStorage();
  });
  afterAll(() => storage?.close());
  const config = (over: Partial<S3Config> = {}): S3Config => ({
    endpoint: storage.endpoint,
    bucket: BUCKET,
    region: "us-east-1",
    accessKeyId: KEY_ID,
    secretAccessKey: SECRET,
    ...over,
  });

  it("answers S3_PUBLIC_URL/{key} when set, and the object is stored under the key", async () => {
    const s3 = new S3Storage(config({ publicUrl: "https://cdn.example.com/media" }));
    const url = await s3.put("tenant-1/file.pdf", Buffer.from("%PDF-1.4 test"), "application/pdf");
    expect(url).toBe("https://cdn.example.com/media/tenant-1/file.pdf");
    const stored = await readObject(`${storage.endpoint}/${BUCKET}/tenant-1/file.pdf`);
    expect(stored).toMatchObject({ status: 200, contentType: "application/pdf" });
    expect(stored.bytes.toString()).toBe("%PDF-1.4 test");
    // size: the stored length by a HEAD, without the bytes; null for a key with nothing
    expect(await s3.size("tenant-1/file.pdf")).toBe(13);
    expect(await s3.size("tenant-1/none.pdf")).toBeNull();
  });

  it("throws a 502 StorageError naming the status and S3 code when the key id is unknown", async () => {
    const s3 = new S3Storage(config({ accessKeyId: "NOT-A-KEY" }));
    const error = await s3.put("tenant-1/x.png", PNG, "image/png").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect((error as StorageError).status).toBe(502);
    expect((error as StorageError).message).toBe(`S3 PUT ${storage.endpoint}/${BUCKET}/tenant-1/x.png answered 403 InvalidAccessKeyId`);
  });

  it("throws a 502 StorageError when the bucket does not exist or the endpoint does not answer", async () => {
    const missing = await new S3Storage(config({ bucket: "no-such-bucket" })).put("t/x.png", PNG, "image/png").catch((e: unknown) => e);
    expect((missing as StorageError).message).toMatch(/answered 404 NoSuchBucket$/);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const down = await new S3Storage(config({ endpoint: `http://127.0.0.1:${port}` })).put("t/x.png", PNG, "image/png").catch((e: unknown) => e);
    expect(down).toBeInstanceOf(StorageError);
    expect((down as StorageError).status).toBe(502);
    expect((down as StorageError).message).toContain(`S3 PUT http://127.0.0.1:${port}/${BUCKET}/t/x.png failed`);
  });
});
