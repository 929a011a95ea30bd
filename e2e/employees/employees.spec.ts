import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { ensureCashboxOpen, trpcMutation } from "../catalog-helpers";
import { browserFetch } from "../helpers-extra";
import { signIn, tenantUrl } from "../support";

async function trpcQuery<T>(page: Page, path: string): Promise<T> {
  const res = await browserFetch(page, `/api/trpc/${path}`);
  expect(res.status, res.body as string).toBe(200);
  return JSON.parse(res.body as string).result.data.json as T;
}

/** Two services without ITBIS, so a line's amount is its price: RD$1,000 and RD$500. */
async function createServices(page: Page, stamp: string) {
  const base = { productType: "service", price2: "0", price3: "0", isTaxable: false };
  const corte = await trpcMutation<{ id: string }>(page, "product.create", { ...base, name: `Corte ${stamp}`, sku: `CORTE-${stamp}`, price: "1000" });
  const tinte = await trpcMutation<{ id: string }>(page, "product.create", { ...base, name: `Tinte ${stamp}`, sku: `TINTE-${stamp}`, price: "500" });
  return { corte: corte.id, tinte: tinte.id };
}

/** A cash sale through the POS checkout, every line credited to the seller. */
async function sell(page: Page, sellerId: string, items: { productId: string; quantity: string }[]) {
  const [warehouse] = await trpcQuery<{ id: string }[]>(page, "warehouse.getAll");
  const methods = await trpcQuery<{ id: string; code: string }[]>(page, "paymentMethod.getAll");
  const [peso] = await trpcQuery<{ id: string }[]>(page, "currency.getActive");
  const cash = methods.find((m) => m.code === "CASH") ?? methods[0];
  await trpcMutation(page, "pos.checkout", {
    clientOrderId: randomUUID(),
    customerId: "default",
    warehouseId: warehouse!.id,
    items: items.map((i) => ({ ...i, sellerId })),
    payments: [{ paymentMethodId: cash!.id, currencyId: peso!.id, amount: "5000" }],
  });
}

