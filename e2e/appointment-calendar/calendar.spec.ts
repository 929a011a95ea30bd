import { randomUUID } from "node:crypto";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "../a11y/axe";
import { trpcMutation, trpcQuery } from "../catalog-helpers";
import { signIn } from "../support";

/** A date 'days' after today in the business's time zone. */
function businessDay(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Santo_Domingo" }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The first day from tomorrow where the employee has three whole hours free for a 60-minute
 * service, at least two hours apart (two appointments and a free hour to move one to).
 */
async function freeHours(page: Page, serviceId: string, employeeId: string) {
  for (let days = 1; days <= 10; days++) {
    const date = businessDay(days);
    const slots = await trpcQuery<{ time: string; available: boolean }[]>(page, "appointment.getAvailableSlots", { date, service_id: serviceId, employee_id: employeeId });
    const hours = slots.filter((s) => s.available && s.time.endsWith(":00") && s.time >= "09:00").map((s) => s.time);
    const picked: string[] = [];
    for (const h of hours) if (picked.every((p) => Math.abs(minutes(p) - minutes(h)) >= 120)) picked.push(h);
    if (picked.length >= 3) return { date, times: picked.slice(0, 3) as [string, string, string] };
  }
  throw new Error("no day with three free hours for the demo employee");
}

/** The time-grid row (HH:mm) where an event's top edge sits in the week or day view. */
async function eventSlot(page: Page, event: Locator): Promise<string> {
  const box = await event.boundingBox();
  if (!box) throw new Error("event not visible");
  const lanes = await page.locator("td.fc-timegrid-slot-lane[data-time]").evaluateAll((tds) => tds.map((td) => ({ time: td.getAttribute("data-time") ?? "", top: td.getBoundingClientRect().top })));
  // both are relative to the viewport's top-left
  const top = box.y;
  let best = lanes[0]!;
  for (const lane of lanes) if (Math.abs(lane.top - top) < Math.abs(best.top - top)) best = lane;
  return best.time.slice(0, 5);
}

/** Drags an event with real mouse moves (FullCalendar follows pointer events) onto a date and time. */
async function dragEventTo(page: Page, event: Locator, date: string, time: string, fromTime: string) {
  const lane = page.locator(`td.fc-timegrid-slot-lane[data-time="${time}:00"]`);
  // Both ends on screen (the mouse only moves inside the viewport): the higher one under the header and the toasts.
  const top = Math.min(await event.evaluate((el) => el.getBoundingClientRect().top + window.scrollY), await lane.evaluate((el) => el.getBoundingClientRect().top + window.scrollY));
  await page.evaluate((y) => window.scrollTo(0, y), Math.max(0, top - 200));
  // the calendar reads the new scroll position on the next frames
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const from = await event.boundingBox();
  const column = await page.locator(`td.fc-timegrid-col[data-date="${date}"]`).boundingBox();
  const slot = await lane.boundingBox();
  if (!from || !column || !slot) throw new Error(`no event or grid cell for ${date} ${time}`);
  // Grabbed in its first quarter hour (so the drag starts from the event's start); FullCalendar then
  // measures from the middle of the first half-hour row, a quarter of an hour lower: let go at the
  // target row's top line, which it reads as the middle of the target's first quarter hour.
  const startX = from.x + from.width / 2;
  const startY = from.y + slot.height / 4;
  const dy = ((minutes(time) - minutes(fromTime)) / 30) * slot.height;
  await page.mouse.move(startX, startY);
  await page.mouse.down();
  await page.mouse.move(startX, startY + 8, { steps: 4 });
  await page.mouse.move(column.x + column.width / 2, from.y + dy + 1, { steps: 20 });
  await page.mouse.up();
}

test("the week view: a drag onto a busy time is refused and put back, a drag to a free time reschedules; blocked time shows; day and month views", async ({ page }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  await signIn(page, "owner@demo.test");
  const services = await trpcQuery<{ data: { id: string; name: string }[] }>(page, "product.getAll", { isScheduleable: true, page: 1, pageSize: 100, search: "", showDeleted: false });
  const clase = services.data.find((s) => s.name === "Clase de cocina dominicana");
  expect(clase, "the demo's 60-minute service").toBeTruthy();
  const employees = await trpcQuery<{ id: string; name: string }[]>(page, "employee.getByService", { serviceId: clase!.id });
  const ramon = employees.find((e) => e.name === "Ramón Peña");
  expect(ramon, "the demo's professional").toBeTruthy();
  const { date, times } = await freeHours(page, clase!.id, ramon!.id);
  const [timeA, timeB, timeFree] = times;

  const book = (name: string, start_time: string) =>
    trpcMutation<{ id: string }>(page, "appointment.create", {
      customer_name: name,
      service_id: clase!.id,
      employee_id: ramon!.id,
      appointment_date: date,
      start_time,
      party_size: 1,
      idempotency_key: randomUUID(),
    });
  const a = await book(`Ana Calendario ${stamp}`, timeA);
  const b = await book(`Beto Calendario ${stamp}`, timeB);

  // The area: its sub-navigation, the calendar first; the week view by default.
  await page.getByTestId("sidebar").getByRole("link", { name: "Citas" }).click();
  await expect(page.getByTestId("appointments-nav")).toBeVisible();
  await expect(page.getByTestId("appointments-nav-calendar")).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("appointments-nav").getByRole("link")).toHaveCount(14);
  await expect(page.locator(".fc-timeGridWeek-view")).toBeVisible();

  // The week that holds the appointments.
  await page.goto(`/home/appointments?view=timeGridWeek&date=${date}`);
  const eventA = page.locator(`[data-appointment-id="${a.id}"]`);
  const eventB = page.locator(`[data-appointment-id="${b.id}"]`);
  await expect(eventA).toContainText(`Ana Calendario ${stamp}`);
  await expect(eventA).toContainText("Clase de cocina dominicana");
  await expect(eventA).toContainText("Ramón Peña");
  await expect(eventB).toContainText(`Beto Calendario ${stamp}`);
  expect(await eventSlot(page, eventA)).toBe(timeA);

  // Onto Beto's hour (same employee): refused with the server's message, and back in place.
  const refusedMove = page.waitForRequest((r) => r.url().includes("appointment.reschedule"));
  await dragEventTo(page, eventA, date, timeB, timeA);
  expect((await refusedMove).postData()).toContain(`"appointment_date":"${date}","start_time":"${timeB}"`);
  const refused = page.locator('li[data-variant="destructive"]');
  await expect(refused).toContainText("No se pudo reprogramar la cita");
  await expect(refused).toContainText("No hay disponibilidad para la hora seleccionada");
  await expect.poll(() => eventSlot(page, eventA)).toBe(timeA);
  await expect(eventA).toHaveAttribute("data-status", "pending");
  await refused.getByRole("button", { name: "Cerrar" }).click();
  await expect(refused).toHaveCount(0);

  // To a free hour: moved, and still there after a reload, now 'Reprogramada'.
  const move = page.waitForRequest((r) => r.url().includes("appointment.reschedule"));
  await dragEventTo(page, eventA, date, timeFree, timeA);
  expect((await move).postData()).toContain(`"appointment_date":"${date}","start_time":"${timeFree}"`);
  await expect(page.locator('li[data-variant="success"]')).toContainText("Cita reprogramada");
  await page.reload();
  await expect(eventA).toContainText(`${timeFree} Ana Calendario ${stamp}`);
  expect(await eventSlot(page, eventA)).toBe(timeFree);
  await expect(eventA).toHaveAttribute("data-status", "rescheduled");
  await expect(eventA).toHaveAttribute("aria-label", /Reprogramada/);
  await eventA.click();
  const sheet = page.getByRole("dialog");
  // the sheet's header badge (its history lists the earlier statuses too)
  await expect(sheet.getByTestId("appointment-status").first()).toHaveText("Reprogramada");
  await page.keyboard.press("Escape");
  await expect(sheet).toHaveCount(0);

  // Block an hour of Ramón's day: it shows on the calendar, labelled.
  await page.getByTestId("block-time").click();
  const dialog = page.getByTestId("block-time-dialog");
  await expect(dialog.getByRole("heading", { name: "Bloquear horario" })).toBeVisible();
  await dialog.getByLabel("Empleado").selectOption({ label: "Ramón Peña" });
  await dialog.getByLabel("Fecha").fill(date);
  await dialog.getByLabel("Desde").fill("17:00");
  await dialog.getByLabel("Hasta").fill("18:00");
  await dialog.getByLabel("Motivo").fill(`Reunión ${stamp}`);
  await dialog.getByTestId("confirm-block-time").click();
  await expect(dialog).toHaveCount(0);
  const blockEl = page.locator(`td.fc-timegrid-col[data-date="${date}"] [data-testid="calendar-block"]`).filter({ hasText: `Reunión ${stamp}` });
  await expect(blockEl).toContainText("Horario bloqueado · Ramón Peña");
  expect(await eventSlot(page, blockEl)).toBe("17:00");
  await expectNoSeriousViolations(page, "the calendar's week view with a rescheduled appointment and blocked time");

  // The day and month views show the appointment too.
  await page.getByRole("button", { name: "Día", exact: true }).click();
  await expect(page.locator(".fc-timeGridDay-view")).toBeVisible();
  await expect(eventA).toContainText(`Ana Calendario ${stamp}`);
  // (only the rescheduled ones: other flows may fill the day past what a month cell lists)
  await page.getByTestId("calendar-status-rescheduled").click();
  await page.getByRole("button", { name: "Mes", exact: true }).click();
  await expect(page.locator(".fc-dayGridMonth-view")).toBeVisible();
  await expect(page.locator(`td.fc-daygrid-day[data-date="${date}"] [data-appointment-id="${a.id}"]`)).toContainText(`${timeFree} Ana Calendario ${stamp}`);
  await expect(page).toHaveURL(/view=dayGridMonth/);
});
