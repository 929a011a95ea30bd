import { expect, type Page } from "@playwright/test";
import { isValidEan13 } from "../src/shared/catalog/barcode";
import { PORT } from "./support";

/** The address of a path on the bare domain (no tenant): http://localhost:3100/… */
export function bareUrl(path: string): string {
  return `http://localhost:${PORT}${path}`;
}

/** A short, unique, lowercase suffix for subdomains and e-mails. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** The computed value of a CSS custom property on <html>, trimmed. */
export async function htmlCssVar(page: Page, name: string): Promise<string> {
  return page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);
}

/** The computed background colour of <body>. */
export async function bodyBackground(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.body).backgroundColor);
}

/** Picks an option of a dropdown selector (language or theme) by its visible text. */
export async function pickMenuItem(page: Page, triggerTestId: string, itemName: string) {
  await page.getByTestId(triggerTestId).click();
  await page.getByRole("menuitemradio", { name: itemName, exact: true }).click();
  await expect(page.getByRole("menu")).toHaveCount(0);
}

/**
 * An HTTP call made by the browser page itself (same origin, same cookies).
 * Playwright's `page.request` runs in Node, which cannot resolve `*.localhost` hosts here
 * (getaddrinfo ENOTFOUND demo.localhost), so calls to a tenant host go through the page.
 */
export async function browserFetch(page: Page, path: string, init: { method?: string; body?: unknown } = {}) {
  return page.evaluate(
    async ({ path, method, body }) => {
      const res = await fetch(path, {
        method,
        credentials: "include",
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.text() };
    },
    { path, method: init.method ?? "GET", body: init.body },
  );
}

/**
 * Calls tenant.updateConfig from a page on the tenant's host signed in as a user with
 * settings.configuration. Used to restore the shared demo tenant after a test, whatever happened.
 */
export async function updateConfigFromPage(page: Page, patch: Record<string, unknown>) {
  const res = await browserFetch(page, "/api/trpc/tenant.updateConfig", { method: "POST", body: { json: patch } });
  expect(res.status, res.body).toBe(200);
}

/** Signs in from a page already on the tenant's host, without the form. */
export async function signInFromPage(page: Page, email: string, password: string) {
  return browserFetch(page, "/api/auth/sign-in/email", { method: "POST", body: { email, password } });
}

/** At the POS: F6 opens the customer panel, `query` is searched and Enter takes `name` (its first result); the panel closes. */
export async function chooseCustomerAtPos(page: Page, query: string, name: string) {
  await page.keyboard.press("F6");
  const panel = page.getByTestId("customer-search-panel");
  await panel.getByLabel("Nombre, RNC/cédula o teléfono").fill(query);
  await expect(panel.getByText(name)).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(panel).toHaveCount(0);
}

/**
 * Presses F2 on a completed POS order and answers the receipt it prints: with no print service
 * configured the browser prints the 80 mm receipt from a hidden frame, whose srcdoc is caught here.
 */
export async function printReceiptWithF2(page: Page): Promise<string> {
  await page.evaluate(() => {
    const w = window as unknown as { receipts: string[] };
    w.receipts = [];
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) if (n instanceof HTMLIFrameElement) w.receipts.push(n.srcdoc);
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.keyboard.press("F2");
  await expect.poll(() => page.evaluate(() => (window as unknown as { receipts: string[] }).receipts.length)).toBe(1);
  return page.evaluate(() => (window as unknown as { receipts: string[] }).receipts[0]!);
}

/** A demo catalogue barcode: its 12-digit stem and the EAN-13 check digit. */
export function ean13(stem: string): string {
  for (let d = 0; d <= 9; d++) if (isValidEan13(`${stem}${d}`)) return `${stem}${d}`;
  throw new Error(stem);
}

/** Scans a code at the POS: F2 focuses the search, a scanner types the code and Enter in one burst. */
export async function scanAtPos(page: Page, code: string) {
  await page.keyboard.press("F2");
  const search = page.getByLabel("Buscar producto", { exact: true });
  await expect(search).toBeFocused();
  await search.pressSequentially(code, { delay: 5 });
  await search.press("Enter");
}
