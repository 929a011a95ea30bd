import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultSection, emptyBanner } from "../../../../shared/storefront/sections";
import { createTestContext, errorOf, type TestContext } from "../../../test/harness";
import { insertOnlineProduct } from "../test-fixture";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

function homeSections() {
  const hero = defaultSection("hero");
  hero.settings.banners = [{ ...emptyBanner("hero"), title: "Rebajas", image_url: "https://cdn.example.com/a.jpg" }, { ...emptyBanner("hero"), title: "Nuevos" }];
  const featured = defaultSection("featured_products");
  const html = defaultSection("custom_html");
  html.settings.html = '<p onclick="x()">Hola <b>mundo</b></p><script>window.__pwned=1</script><img src="x" onerror="window.__pwned=1"><a href="javascript:alert(1)">mal</a><a href="https://ok.example.com">bien</a>';
  return [hero, featured, html];
}

describe("ecommerce section editor", () => {
  it("saves a draft (custom HTML sanitized), shows it as unpublished, publishes it and opens the shop", async () => {
    const owner = await t.client("acme", "owner");
    const before = await owner.ecommerce.getStorePages.query();
    expect(before.pages.map((p) => p.page)).toEqual(["home", "about", "contact"]);
    expect(before.store.isPublished).toBe(false);

    const saved = await owner.ecommerce.saveStorePage.mutate({ page: "home", sections: homeSections() });
    expect(saved.draftSections).toHaveLength(3);
    expect(saved.hasUnpublishedChanges).toBe(true);
    const html = saved.draftSections[2]!;
    if (html.type !== "custom_html") throw new Error("expected custom_html");
    expect(html.settings.html).toContain("<b>mundo</b>");
    expect(html.settings.html).toContain('href="https://ok.example.com"');
    expect(html.settings.html).not.toMatch(/script|onerror|onclick|javascript:/i);

    const published = await owner.ecommerce.publishStore.mutate({});
    expect(published.store.isPublished).toBe(true);
    const home = published.pages.find((p) => p.page === "home")!;
    expect(home.publishedSections).toEqual(home.draftSections);
    expect(home.hasUnpublishedChanges).toBe(false);

    const hidden = home.draftSections.map((s, i) => (i === 1 ? { ...s, isVisible: false } : s));
    const changed = await owner.ecommerce.saveStorePage.mutate({ page: "home", sections: hidden });
    expect(changed.hasUnpublishedChanges).toBe(true);
    expect(changed.publishedSections?.[1]?.isVisible).toBe(true);

    const closed = await owner.ecommerce.unpublishStore.mutate({});
    expect(closed.store.isPublished).toBe(false);
  });

  it("refuses bad settings with a clear message", async () => {
    const owner = await t.client("acme", "owner");
    const promo = defaultSection("promotional_banner");
    promo.settings.banners = [1, 2, 3, 4].map(() => emptyBanner("promotional"));
    const tooMany = await errorOf(owner.ecommerce.saveStorePage.mutate({ page: "home", sections: [promo] }));
    expect(tooMany.code).toBe("BAD_REQUEST");
    expect(tooMany.message).toMatch(/3/);
    const about = defaultSection("about");
    const badColor = await errorOf(
      owner.ecommerce.saveStorePage.mutate({ page: "about", sections: [{ ...about, settings: { ...about.settings, background: { type: "color", color: "red;}</style><script>" } } }] }),
    );
    expect(badColor.code).toBe("BAD_REQUEST");
    expect(badColor.message).not.toMatch(/storefrontEditor:/);
    const badPage = await errorOf(owner.ecommerce.saveStorePage.mutate({ page: "checkout" as "home", sections: [] }));
    expect(badPage.code).toBe("BAD_REQUEST");
  });

  it("a cashier may not edit or publish; an anonymous visitor may not read the editor", async () => {
    const cashier = await t.client("acme", "cashier");
    expect((await errorOf(cashier.ecommerce.saveStorePage.mutate({ page: "home", sections: [] }))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.ecommerce.publishStore.mutate({}))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.ecommerce.unpublishStore.mutate({}))).code).toBe("FORBIDDEN");
    const visitor = await t.client("acme");
    expect((await errorOf(visitor.ecommerce.getStorePages.query())).code).toBe("UNAUTHORIZED");
  });

  it("keeps each tenant's pages apart", async () => {
    const acme = await t.client("acme", "owner");
    await acme.ecommerce.saveStorePage.mutate({ page: "about", sections: [defaultSection("about")] });
    const other = await t.client("other", "owner");
    const otherPages = await other.ecommerce.getStorePages.query();
    expect(otherPages.pages.every((p) => p.draftSections.length === 0)).toBe(true);
    await other.ecommerce.publishStore.mutate({});
    const acmePages = await acme.ecommerce.getStorePages.query();
    expect(acmePages.pages.find((p) => p.page === "about")!.draftSections).toHaveLength(1);
    expect(acmePages.store.id).not.toBe(otherPages.store.id);
  });

  it("preview data: the lists the sections need, only this tenant's products, invalid sections and unsafe HTML dropped", async () => {
    await insertOnlineProduct(t, "acme", { name: "Cafetera Acme", isFeatured: true, stock: "5" });
    await insertOnlineProduct(t, "other", { name: "Producto Otro", isFeatured: true, stock: "5" });
    const owner = await t.client("acme", "owner");
    const html = defaultSection("custom_html");
    html.settings.html = "<img src=x onerror=alert(1)><p>ok</p>";
    const preview = await owner.ecommerce.getEditorPreviewData.mutate({ sections: [defaultSection("featured_products"), { id: "bad", type: "nope" }, html] });
    expect(preview.sections.map((s) => s.type)).toEqual(["featured_products", "custom_html"]);
    const cleaned = preview.sections[1]!;
    expect(cleaned.type === "custom_html" && cleaned.settings.html).not.toMatch(/onerror/);
    const names = preview.data.products.featured.map((p) => p.name);
    expect(names).toContain("Cafetera Acme");
    expect(names).not.toContain("Producto Otro");
  });
});
