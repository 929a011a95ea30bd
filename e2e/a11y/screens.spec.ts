import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { LEGAL_ROUTES, legalDetailRoutes } from "../legal/routes";
import { expectNoSidewaysScroll } from "../responsive/overflow";
import { DETAIL_ROUTES, type DetailRoute, STATIC_ROUTES, seedDetailRecords } from "../routes";
import { signIn, tenantUrl } from "../support";
import { expectNoSeriousViolations, settle } from "./axe";

/**
 * Issue 21 §3 and §4, every screen of the back office and the POS, one test per screen so a
 * failure names it: axe-core (WCAG 2.0/2.1 A and AA) finds no serious or critical violation in
 * Spanish (on a phone, 390 px) and in English (1366 px), and the screen does not scroll sideways
 * on a phone nor on a tablet (768 px), in Spanish, the longer of the two. Each screen is opened
 * anew at each width (no resize of an open page): what is measured is what a user who opens it
 * on that device sees.
 */
const SCREENS = [
  { language: "es", width: 390, height: 844, axe: true, overflow: true },
  { language: "es", width: 768, height: 1024, axe: false, overflow: true },
  { language: "en", width: 1366, height: 768, axe: true, overflow: false },
] as const;

// The owner's signed-in session, shared by the generated tests (written by beforeAll).
const stateFile = path.join(mkdtempSync(path.join(tmpdir(), "enzzo-screens-")), "owner.json");
writeFileSync(stateFile, JSON.stringify({ cookies: [], origins: [] }));
let details: Record<DetailRoute, string | undefined>;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signIn(page, "owner@demo.test");
  details = await seedDetailRecords(page);
  await page.context().storageState({ path: stateFile });
  await page.close();
});

async function sweep(page: Page, route: string, subdomain = "demo") {
  for (const screen of SCREENS) {
    await test.step(`${screen.language}, ${screen.width} px`, async () => {
      // The language menu keeps its choice in localStorage, which the next load reads.
      if (page.url().startsWith("http")) await page.evaluate((l) => localStorage.setItem("language", l), screen.language);
      await page.setViewportSize({ width: screen.width, height: screen.height });
      await page.goto(tenantUrl(route, subdomain));
      await settle(page);
      await expect(page.locator("html")).toHaveAttribute("lang", screen.language);
      if (screen.axe) await expectNoSeriousViolations(page, `${route} (${screen.language}, ${screen.width} px)`);
      if (screen.overflow) await expectNoSidewaysScroll(page, route);
    });
  }
}

test.describe("every screen", () => {
  test.use({ storageState: stateFile });

  for (const route of STATIC_ROUTES) {
    test(`${route}: axe in es and en, no sideways scroll at 768 and 390 px`, async ({ page }) => {
      await sweep(page, route);
    });
  }

  for (const pattern of DETAIL_ROUTES) {
    test(`${pattern}: axe in es and en, no sideways scroll at 768 and 390 px`, async ({ page }) => {
      const route = details[pattern];
      expect(route, `no record to open ${pattern} on`).toBeTruthy();
      await sweep(page, route!);
    });
  }
});

// The legal case area (issue 20) lives on its own demo tenant, `legal` (product Legatti).
const legalStateFile = path.join(mkdtempSync(path.join(tmpdir(), "enzzo-screens-legal-")), "owner.json");
writeFileSync(legalStateFile, JSON.stringify({ cookies: [], origins: [] }));
let legalDetails: string[] = [];

test.describe("every screen of the legal area", () => {
  test.use({ storageState: legalStateFile });

  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    await signIn(page, "owner@demo.test", undefined, "legal");
    legalDetails = await legalDetailRoutes(page);
    await page.context().storageState({ path: legalStateFile });
    await page.close();
  });

  for (const route of LEGAL_ROUTES) {
    test(`${route}: axe in es and en, no sideways scroll at 768 and 390 px`, async ({ page }) => {
      await sweep(page, route, "legal");
    });
  }

  test("a case, its edit form, a document in the editor and a template: axe in es and en, no sideways scroll at 768 and 390 px", async ({ page }) => {
    test.slow();
    expect(legalDetails.length, "the legal demo's case, document and template").toBe(4);
    for (const route of legalDetails) await test.step(route, () => sweep(page, route, "legal"));
  });
});
