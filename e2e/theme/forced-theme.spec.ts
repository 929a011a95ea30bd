import { expect, test } from "@playwright/test";
import { signInFromPage, updateConfigFromPage } from "../helpers-extra";
import { DEMO_PASSWORD, signIn, tenantUrl } from "../support";

const CONFIG_PATH = "/home/settings/configuration";
const PAPIRUS = /(^|\s)theme-papirus(\s|$)/;

test("the owner forces the company theme and square buttons on everyone, then restores them", async ({ page, browser }) => {
  try {
    await signIn(page, "owner@demo.test");
    await page.goto(tenantUrl(CONFIG_PATH));
    const html = page.locator("html");
    const themeSelect = page.locator("#company-theme");
    const force = page.locator("#force-theme");
    const roundedButtons = page.locator("#rounded_buttons");
    await expect(themeSelect).toHaveValue("theme-enzzo");
    await expect(force).toHaveAttribute("aria-checked", "false");
    await expect(roundedButtons).toHaveAttribute("aria-checked", "true");
    await expect(html).toHaveAttribute("data-rounded-buttons", "true");

    await themeSelect.selectOption({ label: "Papirus" });
    await expect(themeSelect).toHaveValue("theme-papirus");
    await expect(page.getByText("Configuración guardada").first()).toBeVisible();
    await page.getByText("Forzar el tema de la empresa").click();
    await expect(force).toHaveAttribute("aria-checked", "true");
    await roundedButtons.click();
    await expect(roundedButtons).toHaveAttribute("aria-checked", "false");
    await expect(html).toHaveAttribute("data-rounded-buttons", "false");
    // A square button: --radius-button is 0px.
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--radius-button").trim())).toBe("0px");

    // On the configuration page itself the user's own theme stays.
    await page.waitForTimeout(300); // longer than the 100 ms the forced theme waits elsewhere
    await expect(html).not.toHaveClass(PAPIRUS);
    await expect(html).toHaveClass(/(^|\s)theme-enzzo(\s|$)/);

    // Elsewhere the company theme wins and the selector is locked.
    await page.getByTestId("sidebar").getByRole("link", { name: "Tablero" }).click();
    await expect(page).toHaveURL(tenantUrl("/home"));
    await expect(html).toHaveClass(PAPIRUS);
    await expect(html).not.toHaveClass(/(^|\s)theme-enzzo(\s|$)/);
    await expect(page.getByTestId("theme-selector")).toBeDisabled();
    await expect(page.getByTestId("theme-selector")).toHaveAttribute("title", "Tema fijado por la empresa");
    // The user's own choice is still remembered, only overridden.
    expect(await page.evaluate(() => localStorage.getItem("theme"))).not.toBe("theme-papirus");

    // A cashier, in a browser of their own, gets the company theme too.
    const cashierContext = await browser.newContext();
    const cashier = await cashierContext.newPage();
    await signIn(cashier, "cashier@demo.test");
    await expect(cashier.locator("html")).toHaveClass(PAPIRUS);
    await expect(cashier.locator("html")).toHaveAttribute("data-rounded-buttons", "false");
    await expect(cashier.getByTestId("theme-selector")).toBeDisabled();
    await cashierContext.close();

    // Restore through the screen.
    await page.getByTestId("sidebar").getByRole("link", { name: "Configuración" }).click();
    await page.getByRole("navigation", { name: "Configuración" }).getByRole("link", { name: "Configuración" }).click();
    await expect(page).toHaveURL(tenantUrl(CONFIG_PATH));
    await page.getByText("Forzar el tema de la empresa").click();
    await expect(force).toHaveAttribute("aria-checked", "false");
    await roundedButtons.click();
    await expect(roundedButtons).toHaveAttribute("aria-checked", "true");
    await themeSelect.selectOption("theme-enzzo");
    await expect(themeSelect).toHaveValue("theme-enzzo");
    await expect(html).toHaveAttribute("data-rounded-buttons", "true");

    await page.getByTestId("sidebar").getByRole("link", { name: "Tablero" }).click();
    await expect(page.getByTestId("theme-selector")).toBeEnabled();
    await expect(html).toHaveClass(/(^|\s)theme-enzzo(\s|$)/);
    await expect(html).not.toHaveClass(PAPIRUS);
  } finally {
    // Whatever happened above, leave the shared demo tenant as it was.
    const ctx = await browser.newContext();
    const restorer = await ctx.newPage();
    await restorer.goto(tenantUrl("/auth/signin"));
    expect((await signInFromPage(restorer, "owner@demo.test", DEMO_PASSWORD)).status).toBe(200);
    await updateConfigFromPage(restorer, { theme: "theme-enzzo", force_company_theme: false, rounded_buttons: true });
    await ctx.close();
  }
});
