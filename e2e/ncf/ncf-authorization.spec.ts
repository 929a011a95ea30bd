import { expect, test } from "@playwright/test";
import { ensureCashboxOpen } from "../catalog-helpers";
import { chooseCustomerAtPos } from "../helpers-extra";
import { signIn, tenantUrl } from "../support";

test("enter a new B01 authorization from DGII and sell with it at the POS", async ({ page }) => {
  await signIn(page, "owner@demo.test");
  await ensureCashboxOpen(page);
  await page.goto(tenantUrl("/home/settings/ncf"));
  const b01 = page.locator('[data-testid="ncf-type"][data-code="B01"]');
  await expect(b01).toBeVisible();

  // The sample authorization is cancelled: B01 can no longer issue.
  await b01.getByRole("button", { name: "Anular rango" }).first().click();
  const confirm = page.getByTestId("cancel-range-dialog");
  await expect(confirm).toContainText("¿Anular este rango de B01?");
  await confirm.getByRole("button", { name: "Anular rango" }).click();
  await expect(b01.getByTestId("ncf-warning")).toHaveText("Sin NCF disponibles");

  // An overlapping range is refused with the reason; the real one is accepted.
  await b01.getByTestId("new-range").click();
  const sheet = page.getByTestId("range-sheet");
  await expect(sheet.getByRole("heading", { name: "Nueva autorización de B01" })).toBeVisible();
  await sheet.getByLabel("Primer número").fill("400");
  await sheet.getByLabel("Último número").fill("1500");
  await sheet.getByLabel("Referencia de la autorización").fill("DGII-2026-118822");
  await sheet.getByTestId("save-range").click();
  await expect(sheet.getByTestId("range-error")).toContainText("se solapa con otra autorización de B01");
  await sheet.getByLabel("Primer número").fill("1001");
  await sheet.getByTestId("save-range").click();
  await expect(sheet).toHaveCount(0);
  const range = b01.locator('[data-testid="ncf-range"][data-from="1001"]');
  await expect(range).toContainText("B0100001001");
  await expect(range).toContainText("DGII-2026-118822");
  await expect(range).toContainText("Activo");
  await expect(b01.getByTestId("ncf-remaining")).toHaveText("500 disponibles");
  await page.screenshot({ path: "test-results/ncf-settings.png", fullPage: true });

  // At the POS: a tax-credit invoice to a customer with an RNC takes B0100001001.
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
  await pay.getByLabel("Comprobante fiscal (NCF)").selectOption({ label: "B01 — Factura de Crédito Fiscal" });
  await expect(pay.getByLabel("Próximo NCF")).toHaveValue("B0100001001");
  await pay.getByRole("button", { name: /Confirmar pago/ }).click();
  const done = page.getByRole("dialog", { name: "Orden Completada" });
  await expect(done).toContainText("B0100001001");
  await page.keyboard.press("Escape");

  // The settings show the number as issued.
  await page.goto(tenantUrl("/home/settings/ncf"));
  await expect(range).toContainText("Último emitido B0100001001");
  await expect(b01.getByTestId("ncf-remaining")).toHaveText("499 disponibles");
});
