import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { settle } from "../a11y/axe";
import { type DetailRoute, seedDetailRecords } from "../routes";
import { signIn, tenantUrl } from "../support";

/**
 * Issue 21 §4: a long form's Save stays on screen on a phone. (That no screen scrolls sideways
 * at 390 and 768 px is swept, screen by screen, in e2e/a11y/screens.spec.ts.)
 */
const stateFile = path.join(mkdtempSync(path.join(tmpdir(), "enzzo-responsive-")), "owner.json");
writeFileSync(stateFile, JSON.stringify({ cookies: [], origins: [] }));
let details: Record<DetailRoute, string | undefined>;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signIn(page, "owner@demo.test");
  details = await seedDetailRecords(page);
  await page.context().storageState({ path: stateFile });
  await page.close();
});

test.describe("the product form on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, storageState: stateFile });

  for (const which of ["new", "existing"] as const) {
    test(`Save stays on screen while the ${which} product's form scrolls, and hides no field at the end`, async ({ page }) => {
      await page.goto(tenantUrl(which === "new" ? "/home/products/new" : details["/home/products/:id"]!));
      await settle(page);
      const save = page.getByTestId("save-product");
      // The form is far taller than the screen: Save is visible without scrolling…
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(844 * 1.5);
      await expect(save).toBeInViewport({ ratio: 1 });
      // …halfway down…
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
      await expect(save).toBeInViewport({ ratio: 1 });
      // …and at the end, where the bar sits below the last field instead of over it.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(save).toBeInViewport({ ratio: 1 });
      const fields = page.locator("main form :is(input, select, textarea, button[role=switch]):visible");
      const lastField = await fields.last().boundingBox();
      const bar = await page.locator("main form [data-slot=form-actions]").boundingBox();
      expect(lastField && bar, "the form's last field and its action bar").toBeTruthy();
      expect(lastField!.y + lastField!.height).toBeLessThanOrEqual(bar!.y);
    });
  }
});
