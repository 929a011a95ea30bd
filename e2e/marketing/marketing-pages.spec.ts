import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "../a11y/axe";
import { PORT } from "../support";

/** The four marketing pages at the bare domain (issue 19 point 5), at a desktop and a phone width. */
const bare = (path: string) => `http://localhost:${PORT}${path}`;
const SHOTS = process.env.MARKETING_SHOTS_DIR;

const PAGES = [
  { path: "/", anchors: ["screenshots", "use-cases", "features", "pricing", "faq"], demo: true, testimonials: 3, faq: true, english: "Start selling today" },
  { path: "/dental", anchors: ["features", "workflow", "screenshots", "pricing", "faq"], demo: true, testimonials: 4, faq: true, english: "Modernise your practice today" },
  { path: "/forms", anchors: ["features", "pricing", "templates"], demo: false, testimonials: 0, faq: false, english: "Your next form, in minutes" },
  { path: "/legal", anchors: ["features", "pricing", "testimonials", "contact"], demo: false, testimonials: 3, faq: false, english: "Let's talk" },
];

const WIDTHS = [
  { name: "desktop", width: 1366, height: 800 },
  { name: "phone", width: 390, height: 844 },
];

/** Hydrated: the islands' handlers are attached once the module script ran. */
async function open(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState("networkidle");
}

async function openMenuIfPhone(page: Page, phone: boolean) {
  if (!phone) return;
  const toggle = page.locator('button[aria-controls="mobile-menu"]');
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(page.locator("#mobile-menu")).toBeVisible();
}

