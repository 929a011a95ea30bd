import { expect, type Page, test } from "@playwright/test";
import { trpcMutation, trpcQuery } from "../catalog-helpers";
import { signIn, tenantUrl } from "../support";

/**
 * Issue 13 §1, §2, §5: a purchase order made with the supplier picker and two products, submitted
 * above the approval threshold and approved by the owner, sent (the mail in Settings → Bandeja de
 * salida), received half and then the rest; the products' stock and weighted-average cost change.
 */
test("purchase order: picker, approval, send to the outbox, two receipts, stock and cost; a receipt billed with the supplier's NCF and paid", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "owner@demo.test");
  const stamp = Date.now().toString(36).toUpperCase();
  const warehouses = await trpcQuery<{ id: string; code: string }[]>(page, "warehouse.getAll");
  const principal = warehouses.find((w) => w.code === "PRIN")!.id;
  const providerName = `Distribuidora Bávaro ${stamp}`;
  await trpcMutation(page, "provider.create", { code: `PO-${stamp}`, name: providerName, taxId: "131246796", email: `pedidos-${stamp.toLowerCase()}@bavaro.test`, mobile: "8095550199" });
  const flour = `HAR-${stamp}`;
  const salt = `SAL-${stamp}`;
  await trpcMutation(page, "product.create", { name: `Harina Blanca 25 lb ${stamp}`, sku: flour, price: "900", price2: "900", price3: "900", costPrice: "100", taxPercent: "18", warehouseQuantities: [{ warehouseId: principal, initialQuantity: "10" }] });
  await trpcMutation(page, "product.create", { name: `Sal Marina 1 lb ${stamp}`, sku: salt, price: "35", price2: "35", price3: "35", costPrice: "0", isTaxable: false });
  const settings = await trpcQuery<Record<string, unknown>>(page, "purchaseSettings.get");
  await trpcMutation(page, "purchaseSettings.update", { ...settings, approvalThreshold: "1000", receivingTolerancePercent: "0" });

  await page.getByTestId("sidebar").getByRole("link", { name: "Órdenes de compra" }).click();
  await expect(page).toHaveURL(/\/home\/purchase-orders$/);
  await page.getByTestId("new-purchase-order").click();

  // Saving with nothing shows the spec's rules.
  await page.getByTestId("po-save").click();
  await expect(page.getByText("El suplidor es requerido", { exact: true }).first()).toBeVisible();

  // The supplier picker: search, arrows and Enter; the focus goes back to its button.
  await page.getByTestId("po-pick-provider").click();
  const picker = page.getByTestId("provider-picker");
  await picker.getByRole("textbox").fill(stamp);
  await expect(picker.getByTestId("provider-option")).toHaveCount(1);
  await picker.getByRole("textbox").press("Enter");
  await expect(picker).toHaveCount(0);
  await expect(page.getByTestId("po-provider-name")).toHaveText(providerName);
  await expect(page.getByTestId("po-pick-provider")).toBeFocused();

  const search = page.getByLabel("Buscar o escanear producto (nombre, SKU o código)");
  for (const [i, sku] of [flour, salt].entries()) {
    await search.fill(sku);
    await search.press("Enter");
    await expect(page.getByTestId("po-line")).toHaveCount(i + 1);
  }
  // The product's cost and ITBIS are filled in.
  await expect(page.getByLabel(`Costo unitario de Harina Blanca 25 lb ${stamp}`)).toHaveValue("100.00");
  await expect(page.getByLabel(`ITBIS % de Harina Blanca 25 lb ${stamp}`)).toHaveValue("18.00");
  await expect(page.getByLabel(`ITBIS % de Sal Marina 1 lb ${stamp}`)).toHaveValue("0.00");
  await page.getByLabel(`Cantidad de Harina Blanca 25 lb ${stamp}`).fill("10");
  await page.getByLabel(`Costo unitario de Harina Blanca 25 lb ${stamp}`).fill("120");
  await page.getByLabel(`Cantidad de Sal Marina 1 lb ${stamp}`).fill("4");
  await page.getByLabel(`Costo unitario de Sal Marina 1 lb ${stamp}`).fill("50");
  await page.getByLabel(`Código del suplidor de Sal Marina 1 lb ${stamp}`).fill("BAV-SAL1");
  // 10 × 120 + 18% and 4 × 50 exempt: RD$1,616.00, by the shared rule.
  await expect(page.getByTestId("po-total")).toContainText("1,616.00");
  await page.getByTestId("po-save-submit").click();

  await expect(page).toHaveURL(/\/home\/purchase-orders\/[0-9a-f-]{36}$/);
  const number = (await page.getByTestId("po-number").textContent())!.trim();
  expect(number).toMatch(/^OC-\d{6}$/);
  // Above the threshold: pending approval, the owner approves.
  await expect(page.getByTestId("po-status")).toHaveText("Pendiente de aprobación");
  await page.getByTestId("po-approve").click();
  await expect(page.getByTestId("po-status")).toHaveText("Aprobada");

  // Send: the PDF by e-mail; without SMTP it waits in the outbox.
  await page.getByTestId("po-send").click();
  await expect(page.getByLabel("Correo del suplidor")).toHaveValue(`pedidos-${stamp.toLowerCase()}@bavaro.test`);
  await page.getByTestId("po-send-email").click();
  await expect(page.getByTestId("po-status")).toHaveText("Enviada");
  await expect(page.getByTestId("po-sent")).toContainText(`pedidos-${stamp.toLowerCase()}@bavaro.test`);
  const orderUrl = page.url();

  await page.goto(tenantUrl("/home/settings"));
  await page.getByRole("link", { name: "Bandeja de salida" }).click();
  const mail = page.getByTestId("outbox-row").filter({ hasText: `Orden de compra ${number}` }).first();
  await expect(mail).toContainText(`pedidos-${stamp.toLowerCase()}@bavaro.test`);
  await mail.click();
  await expect(page.getByTestId("outbox-message")).toContainText("BAV-SAL1");
  await page.getByTestId("outbox-message").getByRole("button", { name: "Cerrar" }).first().click();

  // Receive half of each line, then the rest.
  await page.goto(orderUrl);
  await page.getByTestId("po-receive").click();
  await page.getByLabel(`Cantidad recibida de Harina Blanca 25 lb ${stamp}`).fill("5");
  await page.getByLabel(`Cantidad recibida de Sal Marina 1 lb ${stamp}`).fill("2");
  await page.getByTestId("po-receive-confirm").click();
  await expect(page.getByTestId("po-status")).toHaveText("Recibida parcial");
  await expect(page.getByTestId("po-line-received")).toHaveText(["5", "2"]);
  await expect(page.getByTestId("po-receive")).toBeFocused();
  await page.getByTestId("po-receive").click();
  // The dialog starts with what is still pending.
  await expect(page.getByLabel(`Cantidad recibida de Harina Blanca 25 lb ${stamp}`)).toHaveValue("5");
  await page.getByTestId("po-receive-confirm").click();
  await expect(page.getByTestId("po-status")).toHaveText("Recibida");
  await expect(page.getByTestId("po-receipt")).toHaveCount(2);
  await expect(page.getByTestId("po-receive")).toHaveCount(0);
  await page.screenshot({ path: "test-results/purchasing-detail-es-1366.png", fullPage: true });

  // Stock and weighted-average cost: (10 × 100 + 5 × 120) / 15 = 106.67, then (15 × 106.67 + 5 × 120) / 20 = 110.00.
  await expectProduct(page, flour, `Harina Blanca 25 lb ${stamp}`, "20", "110.00");
  await expectProduct(page, salt, `Sal Marina 1 lb ${stamp}`, "4", "50.00");

  // The first receipt becomes the supplier's bill (prefilled from it: 5 × 120 + 18% and 2 × 50), with
  // the supplier's B01; it shows as payable, is paid by transfer and leaves the payables.
  await page.goto(orderUrl);
  await page.getByTestId("po-receipt").first().getByTestId("po-receipt-bill").click();
  await expect(page).toHaveURL(/\/home\/payables\/bills\/new\?provider=[0-9a-f-]+&receipt=[0-9a-f-]+$/);
  await expect(page.getByLabel("Monto en bienes")).toHaveValue("700.00");
  await expect(page.getByLabel("ITBIS facturado")).toHaveValue("108.00");
  const ncf = `B01${String(Date.now() % 100_000_000).padStart(8, "0")}`;
  await page.locator("#bill-ncf").fill(ncf);
  await page.getByTestId("save-bill").click();
  await expect(page).toHaveURL(/\/home\/payables\/bills\/[0-9a-f-]+$/);
  await expect(page.getByTestId("bill-balance")).toContainText("808.00");
  await page.goto(tenantUrl("/home/payables?tab=aging"));
  await expect(page.getByTestId("aging-row").filter({ hasText: providerName }).getByTestId("aging-total")).toContainText("808.00");
  await page.goBack();
  await page.getByTestId("bill-pay").click();
  const payDialog = page.getByTestId("pay-dialog");
  await payDialog.getByLabel("Método de pago").selectOption({ label: "Transferencia" });
  await payDialog.getByLabel("Referencia (cheque, transferencia)").fill("TRF-55120");
  await payDialog.getByTestId("pay-confirm").click();
  await expect(page.getByTestId("bill-status")).toHaveText("Pagada");
  await page.goto(tenantUrl("/home/payables?tab=aging"));
  await expect(page.getByTestId("aging-row").filter({ hasText: providerName })).toHaveCount(0);
  // The receipt now says it was billed; the other one can still be.
  await page.goto(orderUrl);
  await expect(page.getByTestId("po-receipt").first().getByTestId("po-receipt-billed")).toBeVisible();
  await expect(page.getByTestId("po-receipt").nth(1).getByTestId("po-receipt-bill")).toBeVisible();

  await screenshots(page);
});

