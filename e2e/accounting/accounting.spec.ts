import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations, settle } from "../a11y/axe";
import { bareUrl, browserFetch, uniqueSuffix } from "../helpers-extra";
import { signIn, tenantUrl } from "../support";

/**
 * Issue 14 (accounting screens): a new business initializes accounting from the setup card; an
 * unbalanced entry cannot be saved, a balanced one is saved and posted; it shows in the list, the
 * trial balance (difference 0.00) and the account detail; it is cancelled by a reversal; a closed
 * period refuses an entry dated in it, and the owner reopens it with a reason.
 *
 * Runs on its own tenant (registered here) so the demo tenant's state never matters.
 */
async function registerBusiness(page: Page) {
  const id = uniqueSuffix();
  const b = { businessName: `Ferretería Contable ${id}`, subdomain: `conta${id}`, ownerName: `Contadora ${id}`, email: `conta.${id}@example.do`, password: "prueba2026" };
  await page.goto(bareUrl("/auth/register?trial=true"));
  const res = await browserFetch(page, "/api/trpc/onboarding.register", { method: "POST", body: { json: { ...b, taxId: "131246796", product: "pos" } } });
  expect(res.status, res.body).toBe(200);
  await signIn(page, b.email, b.password, b.subdomain);
  return b;
}

const today = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/Santo_Domingo" });

async function pickAccount(page: Page, line: number, query: string, name: string) {
  const input = page.locator(`#line-${line}-account`);
  await input.click();
  await input.fill(query);
  await expect(page.getByRole("option", { name: new RegExp(name) }).first()).toBeVisible();
  await input.press("Enter");
  await expect(input).toHaveValue(new RegExp(name));
}

async function noSidewaysScroll(page: Page, what: string) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(over, `${what} scrolls sideways`).toBeLessThanOrEqual(1);
}

