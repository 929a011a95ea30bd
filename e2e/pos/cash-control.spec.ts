import { expect, test } from "@playwright/test";
import { closeOwnCashbox } from "../catalog-helpers";
import { signIn, tenantUrl } from "../support";

test("with the cash box closed the POS does not sell: Cobrar (F9) offers to open it, the sale goes on once open, and the close from the POS ends on its summary", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  await closeOwnCashbox(page);
  await page.goto(tenantUrl("/home/pos"));
  await page.evaluate(() => localStorage.removeItem("pos_cart_state"));
  await page.reload();

  // The POS says the box is closed, next to Cobrar.
  await expect(page.getByRole("region", { name: "Productos" }).getByText("Caja cerrada", { exact: true })).toBeVisible();
  await expect(page.getByTestId("pos-cashbox-closed")).toHaveText("La caja está cerrada: ábrala para vender.");
  const search = page.getByLabel("Buscar producto", { exact: true });
  await search.fill("AGUA-20");
  await search.press("Enter");
  await expect(page.getByTestId("cart-line")).toHaveCount(1);

  // F9 opens the cash box instead of the payment, and says why.
  await page.keyboard.press("F9");
  const open = page.getByRole("dialog", { name: "Abrir caja" });
  await expect(open.getByTestId("open-cashbox-notice")).toHaveText("Abra su caja para empezar a vender; esta venta sigue en el carrito.");
  await expect(page.getByRole("dialog", { name: "Cobrar" })).toHaveCount(0);
  await open.getByLabel("Fondo inicial").fill("500");
  await page.screenshot({ path: "test-results/pos-open-cashbox-to-sell.png" });
  await open.getByRole("button", { name: "Abrir caja" }).click();

  // Once open, the payment follows and the sale completes in that box.
  const pay = page.getByRole("dialog", { name: "Cobrar" });
  await expect(pay).toBeVisible();
  await expect(page.getByText(/^Caja abierta: /)).toBeVisible();
  await expect(page.getByTestId("pos-cashbox-closed")).toHaveCount(0);
  await pay.getByRole("button", { name: /Confirmar pago/ }).click();
  await expect(page.getByRole("dialog", { name: "Orden Completada" })).toBeVisible();
  await page.keyboard.press("Escape");

  // The count from the POS: the cash expected is the float plus the sale; closing ends on the summary.
  await page.getByRole("button", { name: "Cuadre de caja" }).click();
  const close = page.getByTestId("close-cashbox-dialog");
  const cash = close.getByTestId("close-line").filter({ hasText: "Efectivo" });
  const expected = (await cash.getByTestId("expected").textContent())!.replace(/[^\d.]/g, "");
  expect(Number(expected)).toBeGreaterThan(500);
  await cash.getByRole("textbox").fill(expected);
  await close.getByTestId("confirm-close-cashbox").click();
  await expect(close.getByTestId("cashbox-closed")).toBeVisible();
  await expect(close.getByTestId("closed-difference")).toHaveText("RD$0.00");
  await expect(close.getByText("No se encontró una caja activa")).toHaveCount(0);
  await page.screenshot({ path: "test-results/pos-close-summary.png" });
  await close.getByTestId("close-cashbox-done").click();
  await expect(page.getByRole("region", { name: "Productos" }).getByText("Caja cerrada", { exact: true })).toBeVisible();
});