test("an owner creates an employee, links two products with commissions, sells with them as seller and reads the commissions report", async ({ page }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const name = `Ana Vendedora ${stamp}`;
  await signIn(page, "owner@demo.test");
  await ensureCashboxOpen(page);
  const products = await createServices(page, stamp);

  await page.getByTestId("sidebar").getByRole("link", { name: "Empleados" }).click();
  await expect(page).toHaveURL(tenantUrl("/home/employees"));
  await expect(page.getByRole("heading", { name: "Empleados" })).toBeVisible();
  await page.getByTestId("new-employee").click();
  await expect(page).toHaveURL(tenantUrl("/home/employees/new"));
  await expect(page.getByRole("heading", { name: "Nuevo empleado" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Información personal" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Información laboral" })).toBeVisible();

  // The spec's defaults; the commission rate only for commission or mixed pay.
  await expect(page.locator("#employee-job_position")).toHaveValue("other");
  await expect(page.locator("#employee-salary_type")).toHaveValue("monthly");
  await expect(page.locator("#employee-base_salary")).toHaveValue("0");
  await expect(page.locator("#employee-user_id")).toHaveValue("none");
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Santo_Domingo" }).format(new Date());
  await expect(page.locator("#employee-hire_date")).toHaveValue(today);
  await expect(page.locator("#employee-commission_rate")).toHaveCount(0);
  await page.locator("#employee-salary_type").selectOption("commission");
  await expect(page.locator("#employee-commission_rate")).toBeVisible();

  // Name required, email valid or empty: checked before anything is sent.
  await page.getByTestId("save-employee").click();
  await expect(page.locator("#employee-name-error")).toHaveText("El nombre es requerido");
  await page.locator("#employee-name").fill(name);
  await page.locator("#employee-email").fill("ana@salon");
  await page.getByTestId("save-employee").click();
  await expect(page.locator("#employee-email-error")).toHaveText("Email inválido");
  await page.locator("#employee-email").fill("ana@salon.do");
  await page.locator("#employee-job_position").selectOption("seller");
  await page.locator("#employee-commission_rate").fill("2");
  await page.getByTestId("save-employee").click();

  // Created: the user is on /home/employees/{id}, with the commissions card.
  await expect(page).toHaveURL(/\/home\/employees\/[0-9a-f-]{36}$/);
  const employeeId = page.url().split("/").pop()!;
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByTestId("employee-page")).toContainText(/EMP-\d{3}/);
  await expect(page.locator("#employee-salary_type")).toHaveValue("commission");
  const card = page.getByTestId("commissions-card");
  await expect(card.getByText("Sin productos enlazados")).toBeVisible();

  // The product picker: search (500 ms debounce), tick both services, done.
  await card.getByTestId("add-products").click();
  const picker = page.getByTestId("product-picker");
  await expect(picker.getByRole("heading", { name: "Agregar productos" })).toBeVisible();
  await picker.getByTestId("product-picker-search").fill(stamp);
  await expect(picker.getByTestId("product-option")).toHaveCount(2);
  await picker.getByTestId("product-option").filter({ hasText: `Corte ${stamp}` }).click();
  await picker.getByTestId("product-option").filter({ hasText: `Tinte ${stamp}` }).click();
  await expect(picker.getByTestId("picker-count")).toHaveText("2 seleccionados");
  await picker.getByTestId("picker-done").click();
  await expect(picker).toHaveCount(0);

  const rows = card.getByTestId("product-link-row");
  await expect(rows).toHaveCount(2);
  await expect(card.getByText("Cambios sin guardar")).toBeVisible();
  await page.getByLabel(`Comisión (%): Corte ${stamp}`).fill("10");
  await page.getByLabel(`Comisión (%): Tinte ${stamp}`).fill("150");
  await expect(card.getByText("El porcentaje debe estar entre 0 y 100")).toBeVisible();
  await expect(card.getByTestId("save-products")).toBeDisabled();
  await page.getByLabel(`Comisión (%): Tinte ${stamp}`).fill("5");
  await card.getByTestId("save-products").click();
  await expect(page.getByText("Productos actualizados").first()).toBeVisible();

  // Saved for real: after a reload both links are there with their percentages.
  await page.reload();
  await expect(card.getByTestId("product-link-row")).toHaveCount(2);
  await expect(page.getByLabel(`Comisión (%): Corte ${stamp}`)).toHaveValue("10");
  await expect(page.getByLabel(`Comisión (%): Tinte ${stamp}`)).toHaveValue("5");
  await expect(card.getByText("Cambios sin guardar")).toHaveCount(0);
  await page.screenshot({ path: "test-results/employees-edit.png", fullPage: true });

  // Two sales with Ana as the seller: 1 corte (10 % of 1,000 = 100) and 2 tintes (5 % of 1,000 = 50).
  await sell(page, employeeId, [{ productId: products.corte, quantity: "1" }]);
  await sell(page, employeeId, [{ productId: products.tinte, quantity: "2" }]);

  await page.getByTestId("sidebar").getByRole("link", { name: "Vendedores" }).click();
  await expect(page).toHaveURL(/\/home\/sellers/);
  await expect(page.getByRole("heading", { name: "Vendedores" })).toBeVisible();
  await page.getByTestId("report-employee").selectOption(employeeId);
  const row = page.getByTestId("seller-row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("RD$2,000.00");
  await expect(row).toContainText("RD$150.00");
  await expect(row.locator("td").nth(1)).toHaveText("2");
  await expect(page.getByTestId("summary-commission")).toHaveText("RD$150.00");
  // Amounts are what the commissions are computed on: before ITBIS, and labelled so.
  await expect(page.getByRole("columnheader", { name: "Monto vendido sin ITBIS" })).toBeVisible();
  await row.getByRole("button", { name: `Ver líneas de ${name}` }).click();
  const lines = page.getByTestId("seller-line");
  await expect(lines).toHaveCount(2);
  await expect(lines.filter({ hasText: `Corte ${stamp}` })).toContainText("Producto del empleado");
  await expect(lines.filter({ hasText: `Tinte ${stamp}` })).toContainText("RD$50.00");
  await page.screenshot({ path: "test-results/sellers-report.png", fullPage: true });

  // Exportar downloads the Excel; Imprimir opens the print dialog.
  const download = page.waitForEvent("download");
  await page.getByTestId("export-report").click();
  expect((await download).suggestedFilename()).toMatch(/^comisiones-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed++;
    };
  });
  await page.getByTestId("print-report").click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  // Deleting asks once and says the employee is only marked inactive; the list hides them until 'show inactive'.
  await page.goto(tenantUrl("/home/employees"));
  await page.getByTestId("employee-search").fill(stamp);
  const listRow = page.getByTestId("employee-row").filter({ hasText: name });
  await expect(listRow).toContainText("Vendedor");
  await listRow.getByTestId("delete-employee").click();
  const dialog = page.getByTestId("delete-employee-dialog");
  await expect(dialog).toContainText("se marca como inactivo; no se borra");
  await dialog.getByTestId("confirm-delete-employee").click();
  await expect(page.getByText("Empleado marcado como inactivo").first()).toBeVisible();
  await expect(page.getByTestId("employees-empty")).toBeVisible();
  // The dialog is gone (a modal keeps the page from being clicked while it closes).
  await expect(dialog).toBeHidden();
  const showInactive = page.getByTestId("employees-show-inactive");
  await showInactive.click();
  await expect(showInactive).toBeChecked();
  await expect(listRow).toContainText("Inactivo");
  await listRow.getByTestId("restore-employee").click();
  await expect(listRow).toContainText("Activo");
  await page.screenshot({ path: "test-results/employees-list.png" });
});

