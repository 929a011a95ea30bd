import { expect, type Page, test } from "@playwright/test";
import { trpcMutation, trpcQuery } from "../catalog-helpers";
import { signIn, tenantUrl } from "../support";

/**
 * Issue 15 items 3 and 4 (list): an appointment found in the list by search and status filter;
 * its sheet confirms it, refuses a partial payment of 0 and one above the balance, takes a partial
 * payment without invoice and then the full rest with one, moves it to a free slot of another day
 * and cancels it with a reason (asked once); the list in English afterwards.
 */

/** The working days (Monday–Saturday) from tomorrow, in Santo Domingo. */
function workingDays(): string[] {
  const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/Santo_Domingo" });
  const days: string[] = [];
  for (let i = 1; i <= 14; i++) {
    const d = new Date(`${today}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + i);
    if (d.getUTCDay() !== 0) days.push(d.toISOString().slice(0, 10));
  }
  return days;
}

async function applyPayment(page: Page) {
  await page.getByTestId("appointment-apply-payment").click();
  const dialog = page.getByTestId("apply-payment-dialog");
  await expect(dialog).toBeVisible();
  return dialog;
}

test("appointment sheet: confirm, partial and full payments, reschedule, cancel with a reason", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "owner@demo.test");
  const [date, later] = workingDays() as [string, string];
  const services = await trpcQuery<{ data: { id: string; name: string }[] }>(page, "product.getAll", { search: "", isScheduleable: true, page: 1, pageSize: 100, showDeleted: false });
  const service = services.data.find((s) => s.name === "Clase de cocina dominicana")!;
  const slots = await trpcQuery<{ time: string; available: boolean }[]>(page, "appointment.getAvailableSlots", { date, service_id: service.id });
  const slot = slots.find((s) => s.available && s.time >= "14:00")!;
  const created = await trpcMutation<{ appointment_number: string }>(page, "appointment.create", {
    customer_name: "Julia Ventura",
    customer_phone: "829-555-0147",
    customer_email: "julia.ventura@example.do",
    service_id: service.id,
    appointment_date: date,
    start_time: slot.time,
    party_size: 1,
    idempotency_key: crypto.randomUUID(),
  });

  // The list: this range, found by search; the status filter leaves it out when it does not match.
  await page.goto(tenantUrl(`/home/appointments/list?from=${date}&to=${date}`));
  await page.getByTestId("appointment-search").fill("Julia Vent");
  const row = page.getByTestId("appointment-row").filter({ hasText: "Julia Ventura" });
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId("appointment-row")).toHaveCount(1);
  await expect(row).toContainText(created.appointment_number);
  await page.getByTestId("appointment-filter-status").selectOption("confirmed");
  await expect(page.getByTestId("appointments-empty")).toContainText("No hay citas en este período");
  await page.getByTestId("appointment-filter-status").selectOption("pending");
  await expect(row).toHaveCount(1);
  await page.getByTestId("appointment-filter-status").selectOption("");

  // Open it from the keyboard (the number is a button).
  await row.getByTestId("appointment-open").focus();
  await page.keyboard.press("Enter");
  const sheet = page.getByTestId("appointment-sheet");
  await expect(sheet.getByRole("heading", { name: `Cita ${created.appointment_number}` })).toBeVisible();
  await expect(sheet.getByTestId("appointment-status").first()).toHaveText("Pendiente");
  await expect(sheet.getByTestId("appointment-total")).toHaveText("RD$1,500.00");
  await expect(sheet.getByTestId("appointment-deposit")).toHaveText("RD$450.00");

  await sheet.getByTestId("appointment-to-confirmed").click();
  await expect(sheet.getByTestId("appointment-status").first()).toHaveText("Confirmada");
  await expect(sheet.getByTestId("appointment-history")).toHaveCount(2);

  // Partial: 0 and above the balance are refused in the dialog; 500 without invoice is taken.
  let dialog = await applyPayment(page);
  await dialog.getByText("Pago parcial", { exact: true }).click();
  await expect(dialog.getByTestId("payment-amount")).toHaveAttribute("max", "1500.00");
  await expect(dialog.getByTestId("payment-amount")).toHaveAttribute("step", "0.01");
  await dialog.getByTestId("payment-amount").fill("0");
  await dialog.getByTestId("payment-submit").click();
  await expect(page.getByText("Monto inválido", { exact: true })).toBeVisible();
  await expect(page.getByText("Por favor ingrese un monto de pago válido", { exact: true })).toBeVisible();
  await dialog.getByTestId("payment-amount").fill("2000");
  await dialog.getByTestId("payment-submit").click();
  await expect(page.getByText("El monto supera el balance pendiente", { exact: true })).toBeVisible();
  await dialog.getByTestId("payment-amount").fill("500");
  await dialog.getByTestId("payment-generate-invoice").uncheck();
  await expect(dialog.getByTestId("payment-no-invoice-warning")).toHaveText("No se generará factura para este pago.");
  await expect(dialog.getByTestId("payment-ncf")).toHaveCount(0);
  await dialog.getByTestId("payment-submit").click();
  let step = dialog.getByTestId("payment-link-step");
  await expect(step.getByTestId("payment-applied-balance")).toHaveText("RD$1,000.00");
  await expect(step).toContainText("Sin factura.");
  await expect(step).toContainText(`Enlace de pago APT-${created.appointment_number} por RD$1,000.00`);
  await step.getByTestId("payment-done").click();
  await expect(sheet.getByTestId("appointment-paid")).toHaveText("RD$500.00");
  await expect(sheet.getByTestId("appointment-balance")).toHaveText("RD$1,000.00");
  await expect(sheet.getByTestId("appointment-invoice")).toHaveCount(0);

  // Full: the rest, with the default NCF type's invoice; nothing left due (on a phone).
  await page.setViewportSize({ width: 390, height: 844 });
  dialog = await applyPayment(page);
  await expect(dialog.getByTestId("payment-amount")).toHaveValue("1000.00");
  await page.screenshot({ path: "test-results/appointments-payment-390.png" });
  await expect(dialog.getByTestId("payment-amount")).toHaveAttribute("readonly", "");
  await dialog.getByTestId("payment-submit").click();
  step = dialog.getByTestId("payment-link-step");
  await expect(step.getByTestId("payment-applied-balance")).toHaveText("RD$0.00");
  await expect(step.getByTestId("payment-applied-invoice")).toContainText("NCF B0");
  // Nothing is due: no payment link is offered (a paid-up appointment refuses one).
  await expect(step).toContainText("La cita no tiene saldo pendiente: no hace falta un enlace de pago.");
  await page.screenshot({ path: "test-results/appointments-payment-link-390.png" });
  await step.getByTestId("payment-done").click();
  await page.setViewportSize({ width: 1366, height: 768 });
  await expect(sheet.getByTestId("appointment-balance")).toHaveText("RD$0.00");
  await expect(sheet.getByTestId("appointment-invoice")).toBeVisible();
  await expect(sheet.getByTestId("appointment-payment")).toHaveCount(2);
  await expect(sheet.getByTestId("appointment-apply-payment")).toHaveCount(0);

  // Reschedule to another working day's first free slot.
  await sheet.getByTestId("appointment-reschedule").click();
  await sheet.getByTestId("reschedule-date").fill(later);
  const free = sheet.locator('[data-testid="reschedule-slot"]:not([disabled])').first();
  await expect(free).toBeVisible();
  const newTime = (await free.getAttribute("data-time"))!;
  await free.click();
  await sheet.getByTestId("reschedule-save").click();
  await expect(sheet.getByTestId("appointment-status").first()).toHaveText("Reprogramada");
  await expect(sheet.getByTestId("reschedule-panel")).toHaveCount(0);
  const [h, m] = newTime.split(":").map(Number) as [number, number];
  await expect(sheet.getByTestId("appointment-details")).toContainText(`${h % 12 || 12}:${String(m).padStart(2, "0")}`);

  // Cancel: asked once, with a reason that the history keeps.
  await sheet.getByTestId("appointment-to-cancelled").click();
  await expect(sheet.getByTestId("appointment-confirm-status")).toContainText("¿Cancelar esta cita?");
  await sheet.getByLabel("Motivo (opcional)").fill("El cliente viajó");
  await sheet.getByTestId("appointment-confirm-status-yes").click();
  await expect(sheet.getByTestId("appointment-status").first()).toHaveText("Cancelada");
  await expect(sheet.getByTestId("appointment-status-actions")).toHaveCount(0);
  await expect(sheet.getByTestId("appointment-reschedule")).toHaveCount(0);
  await expect(sheet.getByTestId("appointment-history").last()).toContainText("El cliente viajó");
  await sheet.getByRole("button", { name: "Cerrar", exact: true }).click();

  // In English, on the day it moved to.
  await page.evaluate(() => localStorage.setItem("language", "en"));
  await page.goto(tenantUrl(`/home/appointments/list?from=${later}&to=${later}&q=Julia`));
  await expect(page.getByRole("heading", { name: "Appointment list", level: 2 })).toBeVisible();
  await expect(row).toContainText("Cancelled");
  await expect(page.getByTestId("pagination")).toContainText("1-1 of 1");
  await page.evaluate(() => localStorage.setItem("language", "es"));
});
