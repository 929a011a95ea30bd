import { expect, test } from "@playwright/test";
import { bareUrl, uniqueSuffix } from "../helpers-extra";
import { SUPERADMIN_TOKEN, signIn, tenantUrl } from "../support";

const SA_PATH = "/nothing-to-see-here";

test("a wrong super-admin token is forgotten and the visitor is sent away", async ({ page }) => {
  await page.goto(bareUrl(SA_PATH));
  await expect(page.getByText("Acceso de super administrador")).toBeVisible();
  await page.getByLabel("Token").fill("not-the-token");
  await page.getByRole("button", { name: "Entrar" }).click();

  await expect(page.getByText("Token de super administrador inválido").first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem("superadmin_token"))).toBeNull();
  await expect(page).not.toHaveURL(/nothing-to-see-here/);
  await expect(page).toHaveURL(bareUrl("/"));
  expect(await page.evaluate(() => localStorage.getItem("superadmin_token"))).toBeNull();
  await expect(page.getByTestId("sa-tenant-row")).toHaveCount(0);
});

test("the operator creates, suspends and reactivates a tenant", async ({ page, browser }) => {
  await page.goto(bareUrl(SA_PATH));
  await page.getByLabel("Token").fill(SUPERADMIN_TOKEN);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.locator('[data-testid="sa-tenant-row"][data-subdomain="demo"]')).toContainText("Colmado y Restaurante La Esquina");
  expect(await page.evaluate(() => localStorage.getItem("superadmin_token"))).toBe(SUPERADMIN_TOKEN);

  // The token is kept: a reload goes straight to the list.
  await page.reload();
  await expect(page.locator('[data-testid="sa-tenant-row"][data-subdomain="demo"]')).toBeVisible();

  const id = uniqueSuffix();
  const sub = `sa${id}`;
  const owner = { name: `Propietario ${id}`, email: `owner.${id}@example.do`, password: "operador2026" };
  await page.getByTestId("sa-new-tenant").click();
  const dialog = page.getByRole("dialog", { name: "Nuevo negocio" });
  await expect(dialog).toBeVisible();
  await dialog.locator("#sa-businessName").fill(`Ferretería ${id}`);
  await dialog.locator("#sa-subdomain").fill(sub);
  await dialog.locator("#sa-taxId").fill("131246796");
  await dialog.locator("#sa-ownerName").fill(owner.name);
  await dialog.locator("#sa-email").fill(owner.email);
  await dialog.locator("#sa-password").fill(owner.password);
  await dialog.getByTestId("sa-create").click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Negocio ${sub} creado`).first()).toBeVisible();

  const row = page.locator(`[data-testid="sa-tenant-row"][data-subdomain="${sub}"]`);
  await expect(row).toContainText(`Ferretería ${id}`);
  await expect(row).toContainText("Enzzo POS");
  await expect(row).toContainText("Activo");
  await expect(row.getByRole("link", { name: sub })).toHaveAttribute("href", tenantUrl("/auth/signin", sub));

  // Its owner signs in on the tenant's own host.
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await signIn(ownerPage, owner.email, owner.password, sub);
  await expect(ownerPage.getByTestId("tenant-name")).toHaveText(`Ferretería ${id}`);
  await expect(ownerPage.getByTestId("dashboard-greeting")).toHaveText(`Hola, ${owner.name}`);
  await ownerContext.close();

  // Suspended: the badge says so and the owner can no longer sign in.
  await row.getByRole("button", { name: "Suspender" }).click();
  await expect(row).toContainText("Suspendido");
  await expect(row.getByRole("button", { name: "Reactivar" })).toBeVisible();
  await expect(page.getByText("Negocio suspendido").first()).toBeVisible();

  const blockedContext = await browser.newContext();
  const blocked = await blockedContext.newPage();
  await blocked.goto(tenantUrl("/auth/signin", sub));
  await blocked.getByLabel("Correo electrónico").fill(owner.email);
  await blocked.getByLabel("Contraseña").fill(owner.password);
  await blocked.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(blocked.getByTestId("signin-error")).toHaveText("Este negocio está suspendido. Contacte a soporte.");
  await expect(blocked).toHaveURL(tenantUrl("/auth/signin", sub));
  await blockedContext.close();

  // Reactivated: active again and the owner gets in.
  await row.getByRole("button", { name: "Reactivar" }).click();
  await expect(row).toContainText("Activo");
  await expect(row.getByRole("button", { name: "Suspender" })).toBeVisible();
  const againContext = await browser.newContext();
  const again = await againContext.newPage();
  await signIn(again, owner.email, owner.password, sub);
  await expect(again.getByTestId("tenant-name")).toHaveText(`Ferretería ${id}`);
  await againContext.close();
});