test("in English at 768 px: the employee form and the sellers report", async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await signIn(page, "admin@demo.test");
  await ensureCashboxOpen(page);
  await page.evaluate(() => localStorage.setItem("language", "en"));
  await page.goto(tenantUrl("/home/employees/new"));
  await expect(page.getByRole("heading", { name: "New employee" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Personal information" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Work information" })).toBeVisible();
  await expect(page.locator("#employee-salary_type option:checked")).toHaveText("Monthly");
  await page.locator("#employee-salary_type").selectOption("mixed");
  await expect(page.getByText("Commission (%)")).toBeVisible();
  await page.getByTestId("save-employee").click();
  await expect(page.locator("#employee-name-error")).toHaveText("The name is required");
  await page.screenshot({ path: "test-results/employees-new-768-en.png", fullPage: true });
  // Cancel returns to the list.
  await page.getByTestId("cancel-employee").click();
  await expect(page).toHaveURL(tenantUrl("/home/employees"));
  await expect(page.getByRole("heading", { name: "Employees" })).toBeVisible();

  await page.goto(tenantUrl("/home/sellers?from=2020-01-01&to=2020-01-31"));
  await expect(page.getByRole("heading", { name: "Sellers" })).toBeVisible();
  await expect(page.getByTestId("sellers-empty")).toContainText("No sales with a seller in this period");
  await expect(page.getByTestId("summary-commission")).toHaveText("RD$0.00");
  await page.goto(tenantUrl("/home/sellers"));
  await expect(page.getByRole("button", { name: "Export" })).toBeVisible();
  await expect(page.getByTestId("summary-sales")).toBeVisible();
  await expect(page.getByText("Amount sold before ITBIS").first()).toBeVisible();
  await page.screenshot({ path: "test-results/sellers-768-en.png", fullPage: true });
  await page.evaluate(() => localStorage.setItem("language", "es"));
});
