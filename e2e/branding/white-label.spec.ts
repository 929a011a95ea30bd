import { expect, test } from "@playwright/test";
import { htmlCssVar } from "../helpers-extra";
import { tenantUrl } from "../support";

test("?brand=rd shows the white-label brand, its support contact, title and colour", async ({ page }) => {
  await page.goto(tenantUrl("/auth/signin?brand=rd"));
  await expect(page.getByTestId("brand-name")).toContainText("Negocio Digital RD");
  // The brand block is the initial in a badge, then the name.
  await expect(page.getByTestId("brand-name")).toHaveText(/^NNegocio Digital RD$/);
  await expect(page.getByTestId("brand-name")).not.toContainText("Enzzo");
  await expect(page.getByTestId("support-contact")).toContainText("ayuda@negociodigital.do");
  await expect(page.getByTestId("support-contact")).toHaveText("Soporte: ayuda@negociodigital.do · +1 809 555 0199");
  await expect(page).toHaveTitle("Iniciar sesión · Negocio Digital RD Portal de Formularios");
  await expect(page.locator('meta[name="application-name"]')).toHaveAttribute("content", "Negocio Digital RD");
  await expect(page.locator("html")).toHaveAttribute("data-white-label", "true");
  await expect.poll(() => htmlCssVar(page, "--primary")).toBe("#0f766e");
  // The brand's colour is what the sign-in button is painted with.
  await expect(page.getByRole("button", { name: "Iniciar sesión" })).toHaveCSS("background-color", "rgb(15, 118, 110)");

  // The brand is kept for the browser session, without the parameter.
  await page.goto(tenantUrl("/auth/signin"));
  await expect(page.getByTestId("brand-name")).toContainText("Negocio Digital RD");
  await expect(page).toHaveTitle("Iniciar sesión · Negocio Digital RD Portal de Formularios");
});

test("without ?brand a fresh browser shows Enzzo POS", async ({ page }) => {
  await page.goto(tenantUrl("/auth/signin"));
  await expect(page.getByTestId("brand-name")).toContainText("Enzzo POS");
  await expect(page.getByTestId("brand-name")).not.toContainText("Negocio Digital RD");
  await expect(page.getByTestId("support-contact")).toContainText("soporte@enzzo.app");
  await expect(page.getByTestId("support-contact")).not.toContainText("negociodigital");
  await expect(page).toHaveTitle("Iniciar sesión · Enzzo POS Portal de Formularios");
  await expect(page.locator("html")).not.toHaveAttribute("data-white-label", "true");
  // The default theme's own primary colour.
  await expect.poll(() => htmlCssVar(page, "--primary")).toBe("#4f46e5");
});
