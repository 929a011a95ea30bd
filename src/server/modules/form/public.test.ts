import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createTestContext, errorOf, type TestContext } from "../../test/harness";

let t: TestContext;
let owner: Client;
let anon: Client;
beforeAll(async () => {
  t = await createTestContext();
  owner = await t.client("acme", "owner");
  anon = await t.client("acme");
});
afterAll(() => t.close());

/** A 1×1 PNG, as the signature pad sends it. */
const SIGNATURE = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAMAAWgmWQ0AAAAASUVORK5CYII=";
const PNG = Buffer.from(SIGNATURE.split(",")[1]!, "base64");

type F = Record<string, unknown>;
const field = (key: string, type: string, component: string, extra: F = {}): F => ({ key, type, component, label: key[0]!.toUpperCase() + key.slice(1), ...extra });
/** A request form: a required name, a reason (select) that shows 'other' when it is 'other', an age 18–99, a photo (images, 2 at most) and a signature. */
const schema = {
  version: "1.0",
  metadata: { name: "Solicitud" },
  settings: { emailNotifications: { enabled: true, recipients: ["dueño@acme.test"], emailSubject: "Nueva solicitud" }, confirmation: { type: "message", message: "¡Gracias!" } },
  groups: [
    {
      id: "group_1",
      fields: [
        field("name", "text", "textbox", { required: true }),
        field("reason", "select", "dropdown", {
          options: [
            { label: "Cita", value: "cita" },
            { label: "Otro", value: "other" },
          ],
        }),
        field("other", "text", "textbox"),
        field("age", "number", "textbox", { validation: { min: 18, max: 99 } }),
        field("photo", "image", "file-upload", { options: { multiple: true, maxFiles: 2, maxSizeBytes: 1_048_576, allowedFormats: ["image/*"] } }),
        field("signature", "signature", "signature"),
      ],
    },
  ],
  // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's parts 'if' and 'then'; plain data, never awaited
  conditionals: [{ if: { field: "reason", operator: "equals", value: "other" }, then: { show: ["other"], require: ["other"] } }],
};

async function publicForm(name: string, settings: F = { isPublic: true }, client?: Client) {
  client ??= owner;
  const form = await client.form.create.mutate({ name, schema });
  await client.form.update.mutate({ id: form.id, ...settings });
  await client.form.publish.mutate({ id: form.id });
  return form;
}

/** Uploads a file the way the public page does (no session). */
async function upload(slug: string, filename: string, content: Buffer, host = "acme.localhost") {
  const res = await t.app.inject({ method: "POST", url: `/api/upload/public-form?filename=${encodeURIComponent(filename)}&slug=${slug}`, headers: { host, "content-type": "application/octet-stream" }, payload: content });
  return { status: res.statusCode, body: res.json() as { url?: string; message?: string } };
}

async function submissionsOf(formId: string) {
  return (await owner.formSubmission.getAll.query({ formId })).data;
}

