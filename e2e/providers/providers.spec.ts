import { expect, test } from "@playwright/test";
import { signIn, tenantUrl } from "../support";

test("an owner creates a supplier (fixing an invalid email), finds it, deactivates it and filters the inactive ones", async ({ page }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const code = `SUP-${stamp}`;
  const name = `Distribuidora Caribe ${stamp}`;

  await signIn(page, "owner@demo.test");
  await page.getByTestId("sidebar").getByRole("link", { name: "Suplidores" }).click();
  await expect(page).toHaveURL(tenantUrl("/home/providers"));
  await expect(page.getByRole("heading", { name: "Suplidores" })).toBeVisible();

  await page.getByTestId("new-provider").click();
  await expect(page).toHaveURL(tenantUrl("/home/providers/new"));
  await expect(page.getByRole("heading", { name: "Nuevo suplidor" })).toBeVisible();
  // The country starts filled in (a value, not a placeholder).
  await expect(page.getByLabel("País")).toHaveValue("República Dominicana");

  // Required fields are checked before anything is sent.
  await expect(page.getByText("Razón social")).toBeVisible();
  await expect(page.getByText("Límite de crédito (RD$)")).toBeVisible();
  await page.getByTestId("save-provider").click();
  await expect(page.locator("#provider-code-error")).toHaveText("El código es requerido");
  await expect(page.locator("#provider-name-error")).toHaveText("El nombre es requerido");
  await expect(page.locator("#provider-taxId-error")).toHaveText("El RNC o la cédula es requerido");

  await page.locator("#provider-code").fill(code);
  await page.locator("#provider-name").fill(name);
  await page.locator("#provider-companyName").fill(`${name} SRL`);
  await page.locator("#provider-taxId").fill("1-01-85004-3");
  await page.locator("#provider-contactPerson").fill("Ana Pérez");
  await page.locator("#provider-phone").fill("809-555-0101");
  await page.locator("#provider-email").fill("ventas@caribe");
  await page.locator("#provider-paymentTerms").fill("30");
  await page.locator("#provider-creditLimit").fill("150000");
  await page.getByTestId("save-provider").click();
  await expect(page.locator("#provider-email-error")).toHaveText("Email inválido");
  await expect(page.locator("#provider-email")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(tenantUrl("/home/providers/new"));

  await page.locator("#provider-email").fill("ventas@caribe.com.do");
  await expect(page.locator("#provider-email-error")).toHaveCount(0);
  await page.getByTestId("save-provider").click();
  // Back to the previous page (the list), with a toast.
  await expect(page).toHaveURL(tenantUrl("/home/providers"));
  await expect(page.getByText("Suplidor creado").first()).toBeVisible();

  const rows = page.getByTestId("provider-row");
  await page.getByTestId("provider-search").fill(stamp);
  // The search is sent once typing stops (300 ms) and kept in the address.
  await expect(page).toHaveURL(tenantUrl(`/home/providers?q=${stamp}`));
  await expect(rows).toHaveCount(1);
  const row = rows.filter({ hasText: name });
  await expect(row).toContainText(code);
  await expect(row).toContainText("1-01-85004-3");
  await expect(row).toContainText("Activo");
  await expect(page.getByTestId("pagination")).toContainText("1-1 de 1 elementos");

  // Details, then deactivate (asked once, nothing deleted).
  await row.getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByTestId("provider-details")).toContainText("RD$ 150,000.00");
  await expect(page.getByTestId("provider-details")).toContainText("30 días");
  await page.getByTestId("deactivate-provider").click();
  const confirm = page.getByRole("dialog", { name: "¿Desactivar suplidor?" });
  await expect(confirm).toContainText("No se elimina");
  await confirm.getByTestId("confirm-deactivate").click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByTestId("provider-status")).toHaveText("Inactivo");
  await expect(page.getByText("Suplidor desactivado").first()).toBeVisible();
  await expect(page.getByTestId("activate-provider")).toBeVisible();

  // Back to the list: the search is kept; the inactive filter shows it, the active one does not.
  await page.getByRole("button", { name: "Volver" }).click();
  await expect(page).toHaveURL(tenantUrl(`/home/providers?q=${stamp}`));
  await expect(page.getByTestId("provider-search")).toHaveValue(stamp);
  const filter = page.getByTestId("provider-status-filter");
  await filter.getByRole("button", { name: "Inactivos", exact: true }).click();
  await expect(filter.getByRole("button", { name: "Inactivos", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(/status=inactive/);
  await expect(rows).toHaveCount(1);
  await expect(rows.filter({ hasText: name })).toContainText("Inactivo");
  await filter.getByRole("button", { name: "Activos", exact: true }).click();
  await expect(page).toHaveURL(/status=active/);
  await expect(page.getByTestId("providers-empty")).toContainText("No se encontraron proveedores");
  await expect(rows).toHaveCount(0);
});
