import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { trpcMutation, trpcQuery } from "../catalog-helpers";
import { signIn } from "../support";

const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Santo_Domingo" }).format(new Date());
function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
/** The next `count` working days (Monday to Saturday) from tomorrow. */
function workingDays(count: number): string[] {
  const out: string[] = [];
  for (let d = addDays(today(), 1); out.length < count; d = addDays(d, 1)) if (new Date(`${d}T12:00:00Z`).getUTCDay() !== 0) out.push(d);
  return out;
}
const lastOfMonth = (date: string) => {
  const d = new Date(`${date.slice(0, 7)}-01T12:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  d.setUTCDate(0);
  return d.toISOString().slice(0, 10);
};

type Report = {
  summary: { appointments: number; cancelled: number; active: number; booked_value: string };
  employees: { name: string; appointments: number; cancelled: number }[];
  by_status: { status: string; count: number }[];
};

/** The first free slot of the employee for the service on the date. */
async function firstFree(page: Page, date: string, serviceId: string, employeeId: string): Promise<string> {
  const slots = await trpcQuery<{ time: string; available: boolean }[]>(page, "appointment.getAvailableSlots", { date, service_id: serviceId, employee_id: employeeId });
  const slot = slots.find((s) => s.available);
  if (!slot) throw new Error(`no free slot on ${date}`);
  return slot.time;
}

/** '25.0' -> '25.0 %' as es-DO writes it ('25.0%' in English). */
const percent = (part: number, whole: number, lang: "es" | "en" = "es") => {
  const n = new Intl.NumberFormat(lang === "en" ? "en-US" : "es-DO", { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(Math.round((part * 1000) / whole) / 10);
  return lang === "en" ? `${n}%` : `${n} %`;
};

test("appointment reports: booked and cancelled appointments show in the month's counts, rates, charts and tables (es and en, 1366 and 390 px)", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, "owner@demo.test");
  const services = await trpcQuery<{ data: { id: string; name: string }[] }>(page, "product.getAll", { isScheduleable: true, page: 1, pageSize: 100, search: "", showDeleted: false });
  const clase = services.data.find((s) => s.name === "Clase de cocina dominicana")!;
  const consulta = services.data.find((s) => s.name === "Consulta de catering")!;
  expect(clase && consulta, "the demo's two services").toBeTruthy();
  const staff = await trpcQuery<{ id: string; name: string }[]>(page, "employee.getByService", { serviceId: clase.id });
  const ramon = staff.find((e) => e.name === "Ramón Peña")!;
  const luisa = staff.find((e) => e.name === "Luisa Marte")!;
  expect(ramon && luisa, "the demo's two professionals").toBeTruthy();

  // The month when both days are in it; else the custom period that holds them.
  const [d1, d2] = workingDays(2) as [string, string];
  const monthFrom = `${today().slice(0, 7)}-01`;
  const inMonth = d2 <= lastOfMonth(today());
  const period = inMonth ? { from: monthFrom, to: lastOfMonth(today()) } : { from: d1, to: d2 };
  const before = await trpcQuery<Report>(page, "appointment.getReport", period);

  const stamp = Date.now().toString(36).toUpperCase();
  const book = async (name: string, service: { id: string }, employee: { id: string }, date: string) =>
    trpcMutation<{ id: string }>(page, "appointment.create", {
      customer_name: `${name} ${stamp}`,
      service_id: service.id,
      employee_id: employee.id,
      appointment_date: date,
      start_time: await firstFree(page, date, service.id, employee.id),
      party_size: 1,
      idempotency_key: randomUUID(),
    });
  await book("Ana Reporte", clase, ramon, d1);
  await book("Beto Reporte", consulta, luisa, d1);
  const cancelled = await book("Carla Reporte", consulta, ramon, d2);
  await trpcMutation(page, "appointment.updateStatus", { id: cancelled.id, status: "cancelled", reason: "El cliente llamó" });

  const total = before.summary.appointments + 3;
  const cancelledCount = before.summary.cancelled + 1;
  const ramonBefore = before.employees.find((e) => e.name === "Ramón Peña");

  // The area's 'Reportes' tab opens the month.
  await page.goto("/home/appointments");
  await page.getByTestId("appointments-nav-reports").click();
  await expect(page.getByRole("heading", { level: 2, name: "Reportes de citas" })).toBeVisible();
  await expect(page.getByTestId("report-preset-month")).toHaveAttribute("aria-pressed", "true");
  if (!inMonth) await page.goto(`/home/appointments/reports?period=custom&from=${d1}&to=${d2}`);

  await expect(page.getByTestId("kpi-appointments-value")).toHaveText(String(total));
  await expect(page.getByTestId("kpi-appointments")).toContainText(`Activas: ${total - cancelledCount} · canceladas: ${cancelledCount}`);
  await expect(page.getByTestId("kpi-cancellation-value")).toHaveText(percent(cancelledCount, total));
  await expect(page.getByTestId("kpi-cancellation")).toContainText(`Canceladas: ${cancelledCount} de ${total}`);
  await expect(page.getByTestId("kpi-revenue-value")).toContainText("RD$");
  await expect(page.getByTestId("kpi-utilization-value")).toHaveText(/^\d+[.,]\d %$/);
  await expect(page.getByTestId("status-row-cancelled")).toContainText(String(cancelledCount));
  // Charts drawn (stacked bars per day, revenue line, utilization bars, status donut).
  for (const id of ["chart-per-day", "chart-revenue", "chart-utilization", "chart-status"]) await expect(page.getByTestId(id).locator("svg.recharts-surface").first()).toBeVisible();
  await expect(page.getByTestId("chart-per-day").locator(".recharts-bar-rectangle").first()).toBeVisible();
  // The tables beneath: Ramón has two more appointments, one of them cancelled.
  const ramonRow = page.getByTestId("employee-row").filter({ hasText: "Ramón Peña" });
  await expect(ramonRow.locator("td").nth(1)).toHaveText(String((ramonBefore?.appointments ?? 0) + 2));
  await expect(ramonRow.locator("td").nth(2)).toHaveText(String((ramonBefore?.cancelled ?? 0) + 1));
  await expect(page.getByTestId("service-row").filter({ hasText: "Consulta de catering" })).toBeVisible();
  // The day table: the second day holds the cancelled one.
  const day2 = page.getByTestId("day-row").filter({ hasText: d2.split("-").reverse().join("/") });
  await expect(day2.locator("td").nth(6)).not.toHaveText("0");
  await page.screenshot({ path: "/tmp/f/reports-1366.png", fullPage: true });

  // Filter by Luisa: only her appointment of the new ones, nothing cancelled by her.
  const luisaBefore = before.employees.find((e) => e.name === "Luisa Marte");
  await page.getByTestId("report-employee").selectOption({ label: "Luisa Marte" });
  await expect(page).toHaveURL(/employee=/);
  await expect(page.getByTestId("kpi-appointments-value")).toHaveText(String((luisaBefore?.appointments ?? 0) + 1));
  await expect(page.getByTestId("employee-row")).toHaveCount(1);
  await page.getByTestId("report-employee").selectOption({ value: "" });
  await expect(page.getByTestId("kpi-appointments-value")).toHaveText(String(total));

  // 'Hoy' (nothing booked for today by this flow) and back to the month; a reversed custom range is explained.
  await page.getByTestId("report-preset-today").click();
  await expect(page.getByTestId("report-period")).toContainText(today().split("-").reverse().join("/"));
  await page.getByTestId("report-preset-month").click();
  await expect(page.getByTestId("kpi-appointments-value")).toHaveText(inMonth ? String(total) : /\d+/);

  // A phone: the cards two by two, the tables stacked, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  if (!inMonth) await page.goto(`/home/appointments/reports?period=custom&from=${d1}&to=${d2}`);
  await expect(page.getByTestId("kpi-cancellation-value")).toHaveText(percent(cancelledCount, total));
  // (the charts follow the new width on their next resize observation)
  await expect
    .poll(() =>
      page.evaluate(() =>
        document.documentElement.scrollWidth > window.innerWidth + 1
          ? [...document.querySelectorAll("body *")]
              .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
              .filter((el) => {
                for (let p = el.parentElement; p; p = p.parentElement) if (["auto", "scroll", "hidden"].includes(getComputedStyle(p).overflowX)) return false;
                return true;
              }).map((el) => `${el.tagName}.${el.className}`.slice(0, 80)).slice(0, 5)
          : [],
      ),
    )
    .toEqual([]);
  await page.screenshot({ path: "/tmp/f/reports-390.png", fullPage: true });

  // English: the same figures in the other catalog.
  await page.evaluate(() => localStorage.setItem("language", "en"));
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.reload();
  await expect(page.getByRole("heading", { level: 2, name: "Appointment reports" })).toBeVisible();
  await expect(page.getByTestId("kpi-cancellation")).toContainText("Cancellation rate");
  await expect(page.getByTestId("kpi-cancellation-value")).toHaveText(percent(cancelledCount, total, "en"));
  await expect(page.getByTestId("kpi-cancellation")).toContainText(`Cancelled: ${cancelledCount} of ${total}`);
  await page.screenshot({ path: "/tmp/f/reports-en-1366.png", fullPage: true });
  await page.evaluate(() => localStorage.setItem("language", "es"));
});
