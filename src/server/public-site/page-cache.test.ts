import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../db/client";
import { insertOnlineProduct, publishStore } from "../modules/ecommerce/test-fixture";
import { products } from "../modules/product/tables";
import { createTestContext, type TestContext } from "../test/harness";

let t: TestContext;
let shoe: { productId: string };

const page = async (url: string, host = "acme.localhost") => (await t.app.inject({ method: "GET", url, headers: { host } })).body;
const rename = (name: string) =>
  withTenant(t.db, t.acme.tenant.id, (tx) =>
    tx
      .update(products)
      .set({ name })
      .where(and(eq(products.tenantId, t.acme.tenant.id), eq(products.id, shoe.productId))),
  );

beforeAll(async () => {
  t = await createTestContext({ config: { shopPageCacheSeconds: 60 } });
  await publishStore(t, "acme");
  await publishStore(t, "other");
  shoe = await insertOnlineProduct(t, "acme", { name: "Zapato Azul", price: "100.00", stock: "3" });
});
afterAll(() => t.close());

describe("shop pages kept for reuse (SHOP_PAGE_CACHE_SECONDS)", () => {
  it("serves the kept page until a write of the tenant commits, and never across languages or tenants", async () => {
    const url = `/shop/products/${shoe.productId}`;
    expect(await page(url)).toContain("Zapato Azul");
    // A change outside any procedure (as a direct write) is not seen while the page is kept…
    await rename("Zapato Rojo");
    expect(await page(url)).toContain("Zapato Azul");
    // …the other language and another URL are pages of their own…
    expect(await page(`${url}?lang=en`)).toContain("Zapato Rojo");
    expect(await page("/shop/products")).toContain("Zapato Rojo");
    // …another tenant's write leaves this tenant's pages as they are…
    const other = await t.client("other", "owner");
    await other.ecommerce.publishStore.mutate({});
    expect(await page(url)).toContain("Zapato Azul");
    // …and any committed mutation of the tenant ends them.
    const owner = await t.client("acme", "owner");
    await owner.ecommerce.publishStore.mutate({});
    expect(await page(url)).toContain("Zapato Rojo");
  });

  it("a refused mutation (rolled back) keeps the pages", async () => {
    const url = `/shop/products/${shoe.productId}?v=2`;
    await rename("Zapato Verde");
    expect(await page(url)).toContain("Zapato Verde");
    await rename("Zapato Negro");
    const cashier = await t.client("acme", "cashier");
    await expect(cashier.ecommerce.publishStore.mutate({})).rejects.toThrow();
    expect(await page(url)).toContain("Zapato Verde");
  });

  it("0 seconds renders every request afresh", async () => {
    const fresh = await createTestContext({ config: { shopPageCacheSeconds: 0 } });
    try {
      await publishStore(fresh, "acme");
      const p = await insertOnlineProduct(fresh, "acme", { name: "Camisa Uno", price: "10.00", stock: "1" });
      const get = async () => (await fresh.app.inject({ method: "GET", url: `/shop/products/${p.productId}`, headers: { host: "acme.localhost" } })).body;
      expect(await get()).toContain("Camisa Uno");
      await withTenant(fresh.db, fresh.acme.tenant.id, (tx) =>
        tx
          .update(products)
          .set({ name: "Camisa Dos" })
          .where(and(eq(products.tenantId, fresh.acme.tenant.id), eq(products.id, p.productId))),
      );
      expect(await get()).toContain("Camisa Dos");
    } finally {
      await fresh.close();
    }
  });
});
