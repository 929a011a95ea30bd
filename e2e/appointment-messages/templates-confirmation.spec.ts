import { expect, test } from "@playwright/test";
import { trpcMutation, trpcQuery } from "../catalog-helpers";
import { signIn, tenantUrl } from "../support";

/**
 * Issue 15 item 5: the owner edits the confirmation template (from the default text, a variable
 * inserted with its chip, the live preview), books an appointment for Carmen Santos through
 * appointment.create, and reads the confirmation in the outbox with the booking's values filled.
 */

function firstWorkingDay(): string {
  const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/Santo_Domingo" });
  for (let i = 1; i <= 14; i++) {
    const d = new Date(`${today}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + i);
    if (d.getUTCDay() !== 0) return d.toISOString().slice(0, 10);
  }
  throw new Error("no working day in the next 14 days");
}

test("edit the confirmation template, book, and see the filled confirmation in the outbox", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "owner@demo.test");
  await page.goto(tenantUrl("/home/appointments/templates"));
  await expect(page.getByRole("heading", { name: "Plantillas de notificación", level: 2 })).toBeVisible();
  await expect(page.getByTestId("templates-empty")).toBeVisible();
  await expect(page.getByTestId("templates-in-use")).toContainText("Confirmación: se usa el texto predeterminado");

  await page.getByTestId("use-default-confirmation").click();
  const sheet = page.getByTestId("template-sheet");
  await expect(sheet.getByRole("textbox", { name: "Nombre" })).toHaveValue("Confirmación de cita");
  await expect(sheet.getByRole("combobox", { name: "Tipo" })).toHaveValue("confirmation");
  await sheet.getByLabel("Asunto").fill("Reserva lista: ");
  // The chip inserts the variable where the cursor is (the end of the subject).
  await sheet.getByRole("button", { name: "Insertar Servicio" }).click();
  await expect(sheet.getByLabel("Asunto")).toHaveValue("Reserva lista: {{service_name}}");
  await sheet.getByLabel("Mensaje").fill("Hola {{customer_name}}, le esperamos el {{appointment_date}} a las {{appointment_time}} con {{employee_name}}. Total: {{amount}}. {{codigo}}");
  const preview = sheet.getByTestId("template-preview");
  await expect(preview.getByTestId("template-preview-subject")).toHaveText("Reserva lista: Corte de cabello");
  await expect(preview.getByTestId("template-preview-body")).toHaveText("Hola María Rodríguez, le esperamos el 15/12/2026 a las 10:30 con Ana Pérez. Total: RD$1,500.00. {{codigo}}");
  await expect(preview).toContainText("Variables desconocidas (se enviarán tal cual): {{codigo}}");
  await page.screenshot({ path: "/tmp/d-shots/appointment-templates-editor-1366.png" });
  await sheet.getByTestId("save-template").click();
  await expect(sheet).toHaveCount(0);
  const row = page.getByTestId("template-row").filter({ hasText: "Confirmación de cita" });
  await expect(row).toContainText("Correo electrónico");
  await expect(row.getByTestId("template-active")).toHaveAttribute("aria-checked", "true");
  await expect(page.getByTestId("templates-in-use")).toContainText("Confirmación: se usa «Confirmación de cita».");
  await page.screenshot({ path: "/tmp/d-shots/appointment-templates-1366.png" });

  // Book for Carmen Santos (who has an e-mail) through appointment.create, as the wizard does.
  const date = firstWorkingDay();
  const services = await trpcQuery<{ id: string; name: string }[]>(page, "appointment.getServices");
  const catering = services.find((s) => s.name === "Consulta de catering")!;
  const slots = await trpcQuery<{ time: string; available: boolean }[]>(page, "appointment.getAvailableSlots", { date, service_id: catering.id });
  const slot = slots.find((s) => s.available)!;
  const booked = await trpcMutation<{ id: string; employee_name?: string; employee_id: string }>(page, "appointment.create", {
    customer_name: "Carmen Santos",
    customer_email: "carmen.santos@example.do",
    customer_phone: "849-555-0123",
    service_id: catering.id,
    appointment_date: date,
    start_time: slot.time,
    idempotency_key: crypto.randomUUID(),
  });
  const detail = await trpcQuery<{ employee_name: string; total_amount: string }>(page, "appointment.getById", { id: booked.id });
  // The price is the employee's (another flow may have given them a price override).
  const total = Number(detail.total_amount).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  await page.goto(tenantUrl("/home/settings/outbox"));
  const mail = page.getByTestId("outbox-row").filter({ hasText: "carmen.santos@example.do" }).filter({ hasText: "Reserva lista: Consulta de catering" });
  await expect(mail).toHaveCount(1);
  await mail.click();
  const [y, m, d] = date.split("-");
  await expect(page.getByTestId("outbox-text")).toHaveText(`Hola Carmen Santos, le esperamos el ${d}/${m}/${y} a las ${slot.time} con ${detail.employee_name}. Total: RD$${total}. {{codigo}}`);

  // The same screens at 390 px.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(tenantUrl("/home/appointments/templates"));
  await expect(page.getByTestId("template-row").filter({ hasText: "Confirmación de cita" })).toBeVisible();
  await page.screenshot({ path: "/tmp/d-shots/appointment-templates-390.png", fullPage: true });
  await page.getByTestId("template-row").filter({ hasText: "Confirmación de cita" }).getByTestId("edit-template").click();
  await expect(page.getByTestId("template-sheet")).toBeVisible();
  await page.screenshot({ path: "/tmp/d-shots/appointment-templates-editor-390.png" });
});
