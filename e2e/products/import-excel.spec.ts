import { expect, test } from "@playwright/test";
import { makeProductsXlsx, PRODUCTS_XLSX_EXPECTED } from "../fixtures/make-products-xlsx";
import { signIn, tenantUrl } from "../support";

test("an owner imports a small Excel file with one bad row and sees the per-row report", async ({ page }) => {
  await signIn(page, "owner@demo.test");
  await page.goto(tenantUrl("/home/products"));
  await page.getByRole("button", { name: "Importar Excel" }).click();
  const file = await makeProductsXlsx();
  await page.getByTestId("product-import-file").setInputFiles({ name: file.name, mimeType: file.mimeType, buffer: file.buffer });
  await page.getByTestId("product-import-start").click();
  await expect(page.getByTestId("product-import-job")).toHaveAttribute("data-status", "done", { timeout: 30_000 });
  await expect(page.getByTestId("product-import-created")).toContainText(String(PRODUCTS_XLSX_EXPECTED.created));
  await expect(page.getByTestId("product-import-failed")).toContainText(String(PRODUCTS_XLSX_EXPECTED.failed));
  await expect(page.getByTestId("product-import-errors")).toContainText(PRODUCTS_XLSX_EXPECTED.badMessageEs);
  await page.getByRole("dialog").getByRole("button", { name: "Cerrar", exact: true }).last().click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // The good rows are in the catalogue (their SKUs share the file's prefix).
  const prefix = file.skus[0]!.replace(/-[^-]+$/, "");
  await page.getByLabel("Buscar por nombre, SKU, código de barras o palabra clave").fill(prefix);
  await expect(page.getByTestId("product-row")).toHaveCount(PRODUCTS_XLSX_EXPECTED.created);
});
