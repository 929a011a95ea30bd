import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageSectionsSchema } from "../../../shared/storefront/sections";
import { storePages } from "../../modules/ecommerce/tables";
import { unsafeFindTenantBySubdomain } from "../../modules/tenant/service";
import { createTestContext, type TestContext } from "../../test/harness";
import { withTenant } from "../client";
import { DEMO_PASSWORD, seedDemo } from "./demo";
import { demoStorePages } from "./demo-storefront";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await seedDemo(t.db);
}, 120_000);
afterAll(() => t.close());

describe("the demo's storefront (issue 19 'Demo data')", () => {
  it("its pages are valid sections: a hero carousel, featured products and categories on the home page", () => {
    const pages = demoStorePages();
    for (const sections of Object.values(pages)) expect(pageSectionsSchema.safeParse(sections).success).toBe(true);
    expect(pages.home.map((s) => s.type)).toEqual(["hero", "featured_products", "categories", "sale_items", "testimonials", "blog_posts"]);
    const hero = pages.home[0]!;
    expect(hero.type === "hero" && hero.settings.banners.length).toBe(3);
    expect(pages.contact.map((s) => s.type)).toContain("contact_form");
  });

  it("is published with its three pages, the shelf online (featured, on sale, brands) and two posts", async () => {
    const demo = (await unsafeFindTenantBySubdomain(t.db, "demo"))!;
    const rows = await withTenant(t.db, demo.id, (tx) => tx.select().from(storePages));
    expect(rows.map((r) => r.page).sort()).toEqual(["about", "contact", "home"]);
    expect(rows.every((r) => Array.isArray(r.publishedSections) && r.publishedSections.length > 0)).toBe(true);
    const owner = await t.client("demo", { email: "owner@demo.test", password: DEMO_PASSWORD });
    const settings = await owner.ecommerce.getStoreSettings.query();
    expect(settings).toMatchObject({ is_published: true, store_name: "Colmado y Restaurante La Esquina" });
    expect(settings.testimonials).toHaveLength(3);
    const posts = await owner.ecommerce.findBlogPosts.query({ status: "published" });
    expect(posts.data.map((p) => p.slug).sort()).toEqual(["compra-de-la-semana-en-linea", "la-bandera-dominicana"]);
  });

  it("demo.localhost/shop answers 200 with the hero and the featured products", async () => {
    const res = await t.request("demo.localhost", { url: "/shop" });
    expect(res.status).toBe(200);
    expect(String(res.body)).toContain("Tu colmado, ahora en línea");
    expect(String(res.body)).toContain("Cerveza Presidente 650 ml");
    const contact = await t.request("demo.localhost", { url: "/shop/contact" });
    expect(contact.status).toBe(200);
  });
});
