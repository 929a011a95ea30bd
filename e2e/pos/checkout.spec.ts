import { expect, type Page, test } from "@playwright/test";
import { ensureCashboxOpen } from "../catalog-helpers";
import { ean13, printReceiptWithF2, scanAtPos } from "../helpers-extra";
import { signIn, tenantUrl } from "../support";

/** The demo cashier at the POS with their cash box open and an empty cart. */
async function cashierAtEmptyPos(page: Page) {
  await signIn(page, "cashier@demo.test");
  await ensureCashboxOpen(page);
  await page.goto(tenantUrl("/home/pos"));
  await page.evaluate(() => localStorage.removeItem("pos_cart_state"));
  await page.reload();
}

const RICE = ean13("746012300005"); // Arroz La Garza 10 lb, RD$420, 5% split-payment limit
const MILK = ean13("746012300010"); // Leche Rica entera 1 L, RD$95, 10 % off with the demo's dairy promotion


test("scan two products, apply a Normal discount, pay half cash half card, see the change and the NCF on the receipt", async ({ page }) => {
  await cashierAtEmptyPos(page);

  await scanAtPos(page, RICE);
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await scanAtPos(page, MILK);
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  // 420 + 95 − 10 % (the demo's dairy promotion, named on the line) = 505.50
  await expect(page.getByTestId("cart-line").filter({ hasText: "Leche Rica" }).getByTestId("line-promotion")).toContainText("10 % en lácteos");
  await expect(page.getByTestId("cart-total")).toHaveText("RD$505.50");

  // Normal discount for a sale split between cash and card: the rice allows 5%.
  await page.keyboard.press("F7");
  const sheet = page.getByRole("dialog", { name: "Métodos de pago y descuentos" });
  await expect(sheet).toBeVisible();
  await sheet.getByRole("button", { name: "Tarjeta", exact: true }).click();
  await expect(sheet.getByRole("slider", { name: "Descuento de Arroz La Garza 10 lb" })).toHaveAttribute("max", "5");
  await sheet.getByRole("button", { name: /^Máx/ }).click();
  await sheet.getByRole("button", { name: "Aplicar" }).click();
  await expect(sheet).toHaveCount(0);
  // 420 − 5% = 399 + 85.50 = 484.50
  await expect(page.getByTestId("cart-total")).toHaveText("RD$484.50");

  // Pay: cash first (the panel's first method), then card for the rest; more cash gives change.
  await page.keyboard.press("F9");
  const pay = page.getByRole("dialog", { name: "Cobrar" });
  await expect(pay.getByTestId("checkout-total")).toHaveText("RD$484.50");
  await pay.getByLabel("Monto").first().fill("250");
  await pay.getByRole("button", { name: "Agregar pago" }).click();
  await expect(pay.getByLabel("Método de pago").nth(1)).toHaveValue(/.+/);
  await pay.getByLabel("Método de pago").nth(1).selectOption({ label: "Tarjeta" });
  await expect(pay.getByLabel("Monto").nth(1)).toHaveValue("234.50");
  await pay.getByLabel("Monto").first().fill("300");
  await expect(pay.getByTestId("checkout-change")).toHaveText("RD$50.00");
  await expect(pay.getByLabel("Próximo NCF")).toHaveValue(/^B02\d{8}$/);
  const ncf = await pay.getByLabel("Próximo NCF").inputValue();
  await page.screenshot({ path: "test-results/pos-checkout.png" });
  await pay.getByRole("button", { name: /Confirmar pago/ }).click();

  const done = page.getByRole("dialog", { name: "Orden Completada" });
  await expect(done).toBeVisible();
  await expect(done.getByTestId("post-change")).toHaveText("RD$50.00");
  await expect(done).toContainText(ncf);
  await page.screenshot({ path: "test-results/pos-order-completed.png" });

  // F2 prints (no print service configured: the browser's 80 mm receipt in a hidden frame).
  const html = await printReceiptWithF2(page);
  expect(html).toContain(ncf);
  expect(html).toContain("Cambio");
  expect(html).toContain("50.00");
  expect(html).toContain("Tarjeta");
  expect(html).toContain("Arroz La Garza 10 lb");

  // The print dialog gave the focus back to the page ('Omitir' had it), so Escape reaches the dialog.
  await expect(done.getByRole("button", { name: /^Omitir/ })).toBeFocused();
  // E-mail (F4) for a walk-in customer opens the field without complaining; sending it empty does.
  // (Clicked: the browser's print of F2 may still hold the keyboard.)
  await done.getByRole("button", { name: /^Correo/ }).click();
  const email = done.getByLabel("Correo electrónico");
  await expect(email).toBeFocused();
  await expect(page.getByText("Por favor ingrese un correo electrónico")).toHaveCount(0);
  await done.getByRole("button", { name: "Enviar" }).click();
  await expect(page.getByText("Por favor ingrese un correo electrónico").first()).toBeVisible();
  // The toast is the top-most layer: the first Escape dismisses it, not the dialog.
  await page.keyboard.press("Escape");
  await expect(page.getByText("Por favor ingrese un correo electrónico")).toHaveCount(0);
  await expect(done).toBeVisible();
  await done.getByRole("button", { name: /^Omitir/ }).focus();
  // Escape closes; the cart is empty for the next customer and the search has focus.
  await page.keyboard.press("Escape");
  await expect(done).toHaveCount(0);
  await expect(page.getByTestId("cart-line")).toHaveCount(0);
  await expect(page.getByLabel("Buscar producto", { exact: true })).toBeFocused();
});

