import { expect, test } from "@playwright/test";
import { ensureCashboxOpen, trpcMutation } from "../catalog-helpers";
import { printReceiptWithF2 } from "../helpers-extra";
import { signIn, tenantUrl } from "../support";

/**
 * A 2x1 made in the promotion form applies at the POS (issue 16 §2): the cart names it with its
 * saving, the total is the server's, and the printed receipt carries it. The product is this
 * flow's own (a unique SKU), so no other flow's totals change.
 */
const businessDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString("en-CA", { timeZone: "America/Santo_Domingo" });

test("create a 2x1 promotion, sell two units at the POS, see it on the cart and on the receipt", async ({ page }) => {
  const tag = Date.now().toString(36).toUpperCase();
  const sku = `PROMO-${tag}`;
  const productName = `Jugo Rica ${tag}`;
  const promotionName = `2x1 jugo ${tag}`;
  await signIn(page, "owner@demo.test");
  await trpcMutation(page, "product.create", { name: productName, sku, price: "80", price2: "80", price3: "80" });

  // The promotion, in force from today, made in the form with the product from the picker sheet.
  await page.goto(tenantUrl("/home/promotions/new"));
  await page.locator("#promotion-name").fill(promotionName);
  await page.locator("#promotion-code").fill(`J-${tag}`);
  await page.getByTestId("promotion-type").selectOption("buy_x_get_y");
  await page.locator("#promotion-param1").fill("1");
  await page.locator("#promotion-param2").fill("1");
  await page.locator("#promotion-startDate").fill(businessDay());
  await page.locator("#promotion-endDate").fill(businessDay(7));
  await page.getByTestId("promotion-products-add").click();
  const picker = page.getByTestId("promotion-product-picker");
  await picker.getByTestId("promotion-product-search").fill(sku);
  await picker.getByTestId("promotion-product-option").getByText(productName, { exact: true }).click();
  await picker.getByTestId("promotion-picker-done").click();
  await page.getByTestId("save-promotion").click();
  await expect(page).toHaveURL(/\/home\/promotions$/);

  // The POS: two units, the second free.
  await ensureCashboxOpen(page);
  await page.goto(tenantUrl("/home/pos"));
  await page.evaluate(() => localStorage.removeItem("pos_cart_state"));
  await page.reload();
  const search = page.getByLabel("Buscar producto", { exact: true });
  for (let i = 0; i < 2; i++) {
    await page.keyboard.press("F2");
    await search.fill(sku);
    await search.press("Enter");
  }
  const line = page.getByTestId("cart-line").filter({ hasText: productName });
  await expect(line.getByLabel(`Cantidad de ${productName}`)).toHaveValue("2");
  await expect(line.getByTestId("line-promotion")).toContainText(promotionName);
  await expect(line.getByTestId("line-promotion")).toContainText("−RD$80.00");
  // The totals add up: subtotal and discounts on the taxable base (prices include ITBIS), then ITBIS.
  await expect(page.getByTestId("cart-promotion-discount")).toHaveText("−RD$67.79");
  await expect(page.getByTestId("cart-total")).toHaveText("RD$80.00");
  await page.screenshot({ path: "test-results/pos-promotion-cart.png" });

  // Pay what the cart says: the server charges the same.
  await page.keyboard.press("F9");
  const pay = page.getByRole("dialog", { name: "Cobrar" });
  await expect(pay.getByTestId("checkout-total")).toHaveText("RD$80.00");
  await pay.getByRole("button", { name: /Confirmar pago/ }).click();
  const done = page.getByRole("dialog", { name: "Orden Completada" });
  await expect(done).toBeVisible();

  const html = await printReceiptWithF2(page);
  expect(html).toContain(productName);
  expect(html).toContain(promotionName);
  expect(html).toMatch(/TOTAL:?\s+RD\$80\.00/i);
});

for (const lang of ["es", "en"] as const) {
  for (const width of [1366, 768, 390]) {
    test(`the POS cart with the demo's promotions at ${width} px in ${lang}`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 800 ? 768 : width > 500 ? 1024 : 844 });
      await signIn(page, "cashier@demo.test");
      await page.evaluate((l) => localStorage.setItem("language", l), lang);
      await ensureCashboxOpen(page);
      await page.goto(tenantUrl("/home/pos"));
      await page.evaluate(() => localStorage.removeItem("pos_cart_state"));
      await page.reload();
      const search = page.getByLabel(lang === "es" ? "Buscar producto" : "Search product", { exact: true });
      for (const sku of ["MALTA-12", "MALTA-12", "LECHE-1L"]) {
        await search.fill(sku);
        await search.press("Enter");
      }
      await expect(page.getByTestId("line-promotion")).toHaveCount(2);
      await expect(page.getByTestId("line-promotion").first()).toContainText("2x1 en Malta Morena");
      await expect(page.getByTestId("line-promotion").nth(1)).toContainText("10 % en lácteos");
      // 60 + 95 − 9.50 = 145.50
      await expect(page.getByTestId("cart-total").or(page.getByTestId("pos-sticky-pay")).first()).toContainText("145.50");
      const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
      expect(scroll).toBeLessThanOrEqual(inner + 1);
      if (process.env.E2E_SHOTS_DIR) await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/pos-promotions-${lang}-${width}.png`, fullPage: true });
    });
  }
}
