import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FormSchema } from "../../../shared/forms/schema";
import { withTenant } from "../../db/client";
import { createTestContext, errorOf, type TestContext } from "../../test/harness";
import { users } from "../auth/tables";
import { mailMessages } from "../mail/tables";
import { answerRows, isDrawablePng, submissionPdf } from "./notify";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type F = Record<string, unknown>;
/** A 2×2 PNG, as the signature pad sends it. */
const SIGNATURE = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAAAAABX3VL4AAAADklEQVR4nGNg+M/wnwEABgAB/4/x/JoAAAAASUVORK5CYII=";

const field = (key: string, type: string, component: string, label: string, extra: F = {}): F => ({ key, type, component, label, ...extra });
const fields = (): F[] => [
  field("name", "text", "textbox", "Nombre", { required: true }),
  field("email", "email", "textbox", "Correo"),
  field("recommend", "radio", "radio-group", "¿Nos recomendaría?", {
    options: [
      { label: "Sí, claro", value: "yes" },
      { label: "No", value: "no" },
    ],
  }),
  field("topics", "checkbox", "checkbox-group", "Temas", {
    options: [
      { label: "Servicio", value: "service" },
      { label: "Precio", value: "price" },
    ],
  }),
  field("signature", "signature", "signature", "Firma"),
];
const schemaWith = (settings: F): F => ({ version: "1.0", metadata: { name: "Encuesta" }, groups: [{ id: "group_1", fields: fields() }], conditionals: [], settings });

async function publishedForm(name: string, settings: F) {
  const owner = await t.client("acme", "owner");
  const form = await owner.form.create.mutate({ name, schema: schemaWith(settings) });
  await owner.form.publish.mutate({ id: form.id });
  return { owner, formId: form.id };
}

/** The acme outbox messages to these addresses. */
function outboxTo(...addresses: string[]) {
  return withTenant(t.db, t.acme.tenant.id, (tx) =>
    tx
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.tenantId, t.acme.tenant.id), inArray(mailMessages.toAddress, addresses))),
  );
}

const answers = { name: "Ana Gómez", email: "ana@cliente.do", recommend: "yes", topics: ["service", "price"], signature: SIGNATURE };

