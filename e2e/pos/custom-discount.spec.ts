import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { trpcMutation } from "../catalog-helpers";
import { browserFetch } from "../helpers-extra";
import { signIn, tenantUrl } from "../support";

/** The POS search box is labelled by pos:search. */
const SEARCH_LABEL = (JSON.parse(readFileSync(new URL("../../src/shared/i18n/es/pos.json", import.meta.url), "utf8")) as Record<string, unknown>).search as string;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const panelButton = (page: Page, label: string) => page.getByRole("button", { name: new RegExp(`^${escapeRe(label)}(\\s|$)`) });

interface StoredCart {
  items: { product: { id: string }; quantity: string; total: string; discount: { type: string; value: string; description?: string | null } | null }[];
  discounts: { mode: string; paymentMethodIds: string[]; perProduct: Record<string, string> } | null;
}
const storedCart = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem("pos_cart_state") ?? '{"items":[],"discounts":null}') as StoredCart);

async function openPosWith(page: Page, skus: string[]) {
  await page.goto(tenantUrl("/home/pos"));
  await page.evaluate(() => localStorage.removeItem("pos_cart_state"));
  await page.reload();
  const search = page.getByLabel(SEARCH_LABEL, { exact: true });
  await expect(search).toBeVisible();
  for (const [n, sku] of skus.entries()) {
    await page.keyboard.press("F2");
    await search.fill(sku);
    await search.press("Enter");
    await expect.poll(async () => (await storedCart(page)).items.length).toBe(n + 1);
  }
}

test("a cashier asks for a custom discount code, the administrator reads it in the outbox, the cashier enters it and applies 10 %", async ({ browser }) => {
  expect(SEARCH_LABEL, "pos:search must exist in the pos catalog").toBeTruthy();
  const tag = Date.now().toString(36).toUpperCase();
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, "admin@demo.test");
  const rice = await trpcMutation<{ id: string }>(admin, "product.create", { name: `Arroz selecto ${tag}`, sku: `CUS-A-${tag}`, price: "118", price2: "118", price3: "118" });
  const oil = await trpcMutation<{ id: string }>(admin, "product.create", { name: `Aceite ${tag}`, sku: `CUS-B-${tag}`, price: "200", price2: "200", price3: "200", isTaxable: false });

  const cashierContext = await browser.newContext();
  const cashier = await cashierContext.newPage();
  await signIn(cashier, "cashier@demo.test");
  await openPosWith(cashier, [`CUS-A-${tag}`, `CUS-B-${tag}`]);

  await panelButton(cashier, "Descuentos").click();
  const sheet = cashier.getByRole("dialog", { name: "Métodos de pago y descuentos" });
  await expect(sheet).toBeVisible();
  await sheet.getByRole("tab", { name: "Personalizado" }).click();
  await expect(sheet.getByRole("tab", { name: "Personalizado" })).toHaveAttribute("aria-selected", "true");
  // Locked until an administrator's code is verified.
  await expect(sheet.getByLabel("Descuento global (%)")).toHaveCount(0);
  await expect(sheet.getByRole("button", { name: "Aplicar" })).toBeDisabled();
  await sheet.getByRole("button", { name: "Solicitar código" }).click();
  await expect(cashier.getByText("Código enviado a los administradores", { exact: true })).toBeVisible();
  const codeInput = sheet.getByLabel("Código de verificación");
  await expect(codeInput).toBeFocused();

  // The administrator reads the code in the outbox.
  await admin.goto(tenantUrl("/home/settings/outbox"));
  const row = admin.getByTestId("outbox-row").filter({ hasText: "admin@demo.test" }).filter({ hasText: "Descuento personalizado" }).first();
  await row.click();
  const text = admin.getByTestId("outbox-message").getByTestId("outbox-text");
  await expect(text).toContainText("Ana Pérez solicita su autorización para: Descuento personalizado.");
  const code = /Código: (\d{6})/.exec((await text.textContent()) ?? "")?.[1];
  expect(code).toMatch(/^\d{6}$/);

  // A wrong code is refused; the right one unlocks the custom controls.
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
  await codeInput.fill(wrong);
  await codeInput.press("Enter");
  await expect(cashier.getByText("Código inválido", { exact: true }).first()).toBeVisible();
  await expect(sheet.getByLabel("Descuento global (%)")).toHaveCount(0);
  await codeInput.fill(code!);
  await sheet.getByRole("button", { name: "Verificar" }).click();
  await expect(sheet.getByTestId("custom-discount-verified")).toBeVisible();

  // Values outside 0–100 are ignored; 10 goes to every product.
  const global = sheet.getByLabel("Descuento global (%)");
  await expect(global).toBeFocused();
  await global.fill("150");
  await expect(global).toHaveValue("");
  await global.fill("10");
  await expect(global).toHaveValue("10");
  await expect(sheet.getByTestId("discount-product-value")).toHaveText(["10 %", "10 %"]);
  await expect(sheet.getByRole("slider", { name: `Descuento de Arroz selecto ${tag}` })).toHaveAttribute("max", "100");
  await cashier.screenshot({ path: "test-results/pos-custom-discount.png" });
  await sheet.getByRole("button", { name: "Aplicar" }).click();
  await expect(sheet).toHaveCount(0);
  await expect(cashier.getByText("Descuentos aplicados", { exact: true })).toBeVisible();

  const cart = await storedCart(cashier);
  expect(cart.items.map((i) => [i.product.id, i.discount])).toEqual([
    [rice.id, { type: "percentage_discount", value: "10.00", description: "Descuento Personalizado" }],
    [oil.id, { type: "percentage_discount", value: "10.00", description: "Descuento Personalizado" }],
  ]);
  // 118 (ITBIS included) − 10 % = 106.20; 200 (no ITBIS) − 10 % = 180.00
  expect(cart.items.map((i) => i.total)).toEqual(["106.20", "180.00"]);
  expect(cart.discounts).toMatchObject({ mode: "custom", perProduct: { [rice.id]: "10.00", [oil.id]: "10.00" } });

  // Reopening the panel asks for a new authorization.
  await panelButton(cashier, "Descuentos").click();
  await sheet.getByRole("tab", { name: "Personalizado" }).click();
  await expect(sheet.getByRole("button", { name: "Solicitar código" })).toBeVisible();
  await cashierContext.close();
  await adminContext.close();
});

