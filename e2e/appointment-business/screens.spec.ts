import { expect, type Page, test } from "@playwright/test";
import { signIn, tenantUrl } from "../support";

/**
 * The 'Negocio' and 'Configuración' screens at 1366, 768 and 390 px in Spanish and English: their
 * content shows without widening the page sideways. Screenshots go to E2E_SHOTS_DIR when set.
 */
const SHOTS = process.env.E2E_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function noSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(width + 1);
}

for (const lang of ["es", "en"] as const) {
  for (const width of [1366, 768, 390]) {
    test(`business and settings screens at ${width} px in ${lang}`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 800 ? 768 : 844 });
      await signIn(page, "owner@demo.test");
      // the screens' language for this browser only (the shared demo user's own language is left alone)
      await page.evaluate((l) => localStorage.setItem("language", l), lang);

      await page.goto(tenantUrl("/home/appointments/business"));
      await expect(page.getByRole("heading", { name: lang === "es" ? "Negocio" : "Business", exact: true })).toBeVisible();
      await expect(page.getByTestId("opening-day")).toHaveCount(7);
      await noSidewaysScroll(page);
      await shot(page, `business-${lang}-${width}`);

      await page.goto(tenantUrl("/home/appointments/settings"));
      await expect(page.getByRole("heading", { name: lang === "es" ? "Configuración" : "Settings", exact: true })).toBeVisible();
      await expect(page.locator("#settings-slot_interval_minutes")).toBeVisible();
      await noSidewaysScroll(page);
      await shot(page, `settings-${lang}-${width}`);
    });
  }
}
