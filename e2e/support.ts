import { expect, type Page } from "@playwright/test";

export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const DEMO_PASSWORD = "demo1234";
export const SUPERADMIN_TOKEN = "e2e-super-admin";

/** The address of a path on a tenant's host (demo by default). */
export function tenantUrl(path: string, subdomain = "demo"): string {
  return `http://${subdomain}.localhost:${PORT}${path}`;
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, subdomain = "demo") {
  await page.goto(tenantUrl("/auth/signin", subdomain));
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page).toHaveURL(/\/home/);
}

/** A screenshot for a person to look at, in E2E_SHOTS_DIR when it is set (CI takes none). */
export async function shot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: opts.fullPage ?? false });
}

/** Screenshots of the page at 1366, 768 and 390 px (E2E_SHOTS_DIR only), then back to a 390×844 phone. */
export async function shotAtWidths(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  if (!process.env.E2E_SHOTS_DIR) return;
  for (const width of [1366, 768, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await shot(page, `${name}-${width}`, opts);
  }
  await page.setViewportSize({ width: 390, height: 844 });
}
