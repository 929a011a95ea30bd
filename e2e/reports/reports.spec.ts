import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { ensureCashboxOpen, ensureWarehouse, trpcMutation, trpcQuery } from "../catalog-helpers";
import { pickMenuItem, uniqueSuffix } from "../helpers-extra";
import { signIn, tenantUrl } from "../support";

/**
 * The reports area (issue 14 §7): two sales in a warehouse of their own, then the index, sales by
 * day, by product and ITBIS by rate filtered to that warehouse show exactly their figures; the
 * Excel export of sales by day holds the same rows as the table; Imprimir is there. Screenshots
 * at 390 and 1366 px in Spanish and English.
 */

const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Santo_Domingo" }).format(new Date());
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

async function chooseWarehouse(page: Page, name: string) {
  await page.getByTestId("filter-warehouse").selectOption({ label: name });
  await expect(page).toHaveURL(/warehouse=/);
}

const cell = (row: ReturnType<Page["getByTestId"]>, col: string) => row.locator(`[data-col="${col}"]`);

test("reports: sales by day, by product and ITBIS by rate of a warehouse's sales; Excel export; print", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "owner@demo.test");
  const suffix = uniqueSuffix();
  const warehouseName = `Reportes ${suffix}`;
  await ensureWarehouse(page, `REP-${suffix}`, warehouseName);
  const warehouseId = (await trpcQuery<{ id: string; name: string }[]>(page, "warehouse.getAll")).find((w) => w.name === warehouseName)!.id;
  const product = (name: string, sku: string, price: string, extra: Record<string, unknown>) =>
    trpcMutation<{ id: string }>(page, "product.create", { name, sku, price, price2: price, price3: price, warehouseQuantities: [{ warehouseId, initialQuantity: "50" }], ...extra }).then((p) => p.id);
  const coffee = await product(`Café Santo Domingo ${suffix}`, `CAF-${suffix}`, "236", { isTaxable: true, taxPercent: "18", priceIncludesTax: true });
  const cassava = await product(`Yuca fresca ${suffix}`, `YUC-${suffix}`, "40", { isTaxable: false });
  const methods = await trpcQuery<{ id: string; code: string }[]>(page, "paymentMethod.getAll");
  const dop = (await trpcQuery<{ id: string; code: string }[]>(page, "currency.getActive")).find((c) => c.code === "DOP")!.id;
  const contado = (await trpcQuery<{ data: { id: string; isDefault: boolean }[] }>(page, "customer.getAll", { page: 1, pageSize: 50 })).data.find((c) => c.isDefault)!.id;
  await ensureCashboxOpen(page);
  const sell = (items: { productId: string; quantity: string }[], method: string, amount: string) =>
    trpcMutation(page, "pos.checkout", {
      clientOrderId: crypto.randomUUID(),
      customerId: contado,
      warehouseId,
      items,
      payments: [{ paymentMethodId: methods.find((m) => m.code === method)!.id, currencyId: dop, amount }],
    });
  // 2 coffees (472.00: base 400.00 + ITBIS 72.00) in cash; 1 coffee + 3 exempt cassava (236.00 + 120.00) by transfer
  await sell([{ productId: coffee, quantity: "2" }], "CASH", "500");
  await sell(
    [
      { productId: coffee, quantity: "1" },
      { productId: cassava, quantity: "3" },
    ],
    "TRANSFER",
    "356",
  );

  // The index: four groups of cards.
  await page.goto(tenantUrl("/home/reports"));
  await expect(page.getByRole("heading", { name: "Reportes", level: 1 })).toBeVisible();
  for (const group of ["Ventas", "Impuestos", "Inventario", "Cuentas"]) await expect(page.getByRole("heading", { name: group, level: 2 })).toBeVisible();
  await expect(page.locator('[data-testid^="report-card-"]')).toHaveCount(11);

  // Sales by day, this month by default, narrowed to the warehouse.
  await page.getByTestId("report-card-sales-by-day").click();
  await expect(page).toHaveURL(/\/home\/reports\/sales-by-day/);
  await expect(page.getByRole("heading", { name: "Ventas por día" })).toBeVisible();
  await chooseWarehouse(page, warehouseName);
  await expect(page.getByTestId("report-header")).toContainText(warehouseName);
  const day = page.getByTestId("report-row").filter({ hasText: ddmmyyyy(today()) });
  await expect(cell(day, "invoices")).toHaveText("2");
  await expect(cell(day, "base")).toHaveText("RD$720.00");
  await expect(cell(day, "itbis")).toHaveText("RD$108.00");
  await expect(cell(day, "total")).toHaveText("RD$828.00");
  await expect(cell(day, "net")).toHaveText("RD$828.00");
  const totals = page.getByTestId("report-totals");
  await expect(cell(totals, "total")).toHaveText("RD$828.00");
  await expect(page.getByTestId("report-chart").locator("svg").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Imprimir" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Volver" })).toBeVisible();

  // Excel: the same rows as the table, money as numbers.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exportar" }).click();
  await page.getByRole("menuitem", { name: "Excel (.xlsx)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^ventas-por-dia-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile((await file.path())!);
  const ws = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  expect(rows[0]).toEqual(["Ventas por día"]);
  expect(String(rows[1]![0])).toContain(warehouseName);
  expect(rows[2]).toEqual(["Fecha", "Facturas", "Base imponible", "ITBIS", "Ventas", "Devoluciones", "Ventas netas", "Anuladas"]);
  expect(rows.find((r) => r[0] === ddmmyyyy(today()))).toEqual([ddmmyyyy(today()), 2, 720, 108, 828, 0, 828, 0]);
  expect(rows.at(-1)).toEqual(["Total", 2, 720, 108, 828, 0, 828, 0]);

  // Back to the index, then sales by product.
  await page.getByRole("button", { name: "Volver" }).click();
  await expect(page).toHaveURL(/\/home\/reports$/);
  await page.getByTestId("report-card-sales-by-product").click();
  await chooseWarehouse(page, warehouseName);
  const coffeeRow = page.getByTestId("report-row").filter({ hasText: `Café Santo Domingo ${suffix}` });
  await expect(cell(coffeeRow, "quantity")).toHaveText("3");
  await expect(cell(coffeeRow, "total")).toHaveText("RD$708.00");
  const cassavaRow = page.getByTestId("report-row").filter({ hasText: `Yuca fresca ${suffix}` });
  await expect(cell(cassavaRow, "quantity")).toHaveText("3");
  await expect(cell(cassavaRow, "total")).toHaveText("RD$120.00");
  await expect(page.getByTestId("report-row")).toHaveCount(2);
  // PDF: the same report as a PDF file.
  const pdf = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exportar" }).click();
  await page.getByRole("menuitem", { name: "PDF" }).click();
  const pdfFile = await pdf;
  expect(pdfFile.suggestedFilename()).toMatch(/^ventas-por-producto-.*\.pdf$/);
  expect(readFileSync((await pdfFile.path())!).subarray(0, 5).toString()).toBe("%PDF-");

  // ITBIS by rate.
  await page.goto(tenantUrl(`/home/reports/itbis-by-rate?warehouse=${warehouseId}`));
  const eighteen = page.getByTestId("report-row").filter({ hasText: /18\s%/ });
  await expect(cell(eighteen, "base")).toHaveText("RD$600.00");
  await expect(cell(eighteen, "itbis")).toHaveText("RD$108.00");
  await expect(cell(eighteen, "netItbis")).toHaveText("RD$108.00");
  const exempt = page.getByTestId("report-row").filter({ hasText: "Exento" });
  await expect(cell(exempt, "base")).toHaveText("RD$120.00");
  await expect(cell(exempt, "itbis")).toHaveText("RD$0.00");

  // A reversed period is a clear message, not a broken page.
  await page.goto(tenantUrl(`/home/reports/sales-by-day?from=2026-11-30&to=2026-11-01`));
  await expect(page.getByTestId("report-error")).toHaveText("La fecha inicial no puede ser posterior a la final.");

  // Screenshots: 1366 and 390 px, Spanish then English; no sideways page scroll.
  const shots = async (lang: string) => {
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
      for (const path of ["/home/reports", `/home/reports/sales-by-day?warehouse=${warehouseId}`, `/home/reports/sales-by-product?warehouse=${warehouseId}`]) {
        await page.goto(tenantUrl(path));
        await expect(page.locator("h1")).toBeVisible();
        if (path !== "/home/reports") await expect(page.getByTestId("report-totals")).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
        const name = path.split("?")[0]!.split("/").pop();
        await page.screenshot({ path: `test-results/reports-${name}-${lang}-${width}.png`, fullPage: true });
      }
    }
  };
  await shots("es");
  await page.setViewportSize({ width: 1366, height: 768 });
  await pickMenuItem(page, "language-selector", "English");
  await page.goto(tenantUrl(`/home/reports/itbis-by-rate?warehouse=${warehouseId}`));
  await expect(page.getByRole("heading", { name: "ITBIS by rate" })).toBeVisible();
  await expect(cell(page.getByTestId("report-row").filter({ hasText: "Exempt" }), "base")).toHaveText("RD$120.00");
  await shots("en");
  await page.setViewportSize({ width: 1366, height: 768 });
  await pickMenuItem(page, "language-selector", "Español");
});
