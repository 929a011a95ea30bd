import { expect, test } from "@playwright/test";
import { trpcMutation, trpcQuery } from "../catalog-helpers";
import { signIn, tenantUrl } from "../support";

/**
 * Issue 15 item 6: a shareable booking link (/book?service=…&employee=…) opens the flow with the
 * service and the professional chosen; with the portal asking for a deposit, the confirmation
 * gives the deposit's payment link (the demo has the sandbox provider on).
 */

function workingDay(fromDays: number): string {
  const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/Santo_Domingo" });
  for (let i = fromDays; i <= 20; i++) {
    const d = new Date(`${today}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + i);
    if (d.getUTCDay() !== 0) return d.toISOString().slice(0, 10);
  }
  throw new Error("no working day");
}

test("a shared link preselects service and professional; a required deposit gives a payment link", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, "owner@demo.test");
  const config = await trpcQuery<Record<string, unknown>>(page, "appointment.getPortalConfig");
  await trpcMutation(page, "appointment.updatePortalConfig", { ...config, is_enabled: true, require_deposit: true, primary_color: "#7c3aed" });
  const services = await trpcQuery<{ id: string; name: string }[]>(page, "appointment.getServices");
  const employees = await trpcQuery<{ id: string; name: string }[]>(page, "appointment.getEmployees");
  const catering = services.find((s) => s.name === "Consulta de catering")!;
  const luisa = employees.find((e) => e.name === "Luisa Marte")!;

  const context = await browser.newContext({ locale: "es-DO", timezoneId: "America/Santo_Domingo", viewport: { width: 390, height: 844 } });
  const customer = await context.newPage();
  await customer.goto(tenantUrl(`/book?service=${catering.id}&employee=${luisa.id}`));
  await expect(customer.getByTestId("portal-step-title")).toHaveText("Elija el día");
  await expect(customer.getByTestId("portal-summary-line")).toHaveText("Consulta de catering · Luisa Marte");
  await customer.locator(`[data-testid="portal-date"][data-date="${workingDay(3)}"]`).click();
  const free = customer.locator('[data-testid="portal-slot"][data-available="true"]');
  await free.nth(2).click();
  await customer.getByLabel("Nombre completo").fill("Julio Báez");
  await customer.getByLabel("Correo electrónico").fill(`julio.${Date.now()}@example.do`);
  await customer.getByLabel("Teléfono").fill("12");
  await customer.getByTestId("portal-accept-terms").check();
  await customer.getByTestId("portal-next").click();
  await expect(customer.getByTestId("portal-info")).toContainText("Número de teléfono inválido");
  await customer.getByLabel("Teléfono").fill("829-555-0147");
  await customer.getByTestId("portal-next").click();
  await expect(customer.getByTestId("portal-payment-note")).toContainText("Se requiere un depósito del 30 %");
  await customer.getByTestId("portal-next").click();

  await expect(customer.getByTestId("portal-booked-employee")).toHaveText("Luisa Marte");
  const deposit = customer.getByTestId("portal-deposit");
  await expect(deposit).toContainText("RD$150.00");
  await expect(customer.getByTestId("portal-pay-link")).toHaveAttribute("href", /\/pay\/[0-9a-f-]{36}$/);
  await customer.screenshot({ path: "test-results/appointment-portal-deposit-390.png", fullPage: true });
  await context.close();

  // Back to no deposit for the other flows.
  await trpcMutation(page, "appointment.updatePortalConfig", { ...config, is_enabled: true, require_deposit: false });
});
