import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations, settle } from "../a11y/axe";
import { trpcQuery } from "../catalog-helpers";
import { signIn, tenantUrl } from "../support";

/**
 * Issue 18: every /home/dental screen of the demo clinic (the static routes, a patient's profile
 * with each ?tab=, the patient and plan forms, a plan) at 390 px has no sideways scroll and passes
 * axe-core; the admin screens (dashboard, reports, settings) fit 1366, 768 and 390 px in Spanish and
 * English, saved to SCREENSHOT_DIR when it is set.
 */
const STATIC = [
  "/home/dental",
  "/home/dental/patients",
  "/home/dental/patients/new",
  "/home/dental/odontogram",
  "/home/dental/history",
  "/home/dental/plans",
  "/home/dental/prescriptions",
  "/home/dental/xrays",
  "/home/dental/lab-orders",
  "/home/dental/reports",
  "/home/dental/settings",
];
const TABS = ["overview", "odontogram", "history", "treatments", "prescriptions", "xrays", "labOrders", "documents"];
const shots = process.env.SCREENSHOT_DIR;

async function routes(page: Page): Promise<string[]> {
  const patients = await trpcQuery<{ data: { id: string; name: string }[] }>(page, "dental.getPatients", { search: "María Altagracia", page: 1, pageSize: 10 });
  const patientId = patients.data[0]?.id;
  expect(patientId, "the demo patient María Altagracia Peña Rosario").toBeTruthy();
  const plans = await trpcQuery<{ data: { id: string }[] }>(page, "dental.getPlans", { patientId, page: 1, pageSize: 10 });
  const planId = plans.data[0]?.id;
  expect(planId, "the demo patient's plan").toBeTruthy();
  return [
    ...STATIC,
    ...TABS.map((tab) => `/home/dental/patients/${patientId}${tab === "overview" ? "" : `?tab=${tab}`}`),
    `/home/dental/patients/${patientId}/edit`,
    `/home/dental/patients/${patientId}/plans/new`,
    `/home/dental/plans/${planId}`,
  ];
}

async function sidewaysScroll(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const wider = Array.from(document.body.querySelectorAll("*"))
      .filter((el) => el.getBoundingClientRect().right > width + 0.5 && el.getBoundingClientRect().width > 0)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}${el.getAttribute("data-testid") ? `#${el.getAttribute("data-testid")}` : ""}`);
    return { over: document.documentElement.scrollWidth - width, wider };
  });
}

test("every dental screen fits 390 px without sideways scroll and passes axe", async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page, "owner@demo.test", "demo1234", "dental");
  const list = await routes(page);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const route of list) {
    await page.goto(tenantUrl(route, "dental"));
    await settle(page);
    const o = await sidewaysScroll(page);
    expect(o.over, `${route} scrolls ${o.over}px sideways at 390 px: ${o.wider.join(", ")}`).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page, `${route} at 390 px`);
  }
});

test("the admin screens fit 1366, 768 and 390 px in Spanish and English (saved to SCREENSHOT_DIR when set)", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "owner@demo.test", "demo1234", "dental");
  for (const lang of ["es", "en"] as const) {
    await page.evaluate((l) => localStorage.setItem("language", l), lang);
    for (const width of [1366, 768, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      for (const [name, route] of [
        ["dashboard", "/home/dental"],
        ["reports", "/home/dental/reports"],
        ["settings", "/home/dental/settings"],
      ] as const) {
        await page.goto(tenantUrl(route, "dental"));
        await settle(page);
        expect((await sidewaysScroll(page)).over, `${name} ${lang} ${width}`).toBeLessThanOrEqual(0);
        if (shots) await page.screenshot({ path: `${shots}/dental-admin-${name}-${lang}-${width}.png`, fullPage: true });
      }
    }
  }
});
