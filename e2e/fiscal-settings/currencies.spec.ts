import { expect, test } from "@playwright/test";
import { trpcMutation } from "../catalog-helpers";
import { signIn, tenantUrl } from "../support";

/** Today in Santo Domingo as the screens show it (dd/MM/yyyy) and as the API takes it (yyyy-MM-dd). */
function today() {
  const iso = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Santo_Domingo", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const [y, m, d] = iso.split("-");
  return { iso, shown: `${d}/${m}/${y}` };
}

test("an owner changes the USD rate in Settings > Monedas and sees it in the rate history", async ({ page }) => {
  const { iso, shown } = today();
  await signIn(page, "owner@demo.test");
  await page.goto(tenantUrl("/home/settings"));
  await page.getByRole("link", { name: "Monedas", exact: true }).click();
  await expect(page).toHaveURL(/\/home\/settings\/currencies$/);

  // The peso is the default (worth 1); the dollar has the demo's rate.
  const dop = page.locator('[data-testid="currency-row"][data-code="DOP"]');
  await expect(dop.getByTestId("currency-rate")).toHaveText("1.00");
  await expect(dop).toContainText("Predeterminado");
  const usd = page.locator('[data-testid="currency-row"][data-code="USD"]');
  await expect(usd.getByTestId("currency-rate")).toHaveText("63.25");

  // 'Tasa e historial de USD': the rate in force and today's row of the history.
  await usd.getByRole("button", { name: "Tasa e historial de USD" }).click();
  const sheet = page.getByTestId("rate-sheet");
  await expect(sheet.getByRole("heading", { name: "Tasa de USD" })).toBeVisible();
  await expect(sheet.getByTestId("rate-in-force")).toHaveText("RD$63.25");
  await expect(sheet.getByLabel("Vigente desde")).toHaveValue(iso);

  // A rate of zero is refused under the field; 64.10 from today is applied at once.
  await sheet.getByLabel("Nueva tasa").fill("0");
  await sheet.getByTestId("save-rate").click();
  await expect(sheet.getByText("Ingrese una tasa mayor que cero (hasta 6 decimales)")).toBeVisible();
  await sheet.getByLabel("Nueva tasa").fill("64.10");
  await sheet.getByTestId("save-rate").click();
  await expect(page.getByText("Tasa de USD actualizada", { exact: true })).toBeVisible();
  await expect(sheet.getByTestId("rate-in-force")).toHaveText("RD$64.10");
  const latest = sheet.getByTestId("rate-history-row").first();
  await expect(latest).toHaveAttribute("data-date", iso);
  await expect(latest).toContainText(shown);
  await expect(latest).toContainText("64.10");
  await expect(latest).toContainText("Vigente");
  await expect(latest).toContainText("María Rodríguez");
  await page.screenshot({ path: "test-results/fiscal-settings-currency-rate.png" });

  // A rate from a later date is scheduled: listed first, the one in force stays.
  await sheet.getByLabel("Nueva tasa").fill("65");
  const future = new Date(Date.now() + 3 * 86_400_000);
  const futureIso = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Santo_Domingo", year: "numeric", month: "2-digit", day: "2-digit" }).format(future);
  await sheet.getByLabel("Vigente desde").fill(futureIso);
  await sheet.getByTestId("save-rate").click();
  await expect(sheet.getByTestId("rate-history-row").first()).toContainText("Programada");
  await expect(sheet.getByTestId("rate-in-force")).toHaveText("RD$64.10");

  // Back on the list, the dollar shows the new rate (and the scheduled one).
  await sheet.getByRole("button", { name: "Cerrar" }).click();
  await expect(sheet).toHaveCount(0);
  await expect(usd.getByTestId("currency-rate")).toHaveText("64.10");
  await expect(usd).toContainText("65.00");
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.screenshot({ path: "test-results/fiscal-settings-currencies-768.png", fullPage: true });

  // Leave the demo's rate as other flows expect it (today's row is replaced).
  await trpcMutation(page, "currency.setRate", { currencyId: await usd.getAttribute("data-id"), rate: "63.25" });
});
