import { expect, test } from "@playwright/test";
import { signIn, tenantUrl } from "../support";

test("an owner creates a cashier, who can then sign in without the settings menu", async ({ page }) => {
  const stamp = Date.now();
  const name = `Cajera Prueba ${stamp}`;
  const email = `cajera.${stamp}@demo.test`;
  const password = "caja2026";

  await signIn(page, "owner@demo.test");
  await page.goto(tenantUrl("/home/settings/users"));
  const rows = page.getByTestId("user-row");
  await expect(rows.filter({ hasText: "owner@demo.test" })).toBeVisible();
  const before = await rows.count();

  await page.getByTestId("new-user").click();
  const sheet = page.getByRole("dialog", { name: "Nuevo usuario" });
  await expect(sheet).toBeVisible();
  await sheet.locator("#user-name").fill(name);
  await sheet.locator("#user-email").fill(email);
  await sheet.locator("#user-password").fill("12345");
  await sheet.locator("#user-role").selectOption({ label: "Cajero" });
  await sheet.getByTestId("save-user").click();
  await expect(sheet.locator("#user-password-error")).toHaveText("La contraseña debe tener al menos 6 caracteres");
  await expect(sheet.locator("#user-password")).toHaveAttribute("aria-invalid", "true");
  await expect(sheet).toBeVisible();
  await expect(rows.filter({ hasText: email })).toHaveCount(0);

  await sheet.locator("#user-password").fill(password);
  await expect(sheet.locator("#user-password-error")).toHaveCount(0);
  await sheet.getByTestId("save-user").click();
  await expect(sheet).toHaveCount(0);
  await expect(page.getByText("Usuario creado").first()).toBeVisible();

  const row = rows.filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(row).toContainText(name);
  await expect(row).toContainText("Cajero");
  await expect(row).toContainText("Activo");
  await expect(rows).toHaveCount(before + 1);

  await page.getByTestId("sign-out").click();
  await expect(page).toHaveURL(tenantUrl("/auth/signin"));

  await signIn(page, email, password);
  await expect(page.getByTestId("dashboard-greeting")).toHaveText(`Hola, ${name}`);
  await expect(page.getByTestId("user-name")).toHaveText(name);
  const sidebar = page.getByTestId("sidebar");
  await expect(sidebar.getByRole("link", { name: "Punto de venta" })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Configuración" })).toHaveCount(0);
  await expect(sidebar.getByRole("link", { name: "Suplidores" })).toHaveCount(0);
});
