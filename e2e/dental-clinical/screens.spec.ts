import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations, settle } from "../a11y/axe";
import { trpcMutation } from "../catalog-helpers";
import { signIn, tenantUrl } from "../support";

/**
 * The clinical screens at 1366, 768 and 390 px in Spanish and English: nothing scrolls sideways,
 * axe finds no serious violation, the keyboard reaches the record dialog's first field and Escape
 * closes it. With SCREENSHOT_DIR set, each screen is saved for a look.
 */

const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const shots = process.env.SCREENSHOT_DIR;
const WIDTHS = [1366, 768, 390] as const;

async function seed(page: Page) {
  const patient = await trpcMutation<{ id: string }>(page, "dental.createPatient", { name: `Pantallas ${stamp}`, allergies: ["Látex"] });
  const type = await trpcMutation<{ id: string }>(page, "dental.createProcedureType", { code: `SB${stamp}`, name: `Sellante B ${stamp}`, price: "900", scope: "surface", resultStatus: "filling" });
  await trpcMutation(page, "dental.createClinicalRecord", {
    patientId: patient.id,
    visitDate: "2026-03-01",
    chiefComplaint: "Sensibilidad al frío en molares inferiores desde hace dos semanas",
    diagnosis: "Caries incipiente en 36 y 46",
    vitalSigns: { bloodPressure: "118/76", heartRate: 70, temperature: "36.5", weight: "64" },
    followUp: true,
    followUpDate: "2026-03-15",
  });
  const plan = await trpcMutation<{ id: string; phases: { procedures: { id: string }[] }[] }>(page, "dental.createPlan", {
    patientId: patient.id,
    name: `Sellantes ${stamp}`,
    diagnosis: "Prevención de caries en molares",
    status: "proposed",
    discountType: "percent",
    discountValue: "10",
    phases: [
      { name: "Molares inferiores", durationValue: 2, durationUnit: "weeks", procedures: [{ procedureTypeId: type.id, tooth: 36, surfaces: ["occlusal"] }, { procedureTypeId: type.id, tooth: 46, surfaces: ["occlusal", "buccal"] }] },
      { name: "Molares superiores", durationValue: 1, durationUnit: "months", procedures: [{ procedureTypeId: type.id, tooth: 16, surfaces: ["occlusal"] }] },
    ],
  });
  await trpcMutation(page, "dental.approvePlan", { id: plan.id, consentSignedBy: `Pantallas ${stamp}` });
  await trpcMutation(page, "dental.completeProcedure", { procedureId: plan.phases[0]!.procedures[0]!.id });
  return { patientId: patient.id, planId: plan.id };
}

async function noSidewaysScroll(page: Page, screen: string) {
  const o = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(o.scrollWidth, `${screen} scrolls sideways`).toBeLessThanOrEqual(o.innerWidth);
}

test("clinical screens fit 1366, 768 and 390 px in both languages, axe-clean, keyboard in the record dialog", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "owner@demo.test", "demo1234", "dental");
  const { patientId, planId } = await seed(page);
  const screens = [
    ["history-tab", `/home/dental/patients/${patientId}?tab=history`],
    ["treatments-tab", `/home/dental/patients/${patientId}?tab=treatments`],
    ["history-page", "/home/dental/history"],
    ["plans-page", "/home/dental/plans"],
    ["plan-detail", `/home/dental/plans/${planId}`],
    ["plan-wizard", `/home/dental/patients/${patientId}/plans/new`],
  ] as const;
  for (const lang of ["es", "en"] as const) {
    await page.evaluate((l) => localStorage.setItem("language", l), lang);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      for (const [name, route] of screens) {
        await page.goto(tenantUrl(route, "dental"));
        await settle(page);
        await noSidewaysScroll(page, `${name} ${lang} ${width}`);
        if (shots) await page.screenshot({ path: `${shots}/dental-${name}-${lang}-${width}.png`, fullPage: true });
        if (width === 1366) await expectNoSeriousViolations(page, `${name} (${lang})`);
      }
    }
  }
  // The record dialog: focus on its first field, Escape closes it.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(tenantUrl(`/home/dental/patients/${patientId}?tab=history`, "dental"));
  await page.getByTestId("record-new").click();
  const dialog = page.getByTestId("record-dialog");
  await expect(dialog.locator("#rec-visit")).toBeFocused();
  await expectNoSeriousViolations(page, "record dialog");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});
