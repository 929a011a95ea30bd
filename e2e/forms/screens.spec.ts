import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { expectNoSeriousViolations, settle } from "../a11y/axe";
import { trpcMutation } from "../catalog-helpers";
import { signIn, tenantUrl } from "../support";

/**
 * The forms screens (issue 17 §3, §4): a published survey with two responses is found in the
 * list, a response is approved (who and when shown), the responses are exported as Excel and CSV
 * (the files opened and read), the cashier's view right is taken away and stays so after a reload,
 * the share page shows the link and its QR, the report counts the responses, and deleting the form
 * archives it after a confirm. Then the screens at 1366/768/390 px in Spanish and English: no
 * sideways scroll, no serious axe violation, screenshots to E2E_SHOTS_DIR when set.
 */
const SHOTS = process.env.E2E_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function noSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(width + 1);
}

const schema = (name: string) => ({
  version: "1.0",
  metadata: { name },
  groups: [
    {
      id: "group_1",
      name: "Su visita",
      fields: [
        { key: "nombre", type: "text", component: "textbox", label: "Nombre", required: true },
        {
          key: "servicio",
          type: "select",
          component: "dropdown",
          label: "Servicio recibido",
          options: [
            { label: "Excelente", value: "excelente" },
            { label: "Regular", value: "regular" },
          ],
        },
        { key: "nota", type: "rating", component: "rating-stars", label: "Calificación" },
        { key: "comentario", type: "textarea", component: "textarea", label: "Comentario" },
      ],
    },
  ],
});

/** A published survey with two responses: Carmen (Excelente, 5) then Luis (Regular, 3). */
async function publishedSurvey(page: Page, name: string) {
  const form = await trpcMutation<{ id: string; slug: string }>(page, "form.create", { name, category: "Servicio", schema: schema(name) });
  await trpcMutation(page, "form.publish", { id: form.id });
  await trpcMutation(page, "formSubmission.submit", { formId: form.id, answers: { nombre: "Carmen Santos", servicio: "excelente", nota: 5, comentario: "Muy amables" } });
  await trpcMutation(page, "formSubmission.submit", { formId: form.id, answers: { nombre: "Luis Peña", servicio: "regular", nota: 3 } });
  return form;
}

