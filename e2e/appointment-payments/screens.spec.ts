import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations, settle } from "../a11y/axe";
import { signIn, tenantUrl } from "../support";
import { book, payDeposit, rowOf, setStatus, workingDay } from "./helpers";

/**
 * The Pagos tab at 1366, 768 and 390 px in Spanish and English: both lists and the refund dialog
 * fit without widening the page; axe finds nothing serious on them (1366 px, Spanish). Screenshots
 * go to E2E_SHOTS_DIR when set.
 */
const SHOTS = process.env.E2E_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function noSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(width + 1);
}

test("the Pagos tab at 1366, 768 and 390 px, in Spanish and English", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "owner@demo.test");
  const booked = await book(page, "Ysabel Ozuna", "809-555-0330", workingDay(8));
  await payDeposit(page, booked.id, "450.00");
  await setStatus(page, booked.id, "cancelled");

  try {
    for (const lang of ["es", "en"] as const) {
      await page.evaluate((l) => localStorage.setItem("language", l), lang);
      for (const width of [1366, 768, 390]) {
        await page.setViewportSize({ width, height: width > 800 ? 768 : width > 500 ? 1024 : 844 });
        await page.goto(tenantUrl("/home/appointments/payments"));
        await expect(page.getByTestId("deposit-row").first()).toBeVisible();
        await noSidewaysScroll(page);
        await shot(page, `deposits-${lang}-${width}`);
        const audit = lang === "es" && width === 1366;
        if (audit) {
          await settle(page);
          await expectNoSeriousViolations(page, "Pagos > Depósitos");
        }

        await page.goto(tenantUrl("/home/appointments/payments?q=Ysabel%20Ozuna"));
        await rowOf(page, "deposit", "Ysabel Ozuna").getByTestId("deposit-process_refund").click();
        const dialog = page.getByTestId("refund-request-dialog");
        await expect(dialog.getByTestId("quote-amount")).toHaveText("RD$450.00");
        await shot(page, `refund-dialog-${lang}-${width}`);
        if (audit) await expectNoSeriousViolations(page, "the refund request dialog");
        await page.keyboard.press("Escape");
        await expect(dialog).toBeHidden();

        await page.goto(tenantUrl("/home/appointments/payments?tab=refunds"));
        await expect(page.getByTestId("refunds-table")).toBeVisible();
        await expect(page.getByTestId("refund-row").or(page.getByTestId("refunds-empty")).first()).toBeVisible();
        await noSidewaysScroll(page);
        await shot(page, `refunds-${lang}-${width}`);
        if (audit) {
          await settle(page);
          await expectNoSeriousViolations(page, "Pagos > Reembolsos");
        }
      }
    }
  } finally {
    await page.evaluate(() => localStorage.setItem("language", "es"));
  }
});
