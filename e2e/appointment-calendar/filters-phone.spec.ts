import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "../a11y/axe";
import { trpcMutation, trpcQuery } from "../catalog-helpers";
import { signIn } from "../support";

function businessDay(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Santo_Domingo" }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** One appointment of each demo professional on the first day from tomorrow where both have a free slot for the 30-minute service. */
async function bookOneEach(page: Page, stamp: string) {
  const services = await trpcQuery<{ data: { id: string; name: string }[] }>(page, "product.getAll", { isScheduleable: true, page: 1, pageSize: 100, search: "", showDeleted: false });
  const consulta = services.data.find((s) => s.name === "Consulta de catering")!;
  const employees = await trpcQuery<{ id: string; name: string }[]>(page, "employee.getByService", { serviceId: consulta.id });
  const ramon = employees.find((e) => e.name === "Ramón Peña")!;
  const luisa = employees.find((e) => e.name === "Luisa Marte")!;
  for (let days = 1; days <= 10; days++) {
    const date = businessDay(days);
    const free = async (employee_id: string) =>
      (await trpcQuery<{ time: string; available: boolean }[]>(page, "appointment.getAvailableSlots", { date, service_id: consulta.id, employee_id })).filter((s) => s.available && s.time >= "14:00").map((s) => s.time);
    const [r, l] = [await free(ramon.id), await free(luisa.id)];
    if (r[0] && l[0]) {
      const book = (name: string, employee_id: string, start_time: string) =>
        trpcMutation<{ id: string }>(page, "appointment.create", { customer_name: name, service_id: consulta.id, employee_id, appointment_date: date, start_time, idempotency_key: randomUUID() });
      const withRamon = await book(`Rosa Filtro ${stamp}`, ramon.id, r[0]);
      const withLuisa = await book(`Lucas Filtro ${stamp}`, luisa.id, l[0]);
      return { date, withRamon, withLuisa, ramon, luisa };
    }
  }
  throw new Error("no day with a free slot for both professionals");
}

test("filters by employee and status, a slot click and the N key open the new appointment wizard; on a phone the day view, a scrolling section bar and folded filters", async ({ page }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  await signIn(page, "owner@demo.test");
  const { date, withRamon, withLuisa, luisa } = await bookOneEach(page, stamp);
  const rosa = page.locator(`[data-appointment-id="${withRamon.id}"]`);
  const lucas = page.locator(`[data-appointment-id="${withLuisa.id}"]`);

  await page.goto(`/home/appointments?view=timeGridDay&date=${date}`);
  await expect(page.locator(".fc-timeGridDay-view")).toBeVisible();
  await expect(rosa).toContainText(`Rosa Filtro ${stamp}`);
  await expect(lucas).toContainText(`Lucas Filtro ${stamp}`);
  await page.screenshot({ path: "/tmp/c2-calendar-day-1366.png", fullPage: true });
  await expectNoSeriousViolations(page, "the calendar's day view with appointments");

  // One employee: the other's appointment leaves the calendar; the filter is in the address.
  await page.getByTestId("calendar-filter-employee").selectOption({ label: "Luisa Marte" });
  await expect(rosa).toHaveCount(0);
  await expect(lucas).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`employee=${luisa.id}`));
  // Her working hours are shaded from her schedule: the lunch break (12:00–13:00) is outside them.
  await expect(page.locator(".fc-timegrid-col .fc-non-business").first()).toBeVisible();
  await page.screenshot({ path: "/tmp/c2-calendar-luisa-1366.png", fullPage: true });
  // A status nobody has: nothing; back to all.
  await page.getByTestId("calendar-status-completed").click();
  await expect(page.getByTestId("calendar-status-completed")).toHaveAttribute("aria-pressed", "true");
  await expect(lucas).toHaveCount(0);
  await page.getByTestId("clear-calendar-filters").click();
  await expect(rosa).toBeVisible();
  await expect(lucas).toBeVisible();

  // The view buttons and today/prev/next are reachable with Tab.
  await page.getByTestId("calendar-status-cancelled").focus();
  const reached: string[] = [];
  for (let i = 0; i < 12 && !reached.includes("Semana"); i++) {
    await page.keyboard.press("Tab");
    reached.push(await page.evaluate(() => document.activeElement?.textContent?.trim() || document.activeElement?.getAttribute("title") || ""));
  }
  expect(reached).toContain("Semana");
  expect(reached).toContain("Día");
  await page.keyboard.press("Enter");
  await expect(page.locator(".fc-timeGridWeek-view")).toBeVisible();
  await page.screenshot({ path: "/tmp/c2-calendar-week-1366.png", fullPage: true });

  // 'N' opens the wizard (not while typing); a click on a free slot opens it too.
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("n");
  const wizard = page.getByTestId("appointment-wizard");
  await expect(wizard).toBeVisible();
  await wizard.getByRole("button", { name: "Cancelar" }).click();
  await expect(wizard).toHaveCount(0);
  await page.getByRole("button", { name: "Día", exact: true }).click();
  const lane = page.locator('td.fc-timegrid-slot-lane[data-time="10:00:00"]');
  await lane.scrollIntoViewIfNeeded();
  await lane.click({ position: { x: 200, y: 5 } });
  await expect(wizard).toBeVisible();
  await wizard.getByRole("button", { name: "Cancelar" }).click();

  // The block dialog as it looks.
  await page.getByTestId("block-time").click();
  await expect(page.getByTestId("block-time-dialog")).toBeVisible();
  await page.screenshot({ path: "/tmp/c2-block-1366.png" });
  await page.getByTestId("block-time-dialog").getByRole("button", { name: "Cancelar" }).click();

  // A phone: the day view by default, the sections in one scrolling line, the filters folded away.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/home/appointments?date=${date}`);
  await expect(page.locator(".fc-timeGridDay-view")).toBeVisible();
  await expect(rosa).toBeVisible();
  const nav = page.getByTestId("appointments-nav");
  const overflow = await nav.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, height: el.clientHeight }));
  expect(overflow.scroll).toBeGreaterThan(overflow.client);
  expect(overflow.height).toBeLessThan(70);
  await expect(page.getByTestId("calendar-filters")).toBeHidden();
  await page.getByTestId("toggle-calendar-filters").click();
  await expect(page.getByTestId("calendar-filter-employee")).toBeVisible();
  await page.screenshot({ path: "/tmp/c2-calendar-390.png", fullPage: true });
  // The last section scrolls into view when it is the current one.
  await nav.getByRole("link", { name: "Configuración" }).click();
  await expect(nav.getByRole("link", { name: "Configuración" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Configuración" })).toBeInViewport();
  await page.screenshot({ path: "/tmp/c2-nav-390.png" });
});
