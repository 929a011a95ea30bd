import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { settle } from "../a11y/axe";
import { DETAIL_ROUTES, type DetailRoute, STATIC_ROUTES, seedDetailRecords } from "../routes";
import { signIn, tenantUrl } from "../support";

/**
 * Issue 21 §4: no screen scrolls sideways on a phone (390 px) or a tablet (768 px), and a long
 * form's Save stays on screen. One test per screen and width, so a failure names the screen.
 */
const WIDTHS = [
  { name: "phone", width: 390, height: 844 },
  { name: "tablet", width: 768, height: 1024 },
] as const;

// The owner's signed-in session, shared by the generated tests (written by beforeAll, which
// itself starts from this empty state: the runner gives its page the first test's options).
const stateFile = path.join(mkdtempSync(path.join(tmpdir(), "enzzo-responsive-")), "owner.json");
writeFileSync(stateFile, JSON.stringify({ cookies: [], origins: [] }));
let details: Record<DetailRoute, string | undefined>;

/** How far the page scrolls sideways, and the elements that stick out past the right edge (for the failure message). */
async function overflowOf(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const wider: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll("*"))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= width + 0.5) continue;
      // Only the outermost offender of a subtree, unless it is clipped by a scroll area of its own.
      let clipped = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o !== "visible" && p.getBoundingClientRect().right <= width + 0.5) {
          clipped = true;
          break;
        }
      }
      if (clipped) continue;
      const parent = el.parentElement;
      if (parent && parent !== document.body && parent.getBoundingClientRect().right > width + 0.5) continue;
      const id = el.getAttribute("data-testid") ?? el.id;
      const cls = typeof el.className === "string" ? el.className.split(" ").slice(0, 4).join(".") : "";
      wider.push(`${el.tagName.toLowerCase()}${id ? `#${id}` : ""}${cls ? `.${cls}` : ""} → ${Math.round(r.right)}px`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, wider: wider.slice(0, 8) };
  });
}

async function expectNoSidewaysScroll(page: Page, route: string) {
  await page.goto(tenantUrl(route));
  await settle(page);
  const o = await overflowOf(page);
  expect(o.scrollWidth, `${route} is ${o.scrollWidth - o.innerWidth}px wider than the screen: ${o.wider.join("; ")}`).toBeLessThanOrEqual(o.innerWidth);
}

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signIn(page, "owner@demo.test");
  details = await seedDetailRecords(page);
  await page.context().storageState({ path: stateFile });
  await page.close();
});

for (const size of WIDTHS) {
  test.describe(`${size.name} (${size.width} px)`, () => {
    test.use({ viewport: { width: size.width, height: size.height }, storageState: stateFile });

    for (const route of STATIC_ROUTES) {
      test(`${route} does not scroll sideways at ${size.width} px`, async ({ page }) => {
        await expectNoSidewaysScroll(page, route);
      });
    }

    for (const pattern of DETAIL_ROUTES) {
      test(`${pattern} does not scroll sideways at ${size.width} px`, async ({ page }) => {
        const route = details[pattern];
        expect(route, `no record to open ${pattern} on`).toBeTruthy();
        await expectNoSidewaysScroll(page, route!);
      });
    }
  });
}

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
