import { expect, type Page, test } from "@playwright/test";
import { signIn, tenantUrl } from "../support";
import { type AppointmentSetup, restoreAppointmentSetup, saveAppointmentSetup } from "./restore";

/**
 * Appointment configuration (issue 15 §4) on the demo tenant, whose two schedulable services and two
 * professionals (Ramón Peña, Luisa Marte, Mon–Sat 08:00–18:00 with a 12:00–13:00 break) come from the
 * demo seed: a service's duration and buffers, an assignment override, a weekly schedule with a
 * break, a time off request approved, the policy with a sliding scale; each checked after a reload.
 */

const row = (page: Page, testId: string, attrs: Record<string, string>) =>
  page.locator(`[data-testid="${testId}"]${Object.entries(attrs)
    .map(([k, v]) => `[data-${k}="${v}"]`)
    .join("")}`);

/** yyyy-MM-dd of a date; dd/MM/yyyy as the screens show it. */
const iso = (d: Date) => d.toISOString().slice(0, 10);
const shown = (date: string) => date.split("-").reverse().join("/");
/** A Monday at least `days` days ahead (schedules and time off the flow adds stay in the future). */
function mondayAhead(days: number): Date {
  const d = new Date(Date.now() + days * 86_400_000);
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  return d;
}
const newVersion = iso(mondayAhead(40));
const vacationStart = iso(new Date(mondayAhead(70).getTime() + 2 * 86_400_000));
const vacationBefore = iso(mondayAhead(70));
const vacationEnd = iso(new Date(mondayAhead(70).getTime() + 4 * 86_400_000));

let setup: AppointmentSetup | undefined;
// Later flows book against the demo's set-up: put it back however this one ends.
test.afterEach(async ({ page }) => {
  if (setup) await restoreAppointmentSetup(page, setup);
});

