import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf, withTenant } from "../../db/client";
import { type Client, createTestContext, type TestContext } from "../../test/harness";

/**
 * customer.search on a tenant past the function's 2,000-customer walk (migration 0017): every
 * path (names starting with the first word, common words in order, rare words and numbers through
 * the trigram index) answers exactly what a full scan sorted the same way answers.
 */
let t: TestContext;
let cashier: Client;
let outsider: Client;

const FIRST = ["María", "José", "Juan", "Ana", "Ángel", "Rosa", "Carlos", "Altagracia", "Yolanda", "Ramón", "Zoila", "Ñico"];
const LAST = ["Rodríguez", "Pérez", "Castillo", "Peña", "Ureña", "De la Cruz", "Almonte", "Báez", "Núñez", "Medina", "Zapata", "Quezada", "Arias"];
const sqlArray = (values: string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]`;

beforeAll(async () => {
  t = await createTestContext();
  [cashier, outsider] = await Promise.all([t.client("acme", "cashier"), t.client("other", "owner")]);
  // 3,000 customers: names from the lists above (a few words rare on purpose: 'Quezada' only in
  // the last 50 customers, alphabetically late first names), phones and some tax ids; 1 in 10 deleted.
  await withTenant(t.db, t.acme.tenant.id, (tx) =>
    tx.execute(
      sql.raw(`
      insert into customers (tenant_id, id, code, name, tax_id, phone, deleted_at)
      select '${t.acme.tenant.id}'::uuid, gen_random_uuid(), 'GEN-' || lpad(g::text, 5, '0'),
        (${sqlArray(FIRST)})[1 + g % 12] || ' ' ||
          case when g > 2950 then 'Quezada' else (${sqlArray(LAST)})[1 + (g / 12) % 12] end || ' ' || (${sqlArray(LAST)})[1 + (g / 144) % 12],
        case when g % 3 = 0 then lpad((100000000 + g * 7919)::text, 9, '0') end,
        (array['809','829','849'])[1 + g % 3] || '-' || lpad(((g * 37) % 1000)::text, 3, '0') || '-' || lpad(((g * 31) % 10000)::text, 4, '0'),
        case when g % 10 = 0 then now() end
      from generate_series(1, 3000) g`),
    ),
  );
  // Another business with the same names: never in acme's answers.
  await withTenant(t.db, t.other.tenant.id, (tx) =>
    tx.execute(sql.raw(`insert into customers (tenant_id, id, code, name) select '${t.other.tenant.id}'::uuid, gen_random_uuid(), 'OTH-' || g, 'Juan Quezada ' || g from generate_series(1, 30) g`)),
  );
});
afterAll(() => t.close());

/**
 * The reference: every active match of the tenant in the order the search promises. Words: those
 * starting with the first word first, then folded-name order. A number: phones and tax ids starting
 * with its digits first (in the order of those digits), then the others in folded-name order.
 */
async function fullScan(patterns: string[], prefix: string | null, limit: number): Promise<string[]> {
  const digits = prefix === null ? patterns[0]!.replaceAll("%", "") : null;
  const rows = await withTenant(t.db, t.acme.tenant.id, (tx) =>
    tx.execute(sql`
      with m as (
        select id, search_text,
          case when starts_with(regexp_replace(phone, '[^0-9]', '', 'g'), ${digits}::text) then regexp_replace(phone, '[^0-9]', '', 'g') end as pk,
          case when starts_with(regexp_replace(tax_id, '[^0-9]', '', 'g'), ${digits}::text) then regexp_replace(tax_id, '[^0-9]', '', 'g') end as tk
        from customers
        where deleted_at is null and search_text like all (array(select jsonb_array_elements_text(${JSON.stringify(patterns)}::jsonb))))
      select id from m
      order by coalesce(starts_with(search_text, ${prefix}::text), false) desc,
        least(pk collate "C", tk collate "C") nulls last,
        case when pk is null and tk is null then search_text end collate "C",
        id
      limit ${limit}`),
  );
  return rowsOf<{ id: string }>(rows).map((r) => r.id);
}

describe("customer.search over 3,000 customers", () => {
  it.each([
    // names starting with the first word fill the page (one index range)
    ["juan", ["%juan%"], "juan", 20],
    ["maría rodríguez", ["%maria%", "%rodriguez%"], "maria", 20],
    // a common word that starts no name: the first customers in order hold the page
    ["pena", ["%pena%"], "pena", 20],
    ["rodríguez", ["%rodriguez%"], "rodriguez", 50],
    // fewer names start with the word than the page: the rest come after, in order
    ["ana", ["%ana%"], "ana", 50],
    // rare words: only late in the order, or a combination the first 2,000 do not hold
    ["quezada", ["%quezada%"], "quezada", 20],
    // seen in the first 2,000 but fewer than the page: a longer window, then the trigram index
    ["quezada", ["%quezada%"], "quezada", 50],
    ["zoila quezada", ["%zoila%", "%quezada%"], "zoila", 20],
    ["medina zapata", ["%medina%", "%zapata%"], "medina", 20],
    // numbers: phones and tax ids starting with them (their indexes), then the trigram index
    ["829-37", ["%82937%"], null, 20],
    ["1000", ["%1000%"], null, 20],
    ["809", ["%809%"], null, 50],
    ["7919", ["%7919%"], null, 20],
    // no match
    ["xyzzy", ["%xyzzy%"], "xyzzy", 20],
  ] as const)("'%s' answers the full scan's first rows", async (query, patterns, prefix, limit) => {
    const expected = await fullScan([...patterns], prefix, limit);
    const got = await cashier.customer.search.query({ query, limit });
    expect(got.map((c) => c.id)).toEqual(expected);
    if (query !== "xyzzy") expect(got.length).toBeGreaterThan(0);
    // Only this business's active customers.
    expect(got.every((c) => c.code.startsWith("GEN-"))).toBe(true);
  });

  it("accents and case fold into the order: Ángel sorts with the a's, Ñico with the n's", async () => {
    const got = await cashier.customer.search.query({ query: "angel", limit: 5 });
    expect(got.map((c) => c.name.split(" ")[0])).toEqual(["Ángel", "Ángel", "Ángel", "Ángel", "Ángel"]);
    const nico = await cashier.customer.search.query({ query: "NICO", limit: 3 });
    expect(nico.map((c) => c.name.split(" ")[0])).toEqual(["Ñico", "Ñico", "Ñico"]);
  });

  it("another business sees only its own customers", async () => {
    const got = await outsider.customer.search.query({ query: "juan quezada", limit: 50 });
    expect(got).toHaveLength(30);
    expect(got.every((c) => c.code.startsWith("OTH-"))).toBe(true);
  });
});
