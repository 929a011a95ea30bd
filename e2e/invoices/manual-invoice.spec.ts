import { expect, test } from "@playwright/test";
import { signIn, tenantUrl } from "../support";

test("a manual invoice: kept as a draft (no NCF), edited, issued on 30-day credit with a down payment; another draft deleted", async ({ page }) => {
  await signIn(page, "owner@demo.test");
  await page.goto(tenantUrl("/home/invoices"));
  await page.getByTestId("new-invoice").click();
  const form = page.getByTestId("invoice-form");
  await expect(form.getByRole("heading", { name: "Nueva factura" })).toBeVisible();

  // Nothing chosen yet: the form says what is missing.
  await form.getByTestId("save-draft").click();
  await expect(form.getByText("El cliente es obligatorio")).toBeVisible();
  await expect(form.getByText("Agregue al menos un producto")).toBeVisible();

  // The focus is on the first thing missing, the customer button: Enter opens the search panel, Enter picks the only match.
  await expect(form.getByTestId("invoice-customer")).toBeFocused();
  await page.keyboard.press("Enter");
  const panel = page.getByTestId("customer-search-panel");
  await panel.getByLabel("Nombre, RNC/cédula o teléfono").fill("Bravo");
  await expect(panel.getByTestId("customer-panel-heading")).not.toHaveText("Clientes recientes");
  await expect(panel.getByTestId("customer-option")).toHaveCount(1);
  await page.keyboard.press("Enter");
  await expect(panel).toHaveCount(0);
  await expect(form.getByTestId("invoice-customer")).toContainText("1-01-85004-3");
  // a buyer with an RNC gets the tax-credit invoice
  await expect(form.getByLabel("Tipo de factura")).toHaveValue(await form.getByLabel("Tipo de factura").locator("option", { hasText: "Crédito fiscal" }).getAttribute("value") ?? "");
  await expect(form.getByTestId("invoice-ncf-type").locator("option:checked")).toContainText("B01");

  // Two products by name and by barcode (a scanner types and presses Enter).
  const search = form.getByLabel("Buscar producto por nombre, código o código de barras");
  await search.fill("Arroz");
  await expect(page.getByRole("button", { name: /Arroz La Garza 10 lb/ })).toBeVisible();
  await search.press("Enter");
  await search.fill("746012300010");
  await search.press("Enter");
  await expect(form.getByTestId("invoice-line")).toHaveCount(2);
  await form.getByLabel("Cantidad de Arroz La Garza 10 lb").fill("2");
  // 2 × 420 + 95
  await expect(form.getByTestId("invoice-form-total")).toHaveText("RD$935.00");

  // Ctrl+S keeps it as a draft: a BOR- number, no NCF.
  await form.getByLabel("Notas").fill("Entregar el viernes");
  await page.keyboard.press("Control+s");
  const detail = page.getByTestId("invoice-detail");
  await expect(detail.getByRole("heading", { name: /BOR-\d{6}/ })).toBeVisible();
  await expect(detail.getByTestId("invoice-status")).toHaveAttribute("data-status", "draft");
  await expect(detail.getByTestId("invoice-ncf")).toContainText("—");
  await expect(detail.getByTestId("share-invoice")).toHaveCount(0);
  const draftUrl = page.url();

  // Edited: 3 bags, 30-day credit, RD$500 down in cash; issued.
  await detail.getByTestId("edit-draft").click();
  await expect(form.getByRole("heading", { name: /Borrador BOR-\d{6}/ })).toBeVisible();
  await expect(form.getByTestId("invoice-line")).toHaveCount(2);
  await expect(form.getByLabel("Notas")).toHaveValue("Entregar el viernes");
  await form.getByLabel("Cantidad de Arroz La Garza 10 lb").fill("3");
  await form.getByLabel("Condición").selectOption({ label: "Crédito 30 días" });
  await expect(form.getByTestId("invoice-paid")).toHaveValue("");
  await form.getByTestId("invoice-paid").fill("500");
  await expect(form.getByTestId("invoice-form-total")).toHaveText("RD$1,355.00");
  await form.getByTestId("issue-invoice").click();

  await expect(detail.getByRole("heading", { name: /FAC-\d{6}/ })).toBeVisible();
  expect(page.url()).toBe(draftUrl);
  await expect(detail.getByTestId("invoice-status")).toHaveAttribute("data-status", "partial");
  await expect(detail.getByTestId("invoice-ncf")).toContainText(/B01\d{8}/);
  await expect(detail.getByTestId("invoice-balance")).toContainText("855.00");
  await expect(detail.getByTestId("edit-draft")).toHaveCount(0);

  // Another draft, deleted after one plain question; the list of drafts no longer has it.
  await page.goto(tenantUrl("/home/invoices/new"));
  await expect(form.getByTestId("invoice-customer")).toBeFocused();
  await page.keyboard.press("Enter");
  await panel.getByLabel("Nombre, RNC/cédula o teléfono").fill("Carmen Santos");
  // the search's answer, not the recent customers shown before it
  await expect(panel.getByTestId("customer-panel-heading")).not.toHaveText("Clientes recientes");
  await expect(panel.getByTestId("customer-option")).toHaveCount(1);
  await page.keyboard.press("Enter");
  await search.fill("Habichuelas");
  await expect(page.getByRole("button", { name: /Habichuelas rojas/ })).toBeVisible();
  await search.press("Enter");
  await form.getByTestId("save-draft").click();
  const heading = detail.getByRole("heading", { name: /BOR-\d{6}/ });
  await expect(heading).toBeVisible();
  const number = ((await heading.textContent()) ?? "").match(/BOR-\d{6}/)![0];
  await detail.getByTestId("delete-draft").click();
  const confirm = page.getByTestId("delete-draft-dialog");
  await expect(confirm).toContainText(`¿Eliminar el borrador ${number}?`);
  await confirm.getByTestId("delete-draft-submit").click();
  await expect(page).toHaveURL(/\/home\/invoices$/);
  await page.goto(tenantUrl("/home/invoices?status=draft"));
  await expect(page.getByTestId("invoice-row").filter({ hasText: number })).toHaveCount(0);
});

test("the manual invoice in English at 390 px", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "admin@demo.test");
  await page.goto(tenantUrl("/home/invoices/new"));
  await page.evaluate(() => localStorage.setItem("language", "en"));
  await page.reload();
  const form = page.getByTestId("invoice-form");
  await expect(form.getByRole("heading", { name: "New invoice" })).toBeVisible();
  await form.getByTestId("issue-invoice").click();
  await expect(form.getByText("Customer is required")).toBeVisible();
  await expect(form.getByText("Add at least one product")).toBeVisible();
  // nothing overflows the phone's width
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});

test("a cashier sees Anular locked with the permission it needs", async ({ page }) => {
  await signIn(page, "cashier@demo.test");
  await page.goto(tenantUrl("/home/invoices"));
  await page.getByTestId("invoice-row").first().click();
  const locked = page.getByTestId("invoice-detail").getByTestId("permission-locked");
  await expect(locked).toHaveAttribute("title", "Requiere permiso: invoices.cancel");
  await expect(locked.getByRole("button", { name: /Anular/ })).toBeDisabled();
});
