import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "../a11y/axe";
import { ensureCashboxOpen, trpcMutation, trpcQuery } from "../catalog-helpers";
import { ean13, scanAtPos } from "../helpers-extra";
import { signIn, tenantUrl } from "../support";

/**
 * Issue 16 §4, redemption at checkout: the owner creates a batch of 20 gift vouchers in the UI, a
 * sale at the POS is paid with one of them by typing its code as a scanner would (lower case, no
 * dashes, then Enter) and the rest in cash; the voucher is then 'Usado' with the sale's order in
 * the vouchers table and its history. A made-up code is 'Bono inválido' in the dialog. Then a
 * sale to the demo's Carmen Santos is paid with her rewards points (shown in the customer panel),
 * and cancelled, so her points come back (the demo is left as it was).
 */
const SHOTS = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const RICE = ean13("746012300005"); // Arroz La Garza 10 lb, RD$420


async function emptyPos(page: Page) {
  await ensureCashboxOpen(page);
  await page.goto(tenantUrl("/home/pos"));
  await page.evaluate(() => localStorage.removeItem("pos_cart_state"));
  await page.reload();
}

/** Confirms the sale and answers pos.checkout's result. */
async function confirmSale(page: Page) {
  const answer = page.waitForResponse((r) => r.url().includes("/api/trpc/pos.checkout") && r.request().method() === "POST");
  await page.getByRole("dialog", { name: "Cobrar" }).getByRole("button", { name: /Confirmar pago/ }).click();
  const res = await answer;
  expect(res.status()).toBe(200);
  const body = await res.json();
  const result = (Array.isArray(body) ? body[0] : body).result.data.json as { orderId: string; orderNumber: string; total: string };
  await expect(page.getByRole("dialog", { name: "Orden Completada" })).toBeVisible();
  return result;
}

test("a voucher of a new batch of 20 pays part of a POS sale by its scanned code, then shows 'Usado' with the order", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "owner@demo.test");
  await page.goto(tenantUrl("/home/vouchers"));
  const name = `Bonos canje ${Date.now()}`;
  await page.getByTestId("new-batch").click();
  const dialog = page.getByTestId("new-batch-dialog");
  await dialog.locator("#batch-name").fill(name);
  await dialog.locator("#batch-quantity").fill("20");
  await dialog.locator("#batch-value").fill("300");
  await dialog.locator("#batch-value").press("Enter");
  await expect(dialog).toBeHidden();
  const batches = await trpcQuery<{ data: { id: string; name: string }[] }>(page, "voucher.getBatches", { search: name });
  const batchId = batches.data.find((b) => b.name === name)!.id;
  const list = await trpcQuery<{ data: { code: string; status: string }[] }>(page, "voucher.getVouchers", { batchId, page: 1, pageSize: 20, search: "", status: "all" });
  expect(list.data.filter((v) => v.status === "active")).toHaveLength(20);
  const code = list.data[0]!.code;

  await emptyPos(page);
  await scanAtPos(page, RICE);
  await expect(page.getByTestId("cart-total")).toHaveText("RD$420.00");
  await page.keyboard.press("F9");
  const pay = page.getByRole("dialog", { name: "Cobrar" });
  await pay.getByLabel("Método de pago").first().selectOption({ label: "Bono de regalo" });
  const field = pay.getByTestId("voucher-code");
  await expect(field).toBeFocused();
  // A made-up code: 'Bono inválido' under the field, the sale is not confirmed by its Enter.
  await field.pressSequentially("zzzzzzzzzzzz", { delay: 5 });
  await field.press("Enter");
  await expect(pay.getByTestId("voucher-error")).toHaveText("Bono inválido");
  await expect(pay).toBeVisible();
  // The scanner types the QR's content (here lower case, no dashes) and Enter.
  await field.fill("");
  await field.pressSequentially(code.replace(/-/g, "").toLowerCase(), { delay: 5 });
  await field.press("Enter");
  await expect(pay.getByTestId("voucher-info")).toContainText("Saldo RD$300.00");
  await expect(field).toHaveValue(code);
  await expect(pay.getByLabel("Monto").first()).toHaveValue("300.00");
  await expect(pay.getByTestId("checkout-pending")).toHaveText("RD$120.00");
  // More than the balance is said at once (the server refuses it too).
  await pay.getByLabel("Monto").first().fill("300.5");
  await expect(pay.getByTestId("voucher-over")).toHaveText(`El bono ${code} tiene un saldo de RD$ 300.00; no puede pagar RD$ 300.50`);
  await pay.getByLabel("Monto").first().fill("300");
  await expect(pay.getByTestId("voucher-over")).toHaveCount(0);
  await shot(page, "redeem-voucher-dialog");
  await expectNoSeriousViolations(page, "the payment dialog with a checked gift voucher");
  await pay.getByRole("button", { name: "Agregar pago" }).click();
  await pay.getByLabel("Método de pago").nth(1).selectOption({ label: "Efectivo" });
  await expect(pay.getByLabel("Monto").nth(1)).toHaveValue("120.00");
  const sale = await confirmSale(page);
  expect(sale.total).toBe("420.00");

  // The vouchers table: 'Usado' with the sale's order (a link to the invoice).
  await page.goto(tenantUrl(`/home/vouchers/${batchId}`));
  await page.getByLabel("Buscar por código").fill(code);
  const row = page.getByTestId("voucher-row").filter({ hasText: code });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Usado");
  await expect(row.getByTestId("voucher-order")).toHaveText(`Orden ${sale.orderNumber}`);
  await shot(page, "redeem-voucher-used");
  // Its history: created, then used on the order.
  await row.getByRole("button", { name: `Acciones del bono ${code}` }).click();
  await page.getByRole("menuitem", { name: "Ver historial" }).click();
  const events = page.getByTestId("history-event");
  await expect(events).toHaveCount(2);
  await expect(events.nth(1)).toHaveAttribute("data-event", "used");
  await expect(events.nth(1)).toContainText(`Orden ${sale.orderNumber}`);
});