for (const size of WIDTHS) {
  test.describe(`marketing pages at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });
    const phone = size.width < 1024;

    for (const spec of PAGES) {
      test(`${spec.path}: anchors, menu, language, FAQ, modal and testimonials`, async ({ page }) => {
        await open(page, bare(spec.path));
        await expect(page.locator("html")).toHaveAttribute("lang", "es");
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/${spec.path.replace(/\W/g, "") || "pos"}-es-${size.width}.png`, fullPage: false });
        await expectNoSeriousViolations(page, `${spec.path} at ${size.width} px`);

        // each header anchor scrolls its section under the sticky header
        for (const anchor of spec.anchors) {
          await openMenuIfPhone(page, phone);
          const scope = phone ? page.locator("#mobile-menu") : page.locator("header nav").first();
          await scope.locator(`a[href="#${anchor}"]`).click();
          await expect(page).toHaveURL(new RegExp(`#${anchor}$`));
          if (phone) await expect(page.locator("#mobile-menu")).toBeHidden();
          // its top under the 64-px header, or the page scrolled to its end (the last section)
          await expect
            .poll(async () =>
              page.locator(`#${anchor}`).evaluate((el) => el.getBoundingClientRect().top <= 80 || window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2),
            )
            .toBe(true);
          await expect(page.locator(`#${anchor}`)).toBeInViewport();
        }

        // the mobile menu toggles (and Escape closes it)
        if (phone) {
          const toggle = page.locator('button[aria-controls="mobile-menu"]');
          await toggle.click();
          await expect(page.locator("#mobile-menu")).toBeVisible();
          await toggle.click();
          await expect(page.locator("#mobile-menu")).toBeHidden();
          await toggle.click();
          await page.keyboard.press("Escape");
          await expect(page.locator("#mobile-menu")).toBeHidden();
          await expect(toggle).toBeFocused();
        } else {
          await expect(page.locator('button[aria-controls="mobile-menu"]')).toBeHidden();
        }

        if (spec.faq) {
          const questions = page.locator("[data-faq] button[aria-expanded]");
          await questions.nth(0).click();
          await expect(questions.nth(0)).toHaveAttribute("aria-expanded", "true");
          await expect(page.locator("#faq-a-0")).toBeVisible();
          await questions.nth(1).click();
          await expect(questions.nth(1)).toHaveAttribute("aria-expanded", "true");
          await expect(questions.nth(0)).toHaveAttribute("aria-expanded", "false");
          await expect(page.locator("#faq-a-0")).toBeHidden();
          await questions.nth(1).click();
          await expect(page.locator("[data-faq] button[aria-expanded=true]")).toHaveCount(0);
          // keyboard: Enter on a focused question opens it
          await questions.nth(2).focus();
          await page.keyboard.press("Enter");
          await expect(questions.nth(2)).toHaveAttribute("aria-expanded", "true");
        }

        if (spec.demo) {
          const opener = page.getByRole("button", { name: "Ver demo" });
          const dialog = page.getByRole("dialog", { name: "Video de demostración" });
          await opener.click();
          await expect(dialog).toBeVisible();
          await dialog.getByRole("button", { name: "Cerrar" }).click();
          await expect(dialog).toBeHidden();
          await expect(opener).toBeFocused();
          await opener.click();
          await page.keyboard.press("Escape");
          await expect(dialog).toBeHidden();
          await opener.click();
          // a click on the backdrop, outside the panel
          await page.mouse.click(5, size.height - 5);
          await expect(dialog).toBeHidden();
        }

        if (spec.testimonials) {
          const dots = page.locator("[data-testimonials] button");
          await expect(dots).toHaveCount(spec.testimonials);
          await dots.nth(2).click();
          await expect(dots.nth(2)).toHaveAttribute("aria-current", "true");
          await expect(page.locator('[data-testimonial="2"]')).toBeVisible();
          await expect(page.locator('[data-testimonial="0"]')).toBeHidden();
          // and they rotate on their own (every 5 s)
          await expect(page.locator(`[data-testimonial="${3 % spec.testimonials}"]`)).toBeVisible({ timeout: 12_000 });
        }

        // the language menu switches to English
        const menu = page.locator("header details[data-language-menu] summary");
        await menu.click();
        await page.locator('header a[hreflang="en"]').click();
        await expect(page).toHaveURL(/\?lang=en$/);
        await expect(page.locator("html")).toHaveAttribute("lang", "en");
        await expect(page.getByRole("heading", { name: spec.english })).toBeVisible();
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/${spec.path.replace(/\W/g, "") || "pos"}-en-${size.width}.png`, fullPage: false });
      });
    }

    test("the POS page's pricing cards show the server's plans; screenshot tabs switch (mobile shows a tablet)", async ({ page }) => {
      await open(page, bare("/"));
      const cards = page.locator("#pricing [data-plan]");
      await expect(cards).toHaveCount(3);
      await expect(cards.nth(0)).toContainText("Prueba gratis");
      await expect(cards.nth(1)).toContainText("US$35.00");
      await expect(cards.nth(2)).toContainText("US$30.00");
      await expect(cards.nth(2)).toContainText("Ahorra 14 %");
      await expect(cards.nth(1).getByRole("link")).toHaveAttribute("href", "/onboarding/pos");
      await page.locator("#screenshots").scrollIntoViewIfNeeded();
      await page.getByRole("tab", { name: "Inventario" }).click();
      await expect(page.getByRole("tab", { name: "Inventario" })).toHaveAttribute("aria-selected", "true");
      await expect(page.locator("#panel-inventory")).toBeVisible();
      await page.keyboard.press("End");
      await expect(page.getByRole("tab", { name: "Móvil" })).toBeFocused();
      await expect(page.locator("#panel-mobile")).toContainText("Vista en tableta");
      if (SHOTS) await page.locator("#pricing").screenshot({ path: `${SHOTS}/pos-pricing-${size.width}.png` });
    });
  });
}

test("a tenant's host keeps '/' for the app (the sign-in page for a visitor)", async ({ page }) => {
  await page.goto(`http://demo.localhost:${PORT}/`);
  await expect(page).toHaveURL(/\/(auth\/signin|home)/);
  await expect(page.locator("[data-island=HeaderNav]")).toHaveCount(0);
});