test("accounting: initialize, balanced entry, trial balance, account detail, reversal, closed period", async ({ page }) => {
  test.setTimeout(480_000);
  const b = await registerBusiness(page);
  const sub = b.subdomain;

  // Not initialized: the setup card, here and in place of any other accounting page.
  await page.getByTestId("sidebar").getByRole("link", { name: "Contabilidad" }).click();
  await expect(page).toHaveURL(/\/home\/accounting$/);
  const setup = page.getByTestId("accounting-setup");
  await expect(setup).toContainText("catálogo de cuentas estándar dominicano");
  await expect(setup).toContainText("ITBIS 18 %, 16 % y exento");
  await page.goto(tenantUrl("/home/accounting/entries", sub));
  await expect(page.getByTestId("accounting-setup")).toBeVisible();
  await page.getByTestId("accounting-initialize").click();
  await expect(page.getByTestId("entry-search")).toBeVisible();
  await page.goto(tenantUrl("/home/accounting", sub));
  await expect(page.getByTestId("accounting-index")).toBeVisible();
  await expect(page.getByTestId("accounting-link-equityChanges")).toContainText("En desarrollo");
  await expect(page.getByTestId("accounting-link-dgii")).toHaveAttribute("href", "/home/accounting/dgii");

  // A new entry: unbalanced cannot be saved.
  await page.getByTestId("accounting-link-entries").click();
  await page.getByTestId("new-entry").click();
  await expect(page.getByTestId("entry-form-number")).toHaveText("El número se asigna al guardar");
  await page.locator("#entry-description").fill("Aporte de capital inicial");
  await page.getByLabel("Referencia").fill("ACTA-001");
  await pickAccount(page, 0, "110101", "Caja general");
  await page.locator("#line-0-debit").fill("1500");
  await pickAccount(page, 1, "capital", "Capital suscrito");
  await page.locator("#line-1-credit").fill("1400");
  await expect(page.getByTestId("entry-difference")).toHaveText("RD$100.00");
  await expect(page.getByTestId("entry-unbalanced")).toHaveText("El asiento no está cuadrado: los débitos deben ser iguales a los créditos");
  await expect(page.getByTestId("entry-save")).toBeDisabled();
  await expect(page.getByTestId("entry-save-post")).toBeDisabled();
  // Ctrl+S does nothing while it does not balance.
  await page.keyboard.press("Control+s");
  await expect(page).toHaveURL(/\/entries\/new$/);

  // Balanced; Enter in the last credit adds a line (left empty, it is not saved).
  await page.locator("#line-1-credit").fill("1500");
  await page.locator("#line-1-credit").press("Enter");
  await expect(page.getByTestId("entry-line")).toHaveCount(3);
  await expect(page.locator("#line-2-account")).toBeFocused();
  await expect(page.getByTestId("entry-difference")).toHaveText("RD$0.00");
  await expect(page.getByTestId("entry-total-debit")).toHaveText("RD$1,500.00");
  await page.getByTestId("entry-save-post").click();
  await expect(page).toHaveURL(/\/home\/accounting\/entries\/[0-9a-f-]{36}$/);
  const entryUrl = page.url();
  await expect(page.getByTestId("entry-title")).toHaveText("Asiento AS-000001");
  await expect(page.getByTestId("entry-status")).toHaveText("Asentado");
  await expect(page.getByTestId("entry-detail-line")).toHaveCount(2);
  await expect(page.getByTestId("entry-detail-debit")).toHaveText("RD$1,500.00");

  // In the list.
  await page.goto(tenantUrl("/home/accounting/entries", sub));
  const row = page.getByTestId("entry-row").filter({ hasText: "AS-000001" });
  await expect(row).toContainText("Aporte de capital inicial");
  await expect(row.getByTestId("entry-status")).toHaveText("Asentado");
  await expect(row.getByTestId("entry-total")).toHaveText("RD$1,500.00");

  // Trial balance: both accounts, totals, difference 0.00.
  await page.goto(tenantUrl("/home/accounting/balances/trial", sub));
  await expect(page.getByTestId("trial-row")).toHaveCount(2);
  await expect(page.getByTestId("trial-balance-totals").locator('[data-col="debit"]')).toHaveText("RD$1,500.00");
  await expect(page.getByTestId("trial-balance-totals").locator('[data-col="credit"]')).toHaveText("RD$1,500.00");
  await expect(page.getByTestId("trial-difference")).toHaveText("RD$0.00");
  await expect(page.getByRole("button", { name: "Exportar" })).toBeEnabled();

  // Account detail of Caja general, from the trial balance; its line links to the entry.
  await page.getByTestId("trial-row").filter({ hasText: "Caja general" }).getByRole("link").click();
  await expect(page).toHaveURL(/\/balances\/account\?account=/);
  await expect(page.getByTestId("detail-row")).toHaveCount(1);
  await expect(page.getByTestId("detail-row")).toContainText("AS-000001");
  await expect(page.getByTestId("detail-closing")).toHaveText("RD$1,500.00");
  await page.getByTestId("detail-row").getByRole("link").click();
  await expect(page).toHaveURL(entryUrl);

  // Cancel it: a reversal is posted and linked.
  await page.getByTestId("entry-cancel").click();
  await page.getByTestId("entry-cancel-dialog").getByLabel("Motivo (opcional)").fill("Monto equivocado");
  await page.getByTestId("entry-cancel-confirm").click();
  await expect(page.getByTestId("entry-status")).toHaveText("Anulado");
  await expect(page.getByTestId("entry-cancel")).toHaveCount(0);
  await page.getByTestId("entry-reversal-link").click();
  await expect(page.getByTestId("entry-title")).toHaveText("Asiento AS-000001-R");
  await expect(page.getByTestId("entry-source")).toHaveText("Reverso");
  await expect(page.getByTestId("entry-reversal-of")).toBeVisible();
  await page.goto(tenantUrl("/home/accounting/balances/trial", sub));
  await expect(page.getByTestId("trial-balance-totals").locator('[data-col="debit"]')).toHaveText("RD$3,000.00");
  await expect(page.getByTestId("trial-difference")).toHaveText("RD$0.00");

  // Close this month's period: an entry dated in it is refused.
  const month = today().slice(0, 7);
  await page.goto(tenantUrl("/home/accounting/periods", sub));
  const period = page.locator(`[data-testid="period-row"][data-period="${month}"]`);
  await expect(period.getByTestId("period-status")).toHaveText("Abierto");
  await period.getByTestId("period-close").click();
  await expect(page.getByTestId("period-close-dialog")).toContainText("no acepta asientos nuevos");
  await page.getByTestId("period-close-confirm").click();
  await expect(period.getByTestId("period-status")).toHaveText("Cerrado");

  await page.goto(tenantUrl("/home/accounting/entries/new", sub));
  await page.locator("#entry-description").fill("Compra de mobiliario");
  await pickAccount(page, 0, "1201", "Propiedad, planta");
  await page.locator("#line-0-debit").fill("800");
  await pickAccount(page, 1, "110103", "Bancos");
  await page.locator("#line-1-credit").fill("800");
  await page.getByTestId("entry-save-post").click();
  await expect(page.getByTestId("entry-server-error")).toContainText("está cerrado");
  await expect(page).toHaveURL(/\/entries\/new$/);

  // The owner reopens it with a (required) reason; then the same entry posts.
  await page.goto(tenantUrl("/home/accounting/periods", sub));
  await period.getByTestId("period-reopen").click();
  const reopen = page.getByTestId("period-reopen-dialog");
  await reopen.getByTestId("period-reopen-confirm").click();
  await expect(reopen.getByText("Indique el motivo")).toBeVisible();
  await reopen.getByLabel("Motivo").fill("Ajuste de mobiliario no registrado");
  await reopen.getByTestId("period-reopen-confirm").click();
  await expect(reopen).toHaveCount(0);
  await expect(period.getByTestId("period-status")).toHaveText("Abierto");
  await expect(period).toContainText("Ajuste de mobiliario no registrado");

  // The refused entry again, kept as a draft with Ctrl+S; edited (its number shown); posted from its page.
  await page.goto(tenantUrl("/home/accounting/entries/new", sub));
  await page.locator("#entry-description").fill("Compra de mobiliario");
  await pickAccount(page, 0, "1201", "Propiedad, planta");
  await page.locator("#line-0-debit").fill("800");
  await pickAccount(page, 1, "110103", "Bancos");
  await page.locator("#line-1-credit").fill("800");
  await page.keyboard.press("Control+s");
  await expect(page.getByTestId("entry-title")).toHaveText("Asiento AS-000002");
  await expect(page.getByTestId("entry-status")).toHaveText("Borrador");
  await page.getByTestId("entry-edit").click();
  await expect(page.getByTestId("entry-form-number")).toHaveText("Número AS-000002");
  await page.locator("#line-0-debit").fill("850");
  await page.locator("#line-1-credit").fill("850");
  await page.getByTestId("entry-save").click();
  await expect(page.getByTestId("entry-detail-debit")).toHaveText("RD$850.00");
  await page.getByTestId("entry-post").click();
  await expect(page.getByTestId("entry-status")).toHaveText("Asentado");
  await expect(page.getByTestId("entry-cancel")).toBeVisible();
  await expect(page.getByTestId("entry-delete")).toHaveCount(0);

  // A draft is deleted (asked once), not cancelled.
  await page.goto(tenantUrl("/home/accounting/entries/new", sub));
  await page.locator("#entry-description").fill("Borrador de prueba");
  await pickAccount(page, 0, "6102", "Gastos generales");
  await page.locator("#line-0-debit").fill("10");
  await pickAccount(page, 1, "110102", "Caja chica");
  await page.locator("#line-1-credit").fill("10");
  await page.getByTestId("entry-save").click();
  await expect(page.getByTestId("entry-status")).toHaveText("Borrador");
  await page.getByTestId("entry-delete").click();
  await page.getByTestId("entry-delete-confirm").click();
  await expect(page).toHaveURL(/\/home\/accounting\/entries$/);
  await expect(page.getByTestId("entry-row").filter({ hasText: "Borrador de prueba" })).toHaveCount(0);
  await expect(page.getByTestId("entry-row")).toHaveCount(3);

  await screens(page, sub, entryUrl);
});

