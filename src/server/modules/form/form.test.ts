import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, errorOf, type TestContext } from "../../test/harness";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type F = Record<string, unknown>;
const field = (key: string, type: string, component: string, extra: F = {}): F => ({ key, type, component, label: key[0]!.toUpperCase() + key.slice(1), ...extra });
/** A survey: a required name, a rating 1–5, a 'why' shown only when the rating is 1, and a hidden source. */
const survey = (extra: F[] = []) => ({
  version: "1.0",
  metadata: { name: "Encuesta" },
  groups: [
    {
      id: "group_1",
      fields: [
        field("name", "text", "textbox", { required: true, validation: { maxLength: 20 } }),
        field("rating", "rating", "rating-stars", { required: true }),
        field("why", "textarea", "textarea"),
        field("source", "hidden", "textbox", { defaultValue: "web" }),
        ...extra,
      ],
    },
  ],
  // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's parts 'if' and 'then'; plain data, never awaited
  conditionals: [{ if: { field: "rating", operator: "equals", value: "1" }, then: { show: ["why"] } }],
});

async function publishedSurvey(name: string, settings: F = {}) {
  const owner = await t.client("acme", "owner");
  const form = await owner.form.create.mutate({ name, schema: survey() });
  if (Object.keys(settings).length > 0) await owner.form.update.mutate({ id: form.id, ...settings });
  await owner.form.publish.mutate({ id: form.id });
  return form.id;
}

