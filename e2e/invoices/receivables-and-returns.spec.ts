import { expect, type Page, test } from "@playwright/test";
import { ensureCashboxOpen } from "../catalog-helpers";
import { chooseCustomerAtPos } from "../helpers-extra";
import { signIn, tenantUrl } from "../support";

async function cartOfRiceFor(page: Page, units: number) {
  await page.goto(tenantUrl("/home/pos"));
  await page.evaluate(() => localStorage.removeItem("pos_cart_state"));
  await page.reload();
  await page.keyboard.press("F2");
  const search = page.getByLabel("Buscar producto", { exact: true });
  for (let i = 0; i < units; i++) {
    await search.fill("Arroz");
    await search.press("Enter");
  }
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await expect(page.getByTestId("cart-line").locator("input").first()).toHaveValue(String(units));
  await chooseCustomerAtPos(page, "Bravo", "Supermercado Bravo Churchill");
  await page.keyboard.press("F9");
  return page.getByRole("dialog", { name: "Cobrar" });
}

test("sell on credit, collect it in two payments, return 2 of 3 units and spend the credit note on a new sale", async ({ page }) => {
  await signIn(page, "owner@demo.test");
  await ensureCashboxOpen(page);

  // A credit sale ('fiado') of 3 × Arroz (RD$1,260) to Supermercado Bravo.
  let pay = await cartOfRiceFor(page, 3);
  await pay.getByLabel("Método de pago").selectOption({ label: "Crédito" });
  await pay.getByLabel("Monto").fill("1260");
  await pay.getByRole("button", { name: /Confirmar pago/ }).click();
  let done = page.getByRole("dialog", { name: "Orden Completada" });
  await expect(done).toBeVisible();
  await page.keyboard.press("Escape");

  // The invoice waits in the back office as pending.
  await page.goto(tenantUrl("/home/invoices?status=pending"));
  const row = page.getByTestId("invoice-row").filter({ hasText: "Supermercado Bravo Churchill" }).first();
  await expect(row.getByTestId("invoice-status")).toHaveAttribute("data-status", "pending");
  // Sold on credit: the list shows the credit badge.
  await expect(row.getByRole("img", { name: "Crédito" })).toBeVisible();
  await row.click();
  const detail = page.getByTestId("invoice-detail");
  await expect(detail.getByTestId("invoice-balance")).toContainText("1,260.00");

  // Two partial payments: partial, then paid.
  await detail.getByTestId("record-payment").click();
  let dialog = page.getByTestId("record-payment-dialog");
  await expect(dialog.getByLabel("Monto")).toHaveValue("1260.00");
  await expect(dialog.getByLabel("Referencia")).toHaveCount(0);
  await dialog.getByLabel("Monto").fill("1500");
  await dialog.getByTestId("record-payment-submit").click();
  await expect(dialog.getByRole("alert")).toContainText("excede el pendiente");
  await dialog.getByLabel("Monto").fill("500");
  await dialog.getByLabel("Notas").fill("Primer abono");
  await dialog.getByTestId("record-payment-submit").click();
  await expect(dialog).toHaveCount(0);
  await expect(detail.getByTestId("invoice-status")).toHaveAttribute("data-status", "partial");
  await expect(detail.getByTestId("invoice-balance")).toContainText("760.00");
  await detail.getByTestId("record-payment").click();
  dialog = page.getByTestId("record-payment-dialog");
  await dialog.getByLabel("Método de pago").selectOption({ label: "Transferencia" });
  await dialog.getByLabel("Referencia").fill("TRF-88123");
  await dialog.getByTestId("record-payment-submit").click();
  await expect(dialog).toHaveCount(0);
  await expect(detail.getByTestId("invoice-status")).toHaveAttribute("data-status", "paid");
  await expect(detail.getByTestId("invoice-payment")).toHaveCount(3);
  // Each payment carries its method's badge, named in Spanish.
  await expect(detail.getByTestId("invoice-payment").getByRole("img", { name: "Transferencia" })).toHaveCount(1);
  await expect(detail.getByTestId("invoice-payment").getByRole("img", { name: "Efectivo" })).toHaveCount(1);
  await expect(detail.getByTestId("invoice-payment").getByRole("img", { name: "Efectivo" })).toHaveAttribute("title", "Efectivo");
  await page.screenshot({ path: "test-results/invoice-detail.png", fullPage: true });

  // Return 2 of the 3 units through the wizard: a B04 credit note kept as store credit.
  await detail.getByTestId("invoice-return").click();
  const wizard = page.getByTestId("return-wizard");
  await expect(wizard.getByTestId("return-number")).not.toHaveValue("");
  await wizard.getByTestId("return-number").press("Enter");
  const line = wizard.getByTestId("return-line").first();
  await expect(line).toContainText("Disponible 3 de 3");
  await line.getByRole("spinbutton").fill("5");
  await expect(page.getByText("La cantidad máxima disponible es 3", { exact: true })).toBeVisible();
  await line.getByRole("spinbutton").fill("2");
  await wizard.getByTestId("return-next").click();
  await expect(wizard.getByTestId("return-total")).toContainText("840.00");
  await wizard.getByTestId("return-next").click();
  await expect(wizard.getByTestId("return-done")).toBeVisible();
  const noteNumber = (await wizard.getByTestId("return-note-number").textContent())!.trim();
  expect(noteNumber).toMatch(/^NC-\d{6}$/);
  await expect(wizard.getByTestId("return-done")).toContainText("B04");
  await wizard.getByTestId("return-close").click();
  await page.getByTestId("return-leave-confirm").click();
  await expect(wizard).toHaveCount(0);
  await expect(detail.getByTestId("invoice-credit-note")).toContainText(noteNumber);
  await expect(detail.getByTestId("ncf-history")).toContainText("Nota de crédito");

  // A new sale of 3 units: the credit note pays 840 of it, cash the rest.
  pay = await cartOfRiceFor(page, 3);
  await pay.getByLabel("Método de pago").selectOption({ label: "Nota de crédito" });
  await pay.getByLabel("Monto").fill("840");
  await pay.getByLabel("Referencia").fill(noteNumber);
  await pay.getByRole("button", { name: "Agregar pago" }).click();
  await pay.locator("#pos-pay-method-1").selectOption({ label: "Efectivo" });
  await pay.locator("#pos-pay-amount-1").fill("420");
  await pay.getByRole("button", { name: /Confirmar pago/ }).click();
  done = page.getByRole("dialog", { name: "Orden Completada" });
  await expect(done).toBeVisible();
  await page.keyboard.press("Escape");

  // The note is used up, with the sale in its history.
  await page.goto(tenantUrl("/home/credit-notes"));
  const noteRow = page.getByTestId("credit-note-row").filter({ hasText: noteNumber });
  await expect(noteRow.getByTestId("credit-note-status")).toHaveAttribute("data-status", "used");
  await noteRow.click();
  await expect(page.getByTestId("credit-note-available")).toContainText("0.00");
  await expect(page.getByTestId("credit-note-usage")).toHaveCount(1);
  // Its PDF comes through the ticket download, named without the timestamp prefix.
  const download = page.waitForEvent("download");
  await page.getByTestId("credit-note-download").click();
  expect((await download).suggestedFilename()).toBe(`nota-credito-${noteNumber}.pdf`);
});

