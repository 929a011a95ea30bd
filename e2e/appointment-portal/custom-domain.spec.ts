import { mkdirSync } from "node:fs";
import { type Browser, chromium, expect, type Page, test } from "@playwright/test";
import { trpcMutation, trpcQuery } from "../catalog-helpers";
import { PORT, signIn, tenantUrl } from "../support";

/**
 * The portal on its own domain (Citas → Portal: 'Dominio personalizado'). The owner saves a domain
 * of the business (the platform's own is refused with a clear message); a browser whose DNS maps
 * that domain to this server (a Chromium launched here with --host-resolver-rules) opens the portal
 * there: '/' and the staff's pages (sign-in, /home) go to the portal's path, which books as on the
 * tenant's host. The portal configuration is put back at the end (the demo tenant is shared).
 */

const DOMAIN = "citas-e2e.example.test";
const SHOTS = "/tmp/portal2-shots";

type Json = Record<string, unknown>;

async function shots(page: Page, name: string, ready: () => Promise<void>) {
  mkdirSync(SHOTS, { recursive: true });
  for (const lang of ["es", "en"]) {
    await page.evaluate((l) => localStorage.setItem("language", l), lang);
    await page.reload();
    await ready();
    for (const width of [1366, 768, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: `${SHOTS}/${name}-${lang}-${width}.png`, fullPage: true });
    }
  }
  await page.evaluate(() => localStorage.setItem("language", "es"));
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.reload();
}

/** A Chromium of its own whose resolver sends the custom domain to this server. */
async function browserOnDomain(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", `--host-resolver-rules=MAP ${DOMAIN} 127.0.0.1`],
  });
}

test("the portal on its custom domain: only the portal is offered there", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "owner@demo.test");
  const portalBefore = await trpcQuery<Json>(page, "appointment.getPortalConfig");
  const browser = await browserOnDomain();
  try {
    await trpcMutation(page, "appointment.updatePortalConfig", { ...portalBefore, is_enabled: true });
    await page.goto(tenantUrl("/home/appointments/portal"));
    const domain = page.locator("#portal-domain");

    // The platform's own domain is refused, with the reason.
    await domain.fill("citas.localhost");
    await page.getByTestId("portal-config-save").click();
    await expect(page.locator("#portal-domain-error")).toHaveText("Ese dominio es de la plataforma (localhost); use un dominio propio de su negocio");
    await page.screenshot({ path: `${SHOTS}/portal-admin-domain-refused-es-1366.png` });

    // The business's domain (typed in capitals): saved lower-case.
    await domain.fill(DOMAIN.toUpperCase());
    await page.getByTestId("portal-config-save").click();
    await expect(page.getByText("Portal guardado", { exact: true })).toBeVisible();
    await expect(domain).toHaveValue(DOMAIN);
    const path = (await trpcQuery<{ subdomain_path: string }>(page, "appointment.getPortalConfig")).subdomain_path;

    const context = await browser.newContext({ locale: "es-DO", timezoneId: "America/Santo_Domingo", viewport: { width: 1366, height: 768 } });
    const customer = await context.newPage();
    const origin = `http://${DOMAIN}:${PORT}`;

    // '/' opens the portal at its path; the staff's pages are not offered there.
    await customer.goto(`${origin}/`);
    await expect(customer).toHaveURL(`${origin}/${path}`);
    await expect(customer.getByTestId("portal-step-title")).toHaveText("¿Qué servicio desea?");
    for (const staffPage of ["/auth/signin", "/home", "/home/appointments"]) {
      await customer.goto(`${origin}${staffPage}`);
      await expect(customer).toHaveURL(`${origin}/${path}`);
      await expect(customer.getByTestId("portal-shell")).toBeVisible();
    }
    // The API answers the portal there, not the staff's procedures.
    const services = await trpcQuery<{ id: string; name: string }[]>(customer, "portal.getServices");
    expect(services.length).toBeGreaterThan(0);
    const staff = await customer.evaluate(async () => (await fetch("/api/trpc/appointment.getPortalConfig")).status);
    expect(staff).toBe(404);

    // The service list leads to the booking steps, as on the tenant's host.
    await customer.getByTestId("portal-service").first().click();
    await expect(customer.getByTestId("portal-step-title")).not.toHaveText("¿Qué servicio desea?");
    await customer.goto(`${origin}/${path}`);
    await expect(customer.getByTestId("portal-step-title")).toHaveText("¿Qué servicio desea?");
    await shots(customer, "custom-domain", () => expect(customer.getByTestId("portal-shell")).toBeVisible());

    // The staff screen with the domain saved.
    await page.goto(tenantUrl("/home/appointments/portal"));
    await expect(domain).toHaveValue(DOMAIN);
    await shots(page, "portal-admin-domain", () => expect(page.locator("#portal-domain")).toBeVisible());
    await context.close();
  } finally {
    await trpcMutation(page, "appointment.updatePortalConfig", portalBefore);
    await browser.close();
  }
});