describe("form.*", () => {
  it("create: slug from the name, unique with -2, -3; the empty form when no schema; list and getById", async () => {
    const owner = await t.client("acme", "owner");
    const a = await owner.form.create.mutate({ name: "Encuesta de satisfacción", description: "Clientes", category: "Ventas" });
    expect(a).toMatchObject({ name: "Encuesta de satisfacción", slug: "encuesta-de-satisfaccion", status: "draft", isPublic: false, submissionCount: 0, latestVersion: null, description: "Clientes", category: "Ventas" });
    expect(a.schema.groups).toEqual([]);
    expect(a.schema.metadata.name).toBe("Encuesta de satisfacción");
    const b = await owner.form.create.mutate({ name: "Encuesta de satisfaccion" });
    const c = await owner.form.create.mutate({ name: "ENCUESTA de satisfacción!" });
    expect([b.slug, c.slug]).toEqual(["encuesta-de-satisfaccion-2", "encuesta-de-satisfaccion-3"]);
    expect(await owner.form.getById.query({ id: a.id })).toEqual(a);
    const withSchema = await owner.form.create.mutate({ name: "Con campos", schema: survey() });
    const list = await owner.form.getAll.query({ search: "con campos" });
    expect(list.pagination.total).toBe(1);
    expect(list.data[0]).toMatchObject({ id: withSchema.id, name: "Con campos", fieldCount: 4, submissionCount: 0, status: "draft" });
    const drafts = await owner.form.getAll.query({ search: "encuesta", status: "draft" });
    expect(drafts.data.map((f) => f.slug).sort()).toEqual(["encuesta-de-satisfaccion", "encuesta-de-satisfaccion-2", "encuesta-de-satisfaccion-3"]);
  });

  it("a schema the shared module refuses is a 400 with its message; a blank name too", async () => {
    const owner = await t.client("acme", "owner");
    expect(await errorOf(owner.form.create.mutate({ name: "Mala", schema: { groups: [] } }))).toEqual({ code: "BAD_REQUEST", message: "Estructura de esquema de formulario inválida" });
    const dup = survey([field("name", "text", "textbox")]);
    expect((await errorOf(owner.form.create.mutate({ name: "Mala", schema: dup }))).code).toBe("BAD_REQUEST");
    expect(await errorOf(owner.form.create.mutate({ name: "  " }))).toEqual({ code: "BAD_REQUEST", message: "name: El nombre del formulario es requerido" });
    const form = await owner.form.create.mutate({ name: "Buena" });
    expect((await errorOf(owner.form.update.mutate({ id: form.id, schema: "x" }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(owner.form.update.mutate({ id: form.id, maxSubmissions: 0 }))).code).toBe("BAD_REQUEST");
    expect((await owner.form.getAll.query({ search: "Mala" })).pagination.total).toBe(0);
  });

  it("update saves the draft and settings; the slug stays; publish stores version 1, 2 … and a version never changes after a later edit", async () => {
    const owner = await t.client("acme", "owner");
    const form = await owner.form.create.mutate({ name: "Inscripción" });
    const saved = await owner.form.update.mutate({ id: form.id, name: "Inscripción 2027", schema: survey(), isPublic: true, maxSubmissions: 10, closedMessage: "Cupo lleno" });
    expect(saved).toMatchObject({ name: "Inscripción 2027", slug: "inscripcion", isPublic: true, maxSubmissions: 10, closedMessage: "Cupo lleno", status: "draft" });
    const v1 = await owner.form.publish.mutate({ id: form.id });
    expect(v1).toMatchObject({ status: "published", latestVersion: 1 });
    const first = await owner.formSubmission.submit.mutate({ formId: form.id, answers: { name: "Ana", rating: 5 } });
    // A later edit changes the draft only: the published version and its submissions keep the old fields.
    const edited = survey();
    (edited.groups[0]!.fields[0] as F).label = "Nombre completo";
    (edited.groups[0]!.fields as F[]).push(field("email", "email", "textbox", { required: true }));
    await owner.form.update.mutate({ id: form.id, schema: edited });
    const stillV1 = await owner.formSubmission.submit.mutate({ formId: form.id, answers: { name: "Luis", rating: 4 } });
    expect(stillV1.number).toBe(2);
    const v2 = await owner.form.publish.mutate({ id: form.id });
    expect(v2).toMatchObject({ status: "published", latestVersion: 2 });
    // The list shows the same version number.
    expect((await owner.form.getAll.query({ search: "Inscripción 2027" })).data[0]).toMatchObject({ id: form.id, latestVersion: 2, fieldCount: 5 });
    expect(v2.publishedVersionId).not.toBe(v1.publishedVersionId);
    expect(await errorOf(owner.formSubmission.submit.mutate({ formId: form.id, answers: { name: "Eva", rating: 3 } }))).toEqual({ code: "BAD_REQUEST", message: "Algunas respuestas no son válidas: email: Email es requerido" });
    const sub1 = await owner.formSubmission.getById.query({ id: first.id });
    expect(sub1).toMatchObject({ number: 1, version: 1, versionId: v1.publishedVersionId, data: { name: "Ana", rating: 5, source: "web" }, status: "pending", formName: "Inscripción 2027" });
    expect(sub1.schema.groups[0]!.fields.map((f) => f.label)).toEqual(["Name", "Rating", "Why", "Source"]);
  });

  it("duplicate: a new draft 'Copia de {name}' with the draft schema and its own slug", async () => {
    const owner = await t.client("acme", "owner");
    const id = await publishedSurvey("Reclamos");
    const copy = await owner.form.duplicate.mutate({ id });
    expect(copy).toMatchObject({ name: "Copia de Reclamos", slug: "copia-de-reclamos", status: "draft", submissionCount: 0, latestVersion: null, publishedVersionId: null });
    expect(copy.schema.groups[0]!.fields.map((f) => f.key)).toEqual(["name", "rating", "why", "source"]);
  });

  it("archive is the delete: the form and its submissions stay, it takes no more answers and no more edits", async () => {
    const owner = await t.client("acme", "owner");
    const id = await publishedSurvey("Archivable");
    const sub = await owner.formSubmission.submit.mutate({ formId: id, answers: { name: "Ana", rating: 2 } });
    expect((await owner.form.archive.mutate({ id })).status).toBe("archived");
    expect((await owner.formSubmission.getById.query({ id: sub.id })).data).toEqual({ name: "Ana", rating: 2, source: "web" });
    expect(await errorOf(owner.formSubmission.submit.mutate({ formId: id, answers: { name: "Ana", rating: 2 } }))).toEqual({ code: "BAD_REQUEST", message: "Este formulario no está publicado" });
    expect(await errorOf(owner.form.update.mutate({ id, name: "Otra" }))).toEqual({ code: "BAD_REQUEST", message: "Este formulario está archivado y no se puede modificar" });
    expect((await owner.form.getAll.query({ search: "Archivable", status: "archived" })).pagination.total).toBe(1);
    expect("delete" in owner.form).toBe(false);
  });
});

describe("formSubmission.*", () => {

  it("getForm: the published version to fill (not a later draft), closed when full; a draft is a 400, a role without submit FORBIDDEN, another tenant's NOT_FOUND", async () => {
    const owner = await t.client("acme", "owner");
    const admin = await t.client("acme", "admin");
    const id = await publishedSurvey("Para llenar", { maxSubmissions: 1, closedMessage: "Ya no hay cupo" });
    const draft = survey();
    (draft.groups[0]!.fields[0] as F).label = "Nombre en borrador";
    await owner.form.update.mutate({ id, schema: draft });
    const open = await owner.formSubmission.getForm.query({ formId: id });
    expect(open).toMatchObject({ id, name: "Para llenar", version: 1, closed: false, closedMessage: null });
    expect(open.schema.groups[0]!.fields[0]!.label).toBe("Name");
    await owner.formSubmission.submit.mutate({ formId: id, answers: { name: "Ana", rating: 4 } });
    expect(await owner.formSubmission.getForm.query({ formId: id })).toMatchObject({ closed: true, closedMessage: "Ya no hay cupo" });
    const unpublished = await owner.form.create.mutate({ name: "Sin publicar" });
    expect(await errorOf(owner.formSubmission.getForm.query({ formId: unpublished.id }))).toEqual({ code: "BAD_REQUEST", message: "Este formulario no está publicado" });
    expect((await admin.formSubmission.getForm.query({ formId: id })).version).toBe(1);
    await owner.form.setPermissions.mutate({ formId: id, permissions: [{ role: "admin", canView: true, canSubmit: false, canEdit: true, canDelete: false, canManageSubmissions: false }] });
    expect((await errorOf(admin.formSubmission.getForm.query({ formId: id }))).code).toBe("FORBIDDEN");
    const outsider = await t.client("other", "owner");
    expect((await errorOf(outsider.formSubmission.getForm.query({ formId: id }))).code).toBe("NOT_FOUND");
  });
  it("submit: stores the normalised values of the published version and numbers them per form", async () => {
    const owner = await t.client("acme", "owner");
    const id = await publishedSurvey("Satisfacción");
    const a = await owner.formSubmission.submit.mutate({ formId: id, answers: { name: "Ana", rating: "1", why: "Lento" } });
    const b = await owner.formSubmission.submit.mutate({ formId: id, answers: { name: "Luis", rating: 5, source: "web" } });
    expect([a.number, b.number]).toEqual([1, 2]);
    const stored = await owner.formSubmission.getById.query({ id: a.id });
    expect(stored).toMatchObject({ data: { name: "Ana", rating: 1, why: "Lento", source: "web" }, status: "pending", submittedByName: expect.any(String), version: 1 });
    expect((await owner.form.getById.query({ id })).submissionCount).toBe(2);
    const page = await owner.formSubmission.getAll.query({ formId: id });
    expect(page.data.map((s) => s.number)).toEqual([2, 1]);
    expect((await owner.formSubmission.getAll.query({ formId: id, search: "lento" })).data.map((s) => s.id)).toEqual([a.id]);
    expect((await owner.formSubmission.getAll.query({ formId: id, search: "2" })).data.map((s) => s.id)).toEqual([b.id]);
  });

  it("submit refuses invalid answers, a forged hidden field and a draft form, storing nothing", async () => {
    const owner = await t.client("acme", "owner");
    const id = await publishedSurvey("Validada");
    expect(await errorOf(owner.formSubmission.submit.mutate({ formId: id, answers: { rating: 3 } }))).toEqual({ code: "BAD_REQUEST", message: "Algunas respuestas no son válidas: name: Name es requerido" });
    expect(await errorOf(owner.formSubmission.submit.mutate({ formId: id, answers: { name: "x".repeat(21), rating: 9 } }))).toEqual({
      code: "BAD_REQUEST",
      message: "Algunas respuestas no son válidas: name: Se permiten máximo 20 caracteres; rating: Rating no es válido",
    });
    // 'why' is hidden unless the rating is 1; 'source' is a hidden-type field with its own default; 'admin' is not in the form.
    expect(await errorOf(owner.formSubmission.submit.mutate({ formId: id, answers: { name: "Ana", rating: 5, why: "forjado" } }))).toEqual({
      code: "BAD_REQUEST",
      message: "El envío tiene respuestas que el formulario no acepta: why",
    });
    expect((await errorOf(owner.formSubmission.submit.mutate({ formId: id, answers: { name: "Ana", rating: 5, source: "ads" } }))).message).toContain(": source");
    expect((await errorOf(owner.formSubmission.submit.mutate({ formId: id, answers: { name: "Ana", rating: 5, admin: true } }))).message).toContain(": admin");
    expect((await owner.form.getById.query({ id })).submissionCount).toBe(0);
    expect((await owner.formSubmission.getAll.query({ formId: id })).pagination.total).toBe(0);
    const draft = await owner.form.create.mutate({ name: "Borrador", schema: survey() });
    expect(await errorOf(owner.formSubmission.submit.mutate({ formId: draft.id, answers: { name: "Ana", rating: 5 } }))).toEqual({ code: "BAD_REQUEST", message: "Este formulario no está publicado" });
  });

  it("max submissions: the last slot is taken once, then the closed message (or the default one)", async () => {
    const owner = await t.client("acme", "owner");
    const id = await publishedSurvey("Con cupo", { maxSubmissions: 2, closedMessage: "Ya no hay cupos" });
    await owner.formSubmission.submit.mutate({ formId: id, answers: { name: "A", rating: 5 } });
    await owner.formSubmission.submit.mutate({ formId: id, answers: { name: "B", rating: 5 } });
    expect(await errorOf(owner.formSubmission.submit.mutate({ formId: id, answers: { name: "C", rating: 5 } }))).toEqual({ code: "BAD_REQUEST", message: "Ya no hay cupos" });
    // Full is said before the answers are checked.
    expect(await errorOf(owner.formSubmission.submit.mutate({ formId: id, answers: {} }))).toEqual({ code: "BAD_REQUEST", message: "Ya no hay cupos" });
    expect((await owner.form.getById.query({ id })).submissionCount).toBe(2);
    await owner.form.update.mutate({ id, closedMessage: null });
    expect(await errorOf(owner.formSubmission.submit.mutate({ formId: id, answers: { name: "C", rating: 5 } }))).toEqual({ code: "BAD_REQUEST", message: "Este formulario ya no acepta respuestas" });
    await owner.form.update.mutate({ id, maxSubmissions: 3 });
    expect((await owner.formSubmission.submit.mutate({ formId: id, answers: { name: "C", rating: 5 } })).number).toBe(3);
  });

  it("submits racing for the last slots: exactly as many as the limit are stored", async () => {
    const id = await publishedSurvey("Último cupo", { maxSubmissions: 2 });
    const clients = await Promise.all([t.client("acme", "owner"), t.client("acme", "admin"), t.client("acme", "owner"), t.client("acme", "admin")]);
    const results = await Promise.allSettled(clients.flatMap((c, i) => [0, 1].map((j) => c.formSubmission.submit.mutate({ formId: id, answers: { name: `P${i}-${j}`, rating: 5 } }))));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    for (const failed of results.filter((r) => r.status === "rejected")) expect((failed as PromiseRejectedResult).reason.message).toBe("Este formulario ya no acepta respuestas");
    const owner = await t.client("acme", "owner");
    const stored = await owner.formSubmission.getAll.query({ formId: id });
    expect(stored.data.map((s) => s.number).sort()).toEqual([1, 2]);
    expect((await owner.form.getById.query({ id })).submissionCount).toBe(2);
  });

  it("setStatus records who and when; manage_submissions is needed", async () => {
    const owner = await t.client("acme", "owner");
    const admin = await t.client("acme", "admin");
    const id = await publishedSurvey("Revisión");
    const sub = await owner.formSubmission.submit.mutate({ formId: id, answers: { name: "Ana", rating: 4 } });
    const approved = await admin.formSubmission.setStatus.mutate({ id: sub.id, status: "approved" });
    expect(approved).toMatchObject({ status: "approved", statusChangedBy: t.acme.users.admin.id });
    expect(approved.statusChangedAt).toBeInstanceOf(Date);
    expect((await owner.formSubmission.getAll.query({ formId: id, status: "approved" })).data.map((s) => s.id)).toEqual([sub.id]);
    expect((await owner.formSubmission.getAll.query({ formId: id, status: "pending" })).pagination.total).toBe(0);
    const cashier = await t.client("acme", "cashier");
    expect((await errorOf(cashier.formSubmission.setStatus.mutate({ id: sub.id, status: "rejected" }))).code).toBe("FORBIDDEN");
  });
});

describe("permissions and tenants", () => {
  it("a cashier without forms permissions gets FORBIDDEN", async () => {
    const cashier = await t.client("acme", "cashier");
    expect((await errorOf(cashier.form.create.mutate({ name: "No" }))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.form.getAll.query({}))).code).toBe("FORBIDDEN");
    const anonymous = await t.client("acme");
    expect((await errorOf(anonymous.form.getAll.query({}))).code).toBe("UNAUTHORIZED");
  });

  it("a form's own rights narrow a role: admin without view, edit or submit on one form", async () => {
    const owner = await t.client("acme", "owner");
    const admin = await t.client("acme", "admin");
    const id = await publishedSurvey("Privado");
    expect((await owner.form.getPermissions.query({ formId: id })).map((p) => [p.role, p.canView, p.custom])).toEqual([
      ["admin", true, false],
      ["cashier", true, false],
    ]);
    await admin.form.update.mutate({ id, description: "ok" });
    const set = await owner.form.setPermissions.mutate({ formId: id, permissions: [{ role: "admin", canView: false, canSubmit: false, canEdit: false, canDelete: false, canManageSubmissions: false }] });
    expect(set[0]).toMatchObject({ role: "admin", canView: false, canSubmit: false, custom: true });
    expect((await errorOf(admin.form.getById.query({ id }))).code).toBe("FORBIDDEN");
    expect((await errorOf(admin.form.update.mutate({ id, description: "no" }))).code).toBe("FORBIDDEN");
    expect((await errorOf(admin.form.archive.mutate({ id }))).code).toBe("FORBIDDEN");
    expect((await errorOf(admin.formSubmission.submit.mutate({ formId: id, answers: { name: "A", rating: 5 } }))).code).toBe("FORBIDDEN");
    expect((await admin.form.getAll.query({ search: "Privado" })).pagination.total).toBe(0);
    // The owner keeps every right.
    expect((await owner.formSubmission.submit.mutate({ formId: id, answers: { name: "A", rating: 5 } })).number).toBe(1);
    await owner.form.setPermissions.mutate({ formId: id, permissions: [{ role: "admin", canView: true, canSubmit: true, canEdit: true, canDelete: false, canManageSubmissions: true }] });
    expect((await admin.form.getById.query({ id })).description).toBe("ok");
    expect((await owner.form.getPermissions.query({ formId: id }))[0]).toMatchObject({ role: "admin", canView: true, canDelete: false, custom: true });
  });

  it("another tenant's ids are NOT_FOUND everywhere", async () => {
    const id = await publishedSurvey("De acme");
    const owner = await t.client("acme", "owner");
    const sub = await owner.formSubmission.submit.mutate({ formId: id, answers: { name: "A", rating: 5 } });
    const outsider = await t.client("other", "owner");
    const calls = [
      () => outsider.form.getById.query({ id }),
      () => outsider.form.update.mutate({ id, name: "x" }),
      () => outsider.form.publish.mutate({ id }),
      () => outsider.form.archive.mutate({ id }),
      () => outsider.form.duplicate.mutate({ id }),
      () => outsider.form.getPermissions.query({ formId: id }),
      () => outsider.form.setPermissions.mutate({ formId: id, permissions: [] }),
      () => outsider.formSubmission.submit.mutate({ formId: id, answers: { name: "A", rating: 5 } }),
      () => outsider.formSubmission.getAll.query({ formId: id }),
      () => outsider.formSubmission.getById.query({ id: sub.id }),
      () => outsider.formSubmission.setStatus.mutate({ id: sub.id, status: "approved" }),
    ];
    for (const call of calls) expect((await errorOf(call())).code).toBe("NOT_FOUND");
    expect((await outsider.form.getAll.query({ search: "De acme" })).pagination.total).toBe(0);
    expect((await owner.formSubmission.getById.query({ id: sub.id })).status).toBe("pending");
  });
});
