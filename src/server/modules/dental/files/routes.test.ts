import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DENTAL_MAX_FILE_BYTES } from "../../../../shared/dental/constants";
import { DEFAULT_DENTAL_ROLE_RIGHTS } from "../../../../shared/dental/permissions";
import { withTenant } from "../../../db/client";
import { newId } from "../../../ids";
import { createTestContext, type TestContext } from "../../../test/harness";
import { dentalSettings } from "../tables";
import { enableDental } from "../test-fixture";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await enableDental(t, "acme");
  await enableDental(t, "other");
  // acme's administrator works with files but without the 'confidential' right
  await withTenant(t.db, t.acme.tenant.id, (tx) =>
    tx.insert(dentalSettings).values({
      tenantId: t.acme.tenant.id,
      id: newId(),
      roleRights: { admin: DEFAULT_DENTAL_ROLE_RIGHTS.admin.filter((r) => r !== "confidential"), cashier: DEFAULT_DENTAL_ROLE_RIGHTS.cashier },
    }),
  );
});
afterAll(() => t.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("rest-of-png")]);
const PDF = Buffer.from("%PDF-1.4 consentimiento");

function multipart(filename: string, content: Buffer, type = "image/png") {
  const boundary = "----dental-test-boundary";
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(host: string, filename: string, content: Buffer, cookie?: string, lang?: string) {
  const { payload, contentType } = multipart(filename, content);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/dental/upload",
    headers: { host, "content-type": contentType, ...(cookie ? { cookie } : {}), ...(lang ? { "x-locale": lang } : {}) },
    payload,
  });
  return { status: res.statusCode, body: res.json() as { url?: string; name?: string; size?: number; type?: string; message?: string } };
}

const get = (host: string, url: string, cookie?: string) => t.app.inject({ method: "GET", url, headers: { host, ...(cookie ? { cookie } : {}) } });

describe("POST /api/dental/upload", () => {
  it("stores a private file of the tenant and answers { url, name, size, type }; the tenant's users read it back", async () => {
    const cookie = await t.signIn("acme", "owner");
    const res = await upload("acme.localhost", "radiografía 36.png", PNG, cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "radiografía 36.png", size: PNG.length, type: "image/png" });
    expect(res.body.url).toMatch(/^\/api\/dental\/files\/[0-9a-f-]{36}\.png$/);
    const served = await get("acme.localhost", res.body.url!, cookie);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    // never served by the general private-file route nor statically
    const name = res.body.url!.split("/").pop();
    expect((await get("acme.localhost", `/api/files/${name}`, cookie)).statusCode).toBe(404);
    expect((await get("acme.localhost", `/uploads/private/${t.acme.tenant.id}/dental/${name}`, cookie)).statusCode).toBe(404);
    const pdf = await upload("acme.localhost", "consentimiento.pdf", PDF, cookie);
    expect(pdf).toMatchObject({ status: 200, body: { type: "application/pdf", size: PDF.length } });
    const jpeg = await upload("acme.localhost", "foto.jpeg", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), cookie);
    expect(jpeg).toMatchObject({ status: 200, body: { type: "image/jpeg" } });
  });

  it("refuses a file over 10 MB with the spec's message, an .exe renamed .png, a refused type, an empty file", async () => {
    const cookie = await t.signIn("acme", "owner");
    const big = await upload("acme.localhost", "grande.png", Buffer.concat([PNG, Buffer.alloc(11 * 1024 * 1024, 1)]), cookie);
    expect(big).toMatchObject({ status: 413, body: { message: "El archivo es demasiado grande (máx. 10 MB)" } });
    const bigEn = await upload("acme.localhost", "big.png", Buffer.concat([PNG, Buffer.alloc(DENTAL_MAX_FILE_BYTES, 1)]), cookie, "en");
    expect(bigEn.body.message).toBe("The file is too large (max. 10 MB)");
    const exe = await upload("acme.localhost", "programa.png", Buffer.concat([Buffer.from("MZ\x90\x00"), Buffer.alloc(64, 0)]), cookie);
    expect(exe).toMatchObject({ status: 400, body: { message: "El contenido del archivo no corresponde a un archivo .png" } });
    const type = await upload("acme.localhost", "programa.exe", Buffer.from("MZ"), cookie);
    expect(type.status).toBe(400);
    expect(type.body.message).toContain("Tipo de archivo no permitido");
    const gif = await upload("acme.localhost", "animado.gif", Buffer.from("GIF89a...."), cookie);
    expect(gif.status).toBe(400);
    expect((await upload("acme.localhost", "vacio.pdf", Buffer.alloc(0), cookie)).body.message).toBe("El archivo está vacío");
  });

  it("is for signed-in users of the tenant with the 'files' or 'clinical' right", async () => {
    expect((await upload("acme.localhost", "a.png", PNG)).status).toBe(401);
    const cashier = await t.signIn("acme", "cashier");
    expect((await upload("acme.localhost", "a.png", PNG, cashier)).status).toBe(403);
    const admin = await t.signIn("acme", "admin");
    expect((await upload("acme.localhost", "a.png", PNG, admin)).status).toBe(200);
  });
});

describe("GET /api/dental/files/{name}", () => {
  it("another tenant's file is 404, an anonymous caller 401, a cashier without rights 403", async () => {
    const owner = await t.signIn("acme", "owner");
    const { body } = await upload("acme.localhost", "privado.png", PNG, owner);
    const outsider = await t.signIn("other", "owner");
    expect((await get("other.localhost", body.url!, outsider)).statusCode).toBe(404);
    expect((await get("acme.localhost", body.url!)).statusCode).toBe(401);
    expect((await get("acme.localhost", body.url!, await t.signIn("acme", "cashier"))).statusCode).toBe(403);
    expect((await get("acme.localhost", "/api/dental/files/..%2F..%2Fetc%2Fpasswd", owner)).statusCode).toBe(404);
    expect((await get("acme.localhost", `/api/dental/files/${newId()}.png`, owner)).statusCode).toBe(404);
  });
});
