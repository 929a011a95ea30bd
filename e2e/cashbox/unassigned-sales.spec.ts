import { expect, test } from "@playwright/test";
import { closeOwnCashbox, ensureCashboxOpen } from "../catalog-helpers";
import { updateConfigFromPage } from "../helpers-extra";
import { signIn, tenantUrl } from "../support";

test("a sale made while the shop sold without a cash box is listed in 'Ventas sin caja' and assigned to an open box, which then counts it", async ({ page }) => {
  await signIn(page, "owner@demo.test");
  await closeOwnCashbox(page);
  try {
    // 'Vender sin caja' on: the POS sells with no box open and says nothing about it.
    await updateConfigFromPage(page, { sell_without_cashbox: true });
    await page.goto(tenantUrl("/home/pos"));
    await page.evaluate(() => localStorage.removeItem("pos_cart_state"));
    await page.reload();
    await expect(page.getByTestId("pos-cashbox-closed")).toHaveCount(0);
    const search = page.getByLabel("Buscar producto", { exact: true });
    await search.fill("AGUA-20");
    await search.press("Enter");
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await page.keyboard.press("F9");
    const pay = page.getByRole("dialog", { name: "Cobrar" });
    await pay.getByRole("button", { name: /Confirmar pago/ }).click();
    await expect(page.getByRole("dialog", { name: "Orden Completada" })).toBeVisible();
    await page.keyboard.press("Escape");
  } finally {
    await updateConfigFromPage(page, { sell_without_cashbox: false });
  }

  // Back to counting cash: the sale is listed for the owner, and goes into the box they open.
  await ensureCashboxOpen(page);
  await page.goto(tenantUrl("/home/cash-box"));
  const card = page.getByTestId("unassigned-sales");
  await expect(card.getByRole("heading", { name: "Ventas sin caja" })).toBeVisible();
  const row = card.getByTestId("unassigned-sale").first();
  await expect(row).toContainText("FAC-");
  await expect(row).toContainText("RD$35.00");
  await page.screenshot({ path: "test-results/cashbox-unassigned-sales.png", fullPage: true });
  await card.getByRole("checkbox", { name: "Seleccionar todas" }).check();
  await card.getByTestId("assign-sales").click();
  await expect(page.getByText(/venta\(s\) asignada\(s\) a /).first()).toBeVisible();
  await expect(card).toHaveCount(0);

  // The close of that box counts it: expected cash is the float (0) plus the sale.
  await page.getByTestId("close-cashbox").click();
  const close = page.getByTestId("close-cashbox-dialog");
  await expect(close.getByTestId("close-line").filter({ hasText: "Efectivo" }).getByTestId("expected")).toHaveText("RD$35.00");
  await page.keyboard.press("Escape");
});
