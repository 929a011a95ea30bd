import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "../a11y/axe";
import { ensureCashboxOpen, trpcMutation } from "../catalog-helpers";
import { chooseCustomerAtPos } from "../helpers-extra";
import { signIn, tenantUrl } from "../support";

/**
 * Payment links (issue 12 §5): a credit invoice's pending balance is paid from a link on the
 * sandbox provider's hosted page /pay/{id}; the declined test card leaves it pending, the approve
 * card pays it through the signed callback; the invoice is paid and the link 'paid' in the tab.
 */

/** A credit sale ('fiado') of one Arroz (RD$420) to Supermercado Bravo, from the POS; answers the invoice's detail page. */
async function creditInvoice(page: Page) {
  await page.goto(tenantUrl("/home/pos"));
  await page.evaluate(() => localStorage.removeItem("pos_cart_state"));
  await page.reload();
  await page.keyboard.press("F2");
  const search = page.getByLabel("Buscar producto", { exact: true });
  await search.fill("Arroz");
  await search.press("Enter");
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await chooseCustomerAtPos(page, "Bravo", "Supermercado Bravo Churchill");
  await page.keyboard.press("F9");
  const pay = page.getByRole("dialog", { name: "Cobrar" });
  await pay.getByLabel("Método de pago").selectOption({ label: "Crédito" });
  await pay.getByLabel("Monto").fill("420");
  await pay.getByRole("button", { name: /Confirmar pago/ }).click();
  await expect(page.getByRole("dialog", { name: "Orden Completada" })).toBeVisible();
  await page.keyboard.press("Escape");

  await page.goto(tenantUrl("/home/invoices?status=pending"));
  const row = page.getByTestId("invoice-row").filter({ hasText: "Supermercado Bravo Churchill" }).first();
  await row.click();
  const detail = page.getByTestId("invoice-detail");
  await expect(detail.getByTestId("invoice-balance")).toContainText("420.00");
  return detail;
}