test("cancel an invoice with reason 05: it keeps its NCF", async ({ page }) => {
  await signIn(page, "owner@demo.test");
  await ensureCashboxOpen(page);
  const pay = await cartOfRiceFor(page, 1);
  await pay.getByRole("button", { name: /Confirmar pago/ }).click();
  const done = page.getByRole("dialog", { name: "Orden Completada" });
  await expect(done).toBeVisible();
  const ncf = (await done.textContent())!.match(/B\d{10}/)![0];
  await page.keyboard.press("Escape");
  await page.goto(tenantUrl(`/home/invoices?q=${ncf}`));
  await page.getByTestId("invoice-row").first().click();
  const detail = page.getByTestId("invoice-detail");
  await detail.getByTestId("cancel-invoice").click();
  const dialog = page.getByTestId("cancel-invoice-dialog");
  await dialog.getByTestId("cancel-invoice-submit").click();
  await expect(dialog.getByRole("alert")).toHaveText("Seleccione el motivo de anulación (608)");
  await dialog.getByTestId("cancel-reason-code").selectOption("05");
  await dialog.getByTestId("cancel-invoice-submit").click();
  await expect(dialog).toHaveCount(0);
  await expect(detail.getByTestId("invoice-status")).toHaveAttribute("data-status", "cancelled");
  await expect(detail.getByTestId("invoice-ncf")).toContainText(ncf);
  await expect(detail.getByTestId("invoice-cancellation")).toContainText("05 Cambio de productos");
  await expect(detail.getByTestId("ncf-history")).toContainText("Anulado (608)");
});