describe("e-mail after a submission", () => {
  it("queues the notification to each recipient with the answers table and the PDF, and the confirmation to the submitter's e-mail", async () => {
    const { owner, formId } = await publishedForm("Encuesta de servicio", {
      emailNotifications: { enabled: true, recipients: ["jefa@acme.do", "ventas@acme.do"], attachPDF: true },
      confirmation: { type: "email", message: "Gracias por escribirnos." },
    });
    const sub = await owner.formSubmission.submit.mutate({ formId, answers });
    const notifications = await outboxTo("jefa@acme.do", "ventas@acme.do");
    expect(notifications.map((m) => m.toAddress).sort()).toEqual(["jefa@acme.do", "ventas@acme.do"]);
    for (const m of notifications) {
      expect(m).toMatchObject({ subject: "Nueva respuesta: Encuesta de servicio", kind: "notification", status: "outbox" });
      expect(m.text).toContain("Se recibió la respuesta n.º 1 del formulario «Encuesta de servicio».");
      expect(m.text).toContain("Nombre: Ana Gómez\nCorreo: ana@cliente.do\n¿Nos recomendaría?: Sí, claro\nTemas: Servicio, Precio\nFirma: Firmado");
      expect(m.text).toMatch(new RegExp(`Ver la respuesta: http://acme\\.localhost(:\\d+)?/home/forms/${formId}/submissions/${sub.id}`));
      expect(m.html).toContain("<table data-answers");
      expect(m.html).toContain("<th align=\"left\" style=\"padding:4px 8px;border-bottom:1px solid #ddd\">¿Nos recomendaría?</th><td style=\"padding:4px 8px;border-bottom:1px solid #ddd\">Sí, claro</td>");
      const attached = /download="respuesta-encuesta-de-servicio-1\.pdf" href="data:application\/pdf;base64,([A-Za-z0-9+/=]+)"/.exec(m.html ?? "");
      expect(attached).not.toBeNull();
      const pdf = Buffer.from(attached![1]!, "base64");
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
      // The signature is drawn: the PDF carries an image.
      expect(pdf.toString("latin1")).toContain("/Subtype /Image");
    }
    const [confirmation, ...more] = await outboxTo("ana@cliente.do");
    expect(more).toHaveLength(0);
    expect(confirmation).toMatchObject({ subject: "Recibimos su respuesta: Encuesta de servicio", text: "Gracias por escribirnos.", kind: "notification" });
  });

  it("a public submission with an uploaded photo: the mail links the file by its absolute /api/files URL on the tenant's host", async () => {
    const owner = await t.client("acme", "owner");
    const schema = {
      version: "1.0",
      metadata: { name: "Con foto" },
      groups: [{ id: "group_1", fields: [field("name", "text", "textbox", "Nombre"), field("photo", "image", "file-upload", "Foto", { options: { multiple: false, maxFiles: 1, allowedFormats: ["image/*"] } })] }],
      conditionals: [],
      settings: { emailNotifications: { enabled: true, recipients: ["fotos@acme.do"] } },
    };
    const form = await owner.form.create.mutate({ name: "Con foto", schema });
    await owner.form.update.mutate({ id: form.id, isPublic: true });
    await owner.form.publish.mutate({ id: form.id });
    const png = Buffer.from(SIGNATURE.slice(SIGNATURE.indexOf(",") + 1), "base64");
    const boundary = "----notify-test";
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await t.app.inject({
      method: "POST",
      url: `/api/upload/public-form?filename=${encodeURIComponent("forms/1732262400000-foto.png")}&slug=${form.slug}`,
      headers: { host: "acme.localhost", "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const url = (uploaded.json() as { url: string }).url;
    expect(url).toMatch(/^\/api\/files\//);
    const visitor = await t.client("acme");
    await visitor.publicForm.submit.mutate({ slug: form.slug, answers: { name: "Visitante", photo: [{ name: "foto.png", size: png.length, type: "image/png", url }] } });
    const [m] = await outboxTo("fotos@acme.do");
    expect(m!.text).toMatch(new RegExp(`Foto: foto\\.png \\(http://acme\\.localhost(:\\d+)?${url.replace(/[.]/g, "\\.")}\\)`));
    expect(m!.html).toMatch(new RegExp(`<a href="http://acme\\.localhost(:\\d+)?${url.replace(/[.]/g, "\\.")}">foto\\.png</a>`));
  });

  it("subject and body as the form sets them; without includeSubmissionData and attachPDF only the text and the link", async () => {
    const { owner, formId } = await publishedForm("Reclamos", {
      emailNotifications: { enabled: true, recipients: ["reclamos@acme.do"], emailSubject: "Reclamo recibido", emailBody: "Revise el reclamo hoy.", includeSubmissionData: false },
    });
    await owner.formSubmission.submit.mutate({ formId, answers: { name: "Luis" } });
    const [m, ...more] = await outboxTo("reclamos@acme.do");
    expect(more).toHaveLength(0);
    expect(m!.subject).toBe("Reclamo recibido");
    expect(m!.text.startsWith("Revise el reclamo hoy.\n\nVer la respuesta: http://acme.localhost")).toBe(true);
    expect(m!.text).not.toContain("Luis");
    expect(m!.html).not.toContain("data-answers");
    expect(m!.html).not.toContain("application/pdf");
  });

  it("nothing is queued when notifications are off, have no recipients, or the confirmation has no e-mail answer", async () => {
    const off = await publishedForm("Apagada", { emailNotifications: { enabled: false, recipients: ["apagada@acme.do"] } });
    await off.owner.formSubmission.submit.mutate({ formId: off.formId, answers: { ...answers, email: "apagada@cliente.do" } });
    const none = await publishedForm("Sin destinatarios", { emailNotifications: { enabled: true, recipients: [] } });
    await none.owner.formSubmission.submit.mutate({ formId: none.formId, answers: { ...answers, email: "sin@cliente.do" } });
    const noEmail = await publishedForm("Sin correo", { confirmation: { type: "email" } });
    await noEmail.owner.formSubmission.submit.mutate({ formId: noEmail.formId, answers: { name: "Eva" } });
    expect(await outboxTo("apagada@acme.do", "apagada@cliente.do", "sin@cliente.do")).toEqual([]);
    // The submission with the default confirmation ('message') sends none either; the one with 'email' and an address sends the default text.
    const withEmail = await publishedForm("Con correo", { confirmation: { type: "email" } });
    await withEmail.owner.formSubmission.submit.mutate({ formId: withEmail.formId, answers: { name: "Eva", email: "eva@cliente.do" } });
    const [c] = await outboxTo("eva@cliente.do");
    expect(c).toMatchObject({ subject: "Recibimos su respuesta: Con correo", text: "Gracias, recibimos su respuesta al formulario «Con correo»." });
  });

  it("a refused submission (400) queues nothing", async () => {
    const { owner, formId } = await publishedForm("Rechazo", { emailNotifications: { enabled: true, recipients: ["rechazo@acme.do"] }, confirmation: { type: "email" } });
    const error = await errorOf(owner.formSubmission.submit.mutate({ formId, answers: { email: "rechazado@cliente.do" } }));
    expect(error.code).toBe("BAD_REQUEST");
    expect(await outboxTo("rechazo@acme.do", "rechazado@cliente.do")).toEqual([]);
    expect((await owner.formSubmission.getAll.query({ formId })).pagination.total).toBe(0);
  });

  it("in the tenant's language: English when the owner's is English", async () => {
    await withTenant(t.db, t.other.tenant.id, (tx) => tx.update(users).set({ language: "en" }).where(and(eq(users.tenantId, t.other.tenant.id), eq(users.isOwner, true))));
    const owner = await t.client("other", "owner");
    const form = await owner.form.create.mutate({ name: "Survey", schema: schemaWith({ emailNotifications: { enabled: true, recipients: ["boss@other.do"] } }) });
    await owner.form.publish.mutate({ id: form.id });
    await owner.formSubmission.submit.mutate({ formId: form.id, answers: { name: "Ann", recommend: "no" } });
    const [m] = await withTenant(t.db, t.other.tenant.id, (tx) =>
      tx
        .select()
        .from(mailMessages)
        .where(and(eq(mailMessages.tenantId, t.other.tenant.id), eq(mailMessages.toAddress, "boss@other.do"))),
    );
    expect(m!.subject).toBe("New response: Survey");
    expect(m!.text).toContain("Answers:\nNombre: Ann\n¿Nos recomendaría?: No");
  });
});

describe("isDrawablePng", () => {
  it("a whole PNG is drawn; a corrupt one (which the data-URL check lets through) is not", () => {
    expect(isDrawablePng(SIGNATURE)).toBe(true);
    expect(isDrawablePng("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAMAAWgmWQ0AAAAASUVORK5CYII=")).toBe(false);
    expect(isDrawablePng("data:image/png;base64,AAAA")).toBe(false);
  });

  it("the PDF of answers with a corrupt signature is still made, the signature written as text", async () => {
    const corrupt = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAMAAWgmWQ0AAAAASUVORK5CYII=";
    const rows = [{ key: "firma", label: "Firma", text: "", files: [], signature: corrupt }];
    const pdf = await submissionPdf({ formName: "Encuesta", business: "Acme", number: 3, submittedAt: "hoy" }, rows, "es");
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.toString("latin1")).not.toContain("/Subtype /Image");
    const drawn = await submissionPdf({ formName: "Encuesta", business: "Acme", number: 3, submittedAt: "hoy" }, [{ ...rows[0]!, signature: SIGNATURE }], "es");
    expect(drawn.toString("latin1")).toContain("/Subtype /Image");
  });
});

describe("answerRows", () => {
  it("labels of the version, choice labels, yes/no, dates as read, files as absolute links, a signature noted", () => {
    const schema = {
      groups: [
        {
          id: "group_1",
          name: "G",
          columns: 1,
          collapsible: false,
          width: "full",
          fields: [
            { key: "visit", type: "date", component: "datepicker", label: "Fecha de visita", required: false },
            { key: "ok", type: "toggle", component: "toggle-switch", label: "De acuerdo", required: false },
            { key: "photo", type: "image", component: "file-upload", label: "Foto", required: false },
            { key: "sign", type: "signature", component: "signature", label: "Firma", required: false },
            { key: "skipped", type: "text", component: "textbox", label: "Sin respuesta", required: false },
          ],
        },
      ],
    } as unknown as FormSchema;
    const data = {
      visit: "2026-11-02",
      ok: true,
      photo: [
        { name: "a.png", size: 10, type: "image/png", url: "/api/files/1b2c.png" },
        { name: "b.png", size: 10, type: "image/png", url: "https://cdn.example.do/b.png" },
      ],
      sign: SIGNATURE,
      skipped: "",
    };
    const rows = answerRows(schema, data, "es", "https://demo.enzzo.do");
    expect(rows.map((r) => [r.label, r.text])).toEqual([
      ["Fecha de visita", "02/11/2026"],
      ["De acuerdo", "Sí"],
      ["Foto", "a.png (https://demo.enzzo.do/api/files/1b2c.png), b.png (https://cdn.example.do/b.png)"],
      ["Firma", "Firmado (ver la firma en el PDF o en la aplicación)"],
    ]);
    expect(rows[3]!.signature).toBe(SIGNATURE);
    expect(answerRows(schema, data, "en", "https://demo.enzzo.do")[0]!.text).toBe("11/02/2026");
  });
});
