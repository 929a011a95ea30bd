import { expect, test } from "@playwright/test";
import { ensureWarehouse, trpcMutation } from "../catalog-helpers";
import { signIn, tenantUrl } from "../support";

test("a transfer between warehouses changes both stocks", async ({ page }) => {
  await signIn(page, "owner@demo.test");
  await ensureWarehouse(page, "COL", "Colmado");
  const warehouses = await page.evaluate(async () => (await (await fetch("/api/trpc/warehouse.getAll")).json()).result.data.json as { id: string; code: string }[]);
  const principal = warehouses.find((w) => w.code === "PRIN")!.id;
  const sku = `AZU-${Date.now().toString(36)}`;
  await trpcMutation(page, "product.create", { name: "Azúcar crema 5 lb", sku, price: "190", price2: "185", price3: "180", warehouseQuantities: [{ warehouseId: principal, initialQuantity: "30" }] });

  await page.getByTestId("sidebar").getByRole("link", { name: "Movimientos de almacén" }).click();
  await page.getByTestId("new-movement").click();
  await page.locator("#m-type").selectOption({ label: "Transferencia" });
  await page.locator("#m-warehouse").selectOption({ label: "Principal" });
  // Saving without destination or products shows the rules.
  await page.getByTestId("save-complete").click();
  await expect(page.getByText("El almacén de destino es requerido para transferencias", { exact: true })).toBeVisible();
  await page.locator("#m-destination").selectOption({ label: "Colmado" });
  await page.getByLabel("Buscar o escanear producto (nombre, SKU o código)").fill(sku);
  await page.getByLabel("Buscar o escanear producto (nombre, SKU o código)").press("Enter");
  await expect(page.getByTestId("movement-line")).toContainText("Azúcar crema 5 lb");
  await page.getByLabel("Cantidad de Azúcar crema 5 lb").fill("12");
  await page.getByTestId("save-complete").click();

  await expect(page).toHaveURL(/\/home\/warehouse-movements\/[0-9a-f-]{36}$/);
  const movementUrl = page.url();
  await expect(page.getByTestId("movement-status")).toHaveText("Completado");
  await expect(page.getByTestId("detail-line")).toContainText("18");

  // Both stocks changed.
  await page.goto(tenantUrl("/home/products"));
  await page.getByLabel("Buscar por nombre, SKU, código de barras o palabra clave").fill(sku);
  await page.getByTestId("product-row").filter({ hasText: "Azúcar crema 5 lb" }).getByRole("link").first().click();
  const rows = page.getByTestId("stock-row");
  await expect(rows.filter({ hasText: "Principal" })).toContainText("18");
  await expect(rows.filter({ hasText: "Colmado" })).toContainText("12");

  // Cancelling the completed transfer gives the stock back.
  // (its own page: the list's first row may be another flow's movement dated later)
  await page.goto(movementUrl);
  await page.getByTestId("cancel-movement").click();
  await page.getByTestId("confirm-cancel-movement").click();
  await expect(page.getByTestId("movement-status")).toHaveText("Cancelado");
});
