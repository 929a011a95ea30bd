import { expect, test } from "@playwright/test";
import { signIn, tenantUrl } from "../support";

test("an owner sets up categories with subcategories, a second warehouse and the units", async ({ page }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const categoryCode = `BEB${stamp}`;
  const subCode = `REF${stamp}`;
  const warehouseCode = `ALM${stamp}`;

  await signIn(page, "owner@demo.test");
  await page.goto(tenantUrl("/home/settings"));
  const tabs = page.getByRole("navigation", { name: "Configuración" });
  for (const tab of ["Categorías", "Almacenes", "Unidades"]) await expect(tabs.getByRole("link", { name: tab })).toBeVisible();

  // Categories: a category, then a subcategory in its expandable row.
  await tabs.getByRole("link", { name: "Categorías" }).click();
  await expect(page).toHaveURL(/\/home\/settings\/categories$/);
  await page.getByTestId("new-category").click();
  const sheet = page.getByRole("dialog", { name: "Nueva categoría" });
  await expect(sheet).toBeVisible();
  await sheet.getByTestId("save-category").click();
  await expect(sheet.locator("#category-code-error")).toHaveText("El código es requerido");
  await expect(sheet.locator("#category-name-error")).toHaveText("El nombre es requerido");
  await sheet.getByLabel("Código").fill(categoryCode.toLowerCase());
  await sheet.getByLabel("Nombre").fill(`Jugos naturales ${stamp}`);
  await sheet.getByLabel("Descripción").fill("Refrescos, jugos y agua");
  await sheet.getByTestId("save-category").click();
  await expect(sheet).toHaveCount(0);
  await expect(page.getByText("Categoría creada").first()).toBeVisible();
  const row = page.locator(`[data-testid="category-row"][data-code="${categoryCode}"]`);
  await expect(row).toContainText(`Jugos naturales ${stamp}`);
  await expect(row).toContainText("0 subcategorías");
  await expect(row).toContainText("Activo");

  await row.getByTestId("toggle-subcategories").click();
  const panel = page.locator(`[data-testid="subcategory-panel"][data-category="${categoryCode}"]`);
  await expect(panel).toContainText("Esta categoría no tiene subcategorías todavía.");
  await panel.getByTestId("new-subcategory").click();
  const subSheet = page.getByRole("dialog", { name: "Nueva subcategoría" });
  await expect(subSheet).toContainText(`En la categoría Jugos naturales ${stamp}`);
  await subSheet.getByLabel("Código").fill(subCode);
  await subSheet.getByLabel("Nombre").fill("Refrescos");
  await subSheet.getByTestId("save-subcategory").click();
  await expect(subSheet).toHaveCount(0);
  await expect(panel.locator(`[data-testid="subcategory-row"][data-code="${subCode}"]`)).toContainText("Refrescos");
  await expect(row).toContainText("1 subcategoría");

  // The same category code again: a clear conflict under the field.
  await page.getByTestId("new-category").click();
  const dup = page.getByRole("dialog", { name: "Nueva categoría" });
  await dup.getByLabel("Código").fill(categoryCode);
  await dup.getByLabel("Nombre").fill("Otra");
  await dup.getByTestId("save-category").click();
  await expect(dup.locator("#category-code-error")).toHaveText(`Ya existe una categoría con el código ${categoryCode}`);
  await dup.getByRole("button", { name: "Cancelar" }).click();
  await expect(dup).toHaveCount(0);

  // Warehouses: the validation messages of the spec, then a second warehouse.
  await tabs.getByRole("link", { name: "Almacenes" }).click();
  await expect(page.locator('[data-testid="warehouse-row"][data-code="PRIN"]')).toContainText("Predeterminado");
  await page.getByTestId("new-warehouse").click();
  const wSheet = page.getByRole("dialog", { name: "Nuevo almacén" });
  await wSheet.locator("#warehouse-order").fill("");
  await wSheet.getByTestId("save-warehouse").click();
  await expect(wSheet.locator("#warehouse-code-error")).toHaveText("El código es requerido");
  await expect(wSheet.locator("#warehouse-name-error")).toHaveText("El nombre es requerido");
  await expect(wSheet.locator("#warehouse-order-error")).toHaveText("El orden es requerido");
  await expect(wSheet.locator("#warehouse-code")).toHaveAttribute("aria-invalid", "true");
  await wSheet.locator("#warehouse-order").fill("1000");
  await wSheet.getByTestId("save-warehouse").click();
  await expect(wSheet.locator("#warehouse-order-error")).toHaveText("El orden debe ser un número entre 0 y 999");
  await wSheet.locator("#warehouse-code").fill(warehouseCode);
  await wSheet.locator("#warehouse-name").fill(`Almacén Santiago ${stamp}`);
  await wSheet.locator("#warehouse-order").fill("5");
  await wSheet.getByTestId("save-warehouse").click();
  await expect(wSheet).toHaveCount(0);
  await expect(page.getByText("Almacén creado").first()).toBeVisible();
  const wRow = page.locator(`[data-testid="warehouse-row"][data-code="${warehouseCode}"]`);
  await expect(wRow).toContainText(`Almacén Santiago ${stamp}`);
  await expect(wRow).toContainText("Activo");
  await expect(wRow).not.toContainText("Predeterminado");
  // The default warehouse's active switch is locked.
  await page.locator('[data-testid="warehouse-row"][data-code="PRIN"]').getByTestId("edit-warehouse").click();
  const edit = page.getByRole("dialog", { name: "Editar almacén" });
  await expect(edit.locator("#warehouse-active")).toBeDisabled();
  await expect(edit).toContainText("El almacén predeterminado no se puede desactivar");
  await edit.getByRole("button", { name: "Cancelar" }).click();

  // Units: with none configured, the banner asks to click 'Cargar Unidades'.
  await tabs.getByRole("link", { name: "Unidades" }).click();
  const banner = page.getByTestId("units-empty-banner");
  const rows = page.getByTestId("unit-row");
  await expect(banner.or(rows.first())).toBeVisible();
  if (await banner.isVisible()) {
    await expect(banner).toContainText("No hay unidades configuradas");
    await banner.getByRole("button", { name: "Cargar Unidades" }).click();
    await expect(page.getByText(/^Se cargaron \d+ unidades$/).first()).toBeVisible();
  } else {
    await page.getByTestId("seed-units").click();
    await expect(page.getByText("Las unidades ya estaban cargadas").first()).toBeVisible();
  }
  await expect(banner).toHaveCount(0);
  await expect(rows).toHaveCount(18);
  const mass = page.locator('[data-testid="unit-group"][data-dimension="mass"]');
  await expect(mass).toContainText("Peso");
  await expect(mass.locator('[data-testid="unit-row"][data-code="kg"]')).toContainText("Kilogramo");
  await expect(mass.locator('[data-testid="unit-row"][data-code="kg"]')).toContainText("1 kg = 1,000 g");
  await expect(page.locator('[data-testid="unit-group"][data-dimension="volume"]')).toContainText("Galón");
  // The converter: 2 lb in kg, then a conversion across dimensions.
  const converter = page.getByTestId("unit-converter");
  await converter.getByLabel("Cantidad").fill("2");
  await converter.getByLabel("De").selectOption({ label: "Libra (lb)" });
  await converter.getByLabel("A", { exact: true }).selectOption({ label: "Kilogramo (kg)" });
  await expect(page.getByTestId("convert-result")).toContainText("0.90718474 kg");
  await converter.getByLabel("A", { exact: true }).selectOption({ label: "Litro (L)" });
  await expect(page.getByTestId("convert-result")).toContainText("Conversión no disponible");
  await expect(page.getByTestId("convert-result")).toContainText("No existe conversión entre Libra y Litro");
});
