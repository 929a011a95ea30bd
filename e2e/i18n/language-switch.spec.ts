import { expect, test } from "@playwright/test";
import { pickMenuItem } from "../helpers-extra";
import { signIn, tenantUrl } from "../support";

test("the sign-in page switches to English, keeps it after a reload and switches back", async ({ page }) => {
  await page.goto(tenantUrl("/auth/signin"));
  await expect(page.getByRole("button", { name: "Iniciar sesión" })).toBeVisible();
  await expect(page.getByTestId("language-selector")).toHaveText("es");

  await pickMenuItem(page, "language-selector", "English");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect(page.getByLabel("Email")).toBeVisible();
  await expect(page.getByLabel("Password")).toBeVisible();
  await expect(page.getByTestId("support-contact")).toContainText("Support:");
  await expect(page.getByTestId("language-selector")).toHaveText("en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("en");

  await page.reload();
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Iniciar sesión" })).toHaveCount(0);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  // Each language is named in itself: 'Español' in the English menu.
  await pickMenuItem(page, "language-selector", "Español");
  await expect(page.getByRole("button", { name: "Iniciar sesión" })).toBeVisible();
  await expect(page.getByLabel("Correo electrónico")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("es");
});

test("the app shell switches to English, keeps it after a reload and switches back", async ({ page }) => {
  await signIn(page, "owner@demo.test");
  const sidebar = page.getByTestId("sidebar");
  await expect(sidebar.getByRole("link", { name: "Suplidores" })).toBeVisible();

  await pickMenuItem(page, "language-selector", "English");
  for (const entry of ["Dashboard", "Suppliers", "Point of sale", "Customers", "Settings"]) {
    await expect(sidebar.getByRole("link", { name: entry })).toBeVisible();
  }
  await expect(sidebar.getByRole("link", { name: "Suplidores" })).toHaveCount(0);
  await expect(page.getByTestId("sign-out")).toHaveText("Sign out");
  await expect(page.getByTestId("dashboard-greeting")).toHaveText("Hello, María Rodríguez");
  expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("en");

  await page.reload();
  await expect(page.getByTestId("sidebar").getByRole("link", { name: "Suppliers" })).toBeVisible();
  await expect(page.getByTestId("dashboard-greeting")).toHaveText("Hello, María Rodríguez");

  await pickMenuItem(page, "language-selector", "Español");
  await expect(sidebar.getByRole("link", { name: "Suplidores" })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Suppliers" })).toHaveCount(0);
  await expect(page.getByTestId("dashboard-greeting")).toHaveText("Hola, María Rodríguez");
  expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("es");
  await page.reload();
  await expect(page.getByTestId("sidebar").getByRole("link", { name: "Suplidores" })).toBeVisible();
});
