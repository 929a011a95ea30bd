import { expect, test } from "@playwright/test";
import { ensureWarehouse, trpcMutation } from "../catalog-helpers";
import { signIn, tenantUrl } from "../support";

test("an owner creates a product with stock in two warehouses and a maximum discount", async ({ page }) => {
  await signIn(page, "owner@demo.test");
  await ensureWarehouse(page, "COL", "Colmado");
  const sku = `MAL-${Date.now().toString(36)}`;
  const supplier = `Distribuidora Cibao ${Date.now().toString(36)}`;
  await trpcMutation(page, "provider.create", { code: `DC-${Date.now().toString(36)}`, name: supplier });

  await page.getByTestId("sidebar").getByRole("link", { name: "Productos" }).click();
  await expect(page).toHaveURL(tenantUrl("/home/products"));
  await page.getByTestId("new-product").click();
  await expect(page).toHaveURL(tenantUrl("/home/products/new"));

  // The spec's messages when required fields are empty.
  await page.getByTestId("save-product").click();
  await expect(page.locator("#p-name-error")).toHaveText("El nombre es requerido");
  await expect(page.locator("#p-sku-error")).toHaveText("El SKU es requerido");
  await expect(page.locator("#p-price-error")).toHaveText("Los precios son requeridos cuando no es precio variable");

  await page.locator("#p-name").fill("Malta Morena 12oz");
  await page.locator("#p-sku").fill(sku);
  await page.locator("#p-barcode").fill(`746${Date.now().toString().slice(-10)}`);
  await page.locator("#p-price").fill("65");
  await page.locator("#p-price2").fill("60");
  await page.locator("#p-price3").fill("58");
  await page.locator("#p-costPrice").fill("41.50");
  await page.getByLabel("Existencia inicial en Principal").fill("48");
  await page.getByLabel("Mínimo en Principal").fill("12");
  await page.getByLabel("Existencia inicial en Colmado").fill("24");
  // The supplier is chosen in the picker sheet (search, Enter), not a select of the first 100.
  await page.getByTestId("product-provider").click();
  const picker = page.getByTestId("provider-picker");
  await picker.getByLabel("Buscar suplidor").fill(supplier);
  await expect(picker.getByTestId("provider-option")).toHaveCount(1);
  await page.keyboard.press("Enter");
  await expect(picker).toHaveCount(0);
  await expect(page.getByTestId("product-provider")).toContainText(supplier);
  await page.getByTestId("add-discount").click();
  await page.getByLabel("Método de pago").selectOption({ label: "Efectivo" });
  await page.getByLabel("Descuento máximo %").fill("10");
  await page.getByTestId("save-product").click();

  // After create the user is at /home/products/{id}.
  await expect(page).toHaveURL(/\/home\/products\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Malta Morena 12oz" })).toBeVisible();
  const rows = page.getByTestId("stock-row");
  await expect(rows.filter({ hasText: "Principal" })).toContainText("48");
  await expect(rows.filter({ hasText: "Colmado" })).toContainText("24");
  await expect(page.getByTestId("discount-row")).toHaveCount(1);
  await expect(page.getByLabel("Descuento máximo %")).toHaveValue("10.00");
  await expect(page.getByTestId("product-provider")).toContainText(supplier);

  // The list finds it by SKU and shows the total stock.
  await page.goto(tenantUrl("/home/products"));
  await page.getByLabel("Buscar por nombre, SKU, código de barras o palabra clave").fill(sku);
  const row = page.getByTestId("product-row").filter({ hasText: "Malta Morena 12oz" });
  await expect(row).toContainText("RD$65.00");
  await expect(row).toContainText("72");
});
