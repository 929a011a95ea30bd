import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysTo, weekday } from "../../../../shared/appointments/availability";
import { businessDate } from "../../../../shared/platform/dates";
import { withTenant } from "../../../db/client";
import { newId } from "../../../ids";
import { type Client, createRoleContext, errorOf, type TestContext } from "../../../test/harness";
import { employeeSchedules, employeeTimeOff } from "../tables";

let t: TestContext;
let owner: Client;
let outsider: Client;
/** acme: Masaje 60 min RD$1,000 (Ana, Beto), Manicure 30 min RD$400 (Ana); Carla works but does no service */
let masaje: string;
let manicure: string;
let ana: string;
let beto: string;
let carla: string;
let theirService: string;
let theirEmployee: string;
let today: string;
/** a Monday at least 3 days ahead, and the Tuesday after it */
let monday: string;
let tuesday: string;

const week = Array.from({ length: 7 }, (_, d) =>
  d === 0 ? { dayOff: true, start: "08:00", end: "18:00", breaks: [] } : { dayOff: false, start: "08:00", end: "18:00", breaks: [{ start: "12:00", end: "13:00" }] },
);

async function schedule(tenantId: string, employeeId: string) {
  await withTenant(t.db, tenantId, (tx) => tx.insert(employeeSchedules).values({ tenantId, id: newId(), employeeId, effectiveFrom: "2020-01-01", days: week }));
}

const booking = (service_id: string, employee_id: string, appointment_date: string, start_time: string) => ({
  customer_name: "Carmen Santos",
  customer_email: "carmen@example.do",
  service_id,
  employee_id,
  appointment_date,
  start_time,
  idempotency_key: newId(),
});

beforeAll(async () => {
  ({ t, owner, outsider } = await createRoleContext());
  const prices = { price2: "0", price3: "0" };
  masaje = (await owner.product.create.mutate({ name: "Masaje", sku: "SRV-MASAJE", price: "1000", ...prices, productType: "service", isScheduleable: true, defaultDuration: 60, isTaxable: false })).id;
  manicure = (await owner.product.create.mutate({ name: "Manicure", sku: "SRV-MANI", price: "400", ...prices, productType: "service", isScheduleable: true, defaultDuration: 30, isTaxable: false })).id;
  ana = (await owner.employee.create.mutate({ name: "Ana" })).id;
  beto = (await owner.employee.create.mutate({ name: "Beto" })).id;
  carla = (await owner.employee.create.mutate({ name: "Carla" })).id;
  await owner.employee.updateProducts.mutate({ employeeId: ana, products: [{ productId: masaje }, { productId: manicure }] });
  await owner.employee.updateProducts.mutate({ employeeId: beto, products: [{ productId: masaje }] });
  for (const id of [ana, beto, carla]) await schedule(t.acme.tenant.id, id);
  theirService = (await outsider.product.create.mutate({ name: "Spa", sku: "SRV-SPA", price: "100", ...prices, productType: "service", isScheduleable: true })).id;
  theirEmployee = (await outsider.employee.create.mutate({ name: "Zoe" })).id;
  await outsider.employee.updateProducts.mutate({ employeeId: theirEmployee, products: [{ productId: theirService }] });
  await schedule(t.other.tenant.id, theirEmployee);

  today = businessDate(new Date(), "America/Santo_Domingo");
  let d = addDaysTo(today, 3);
  while (weekday(d) !== 1) d = addDaysTo(d, 1);
  monday = d;
  tuesday = addDaysTo(d, 1);

  // Beto is off Monday 08:00–10:00 (approved); a pending request of Carla's takes nothing away.
  await withTenant(t.db, t.acme.tenant.id, (tx) =>
    tx.insert(employeeTimeOff).values([
      { tenantId: t.acme.tenant.id, id: newId(), employeeId: beto, startDate: monday, endDate: monday, startTime: "08:00", endTime: "10:00", type: "personal", status: "approved" },
      { tenantId: t.acme.tenant.id, id: newId(), employeeId: carla, startDate: monday, endDate: monday, type: "vacation", status: "pending" },
    ]),
  );

  const a1 = await owner.appointment.create.mutate(booking(masaje, ana, monday, "09:00"));
  const a2 = await owner.appointment.create.mutate(booking(manicure, ana, monday, "10:00"));
  const b1 = await owner.appointment.create.mutate(booking(masaje, beto, monday, "10:00"));
  await owner.appointment.create.mutate(booking(masaje, ana, tuesday, "14:00"));
  await owner.appointment.updateStatus.mutate({ id: b1.id, status: "cancelled", reason: "El cliente llamó" });
  await owner.appointment.updateStatus.mutate({ id: a2.id, status: "no_show" });
  const cash = (await owner.paymentMethod.getAll.query()).find((m) => m.code === "CASH")!.id;
  await owner.appointment.applyPayment.mutate({ appointment_id: a1.id, payment_type: "partial", amount: "250.50", payment_method: cash, generate_invoice: false, idempotency_key: newId() });

  // The other tenant books the same days: never counted in acme's report.
  await outsider.appointment.create.mutate(booking(theirService, theirEmployee, monday, "09:00"));
});
afterAll(() => t.close());

