import { expect, test } from "@playwright/test";
import { bodyBackground, htmlCssVar, pickMenuItem } from "../helpers-extra";
import { signIn, tenantUrl } from "../support";

const THEMES = [
  "light",
  "dark",
  "theme-enzzo",
  "theme-enzzo-dark",
  "theme-classic",
  "theme-classic-light",
  "theme-service",
  "theme-elearning",
  "theme-ecommerce",
  "theme-medical",
  "theme-banana-blitz",
  "theme-legatti",
  "theme-papirus",
];

test("a user picks the Legatti theme in the shell and it survives a reload", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  const html = page.locator("html");
  // Default theme.
  await expect(html).toHaveClass(/(^|\s)theme-enzzo(\s|$)/);
  const before = await bodyBackground(page);
  const primaryBefore = await htmlCssVar(page, "--primary");

  await pickMenuItem(page, "theme-selector", "Legatti");
  await expect(html).toHaveClass(/(^|\s)theme-legatti(\s|$)/);
  await expect(html).not.toHaveClass(/(^|\s)theme-enzzo(\s|$)/);
  await expect(html).toHaveAttribute("data-theme", "theme-legatti");
  await expect.poll(() => bodyBackground(page)).not.toBe(before);
  // Legatti's background is #fbf8f4 and its primary #7a1f2b.
  await expect.poll(() => bodyBackground(page)).toBe("rgb(251, 248, 244)");
  expect(await htmlCssVar(page, "--primary")).not.toBe(primaryBefore);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("theme-legatti");

  await page.reload();
  await expect(page.getByTestId("sidebar")).toBeVisible();
  await expect(html).toHaveClass(/(^|\s)theme-legatti(\s|$)/);
  await expect.poll(() => bodyBackground(page)).toBe("rgb(251, 248, 244)");

  // The menu marks the current theme.
  await page.getByTestId("theme-selector").click();
  await expect(page.getByRole("menuitemradio", { name: "Legatti", exact: true })).toHaveAttribute("aria-checked", "true");
  await page.keyboard.press("Escape");
});

test("each of the 13 themes gives its own primary colour", async ({ page }) => {
  await page.goto(tenantUrl("/auth/signin"));
  await page.getByTestId("theme-selector").click();
  await expect(page.getByRole("menuitemradio")).toHaveCount(THEMES.length);
  await page.keyboard.press("Escape");

  const primaries = new Map<string, string>();
  for (const theme of THEMES) {
    await page.getByTestId("theme-selector").click();
    await page.locator(`[data-theme-option="${theme}"]`).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    await expect(page.locator("html")).toHaveClass(new RegExp(`(^|\\s)${theme}(\\s|$)`));
    const primary = await htmlCssVar(page, "--primary");
    expect(primary, `--primary of ${theme}`).not.toBe("");
    primaries.set(theme, primary);
  }
  const distinct = new Set(primaries.values());
  expect(distinct.size, JSON.stringify(Object.fromEntries(primaries))).toBe(THEMES.length);

  // The last choice is stored and applied again on load.
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("theme-papirus");
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/(^|\s)theme-papirus(\s|$)/);
  expect(await htmlCssVar(page, "--primary")).toBe(primaries.get("theme-papirus"));
});
