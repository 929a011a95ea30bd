import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { THEMES } from "../../src/shared/platform/themes";
import { bareUrl } from "../helpers-extra";
import { signIn, tenantUrl } from "../support";
import { expectNoSeriousViolations, settle } from "./axe";

/**
 * Issue 21 §3: axe-core (WCAG 2.0/2.1 A and AA) finds no serious or critical violation on any
 * signed-out screen, in Spanish and in English, nor on the dashboard and a list in any of the
 * themes. The signed-in screens are swept in screens.spec.ts.
 */
const LANGUAGES = ["es", "en"] as const;

// The owner's signed-in session, shared by the generated tests (written by beforeAll).
const stateFile = path.join(mkdtempSync(path.join(tmpdir(), "enzzo-axe-")), "owner.json");
writeFileSync(stateFile, JSON.stringify({ cookies: [], origins: [] }));

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signIn(page, "owner@demo.test");
  await page.context().storageState({ path: stateFile });
  await page.close();
});

/** The next page loads in this language and theme (as the language and theme menus leave them: in localStorage). */
async function prefer(page: Page, language: string, theme?: string) {
  await page.addInitScript(
    ([l, th]) => {
      localStorage.setItem("language", l);
      if (th) localStorage.setItem("theme", th);
    },
    [language, theme ?? ""] as const,
  );
}

for (const language of LANGUAGES) {
  test.describe(`in ${language === "es" ? "Spanish" : "English"}`, () => {
    test.describe("signed out", () => {
      test(`the sign-in page (${language})`, async ({ page }) => {
        await prefer(page, language);
        await page.goto(tenantUrl("/auth/signin"));
        await settle(page, "body");
        await expect(page.locator("html")).toHaveAttribute("lang", language);
        await expectNoSeriousViolations(page, `/auth/signin (${language})`);
      });

      test(`the public landing page (${language})`, async ({ page }) => {
        await prefer(page, language);
        // the bare domain's '/' is the server-rendered marketing page: its language comes from ?lang
        await page.goto(bareUrl(language === "en" ? "/?lang=en" : "/"));
        await settle(page, "body");
        await expect(page.locator("html")).toHaveAttribute("lang", language);
        await expectNoSeriousViolations(page, `landing / (${language})`);
      });
    });

  });
}

test.describe("each theme", () => {
  test.use({ storageState: stateFile });
  for (const theme of THEMES) {
    for (const route of ["/home", "/home/products"]) {
      test(`${route} in ${theme}`, async ({ page }) => {
        await prefer(page, "es", theme);
        await page.goto(tenantUrl(route));
        await settle(page);
        await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
        await expectNoSeriousViolations(page, `${route} (${theme})`);
      });
    }
  }
});