test("an owner configures a service, an assignment, a weekly schedule, a time off and the policy", async ({ page }) => {
  await signIn(page, "owner@demo.test");
  setup = await saveAppointmentSetup(page);

  // --- Servicios: duration at least 15; then 45 minutes with 5 / 10 minutes of buffers
  await page.goto(tenantUrl("/home/appointments/services"));
  await expect(page.getByRole("heading", { name: "Servicios", exact: true })).toBeVisible();
  const catering = row(page, "service-row", { name: "Consulta de catering" });
  await expect(catering.getByTestId("service-duration")).toHaveText("30 min");
  await expect(row(page, "service-row", { name: "Clase de cocina dominicana" }).getByTestId("service-duration")).toHaveText("60 min");
  await catering.getByTestId("edit-service").click();
  const sheet = page.getByTestId("service-sheet");
  await sheet.locator("#service-duration_minutes").fill("10");
  await sheet.getByTestId("save-service").click();
  await expect(sheet.locator("#service-duration_minutes-error")).toHaveText("La duración debe ser de al menos 15 minutos");
  await sheet.locator("#service-min_attendees").fill("3");
  await sheet.locator("#service-max_attendees").fill("2");
  await sheet.getByTestId("save-service").click();
  await expect(sheet.locator("#service-max_attendees-error")).toHaveText("El máximo de asistentes no puede ser menor que el mínimo");
  await sheet.locator("#service-duration_minutes").fill("45");
  await sheet.locator("#service-buffer_before").fill("5");
  await sheet.locator("#service-buffer_after").fill("10");
  await sheet.locator("#service-min_attendees").fill("1");
  await sheet.locator("#service-max_attendees").fill("1");
  await sheet.getByTestId("save-service").click();
  await expect(sheet).toBeHidden();
  await page.reload();
  await expect(catering.getByTestId("service-duration")).toHaveText("45 min");
  await expect(catering.getByTestId("service-buffers")).toHaveText("5 / 10 min");

  // --- Empleados: both employees perform both services; Ramón gets his own duration and price for catering
  await page.goto(tenantUrl("/home/appointments/employees"));
  await expect(page.getByRole("heading", { name: "Empleados y servicios" })).toBeVisible();
  await expect(page.getByTestId("assignment-row")).toHaveCount(4);
  await page.locator("#filter-employee").selectOption({ label: "Ramón Peña" });
  await expect(page.getByTestId("assignment-row")).toHaveCount(2);
  // a new assignment without employee and service is refused with the spec's message
  await page.getByTestId("new-assignment").click();
  await page.locator("#assignment-employee").selectOption("");
  await page.getByTestId("save-assignment").click();
  await expect(page.locator("#assignment-service-error")).toHaveText("Por favor seleccione empleado y servicio");
  await page.getByTestId("assignment-sheet").getByRole("button", { name: "Cancelar" }).click();
  const ramonCatering = row(page, "assignment-row", { employee: "Ramón Peña", service: "Consulta de catering" });
  await expect(ramonCatering.getByTestId("assignment-duration")).toContainText("45 min");
  await expect(ramonCatering.getByTestId("assignment-duration")).toContainText("del servicio");
  await ramonCatering.getByTestId("edit-assignment").click();
  await page.locator("#assignment-duration_override").fill("60");
  await page.locator("#assignment-price_override").fill("750");
  await page.locator("#assignment-max_concurrent_bookings").fill("2");
  await page.getByTestId("save-assignment").click();
  await expect(page.getByTestId("assignment-sheet")).toBeHidden();
  // Luisa stops taking catering appointments
  const luisaCatering = row(page, "assignment-row", { employee: "Luisa Marte", service: "Consulta de catering" });
  await page.locator("#filter-employee").selectOption("");
  await luisaCatering.getByTestId("assignment-active").click();
  await expect(luisaCatering).toContainText("Inactivo");
  await page.reload();
  await expect(ramonCatering.getByTestId("assignment-duration")).toHaveText("60 min");
  await expect(ramonCatering.getByTestId("assignment-price")).toHaveText("RD$750.00");
  await expect(ramonCatering).toContainText("2");
  await expect(luisaCatering).toContainText("Inactivo");
  await expect(row(page, "assignment-row", { employee: "Luisa Marte", service: "Clase de cocina dominicana" })).toContainText("Activo");

  // --- Horarios: nothing until an employee is chosen
  await page.goto(tenantUrl("/home/appointments/schedules"));
  await expect(page.getByTestId("select-employee-first")).toContainText("Por favor seleccione un empleado primero");
  await page.locator("#schedule-employee").selectOption({ label: "Luisa Marte" });
  await expect(page.getByTestId("schedule-row")).toHaveCount(1);
  await expect(page.getByTestId("schedule-row").first().getByTestId("schedule-hours")).toHaveText("Lun 08:00–18:00 · descanso 12:00–13:00");

  // a new version from a Monday 40+ days ahead: Monday 09:00–17:00, its break outside the day first (refused), then 13:00–14:00, copied to every working day
  await page.getByTestId("new-schedule").click();
  const editor = page.getByTestId("schedule-editor");
  await editor.locator("#schedule-from").fill(newVersion);
  await editor.locator("#day-1-start").fill("09:00");
  await editor.locator("#day-1-end").fill("17:00");
  await editor.locator("#day-1-break-0-start").fill("18:00");
  await editor.locator("#day-1-break-0-end").fill("19:00");
  await editor.getByTestId("save-schedule").click();
  await expect(editor.locator("#day-1-break-0-start-error")).toHaveText("El descanso debe estar dentro del horario del día");
  await editor.locator("#day-1-break-0-start").fill("13:00");
  await editor.locator("#day-1-break-0-end").fill("14:00");
  await editor.getByTestId("copy-monday").click();
  await expect(editor.locator("#day-5-end")).toHaveValue("17:00");
  await expect(editor.locator("#day-5-break-0-start")).toHaveValue("13:00");
  // Saturday off
  await editor.locator('[data-testid="schedule-day"][data-day="6"]').getByTestId("day-works").click();
  await editor.getByTestId("save-schedule").click();
  await expect(editor).toBeHidden();

  // --- Ausencias: a vacation requested (pending), then approved
  const off = page.getByTestId("time-off-card");
  await expect(off.getByTestId("time-off-empty")).toBeVisible();
  await off.getByTestId("new-time-off").click();
  const offSheet = page.getByTestId("time-off-sheet");
  await offSheet.locator("#time-off-type").selectOption("vacation");
  await offSheet.locator("#time-off-start-date").fill(vacationStart);
  await offSheet.locator("#time-off-end-date").fill(vacationBefore);
  await offSheet.getByTestId("save-time-off").click();
  await expect(offSheet.locator("#time-off-end-date-error")).toHaveText("La fecha de fin no puede ser anterior a la de inicio");
  await offSheet.locator("#time-off-end-date").fill(vacationEnd);
  await offSheet.locator("#time-off-reason").fill("Viaje a Samaná");
  await offSheet.getByTestId("save-time-off").click();
  await expect(offSheet).toBeHidden();
  const vacation = off.getByTestId("time-off-row").filter({ hasText: "Vacaciones" });
  await expect(vacation.getByTestId("time-off-status")).toHaveText("Pendiente");
  await vacation.getByTestId("approve-time-off").click();
  await expect(vacation.getByTestId("time-off-status")).toHaveText("Aprobado");

  await page.reload();
  await expect(page.locator("#schedule-employee")).toHaveValue(/[0-9a-f-]{36}/);
  const newer = row(page, "schedule-row", { from: newVersion });
  await expect(newer.getByTestId("schedule-hours")).toHaveText("Lun 09:00–17:00 · descanso 13:00–14:00");
  await expect(newer).toContainText("Lun, Mar, Mié, Jue, Vie");
  await expect(newer).not.toContainText("Sáb");
  await expect(newer).toContainText(shown(newVersion));
  await expect(vacation.getByTestId("time-off-status")).toHaveText("Aprobado");
  await expect(vacation.getByTestId("time-off-dates")).toHaveText(`${shown(vacationStart)} – ${shown(vacationEnd)}`);
  await expect(vacation).toContainText("Viaje a Samaná");

  // --- Políticas: notice, retention, a sliding scale (sorted on save)
  await page.goto(tenantUrl("/home/appointments/policies"));
  await expect(page.getByRole("heading", { name: "Políticas", exact: true })).toBeVisible();
  await expect(page.locator("#policy-max_advance_days")).toHaveValue("60");
  await expect(page.getByTestId("scale-empty")).toBeVisible();
  await page.locator("#policy-min_notice_hours").fill("2");
  await page.locator("#policy-max_advance_days").fill("800");
  await page.locator("#policy-retention_amount").fill("150");
  await page.getByTestId("add-scale-step").click();
  await page.locator("#scale-0-hours").fill("12");
  await page.locator("#scale-0-percent").fill("25");
  await page.getByTestId("add-scale-step").click();
  await page.locator("#scale-1-hours").fill("24");
  await page.locator("#scale-1-percent").fill("50");
  await page.getByTestId("save-policy").click();
  await expect(page.locator("#policy-max_advance_days-error")).toHaveText("La reserva anticipada máxima debe ser de 0 a 730 días");
  await page.locator("#policy-max_advance_days").fill("90");
  await page.getByTestId("save-policy").click();
  await expect(page.getByText("Políticas guardadas", { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.locator("#policy-min_notice_hours")).toHaveValue("2");
  await expect(page.locator("#policy-max_advance_days")).toHaveValue("90");
  await expect(page.locator("#policy-retention_amount")).toHaveValue("150.00");
  await expect(page.getByTestId("scale-step")).toHaveCount(2);
  await expect(page.locator("#scale-0-hours")).toHaveValue("24");
  await expect(page.locator("#scale-0-percent")).toHaveValue("50");
  await expect(page.locator("#scale-1-hours")).toHaveValue("12");
});
