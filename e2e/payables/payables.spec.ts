import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { ensureCashboxOpen, trpcMutation, trpcQuery } from "../catalog-helpers";
import { signIn, tenantUrl } from "../support";

/**
 * Issue 13 §3: a supplier bill typed by hand with the supplier's B01, paid half in cash (from the
 * open cash box) and half by transfer, seen paid; the aging and the provider's statement, exported
 * to Excel (the download read back with exceljs).
 */
test("supplier bill: B01 by hand, half cash and half transfer, aging, statement and its Excel", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "owner@demo.test");
  const stamp = Date.now().toString(36).toUpperCase();
  const providerName = `Distribuidora del Cibao ${stamp}`;
  const provider = await trpcMutation<{ id: string }>(page, "provider.create", { code: `AP-${stamp}`, name: providerName, taxId: "131246796", paymentTerms: 30 });
  await ensureCashboxOpen(page);
  const methods = await trpcQuery<{ id: string; code: string }[]>(page, "paymentMethod.getAll");
  const cash = methods.find((m) => m.code === "CASH")!.id;
  const transfer = methods.find((m) => m.code === "TRANSFER")!.id;
  const cashBefore = await expectedCash(page);

  await page.getByTestId("sidebar").getByRole("link", { name: "Cuentas por pagar" }).click();
  await expect(page).toHaveURL(/\/home\/payables$/);
  await page.getByTestId("new-bill").click();
  await page.locator("#bill-providerId").selectOption(provider.id);
  const ncf = `B01${String(Date.now() % 100_000_000).padStart(8, "0")}`;
  await page.locator("#bill-ncf").fill(ncf);
  await page.getByLabel("Monto en bienes").fill("1000");
  // ITBIS above 18% of the taxable amount: refused on the field before saving
  await page.getByLabel("ITBIS facturado").fill("180.01");
  await page.getByTestId("save-bill").click();
  await expect(page.getByText("El ITBIS no puede pasar del 18% del monto gravable.")).toBeVisible();
  await page.getByLabel("ITBIS facturado").fill("180");
  await expect(page.getByTestId("bill-form-payable")).toContainText("1,180.00");
  await page.getByTestId("save-bill").click();

  await expect(page).toHaveURL(/\/home\/payables\/bills\/[0-9a-f-]+$/);
  const billPath = new URL(page.url()).pathname;
  await expect(page.getByTestId("bill-ncf")).toContainText(ncf);
  await expect(page.getByTestId("bill-balance")).toContainText("1,180.00");
  await expect(page.getByTestId("bill-status")).toHaveText("Abierta");

  // Half in cash from the open cash box, then the rest by transfer.
  await pay(page, "590", cash);
  await expect(page.getByTestId("bill-status")).toHaveText("Pago parcial");
  await expect(page.getByTestId("bill-balance")).toContainText("590.00");
  await expect(page.getByTestId("bill-pay")).toBeFocused();
  await page.screenshot({ path: "test-results/payables-detail-es-1366.png", fullPage: true });
  await pay(page, "590", transfer, "TRF-88231");
  await expect(page.getByTestId("bill-status")).toHaveText("Pagada");
  await expect(page.getByTestId("bill-balance")).toContainText("0.00");
  await expect(page.getByTestId("bill-payment")).toHaveCount(2);
  await expect(page.getByTestId("bill-pay")).toHaveCount(0);
  // the cash paid left the drawer: the close expects RD$590 less
  expect(Number(await expectedCash(page))).toBeCloseTo(Number(cashBefore) - 590, 2);

  // An older bill still open, 40 days past due, shows in the aging's 31–60 bucket.
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString("en-CA", { timeZone: "America/Santo_Domingo" });
  await trpcMutation(page, "supplierBill.create", { client_key: randomUUID(), providerId: provider.id, ncfType: "B01", ncf: `B01${String((Date.now() + 7) % 100_000_000).padStart(8, "0")}`, ncfDate: day(-70), dueDate: day(-40), goodsAmount: "500", itbis: "0", expenseType: "02" });
  await page.goto(tenantUrl("/home/payables?tab=aging"));
  const row = page.getByTestId("aging-row").filter({ hasText: providerName });
  await expect(row.getByTestId("aging-d31_60")).toContainText("500.00");
  await expect(row.getByTestId("aging-total")).toContainText("500.00");

  await row.getByRole("link", { name: providerName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/home/payables/statement/${provider.id}$`));
  await expect(page.getByTestId("statement-entry")).toHaveCount(4);
  await expect(page.getByTestId("statement-running").last()).toContainText("500.00");
  await expect(page.getByTestId("statement-closing")).toContainText("500.00");
  await expect(page.getByTestId("statement-bucket-d31_60")).toContainText("500.00");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("statement-excel").click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^estado-de-cuenta-suplidor-AP-${stamp}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
  const file = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(file);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const ws = wb.worksheets[0]!;
  expect(ws.name).toBe("Estado de cuenta");
  const values = ws.getSheetValues().flatMap((r) => (Array.isArray(r) ? r : []));
  expect(values).toContain(`${providerName} (AP-${stamp})`);
  expect(values).toContain(500);
  expect(values).toContain(1180);

  await screenshots(page, provider.id, billPath);
});

async function expectedCash(page: Page): Promise<string> {
  const active = await trpcQuery<{ sessionId: string }>(page, "cashbox.getActive");
  const summary = await trpcQuery<{ lines: { isCash: boolean; expected: string }[] }>(page, "cashbox.getCloseSummary", { sessionId: active.sessionId });
  return summary.lines.find((l) => l.isCash)!.expected;
}

async function pay(page: Page, amount: string, methodId: string, reference?: string) {
  await page.getByTestId("bill-pay").click();
  const dialog = page.getByTestId("pay-dialog");
  await dialog.getByLabel("Monto").fill(amount);
  await dialog.getByLabel("Método de pago").selectOption(methodId);
  if (reference) await dialog.getByLabel("Referencia (cheque, transferencia)").fill(reference);
  await dialog.getByTestId("pay-confirm").click();
  await expect(dialog).toHaveCount(0);
}

/** The list, the form, the bill, the aging and the statement at 1366 and 390 px, in Spanish and English. */
async function screenshots(page: Page, providerId: string, billPath: string) {
  for (const lang of ["es", "en"] as const) {
    await page.evaluate((l) => localStorage.setItem("language", l), lang);
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(tenantUrl("/home/payables"));
      await expect(page.getByTestId("bill-row").first()).toBeVisible();
      await page.screenshot({ path: `test-results/payables-list-${lang}-${width}.png`, fullPage: true });
      await page.goto(tenantUrl("/home/payables/bills/new"));
      await expect(page.getByTestId("save-bill")).toBeVisible();
      await page.screenshot({ path: `test-results/payables-form-${lang}-${width}.png`, fullPage: true });
      await page.goto(tenantUrl(billPath));
      await expect(page.getByTestId("bill-payment").first()).toBeVisible();
      await page.screenshot({ path: `test-results/payables-detail-${lang}-${width}.png`, fullPage: true });
      await page.goto(tenantUrl("/home/payables?tab=aging"));
      await expect(page.getByTestId("aging-row").first()).toBeVisible();
      await page.screenshot({ path: `test-results/payables-aging-${lang}-${width}.png`, fullPage: true });
      await page.goto(tenantUrl(`/home/payables/statement/${providerId}`));
      await expect(page.getByTestId("statement-entry").first()).toBeVisible();
      await page.screenshot({ path: `test-results/payables-statement-${lang}-${width}.png`, fullPage: true });
    }
  }
  await page.evaluate(() => localStorage.setItem("language", "es"));
}
