import { eq, sql } from "drizzle-orm";
import { withTenant } from "../../db/client";
import type { TestContext } from "../../test/harness";
import { formSubmissions } from "./tables";

/**
 * The export and report tests' form: version 1, then version 2 that renames 'phone' to 'mobile',
 * removes 'old', relabels 'name' and an option of 'size', and adds a toggle, a signature and a
 * file. Three submissions: two to v1 (Ana, Beto), one to v2 (Carla); Ana approved by the admin.
 */

type F = Record<string, unknown>;
const field = (key: string, type: string, component: string, label: string, extra: F = {}): F => ({ key, type, component, label, ...extra });
const size = (large: string) => field("size", "select", "dropdown", "Tamaño", { options: [{ label: "Pequeño", value: "s" }, { label: large, value: "l" }] });
const extras = field("extras", "checkbox", "checkbox-group", "Extras", { options: [{ label: "Azúcar", value: "a" }, { label: "Leche", value: "b" }] });
const rating = field("rating", "rating", "rating-stars", "Calificación");
const qty = field("qty", "number", "textbox", "Cantidad");
const schemaOf = (fields: F[]) => ({ version: "1.0", metadata: { name: "Pedido" }, groups: [{ id: "group_1", fields }] });

export const V1 = schemaOf([field("name", "text", "textbox", "Nombre"), size("Grande"), extras, rating, qty, field("old", "textarea", "textarea", "Comentario viejo"), field("phone", "tel", "textbox", "Teléfono")]);
export const V2 = schemaOf([
  field("name", "text", "textbox", "Nombre completo"),
  size("Grande (L)"),
  extras,
  rating,
  qty,
  field("mobile", "tel", "textbox", "Móvil"),
  field("agree", "toggle", "toggle-switch", "Acepta"),
  field("sig", "signature", "signature", "Firma"),
  field("doc", "file", "file-upload", "Documento"),
]);

export const SIGNATURE = "data:image/png;base64,iVBORw0KGgo=";
export const FILE_URL = "/api/files/forms/a.pdf";

/** Business days (Santo Domingo, UTC-4): Ana 23:30 on the 10th (03:30 UTC on the 11th), Beto the 10th, Carla the 12th. */
export const CREATED_AT = { ana: new Date("2026-01-11T03:30:00Z"), beto: new Date("2026-01-10T15:00:00Z"), carla: new Date("2026-01-12T12:00:00Z") };

export async function versionedForm(t: TestContext, name: string) {
  const owner = await t.client("acme", "owner");
  const admin = await t.client("acme", "admin");
  const form = await owner.form.create.mutate({ name, schema: V1 });
  await owner.form.publish.mutate({ id: form.id });
  const ana = await owner.formSubmission.submit.mutate({ formId: form.id, answers: { name: "Ana", size: "l", extras: ["a", "b"], rating: 5, qty: 2, old: "=1+2", phone: "809-555-1234" } });
  const beto = await admin.formSubmission.submit.mutate({ formId: form.id, answers: { name: "Beto, \"el grande\"", size: "s", rating: 3, qty: 4, old: "hola" } });
  await owner.form.update.mutate({ id: form.id, schema: V2 });
  await owner.form.publish.mutate({ id: form.id });
  const carla = await owner.formSubmission.submit.mutate({
    formId: form.id,
    answers: { name: "Carla", size: "l", extras: ["b"], rating: 4, qty: 6, mobile: "8095550000", agree: true, sig: SIGNATURE },
  });
  await admin.formSubmission.setStatus.mutate({ id: ana.id, status: "approved" });
  await withTenant(t.db, t.acme.tenant.id, async (tx) => {
    for (const [id, at] of [
      [ana.id, CREATED_AT.ana],
      [beto.id, CREATED_AT.beto],
      [carla.id, CREATED_AT.carla],
    ] as const)
      await tx.update(formSubmissions).set({ createdAt: at }).where(eq(formSubmissions.id, id));
    // An uploaded file as the submit stores it (the upload itself is the public form's business).
    await tx
      .update(formSubmissions)
      .set({ data: sql`${formSubmissions.data} || ${JSON.stringify({ doc: [{ name: "a.pdf", size: 10, type: "application/pdf", url: FILE_URL }] })}::jsonb` })
      .where(eq(formSubmissions.id, carla.id));
  });
  return { id: form.id, slug: form.slug, ana, beto, carla };
}
