import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_MAX_BYTES } from "../../../shared/platform/uploads";
import { createTestContext, errorOf, type TestContext } from "../../test/harness";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** The first bytes of a real PNG and a real PDF (the upload checks the content, not only the name). */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("rest-of-png")]);
const PDF = Buffer.from("%PDF-1.4 factura");

function multipart(filename: string, content: Buffer, type = "image/png") {
  const boundary = "----enzzo-test-boundary";
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(host: string, filename: string, content: Buffer, cookie?: string) {
  const { payload, contentType } = multipart(filename, content);
  const res = await t.app.inject({
    method: "POST",
    url: `/api/upload?filename=${encodeURIComponent(filename)}`,
    headers: { host, "content-type": contentType, ...(cookie ? { cookie } : {}) },
    payload,
  });
  return { status: res.statusCode, body: res.json() as { url?: string; message?: string } };
}

describe("POST /api/upload", () => {
  it("stores a file for the signed-in user's tenant and serves it back", async () => {
    const cookie = await t.signIn("acme", "owner");
    const res = await upload("acme.localhost", "perfil.png", PNG, cookie);
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(new RegExp(`^/uploads/${t.acme.tenant.id}/[0-9a-f-]+\\.png$`));
    const served = await t.app.inject({ method: "GET", url: res.body.url!, headers: { host: "acme.localhost" } });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    // served inert: nosniff, a sandboxing CSP; an image is shown, not downloaded
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(String(served.headers["content-security-policy"])).toContain("sandbox");
    expect(served.headers["content-disposition"]).toBeUndefined();
    expect(existsSync(path.join(t.uploadDir, res.body.url!.replace("/uploads/", "")))).toBe(true);
  });

  it("refuses a refused type, a file over 5 MB and an anonymous caller", async () => {
    const cookie = await t.signIn("acme", "owner");
    const exe = await upload("acme.localhost", "virus.exe", Buffer.from("MZ"), cookie);
    expect(exe.status).toBe(400);
    expect(exe.body.message).toContain("Tipo de archivo no permitido");
    const big = await upload("acme.localhost", "big.png", Buffer.alloc(UPLOAD_MAX_BYTES + 10, 1), cookie);
    expect(big.status).toBe(413);
    expect(big.body.message).toBe("El archivo supera el límite de 5 MB");
    const anon = await upload("acme.localhost", "perfil.png", PNG);
    expect(anon.status).toBe(401);
  });

  it("checks the bytes against the name: an HTML page named .png, an empty file and a cut-short body are refused", async () => {
    const cookie = await t.signIn("acme", "owner");
    const html = await upload("acme.localhost", "foto.png", Buffer.from("<html><script>alert(1)</script></html>"), cookie);
    expect(html).toMatchObject({ status: 400, body: { message: "El contenido del archivo no corresponde a un archivo .png" } });
    expect((await upload("acme.localhost", "vacio.pdf", Buffer.alloc(0), cookie)).body.message).toBe("El archivo está vacío");
    const { payload, contentType } = multipart("corto.png", PNG);
    const cut = await t.app.inject({ method: "POST", url: "/api/upload?filename=corto.png", headers: { host: "acme.localhost", "content-type": contentType, cookie }, payload: payload.subarray(0, payload.length - 30) });
    expect(cut.statusCode).toBeLessThan(500);
    expect(cut.statusCode).toBeGreaterThanOrEqual(400);
    // a PDF is served as a download
    const pdf = await upload("acme.localhost", "factura.pdf", PDF, cookie);
    expect(pdf.status).toBe(200);
    const served = await t.app.inject({ method: "GET", url: pdf.body.url!, headers: { host: "acme.localhost" } });
    expect(served.headers["content-disposition"]).toBe("attachment");
  });
});

describe("private files (?visibility=private)", () => {
  it("are read back only through /api/files by the owning tenant's signed-in users, never from /uploads", async () => {
    const cookie = await t.signIn("acme", "owner");
    const res = await t.app.inject({ method: "POST", url: "/api/upload?filename=radiografia.pdf&visibility=private", headers: { host: "acme.localhost", "content-type": "application/pdf", cookie }, payload: PDF });
    expect(res.statusCode).toBe(200);
    const url = res.json().url as string;
    expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}\.pdf$/);
    const mine = await t.app.inject({ method: "GET", url, headers: { host: "acme.localhost", cookie: await t.signIn("acme", "cashier") } });
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(PDF)).toBe(true);
    expect(mine.headers["content-disposition"]).toBe("attachment");
    expect(mine.headers["cache-control"]).toBe("private, no-store");
    // signed out, another tenant's host (with its own session), or the storage path: nothing
    expect((await t.app.inject({ method: "GET", url, headers: { host: "acme.localhost" } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url, headers: { host: "other.localhost", cookie: await t.signIn("other", "owner") } })).statusCode).toBe(404);
    const file = url.replace("/api/files/", "");
    expect((await t.app.inject({ method: "GET", url: `/uploads/private/${t.acme.tenant.id}/${file}`, headers: { host: "acme.localhost", cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/files/..%2F..%2Fetc%2Fpasswd", headers: { host: "acme.localhost", cookie } })).statusCode).toBe(404);
  });
});

describe("POST /api/upload with a raw body (as the product form sends it)", () => {
  it("stores the body under the name's extension, even with a folder prefix", async () => {
    const cookie = await t.signIn("acme", "admin");
    const res = await t.app.inject({
      method: "POST",
      url: `/api/upload?filename=${encodeURIComponent("products/1732262400000-foto.jpg")}`,
      headers: { host: "acme.localhost", "content-type": "image/jpeg", cookie },
      payload: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/\.jpg$/);
    const big = await t.app.inject({
      method: "POST",
      url: "/api/upload?filename=big.pdf",
      headers: { host: "acme.localhost", "content-type": "application/pdf", cookie },
      payload: Buffer.alloc(UPLOAD_MAX_BYTES + 1, 1),
    });
    expect(big.statusCode).toBe(413);
    const outsider = await t.app.inject({
      method: "POST",
      url: "/api/upload?filename=a.png",
      headers: { host: "other.localhost", "content-type": "image/png", cookie },
      payload: Buffer.from("x"),
    });
    expect(outsider.statusCode).toBe(401);
  });
});

describe("warehouse.getAll", () => {
  it("lists the tenant's active warehouses only", async () => {
    const cashier = await t.client("acme", "cashier");
    const list = await cashier.warehouse.getAll.query();
    expect(list.map((w) => w.name)).toEqual(["Principal"]);
    const outsider = await t.client("other", "owner");
    const theirs = await outsider.warehouse.getAll.query();
    expect(theirs[0]!.id).not.toBe(list[0]!.id);
    const anon = await t.client("acme");
    expect((await errorOf(anon.warehouse.getAll.query())).code).toBe("UNAUTHORIZED");
  });
});
