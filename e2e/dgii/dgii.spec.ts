import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations, settle } from "../a11y/axe";
import { ensureCashboxOpen, trpcMutation, trpcQuery } from "../catalog-helpers";
import { issueNcfRanges, registerFiscalBusiness, today } from "../fiscal-business";
import { tenantUrl } from "../support";

/**
 * DGII reports (issue 14 §6): on a business of its own (registered here, RNC 1-31-24679-6, so
 * nothing else sells in its month), a B01 sale to a company with an RNC, a consumer sale, a
 * return (B04 credit note) and a cancelled invoice; the 607 and 608 previews show their rows,
 * and the 607 TXT downloaded from the screen equals, byte for byte, the file built here.
 */

const Z7 = "0.00|0.00|0.00|0.00|0.00|0.00|0.00";

test("DGII: 607 and 608 previews of a month's sales, return and cancellation; the 607 TXT byte for byte", async ({ page }) => {
  test.setTimeout(240_000);
  const b = await registerFiscalBusiness(page, "Fiscal");
  const sub = b.subdomain;
  const period = today().slice(0, 7).replace("-", "");
  const day = today().replaceAll("-", "");

  // The business's own NCF ranges (a new business starts with none), a product, a company customer, an open cash box.
  const types = await issueNcfRanges(page);
  const warehouseId = (await trpcQuery<{ id: string }[]>(page, "warehouse.getAll"))[0]!.id;
  // 118 with the 18% ITBIS included: 100.00 + 18.00
  const soda = (await trpcMutation<{ id: string }>(page, "product.create", { name: "Refresco 2L", sku: "REF-2L", price: "118", price2: "118", price3: "118", warehouseQuantities: [{ warehouseId, initialQuantity: "50" }] })).id;
  const company = (await trpcMutation<{ id: string }>(page, "customer.create", { name: "Ferretería Ozama SRL", tax_id: "101850043" })).id;
  const methods = await trpcQuery<{ id: string; code: string }[]>(page, "paymentMethod.getAll");
  const cash = methods.find((m) => m.code === "CASH")!.id;
  const transfer = methods.find((m) => m.code === "TRANSFER")!.id;
  const dop = (await trpcQuery<{ id: string; code: string }[]>(page, "currency.getActive")).find((c) => c.code === "DOP")!.id;
  await ensureCashboxOpen(page);
  const sell = (o: { customerId: string; ncfTypeId?: string; quantity: string; methodId: string; amount: string }) =>
    trpcMutation<{ orderId: string; ncf: string }>(page, "pos.checkout", {
      clientOrderId: crypto.randomUUID(),
      customerId: o.customerId,
      warehouseId,
      ...(o.ncfTypeId ? { ncfTypeId: o.ncfTypeId } : {}),
      items: [{ productId: soda, quantity: o.quantity }],
      payments: [{ paymentMethodId: o.methodId, currencyId: dop, amount: o.amount }],
    });
  const b01 = await sell({ customerId: company, ncfTypeId: types.find((x) => x.code === "B01")!.id, quantity: "2", methodId: transfer, amount: "236" });
  const consumer = await sell({ customerId: "default", quantity: "1", methodId: cash, amount: "200" });
  const toCancel = await sell({ customerId: "default", quantity: "1", methodId: cash, amount: "118" });
  expect(b01.ncf).toMatch(/^B01\d{8}$/);
  expect(consumer.ncf).toMatch(/^B02\d{8}$/);
  const note = await trpcMutation<{ ncf: string }>(page, "creditNote.create", { client_key: crypto.randomUUID(), order_id: b01.orderId, customer_id: company, reason: "product_return", items: [{ product_id: soda, quantity: "1" }] });
  expect(note.ncf).toMatch(/^B04\d{8}$/);
  await trpcMutation(page, "invoice.cancel", { invoiceId: toCancel.orderId, reasonCode: "06" });

  // The 607: the B01 and the credit note (with the NCF it modifies) listed; the 118 consumer sale in the summary.
  await page.goto(tenantUrl(`/home/accounting/dgii/607?period=${period}`, sub));
  const rows = page.getByTestId("dgii-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByTestId("dgii-row-ncf")).toHaveText(b01.ncf);
  await expect(rows.nth(0).getByTestId("dgii-row-amount")).toHaveText("RD$200.00");
  await expect(rows.nth(1).getByTestId("dgii-row-ncf")).toHaveText(note.ncf);
  await expect(rows.nth(1).getByTestId("dgii-row-modified")).toHaveText(b01.ncf);
  await expect(rows.nth(1).getByTestId("dgii-row-amount")).toHaveText("-RD$100.00");
  await expect(page.getByTestId("dgii-issue-summary")).toContainText("Sin problemas de validación");
  await expect(page.getByTestId("dgii-header-line")).toHaveText(`607|131246796|${period}|2`);
  await expect(page.getByTestId("dgii-summary-count")).toHaveText("1");
  await expect(page.getByTestId("dgii-summary-total")).toContainText("RD$118.00");
  await expect(page.getByTestId("dgii-summary-cash")).toContainText("RD$118.00");
  await expect(page.getByTestId("dgii-form-bank")).toContainText("RD$236.00");
  await settle(page);
  await expectNoSeriousViolations(page, "DGII 607");

  // 'Descargar TXT' saves the file the DGII takes, byte for byte.
  const expected =
    `607|131246796|${period}|2\r\n` +
    `101850043|1|${b01.ncf}||01|${day}||200.00|36.00|${Z7}|0.00|236.00|0.00|0.00|0.00|0.00|0.00\r\n` +
    `101850043|1|${note.ncf}|${b01.ncf}|01|${day}||100.00|18.00|${Z7}|0.00|0.00|0.00|0.00|0.00|0.00|118.00\r\n`;
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("dgii-download-txt").click()]);
  expect(download.suggestedFilename()).toBe(`DGII_F_607_131246796_${period}.TXT`);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.equals(Buffer.from(expected, "utf8"))).toBe(true);

  // The 608: the cancelled invoice with its reason.
  await page.getByTestId("dgii-tab-608").click();
  await expect(page).toHaveURL(new RegExp(`/home/accounting/dgii/608\\?period=${period}$`));
  const cancelled = page.getByTestId("dgii-row");
  await expect(cancelled).toHaveCount(1);
  await expect(cancelled.getByTestId("dgii-row-ncf")).toHaveText(toCancel.ncf);
  await expect(cancelled.getByTestId("dgii-row-reason")).toHaveText("06 · Devolución de productos");
  await expect(page.getByTestId("dgii-header-line")).toHaveText(`608|131246796|${period}|1`);
  await settle(page);
  await expectNoSeriousViolations(page, "DGII 608");
  await page.screenshot({ path: "test-results/dgii-608-es-1366.png", fullPage: true });
  // Exportar writes the rows shown (back on the 607 from the cache, then the 608 again)
  await page.getByTestId("dgii-tab-607").click();
  await expect(page.getByTestId("dgii-row")).toHaveCount(2);
  await page.getByTestId("dgii-tab-608").click();
  await expect(page.getByTestId("dgii-row")).toHaveCount(1);
  await page.getByRole("button", { name: "Exportar" }).click();
  const [xlsx] = await Promise.all([page.waitForEvent("download"), page.getByRole("menuitem", { name: "Excel (.xlsx)" }).click()]);
  expect(xlsx.suggestedFilename()).toBe(`dgii-608-${period}.xlsx`);

  // The IT-1: 236 + 118 sold (ITBIS 54.00), the note's 18.00 off, nothing bought.
  await page.getByTestId("dgii-tab-it1").click();
  await expect(page.getByTestId("it1-salesItbis")).toContainText("RD$54.00");
  await expect(page.getByTestId("it1-netSalesItbis")).toContainText("RD$36.00");
  await expect(page.getByTestId("it1-toPay")).toContainText("RD$36.00");
  await settle(page);
  await expectNoSeriousViolations(page, "DGII IT-1");
  await page.screenshot({ path: "test-results/dgii-it1-es-1366.png", fullPage: true });

  // An empty month is the informative file: the header with 0 records. The default month is the previous one.
  await page.goto(tenantUrl("/home/accounting/dgii/606", sub));
  await expect(page.getByTestId("dgii-record-count")).toHaveText("0");
  await expect(page.getByTestId("dgii-period")).not.toHaveValue(today().slice(0, 7));
  await settle(page);
  await expectNoSeriousViolations(page, "DGII 606 (empty month)");

  // Screenshots at 390 and 1366 px, Spanish and English; no sideways scroll of the page.
  for (const lang of ["es", "en"]) {
    await page.evaluate((l) => localStorage.setItem("language", l), lang);
    for (const width of [390, 768, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(tenantUrl(`/home/accounting/dgii/607?period=${period}`, sub));
      await expect(page.getByTestId("dgii-row")).toHaveCount(2);
      const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(over, `607 at ${width}px scrolls sideways`).toBeLessThanOrEqual(1);
      if (width !== 768) await page.screenshot({ path: `test-results/dgii-607-${lang}-${width}.png`, fullPage: true });
    }
  }
  await expect(page.getByTestId("dgii-download-txt")).toHaveText(/Download TXT/);
  await page.evaluate(() => localStorage.setItem("language", "es"));
});
