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