async function expectProduct(page: Page, sku: string, name: string, stock: string, cost: string) {
  await page.goto(tenantUrl("/home/products"));
  await page.getByLabel("Buscar por nombre, SKU, código de barras o palabra clave").fill(sku);
  await page.getByTestId("product-row").filter({ hasText: name }).getByRole("link").first().click();
  await expect(page.getByTestId("stock-row").filter({ hasText: "Principal" })).toContainText(stock);
  await expect(page.getByLabel("Costo", { exact: true })).toHaveValue(cost);
}

/** The list and the form at 1366 and 390 px, in Spanish and English. */
async function screenshots(page: Page) {
  for (const lang of ["es", "en"] as const) {
    await page.evaluate((l) => localStorage.setItem("language", l), lang);
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(tenantUrl("/home/purchase-orders"));
      await expect(page.getByTestId("po-row").first()).toBeVisible();
      await page.screenshot({ path: `test-results/purchasing-list-${lang}-${width}.png`, fullPage: true });
      await page.goto(tenantUrl("/home/purchase-orders/new"));
      await page.getByLabel(lang === "es" ? "Buscar o escanear producto (nombre, SKU o código)" : "Search or scan a product (name, SKU or code)").fill("Arroz");
      await page.getByLabel(lang === "es" ? "Buscar o escanear producto (nombre, SKU o código)" : "Search or scan a product (name, SKU or code)").press("Enter");
      await expect(page.getByTestId("po-line")).toHaveCount(1);
      await page.screenshot({ path: `test-results/purchasing-form-${lang}-${width}.png`, fullPage: true });
    }
  }
  await page.evaluate(() => localStorage.setItem("language", "es"));
}
