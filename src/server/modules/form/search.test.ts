import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf, withTenant } from "../../db/client";
import { createTestContext, errorOf, type TestContext } from "../../test/harness";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const schema = {
  version: "1.0",
  metadata: { name: "Comentarios" },
  groups: [{ id: "group_1", fields: [{ key: "comentario", type: "textarea", component: "textarea", label: "Comentario" }] }],
  conditionals: [],
};

/** A published form with `n` submissions inserted at once: every third says 'mofongo', number 7 says '100% rico_'. */
async function formWith(n: number) {
  const owner = await t.client("acme", "owner");
  const form = await owner.form.create.mutate({ name: `Comentarios ${n}`, schema });
  const published = await owner.form.publish.mutate({ id: form.id });
  const tenantId = t.acme.tenant.id;
  await withTenant(t.db, tenantId, async (tx) => {
    await tx.execute(sql`INSERT INTO form_submissions (tenant_id, id, form_id, version_id, number, data, status)
      SELECT ${tenantId}::uuid, gen_random_uuid(), ${form.id}::uuid, ${published.publishedVersionId}::uuid, g,
        jsonb_build_object('comentario', CASE WHEN g = 7 THEN '100% rico_' WHEN g % 3 = 0 THEN 'Buen mofongo ' || g ELSE 'Todo bien ' || g END),
        CASE WHEN g % 2 = 0 THEN 'approved' ELSE 'pending' END
      FROM generate_series(1, ${n}::int) g`);
    await tx.execute(sql`UPDATE forms SET submission_count = ${n} WHERE tenant_id = ${tenantId} AND id = ${form.id}`);
  });
  return { owner, formId: form.id };
}

describe("formSubmission.getAll search (the trigram index through enzzo_form_submission_ids_matching)", () => {
  it("finds the answers' text newest first, with the status filter, and counts up to 50 ('more than 50') as the product search does", async () => {
    const { owner, formId } = await formWith(200);
    const page1 = await owner.formSubmission.getAll.query({ formId, search: "MOFONGO" });
    expect(page1.data.map((s) => s.number)).toEqual([198, 195, 192, 189, 186, 183, 180, 177, 174, 171, 168, 165, 162, 159, 156, 153, 150, 147, 144, 141]);
    expect(page1.pagination).toMatchObject({ total: 50, capped: true });
    const page3 = await owner.formSubmission.getAll.query({ formId, search: "mofongo", page: 3 });
    expect(page3.data.map((s) => s.number)).toEqual([78, 75, 72, 69, 66, 63, 60, 57, 54, 51, 48, 45, 42, 39, 36, 33, 30, 27, 24, 21]);
    const approved = await owner.formSubmission.getAll.query({ formId, search: "mofongo", status: "approved", pageSize: 100 });
    // every sixth number: mofongo and even
    expect(approved.data.map((s) => s.number)).toEqual(Array.from({ length: 33 }, (_, i) => 198 - i * 6));
    expect(approved.pagination).toMatchObject({ total: 33 });
    expect(approved.pagination.capped).toBeUndefined();
    expect((await owner.formSubmission.getAll.query({ formId, search: "mofongo 12" })).data.map((s) => s.number)).toEqual([129, 126, 123, 120, 12]);
  });

  it("a number finds that submission and the answers holding it; % and _ are matched as written", async () => {
    const { owner, formId } = await formWith(30);
    expect((await owner.formSubmission.getAll.query({ formId, search: "21" })).data.map((s) => s.number)).toEqual([21]);
    expect((await owner.formSubmission.getAll.query({ formId, search: "7" })).data.map((s) => s.number)).toEqual([27, 17, 7]);
    expect((await owner.formSubmission.getAll.query({ formId, search: "100%" })).data.map((s) => s.number)).toEqual([7]);
    expect((await owner.formSubmission.getAll.query({ formId, search: "o_" })).data.map((s) => s.number)).toEqual([7]);
    expect((await owner.formSubmission.getAll.query({ formId, search: "nada de esto" })).pagination).toMatchObject({ total: 0 });
  });

  it("without a search: page 2 of the newest, and the total exact", async () => {
    const { owner, formId } = await formWith(45);
    const page = await owner.formSubmission.getAll.query({ formId, page: 2 });
    expect(page.data.map((s) => s.number)).toEqual(Array.from({ length: 20 }, (_, i) => 25 - i));
    expect(page.pagination).toMatchObject({ total: 45, pageCount: 3 });
    expect(page.data[0]).toMatchObject({ version: 1, data: { comentario: "Todo bien 25" }, status: "pending" });
  });

  it("another tenant sees none of it", async () => {
    const { formId } = await formWith(10);
    const outsider = await t.client("other", "owner");
    expect((await errorOf(outsider.formSubmission.getAll.query({ formId, search: "mofongo" }))).code).toBe("NOT_FOUND");
    // The search function itself answers only the current tenant's rows.
    const ids = await withTenant(t.db, t.other.tenant.id, async (tx) => rowsOf(await tx.execute(sql`SELECT enzzo_form_submission_ids_matching(${formId}::uuid, '%mofongo%', NULL, 100) AS id`)));
    expect(ids).toEqual([]);
    const own = await withTenant(t.db, t.acme.tenant.id, async (tx) => rowsOf(await tx.execute(sql`SELECT enzzo_form_submission_ids_matching(${formId}::uuid, '%mofongo%', NULL, 100) AS id`)));
    expect(own).toHaveLength(3);
  });
});
