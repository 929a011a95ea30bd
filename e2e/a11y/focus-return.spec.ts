import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { closeOwnCashbox, ensureCashboxOpen, trpcMutation, trpcQuery } from "../catalog-helpers";
import { signIn, tenantUrl } from "../support";
import { clickButton, expectFocusReturns, pressEscape } from "./focus";

/**
 * Issue 21 §3: every dialog, sheet and menu outside the POS gives the focus back to the control
 * that opened it, closed with Escape or with its own Cancel/Close; the phone menu is a dialog;
 * a skip link leads to the content; the sidebar starts collapsed on a tablet.
 */

test.beforeEach(async ({ page }) => {
  await signIn(page, "owner@demo.test");
});

/** Opens a screen and waits until its data has drawn (no skeleton rows). */
async function openScreen(page: Page, route: string) {
  await page.goto(tenantUrl(route));
  await expect(page.locator("main")).toBeVisible();
  await expect(page.locator(".animate-pulse")).toHaveCount(0);
}

/** A sale on credit of one Arroz to Supermercado Bravo: an invoice that can be shared, paid, returned and cancelled. */
async function creditInvoice(page: Page): Promise<string> {
  await ensureCashboxOpen(page);
  const [warehouse] = await trpcQuery<{ id: string }[]>(page, "warehouse.getAll");
  const rice = (await trpcQuery<{ data: { id: string }[] }>(page, "product.searchProducts", { search: "Arroz", limit: 1 })).data[0]!.id;
  const customerId = (await trpcQuery<{ data: { id: string }[] }>(page, "customer.getAll", { search: "Bravo", page: 1, pageSize: 1 })).data[0]!.id;
  const credit = (await trpcQuery<{ id: string; code: string }[]>(page, "paymentMethod.getAll")).find((m) => m.code === "CREDIT")!.id;
  const dop = (await trpcQuery<{ id: string; code: string }[]>(page, "currency.getActive")).find((c) => c.code === "DOP")!.id;
  const sale = await trpcMutation<{ orderId: string }>(page, "pos.checkout", {
    clientOrderId: randomUUID(),
    customerId,
    warehouseId: warehouse!.id,
    items: [{ productId: rice, quantity: "1" }],
    payments: [{ paymentMethodId: credit, currencyId: dop, amount: "420" }],
  });
  await closeOwnCashbox(page);
  return sale.orderId;
}

test.describe("the shell", () => {
  test("Tab from the top of a page reaches the skip link first; Enter moves the focus to the content", async ({ page }) => {
    await openScreen(page, "/home/products");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Saltar al contenido" });
    await expect(skip).toBeFocused();
    // Visible once focused (not the 1 px of a screen-reader-only element).
    const box = await skip.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(40);
    await page.screenshot({ path: "test-results/a11y-skip-link-1366.png" });
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();
    // The next Tab goes on from the content, not from the top of the page.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => !!document.activeElement?.closest("main"))).toBe(true);
  });

  test("at 390 px the menu button opens the menu as a dialog holding the focus; Escape closes it and the focus is back on the button", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openScreen(page, "/home");
    const button = page.getByRole("button", { name: "Abrir menú" });
    await expectFocusReturns(page, button, pressEscape(page));

    // The drawer is announced by name and shows the whole menu (labels, not just icons).
    await button.click();
    const drawer = page.getByRole("dialog", { name: "Menú principal" });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("link", { name: "Productos" })).toBeVisible();
    await page.screenshot({ path: "test-results/a11y-drawer-390.png" });
    // Following a link closes it.
    await drawer.getByRole("link", { name: "Productos" }).click();
    await expect(page).toHaveURL(/\/home\/products$/);
    await expect(drawer).toHaveCount(0);
    // Its close button closes it too, and the focus is back on the menu button.
    await expectFocusReturns(page, button, clickButton("Cerrar"), { open: "click" });
  });

  test("the language and theme menus give the focus back to their button (Escape or a choice)", async ({ page }) => {
    await openScreen(page, "/home");
    const language = page.getByTestId("language-selector");
    const theme = page.getByTestId("theme-selector");
    await expectFocusReturns(page, language, pressEscape(page), { role: "menu" });
    await expectFocusReturns(page, theme, pressEscape(page), { role: "menu" });
    // Choosing from the keyboard: English, then Español again.
    const choose = (name: string) => async (menu: import("@playwright/test").Locator) => {
      await menu.getByRole("menuitemradio", { name, exact: true }).focus();
      await page.keyboard.press("Enter");
    };
    await expectFocusReturns(page, language, choose("English"), { role: "menu" });
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expectFocusReturns(page, language, choose("Español"), { role: "menu" });
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expectFocusReturns(page, theme, choose("Enzzo"), { role: "menu" });
  });

  test("the sidebar starts collapsed under 1024 px when the user has not chosen; their choice wins", async ({ page }) => {
    const aside = page.locator("aside[data-collapsed]");
    await page.evaluate(() => localStorage.removeItem("sidebar_collapsed"));
    await page.setViewportSize({ width: 900, height: 800 });
    await page.reload();
    await expect(aside).toHaveAttribute("data-collapsed", "true");
    await page.screenshot({ path: "test-results/a11y-shell-900.png" });
    // Wide screens start expanded.
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.reload();
    await expect(aside).toHaveAttribute("data-collapsed", "false");
    // Expanding it on the tablet is remembered.
    await page.setViewportSize({ width: 900, height: 800 });
    await page.reload();
    await expect(aside).toHaveAttribute("data-collapsed", "true");
    await page.getByTestId("sidebar-toggle").click();
    await expect(aside).toHaveAttribute("data-collapsed", "false");
    await page.reload();
    await expect(aside).toHaveAttribute("data-collapsed", "false");
    await page.evaluate(() => localStorage.removeItem("sidebar_collapsed"));
  });
});