async function download(page: Page, testId: string) {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId(testId).click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

test("find a form, approve a response, export Excel and CSV, permissions, share, report, delete", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "owner@demo.test");
  const name = `Encuesta de servicio ${Date.now()}`;
  const form = await publishedSurvey(page, name);

  await page.goto(tenantUrl("/home/forms"));
  await page.getByTestId("form-search").fill(name);
  const row = page.getByTestId("form-row").filter({ has: page.getByText(name, { exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("form-status")).toHaveText("Publicado");
  await expect(row.getByTestId("form-submission-count")).toHaveText("2");
  await row.getByTestId("form-menu").click();
  await page.getByTestId("menu-submissions").click();
  await expect(page).toHaveURL(new RegExp(`/home/forms/${form.id}/submissions$`));
  await expect(page.getByTestId("submission-row")).toHaveCount(2);
  // Newest first: Luis is #2, Carmen #1.
  await expect(page.getByTestId("submission-link")).toHaveText(["#2", "#1"]);
  await expect(page.getByTestId("submission-row").nth(1)).toContainText("Excelente");

  await page.getByTestId("submission-link").nth(1).click();
  await expect(page.getByRole("heading", { name: "Respuesta #1" })).toBeVisible();
  await expect(page.locator('[data-testid="answer"][data-key="servicio"]')).toContainText("Excelente");
  await expect(page.locator('[data-testid="answer"][data-key="nombre"]')).toContainText("Carmen Santos");
  await expect(page.getByTestId("submission-status")).toHaveText("Pendiente");
  await expect(page.getByTestId("status-changed")).toHaveText("Nadie ha revisado esta respuesta todavía.");
  await page.getByTestId("approve-submission").click();
  await expect(page.getByTestId("submission-status")).toHaveText("Aprobado");
  await expect(page.getByTestId("status-changed")).toContainText(/^Aprobado por .+ el \d{2}\/\d{2}\/\d{4}/);
  await expect(page.getByTestId("approve-submission")).toHaveCount(0);
  await expect(page.getByTestId("next-submission")).toBeVisible();

  await page.getByRole("link", { name: "Volver a respuestas" }).click();
  await expect(page.getByTestId("submission-row").nth(1).getByTestId("submission-status")).toHaveText("Aprobado");

  const xlsx = await download(page, "export-xlsx");
  expect(xlsx.name).toMatch(new RegExp(`^${form.slug}-respuestas-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(["Número", "Enviado", "Enviado por", "Estado", "Estado cambiado por", "Estado cambiado el", "Versión", "Nombre", "Servicio recibido", "Calificación", "Comentario"]);
  expect(sheet.rowCount).toBe(3);
  expect(sheet.getRow(2).getCell(1).value).toBe(1);
  expect(sheet.getRow(2).getCell(4).value).toBe("Aprobado");
  expect(sheet.getRow(2).getCell(9).value).toBe("Excelente");
  expect(sheet.getRow(3).getCell(8).value).toBe("Luis Peña");

  const csv = await download(page, "export-csv");
  expect(csv.name).toMatch(/\.csv$/);
  const text = csv.bytes.toString("utf8");
  expect(text.startsWith("\uFEFF")).toBe(true);
  const lines = text.slice(1).trim().split("\r\n");
  expect(lines).toHaveLength(3);
  expect(lines[0]).toBe("Número,Enviado,Enviado por,Estado,Estado cambiado por,Estado cambiado el,Versión,Nombre,Servicio recibido,Calificación,Comentario");
  expect(lines[2]).toContain(",Pendiente,,,1,Luis Peña,Regular,3,");

  // Permissions: the cashier loses 'view' on this form, and keeps it lost after a reload.
  await page.getByTestId("form-tab-permissions").click();
  const cashierView = page.getByTestId("cashier-canView");
  await expect(cashierView).toBeChecked();
  await cashierView.uncheck();
  await page.getByTestId("save-permissions").click();
  await expect(page.getByText("Permisos guardados", { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("cashier-canView")).not.toBeChecked();
  await expect(page.getByTestId("admin-canView")).toBeChecked();

  // Share: the public link, its QR image and the embed code.
  await page.getByTestId("form-tab-share").click();
  await expect(page.getByTestId("share-link")).toHaveValue(tenantUrl(`/f/${form.slug}`));
  await expect(page.getByTestId("share-qr")).toBeVisible();
  expect(await page.getByTestId("share-qr").getAttribute("src")).toMatch(/^data:image\/png;base64,/);
  await expect(page.getByTestId("share-embed")).toHaveValue(new RegExp(`^<iframe src="${tenantUrl(`/f/${form.slug}`).replace(/[.]/g, "\\.")}"`));
  await expect(page.getByTestId("share-notice")).toContainText("Este formulario es privado");
  await page.getByTestId("form-public-switch").click();
  await expect(page.getByTestId("share-notice")).toContainText("publicado y es público");

  // Reports: two responses, one approved; the select's distribution.
  await page.getByTestId("form-tab-reports").click();
  await expect(page.getByTestId("report-total")).toHaveText("2");
  await expect(page.getByTestId("report-approved")).toHaveText("1");
  const servicio = page.locator('[data-testid="report-distribution"][data-key="servicio"]');
  await expect(servicio.getByTestId("distribution-value")).toHaveCount(2);
  await expect(servicio.getByTestId("distribution-value").first()).toContainText("Excelente");
  await expect(servicio.getByTestId("distribution-value").first()).toContainText("1 · 50%");
  await expect(page.locator('[data-testid="report-number"][data-key="nota"]').getByTestId("report-average")).toHaveText("4");

  // Delete archives, after a confirm that says the responses are kept.
  await page.goto(tenantUrl(`/home/forms?q=${encodeURIComponent(name)}`));
  await expect(row).toHaveCount(1);
  await row.getByTestId("form-menu").click();
  await page.getByTestId("menu-delete").click();
  const dialog = page.getByTestId("delete-form-dialog");
  await expect(dialog).toContainText("Sus respuestas se conservan");
  await dialog.getByTestId("delete-form-dialog-confirm").click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId("form-status")).toHaveText("Archivado");
  await row.getByTestId("form-menu").click();
  await expect(page.getByTestId("menu-delete")).toHaveCount(0);
  await expect(page.getByTestId("menu-edit")).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(row.getByTestId("form-menu")).toBeFocused();
});

test("the forms screens at 1366, 768 and 390 px, in Spanish and English", async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page, "owner@demo.test");
  const form = await publishedSurvey(page, `Encuesta de pantallas ${Date.now()}`);
  const screens = [
    { name: "list", path: "/home/forms", ready: "form-row" },
    { name: "submissions", path: `/home/forms/${form.id}/submissions`, ready: "submission-row" },
    { name: "detail", path: "", ready: "answer" },
    { name: "reports", path: `/home/forms/${form.id}/reports`, ready: "report-total" },
    { name: "share", path: `/home/forms/${form.id}/share`, ready: "share-qr" },
    { name: "permissions", path: `/home/forms/${form.id}/permissions`, ready: "permissions-cashier" },
  ];
  await page.goto(tenantUrl(`/home/forms/${form.id}/submissions`));
  await page.getByTestId("submission-link").last().click();
  await expect(page.getByTestId("answer").first()).toBeVisible();
  screens[2]!.path = new URL(page.url()).pathname;

  for (const width of [1366, 768, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 768 : width > 500 ? 1024 : 844 });
    for (const lang of ["es", "en"] as const) {
      await page.evaluate((l) => localStorage.setItem("language", l), lang);
      for (const s of screens) {
        await page.goto(tenantUrl(s.path));
        await expect(page.getByTestId(s.ready).first()).toBeVisible();
        await settle(page);
        await noSidewaysScroll(page);
        if (lang === "es") await expectNoSeriousViolations(page, `${s.name} at ${width} px`);
        await shot(page, `forms-${s.name}-${width}-${lang}`);
      }
    }
  }
  await page.evaluate(() => localStorage.setItem("language", "es"));
});
