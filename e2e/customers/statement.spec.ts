import { expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { ensureCashboxOpen, trpcMutation } from "../catalog-helpers";
import { browserFetch, pickMenuItem } from "../helpers-extra";
import { signIn, tenantUrl } from "../support";

async function query<T>(page: Page, path: string, input?: unknown): Promise<T> {
  const res = await browserFetch(page, `/api/trpc/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`}`);
  return JSON.parse(res.body as string).result.data.json as T;
}

test("a credit sale shows in the customer's statement with its bucket; the credit limit set in the form shows beside it; print and Excel", async ({ page }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const name = `Colmado Estado ${stamp}`;
  await signIn(page, "owner@demo.test");
  await ensureCashboxOpen(page);

  // The owner creates the customer with a credit limit of RD$3,000.
  await page.goto(tenantUrl("/home/customers/new"));
  await page.locator("#customer-name").fill(name);
  await page.locator("#customer-credit_limit").fill("-3");
  await page.getByTestId("save-customer").click();
  await expect(page.locator("#customer-credit_limit-error")).toHaveText("Monto inválido");
  await page.locator("#customer-credit_limit").fill("3,000");
  await page.getByTestId("save-customer").click();
  await expect(page).toHaveURL(/\/home\/customers$/);
  const found = await query<{ data: { id: string; name: string }[] }>(page, "customer.getAll", { search: name, page: 1, pageSize: 5 });
  const customerId = found.data[0]!.id;

  // A credit sale of two Arroz (RD$840) to them.
  const warehouseId = (await query<{ id: string }[]>(page, "warehouse.getAll"))[0]!.id;
  const rice = (await query<{ data: { id: string }[] }>(page, "product.searchProducts", { search: "Arroz", limit: 5 })).data[0]!.id;
  const credit = (await query<{ id: string; code: string }[]>(page, "paymentMethod.getAll")).find((m) => m.code === "CREDIT")!.id;
  const dop = (await query<{ id: string; code: string }[]>(page, "currency.getActive")).find((c) => c.code === "DOP")!.id;
  const sale = await trpcMutation<{ orderNumber: string }>(page, "pos.checkout", {
    clientOrderId: crypto.randomUUID(),
    customerId,
    warehouseId,
    items: [{ productId: rice, quantity: "2" }],
    payments: [{ paymentMethodId: credit, currencyId: dop, amount: "840" }],
  });

  // The statement on the customer's page.
  await page.goto(tenantUrl(`/home/customers/${customerId}`));
  const card = page.getByTestId("statement-card");
  await expect(card.getByTestId("statement-balance")).toHaveText("RD$840.00");
  await expect(card.getByTestId("statement-overdue")).toHaveText("RD$0.00");
  await expect(card.getByTestId("statement-credit-available")).toHaveText("RD$2,160.00");
  await expect(card).toContainText("Límite de crédito: RD$3,000.00");
  await expect(card.locator('[data-testid="statement-bucket"][data-bucket="current"]')).toContainText("RD$840.00");
  const row = card.getByTestId("statement-invoice");
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute("data-bucket", "current");
  await expect(row).toContainText(sale.orderNumber);
  await page.screenshot({ path: "test-results/customer-statement.png", fullPage: true });

  // Printing shows the statement page alone.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByTestId("statement-print-view")).toBeVisible();
  await expect(page.getByTestId("statement-print-view")).toContainText(name);
  await expect(page.getByTestId("customer-details")).toBeHidden();
  await page.emulateMedia({ media: "screen" });
  await expect(page.getByTestId("statement-print-view")).toBeHidden();

  // Excel: the invoice row and the totals as numbers.
  const download = page.waitForEvent("download");
  await card.getByTestId("statement-export").click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^estado-de-cuenta-CLI-\d+-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile((await file.path())!);
  const ws = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  const rowNumbers = new Map<unknown[], number>();
  ws.eachRow((r, n) => {
    const values = (r.values as unknown[]).slice(1);
    rows.push(values);
    rowNumbers.set(values, n);
  });
  expect(rows.find((r) => r[0] === "Saldo pendiente")?.[1]).toBe(840);
  expect(rows.find((r) => r[0] === "Límite de crédito")?.[1]).toBe(3000);
  const invoiceRow = rows.find((r) => r[0] === sale.orderNumber)!;
  expect(invoiceRow.slice(4, 8)).toEqual([840, 0, 0, 840]);
  expect(invoiceRow[2]).toBeInstanceOf(Date);
  expect(ws.getRow(rowNumbers.get(invoiceRow)!).getCell(5).numFmt).toBe("#,##0.00");
  expect(invoiceRow[9]).toBe("Al día");
  expect(rows.find((r) => r[0] === "Total adeudado")?.[7]).toBe(840);

  // A credit sale past the limit is refused at checkout with the limit and what is left.
  const over = await browserFetch(page, "/api/trpc/pos.checkout", {
    method: "POST",
    body: { json: { clientOrderId: crypto.randomUUID(), customerId, warehouseId, items: [{ productId: rice, quantity: "6" }], payments: [{ paymentMethodId: credit, currencyId: dop, amount: "2520" }] } },
  });
  expect(over.status).toBe(400);
  expect(JSON.parse(over.body as string).error.json.message).toMatch(/límite de crédito.*disponible RD\$2,?160\.00/);

  // The owner raises the limit in the customer form; the statement shows it.
  await page.getByTestId("edit-customer").click();
  await expect(page.locator("#customer-credit_limit")).toHaveValue("3000.00");
  await page.locator("#customer-credit_limit").fill("5000");
  await page.getByTestId("save-customer").click();
  await expect(page).toHaveURL(new RegExp(`/home/customers/${customerId}$`));
  await expect(card.getByTestId("statement-credit-available")).toHaveText("RD$4,160.00");
  await expect(card).toContainText("Límite de crédito: RD$5,000.00");

  // In English.
  await pickMenuItem(page, "language-selector", "English");
  await expect(card.getByText("Statement", { exact: true })).toBeVisible();
  await expect(card.locator('[data-testid="statement-bucket"][data-bucket="d90_plus"]')).toContainText("Over 90 days");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/customer-statement-390-en.png", fullPage: true });
  await pickMenuItem(page, "language-selector", "Español");
});