test("create a payment link for a credit invoice, decline then pay it on the sandbox page; the invoice is paid and the link 'paid'", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, "owner@demo.test");
  await ensureCashboxOpen(page);
  const detail = await creditInvoice(page);
  const invoiceUrl = page.url();

  // Record payment offers the link (the demo enables the sandbox provider).
  await detail.getByTestId("record-payment").click();
  await page.getByTestId("record-payment-dialog").getByTestId("record-payment-link-offer").click();
  const dialog = page.getByTestId("payment-link-dialog");
  await expect(dialog.getByTestId("payment-link-amount")).toContainText("420.00");
  await expect(dialog).toContainText("Supermercado Bravo Churchill");
  await dialog.getByTestId("payment-link-generate").click();

  // Created: the link is shown and copied to the clipboard; the copy button says 'Copiado' for 2 s.
  const url = dialog.getByTestId("payment-link-url");
  await expect(url).toHaveValue(/^http:\/\/demo\.localhost:\d+\/pay\/[0-9a-f-]{36}$/);
  const link = await url.inputValue();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await dialog.getByTestId("payment-link-copy").click();
  await expect(dialog.getByTestId("payment-link-copy")).toHaveText(/Copiado/);
  await expect(dialog.getByTestId("payment-link-copy")).toHaveText(/Copiar enlace/, { timeout: 4000 });

  // Send Email needs an e-mail; with one, the link goes to the outbox (no SMTP in e2e).
  await dialog.getByTestId("payment-link-email").fill("");
  await dialog.getByTestId("payment-link-send-email").click();
  await expect(dialog.getByTestId("payment-link-error")).toHaveText("Por favor ingrese un correo electrónico");
  await dialog.getByTestId("payment-link-email").fill("compras@bravo.do");
  await dialog.getByTestId("payment-link-send-email").click();
  // The toast (its title; Radix also announces it in a live region with the same words).
  await expect(page.getByLabel("Notificaciones (Alt+N)").getByText("el enlace para compras@bravo.do quedó en el buzón de salida")).toBeVisible();
  await dialog.getByTestId("payment-link-done").click();
  await expect(dialog).toHaveCount(0);

  // The customer opens the link: the sandbox's hosted page.
  const customer = await context.newPage();
  await customer.goto(link);
  await expect(customer.getByTestId("pay-amount")).toContainText("420.00");
  await expect(customer.getByTestId("pay-test-cards")).toContainText("4111 1111 1111 1111");
  // The public page a customer opens meets WCAG AA like every screen of the app.
  await expectNoSeriousViolations(customer, "/pay/{id}");
  await customer.getByLabel("Número de tarjeta").fill("4000 0000 0000 0002");
  await customer.getByLabel("Vencimiento (MM/AA)").fill("12/39");
  await customer.getByLabel("CVC").fill("123");
  await customer.getByTestId("pay-submit").click();
  await expect(customer.getByTestId("pay-declined")).toContainText("Pago rechazado");
  await expect(customer.getByTestId("pay-declined")).toContainText("Fondos insuficientes");

  // Declined: the invoice still owes it and the link is pending.
  await page.goto(invoiceUrl);
  await expect(page.getByTestId("invoice-detail").getByTestId("invoice-balance")).toContainText("420.00");
  await page.goto(tenantUrl("/home/invoices?tab=links"));
  const linkId = link.split("/pay/")[1]!;
  const row = page.locator(`[data-testid="payment-link-row"][data-link-id="${linkId}"]`);
  await expect(row.getByTestId("payment-link-status")).toHaveAttribute("data-status", "pending");

  // The approve card pays it.
  await customer.getByLabel("Número de tarjeta").fill("4111 1111 1111 1111");
  await customer.getByTestId("pay-submit").click();
  await expect(customer.getByTestId("pay-result")).toHaveAttribute("data-status", "paid");
  await expect(customer.getByTestId("pay-result")).toContainText("Pago aprobado");
  await customer.reload();
  await expect(customer.getByTestId("pay-result")).toContainText("Este enlace ya fue pagado");

  // The invoice is paid (once), and the tab shows the link paid with the card's last digits.
  await page.goto(invoiceUrl);
  const paid = page.getByTestId("invoice-detail");
  await expect(paid.getByTestId("invoice-status")).toHaveAttribute("data-status", "paid");
  // one card payment, recorded by the callback with the sandbox's transaction, the order number and the card
  const cardPayment = paid.getByTestId("invoice-payment").filter({ hasText: /SBX-/ });
  await expect(cardPayment).toHaveCount(1);
  await expect(cardPayment).toContainText("**** 1111");
  await expect(cardPayment.getByRole("img", { name: "Tarjeta" })).toBeVisible();
  await page.goto(tenantUrl("/home/invoices?tab=links&status=paid"));
  await expect(row.getByTestId("payment-link-status")).toHaveAttribute("data-status", "paid");
  await expect(row).toContainText("**** 1111");
  await page.screenshot({ path: "test-results/payment-links-tab.png", fullPage: true });
});

test("cancel a link from the tab: its page says it was cancelled and nothing can be paid", async ({ page, context }) => {
  await signIn(page, "owner@demo.test");
  const created = await trpcMutation<{ id: string; linkFullUrl: string }>(page, "paymentLink.create", {
    orderNumber: `APT-E2E-${Date.now()}`,
    amount: 150000,
    itbis: 0,
    language: "ES",
    clientContractNumber: "Carmen Santos",
    customerName: "Carmen Santos",
    description: "Depósito de cita",
  });
  await page.goto(tenantUrl("/home/invoices"));
  await page.getByTestId("invoices-tab-links").click();
  await expect(page).toHaveURL(/tab=links/);
  const row = page.locator(`[data-testid="payment-link-row"][data-link-id="${created.id}"]`);
  await expect(row.getByTestId("payment-link-status")).toHaveAttribute("data-status", "pending");
  await row.getByTestId("payment-link-row-cancel").click();
  await page.getByTestId("payment-link-cancel-confirm").click();
  await expect(row.getByTestId("payment-link-status")).toHaveAttribute("data-status", "cancelled");
  await expect(row.getByTestId("payment-link-row-cancel")).toHaveCount(0);

  const customer = await context.newPage();
  await customer.goto(created.linkFullUrl);
  await expect(customer.getByTestId("pay-result")).toHaveAttribute("data-status", "cancelled");
  await expect(customer.getByTestId("pay-result")).toContainText("Este enlace de pago fue cancelado");
  await expect(customer.getByTestId("pay-submit")).toHaveCount(0);
});
