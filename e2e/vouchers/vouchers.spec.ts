import { readFileSync, writeFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { unzipSync } from "fflate";
import { signIn, tenantUrl } from "../support";

/**
 * Gift vouchers (issue 16 item 3): the owner creates a batch of 20, finds it in the list, opens its
 * vouchers, cancels one with a reason (the reason is required) and sees its history, then exports
 * the batch as CSV (bonos-{batch8}.csv, one row per voucher) and as PNG images of the active
 * vouchers zipped (bonos-{batch8}.zip, 19 images). The flow only adds its own batch: the demo's
 * batch of 20 RD$500 vouchers is left as it is.
 */
const SHOTS = process.env.E2E_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function noSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(width + 1);
}

test("create a batch of 20, cancel one voucher, export CSV and images", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "owner@demo.test");
  await page.goto(tenantUrl("/home/vouchers"));
  const name = `Día de las Madres ${Date.now()}`;

  await page.getByTestId("new-batch").click();
  const dialog = page.getByTestId("new-batch-dialog");
  await expect(dialog.locator("#batch-name")).toBeFocused();
  await dialog.locator("#batch-name").fill(name);
  await dialog.locator("#batch-quantity").fill("20");
  await dialog.locator("#batch-value").fill("0");
  await dialog.locator("#batch-value").press("Enter");
  await expect(dialog).toContainText("El valor debe ser mayor que 0");
  await dialog.locator("#batch-value").fill("750");
  await dialog.locator("#batch-value").press("Enter");
  await expect(dialog).toBeHidden();

  const row = page.getByTestId("batch-row").filter({ has: page.getByText(name, { exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("batch-counts")).toHaveText("20 activos · 0 usados · 0 expirados");
  await row.getByTestId("batch-link").click();
  await expect(page).toHaveURL(/\/home\/vouchers\/[0-9a-f-]{36}$/);
  const batchId = page.url().split("/").pop()!;
  const batch8 = batchId.slice(0, 8);
  await expect(page.getByTestId("voucher-row")).toHaveCount(20);

  // Cancel the first voucher: the reason is required.
  const first = page.getByTestId("voucher-row").first();
  const code = (await first.getByTestId("voucher-code").textContent())!.trim();
  await first.getByTestId("voucher-menu").click();
  await page.getByTestId("menu-cancel").click();
  const cancel = page.getByTestId("cancel-voucher-dialog");
  await expect(cancel.locator("#cancel-reason")).toBeFocused();
  await cancel.getByTestId("cancel-voucher-submit").click();
  await expect(cancel).toContainText("La razón es requerida");
  await cancel.locator("#cancel-reason").fill("Cliente lo devolvió");
  await cancel.locator("#cancel-reason").press("Enter");
  await expect(cancel).toBeHidden();
  await expect(page.getByText("Bono cancelado", { exact: true })).toBeVisible();
  // Focus goes back to the row's menu button.
  await expect(first.getByTestId("voucher-menu")).toBeFocused();

  const cancelled = page.getByTestId("voucher-row").filter({ has: page.getByTestId("voucher-code").getByText(code, { exact: true }) });
  await expect(cancelled.getByTestId("voucher-status")).toHaveText("Cancelado");
  await expect(cancelled.getByTestId("voucher-detail")).toContainText("Cancelado el");
  await page.locator("#voucher-status").selectOption("cancelled");
  await expect(page.getByTestId("voucher-row")).toHaveCount(1);
  await page.locator("#voucher-status").selectOption("all");
  await page.getByTestId("voucher-search").fill(code.slice(0, 9));
  await expect(page.getByTestId("voucher-row")).toHaveCount(1);
  await page.getByTestId("voucher-row").getByTestId("voucher-menu").click();
  await expect(page.getByTestId("menu-cancel")).toHaveCount(0);
  await page.getByTestId("menu-history").click();
  const history = page.getByTestId("voucher-history");
  await expect(history.getByTestId("history-event")).toHaveCount(2);
  await expect(history.getByTestId("history-event").nth(1)).toContainText("Cliente lo devolvió");
  await page.keyboard.press("Escape");
  await page.getByTestId("voucher-search").fill("");

  // CSV: every voucher, the cancelled one with its label.
  await page.getByTestId("open-export").click();
  const exportDialog = page.getByTestId("export-dialog");
  await exportDialog.getByTestId("export-csv").check();
  const [csvDownload] = await Promise.all([page.waitForEvent("download"), exportDialog.getByTestId("export-start").click()]);
  expect(csvDownload.suggestedFilename()).toBe(`bonos-${batch8}.csv`);
  const csv = readFileSync((await csvDownload.path())!, "utf8").replace(/^\uFEFF/, "").trim().split("\r\n");
  expect(csv).toHaveLength(21);
  expect(csv[0]).toContain("Código,Valor,Saldo,Estado");
  expect(csv.find((l) => l.startsWith(code))).toContain("750.00,750.00,Cancelado");
  await expect(page.getByText("Exportación completada", { exact: true })).toBeVisible();

  // Images: the 19 active vouchers as PNG in a zip.
  await page.getByTestId("open-export").click();
  await exportDialog.getByTestId("export-images").check();
  const [zipDownload] = await Promise.all([page.waitForEvent("download"), exportDialog.getByTestId("export-start").click()]);
  expect(zipDownload.suggestedFilename()).toBe(`bonos-${batch8}.zip`);
  const files = unzipSync(new Uint8Array(readFileSync((await zipDownload.path())!)));
  const names = Object.keys(files);
  expect(names).toHaveLength(19);
  expect(names.every((n) => n.startsWith(`bono-${batch8}-`) && n.endsWith(".png"))).toBe(true);
  expect(names.some((n) => n.includes(code))).toBe(false);
  expect([...files[names[0]!]!.slice(1, 4)].map((c) => String.fromCharCode(c)).join("")).toBe("PNG");
  if (SHOTS) writeFileSync(`${SHOTS}/voucher-image.png`, files[names[0]!]!);
  await expect(page.getByText("Exportación completada", { exact: true })).toBeVisible();
});

test("a cashier sees the batches but may not create one", async ({ page }) => {
  await signIn(page, "cashier@demo.test");
  await page.goto(tenantUrl("/home/vouchers"));
  await expect(page.getByTestId("batch-row").first()).toBeVisible();
  await expect(page.locator('[data-testid="permission-locked"][data-permission="vouchers.generate"]')).toBeVisible();
});

for (const lang of ["es", "en"]) {
  for (const width of [1366, 768, 390]) {
    test(`the voucher screens at ${width} px in ${lang}`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 800 ? 768 : width > 500 ? 1024 : 844 });
      await signIn(page, "owner@demo.test");
      await page.evaluate((l) => localStorage.setItem("language", l), lang);
      await page.goto(tenantUrl("/home/vouchers"));
      const demo = page.getByTestId("batch-row").filter({ has: page.getByText("Bonos de regalo RD$500", { exact: true }) });
      await expect(demo).toHaveCount(1);
      await noSidewaysScroll(page);
      await shot(page, `batches-${lang}-${width}`);
      await page.getByTestId("new-batch").click();
      await expect(page.getByTestId("new-batch-dialog")).toBeVisible();
      await shot(page, `new-batch-${lang}-${width}`);
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("new-batch")).toBeFocused();

      await demo.getByTestId("batch-link").click();
      await expect(page.getByTestId("voucher-row")).toHaveCount(20);
      await noSidewaysScroll(page);
      await shot(page, `vouchers-${lang}-${width}`);
      await page.getByTestId("voucher-row").first().getByTestId("voucher-menu").click();
      await shot(page, `menu-${lang}-${width}`);
      await page.getByTestId("menu-report").click();
      await expect(page.getByTestId("report-voucher-dialog")).toBeVisible();
      await shot(page, `report-${lang}-${width}`);
      await page.keyboard.press("Escape");
      await page.getByTestId("voucher-row").first().getByTestId("voucher-menu").click();
      await page.getByTestId("menu-history").click();
      await expect(page.getByTestId("history-event")).toHaveCount(1);
      await shot(page, `history-${lang}-${width}`);
      await page.keyboard.press("Escape");
      await page.getByTestId("open-export").click();
      await expect(page.getByTestId("export-dialog")).toBeVisible();
      await shot(page, `export-${lang}-${width}`);
    });
  }
}
