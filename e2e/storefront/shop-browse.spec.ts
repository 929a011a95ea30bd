import { expect, test } from "@playwright/test";
import { trpcMutation, trpcQuery } from "../catalog-helpers";
import { shotAtWidths, signIn, tenantUrl } from "../support";

/**
 * An anonymous visitor browses the demo tenant's shop on a phone (issue 19 point 1): home, search,
 * category and brand filters, a product with its price and JSON-LD, and the language switch. The
 * shop is made ready through the back office's procedures first (products online with a brand,
 * store published), so the spec stands whether or not the demo seed already did it.
 */

const BRAND = "MarcaE2E";

interface StoreProductRow {
  productId: string;
  name: string;
  categoryName: string | null;
}

let picked: StoreProductRow[] = [];

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signIn(page, "owner@demo.test");
  const list = await trpcQuery<{ data: StoreProductRow[] }>(page, "ecommerce.findStoreProducts", { filter: "all", page: 1, pageSize: 100 });
  const withCategory = list.data.filter((p) => p.categoryName);
  picked = (withCategory.length >= 2 ? withCategory : list.data).slice(0, 2);
  expect(picked.length).toBe(2);
  await trpcMutation(page, "ecommerce.updateStoreProduct", { productIds: picked.map((p) => p.productId), isOnline: true, isFeatured: true, brand: BRAND });
  await trpcMutation(page, "ecommerce.publishStore", {});
  await page.close();
});


test("an anonymous visitor on a phone browses, searches, filters, opens a product and switches language", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "es-DO" });
  const page = await context.newPage();
  const [first, second] = picked as [StoreProductRow, StoreProductRow];

  await page.goto(tenantUrl("/shop"));
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("navigation", { name: "Navegación principal" }).getByRole("link", { name: "Productos" })).toBeVisible();
  await shotAtWidths(page, "home-es");

  // Search from the header's box: Enter submits it.
  const word = first.name.split(/\s+/)[0]!;
  await page.getByRole("searchbox", { name: "Buscar productos" }).fill(word);
  await page.getByRole("searchbox", { name: "Buscar productos" }).press("Enter");
  await expect(page).toHaveURL(/\/shop\/products\?q=/);
  await expect(page.getByTestId("product-card").filter({ hasText: first.name }).first()).toBeVisible();

  // Category filter.
  await page.goto(tenantUrl("/shop/products"));
  await shotAtWidths(page, "products-es");
  if (first.categoryName) {
    await page.getByRole("navigation", { name: "Categorías" }).getByRole("link", { name: first.categoryName, exact: true }).click();
    await expect(page).toHaveURL(/\/shop\/categories\/[0-9a-f-]{36}/);
    await expect(page.getByRole("heading", { level: 1, name: first.categoryName })).toBeVisible();
    await expect(page.getByTestId("product-card").filter({ hasText: first.name }).first()).toBeVisible();
  }

  // Brand filter: the spec's /shop/products?brand={name}.
  await page.goto(tenantUrl("/shop/products"));
  await page.getByRole("navigation", { name: "Marcas" }).getByRole("link", { name: BRAND }).click();
  await expect(page).toHaveURL(new RegExp(`/shop/products\\?brand=${BRAND}$`));
  await expect(page.getByTestId("product-card").filter({ hasText: first.name })).toHaveCount(1);
  await expect(page.getByTestId("product-card").filter({ hasText: second.name })).toHaveCount(1);

  // The product page: price, JSON-LD Product with its offer.
  await page.getByTestId("product-card").filter({ hasText: first.name }).getByRole("link", { name: first.name }).click();
  await expect(page).toHaveURL(new RegExp(`/shop/products/${first.productId}$`));
  await expect(page.getByRole("heading", { level: 1, name: first.name })).toBeVisible();
  await expect(page.getByTestId("product-price")).toContainText("RD$");
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
  expect(ld["@type"]).toBe("Product");
  expect(ld.name).toBe(first.name);
  expect(ld.offers.priceCurrency).toBe("DOP");
  expect(ld.offers.price).toMatch(/^\d+\.\d{2}$/);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "product");
  await shotAtWidths(page, "product-es");

  // Language: EN keeps the path; the choice follows the visitor's next links.
  await page.getByRole("link", { name: /EN/ }).click();
  await expect(page).toHaveURL(new RegExp(`/shop/products/${first.productId}\\?lang=en$`));
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByTestId("stock-state")).toHaveText(/In stock|Out of stock/);
  await shotAtWidths(page, "product-en");
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Products" }).click();
  await expect(page).toHaveURL(/\/shop\/products$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  await shotAtWidths(page, "products-en");
  await page.goto(tenantUrl("/shop"));
  await shotAtWidths(page, "home-en");
  await page.getByRole("link", { name: /ES/ }).first().click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");

  // An unknown product is the shop's 404 page.
  const missing = await page.goto(tenantUrl("/shop/products/00000000-0000-7000-8000-000000000000"));
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Página no encontrada" })).toBeVisible();
  await context.close();
});