/** Every accounting screen at 390, 768 and 1366 px (screenshots at 390 and 1366) in Spanish and English: no sideways scroll, screenshots, and axe on the wide Spanish ones. */
async function screens(page: Page, sub: string, entryUrl: string) {
  const routes: [string, string, string][] = [
    ["index", "/home/accounting", "accounting-index"],
    ["entries", "/home/accounting/entries", "entry-row"],
    ["entry-form", "/home/accounting/entries/new", "entry-line"],
    ["entry", new URL(entryUrl).pathname, "entry-detail-line"],
    ["accounts", "/home/accounting/accounts", "account-row"],
    ["general-balance", "/home/accounting/balances/general", "general-row"],
    ["trial-balance", "/home/accounting/balances/trial", "trial-row"],
    ["income-statement", "/home/accounting/statements/income?compare=1", "income-statement"],
    ["balance-sheet", "/home/accounting/statements/balance-sheet", "balance-equation"],
    ["cash-flow", "/home/accounting/statements/cash-flow", "flow-net"],
    ["equity", "/home/accounting/statements/equity", "equity-in-development"],
    ["taxes", "/home/accounting/taxes", "tax-row"],
    ["periods", "/home/accounting/periods", "period-row"],
    ["settings", "/home/accounting/settings", "mapping-row"],
  ];
  for (const lang of ["es", "en"] as const) {
    await page.evaluate((l) => localStorage.setItem("language", l), lang);
    for (const width of [1366, 768, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : width === 768 ? 1024 : 900 });
      for (const [name, path, ready] of routes) {
        await test.step(`${name} ${lang} ${width}`, async () => {
          await page.goto(tenantUrl(path, sub));
          await expect(page.getByTestId(ready).first()).toBeVisible();
          await settle(page);
          await noSidewaysScroll(page, `${path} at ${width}px (${lang})`);
          if (width !== 768) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR ?? "test-results"}/accounting-${name}-${lang}-${width}.png`, fullPage: true });
          if (width === 1366) await expectNoSeriousViolations(page, `${path} (${lang})`);
        });
      }
    }
  }
  await page.evaluate(() => localStorage.setItem("language", "es"));
}
