import { mkdirSync } from "node:fs";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { trpcMutation, trpcQuery } from "../catalog-helpers";
import { signIn, tenantUrl } from "../support";

/**
 * The portal at its configured path (Citas → Portal: 'reservas-e2e'): the staff's share links use
 * it, the portal and its customer area answer under it (and the sign-in e-mail links there), the
 * business shows at the foot; a first segment that is not the path is not found. Then the booking
 * settings switch off online cancelling: the customer sees no 'Cancelar'; with rescheduling off
 * too, a note to contact the business. The portal configuration, the booking settings and the
 * appointment booked here are put back at the end (the demo tenant is shared).
 */

const PATH = "reservas-e2e";
const SHOTS = "/tmp/portal-shots";

type Json = Record<string, unknown>;

/** The first working day from the day after tomorrow (past the refund window, so it can be changed). */
function firstWorkingDay(): string {
  const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/Santo_Domingo" });
  for (let i = 2; i <= 14; i++) {
    const d = new Date(`${today}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + i);
    if (d.getUTCDay() !== 0) return d.toISOString().slice(0, 10);
  }
  throw new Error("no working day in the next 14 days");
}

/** Screenshots at 1366, 768 and 390 px wide, in Spanish and in English. */
async function shots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const lang of ["es", "en"]) {
    await page.evaluate((l) => localStorage.setItem("language", l), lang);
    await page.reload();
    await expect(page.getByTestId("portal-shell")).toBeVisible();
    for (const width of [1366, 768, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: `${SHOTS}/${name}-${lang}-${width}.png`, fullPage: true });
    }
  }
  await page.evaluate(() => localStorage.setItem("language", "es"));
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.reload();
}

async function customerPage(browser: Browser) {
  const context = await browser.newContext({ locale: "es-DO", timezoneId: "America/Santo_Domingo", viewport: { width: 1366, height: 768 } });
  return { context, page: await context.newPage() };
}

test("the portal answers at its configured path; online cancelling switched off hides 'Cancelar'", async ({ page, browser }) => {
  test.setTimeout(240_000);
  await signIn(page, "owner@demo.test");
  const portalBefore = await trpcQuery<Json>(page, "appointment.getPortalConfig");
  const settingsBefore = await trpcQuery<Json>(page, "appointment.getBookingSettings");
  let appointmentId: string | null = null;
  const { context, page: customer } = await customerPage(browser);
  try {
    // The owner saves the path on the portal screen; the share links follow it.
    await trpcMutation(page, "appointment.updatePortalConfig", { ...portalBefore, is_enabled: true });
    await page.goto(tenantUrl("/home/appointments/portal"));
    await page.locator("#portal-path").fill(PATH);
    await page.getByTestId("portal-config-save").click();
    await expect(page.getByText("Portal guardado", { exact: true })).toBeVisible();
    await expect(page.getByTestId("portal-open")).toHaveAttribute("href", `/${PATH}`);
    await page.goto(tenantUrl("/home/appointments/links"));
    await expect(page.getByTestId("portal-link-all")).toHaveText(tenantUrl(`/${PATH}`));
    await expect(page.getByTestId("portal-link-service").first()).toContainText(`/${PATH}?service=`);

    // The customer: the portal at /reservas-e2e, with the business at the foot; /book still works.
    await customer.goto(tenantUrl(`/${PATH}`));
    await expect(customer.getByTestId("portal-step-title")).toHaveText("¿Qué servicio desea?");
    const config = await trpcQuery<{ business: { name: string } }>(customer, "portal.getConfig");
    await expect(customer.getByTestId("portal-business").getByRole("heading", { level: 2 }).first()).toHaveText(config.business.name);
    await expect(customer.getByTestId("portal-brand")).toHaveAttribute("href", `/${PATH}`);
    await shots(customer, "portal-path");
    await customer.goto(tenantUrl("/no-es-el-portal"));
    await expect(customer.getByTestId("portal-not-found")).toBeVisible();
    await customer.goto(tenantUrl("/book"));
    await expect(customer.getByTestId("portal-step-title")).toHaveText("¿Qué servicio desea?");

    // A booking (through the portal's API, the booking screens are the other flow's), then the sign-in link: under the path.
    const email = `ruta.${Date.now()}@example.do`;
    const date = firstWorkingDay();
    const services = await trpcQuery<{ id: string; name: string }[]>(customer, "portal.getServices");
    const service = services.find((s) => s.name === "Consulta de catering") ?? services[0]!;
    const slots = await trpcQuery<{ time: string; available: boolean }[]>(customer, "portal.getAvailableSlots", { service_id: service.id, date });
    const free = slots.filter((s) => s.available);
    const booked = await trpcMutation<{ id: string }>(customer, "portal.book", {
      customer_name: "Rosa Almonte",
      customer_email: email,
      customer_phone: "809-555-0142",
      service_id: service.id,
      date,
      time: free[free.length - 1]!.time,
      accept_terms: true,
      idempotency_key: `e2e-path-${Date.now()}`,
    });
    appointmentId = booked.id;
    await customer.goto(tenantUrl(`/${PATH}/account`));
    await customer.getByLabel("Correo electrónico").fill(email);
    await customer.getByRole("button", { name: "Enviarme el enlace" }).click();
    await expect(customer.getByTestId("portal-link-sent")).toContainText(email);
    const list = await trpcQuery<{ data: { id: string; toAddress: string }[] }>(page, "outbox.getAll", { page: 1, pageSize: 20 });
    const message = await trpcQuery<{ text: string }>(page, "outbox.getById", { id: list.data.find((m) => m.toAddress === email)!.id });
    const link = message.text.match(new RegExp(`https?://\\S+/${PATH}/account\\?token=[A-Za-z0-9_-]+`))?.[0];
    expect(link).toBeTruthy();
    await customer.goto(tenantUrl(new URL(link!).pathname + new URL(link!).search));
    await expect(customer.getByTestId("portal-hello")).toHaveText("Hola, Rosa Almonte");
    await customer.getByTestId("portal-tab-appointments").click();
    await expect(customer).toHaveURL(new RegExp(`/${PATH}/account/appointments$`));
    const card = customer.getByTestId("portal-upcoming").locator(`[data-testid="portal-appointment"][data-id="${appointmentId}"]`);
    await expect(card.getByTestId("portal-cancel")).toBeVisible();
    await expect(card.getByTestId("portal-reschedule")).toBeVisible();

    // The business switches off online cancelling: no 'Cancelar'; rescheduling stays.
    await trpcMutation(page, "appointment.updateBookingSettings", { ...settingsBefore, allow_customer_cancel: false, allow_customer_reschedule: true });
    await customer.reload();
    await expect(card.getByTestId("portal-reschedule")).toBeVisible();
    await expect(card.getByTestId("portal-cancel")).toHaveCount(0);
    await shots(customer, "portal-no-cancel");

    // Both off: a note to contact the business.
    await trpcMutation(page, "appointment.updateBookingSettings", { ...settingsBefore, allow_customer_cancel: false, allow_customer_reschedule: false });
    await customer.reload();
    await expect(card.getByTestId("portal-contact-to-change")).toHaveText("Para cambiar o cancelar esta cita, comuníquese con el negocio");
    await expect(card.getByTestId("portal-reschedule")).toHaveCount(0);
  } finally {
    const { updated_at: _u, ...settings } = settingsBefore;
    await trpcMutation(page, "appointment.updateBookingSettings", settings);
    await trpcMutation(page, "appointment.updatePortalConfig", portalBefore);
    if (appointmentId) await trpcMutation(page, "appointment.updateStatus", { id: appointmentId, status: "cancelled", reason: "e2e" });
    await context.close();
  }
});
