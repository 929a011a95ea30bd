import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "../a11y/axe";
import { trpcMutation, trpcQuery } from "../catalog-helpers";
import { shot, shotAtWidths, signIn, tenantUrl } from "../support";

/**
 * Legal documents and the rich-text editor (issue 20) on the `legal` demo tenant: a document
 * written from a template in a case's Documentos tab, a table and a signature block added with the
 * toolbar, saved and reloaded with the same content, exported to PDF; the cashier does not see a
 * confidential document; the screens at 1366/768/390 in Spanish and English.
 */

const TENANT = "legal";
const url = (path: string) => tenantUrl(path, TENANT);
// The test's own template (the demo's 'Contrato de servicios legales' already holds a table).
const TEMPLATE_NAME = "Contrato de prueba e2e";
const TEMPLATE = `<h1>CONTRATO DE SERVICIOS LEGALES</h1><p>Entre {{firma_nombre}} y {{cliente_nombre}}, RNC/cédula {{cliente_documento}}, expediente {{caso_numero}} ante {{tribunal}}, el {{fecha_actual}}. {{variable_inexistente}}</p>`;

type Template = { id: string; name: string };
type CaseRow = { id: string; caseNumber: string };

/** The first case of the firm and the test's template (created the first time). */
async function setup(page: Page): Promise<{ caseId: string }> {
  const cases = await trpcQuery<{ data: CaseRow[] }>(page, "legalCase.getCases", { page: 1, pageSize: 5 });
  const caseId = cases.data[0]!.id;
  const templates = await trpcQuery<Template[]>(page, "legalCase.getTemplates", {});
  if (!templates.some((t) => t.name === TEMPLATE_NAME)) await trpcMutation(page, "legalCase.createTemplate", { name: TEMPLATE_NAME, documentType: "contract", content: TEMPLATE });
  return { caseId };
}

async function noSidewaysScroll(page: Page, what: string) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(over, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
}

test("a document from a template with a table and a signature block: saved, reloaded the same, exported to PDF", async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, "owner@demo.test", undefined, TENANT);
  const { caseId } = await setup(page);

  await page.goto(url(`/home/legal/cases/${caseId}?tab=documents`));
  await page.getByTestId("new-document").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Plantilla").selectOption({ label: TEMPLATE_NAME });
  await expect(dialog.getByTestId("template-preview")).toBeVisible();
  await dialog.getByLabel("Título").fill("Contrato e2e");
  await shot(page, "legal-new-document-dialog-es");
  await expectNoSeriousViolations(page, "the new document dialog");
  await dialog.getByTestId("create-document").click();
  await expect(page).toHaveURL(/\/home\/legal\/documents\/[0-9a-f-]{36}/);

  const editor = page.getByTestId("legal-editor");
  await expect(editor).toContainText("CONTRATO DE SERVICIOS LEGALES");
  // known variables filled, the unknown one kept as written
  await expect(editor).not.toContainText("{{cliente_nombre}}");
  if (await editor.getByText("{{variable_inexistente}}").count()) await expect(editor).toContainText("{{variable_inexistente}}");

  // An empty link URL is refused.
  await editor.click();
  await page.keyboard.press("Control+End");
  await page.getByRole("button", { name: "Insertar enlace" }).click();
  await page.getByRole("button", { name: "Insertar", exact: true }).click();
  await expect(page.getByText("Escribe una URL")).toBeVisible();
  await page.getByRole("button", { name: "Cancelar" }).click();

  // A 3×3 table with a header row, typed into.
  await editor.click();
  await page.keyboard.press("Control+End");
  await page.getByRole("button", { name: "Insertar tabla 3×3" }).click();
  await expect(editor.locator("table th")).toHaveCount(3);
  await page.keyboard.type("Concepto");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Monto");
  await page.getByRole("button", { name: "Añadir fila" }).click();
  await expect(editor.locator("table tr")).toHaveCount(4);
  await editor.locator("table td").first().click();
  await page.keyboard.type("Honorarios");
  // The signature block after the table.
  await page.keyboard.press("Control+End");
  await page.getByRole("button", { name: "Insertar bloque de firma" }).click();
  await expect(editor.locator(".signature-block")).toContainText("Firma");
  await expectNoSeriousViolations(page, "the document editor");
  await shotAtWidths(page, "legal-document-editor-es", { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page, "the editor on a phone");
  await page.setViewportSize({ width: 1366, height: 900 });

  // Ctrl+S saves a version 2.
  await page.keyboard.press("Control+s");
  await expect(page.getByTestId("document-versions").getByText("Versión 2")).toBeVisible();

  await page.reload();
  const reloaded = page.getByTestId("legal-editor");
  await expect(reloaded.locator("table th").first()).toHaveText("Concepto");
  await expect(reloaded.locator("table th").nth(1)).toHaveText("Monto");
  await expect(reloaded.locator("table td").first()).toHaveText("Honorarios");
  await expect(reloaded.locator("table tr")).toHaveCount(4);
  await expect(reloaded.locator(".signature-block")).toContainText("Firma");

  // PDF export: a download whose bytes start with %PDF.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-pdf").click()]);
  expect(download.suggestedFilename()).toMatch(/^DOC-\d{4}-contrato-e2e\.pdf$/);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 4).toString()).toBe("%PDF");
});

