import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_MAX_BYTES } from "../../../shared/platform/uploads";
import { type Client, createTestContext, type TestContext } from "../../test/harness";

let t: TestContext;
let owner: Client;
beforeAll(async () => {
  t = await createTestContext();
  owner = await t.client("acme", "owner");
});
afterAll(() => t.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("rest-of-png")]);
const PDF = Buffer.from("%PDF-1.4 contrato");

const field = (key: string, type: string, component: string, extra: Record<string, unknown> = {}) => ({ key, type, component, label: key, ...extra });
const schemaWith = (fields: Record<string, unknown>[]) => ({ version: "1.0", metadata: { name: "Subidas" }, groups: [{ id: "group_1", fields }] });
/** A public form whose only file field takes images up to 1 MB. */
const imagesOnly = schemaWith([field("name", "text", "textbox"), field("photo", "image", "file-upload", { options: { maxSizeBytes: 1_048_576, allowedFormats: ["image/*"] } })]);

async function publish(name: string, schema: unknown, isPublic = true, client = owner) {
  const form = await client.form.create.mutate({ name, schema });
  await client.form.update.mutate({ id: form.id, isPublic });
  await client.form.publish.mutate({ id: form.id });
  return form.slug;
}

function multipart(filename: string, content: Buffer, type: string) {
  const boundary = "----enzzo-public-form";
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  return { payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(slug: string, filename: string, content: Buffer, opts: { host?: string; type?: string; ip?: string; cookie?: string } = {}) {
  const { payload, contentType } = multipart(filename, content, opts.type ?? "image/png");
  const res = await t.app.inject({
    method: "POST",
    url: `/api/upload/public-form?filename=${encodeURIComponent(`forms/1732262400000-${filename}`)}&slug=${encodeURIComponent(slug)}`,
    remoteAddress: opts.ip ?? "127.0.0.1",
    headers: { host: opts.host ?? "acme.localhost", "content-type": contentType, "x-locale": "es", ...(opts.cookie ? { cookie: opts.cookie } : {}) },
    payload,
  });
  return { status: res.statusCode, body: res.json() as { url?: string; message?: string } };
}

describe("POST /api/upload/public-form", () => {
  it("stores a file of a public form without a session, privately under the tenant, readable only by the tenant's signed-in users", async () => {
    const slug = await publish("Fotos", imagesOnly);
    const res = await upload(slug, "foto.png", PNG);
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^\/api\/files\/[0-9a-f-]{36}\.png$/);
    const name = res.body.url!.replace("/api/files/", "");
    expect(existsSync(path.join(t.uploadDir, "private", t.acme.tenant.id, name))).toBe(true);
    const read = await t.app.inject({ method: "GET", url: res.body.url!, headers: { host: "acme.localhost", cookie: await t.signIn("acme", "cashier") } });
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(PNG)).toBe(true);
    expect((await t.app.inject({ method: "GET", url: res.body.url!, headers: { host: "acme.localhost" } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: res.body.url!, headers: { host: "other.localhost", cookie: await t.signIn("other", "owner") } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/uploads/private/${t.acme.tenant.id}/${name}`, headers: { host: "acme.localhost" } })).statusCode).toBe(404);
  });

  it("refuses an unknown slug, a private or draft form, a form without a file field and another tenant's slug", async () => {
    const priv = await publish("Fotos privadas", imagesOnly, false);
    const draft = await owner.form.create.mutate({ name: "Fotos borrador", schema: imagesOnly });
    await owner.form.update.mutate({ id: draft.id, isPublic: true });
    const noFiles = await publish("Sin archivos", schemaWith([field("name", "text", "textbox")]));
    const mine = await publish("Fotos de Acme", imagesOnly);
    for (const slug of ["no-existe", "", priv, draft.slug, noFiles]) {
      expect(await upload(slug, "foto.png", PNG)).toEqual({ status: 404, body: { message: "Este formulario no existe o ya no está disponible" } });
    }
    expect((await upload(mine, "foto.png", PNG, { host: "other.localhost" })).status).toBe(404);
  });

  it("applies /api/upload's checks (type, 5 MB, content) and the form field's own size and format", async () => {
    const slug = await publish("Fotos controladas", imagesOnly);
    const exe = await upload(slug, "virus.exe", Buffer.from("MZ"), { type: "application/octet-stream" });
    expect(exe.status).toBe(400);
    expect(exe.body.message).toContain("Tipo de archivo no permitido");
    expect(await upload(slug, "enorme.png", Buffer.alloc(UPLOAD_MAX_BYTES + 10, 1))).toEqual({ status: 413, body: { message: "El archivo supera el límite de 5 MB" } });
    expect(await upload(slug, "pagina.png", Buffer.from("<html></html>"))).toEqual({ status: 400, body: { message: "El contenido del archivo no corresponde a un archivo .png" } });
    // The field takes images up to 1 MB: a PDF and a 2 MB PNG are refused with the spec's messages.
    expect(await upload(slug, "contrato.pdf", PDF, { type: "application/pdf" })).toEqual({ status: 400, body: { message: "Formato de archivo no permitido. Formatos aceptados: image/*" } });
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1_048_576, 1)]);
    expect(await upload(slug, "grande.png", big)).toEqual({ status: 400, body: { message: "El archivo excede el tamaño máximo de 1 MB" } });
    // With the default options (PDF allowed) the same PDF is taken.
    const docs = await publish("Documentos", schemaWith([field("doc", "file", "file-upload")]));
    expect((await upload(docs, "contrato.pdf", PDF, { type: "application/pdf" })).status).toBe(200);
  });

  it("answers 429 past FORMS_PUBLIC_RATE_LIMIT_MAX uploads a minute from one address", async () => {
    const slug = await publish("Fotos limitadas", imagesOnly);
    const saved = process.env.FORMS_PUBLIC_RATE_LIMIT_MAX;
    process.env.FORMS_PUBLIC_RATE_LIMIT_MAX = "2";
    try {
      expect((await upload(slug, "a.png", PNG, { ip: "10.0.0.9" })).status).toBe(200);
      expect((await upload(slug, "b.png", PNG, { ip: "10.0.0.9" })).status).toBe(200);
      expect(await upload(slug, "c.png", PNG, { ip: "10.0.0.9" })).toEqual({ status: 429, body: { message: "Demasiados envíos desde esta dirección. Espere un minuto e intente de nuevo." } });
      expect((await upload(slug, "d.png", PNG, { ip: "10.0.0.8" })).status).toBe(200);
    } finally {
      if (saved === undefined) delete process.env.FORMS_PUBLIC_RATE_LIMIT_MAX;
      else process.env.FORMS_PUBLIC_RATE_LIMIT_MAX = saved;
    }
  });
});
