import { expect, type Page, test } from "@playwright/test";
import { browserFetch } from "../helpers-extra";
import { signIn, tenantUrl } from "../support";

/**
 * Ends the session on the server while the app stays open. The brief's
 * `page.request.post('http://demo.localhost:3100/api/auth/sign-out')` cannot be used here:
 * Playwright's API client runs in Node, which does not resolve `*.localhost`
 * (getaddrinfo ENOTFOUND demo.localhost). The page's own fetch sends the same cookie.
 */
async function endSessionOnServer(page: Page) {
  const res = await browserFetch(page, "/api/auth/sign-out", { method: "POST", body: {} });
  expect(res.status).toBe(200);
  // The server no longer knows the session.
  expect((await browserFetch(page, "/api/auth/get-session")).body).toBe("null");
}

async function expectSessionExpiredPage(page: Page) {
  await expect(page).toHaveURL(tenantUrl("/auth/signin?error=SessionExpired"));
  await expect(page.getByTestId("session-expired")).toHaveText("Su sesión ha expirado. Inicie sesión de nuevo.");
  await expect(page.getByRole("button", { name: "Iniciar sesión" })).toBeVisible();
  // And the app really is signed out.
  await page.goto(tenantUrl("/home"));
  await expect(page).toHaveURL(tenantUrl("/auth/signin"));
  await expect(page.getByTestId("session-expired")).toHaveCount(0);
}

test("an owner whose session ends is sent to sign in again on the next protected call", async ({ page }) => {
  await signIn(page, "owner@demo.test");
  await expect(page.getByTestId("tenant-name")).toHaveText("Colmado y Restaurante La Esquina");
  await endSessionOnServer(page);

  // Settings opens its first tab, Usuarios, whose list (user.getAll) is refused with UNAUTHORIZED.
  await page.getByTestId("sidebar").getByRole("link", { name: "Configuración" }).click();
  await expectSessionExpiredPage(page);
});

test("an admin whose session ends is signed out at the next in-app navigation", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  await expect(page.getByTestId("tenant-name")).toHaveText("Colmado y Restaurante La Esquina");
  await endSessionOnServer(page);
  // Every navigation re-reads the session, so even a screen served from cache notices it.
  await page.getByTestId("sidebar").getByRole("link", { name: "Clientes" }).click();
  await expectSessionExpiredPage(page);
});

test("an idle page is signed out at the next tenant-config refresh (every 30 s)", async ({ page }) => {
  // Fake timers, so the 30-second refresh of the tenant configuration can be reached at once.
  await page.clock.install();
  await signIn(page, "cashier@demo.test");
  await expect(page.getByTestId("tenant-name")).toHaveText("Colmado y Restaurante La Esquina");
  await endSessionOnServer(page);
  const refused = page.waitForResponse((r) => r.url().includes("tenant.getCurrentConfig") && r.status() === 401);
  await page.clock.fastForward("00:31");
  await refused;
  await page.clock.fastForward(1_000);
  await expectSessionExpiredPage(page);
});
