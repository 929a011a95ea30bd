import { expect, type Page, test } from "@playwright/test";
import { signIn, tenantUrl } from "../support";

/**
 * The four appointment configuration screens on a desktop (1366 px) and a phone (390 px): each shows
 * its content without widening the page sideways. Screenshots go to E2E_SHOTS_DIR when set.
 */
const SHOTS = process.env.E2E_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function noSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(width + 1);
}

for (const width of [1366, 390]) {
  test(`the configuration screens at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 800 ? 768 : 844 });
    await signIn(page, "owner@demo.test");

    await page.goto(tenantUrl("/home/appointments/services"));
    await expect(page.getByTestId("service-row")).toHaveCount(2);
    await noSidewaysScroll(page);
    await shot(page, `services-${width}`);
    await page.getByTestId("service-row").first().getByTestId("edit-service").click();
    await expect(page.getByTestId("service-sheet")).toBeVisible();
    await shot(page, `services-sheet-${width}`);
    await page.keyboard.press("Escape");

    await page.goto(tenantUrl("/home/appointments/employees"));
    await expect(page.getByTestId("assignment-row")).toHaveCount(4);
    await noSidewaysScroll(page);
    await shot(page, `assignments-${width}`);
    await page.getByTestId("assignment-row").first().getByTestId("edit-assignment").click();
    await expect(page.getByTestId("assignment-sheet")).toBeVisible();
    await shot(page, `assignments-sheet-${width}`);
    await page.keyboard.press("Escape");

    await page.goto(tenantUrl("/home/appointments/schedules"));
    await expect(page.getByTestId("select-employee-first")).toBeVisible();
    await shot(page, `schedules-empty-${width}`);
    await page.locator("#schedule-employee").selectOption({ label: "Ramón Peña" });
    await expect(page.getByTestId("schedule-row")).toHaveCount(1);
    await page.getByTestId("new-schedule").click();
    await expect(page.getByTestId("schedule-day")).toHaveCount(7);
    await noSidewaysScroll(page);
    await shot(page, `schedules-${width}`);
    await page.getByTestId("new-time-off").click();
    await expect(page.getByTestId("time-off-sheet")).toBeVisible();
    await shot(page, `time-off-sheet-${width}`);
    await page.keyboard.press("Escape");

    await page.goto(tenantUrl("/home/appointments/policies"));
    await expect(page.locator("#policy-min_notice_hours")).toBeVisible();
    await noSidewaysScroll(page);
    await shot(page, `policies-${width}`);
  });
}
