import { expect, type Page, test } from "@playwright/test";
import { signIn, tenantUrl } from "../support";

/**
 * The section editor (issue 19 point 2): the owner builds the home page (hero carousel with two
 * banners, featured products, a custom HTML block carrying a script and an onerror image),
 * reorders, hides a section, previews it at the 768-px mobile width and publishes; then an
 * anonymous visitor on a phone sees the hero and the featured products at /shop and the script
 * never ran. Screenshots go to E2E_SHOTS_DIR when set.
 */
const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

async function addSection(page: Page, type: string) {
  await page.getByTestId("add-section").click();
  await page.getByTestId(`add-${type}`).click();
  await expect(page.getByTestId("section-settings")).toBeVisible();
}

test("owner edits and publishes the home page; a phone visitor sees it and no script runs", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, "owner@demo.test");
  await page.goto(tenantUrl("/home/storefront"));
  await expect(page.getByTestId("storefront-editor")).toBeVisible();

  // Start from an empty home page.
  const rows = page.getByTestId("section-row");
  while ((await rows.count()) > 0) await rows.first().getByTestId("section-delete").click();

  // Hero carousel with two banners.
  await addSection(page, "hero");
  await page.getByTestId("add-banner").click();
  await page.getByTestId("add-banner").click();
  const banners = page.getByTestId("banner-item");
  await expect(banners).toHaveCount(2);
  await banners.nth(0).getByLabel("Título", { exact: true }).fill("Gran venta de verano");
  await banners.nth(0).getByLabel("Texto del botón").fill("Comprar ahora");
  await banners.nth(0).getByLabel("Enlace del botón").fill("/shop/products");
  await banners.nth(1).getByLabel("Título", { exact: true }).fill("Nuevos productos");

  // Featured products, then a custom HTML block with a script and an onerror image.
  await addSection(page, "featured_products");
  await addSection(page, "custom_html");
  await page.getByLabel("HTML", { exact: true }).fill('<p id="custom-ok">Hola cliente</p><script>window.__pwned = 1</script><img src="/nope.png" onerror="window.__pwned = 2">');
  await addSection(page, "newsletter");

  // Reorder: the custom block goes above the featured products (keyboard-reachable arrow button).
  await rows.nth(2).getByTestId("section-up").click();
  await expect(rows.nth(1)).toHaveAttribute("data-section-type", "custom_html");
  // Hide the newsletter.
  await rows.nth(3).getByTestId("section-visibility").click();
  await expect(rows.nth(3).getByTestId("section-visibility")).toHaveAttribute("aria-pressed", "true");

  // The live preview shows the hero, and the custom block without its script.
  const preview = page.getByTestId("editor-preview");
  await expect(preview.getByTestId("hero-carousel")).toBeVisible();
  await expect(preview.locator("#custom-ok")).toHaveText("Hola cliente");
  await expect(preview.locator('[data-section-type="newsletter"]')).toHaveCount(0);
  await shot(page, "editor-desktop-1366");
  await page.getByTestId("preview-mobile").click();
  await expect(preview).toHaveAttribute("data-mode", "mobile");
  await expect(preview.getByTestId("preview-root")).toHaveJSProperty("offsetWidth", 768);
  await shot(page, "editor-mobile-preview-1366");

  // Publish (saves the draft first).
  await page.getByTestId("editor-publish").click();
  await expect(page.getByText("Los visitantes ya ven las páginas publicadas.", { exact: true })).toBeVisible();
  await expect(page.getByTestId("store-status")).toHaveText("Tienda publicada");
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

  // An anonymous visitor on a phone.
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const shop = await visitor.newPage();
  await shop.goto(tenantUrl("/shop"));
  await expect(shop.getByTestId("hero-carousel")).toBeVisible();
  await expect(shop.getByText("Gran venta de verano")).toBeVisible();
  await expect(shop.locator('[data-section-type="featured_products"]')).toBeVisible();
  await expect(shop.locator("#custom-ok")).toHaveText("Hola cliente");
  await expect(shop.locator('[data-section-type="newsletter"]')).toHaveCount(0);
  const html = await shop.content();
  expect(html).not.toMatch(/window\.__pwned|onerror/);
  expect(await shop.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  // The carousel's controls work by keyboard.
  await shop.getByTestId("hero-next").click();
  await expect(shop.getByTestId("hero-slide").nth(1)).toHaveAttribute("aria-hidden", "false");
  const sections = await shop.locator("section[data-section-type]").evaluateAll((els) => els.map((e) => e.getAttribute("data-section-type")));
  expect(sections.slice(0, 3)).toEqual(["hero", "custom_html", "featured_products"]);
  if (SHOTS) await shop.screenshot({ path: `${SHOTS}/shop-390.png`, fullPage: true });
  await visitor.close();
});

for (const lang of ["es", "en"] as const)
  for (const width of [1366, 768, 390])
    test(`editor screen at ${width} px (${lang})`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, "owner@demo.test");
      if (lang === "en") await page.evaluate(() => localStorage.setItem("language", "en"));
      await page.goto(tenantUrl("/home/storefront"));
      await expect(page.getByTestId("storefront-editor")).toBeVisible();
      const first = page.getByTestId("section-select").first();
      if (await first.count()) await first.click();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(1);
      await shot(page, `editor-${lang}-${width}`);
    });
