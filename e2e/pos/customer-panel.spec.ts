import { expect, test } from "@playwright/test";
import { ensureCashboxOpen, trpcQuery } from "../catalog-helpers";
import { signIn, tenantUrl } from "../support";

test("create a customer from the POS panel with the keyboard only, then sell to them", async ({ page }) => {
  const name = `Rosa Jiménez ${Date.now().toString(36)}`;
  await signIn(page, "cashier@demo.test");
  await ensureCashboxOpen(page);
  await page.goto(tenantUrl("/home/pos"));
  await page.evaluate(() => localStorage.removeItem("pos_cart_state"));
  await page.reload();
  const search = page.getByLabel("Buscar producto", { exact: true });
  await expect(search).toBeFocused();
  await search.pressSequentially("LECHE-1L");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("cart-line")).toHaveCount(1);

  // F6: the customer panel, its search box focused.
  await page.keyboard.press("F6");
  const panel = page.getByTestId("customer-search-panel");
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel("Nombre, RNC/cédula o teléfono")).toBeFocused();
  await expect(panel.getByText("Clientes recientes")).toBeVisible();
  // Tab to 'Crear nuevo cliente', Enter: the inline form with the name focused.
  await page.keyboard.press("Tab");
  await expect(panel.getByRole("button", { name: "Crear nuevo cliente" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(panel.getByLabel("Nombre")).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press("Tab");
  await page.keyboard.type("224-0002211-1");
  await page.keyboard.press("Tab");
  await page.keyboard.type("809-555-0199");
  await page.keyboard.press("Tab");
  await page.keyboard.type("rosa.jimenez@example.do");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Calle Duarte 12, Santiago");
  await page.keyboard.press("Enter");

  // Created and selected: the panel closes and the order shows the customer.
  await expect(panel).toHaveCount(0);
  await expect(page.getByRole("button", { name: new RegExp(`Cliente: ${name}`) })).toBeVisible();

  // Pay with the keyboard: F9, Enter confirms; the receipt carries the customer's name.
  await page.keyboard.press("F9");
  const pay = page.getByRole("dialog", { name: "Cobrar" });
  await expect(pay.getByText(`Cliente: ${name}`)).toBeVisible();
  await expect(pay.getByLabel("Próximo NCF")).toHaveValue(/^B02\d{8}$/);
  // RD$200 handed over in cash: the history shows what the invoice took and the change apart.
  await pay.getByLabel("Monto").first().fill("200");
  const total = (await pay.getByTestId("checkout-total").innerText()).trim();
  const change = (await pay.getByTestId("checkout-change").innerText()).trim();
  await page.keyboard.press("Enter");
  const done = page.getByRole("dialog", { name: "Orden Completada" });
  await expect(done).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(done).toHaveCount(0);

  // The customer is now among the recent ones.
  await page.keyboard.press("F6");
  await expect(page.getByTestId("customer-search-panel").getByText(name)).toBeVisible();
  await page.keyboard.press("Escape");

  const [customer] = await trpcQuery<{ id: string }[]>(page, "customer.search", { query: name });
  await page.goto(tenantUrl(`/home/customers/${customer!.id}`));
  const row = page.getByTestId("history-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("RD$200.00");
  await expect(row.getByTestId("history-applied")).toHaveText(`Aplicado ${total} · Cambio ${change}`);
});
