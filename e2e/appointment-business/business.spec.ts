import { expect, type Page, test } from "@playwright/test";
import { trpcMutation, trpcQuery } from "../catalog-helpers";
import { signIn, tenantUrl } from "../support";

/**
 * The appointments area's 'Negocio' (business profile and weekly opening hours) and 'Configuración'
 * (booking settings) tabs on the demo tenant: a bad phone and a day closing before it opens are
 * refused with their messages, the fixed values kept after a reload; the booking settings changed
 * and kept (Enter saves). The demo's values are put back however a flow ends.
 */

type Row = Record<string, unknown>;
const PROFILE_FIELDS = ["display_name", "phone", "whatsapp", "email", "address", "city", "website", "about", "opening_hours"] as const;
const SETTINGS_FIELDS = ["slot_interval_minutes", "deposit_percent", "reminder_hours_before", "auto_confirm", "allow_customer_cancel", "allow_customer_reschedule"] as const;
const pick = (row: Row, keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, row[k] ?? null]));

let restore: ((page: Page) => Promise<void>) | undefined;
test.afterEach(async ({ page }) => {
  if (restore) await restore(page);
  restore = undefined;
});

/** The next Sunday as the business counts days (Santo Domingo), yyyy-MM-dd. */
function nextSunday(): string {
  const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/Santo_Domingo" });
  const d = new Date(`${today}T12:00:00Z`);
  do d.setUTCDate(d.getUTCDate() + 1);
  while (d.getUTCDay() !== 0);
  return d.toISOString().slice(0, 10);
}

const day = (page: Page, weekday: number) => page.locator(`[data-testid="opening-day"][data-day="${weekday}"]`);

test("an owner edits the business profile and its opening hours, and sees them after a reload", async ({ page }) => {
  await signIn(page, "owner@demo.test");
  const before = await trpcQuery<Row>(page, "appointment.getBusinessProfile");
  restore = async (p) => {
    await trpcMutation(p, "appointment.updateBusinessProfile", pick(before, PROFILE_FIELDS));
  };

  await page.goto(tenantUrl("/home/appointments/business"));
  await expect(page.getByRole("heading", { name: "Negocio", exact: true })).toBeVisible();
  await expect(page.getByTestId("opening-day")).toHaveCount(7);

  await page.locator("#business-display_name").fill("Salón Demo Bella Vista");
  await page.locator("#business-phone").fill("555-0142");
  await page.locator("#business-email").fill("citas@demo.com.do");
  await page.locator("#business-city").fill("Santiago");
  await page.locator("#business-address").fill("Calle del Sol 12");
  // Sunday opens 09:00–13:00; Saturday closes before it opens (refused)
  await day(page, 0).getByRole("switch", { name: "Abierto el Domingo" }).click();
  await page.locator("#hours-0-open").fill("09:00");
  await page.locator("#hours-0-close").fill("13:00");
  await page.locator("#hours-6-open").fill("10:00");
  await page.locator("#hours-6-close").fill("07:00");
  await page.getByTestId("save-business").click();
  await expect(page.locator("#business-phone-error")).toHaveText("Teléfono no válido: 10 dígitos que empiecen por 809, 829 u 849");
  await expect(day(page, 6)).toContainText("El cierre debe ser después de la apertura");
  await page.locator("#business-phone").fill("(809) 555 0142");
  await page.locator("#hours-6-close").fill("14:00");
  await page.getByTestId("save-business").click();
  await expect(page.getByText("Datos del negocio guardados", { exact: true })).toBeVisible();

  await page.reload();
  await expect(page.locator("#business-display_name")).toHaveValue("Salón Demo Bella Vista");
  await expect(page.locator("#business-phone")).toHaveValue("809-555-0142");
  await expect(page.locator("#business-email")).toHaveValue("citas@demo.com.do");
  await expect(page.locator("#business-city")).toHaveValue("Santiago");
  await expect(page.locator("#hours-0-open")).toHaveValue("09:00");
  await expect(page.locator("#hours-0-close")).toHaveValue("13:00");
  await expect(page.locator("#hours-6-open")).toHaveValue("10:00");
  await expect(page.locator("#hours-6-close")).toHaveValue("14:00");
  await expect(page.locator("#hours-1-open")).toHaveValue("08:00");

  // The calendar without an employee filter shades the business's hours: Sunday is open 09:00–13:00
  // now (a closed day is one grey block; an open one is grey before and after its hours)
  const sunday = nextSunday();
  await page.goto(tenantUrl(`/home/appointments?view=timeGridWeek&date=${sunday}`));
  const sundayColumn = page.locator(`.fc-timegrid-col[data-date="${sunday}"]`);
  await expect(sundayColumn.locator(".fc-non-business")).toHaveCount(2);
  await expect(page.locator(".fc-timegrid-slot-label[data-time='07:00:00']").first()).toBeVisible();
  await page.goto(tenantUrl("/home/appointments/business"));

  // Monday closed: its hours are hidden, the day says so; Discard brings the saved week back
  await day(page, 1).getByRole("switch", { name: "Abierto el Lunes" }).click();
  await expect(day(page, 1)).toContainText("Cerrado todo el día.");
  await page.getByRole("button", { name: "Descartar cambios" }).click();
  await expect(page.locator("#hours-1-open")).toHaveValue("08:00");
});

