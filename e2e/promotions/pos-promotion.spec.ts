import { expect, type Page, test } from "@playwright/test";
import { ensureCashboxOpen, trpcMutation } from "../catalog-helpers";
import { signIn, tenantUrl } from "../support";

/**
 * A 2x1 made in the promotion form applies at the POS (issue 16 §2): the cart names it with its
 * saving, the total is the server's, and the printed receipt carries it. The product is this
 * flow's own (a unique SKU), so no other flow's totals change.
 */
const businessDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString("en-CA", { timeZone: "America/Santo_Domingo" });

async function collectPrintedReceipts(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { receipts: string[] };
    w.receipts = [];
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) if (n instanceof HTMLIFrameElement) w.receipts.push(n.srcdoc);
    }).observe(document.body, { childList: true, subtree: true });
  });
}

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
  await expect(page.getByTestId("cart-promotion-saving")).toHaveText("−RD$80.00");
  await expect(page.getByTestId("cart-total")).toHaveText("RD$80.00");
  await page.screenshot({ path: "test-results/pos-promotion-cart.png" });

  // Pay what the cart says: the server charges the same.
  await page.keyboard.press("F9");
  const pay = page.getByRole("dialog", { name: "Cobrar" });
  await expect(pay.getByTestId("checkout-total")).toHaveText("RD$80.00");
  await pay.getByRole("button", { name: /Confirmar pago/ }).click();
  const done = page.getByRole("dialog", { name: "Orden Completada" });
  await expect(done).toBeVisible();

  await collectPrintedReceipts(page);
  await page.keyboard.press("F2");
  await expect.poll(() => page.evaluate(() => (window as unknown as { receipts: string[] }).receipts.length)).toBe(1);
  const html = await page.evaluate(() => (window as unknown as { receipts: string[] }).receipts[0]!);
  expect(html).toContain(productName);
  expect(html).toContain(promotionName);
  expect(html).toMatch(/TOTAL:?\s+RD\$80\.00/i);
});
