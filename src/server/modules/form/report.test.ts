import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, errorOf, type TestContext } from "../../test/harness";
import { versionedForm } from "./versioned-fixture";

let t: TestContext;
let form: Awaited<ReturnType<typeof versionedForm>>;
beforeAll(async () => {
  t = await createTestContext();
  form = await versionedForm(t, "Pedido de café");
});
afterAll(() => t.close());

describe("formSubmission.report", () => {
  it("totals, per business day (Santo Domingo), distributions and averages over both versions", async () => {
    const owner = await t.client("acme", "owner");
    const r = await owner.formSubmission.report.query({ formId: form.id });
    expect(r.total).toBe(3);
    expect(r.byStatus).toEqual({ pending: 2, approved: 1, rejected: 0 });
    // Ana's 03:30 UTC on the 11th is 23:30 on the 10th in Santo Domingo.
    expect(r.perDay).toEqual([
      { date: "2026-01-10", count: 2 },
      { date: "2026-01-12", count: 1 },
    ]);
    expect(r.distributions.map((d) => d.key)).toEqual(["size", "extras", "rating", "agree"]);
    const byKey = Object.fromEntries(r.distributions.map((d) => [d.key, d]));
    expect(byKey.size).toMatchObject({ label: "Tamaño", type: "select", answered: 3 });
    expect(byKey.size!.values).toEqual([
      { value: "s", label: "Pequeño", count: 1 },
      { value: "l", label: "Grande (L)", count: 2 },
    ]);
    expect(byKey.extras).toMatchObject({ answered: 2 });
    expect(byKey.extras!.values).toEqual([
      { value: "a", label: "Azúcar", count: 1 },
      { value: "b", label: "Leche", count: 2 },
    ]);
    expect(byKey.rating!.values.map((v) => [v.value, v.count])).toEqual([
      ["1", 0],
      ["2", 0],
      ["3", 1],
      ["4", 1],
      ["5", 1],
    ]);
    expect(byKey.agree).toMatchObject({ type: "toggle", answered: 1 });
    expect(byKey.agree!.values.map((v) => [v.value, v.count])).toEqual([
      ["true", 1],
      ["false", 0],
    ]);
    expect(r.numbers).toEqual([
      { key: "rating", label: "Calificación", type: "rating", count: 3, average: 4, min: 3, max: 5 },
      { key: "qty", label: "Cantidad", type: "number", count: 3, average: 4, min: 2, max: 6 },
    ]);
  });

  it("from/to are business dates, inclusive; an average rounds to two decimals", async () => {
    const owner = await t.client("acme", "owner");
    const tenth = await owner.formSubmission.report.query({ formId: form.id, from: "2026-01-10", to: "2026-01-10" });
    expect(tenth.total).toBe(2);
    expect(tenth.perDay).toEqual([{ date: "2026-01-10", count: 2 }]);
    expect(tenth.numbers.find((n) => n.key === "rating")).toMatchObject({ count: 2, average: 4, min: 3, max: 5 });
    const later = await owner.formSubmission.report.query({ formId: form.id, from: "2026-01-11" });
    expect(later.total).toBe(1);
    expect(later.byStatus).toEqual({ pending: 1, approved: 0, rejected: 0 });
    const none = await owner.formSubmission.report.query({ formId: form.id, to: "2026-01-09" });
    expect(none).toMatchObject({ total: 0, perDay: [] });
    expect(none.numbers.find((n) => n.key === "qty")).toMatchObject({ count: 0, average: null, min: null, max: null });
    const other = await versionedForm(t, "Tercios");
    await owner.formSubmission.submit.mutate({ formId: other.id, answers: { name: "Dani", size: "s", rating: 5, qty: 1 } });
    // (3 + 4 + 5 + 5) / 4 ratings = 4.25; quantities (2 + 4 + 6 + 1) / 4 = 3.25
    const fourth = await owner.formSubmission.report.query({ formId: other.id });
    expect(fourth.numbers.map((n) => n.average)).toEqual([4.25, 3.25]);
    expect(await errorOf(owner.formSubmission.report.query({ formId: form.id, from: "2026-01-12", to: "2026-01-10" }))).toEqual({ code: "BAD_REQUEST", message: "to: La fecha inicial no puede ser posterior a la final" });
    expect((await errorOf(owner.formSubmission.report.query({ formId: form.id, from: "2026-02-30" }))).code).toBe("BAD_REQUEST");
  });

  it("another tenant's form is NOT_FOUND; a role the form hides itself from gets FORBIDDEN", async () => {
    const outsider = await t.client("other", "owner");
    expect((await errorOf(outsider.formSubmission.report.query({ formId: form.id }))).code).toBe("NOT_FOUND");
    const owner = await t.client("acme", "owner");
    const admin = await t.client("acme", "admin");
    expect((await admin.formSubmission.report.query({ formId: form.id })).total).toBe(3);
    await owner.form.setPermissions.mutate({ formId: form.id, permissions: [{ role: "admin", canView: false, canSubmit: true, canEdit: true, canDelete: true, canManageSubmissions: true }] });
    expect(await errorOf(admin.formSubmission.report.query({ formId: form.id }))).toEqual({ code: "FORBIDDEN", message: "No tiene permiso para este formulario" });
    const cashier = await t.client("acme", "cashier");
    expect((await errorOf(cashier.formSubmission.report.query({ formId: form.id }))).code).toBe("FORBIDDEN");
  });
});
