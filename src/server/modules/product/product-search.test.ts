import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchKey } from "../../../shared/platform/pagination";
import { rowsOf, withTenant } from "../../db/client";
import { newId } from "../../ids";
import { type Client, createTestContext, type TestContext } from "../../test/harness";
import { providers } from "../provider/tables";

/**
 * Catalog search (issue 11 §4, migration 0023): product.getAll with a search and product.searchProducts
 * on a tenant past enzzo_product_find's 2,000-product window. Every path (names starting with the
 * text from the order index, common fragments inside words from the window, rare ones through the
 * trigram index, pages past the first) answers what a full scan sorted the same way answers; the
 * count stops at 'more than 50'; the POS scan finds barcodes, SKUs and providers' codes.
 */
let t: TestContext;
let owner: Client;
let cashier: Client;
let outsider: Client;
let provider: string;

const FIRST = ["Arroz", "Leche", "Jabón", "Café", "Plátano", "Queso", "Ñame", "Aceite", "Yuca", "Harina", "Galleta", "Salami"];
const BRAND = ["Selecto", "Premium", "Criollo", "La Garza", "Induveca", "Rica", "Baní", "Mi Casa", "Del Campo", "Zoé"];
const sqlArray = (values: string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]`;
const price = { price: "50", price2: "50", price3: "50" };

beforeAll(async () => {
  t = await createTestContext();
  [owner, cashier, outsider] = await Promise.all([t.client("acme", "owner"), t.client("acme", "cashier"), t.client("other", "owner")]);
  // 3,000 products: a first word (each in 250 names), a brand and a size (hashed from the number),
  // SKUs GEN-nnnnn, barcodes; salami's keywords 'embutido ahumado' (a word found only past the
  // window, which holds the first 2,000 live names in order: aceite … plátano). 1 in 10 deleted
  // (g ending in 0), 1 in 10 inactive (g ending in 5).
  await withTenant(t.db, t.acme.tenant.id, (tx) =>
    tx.execute(
      sql.raw(`
      insert into products (tenant_id, id, name, sku, barcode, keywords, price, price2, price3, is_active, deleted_at)
      select '${t.acme.tenant.id}'::uuid, gen_random_uuid(),
        (${sqlArray(FIRST)})[1 + g % 12] || ' ' || (${sqlArray(BRAND)})[1 + abs(hashint4(g * 3 + 1)) % 10] || ' ' || (1 + abs(hashint4(g)) % 40) || ' lb #' || g,
        'GEN-' || lpad(g::text, 5, '0'),
        '7469' || lpad(g::text, 9, '0'),
        case when g % 12 = 11 then 'embutido ahumado' end,
        50, 50, 50,
        g % 10 not in (0, 5),
        case when g % 10 = 0 then now() end
      from generate_series(1, 3000) g`),
    ),
  );
  // Another business with the same names and codes of its own: never in acme's answers.
  await withTenant(t.db, t.other.tenant.id, (tx) =>
    tx.execute(
      sql.raw(`
      insert into products (tenant_id, id, name, sku, barcode, price, price2, price3)
      select '${t.other.tenant.id}'::uuid, gen_random_uuid(), 'Arroz Selecto ajeno ' || g, 'OTH-' || g, '7460000000' || lpad(g::text, 3, '0'), 50, 50, 50
      from generate_series(1, 60) g`),
    ),
  );
  await withTenant(t.db, t.acme.tenant.id, async (tx) => {
    provider = newId();
    await tx.insert(providers).values({ tenantId: t.acme.tenant.id, id: provider, code: "P-1", name: "Distribuidora Corripio" });
  });
  // Names with and without a word at their start, accents on both sides.
  for (const p of [
    { name: "Mangú de plátano", sku: "MAN-1" },
    { name: "MANGU con salami", sku: "MAN-2" },
    { name: "Plato de mangú", sku: "MAN-3" },
    { name: "Desayuno Mangu tres golpes", sku: "MAN-4" },
    { name: "Huevos fritos", sku: "MAN-5", keywords: "para el mangú" },
  ]) {
    await owner.product.create.mutate({ ...p, ...price });
  }
});
afterAll(() => t.close());

/** The reference: every match in the promised order (names starting with the text first, then folded-text order). */
async function fullScan(text: string, opts: { activeOnly?: boolean; showDeleted?: boolean } = {}): Promise<string[]> {
  const key = searchKey(text);
  const rows = await withTenant(t.db, t.acme.tenant.id, (tx) =>
    tx.execute(sql`
      select id from products
      where strpos(search_text, ${key}) > 0
        and (${opts.showDeleted ?? false} or deleted_at is null)
        and (not ${opts.activeOnly ?? false} or (is_active and deleted_at is null))
      order by starts_with(search_text, ${key}) desc, search_text collate "C", id`),
  );
  return rowsOf<{ id: string }>(rows).map((r) => r.id);
}

/** The count a search page promises: exact up to 50 (or the end of the page), else 'more than'. */
function expectedPagination(matches: number, page: number, pageSize: number) {
  const limit = Math.max(50, page * pageSize) + 1;
  return matches < limit ? { total: matches, capped: undefined } : { total: limit - 1, capped: true };
}

describe("product.getAll with a search", () => {
  it.each([
    // names starting with the word: one range of the order index
    ["arroz", 20],
    ["arroz selecto 1", 50],
    // a common word inside the names: the window of the first names in order
    ["selecto", 20],
    ["premium 3", 50],
    // a word only past the window (salami's keywords): the trigram index
    ["ahumado", 50],
    ["EMBUTIDO", 20],
    // accents folded: Baní, Ñame, Zoé
    ["bani", 20],
    ["ñame", 20],
    ["ZOÉ", 50],
    // a code or a number inside the text
    ["#299", 20],
    ["lb #1234", 20],
    ["gen-0004", 50],
    ["74690000012", 20],
    // no match
    ["xyzzy", 20],
  ] as const)("'%s' (page of %i) answers the full scan's first rows, counted up to 50", async (search, pageSize) => {
    const expected = await fullScan(search);
    const got = await cashier.product.getAll.query({ search, pageSize });
    expect(got.data.map((p) => p.id)).toEqual(expected.slice(0, pageSize));
    const { total, capped } = expectedPagination(expected.length, 1, pageSize);
    expect(got.pagination.total).toBe(total);
    expect(got.pagination.capped).toBe(capped);
    if (search !== "xyzzy") expect(got.data.length).toBeGreaterThan(0);
    // Only this business's products.
    expect(got.data.every((p) => p.sku.startsWith("GEN-"))).toBe(true);
  });

  it("names starting with the text come first, then the others, each in folded order; case and accents do not matter", async () => {
    for (const search of ["mangu", "MANGÚ", "Mangú"]) {
      const got = await owner.product.getAll.query({ search });
      expect(got.data.map((p) => p.name)).toEqual(["MANGU con salami", "Mangú de plátano", "Desayuno Mangu tres golpes", "Huevos fritos", "Plato de mangú"]);
      expect(got.pagination).toEqual({ page: 1, pageSize: 50, total: 5, pageCount: 1 });
    }
    expect((await owner.product.getAll.query({ search: "mangú de" })).data.map((p) => p.sku)).toEqual(["MAN-1"]);
    // A fragment inside a word.
    expect((await owner.product.getAll.query({ search: "angu" })).data.map((p) => p.sku)).toEqual(["MAN-4", "MAN-5", "MAN-2", "MAN-1", "MAN-3"]);
  });

  it("a search over 50 says 'more than 50'; later pages follow on without overlap, and past the end the count is exact", async () => {
    const expected = await fullScan("arroz");
    expect(expected.length).toBeGreaterThan(100);
    const first = await cashier.product.getAll.query({ search: "arroz", pageSize: 20 });
    expect(first.pagination).toEqual({ page: 1, pageSize: 20, total: 50, capped: true, pageCount: 3 });
    const third = await cashier.product.getAll.query({ search: "arroz", pageSize: 20, page: 3 });
    expect(third.data.map((p) => p.id)).toEqual(expected.slice(40, 60));
    // 'more than 60': the next page exists.
    expect(third.pagination).toEqual({ page: 3, pageSize: 20, total: 60, capped: true, pageCount: 4 });
    const past = await cashier.product.getAll.query({ search: "arroz", pageSize: 100, page: 50 });
    expect(past.data).toEqual([]);
    expect(past.pagination).toMatchObject({ total: expected.length });
    expect(past.pagination.capped).toBeUndefined();
    const mangu = await owner.product.getAll.query({ search: "mangu", pageSize: 2, page: 9 });
    expect(mangu).toMatchObject({ data: [], pagination: { total: 5 } });
  });

  it.each(["selecto", "ahumado", "arroz selecto", "zoe", "#1"])("every page of '%s' in turn gives the whole ordered list (as the Excel export reads it)", async (search) => {
    const expected = await fullScan(search);
    for (const pageSize of [50, 200]) {
      const all: string[] = [];
      for (let page = 1; ; page++) {
        const got = await owner.product.getAll.query({ search, page, pageSize });
        all.push(...got.data.map((p) => p.id));
        if (got.data.length < pageSize) {
          expect(got.pagination.total).toBe(expected.length);
          break;
        }
        expect(got.pagination.total).toBeGreaterThanOrEqual(page * pageSize);
      }
      expect(all).toEqual(expected);
    }
  });

  it("filters apply to the search; deleted products only when asked", async () => {
    const combos = await owner.product.getAll.query({ search: "arroz", productType: "combo" });
    expect(combos.data).toEqual([]);
    expect(combos.pagination.total).toBe(0);
    const withDeleted = await owner.product.getAll.query({ search: "bani 1", showDeleted: true, pageSize: 100 });
    expect(withDeleted.data.map((p) => p.id)).toEqual((await fullScan("bani 1", { showDeleted: true })).slice(0, 100));
    expect(withDeleted.data.some((p) => p.deletedAt instanceof Date)).toBe(true);
    const live = await owner.product.getAll.query({ search: "bani 1", pageSize: 100 });
    expect(live.data.some((p) => p.deletedAt)).toBe(false);
    // Each listed product carries its stock and category as browsing does.
    expect(live.data[0]).toMatchObject({ stock: "0", categoryName: null });
  });

  it("another business never sees these products, nor these its own", async () => {
    const theirs = await outsider.product.getAll.query({ search: "arroz selecto", pageSize: 100 });
    expect(theirs.data).toHaveLength(60);
    expect(theirs.data.every((p) => p.sku.startsWith("OTH-"))).toBe(true);
    expect((await outsider.product.getAll.query({ search: "mangu" })).data).toEqual([]);
    expect((await cashier.product.getAll.query({ search: "ajeno" })).data).toEqual([]);
  });
});

describe("product.searchProducts", () => {
  it.each([
    ["arroz", 20],
    ["selecto", 20],
    ["ahumado", 20],
    ["ñame premium", 50],
    ["mangu", 20],
  ] as const)("'%s' lists active products only, in the list's order, counted up to 50", async (search, limit) => {
    const expected = await fullScan(search, { activeOnly: true });
    const got = await cashier.product.searchProducts.query({ search, limit });
    expect(got.exactMatch).toBe(false);
    expect(got.alternateCode).toBeNull();
    expect(got.data.map((p) => p.id)).toEqual(expected.slice(0, limit));
    expect(got.data.every((p) => p.isActive && p.deletedAt === null)).toBe(true);
    const { total, capped } = expectedPagination(expected.length, 1, limit);
    expect(got.total).toBe(total);
    expect(got.capped).toBe(capped ?? false);
  });

  it("a scan finds a barcode, a SKU, or a provider's barcode or SKU, exactly", async () => {
    const { id } = await owner.product.create.mutate({
      name: "Refresco Country Club Merengue 20oz",
      sku: "CC-MER-20",
      barcode: "7460250000123",
      ...price,
      alternativeCodes: [
        { providerId: provider, barcode: "ALT-777", description: "Código Corripio" },
        { providerId: provider, sku: "CORR-55" },
      ],
    });
    for (const code of ["7460250000123", "CC-MER-20"]) {
      const got = await cashier.product.searchProducts.query({ search: code });
      expect(got).toMatchObject({ exactMatch: true, alternateCode: null, total: 1, capped: false });
      expect(got.data.map((p) => p.id)).toEqual([id]);
    }
    const viaBarcode = await cashier.product.searchProducts.query({ search: "ALT-777" });
    expect(viaBarcode).toMatchObject({ exactMatch: true, alternateCode: { barcode: "ALT-777", description: "Código Corripio", providerId: provider, productId: id } });
    expect(viaBarcode.data.map((p) => p.id)).toEqual([id]);
    const viaSku = await cashier.product.searchProducts.query({ search: "CORR-55" });
    expect(viaSku).toMatchObject({ exactMatch: true, alternateCode: { sku: "CORR-55", barcode: null } });
    expect(viaSku.data.map((p) => p.id)).toEqual([id]);
    // The seeded barcodes and SKUs too.
    const [g7] = await fullScan("gen-00007 ");
    expect((await cashier.product.searchProducts.query({ search: "GEN-00007" })).data.map((p) => p.id)).toEqual([g7]);
    expect((await cashier.product.searchProducts.query({ search: "7469000000007" })).data.map((p) => p.id)).toEqual([g7]);
    // Part of a code is no scan: the text search answers.
    const part = await cashier.product.searchProducts.query({ search: "7460250000" });
    expect(part).toMatchObject({ exactMatch: false, total: 1 });
    expect(part.data.map((p) => p.id)).toEqual([id]);
  });

  it("a deleted or inactive product, or another business's code, is never a scan's answer", async () => {
    // GEN-00010 is deleted, GEN-00005 inactive.
    for (const code of ["GEN-00010", "7469000000010", "GEN-00005", "7469000000005"]) {
      expect(await cashier.product.searchProducts.query({ search: code })).toMatchObject({ data: [], exactMatch: false, total: 0 });
    }
    expect(await cashier.product.searchProducts.query({ search: "OTH-1" })).toMatchObject({ data: [], exactMatch: false });
    expect(await cashier.product.searchProducts.query({ search: "7460000000001" })).toMatchObject({ data: [], exactMatch: false });
    const other = await t.client("other", "cashier");
    expect(await other.product.searchProducts.query({ search: "ALT-777" })).toMatchObject({ data: [], exactMatch: false });
    expect(await other.product.searchProducts.query({ search: "7460250000123" })).toMatchObject({ data: [], exactMatch: false });
    expect((await other.product.searchProducts.query({ search: "OTH-1" })).data.map((p) => p.sku)).toEqual(["OTH-1"]);
  });
});
