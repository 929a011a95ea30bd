import { expect, test } from "@playwright/test";
import { signIn, tenantUrl } from "../support";

test("an owner signs in, sees the shell in Spanish and signs out", async ({ page }) => {
  await page.goto(tenantUrl("/"));
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await expect(page).toHaveTitle("Iniciar sesión · Enzzo POS Portal de Formularios");
  await expect(page.locator('meta[name="application-name"]')).toHaveAttribute("content", "Enzzo POS");
  await signIn(page, "owner@demo.test");
  await expect(page.getByTestId("dashboard-greeting")).toHaveText("Hola, María Rodríguez");
  await expect(page.getByTestId("tenant-name")).toHaveText("Colmado y Restaurante La Esquina");
  const sidebar = page.getByTestId("sidebar");
  for (const entry of ["Tablero", "Citas", "Punto de venta", "Productos", "Movimientos de almacén", "Suplidores", "Promociones", "Facturas", "Reportes", "Clientes", "Vendedores", "Empleados"]) {
    await expect(sidebar.getByRole("link", { name: entry })).toBeVisible();
  }
  // Collapse keeps the icons and hides the labels; it is remembered.
  await page.getByTestId("sidebar-toggle").click();
  await expect(sidebar.getByText("Suplidores")).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("sidebar").getByText("Suplidores")).toHaveCount(0);
  await page.getByTestId("sidebar-toggle").click();
  await expect(page.getByTestId("sidebar").getByText("Suplidores")).toBeVisible();

  await page.getByTestId("sign-out").click();
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await page.goto(tenantUrl("/home"));
  await expect(page).toHaveURL(/\/auth\/signin$/);
});

test("a wrong password is refused with a clear message", async ({ page }) => {
  await page.goto(tenantUrl("/auth/signin"));
  await page.getByLabel("Correo electrónico").fill("owner@demo.test");
  await page.getByLabel("Contraseña").fill("equivocada");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByTestId("signin-error")).toHaveText("Correo o contraseña incorrectos");
  await expect(page).toHaveURL(/\/auth\/signin$/);
});
