import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations, settle } from "../a11y/axe";
import { trpcMutation, trpcQuery } from "../catalog-helpers";
import { signIn, tenantUrl } from "../support";

/**
 * The files area's screens at 1366, 768 and 390 px, in Spanish and English: no sideways page
 * scroll, axe-clean, and a screenshot of each (SCREENSHOT_DIR, else the test's output folder).
 */

const WIDTHS = [1366, 768, 390] as const;
let patientId = "";

async function noSidewaysScroll(page: Page, screen: string) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll, `${screen} scrolls sideways`).toBeLessThanOrEqual(client);
}

async function shot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR ?? test.info().outputDir;
  await page.screenshot({ path: `${dir}/dental-files-${name}.png`, fullPage: true });
}

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signIn(page, "owner@demo.test", "demo1234", "dental");
  // the demo patient with the seeded x-ray, given a prescription, an overdue lab order and a document
  const xrays = await trpcQuery<{ data: { patientId: string }[] }>(page, "dental.getXrays", { page: 1, pageSize: 1 });
  patientId = xrays.data[0]!.patientId;
  const dentists = await trpcQuery<{ id: string }[]>(page, "dental.getDentists");
  await trpcMutation(page, "dental.createPrescription", {
    patientId,
    dentistId: dentists[0]!.id,
    items: [
      { medication: "Amoxicilina 500 mg", dosage: "1 cápsula", frequency: "cada 8 horas", duration: "7 días", quantity: "21", instructions: "Después de las comidas" },
      { medication: "Ibuprofeno 400 mg", dosage: "1 tableta", frequency: "cada 8 horas si hay dolor", duration: "3 días", quantity: "9" },
    ],
    pharmacyNotes: "Se acepta genérico",
  });
  await trpcMutation(page, "dental.createLabOrder", { patientId, laboratory: "Laboratorio Dental Caribe", orderType: "Corona de zirconio", teeth: [46], dueDate: "2026-01-05", specifications: "Color A2, margen chamfer", trackingNumber: "LDC-4471", cost: "6500" });
  await page.evaluate(async () => {
    const body = new FormData();
    body.append("file", new File(["%PDF-1.4 consentimiento"], "consentimiento-endodoncia.pdf", { type: "application/pdf" }));
    const res = await fetch("/api/dental/upload", { method: "POST", body });
    const file = (await res.json()) as { url: string };
    return file.url;
  }).then((url) => trpcMutation(page, "dental.createDocument", { patientId, name: "Consentimiento de endodoncia", type: "consent", fileUrl: url, tags: ["endodoncia", "firmado"], isConfidential: true }));
  await page.close();
});

for (const lang of ["es", "en"] as const) {
  test(`files screens in ${lang}`, async ({ page }) => {
    test.setTimeout(300_000);
    await signIn(page, "owner@demo.test", "demo1234", "dental");
    if (lang === "en") await page.evaluate(() => localStorage.setItem("language", "en"));
    const screens: [string, string][] = [
      ["xrays-tab", `/home/dental/patients/${patientId}?tab=xrays`],
      ["prescriptions-tab", `/home/dental/patients/${patientId}?tab=prescriptions`],
      ["lab-orders-tab", `/home/dental/patients/${patientId}?tab=labOrders`],
      ["documents-tab", `/home/dental/patients/${patientId}?tab=documents`],
      ["prescriptions-page", "/home/dental/prescriptions"],
      ["xrays-page", "/home/dental/xrays"],
      ["lab-orders-page", "/home/dental/lab-orders?overdue=1"],
    ];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      for (const [name, path] of screens) {
        await page.goto(tenantUrl(path, "dental"));
        await settle(page);
        await noSidewaysScroll(page, `${name} at ${width}`);
        if (width === 1366) await expectNoSeriousViolations(page, `${name} (${lang})`);
        await shot(page, `${name}-${width}-${lang}`);
      }
      // the viewer and the new prescription dialog
      await page.goto(tenantUrl(`/home/dental/patients/${patientId}?tab=xrays`, "dental"));
      await settle(page);
      await page.getByTestId("xray-open").first().click();
      await expect(page.getByTestId("xray-viewer").locator('[data-shape="arrow"]').first()).toBeVisible();
      if (width === 1366) await expectNoSeriousViolations(page, `x-ray viewer (${lang})`);
      await shot(page, `xray-viewer-${width}-${lang}`);
      await page.keyboard.press("Escape");
      await page.goto(tenantUrl(`/home/dental/patients/${patientId}?tab=prescriptions`, "dental"));
      await settle(page);
      await page.getByTestId("new-prescription").click();
      await expect(page.getByTestId("rx-dentist")).toBeFocused();
      if (width === 1366) await expectNoSeriousViolations(page, `new prescription (${lang})`);
      await shot(page, `prescription-dialog-${width}-${lang}`);
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("prescription-dialog")).toBeHidden();
    }
  });
}
