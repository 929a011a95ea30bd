import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { ensureCashboxOpen, trpcMutation } from "../catalog-helpers";
import { browserFetch } from "../helpers-extra";
import { signIn, tenantUrl } from "../support";

/** The POS search box is labelled by pos:search. */
const SEARCH_LABEL = (JSON.parse(readFileSync(new URL("../../src/shared/i18n/es/pos.json", import.meta.url), "utf8")) as Record<string, unknown>).search as string;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const panelButton = (page: Page, label: string) => page.getByRole("button", { name: new RegExp(`^${escapeRe(label)}(\\s|$)`) });

interface StoredCart {
  items: { product: { id: string }; quantity: string; discount: { type: string; value: string } | null }[];
  customerId: string;
}
const storedCart = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem("pos_cart_state") ?? '{"items":[],"customerId":"default"}') as StoredCart);

async function trpcQuery<T>(page: Page, path: string): Promise<T> {
  const res = await browserFetch(page, `/api/trpc/${path}`);
  expect(res.status, res.body as string).toBe(200);
  return JSON.parse(res.body as string).result.data.json as T;
}

/** A product with stock in the main warehouse, and a paid cash sale of it through pos.checkout. */
async function productAndSale(page: Page, tag: string, sku: string) {
  const [warehouse] = await trpcQuery<{ id: string }[]>(page, "warehouse.getAll");
  const methods = await trpcQuery<{ id: string; code: string }[]>(page, "paymentMethod.getAll");
  const [peso] = await trpcQuery<{ id: string }[]>(page, "currency.getActive");
  const cash = methods.find((m) => m.code === "CASH")!;
  const product = await trpcMutation<{ id: string }>(page, "product.create", {
    name: `Queso de hoja ${tag}`,
    sku,
    price: "118",
    price2: "118",
    price3: "118",
    warehouseQuantities: [{ warehouseId: warehouse!.id, initialQuantity: "40" }],
    // the checkout allows the 10 % only up to the product's maximum for cash
    maxDiscounts: [{ paymentMethodId: cash.id, isFullPayment: true, maxDiscountPercent: "10" }],
  });
  const sale = async () =>
    trpcMutation<{ orderId: string; orderNumber: string; ncf: string | null; total: string }>(page, "pos.checkout", {
      clientOrderId: randomUUID(),
      customerId: "default",
      warehouseId: warehouse!.id,
      items: [{ productId: product.id, quantity: "2", discount: { type: "percentage_discount", value: "10" } }],
      payments: [{ paymentMethodId: cash.id, currencyId: peso!.id, amount: "500" }],
    });
  return { product, sale };
}

async function openEmptyPos(page: Page) {
  await page.goto(tenantUrl("/home/pos"));
  await page.evaluate(() => localStorage.removeItem("pos_cart_state"));
  await page.reload();
  await expect(page.getByLabel(SEARCH_LABEL, { exact: true })).toBeVisible();
}