describe("appointment.getReport", () => {
  it("counts, rates, value booked, average and utilization of the period", async () => {
    const r = await owner.appointment.getReport.query({ from: monday, to: tuesday });
    expect(r.period).toEqual({ from: monday, to: tuesday });
    expect(r.summary).toMatchObject({
      appointments: 4,
      active: 3,
      cancelled: 1,
      no_show: 1,
      cancellation_rate: "25.0",
      no_show_rate: "33.3",
      booked_value: "2400.00",
      average_booking_value: "800.00",
      booked_minutes: 150,
      // Ana, Beto and Carla: 2 days × 540 minutes each, minus Beto's approved 2 hours (Carla's pending day counts).
      working_minutes: 3 * 2 * 540 - 120,
      utilization: "4.8",
      // The payment was received today, outside a period that starts next Monday.
      revenue: "0.00",
    });
    expect(r.by_status.find((s) => s.status === "cancelled")?.count).toBe(1);
    expect(r.days).toHaveLength(2);
    expect(r.days[0]).toMatchObject({ date: monday, pending: 1, cancelled: 1, no_show: 1, revenue: "0.00" });
    expect(r.days[1]).toMatchObject({ date: tuesday, pending: 1, cancelled: 0 });
    const byName = Object.fromEntries(r.employees.map((e) => [e.name, e]));
    expect(Object.keys(byName).sort()).toEqual(["Ana", "Beto", "Carla"]);
    expect(byName.Ana).toMatchObject({ appointments: 3, no_show: 1, booked_minutes: 150, working_minutes: 1080, utilization: "13.9", booked_value: "2400.00" });
    expect(byName.Beto).toMatchObject({ appointments: 1, cancelled: 1, cancellation_rate: "100.0", no_show_rate: null, booked_minutes: 0, working_minutes: 960, utilization: "0.0" });
    expect(byName.Carla).toMatchObject({ appointments: 0, cancellation_rate: null, average_booking_value: "0.00", working_minutes: 1080 });
    expect(r.services.map((s) => [s.name, s.appointments, s.booked_value])).toEqual([
      ["Masaje", 3, "2000.00"],
      ["Manicure", 1, "400.00"],
    ]);
    expect(r.counts.today).toBe(0);
  });

  it("revenue is the payments received in the period, by the day they were received", async () => {
    const r = await owner.appointment.getReport.query({ from: today, to: tuesday });
    expect(r.summary.revenue).toBe("250.50");
    expect(r.days.find((d) => d.date === today)?.revenue).toBe("250.50");
    expect(r.employees.find((e) => e.id === ana)?.revenue).toBe("250.50");
    expect(r.services.find((s) => s.id === masaje)?.revenue).toBe("250.50");
  });

  it("filters by employee and by service; utilization counts only the people who do the service", async () => {
    const beto1 = await owner.appointment.getReport.query({ from: monday, to: tuesday, employee_id: beto });
    expect(beto1.summary).toMatchObject({ appointments: 1, cancelled: 1, cancellation_rate: "100.0", working_minutes: 960, utilization: "0.0", booked_value: "0.00" });
    expect(beto1.employees.map((e) => e.name)).toEqual(["Beto"]);
    const mani = await owner.appointment.getReport.query({ from: monday, to: tuesday, service_id: manicure });
    expect(mani.summary).toMatchObject({ appointments: 1, no_show: 1, no_show_rate: "100.0", booked_minutes: 30, working_minutes: 1080, utilization: "2.8" });
    expect(mani.employees.map((e) => e.name)).toEqual(["Ana"]);
    const none = await owner.appointment.getReport.query({ from: monday, to: tuesday, employee_id: carla, service_id: manicure });
    expect(none.summary).toMatchObject({ appointments: 0, cancellation_rate: null, no_show_rate: null, average_booking_value: "0.00" });
  });

  it("a period with nobody working has no utilization, not 0 %", async () => {
    let sunday = monday;
    while (weekday(sunday) !== 0) sunday = addDaysTo(sunday, 1);
    const r = await owner.appointment.getReport.query({ from: sunday, to: sunday });
    expect(r.summary).toMatchObject({ appointments: 0, working_minutes: 0, utilization: null, cancellation_rate: null });
  });

  it("bad input is a clear 400: reversed dates, more than 366 days, a bad date or id", async () => {
    expect(await errorOf(owner.appointment.getReport.query({ from: tuesday, to: monday }))).toMatchObject({ code: "BAD_REQUEST" });
    expect(await errorOf(owner.appointment.getReport.query({ from: "2026-01-01", to: "2027-01-02" }))).toMatchObject({ code: "BAD_REQUEST", message: "to: El período no puede pasar de 366 días" });
    expect((await owner.appointment.getReport.query({ from: "2028-01-01", to: "2028-12-31" })).days).toHaveLength(366);
    expect(await errorOf(owner.appointment.getReport.query({ from: "2026-02-30", to: tuesday }))).toMatchObject({ code: "BAD_REQUEST" });
    expect(await errorOf(owner.appointment.getReport.query({ from: monday, to: tuesday, employee_id: "nope" }))).toMatchObject({ code: "BAD_REQUEST" });
  });

  it("outsider: another tenant's employee or service is NOT_FOUND, and its data is never counted", async () => {
    expect((await errorOf(owner.appointment.getReport.query({ from: monday, to: tuesday, employee_id: theirEmployee }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.appointment.getReport.query({ from: monday, to: tuesday, service_id: theirService }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.appointment.getReport.query({ from: monday, to: tuesday, employee_id: ana }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.appointment.getReport.query({ from: monday, to: tuesday, service_id: masaje }))).code).toBe("NOT_FOUND");
    const theirs = await outsider.appointment.getReport.query({ from: monday, to: tuesday });
    expect(theirs.summary).toMatchObject({ appointments: 1, booked_value: "100.00", working_minutes: 1080 });
    expect(theirs.employees.map((e) => e.name)).toEqual(["Zoe"]);
    expect(theirs.services.map((s) => s.name)).toEqual(["Spa"]);
  });

  it("not signed in: UNAUTHORIZED", async () => {
    const anonymous = await t.client("acme");
    expect((await errorOf(anonymous.appointment.getReport.query({ from: monday, to: tuesday }))).code).toBe("UNAUTHORIZED");
  });
});