test("+, − and Delete change the selected line from the empty search box, without typing into it; with text in the box they type", async ({ page }) => {
  await cashierAtEmptyPos(page);
  const search = page.getByLabel("Buscar producto", { exact: true });
  await search.fill("AGUA-20");
  await search.press("Enter");
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await expect(search).toBeFocused();
  await expect(search).toHaveValue("");
  const quantity = page.getByTestId("cart-line").getByLabel(/^Cantidad de /);
  await page.keyboard.press("+");
  await page.keyboard.press("+");
  await expect(quantity).toHaveValue("3");
  await page.keyboard.press("-");
  await expect(quantity).toHaveValue("2");
  await expect(search).toHaveValue("");
  // A code being typed keeps its dash.
  await search.pressSequentially("ARR-1");
  await expect(search).toHaveValue("ARR-1");
  await expect(quantity).toHaveValue("2");
  await search.fill("");
  await page.keyboard.press("Delete");
  await expect(page.getByTestId("cart-line")).toHaveCount(0);
});

test("a variable-price product asks for its price when added and is never charged at 0", async ({ page }) => {
  await cashierAtEmptyPos(page);
  const search = page.getByLabel("Buscar producto", { exact: true });
  await search.fill("PESCA-LB");
  await search.press("Enter");
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  // The price field takes the focus as soon as the line is added.
  const price = page.getByLabel("Precio de Pesca del día (libra)");
  await expect(price).toBeFocused();
  // Charging without it asks again, and no payment dialog opens.
  await search.focus();
  await page.keyboard.press("F9");
  await expect(page.getByText("Indique el precio de Pesca del día (libra): es de precio variable.").first()).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Cobrar" })).toHaveCount(0);
  await expect(price).toBeFocused();
  // Typed and Enter: back to the search, the total follows, and the sale goes through at that price.
  await price.fill("275");
  await price.press("Enter");
  await expect(search).toBeFocused();
  await expect(page.getByTestId("cart-total")).toHaveText("RD$275.00");
  await page.keyboard.press("F9");
  const pay = page.getByRole("dialog", { name: "Cobrar" });
  await expect(pay.getByTestId("checkout-total")).toHaveText("RD$275.00");
  await pay.getByRole("button", { name: /Confirmar pago/ }).click();
  await expect(page.getByRole("dialog", { name: "Orden Completada" })).toBeVisible();
});

test("a line that takes more than the warehouse has is flagged in the cart and in the payment (the setting lets it go below zero)", async ({ page }) => {
  await cashierAtEmptyPos(page);
  const search = page.getByLabel("Buscar producto", { exact: true });
  await search.fill("MALTA-12");
  await search.press("Enter");
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await expect(page.getByTestId("line-stock-warning")).toHaveCount(0);
  const quantity = page.getByTestId("cart-line").getByLabel(/^Cantidad de /);
  await quantity.fill("500");
  await quantity.press("Tab");
  await expect(page.getByTestId("line-stock-warning")).toHaveText(/^Existencia: \d+/);
  await search.focus();
  await page.keyboard.press("F9");
  const pay = page.getByRole("dialog", { name: "Cobrar" });
  await expect(pay.getByTestId("checkout-stock-warning")).toHaveText("Sin existencia suficiente: Malta Morena 12 oz. La venta dejará la existencia en negativo.");
  await page.screenshot({ path: "test-results/pos-stock-warning.png" });
  await page.keyboard.press("Escape");
});

test("on a phone the total and Cobrar stay at the foot of the screen while the products scroll", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await cashierAtEmptyPos(page);
  const search = page.getByLabel("Buscar producto", { exact: true });
  await search.fill("AGUA-20");
  await search.press("Enter");
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await page.evaluate(() => window.scrollTo(0, 0));
  const bar = page.getByTestId("pos-sticky-pay");
  await expect(bar).toBeInViewport();
  await expect(bar).toContainText("RD$35.00");
  await page.screenshot({ path: "test-results/pos-390-sticky-pay.png" });
  await bar.getByRole("button", { name: "Cobrar" }).click();
  const pay = page.getByRole("dialog", { name: "Cobrar" });
  await expect(pay).toBeVisible();
  // The payment method has the row to itself on a phone: its name is never cut.
  const method = pay.getByLabel("Método de pago");
  await method.selectOption({ label: "Transferencia" });
  await expect(method).toHaveAttribute("title", "Transferencia");
  const fits = await method.evaluate((el) => {
    const select = el as HTMLSelectElement;
    const ctx = document.createElement("canvas").getContext("2d")!;
    ctx.font = getComputedStyle(select).font;
    return ctx.measureText(select.selectedOptions[0]!.text).width + 40 <= select.clientWidth;
  });
  expect(fits).toBe(true);
  await expect(pay.getByLabel("Comprobante fiscal (NCF)")).toHaveAttribute("title", /^B02 — Factura de Consumo/);
  await page.screenshot({ path: "test-results/pos-390-pay.png" });
  await page.keyboard.press("Escape");
  await expect(search).toHaveAttribute("title", /.+/);
});
