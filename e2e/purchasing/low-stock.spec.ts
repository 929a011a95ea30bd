import { expect, test } from "@playwright/test";
import { trpcMutation, trpcQuery } from "../catalog-helpers";
import { signIn, tenantUrl } from "../support";

/**
 * Issue 13 §4: the low-stock tab lists products under their minimum with the suggested quantity;
 * rows are chosen by keyboard (Space) and with 'select all on this page', a product without a
 * supplier gets one in its row, 'Crear órdenes' makes one draft per supplier, and a created draft
 * opens with its lines. The notifications tab counts the low stock and links back to it.
 */
test("low stock → select → draft orders per supplier → open one; notifications", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "owner@demo.test");
  const stamp = Date.now().toString(36).toUpperCase();
  const warehouses = await trpcQuery<{ id: string; code: string }[]>(page, "warehouse.getAll");
  const principal = warehouses.find((w) => w.code === "PRIN")!.id;
  const a = await trpcMutation<{ id: string }>(page, "provider.create", { code: `LA-${stamp}`, name: `Distribuidora Caribe ${stamp}` });
  const b = await trpcMutation<{ id: string; name: string }>(page, "provider.create", { code: `LB-${stamp}`, name: `Mercasid ${stamp}` });
  const product = (name: string, sku: string, providerId: string | null, qty: string, min: string, max?: string) =>
    trpcMutation(page, "product.create", {
      name: `${name} ${stamp}`,
      sku: `${sku}-${stamp}`,
      price: "100",
      price2: "100",
      price3: "100",
      costPrice: "60",
      taxPercent: "18",
      providerId,
      warehouseQuantities: [{ warehouseId: principal, initialQuantity: qty, minStock: min, ...(max ? { maxStock: max } : {}) }],
    });
  await product("Café Santo Domingo 1 lb", "CAF", a.id, "2", "10", "24");
  await product("Leche Rica 1 l", "LEC", a.id, "1", "6");
  await product("Aceite Mazola 1 gal", "ACE", b.id, "0", "4", "8");
  await product("Fósforos caja", "FOS", null, "3", "12", "20");

  await page.goto(tenantUrl("/home/purchase-orders"));
  await page.getByTestId("po-tab-low-stock").click();
  await expect(page).toHaveURL(/tab=low-stock/);
  await page.getByLabel("Buscar producto").fill(stamp);
  const rows = page.getByTestId("ls-row");
  await expect(rows).toHaveCount(4);
  await expect(rows.filter({ hasText: "Café" })).toContainText("22");
  await expect(rows.filter({ hasText: "Leche" })).toContainText("5");
  await expect(page.getByText("module being prepared")).toHaveCount(0);

  // Space toggles a focused row; the header box takes the whole page.
  const coffee = page.getByLabel(`Seleccionar Café Santo Domingo 1 lb ${stamp} en Principal`);
  await coffee.focus();
  await page.keyboard.press("Space");
  await expect(coffee).toBeChecked();
  await expect(page.getByTestId("ls-action-bar")).toContainText("1 seleccionado");
  await page.getByTestId("ls-select-page").check();
  await expect(page.getByTestId("ls-action-bar")).toContainText("4 seleccionados");
  // the product without a supplier blocks the orders until one is chosen in its row
  await expect(page.getByTestId("ls-action-bar")).toContainText("1 producto sin suplidor");
  await expect(page.getByTestId("ls-create")).toBeDisabled();
  await page.screenshot({ path: "test-results/purchasing-low-stock-es-1366.png", fullPage: true });
  await page.getByLabel(`Suplidor de Fósforos caja ${stamp}`).selectOption({ label: b.name });
  await page.getByTestId("ls-create").click();

  const created = page.getByTestId("low-stock-created");
  await expect(created.getByRole("link")).toHaveCount(2);
  await expect(created).toContainText(`Distribuidora Caribe ${stamp}`);
  await expect(created).toContainText(b.name);
  await expect(page.getByTestId("ls-action-bar")).toHaveCount(0);
  await created.getByRole("listitem").filter({ hasText: b.name }).getByRole("link").click();
  await expect(page).toHaveURL(/\/home\/purchase-orders\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Borrador").first()).toBeVisible();
  await expect(page.getByText(`Aceite Mazola 1 gal ${stamp}`)).toBeVisible();
  await expect(page.getByText(`Fósforos caja ${stamp}`)).toBeVisible();

  // Notifications: low stock per warehouse, linked to the tab filtered by it.
  await page.goto(tenantUrl("/home/purchase-orders?tab=notifications"));
  await expect(page.getByTestId("notif-low-stock")).toBeVisible();
  await expect(page.getByTestId("notif-overdue")).toBeVisible();
  await expect(page.getByTestId("notif-bills")).toBeVisible();
  await page.getByRole("link", { name: "Ver stock bajo de Principal" }).click();
  await expect(page).toHaveURL(new RegExp(`tab=low-stock&warehouse=${principal}`));

  for (const lang of ["es", "en"] as const) {
    await page.evaluate((l) => localStorage.setItem("language", l), lang);
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(tenantUrl(`/home/purchase-orders?tab=low-stock&q=${stamp}`));
      await expect(rows).toHaveCount(4);
      await page.getByTestId("ls-select").first().check();
      await page.screenshot({ path: `test-results/purchasing-low-stock-${lang}-${width}.png`, fullPage: true });
      await page.goto(tenantUrl("/home/purchase-orders?tab=notifications"));
      await expect(page.getByTestId("notif-low-stock")).toBeVisible();
      await page.screenshot({ path: `test-results/purchasing-notifications-${lang}-${width}.png`, fullPage: true });
    }
  }
  await page.evaluate(() => localStorage.setItem("language", "es"));
});