test("the cashier does not see a confidential document", async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signIn(page, "owner@demo.test", undefined, TENANT);
  const { caseId } = await setup(page);
  const secret = await trpcMutation<{ id: string }>(page, "legalCase.createDocument", { caseId, title: "Estrategia confidencial e2e", documentType: "other", content: "<p>secreto</p>", isConfidential: true });
  await page.goto(url(`/home/legal/cases/${caseId}?tab=documents`));
  await expect(page.getByText("Estrategia confidencial e2e").first()).toBeVisible();

  const cashierContext = await browser.newContext();
  const cashier = await cashierContext.newPage();
  await signIn(cashier, "cashier@demo.test", undefined, TENANT);
  await cashier.goto(url(`/home/legal/cases/${caseId}?tab=documents`));
  await expect(cashier.getByTestId("new-document")).toBeVisible();
  await expect(cashier.getByText("Estrategia confidencial e2e")).toHaveCount(0);
  await cashier.goto(url(`/home/legal/documents/${secret.id}`));
  await expect(cashier.getByText("Documento no encontrado").first()).toBeVisible();
  await cashierContext.close();
});

for (const lang of ["es", "en"] as const) {
  test(`documents screens in ${lang}: the case's documents, the templates and the editor without sideways scroll`, async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, "owner@demo.test", undefined, TENANT);
    if (lang === "en") await page.evaluate(() => localStorage.setItem("language", "en"));
    const { caseId } = await setup(page);
    for (const [name, path] of [
      ["case-documents", `/home/legal/cases/${caseId}?tab=documents`],
      ["templates", "/home/legal/templates"],
    ] as const) {
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.goto(url(path));
      await expect(page.locator("main")).toBeVisible();
      await page.waitForLoadState("networkidle");
      await expectNoSeriousViolations(page, `${name} (${lang})`);
      await shotAtWidths(page, `legal-${name}-${lang}`, { fullPage: true });
      for (const width of [768, 390]) {
        await page.setViewportSize({ width, height: 844 });
        await noSidewaysScroll(page, `${name} at ${width}`);
      }
    }
    const templates = await trpcQuery<Template[]>(page, "legalCase.getTemplates", {});
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(url(`/home/legal/templates/${templates[0]!.id}`));
    await expect(page.getByTestId("legal-editor")).toBeVisible();
    await expect(page.getByRole("toolbar")).toBeVisible();
    await expectNoSeriousViolations(page, `template form (${lang})`);
    await shotAtWidths(page, `legal-template-form-${lang}`, { fullPage: true });
    for (const width of [768, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await noSidewaysScroll(page, `template form at ${width}`);
    }
  });
}
