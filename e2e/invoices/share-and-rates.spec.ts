import { expect, type Page, test } from "@playwright/test";
import { ensureCashboxOpen, trpcMutation } from "../catalog-helpers";
import { browserFetch } from "../helpers-extra";
import { signIn, tenantUrl } from "../support";

/** One Arroz (RD$420) at the POS, paid with the given rows, to the cash customer; returns the NCF. */
async function sellOneRice(page: Page, pay: (dialog: ReturnType<Page["getByRole"]>) => Promise<void>): Promise<string> {
  await page.goto(tenantUrl("/home/pos"));
  await page.evaluate(() => localStorage.removeItem("pos_cart_state"));
  await page.reload();
  await page.keyboard.press("F2");
  const search = page.getByLabel("Buscar producto", { exact: true });
  await search.fill("Arroz");
  await search.press("Enter");
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await page.keyboard.press("F9");
  const dialog = page.getByRole("dialog", { name: "Cobrar" });
  await pay(dialog);
  await dialog.getByRole("button", { name: /Confirmar pago/ }).click();
  const done = page.getByRole("dialog", { name: "Orden Completada" });
  await expect(done).toBeVisible();
  const ncf = (await done.textContent())!.match(/B\d{10}/)![0];
  await page.keyboard.press("Escape");
  return ncf;
}

async function openInvoice(page: Page, ncf: string) {
  await page.goto(tenantUrl(`/home/invoices?q=${ncf}`));
  await page.getByTestId("invoice-row").first().click();
  const detail = page.getByTestId("invoice-detail");
  await expect(detail.getByTestId("invoice-ncf")).toContainText(ncf);
  return detail;
}

test("change the USD rate: an invoice paid in dollars before keeps its rate; a card cannot take dollars", async ({ page }) => {
  await signIn(page, "owner@demo.test");
  await ensureCashboxOpen(page);
  const res = await browserFetch(page, "/api/trpc/currency.getActive");
  const currencies = JSON.parse(res.body as string).result.data.json as { id: string; code: string; rate: string }[];
  const usd = currencies.find((c) => c.code === "USD")!;
  const oldRate = Number(usd.rate).toFixed(2);

  const ncf = await sellOneRice(page, async (dialog) => {
    // a card is taken in pesos only: the currency is fixed to DOP
    await dialog.getByLabel("Método de pago").selectOption({ label: "Tarjeta" });
    await expect(dialog.getByLabel("Moneda")).toBeDisabled();
    await dialog.getByLabel("Método de pago").selectOption({ label: "Efectivo" });
    await dialog.getByLabel("Moneda").selectOption("USD");
    await dialog.getByLabel("Monto").fill("10");
  });
  let detail = await openInvoice(page, ncf);
  await expect(detail.getByTestId("invoice-payment-rate")).toContainText(`Tasa USD: RD$${oldRate}`);
  const before = (await detail.getByTestId("invoice-payment").textContent())!;

  // The owner changes the dollar's rate today.
  const newRate = (Number(usd.rate) + 1.5).toFixed(2);
  await trpcMutation(page, "currency.setRate", { currencyId: usd.id, rate: newRate });

  // The earlier invoice still shows the rate it used and the same amounts.
  detail = await openInvoice(page, ncf);
  await expect(detail.getByTestId("invoice-payment-rate")).toContainText(`Tasa USD: RD$${oldRate}`);
  expect(await detail.getByTestId("invoice-payment").textContent()).toBe(before);

  // A new sale converts at the new rate.
  const ncf2 = await sellOneRice(page, async (dialog) => {
    await dialog.getByLabel("Moneda").selectOption("USD");
    await dialog.getByLabel("Monto").fill("10");
  });
  detail = await openInvoice(page, ncf2);
  await expect(detail.getByTestId("invoice-payment-rate")).toContainText(`Tasa USD: RD$${newRate}`);
});

test("share an invoice: copy its public link, open it signed out, download the PDF, revoke it", async ({ page, browser }) => {
  await signIn(page, "owner@demo.test");
  await ensureCashboxOpen(page);
  const ncf = await sellOneRice(page, async () => {});
  const detail = await openInvoice(page, ncf);
  await detail.getByTestId("share-invoice").click();
  const dialog = page.getByTestId("invoice-share-dialog");
  await expect(dialog.getByTestId("share-no-link")).toBeVisible();
  await dialog.getByTestId("share-copy-link").click();
  const url = await dialog.getByTestId("share-link-url").inputValue();
  expect(url).toMatch(/\/i\/[A-Za-z0-9_-]{20,}$/);

  // Someone without a session opens the link: the invoice, read-only, with its PDF.
  const visitor = await browser.newContext({ locale: "es-DO" });
  const guest = await visitor.newPage();
  await guest.goto(url);
  await expect(guest.getByTestId("public-invoice-ncf")).toHaveText(ncf);
  await expect(guest.getByTestId("public-invoice-total")).toContainText("420.00");
  const download = guest.waitForEvent("download");
  await guest.getByTestId("public-download-letter").click();
  expect((await download).suggestedFilename()).toMatch(/^factura-FAC-\d+\.pdf$/);

  // Revoked, the same link shows 'not available'.
  await dialog.getByTestId("share-revoke-link").click();
  await dialog.getByTestId("share-revoke-confirm").click();
  await expect(dialog.getByTestId("share-no-link")).toBeVisible();
  await guest.reload();
  await expect(guest.getByTestId("public-invoice-not-found")).toBeVisible();
  await visitor.close();
});
