import { expect, test } from "@playwright/test";
import { browserFetch } from "../helpers-extra";
import { signIn, tenantUrl } from "../support";

const VISIBLE = ["Tablero", "Citas", "Punto de venta", "Caja", "Productos", "Bonos de regalo", "Facturas", "Clientes"];
const HIDDEN = ["Suplidores", "Promociones", "Reportes", "Vendedores", "Empleados", "Movimientos de almacén", "Configuración"];

test("a cashier sees only the cashier menus and is refused elsewhere, on screen and by the API", async ({ page }) => {
  await signIn(page, "cashier@demo.test");
  await expect(page.getByTestId("dashboard-greeting")).toHaveText("Hola, Ana Pérez");
  await expect(page.getByTestId("user-name")).toHaveText("Ana Pérez");
  await expect(page.getByText("Cajero", { exact: true }).first()).toBeVisible();

  const sidebar = page.getByTestId("sidebar");
  for (const entry of VISIBLE) await expect(sidebar.getByRole("link", { name: entry })).toBeVisible();
  for (const entry of HIDDEN) await expect(sidebar.getByRole("link", { name: entry })).toHaveCount(0);
  await expect(sidebar.getByRole("link")).toHaveCount(VISIBLE.length);

  // An allowed menu opens.
  await sidebar.getByRole("link", { name: "Productos" }).click();
  await expect(page).toHaveURL(tenantUrl("/home/products"));
  // Products are readable by a cashier, without the owner's tools.
  await expect(page.getByRole("heading", { name: "Productos" })).toBeVisible();
  await expect(page.getByTestId("new-product")).toHaveCount(0);

  // Typing a forbidden address shows 'Acceso denegado'.
  await page.goto(tenantUrl("/home/settings/users"));
  await expect(page.getByTestId("access-denied")).toBeVisible();
  await expect(page.getByTestId("access-denied")).toContainText("Acceso denegado");
  await expect(page.getByTestId("access-denied")).toContainText("No tiene permiso para acceder a esta sección.");
  await expect(page.getByRole("button", { name: "Nuevo usuario" })).toHaveCount(0);
  // … with a way back.
  await page.getByTestId("access-denied").getByRole("link", { name: "Volver al inicio" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto(tenantUrl("/home/providers"));
  await expect(page.getByTestId("access-denied")).toBeVisible();

  // The server refuses the protected procedure to the cashier's own session.
  // (Made with the page's fetch: Playwright's Node-side page.request cannot resolve demo.localhost here.)
  const res = await browserFetch(page, "/api/trpc/user.getAll");
  expect(res.status).toBe(403);
  const body = JSON.parse(res.body) as { error: { json: { message: string; data: { code: string } } } };
  expect(body.error.json.data.code).toBe("FORBIDDEN");
  expect(body.error.json.message).toContain("No tiene permiso para esta acción");
  // While the same session may call what a cashier is allowed to.
  expect((await browserFetch(page, "/api/trpc/tenant.getCurrentConfig")).status).toBe(200);
});