test.describe("dialogs and sheets give the focus back to their opener", () => {
  test("cash box: open (Escape) and close (Cancelar)", async ({ page }) => {
    await closeOwnCashbox(page);
    await openScreen(page, "/home/cash-box");
    await expectFocusReturns(page, page.getByTestId("open-cashbox"), pressEscape(page));
    await ensureCashboxOpen(page);
    await openScreen(page, "/home/cash-box");
    await expectFocusReturns(page, page.getByTestId("close-cashbox"), clickButton("Cancelar"));
    await closeOwnCashbox(page);
  });

  test("NCF: a new range of B01 (Escape)", async ({ page }) => {
    await openScreen(page, "/home/settings/ncf");
    const b01 = page.locator('[data-testid="ncf-type"][data-code="B01"]');
    await expectFocusReturns(page, b01.getByTestId("new-range"), pressEscape(page));
  });

  test("users: invite a user (Cancelar)", async ({ page }) => {
    await openScreen(page, "/home/settings/users");
    await expectFocusReturns(page, page.getByTestId("new-user"), clickButton("Cancelar"));
  });

  test("currencies: the USD rate and history (Cerrar) and a new currency (Escape)", async ({ page }) => {
    await openScreen(page, "/home/settings/currencies");
    const usd = page.locator('[data-testid="currency-row"][data-code="USD"]');
    await expectFocusReturns(page, usd.getByRole("button", { name: "Tasa e historial de USD" }), clickButton("Cerrar"));
    await expectFocusReturns(page, page.getByTestId("new-currency"), pressEscape(page));
  });

  const SETTINGS_SHEETS = [
    { route: "/home/settings/warehouses", opener: "new-warehouse", close: "Escape" },
    { route: "/home/settings/categories", opener: "new-category", close: "Cancelar" },
    { route: "/home/settings/cash-boxes", opener: "new-cashbox", close: "Escape" },
    { route: "/home/settings/payment-methods", opener: "new-payment-method", close: "Cancelar" },
    { route: "/home/settings/customer-types", opener: "new-customer-type", close: "Escape" },
    { route: "/home/settings/invoice-conditions", opener: "new-invoice-condition", close: "Cancelar" },
    { route: "/home/settings/invoice-types", opener: "new-invoice-type", close: "Escape" },
  ] as const;
  for (const s of SETTINGS_SHEETS) {
    test(`${s.route}: the new-item sheet (${s.close})`, async ({ page }) => {
      await openScreen(page, s.route);
      await expectFocusReturns(page, page.getByTestId(s.opener), s.close === "Escape" ? pressEscape(page) : clickButton(s.close));
    });
  }

  test("a settings table row's edit sheet returns to that row's Editar button", async ({ page }) => {
    await openScreen(page, "/home/settings/warehouses");
    await expectFocusReturns(page, page.getByRole("button", { name: "Editar" }).first(), pressEscape(page));
  });

  test("invoice detail: share, record a payment, return and cancel", async ({ page }) => {
    const id = await creditInvoice(page);
    await openScreen(page, `/home/invoices/${id}`);
    const detail = page.getByTestId("invoice-detail");
    await expectFocusReturns(page, detail.getByTestId("share-invoice"), pressEscape(page));
    await expectFocusReturns(page, detail.getByTestId("record-payment"), clickButton("Cancelar"));
    // The return wizard keeps Escape for its own steps; its close button closes it.
    await expectFocusReturns(page, detail.getByTestId("invoice-return"), clickButton("Cerrar"));
    await expectFocusReturns(page, detail.getByTestId("cancel-invoice"), clickButton("Cancelar"));
  });

  test("a draft invoice: delete (Cancelar)", async ({ page }) => {
    const [warehouse] = await trpcQuery<{ id: string }[]>(page, "warehouse.getAll");
    const rice = (await trpcQuery<{ data: { id: string }[] }>(page, "product.searchProducts", { search: "Arroz", limit: 1 })).data[0]!.id;
    const draft = await trpcMutation<{ id?: string; orderId?: string }>(page, "invoice.saveDraft", {
      clientOrderId: randomUUID(),
      customerId: "default",
      warehouseId: warehouse!.id,
      items: [{ productId: rice, quantity: "1" }],
    });
    await openScreen(page, `/home/invoices/${draft.id ?? draft.orderId}`);
    await expectFocusReturns(page, page.getByTestId("invoice-detail").getByTestId("delete-draft"), clickButton("Cancelar"));
  });

  test("invoice form: the customer search panel and its quick-create (Escape twice)", async ({ page }) => {
    await openScreen(page, "/home/invoices/new");
    await expectFocusReturns(page, page.getByTestId("invoice-customer"), async (panel) => {
      await panel.getByRole("button", { name: "Crear nuevo cliente" }).click();
      await expect(panel.getByRole("heading", { name: "Nuevo cliente" })).toBeVisible();
      // The first Escape cancels the form, the second closes the panel.
      await page.keyboard.press("Escape");
      await expect(panel.getByRole("heading", { name: "Buscar cliente" })).toBeVisible();
      await page.keyboard.press("Escape");
    });
  });

  test("product form: the supplier picker (Escape), a new supplier and a new category (Cancelar)", async ({ page }) => {
    await openScreen(page, "/home/products/new");
    await expectFocusReturns(page, page.getByTestId("product-provider"), pressEscape(page));
    await expectFocusReturns(page, page.getByRole("button", { name: "Nuevo suplidor" }), clickButton("Cancelar"));
    await expectFocusReturns(page, page.getByRole("button", { name: "Nueva categoría" }), pressEscape(page));
  });

  test("products list: import, labels and delete (Cancelar)", async ({ page }) => {
    await openScreen(page, "/home/products");
    await expectFocusReturns(page, page.getByRole("button", { name: "Importar Excel" }), pressEscape(page));
    await expectFocusReturns(page, page.getByRole("button", { name: "Imprimir etiquetas" }), pressEscape(page));
    await expectFocusReturns(page, page.getByTestId("product-row").first().getByRole("button", { name: "Eliminar" }), clickButton("Cancelar"));
  });

  test("customer, supplier and employee: the delete/deactivate confirmations (Cancelar)", async ({ page }) => {
    const customerId = (await trpcQuery<{ data: { id: string }[] }>(page, "customer.getAll", { search: "Carmen", page: 1, pageSize: 1 })).data[0]!.id;
    await openScreen(page, `/home/customers/${customerId}`);
    await expectFocusReturns(page, page.getByTestId("delete-customer"), clickButton("Cancelar"));

    const stamp = Date.now().toString(36).toUpperCase();
    const provider = await trpcMutation<{ id: string }>(page, "provider.create", { code: `FR-${stamp}`, name: `Suplidor foco ${stamp}` });
    await openScreen(page, `/home/providers/${provider.id}`);
    await expectFocusReturns(page, page.getByTestId("deactivate-provider"), clickButton("Cancelar"));

    const name = `Empleado foco ${stamp}`;
    await trpcMutation(page, "employee.create", { name });
    await openScreen(page, `/home/employees?q=${encodeURIComponent(name)}`);
    const row = page.getByTestId("employee-row").filter({ hasText: name });
    await expectFocusReturns(page, row.getByTestId("delete-employee"), clickButton("Cancelar"));
  });

  test("warehouse movement: delete a pending one (Cancelar in its confirmation)", async ({ page }) => {
    const [warehouse] = await trpcQuery<{ id: string }[]>(page, "warehouse.getAll");
    const rice = (await trpcQuery<{ data: { id: string }[] }>(page, "product.searchProducts", { search: "Arroz", limit: 1 })).data[0]!.id;
    // The business's today (America/Santo_Domingo), not UTC's: after 20:00 there they differ.
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/Santo_Domingo" });
    const movement = await trpcMutation<{ id: string }>(page, "warehouseMovement.create", {
      type: "entry",
      warehouseId: warehouse!.id,
      date: today,
      reference: `FOCO-${Date.now().toString(36)}`,
      lines: [{ productId: rice, quantity: "1" }],
    });
    await openScreen(page, `/home/warehouse-movements/${movement.id}`);
    await expectFocusReturns(page, page.getByTestId("delete-movement"), clickButton("Cancelar"));
  });
});
