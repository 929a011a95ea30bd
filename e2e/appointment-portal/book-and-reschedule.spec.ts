import { expect, type Page, test } from "@playwright/test";
import { trpcQuery } from "../catalog-helpers";
import { signIn, tenantUrl } from "../support";

/**
 * Issue 15 item 6: the owner switches the booking portal on (Citas → Portal); a customer books on
 * /book (service, professional, date, time, details with the terms, payment, confirmation), asks
 * for the sign-in link, opens it (read from the outbox through the staff API), sees the appointment
 * under upcoming, reschedules it to another free time and sees the new time.
 */

/** The first working day from the day after tomorrow (Monday to Saturday in the demo; past the 24-hour refund window, so it can be moved). */
function firstWorkingDay(): string {
  const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/Santo_Domingo" });
  for (let i = 2; i <= 14; i++) {
    const d = new Date(`${today}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + i);
    if (d.getUTCDay() !== 0) return d.toISOString().slice(0, 10);
  }
  throw new Error("no working day in the next 14 days");
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/appointment-portal-${name}-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `test-results/appointment-portal-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });
}

test("a customer books on the portal, signs in by the e-mailed link and reschedules", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const email = `cliente.${Date.now()}@example.do`;
  const date = firstWorkingDay();

  // The owner switches the portal on and sees the shareable links.
  await signIn(page, "owner@demo.test");
  await page.goto(tenantUrl("/home/appointments/portal"));
  await expect(page.getByRole("heading", { name: "Portal de reservas", level: 2 })).toBeVisible();
  await expect(page.getByTestId("portal-links")).toContainText("El portal está desactivado");
  await page.getByLabel("Portal activo").click();
  await page.getByLabel("Términos y condiciones").fill("Llegue 10 minutos antes de su cita.");
  await page.getByTestId("portal-config-save").click();
  await expect(page.getByText("Portal guardado", { exact: true })).toBeVisible();
  await expect(page.getByTestId("portal-links")).toContainText("Quien abra el enlace llega a la reserva");
  await expect(page.getByTestId("portal-link-service").filter({ hasText: "Consulta de catering" })).toContainText("Ramón Peña");
  await shot(page, "admin");
  await page.goto(tenantUrl("/home/appointments/links"));
  await expect(page.getByRole("heading", { name: "Enlaces para compartir", level: 2 })).toBeVisible();
  await shot(page, "links");

  // The customer, in another browser: /book.
  const customerContext = await browser.newContext({ locale: "es-DO", timezoneId: "America/Santo_Domingo", viewport: { width: 1366, height: 768 } });
  const customer = await customerContext.newPage();
  await customer.goto(tenantUrl("/book"));
  await expect(customer.getByTestId("portal-brand")).toBeVisible();
  await expect(customer.getByTestId("portal-step-title")).toHaveText("¿Qué servicio desea?");
  await expect(customer.getByTestId("portal-service")).toContainText(["Clase de cocina dominicana", "Consulta de catering"]);
  await shot(customer, "services");
  await customer.getByTestId("portal-service").filter({ hasText: "Consulta de catering" }).click();

  await expect(customer.getByTestId("portal-step-title")).toHaveText("¿Con quién?");
  await customer.getByTestId("portal-employee").filter({ hasText: "Ramón Peña" }).click();

  await expect(customer.getByTestId("portal-step-title")).toHaveText("Elija el día");
  await customer.locator(`[data-testid="portal-date"][data-date="${date}"]`).click();

  await expect(customer.getByTestId("portal-step-title")).toHaveText("Elija la hora");
  const free = customer.locator('[data-testid="portal-slot"][data-available="true"]');
  await expect(free.first()).toBeVisible();
  await shot(customer, "times");
  const time = (await free.first().getAttribute("data-time"))!;
  await free.first().click();

  // Details: required fields and the terms are checked before going on.
  await expect(customer.getByTestId("portal-step-title")).toHaveText("Sus datos");
  await expect(customer.getByTestId("portal-terms")).toHaveText("Llegue 10 minutos antes de su cita.");
  await customer.getByTestId("portal-next").click();
  await expect(customer.getByTestId("portal-info")).toContainText("Este campo es obligatorio");
  await expect(customer.getByTestId("portal-info")).toContainText("Debe aceptar los términos y condiciones");
  await customer.getByLabel("Nombre completo").fill("Marisol Peralta");
  await customer.getByLabel("Correo electrónico").fill("marisol@");
  await customer.getByLabel("Teléfono").fill("809-555-0199");
  await customer.getByTestId("portal-accept-terms").check();
  await customer.getByTestId("portal-next").click();
  await expect(customer.getByTestId("portal-info")).toContainText("Correo electrónico inválido");
  await customer.getByLabel("Correo electrónico").fill(email);
  await customer.getByTestId("portal-next").click();

  // Payment: no deposit asked by this portal; then the confirmation.
  await expect(customer.getByTestId("portal-step-title")).toHaveText("Revise y confirme");
  await expect(customer.getByTestId("portal-payment-note")).toHaveText("No necesita pagar ahora: el pago se hace en el local.");
  await expect(customer.getByTestId("portal-payment")).toContainText("Ramón Peña");
  await customer.getByTestId("portal-next").click();
  const confirmation = customer.getByTestId("portal-confirmation");
  await expect(confirmation).toBeVisible();
  await expect(customer.getByTestId("portal-step-title")).toHaveText("¡Cita reservada!");
  await expect(customer.getByTestId("portal-booked-number")).toHaveText(/^#\d{6}$/);
  await expect(customer.getByTestId("portal-booked-employee")).toHaveText("Ramón Peña");
  await shot(customer, "confirmation");

  // The customer area: ask for the link.
  await customer.goto(tenantUrl("/book/account"));
  await customer.getByLabel("Correo electrónico").fill(email);
  await customer.getByRole("button", { name: "Enviarme el enlace" }).click();
  await expect(customer.getByTestId("portal-link-sent")).toContainText(email);
  await shot(customer, "sign-in");

  // The e-mail is in the outbox (no SMTP in e2e): the owner reads it through the staff API.
  const list = await trpcQuery<{ data: { id: string; toAddress: string }[] }>(page, "outbox.getAll", { page: 1, pageSize: 20 });
  const mail = list.data.find((m) => m.toAddress === email);
  expect(mail).toBeTruthy();
  const message = await trpcQuery<{ text: string; subject: string }>(page, "outbox.getById", { id: mail!.id });
  expect(message.subject).toContain("Su enlace para entrar a sus citas");
  const link = message.text.match(/https?:\/\/\S+\/book\/account\?token=[A-Za-z0-9_-]+/)?.[0];
  expect(link).toBeTruthy();
  await customer.goto(tenantUrl(new URL(link!).pathname + new URL(link!).search));
  await expect(customer.getByTestId("portal-hello")).toHaveText("Hola, Marisol Peralta");
  await expect(customer.getByTestId("portal-next-appointment").getByTestId("portal-appointment-when")).toHaveAttribute("data-time", time);
  await shot(customer, "dashboard");

  // The link worked once.
  const again = await customerContext.browser()!.newContext();
  const other = await again.newPage();
  await other.goto(tenantUrl(new URL(link!).pathname + new URL(link!).search));
  await expect(other.getByTestId("portal-link-error")).toHaveText("El enlace no es válido o ya venció. Solicite uno nuevo.");
  await again.close();

  // Upcoming: the appointment; reschedule it to another free time on the same day.
  await customer.getByTestId("portal-tab-appointments").click();
  const card = customer.getByTestId("portal-upcoming").getByTestId("portal-appointment");
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId("portal-appointment-when")).toHaveAttribute("data-date", date);
  await expect(card.getByTestId("portal-appointment-when")).toHaveAttribute("data-time", time);
  await expect(card).toContainText("Consulta de catering");
  await expect(customer.getByTestId("portal-past")).toContainText("Aún no hay citas anteriores.");
  await card.getByTestId("portal-reschedule").click();
  const dialog = customer.getByRole("dialog");
  await expect(dialog.locator(`[data-testid="portal-move-date"][data-date="${date}"]`)).toHaveAttribute("aria-pressed", "true");
  const others = dialog.locator(`[data-testid="portal-move-slot"][data-available="true"]:not([data-time="${time}"])`);
  await expect(others.first()).toBeVisible();
  const newTime = (await others.last().getAttribute("data-time"))!;
  await others.last().click();
  await shot(customer, "reschedule");
  await dialog.getByTestId("portal-reschedule-confirm").click();
  await expect(customer.getByText("Cita reprogramada", { exact: true })).toBeVisible();
  await expect(card.getByTestId("portal-appointment-when")).toHaveAttribute("data-time", newTime);
  await expect(card.getByTestId("portal-appointment-status")).toHaveText("Reprogramada");
  const [h, m] = newTime.split(":").map(Number) as [number, number];
  await expect(card.getByTestId("portal-appointment-when")).toContainText(`${h % 12 || 12}:${String(m).padStart(2, "0")}`);
  await shot(customer, "appointments");
  await customer.getByTestId("portal-tab-payments").click();
  await expect(customer.getByTestId("portal-no-payments")).toHaveText("No hay pagos registrados.");
  await customerContext.close();
});
