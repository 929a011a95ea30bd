import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluateConditions } from "../../../shared/forms/rules";
import { mailMessages } from "../../modules/mail/tables";
import { unsafeFindTenantBySubdomain } from "../../modules/tenant/service";
import { createTestContext, errorOf, type TestContext } from "../../test/harness";
import { withTenant } from "../client";
import { DEMO_PASSWORD, seedDemo } from "./demo";
import { DEMO_FORM } from "./demo-forms";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await seedDemo(t.db);
}, 120_000);
afterAll(() => t.close());

const demoOutbox = async (tenantId: string) =>
  withTenant(t.db, tenantId, (tx) =>
    tx
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.tenantId, tenantId), eq(mailMessages.toAddress, DEMO_FORM.notify), like(mailMessages.subject, "Nueva encuesta%"))),
  );

describe("the demo's customer-satisfaction form (issue 17 'Demo data')", () => {
  it("is published and public, with a condition, a photo field for images, a signature and e-mail notifications to the owner", async () => {
    const owner = await t.client("demo", { email: "owner@demo.test", password: DEMO_PASSWORD });
    const list = await owner.form.getAll.query({ search: "satisfacción" });
    expect(list.data.map((f) => [f.name, f.slug, f.status, f.isPublic, f.submissionCount])).toEqual([[DEMO_FORM.name, DEMO_FORM.slug, "published", true, 6]]);
    const form = await owner.form.getById.query({ id: list.data[0]!.id });
    expect(form.latestVersion).toBe(2);
    const fields = form.schema.groups.flatMap((g) => g.fields);
    expect(fields.map((f) => [f.key, f.type, f.label])).toEqual([
      ["nombre", "text", "Nombre"],
      ["correo", "email", "Correo electrónico"],
      ["fecha_visita", "date", "Fecha de visita"],
      ["calificacion", "rating", "Calificación"],
      ["recomienda", "radio", "¿Nos recomendaría?"],
      ["que_fallo", "textarea", "¿Qué salió mal?"],
      ["foto", "image", "Foto (opcional)"],
      ["firma", "signature", "Firma"],
    ]);
    expect(fields.find((f) => f.key === "foto")!.options).toMatchObject({ allowedFormats: ["image/*"] });
    // A rating below 3 shows 'what went wrong' and requires it.
    for (const rating of [1, 2]) {
      const state = evaluateConditions(form.schema, { calificacion: rating });
      expect([state.hidden.has("que_fallo"), state.required.has("que_fallo")]).toEqual([false, true]);
    }
    const good = evaluateConditions(form.schema, { calificacion: 4 });
    expect([good.hidden.has("que_fallo"), good.required.has("que_fallo")]).toEqual([true, false]);
    expect(form.schema.settings.emailNotifications).toMatchObject({ enabled: true, recipients: [DEMO_FORM.notify], attachPDF: true, includeSubmissionData: true });
  });

  it("has six submissions with statuses mixed, one with rating 2 and its answer; seeding mailed nothing, a new answer mails the owner", async () => {
    const demo = (await unsafeFindTenantBySubdomain(t.db, "demo"))!;
    const owner = await t.client("demo", { email: "owner@demo.test", password: DEMO_PASSWORD });
    const [form] = (await owner.form.getAll.query({ search: "satisfacción" })).data;
    const subs = await owner.formSubmission.getAll.query({ formId: form!.id });
    expect(subs.data.map((s) => s.status)).toEqual(["pending", "approved", "pending", "rejected", "approved", "approved"]);
    const low = subs.data.find((s) => (s.data as Record<string, unknown>).calificacion === 2)!;
    expect(low.data).toMatchObject({ nombre: "Pedro Almonte", recomienda: "no", que_fallo: "El pedido tardó 40 minutos y llegó frío." });
    expect((low.data as Record<string, string>).firma).toMatch(/^data:image\/png;base64,/);
    expect(new Set(subs.data.map((s) => s.createdAt.toISOString().slice(0, 10))).size).toBeGreaterThan(3);
    expect(await demoOutbox(demo.id)).toEqual([]);
    // The condition holds on the server too: a low rating without 'what went wrong' is refused.
    const answers = { nombre: "Prueba", correo: "prueba@example.do", fecha_visita: "2026-01-10", calificacion: 1, recomienda: "no" };
    expect((await errorOf(owner.formSubmission.submit.mutate({ formId: form!.id, answers }))).message).toContain("que_fallo");
    await owner.formSubmission.submit.mutate({ formId: form!.id, answers: { ...answers, que_fallo: "Nada bien" } });
    const [mail, ...more] = await demoOutbox(demo.id);
    expect(more).toHaveLength(0);
    expect(mail!.text).toContain("Nombre: Prueba");
    expect(mail!.html).toContain('href="data:application/pdf;base64,');
  });
});
