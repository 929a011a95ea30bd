import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { formatMoney } from "../../src/shared/money/format";
import { trpcMutation } from "../catalog-helpers";
import { signIn, tenantUrl } from "../support";

/** The POS search box's label (pos:search) and the panel buttons' labels (posPanels:buttons.*). */
/** The POS search box is labelled by pos:search. */
const SEARCH_LABEL = (JSON.parse(readFileSync(new URL("../../src/shared/i18n/es/pos.json", import.meta.url), "utf8")) as Record<string, unknown>).search as string;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const panelButton = (page: Page, label: string) => page.getByRole("button", { name: new RegExp(`^${escapeRe(label)}(\\s|$)`) });

interface StoredCart {
  items: { product: { id: string; name: string }; quantity: string; total: string; discount: { type: string; value: string; description?: string | null } | null }[];
  customerId: string;
}
const storedCart = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem("pos_cart_state") ?? '{"items":[],"customerId":"default"}') as StoredCart);

async function openEmptyPos(page: Page) {
  await page.goto(tenantUrl("/home/pos"));
  await page.evaluate(() => localStorage.removeItem("pos_cart_state"));
  await page.reload();
  await expect(page.getByLabel(SEARCH_LABEL, { exact: true })).toBeVisible();
}

/** F2 focuses the search; a scanned SKU and Enter adds the product. */
async function scan(page: Page, sku: string, expectedLines: number) {
  await page.keyboard.press("F2");
  const search = page.getByLabel(SEARCH_LABEL, { exact: true });
  await expect(search).toBeFocused();
  await search.fill(sku);
  await search.press("Enter");
  await expect.poll(async () => (await storedCart(page)).items.length).toBe(expectedLines);
}

test("a cashier holds an invoice, finds it in 'Facturas Guardadas' and loads it back (replacing the cart); deleting asks first", async ({ browser }) => {
  expect(SEARCH_LABEL, "pos:search must exist in the pos catalog").toBeTruthy();
  const tag = Date.now().toString(36).toUpperCase();
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, "admin@demo.test");
  const coffee = await trpcMutation<{ id: string }>(admin, "product.create", { name: `Café molido ${tag}`, sku: `HLD-A-${tag}`, price: "118", price2: "118", price3: "118" });
  const sugar = await trpcMutation<{ id: string }>(admin, "product.create", { name: `Azúcar ${tag}`, sku: `HLD-B-${tag}`, price: "50", price2: "50", price3: "50", isTaxable: false });
  await adminContext.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, "cashier@demo.test");
  await openEmptyPos(page);
  await scan(page, `HLD-A-${tag}`, 1);
  await scan(page, `HLD-A-${tag}`, 1);
  await scan(page, `HLD-B-${tag}`, 2);
  const before = await storedCart(page);
  expect(before.items.map((i) => [i.product.id, i.quantity])).toEqual([
    [coffee.id, "2"],
    [sugar.id, "1"],
  ]);
  const cartTotal = before.items.reduce((sum, i) => sum + Math.round(Number(i.total) * 100), 0) / 100;

  // Guardar: the name is required; Enter submits.
  await panelButton(page, "Guardar").click();
  const dialog = page.getByRole("dialog", { name: "Guardar Factura" });
  await expect(dialog).toBeVisible();
  const name = dialog.getByLabel("Nombre de la factura");
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute("placeholder", "Ej: Juan Pérez - Compra pendiente");
  await name.fill("   ");
  await name.press("Enter");
  await expect(dialog.getByRole("alert")).toHaveText("Por favor ingrese un nombre para la factura");
  const heldName = `Juan Pérez - Compra pendiente ${tag}`;
  await name.fill(heldName);
  await name.press("Enter");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText("Factura guardada", { exact: true })).toBeVisible();
  await expect.poll(() => storedCart(page)).toMatchObject({ items: [], customerId: "default" });

  // The held list: name, customer 'Contado', item count and total.
  await panelButton(page, "Facturas guardadas").click();
  const sheet = page.getByRole("dialog", { name: "Facturas Guardadas" });
  await expect(sheet).toBeVisible();
  const entry = sheet.getByTestId("held-invoice").filter({ hasText: heldName });
  await expect(entry).toHaveCount(1);
  await expect(entry.getByTestId("held-invoice-customer")).toHaveText("Contado");
  await expect(entry.getByTestId("held-invoice-items")).toHaveText("3 artículos");
  await expect(entry.getByTestId("held-invoice-total")).toHaveText(formatMoney(cartTotal.toFixed(2)));
  await page.screenshot({ path: "test-results/pos-held-invoices.png" });
  await page.keyboard.press("Escape");
  await expect(sheet).toHaveCount(0);

  // Loading into a cart that has items asks first, then replaces the items.
  await scan(page, `HLD-B-${tag}`, 1);
  await panelButton(page, "Facturas guardadas").click();
  await sheet.getByTestId("held-invoice").filter({ hasText: heldName }).getByRole("button", { name: "Cargar al carrito" }).click();
  const replace = page.getByRole("alertdialog");
  await expect(replace).toContainText("El carrito tiene productos. ¿Desea reemplazarlos con esta factura guardada?");
  await replace.getByRole("button", { name: "Reemplazar" }).click();
  await expect(page.getByText("Factura cargada al carrito", { exact: true })).toBeVisible();
  await expect(sheet).toHaveCount(0);
  await expect
    .poll(async () => (await storedCart(page)).items.map((i) => [i.product.id, i.quantity]))
    .toEqual([
      [coffee.id, "2"],
      [sugar.id, "1"],
    ]);
  expect((await storedCart(page)).customerId).toBe("default");
  await expect(page.getByText(`Café molido ${tag}`).first()).toBeVisible();

  // Loading closed the held copy.
  await panelButton(page, "Facturas guardadas").click();
  await expect(sheet.getByTestId("held-invoice").filter({ hasText: heldName })).toHaveCount(0);
  await page.keyboard.press("Escape");

  // Hold again under another name, then delete it from the list (asked once).
  const second = `Mesa 4 ${tag}`;
  await panelButton(page, "Guardar").click();
  await dialog.getByLabel("Nombre de la factura").fill(second);
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(dialog).toHaveCount(0);
  await panelButton(page, "Facturas guardadas").click();
  await sheet.getByTestId("held-invoice").filter({ hasText: second }).getByRole("button", { name: "Eliminar" }).click();
  const confirm = page.getByRole("alertdialog", { name: "¿Eliminar factura guardada?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Eliminar" }).click();
  await expect(page.getByText("Factura guardada eliminada", { exact: true })).toBeVisible();
  await expect(sheet.getByTestId("held-invoice").filter({ hasText: second })).toHaveCount(0);
  await expect(sheet.getByText("No hay facturas guardadas")).toBeVisible();
  await context.close();
});