test("rewards points: the customer panel shows them, a sale is paid with them, and cancelling it gives them back", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "owner@demo.test");
  const points = async () => {
    const found = await trpcQuery<{ name: string; points: number }[]>(page, "customer.search", { query: "Carmen Santos", limit: 5 });
    return found.find((c) => c.name === "Carmen Santos")!.points;
  };
  // Other flows sell to Carmen on the shared demo tenant and earn her points: start from what she has.
  const before = await points();
  expect(before).toBeGreaterThanOrEqual(420);
  const n = before.toLocaleString("en-US");
  const value = `RD$${before.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  await emptyPos(page);
  await scanAtPos(page, RICE);
  await page.keyboard.press("F6");
  const panel = page.getByTestId("customer-search-panel");
  await panel.getByLabel("Nombre, RNC/cédula o teléfono").fill("Carmen Santos");
  const option = panel.getByTestId("customer-option").filter({ hasText: "Carmen Santos" });
  await expect(option.getByTestId("customer-points")).toHaveText(`${n} puntos (${value})`);
  await shot(page, "redeem-points-panel");
  await expectNoSeriousViolations(page, "the customer panel with points");
  await option.click();
  await expect(panel).toBeHidden();
  // The order's customer chip keeps showing them.
  await expect(page.getByTestId("pos-customer-points")).toHaveText(`${n} puntos (${value})`, { useInnerText: true });
  await shot(page, "redeem-points-chip");
  // On a phone the chip still fits its name, points and key.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("pos-customer-points")).toHaveText(`${n} puntos`, { useInnerText: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
  await shot(page, "redeem-points-chip-390");
  await page.setViewportSize({ width: 1366, height: 768 });

  await page.keyboard.press("F9");
  const pay = page.getByRole("dialog", { name: "Cobrar" });
  await pay.getByLabel("Método de pago").first().selectOption({ label: "Puntos" });
  await expect(pay.getByTestId("points-available")).toHaveText(`${n} puntos · valen ${value}`);
  await expect(pay.getByLabel("Monto").first()).toHaveValue("420.00");
  await expect(pay.getByTestId("checkout-pending")).toHaveText("RD$0.00");
  await shot(page, "redeem-points-dialog");
  await expectNoSeriousViolations(page, "the payment dialog paying with points");
  const sale = await confirmSale(page);
  // 420 points spent (RD$1.00 each); a sale paid with points earns none.
  expect(await points()).toBe(before - 420);
  await trpcMutation(page, "invoice.cancel", { invoiceId: sale.orderId, reasonCode: "04" });
  expect(await points()).toBe(before);

});
