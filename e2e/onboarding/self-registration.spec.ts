import { expect, type Page, test } from "@playwright/test";
import { bareUrl, uniqueSuffix } from "../helpers-extra";
import { tenantUrl } from "../support";

interface Business {
  businessName: string;
  subdomain: string;
  ownerName: string;
  email: string;
  password: string;
}

function newBusiness(prefix: string): Business {
  const id = uniqueSuffix();
  return {
    businessName: `Negocio de Prueba ${id}`,
    subdomain: `${prefix}${id}`,
    ownerName: `Dueña ${id}`,
    email: `duena.${id}@example.do`,
    password: "prueba2026",
  };
}

async function fillForm(page: Page, b: Business, taxId: string) {
  await page.getByLabel("Nombre del negocio").fill(b.businessName);
  await page.getByLabel("Subdominio").fill(b.subdomain);
  await page.getByLabel("RNC o cédula").fill(taxId);
  await page.getByLabel("Nombre del propietario").fill(b.ownerName);
  await page.getByLabel("Correo electrónico").fill(b.email);
  await page.getByLabel("Contraseña").fill(b.password);
}

test("a business registers itself on the bare domain and lands signed in on its own host", async ({ page }) => {
  const b = newBusiness("neg");
  await page.goto(bareUrl("/auth/register?trial=true"));
  await expect(page.getByText("Cree su cuenta de Enzzo POS")).toBeVisible();
  await expect(page.getByTestId("trial-badge")).toHaveText("30 días gratis, sin tarjeta");

  // A wrong check digit is refused before anything is created.
  await fillForm(page, b, "101850042");
  await page.getByRole("button", { name: "Crear mi cuenta" }).click();
  await expect(page.locator("#taxId-error")).toHaveText("RNC o cédula inválido (dígito verificador)");
  await expect(page).toHaveURL(bareUrl("/auth/register?trial=true"));

  await page.getByLabel("RNC o cédula").fill("131246796");
  await expect(page.locator("#taxId-error")).toHaveCount(0);
  await page.getByRole("button", { name: "Crear mi cuenta" }).click();

  // Known app bug (intermittent): /auth/callback may land on /auth/signin instead, see the report —
  // CallbackPage's invalidateQueries reuses the session request sent before the cookie existed.
  await expect(page).toHaveURL(tenantUrl("/home?welcome=1", b.subdomain));
  await expect(page.getByTestId("dashboard-greeting")).toContainText(b.ownerName);
  await expect(page.getByTestId("dashboard-greeting")).toHaveText(`¡Bienvenido(a), ${b.ownerName}! Su negocio está listo.`);
  await expect(page.getByTestId("tenant-name")).toHaveText(b.businessName);
  await expect(page.getByTestId("plan-status")).toHaveText("Prueba: quedan 30 días");
  await expect(page.getByText("Producto: Enzzo POS")).toBeVisible();
  await expect(page.getByText("RNC 1-31-24679-6")).toBeVisible();
  await expect(page).toHaveTitle("Tablero · Enzzo POS Portal de Formularios");
  // No NCF range is invented: the owner is guided to enter DGII's authorizations.
  const setup = page.getByTestId("ncf-setup");
  await expect(setup).toContainText("Registre sus autorizaciones de NCF");
  await expect(setup.getByRole("link", { name: "Registrar autorizaciones" })).toHaveAttribute("href", "/home/settings/ncf");
  // The new owner has every menu, settings included.
  await expect(page.getByTestId("sidebar").getByRole("link", { name: "Configuración" })).toBeVisible();

  // The session belongs to the new host and survives a reload.
  await page.reload();
  await expect(page.getByTestId("tenant-name")).toHaveText(b.businessName);
});

test("the dental onboarding creates an Enzzo Dental tenant", async ({ page }) => {
  const b = newBusiness("den");
  await page.goto(bareUrl("/onboarding/dental"));
  await expect(page.getByText("Cree su cuenta de Enzzo Dental")).toBeVisible();
  await expect(page).toHaveTitle("Crear cuenta · Enzzo Dental Portal de Formularios");
  await expect(page.getByTestId("brand-name")).toContainText("Enzzo Dental");

  await fillForm(page, b, "131246796");
  await page.getByRole("button", { name: "Crear mi cuenta" }).click();

  await expect(page).toHaveURL(tenantUrl("/home?welcome=1", b.subdomain));
  await expect(page.getByTestId("dashboard-greeting")).toContainText(b.ownerName);
  await expect(page).toHaveTitle("Tablero · Enzzo Dental Portal de Formularios");
  await expect(page.locator('meta[name="application-name"]')).toHaveAttribute("content", "Enzzo Dental");
  await expect(page.getByText("Producto: Enzzo Dental")).toBeVisible();
  await expect(page.getByTestId("plan-status")).toHaveText("Prueba: quedan 30 días");
  await expect(page.getByTestId("sidebar")).toContainText("Enzzo Dental");
});