describe("publicForm.get", () => {
  it("answers a published public form's published version without sign-in, keeping the notification recipients private", async () => {
    const form = await publicForm("Solicitud pública");
    const got = await anon.publicForm.get.query({ slug: form.slug });
    expect(got).toMatchObject({ slug: "solicitud-publica", name: "Solicitud pública", closed: false, closedMessage: null, company: { name: expect.any(String) } });
    expect(got.schema.groups[0]!.fields.map((f) => f.key)).toEqual(["name", "reason", "other", "age", "photo", "signature"]);
    expect(got.schema.settings.confirmation.message).toBe("¡Gracias!");
    expect(got.schema.settings.emailNotifications.recipients).toEqual([]);
    expect(JSON.stringify(got)).not.toContain("dueño@acme.test");
    // A later edit of the draft is not public until it is published again.
    await owner.form.update.mutate({ id: form.id, schema: { ...schema, conditionals: [], groups: [{ ...schema.groups[0]!, fields: [field("only", "text", "textbox")] }] } });
    expect((await anon.publicForm.get.query({ slug: form.slug })).schema.groups[0]!.fields).toHaveLength(6);
  });

  it("a draft, a private form, an archived one, an unknown slug and another tenant's slug are NOT_FOUND", async () => {
    const draft = await owner.form.create.mutate({ name: "Borrador público", schema });
    await owner.form.update.mutate({ id: draft.id, isPublic: true });
    const priv = await publicForm("Interna", { isPublic: false });
    const archived = await publicForm("Archivada");
    await owner.form.archive.mutate({ id: archived.id });
    for (const slug of [draft.slug, priv.slug, archived.slug, "no-existe"]) {
      expect(await errorOf(anon.publicForm.get.query({ slug }))).toEqual({ code: "NOT_FOUND", message: "Este formulario no existe o ya no está disponible" });
      expect((await errorOf(anon.publicForm.submit.mutate({ slug, answers: { name: "Ana" } }))).code).toBe("NOT_FOUND");
    }
    const outsider = await t.client("other");
    const mine = await publicForm("Solo de Acme");
    expect((await errorOf(outsider.publicForm.get.query({ slug: mine.slug }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.publicForm.submit.mutate({ slug: mine.slug, answers: { name: "Ana" } }))).code).toBe("NOT_FOUND");
    expect(await submissionsOf(draft.id)).toHaveLength(0);
    expect(await submissionsOf(priv.id)).toHaveLength(0);
    expect(await submissionsOf(mine.id)).toHaveLength(0);
  });

  it("a full form says it is closed, with its own message; submit then answers that message and stores nothing more", async () => {
    const form = await publicForm("Cupo limitado", { isPublic: true, maxSubmissions: 1, closedMessage: "Ya no hay cupos" });
    expect(await anon.publicForm.submit.mutate({ slug: form.slug, answers: { name: "Ana" } })).toEqual({ number: 1 });
    expect(await anon.publicForm.get.query({ slug: form.slug })).toMatchObject({ closed: true, closedMessage: "Ya no hay cupos" });
    expect(await errorOf(anon.publicForm.submit.mutate({ slug: form.slug, answers: { name: "Luis" } }))).toEqual({ code: "BAD_REQUEST", message: "Ya no hay cupos" });
    expect(await submissionsOf(form.id)).toHaveLength(1);
  });
});

describe("publicForm.submit", () => {
  it("stores an anonymous submission with the client address, the stored file's own size and type, and the signature", async () => {
    const form = await publicForm("Con archivo");
    const up = await upload(form.slug, "mi foto.png", PNG);
    expect(up.status).toBe(200);
    expect(up.body.url).toMatch(/^\/api\/files\/[0-9a-f-]{36}\.png$/);
    const answers = { name: "Ana", reason: "other", other: "Reclamo", age: 30, photo: [{ name: "mi foto.png", size: 1, type: "text/plain", url: up.body.url }], signature: SIGNATURE };
    expect(await anon.publicForm.submit.mutate({ slug: form.slug, answers })).toEqual({ number: 1 });
    const [row] = await submissionsOf(form.id);
    expect(row).toMatchObject({ submittedBy: null, submitterIp: "127.0.0.1", status: "pending", number: 1 });
    expect(row!.data).toEqual({ name: "Ana", reason: "other", other: "Reclamo", age: 30, photo: [{ name: "mi foto.png", size: PNG.length, type: "image/png", url: up.body.url }], signature: SIGNATURE });
    // The stored file is the tenant's: its users read it back, another tenant's session cannot.
    const mine = await t.app.inject({ method: "GET", url: up.body.url!, headers: { host: "acme.localhost", cookie: await t.signIn("acme", "cashier") } });
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(PNG)).toBe(true);
    expect((await t.app.inject({ method: "GET", url: up.body.url!, headers: { host: "acme.localhost" } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: up.body.url!, headers: { host: "other.localhost", cookie: await t.signIn("other", "owner") } })).statusCode).toBe(404);
  });

  it("refuses a missing required field, a value out of range, a forged hidden field and a bad signature with 400, storing nothing", async () => {
    const form = await publicForm("Validada");
    expect(await errorOf(anon.publicForm.submit.mutate({ slug: form.slug, answers: {} }))).toEqual({ code: "BAD_REQUEST", message: "Algunas respuestas no son válidas: name: Name es requerido" });
    expect(await errorOf(anon.publicForm.submit.mutate({ slug: form.slug, answers: { name: "Ana", age: 12 } }))).toEqual({ code: "BAD_REQUEST", message: "Algunas respuestas no son válidas: age: Age debe ser al menos 18" });
    // 'other' is required only while shown, and shown only when the reason is 'other'.
    expect(await errorOf(anon.publicForm.submit.mutate({ slug: form.slug, answers: { name: "Ana", reason: "other" } }))).toEqual({ code: "BAD_REQUEST", message: "Algunas respuestas no son válidas: other: Other es requerido" });
    expect(await errorOf(anon.publicForm.submit.mutate({ slug: form.slug, answers: { name: "Ana", reason: "cita", other: "colado" } }))).toEqual({ code: "BAD_REQUEST", message: "El envío tiene respuestas que el formulario no acepta: other" });
    expect((await errorOf(anon.publicForm.submit.mutate({ slug: form.slug, answers: { name: "Ana", signature: "data:image/png;base64,PGh0bWw+" } }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(anon.publicForm.submit.mutate({ slug: form.slug, answers: { name: "Ana", signature: "javascript:alert(1)" } }))).code).toBe("BAD_REQUEST");
    expect(await submissionsOf(form.id)).toHaveLength(0);
  });

  it("refuses a file answer that is not a stored upload of this tenant (forged, missing, another tenant's) and one the field's rules refuse", async () => {
    const form = await publicForm("Archivos controlados");
    const otherOwner = await t.client("other", "owner");
    const theirs = await publicForm("Archivos de otro", { isPublic: true }, otherOwner);
    const foreign = await upload(theirs.slug, "suya.png", PNG, "other.localhost");
    expect(foreign.status).toBe(200);
    const missing = "/api/files/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.png";
    for (const url of [foreign.body.url!, missing, "https://evil.example/x.png", "/uploads/x.png"]) {
      expect(await errorOf(anon.publicForm.submit.mutate({ slug: form.slug, answers: { name: "Ana", photo: [{ name: "x.png", size: 10, type: "image/png", url }] } }))).toEqual({
        code: "BAD_REQUEST",
        message: "Un archivo adjunto no se encuentra entre los archivos subidos a este formulario (photo)",
      });
    }
    // Three files where the field takes two: the count rule applies to the stored files.
    const one = await upload(form.slug, "a.png", PNG);
    const entry = { name: "a.png", size: 1, type: "image/png", url: one.body.url };
    expect(await errorOf(anon.publicForm.submit.mutate({ slug: form.slug, answers: { name: "Ana", photo: [entry, entry, entry] } }))).toEqual({ code: "BAD_REQUEST", message: "Algunas respuestas no son válidas: photo: Solo puedes subir un máximo de 2 archivos" });
    expect(await submissionsOf(form.id)).toHaveLength(0);
    expect((await otherOwner.formSubmission.getAll.query({ formId: theirs.id })).data).toHaveLength(0);
  });

  it("answers TOO_MANY_REQUESTS past FORMS_PUBLIC_RATE_LIMIT_MAX submissions a minute from one address; another address still submits", async () => {
    const form = await publicForm("Limitada");
    const submitFrom = async (ip: string, name: string) => {
      const res = await t.app.inject({ method: "POST", url: "/api/trpc/publicForm.submit", remoteAddress: ip, headers: { host: "acme.localhost", "content-type": "application/json", "x-locale": "es" }, payload: JSON.stringify({ json: { slug: form.slug, answers: { name } } }) });
      return { status: res.statusCode, message: (res.json() as { error?: { json?: { message?: string } } }).error?.json?.message };
    };
    const saved = process.env.FORMS_PUBLIC_RATE_LIMIT_MAX;
    process.env.FORMS_PUBLIC_RATE_LIMIT_MAX = "3";
    try {
      for (let i = 0; i < 3; i++) expect((await submitFrom("10.9.8.7", `Visitante ${i}`)).status).toBe(200);
      expect(await submitFrom("10.9.8.7", "Otra vez")).toEqual({ status: 429, message: "Demasiados envíos desde esta dirección. Espere un minuto e intente de nuevo." });
      expect((await submitFrom("10.9.8.6", "Vecina")).status).toBe(200);
    } finally {
      if (saved === undefined) delete process.env.FORMS_PUBLIC_RATE_LIMIT_MAX;
      else process.env.FORMS_PUBLIC_RATE_LIMIT_MAX = saved;
    }
    const rows = await submissionsOf(form.id);
    expect(rows.map((r) => r.submitterIp).sort()).toEqual(["10.9.8.6", "10.9.8.7", "10.9.8.7", "10.9.8.7"]);
  });
});