test("an administrator cancels one invoice and cancels-and-recreates another: its products and discount return to the cart on /home/pos", async ({ page }) => {
  expect(SEARCH_LABEL, "pos:search must exist in the pos catalog").toBeTruthy();
  const tag = Date.now().toString(36).toUpperCase();
  await signIn(page, "admin@demo.test");
  await ensureCashboxOpen(page);
  const { product, sale } = await productAndSale(page, tag, `REC-${tag}`);
  const first = await sale();
  const second = await sale();
  // 2 × 118 (ITBIS included) − 10 % = 212.40
  expect(second.total).toBe("212.40");
  const other = await trpcMutation<{ id: string }>(page, "product.create", { name: `Pan sobao ${tag}`, sku: `PAN-${tag}`, price: "25", price2: "25", price3: "25" });

  await openEmptyPos(page);
  // Something already in the cart: cancel-and-recreate replaces it.
  await page.keyboard.press("F2");
  await page.getByLabel(SEARCH_LABEL, { exact: true }).fill(`PAN-${tag}`);
  await page.getByLabel(SEARCH_LABEL, { exact: true }).press("Enter");
  await expect.poll(async () => (await storedCart(page)).items.map((i) => i.product.id)).toEqual([other.id]);

  await panelButton(page, "Recientes").click();
  const sheet = page.getByRole("dialog", { name: "Facturas recientes" });
  await expect(sheet).toBeVisible();
  const entryOf = (n: string) => sheet.locator(`[data-testid="recent-invoice"][data-order-number="${n}"]`);
  const entry = entryOf(second.orderNumber);
  await expect(entry).toContainText(second.ncf ?? "Sin NCF");
  await expect(entry).toContainText("Contado");
  await expect(entry).toContainText("RD$212.40");

  // Detail: lines, ITBIS and totals.
  await entry.getByRole("button", { name: "Ver detalle" }).click();
  const detail = page.getByTestId("invoice-detail");
  await expect(detail).toContainText(`Factura ${second.orderNumber}`);
  await expect(detail.getByTestId("invoice-detail-lines")).toContainText(`Queso de hoja ${tag}`);
  await expect(detail.getByTestId("invoice-detail-totals")).toContainText("RD$212.40");
  await expect(detail).toContainText("Efectivo");
  await expect(detail.getByTestId("invoice-detail-totals")).toContainText("Cambio");
  await expect(detail.getByTestId("invoice-detail-totals")).toContainText("RD$287.60");
  await page.keyboard.press("Escape");
  await expect(detail).toHaveCount(0);

  // Plain cancel of the first invoice.
  await entryOf(first.orderNumber).getByRole("button", { name: "Anular", exact: true }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(`¿Anular la factura ${first.orderNumber}?`);
  // The DGII 608 reason comes first: without it the cancel cannot be confirmed.
  await expect(confirm.getByRole("button", { name: "Anular factura" })).toBeDisabled();
  await expect(confirm.getByLabel("Motivo de anulación (DGII 608)")).toBeFocused();
  await confirm.getByLabel("Motivo de anulación (DGII 608)").selectOption("03");
  await confirm.getByRole("button", { name: "Anular factura" }).click();
  await expect(page.getByText(`Factura ${first.orderNumber} anulada`, { exact: true })).toBeVisible();
  await expect(entryOf(first.orderNumber).getByTestId("recent-invoice-cancelled")).toHaveText("Anulada");
  await expect(entryOf(first.orderNumber).getByRole("button", { name: /Anular/ })).toHaveCount(0);
  await expect(entryOf(first.orderNumber).getByRole("button", { name: "Reimprimir" })).toBeVisible();
  await page.screenshot({ path: "test-results/pos-recent-invoices.png" });

  // Cancel and recreate the second: the panel closes, the user is on /home/pos, the cart has its lines.
  await entryOf(second.orderNumber).getByRole("button", { name: "Anular y recrear" }).click();
  await expect(confirm).toContainText(`¿Anular y recrear la factura ${second.orderNumber}?`);
  await expect(confirm.getByLabel("Motivo de anulación (DGII 608)")).toHaveValue("04");
  await confirm.getByRole("button", { name: "Anular y recrear" }).click();
  await expect(sheet).toHaveCount(0);
  await expect(page).toHaveURL(/\/home\/pos$/);
  await expect(page.getByText(`Factura ${second.orderNumber} anulada`, { exact: true })).toBeVisible();
  await expect
    .poll(async () => (await storedCart(page)).items.map((i) => [i.product.id, i.quantity, i.discount?.type, Number(i.discount?.value)]))
    .toEqual([[product.id, "2", "percentage_discount", 10]]);
  expect((await storedCart(page)).customerId).toBe("default");
  await expect(page.getByText(`Queso de hoja ${tag}`).first()).toBeVisible();

  // Today's list shows both as cancelled, without cancel actions.
  await panelButton(page, "Recientes").click();
  await sheet.getByRole("button", { name: "De hoy" }).click();
  await expect(sheet.getByRole("button", { name: "De hoy" })).toHaveAttribute("aria-pressed", "true");
  for (const n of [first.orderNumber, second.orderNumber]) {
    await expect(entryOf(n).getByTestId("recent-invoice-cancelled")).toBeVisible();
    await expect(entryOf(n).getByRole("button", { name: /Anular/ })).toHaveCount(0);
  }
});

test("a cashier (no pos.cancel_invoice) can reprint and view but sees no cancel actions", async ({ page }) => {
  const tag = Date.now().toString(36).toUpperCase();
  await signIn(page, "admin@demo.test");
  await ensureCashboxOpen(page);
  const { sale } = await productAndSale(page, tag, `CSH-${tag}`);
  const invoice = await sale();
  await page.context().clearCookies();
  await signIn(page, "cashier@demo.test");
  await ensureCashboxOpen(page);
  await openEmptyPos(page);
  await panelButton(page, "Recientes").click();
  const entry = page.locator(`[data-testid="recent-invoice"][data-order-number="${invoice.orderNumber}"]`);
  await expect(entry).toBeVisible();
  await expect(entry.getByRole("button", { name: "Reimprimir" })).toBeVisible();
  await expect(entry.getByRole("button", { name: "Ver detalle" })).toBeVisible();
  await expect(entry.getByRole("button", { name: /Anular/ })).toHaveCount(0);
});

test("quick commands: 000 lists the POS commands (arrows and Enter pick one); an unknown code says 'Comando no encontrado'", async ({ page }) => {
  await signIn(page, "cashier@demo.test");
  await ensureCashboxOpen(page);
  await openEmptyPos(page);
  await panelButton(page, "Comandos").click();
  const dialog = page.getByRole("dialog", { name: "Comandos rápidos" });
  const code = dialog.getByLabel("Código del comando");
  await expect(code).toBeFocused();
  await code.fill("999");
  await code.press("Enter");
  await expect(page.getByText("Comando no encontrado", { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();

  await code.fill("000");
  await code.press("Enter");
  const list = dialog.getByRole("listbox", { name: "Comandos disponibles" });
  await expect(list.getByRole("option")).toHaveText([/^030\s*Devoluciones$/, /^031\s*Última transacción de tarjeta$/]);
  await expect(list.getByRole("option").first()).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(list.getByRole("option").nth(1)).toHaveAttribute("aria-selected", "true");
  await expect(list.getByRole("option").nth(1)).toBeFocused();
  await page.keyboard.press("ArrowUp");
  // 030 (returns) runs what the POS registered for it and the dialog closes.
  await page.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);
});