test("normal discounts: the first payment method is preselected, presets and sliders are capped at the product's maximum; Cancel clears", async ({ page }) => {
  const tag = Date.now().toString(36).toUpperCase();
  await signIn(page, "admin@demo.test");
  const res = await browserFetch(page, "/api/trpc/paymentMethod.getAll");
  const methods = JSON.parse(res.body as string).result.data.json as { id: string; code: string; name: string }[];
  const cash = methods.find((m) => m.code === "CASH")!;
  const card = methods.find((m) => m.code === "CARD")!;
  const first = methods[0]!;
  expect(first.id).toBe(cash.id);
  const soap = await trpcMutation<{ id: string }>(page, "product.create", {
    name: `Jabón ${tag}`,
    sku: `NRM-A-${tag}`,
    price: "100",
    price2: "100",
    price3: "100",
    isTaxable: false,
    maxDiscounts: [
      { paymentMethodId: cash.id, isFullPayment: true, maxDiscountPercent: "20" },
      { paymentMethodId: card.id, isFullPayment: true, maxDiscountPercent: "5" },
    ],
  });
  await trpcMutation(page, "product.create", { name: `Fósforos ${tag}`, sku: `NRM-B-${tag}`, price: "10", price2: "10", price3: "10", isTaxable: false });
  await openPosWith(page, [`NRM-A-${tag}`, `NRM-B-${tag}`]);

  await panelButton(page, "Descuentos").click();
  const sheet = page.getByRole("dialog", { name: "Métodos de pago y descuentos" });
  await expect(sheet.getByRole("tab", { name: "Normal" })).toHaveAttribute("aria-selected", "true");
  await expect(sheet.getByRole("button", { name: cash.name, exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(sheet.getByRole("button", { name: card.name, exact: true })).toHaveAttribute("aria-pressed", "false");
  const soapSlider = sheet.getByRole("slider", { name: `Descuento de Jabón ${tag}` });
  await expect(soapSlider).toHaveAttribute("max", "20");
  await expect(soapSlider).toBeEnabled();
  // No maximum for the matches: no discount allowed.
  await expect(sheet.getByRole("slider", { name: `Descuento de Fósforos ${tag}` })).toBeDisabled();
  await expect(sheet.getByText("Sin descuento permitido")).toBeVisible();

  const values = sheet.getByTestId("discount-product-value");
  await sheet.getByRole("button", { name: "1/3" }).click();
  await expect(values).toHaveText(["6.6 %", "0 %"]);
  await sheet.getByRole("button", { name: "Máx" }).click();
  await expect(values).toHaveText(["20 %", "0 %"]);
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.screenshot({ path: "test-results/pos-normal-discount-768.png" });
  await page.setViewportSize({ width: 1366, height: 768 });
  // The slider moves by 1 and stops at the maximum.
  await soapSlider.focus();
  await page.keyboard.press("ArrowLeft");
  await expect(values.first()).toHaveText("19 %");

  // Card only: the cap becomes 5 %.
  await sheet.getByRole("button", { name: cash.name, exact: true }).click();
  await sheet.getByRole("button", { name: card.name, exact: true }).click();
  await expect(soapSlider).toHaveAttribute("max", "5");
  await expect(values.first()).toHaveText("5 %");
  await sheet.getByRole("button", { name: "Aplicar" }).click();
  await expect(sheet).toHaveCount(0);
  await expect
    .poll(async () => (await storedCart(page)).items.map((i) => i.discount))
    .toEqual([{ type: "percentage_discount", value: "5.00", description: "Descuento Normal" }, null]);
  expect((await storedCart(page)).discounts).toMatchObject({ mode: "normal", paymentMethodIds: [card.id], perProduct: { [soap.id]: "5.00" } });

  // Cancel removes the discounts.
  await panelButton(page, "Descuentos").click();
  await sheet.getByRole("button", { name: "Cancelar" }).click();
  await expect(sheet).toHaveCount(0);
  await expect.poll(async () => (await storedCart(page)).items.map((i) => i.discount)).toEqual([null, null]);
  expect((await storedCart(page)).discounts).toBeNull();
});