test("an owner changes the booking settings and sees them kept; Políticas no longer edits them", async ({ page }) => {
  await signIn(page, "owner@demo.test");
  const before = await trpcQuery<Row>(page, "appointment.getBookingSettings");
  restore = async (p) => {
    await trpcMutation(p, "appointment.updateBookingSettings", pick(before, SETTINGS_FIELDS));
  };

  await page.goto(tenantUrl("/home/appointments/settings"));
  await expect(page.getByRole("heading", { name: "Configuración", exact: true })).toBeVisible();
  await expect(page.locator("#settings-slot_interval_minutes")).toHaveValue(String(before.slot_interval_minutes));

  await page.locator("#settings-slot_interval_minutes").fill("15");
  await page.locator("#settings-deposit_percent").fill("100.5");
  await page.locator("#settings-reminder_hours_before").fill("12");
  await page.getByTestId("save-settings").click();
  await expect(page.locator("#settings-deposit_percent-error")).toHaveText("El porcentaje de depósito debe ser de 0 a 100, con hasta 2 decimales");
  await page.locator("#settings-deposit_percent").fill("40");
  const autoConfirm = page.getByRole("switch", { name: "Confirmar las citas automáticamente" });
  const allowCancel = page.getByRole("switch", { name: "El cliente puede cancelar" });
  if ((await autoConfirm.getAttribute("aria-checked")) !== "true") await autoConfirm.click();
  if ((await allowCancel.getAttribute("aria-checked")) === "true") await allowCancel.click();
  await page.locator("#settings-reminder_hours_before").press("Enter");
  await expect(page.getByText("Configuración guardada", { exact: true })).toBeVisible();

  await page.reload();
  await expect(page.locator("#settings-slot_interval_minutes")).toHaveValue("15");
  await expect(page.locator("#settings-deposit_percent")).toHaveValue("40.00");
  await expect(page.locator("#settings-reminder_hours_before")).toHaveValue("12");
  await expect(page.getByRole("switch", { name: "Confirmar las citas automáticamente" })).toHaveAttribute("aria-checked", "true");
  await expect(page.getByRole("switch", { name: "El cliente puede cancelar" })).toHaveAttribute("aria-checked", "false");

  await page.goto(tenantUrl("/home/appointments/policies"));
  await expect(page.locator("#policy-min_notice_hours")).toBeVisible();
  await expect(page.locator("#policy-slot_interval_minutes")).toHaveCount(0);
  await expect(page.locator("#policy-deposit_percent")).toHaveCount(0);
  await expect(page.locator("#policy-reminder_hours_before")).toHaveCount(0);
});
