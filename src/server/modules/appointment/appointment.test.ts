import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysTo, weekday } from "../../../shared/appointments/availability";
import { businessDate } from "../../../shared/platform/dates";
import { withTenant } from "../../db/client";
import { newId } from "../../ids";
import { type Client, createRoleContext, errorOf, type TestContext } from "../../test/harness";
import { appointmentPolicies, employeeSchedules } from "./tables";

let t: TestContext;
let owner: Client;
let cashier: Client;
let outsider: Client;
/** acme: a 60-minute service (RD$1,000) done by Ana and Beto; a 30-minute one done by Ana only */
let masaje: string;
let manicure: string;
let ana: string;
let beto: string;
let carla: string;
let cash: string;
let b02: string;
/** other's */
let theirService: string;
let theirEmployee: string;
/** a Monday (working day) at least 3 days ahead, and the Tuesday after it */
let monday: string;
let tuesday: string;

const week = Array.from({ length: 7 }, (_, d) =>
  d === 0 ? { dayOff: true, start: "08:00", end: "18:00", breaks: [] } : { dayOff: false, start: "08:00", end: "18:00", breaks: [{ start: "12:00", end: "13:00" }] },
);
const key = () => newId();
const booking = (over: Record<string, unknown> = {}) => ({
  customer_name: "Carmen Santos",
  customer_email: "carmen@example.do",
  customer_phone: "849-555-0123",
  service_id: masaje,
  appointment_date: monday,
  start_time: "09:00",
  idempotency_key: key(),
  ...over,
});

async function schedule(tenantId: string, employeeId: string) {
  await withTenant(t.db, tenantId, (tx) => tx.insert(employeeSchedules).values({ tenantId, id: newId(), employeeId, effectiveFrom: "2020-01-01", days: week }));
}

beforeAll(async () => {
  ({ t, owner, cashier, outsider } = await createRoleContext());
  const prices = { price2: "0", price3: "0" };
  masaje = (await owner.product.create.mutate({ name: "Masaje", sku: "SRV-MASAJE", price: "1000", ...prices, productType: "service", isScheduleable: true, defaultDuration: 60 })).id;
  manicure = (await owner.product.create.mutate({ name: "Manicure", sku: "SRV-MANI", price: "400", ...prices, productType: "service", isScheduleable: true, defaultDuration: 30 })).id;
  ana = (await owner.employee.create.mutate({ name: "Ana" })).id;
  beto = (await owner.employee.create.mutate({ name: "Beto" })).id;
  carla = (await owner.employee.create.mutate({ name: "Carla" })).id;
  await owner.employee.updateProducts.mutate({ employeeId: ana, products: [{ productId: masaje }, { productId: manicure }] });
  await owner.employee.updateProducts.mutate({ employeeId: beto, products: [{ productId: masaje }] });
  for (const id of [ana, beto, carla]) await schedule(t.acme.tenant.id, id);
  theirService = (await outsider.product.create.mutate({ name: "Spa", sku: "SRV-SPA", price: "100", ...prices, productType: "service", isScheduleable: true })).id;
  theirEmployee = (await outsider.employee.create.mutate({ name: "Zoe" })).id;
  await outsider.employee.updateProducts.mutate({ employeeId: theirEmployee, products: [{ productId: theirService }] });
  cash = (await owner.paymentMethod.getAll.query()).find((m) => m.code === "CASH")!.id;
  b02 = (await owner.ncf.getTypes.query()).find((x) => x.code === "B02")!.id;
  const today = businessDate(new Date(), "America/Santo_Domingo");
  let d = addDaysTo(today, 3);
  while (weekday(d) !== 1) d = addDaysTo(d, 1);
  monday = d;
  tuesday = addDaysTo(d, 1);
});
afterAll(() => t.close());

describe("appointment.getAvailableSlots", () => {
  it("derives the day's slots from the schedule, its break and the service's duration", async () => {
    const slots = await cashier.appointment.getAvailableSlots.query({ date: monday, service_id: masaje });
    expect(slots[0]).toEqual({ time: "08:00", available: true });
    expect(slots.at(-1)).toEqual({ time: "17:00", available: true });
    const byTime = Object.fromEntries(slots.map((s) => [s.time, s.available]));
    // A 60-minute service cannot straddle the 12:00–13:00 break.
    expect(byTime["11:00"]).toBe(true);
    expect(byTime["11:30"]).toBe(false);
    expect(byTime["12:00"]).toBe(false);
    expect(byTime["12:30"]).toBe(false);
    expect(byTime["13:00"]).toBe(true);
    expect(slots.every((s) => s.time >= "08:00" && s.time <= "17:00")).toBe(true);
  });

  it("a day off has no slots; an employee not assigned is refused", async () => {
    let sunday = monday;
    while (weekday(sunday) !== 0) sunday = addDaysTo(sunday, 1);
    expect(await owner.appointment.getAvailableSlots.query({ date: sunday, service_id: masaje })).toEqual([]);
    expect(await errorOf(owner.appointment.getAvailableSlots.query({ date: monday, service_id: masaje, employee_id: carla }))).toMatchObject({
      code: "BAD_REQUEST",
      message: "El profesional no atiende este servicio",
    });
  });

  it("bad input is a clear 400; another tenant's service or employee is NOT_FOUND", async () => {
    expect(await errorOf(owner.appointment.getAvailableSlots.query({ date: "2026-02-30", service_id: masaje }))).toMatchObject({ code: "BAD_REQUEST" });
    expect((await errorOf(owner.appointment.getAvailableSlots.query({ date: monday, service_id: theirService }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.appointment.getAvailableSlots.query({ date: monday, service_id: masaje, employee_id: theirEmployee }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.appointment.getAvailableSlots.query({ date: monday, service_id: masaje }))).code).toBe("NOT_FOUND");
  });
});

describe("appointment.create", () => {
  it("books the least-recently-booked free employee, then the other, then refuses the full slot", async () => {
    const first = await cashier.appointment.create.mutate(booking({ start_time: "10:00" }));
    expect(first).toMatchObject({ appointment_number: "000001", status: "pending", appointment_date: monday, start_time: "10:00", total_amount: "1000.00" });
    const second = await cashier.appointment.create.mutate(booking({ start_time: "10:00", customer_name: "Luis Fernández", customer_email: "luis@example.do" }));
    expect(new Set([first.employee_id, second.employee_id])).toEqual(new Set([ana, beto]));
    expect(await errorOf(cashier.appointment.create.mutate(booking({ start_time: "10:00" })))).toMatchObject({
      code: "BAD_REQUEST",
      message: "No hay disponibilidad para la hora seleccionada",
    });
    // Overlapping by half an hour is also busy; the slot shows as not available.
    expect((await errorOf(cashier.appointment.create.mutate(booking({ start_time: "10:30" })))).message).toBe("No hay disponibilidad para la hora seleccionada");
    const slots = await cashier.appointment.getAvailableSlots.query({ date: monday, service_id: masaje });
    expect(slots.find((s) => s.time === "10:00")).toEqual({ time: "10:00", available: false });
    expect(slots.find((s) => s.time === "11:00")).toEqual({ time: "11:00", available: true });
  });

  it("the same idempotency key twice books once", async () => {
    const k = key();
    const a = await cashier.appointment.create.mutate(booking({ start_time: "14:00", employee_id: ana, idempotency_key: k }));
    const b = await cashier.appointment.create.mutate(booking({ start_time: "14:00", employee_id: ana, idempotency_key: k }));
    expect(b.id).toBe(a.id);
    const list = await owner.appointment.getAll.query({ from: monday, to: monday, employee_ids: [ana] });
    expect(list.items.filter((r) => r.start_time === "14:00")).toHaveLength(1);
  });

  it("finds the customer by e-mail, or creates one from the typed name", async () => {
    const list = await owner.appointment.getAll.query({ from: monday, to: monday, search: "carmen" });
    const ids = new Set(list.items.map((r) => r.customer_id));
    expect(ids.size).toBe(1);
    const customer = await owner.customer.getById.query({ id: [...ids][0]! });
    expect(customer).toMatchObject({ name: "Carmen Santos", email: "carmen@example.do" });
  });

  it("refuses the past, outside the schedule, past the maximum advance and under the minimum notice", async () => {
    const yesterday = addDaysTo(businessDate(new Date(), "America/Santo_Domingo"), -1);
    expect((await errorOf(cashier.appointment.create.mutate(booking({ appointment_date: yesterday })))).message).toBe("Por favor seleccione una fecha futura");
    expect((await errorOf(cashier.appointment.create.mutate(booking({ start_time: "07:00" })))).message).toBe("No hay disponibilidad para la hora seleccionada");
    expect((await errorOf(cashier.appointment.create.mutate(booking({ start_time: "17:30" })))).message).toBe("No hay disponibilidad para la hora seleccionada");
    expect((await errorOf(cashier.appointment.create.mutate(booking({ appointment_date: addDaysTo(monday, 120) })))).message).toBe(
      "No se puede reservar con más de 60 días de anticipación",
    );
    await withTenant(t.db, t.acme.tenant.id, (tx) => tx.insert(appointmentPolicies).values({ tenantId: t.acme.tenant.id, id: newId(), minNoticeHours: 24 * 30 }));
    try {
      expect((await errorOf(cashier.appointment.create.mutate(booking({ start_time: "15:00" })))).message).toBe("Se requiere un aviso mínimo de 720 horas");
    } finally {
      await withTenant(t.db, t.acme.tenant.id, (tx) => tx.delete(appointmentPolicies).where(undefined as never));
    }
  });

  it("a booking starts 'pending', or 'confirmed' when the booking settings auto-confirm", async () => {
    expect((await cashier.appointment.create.mutate(booking({ start_time: "14:00", appointment_date: addDaysTo(monday, 7) }))).status).toBe("pending");
    await withTenant(t.db, t.acme.tenant.id, (tx) => tx.insert(appointmentPolicies).values({ tenantId: t.acme.tenant.id, id: newId(), autoConfirm: true }));
    try {
      const appt = await cashier.appointment.create.mutate(booking({ start_time: "15:00", appointment_date: addDaysTo(monday, 7) }));
      expect(appt.status).toBe("confirmed");
      expect((await owner.appointment.getById.query({ id: appt.id })).history.map((h) => [h.from_status, h.to_status])).toEqual([[null, "confirmed"]]);
    } finally {
      await withTenant(t.db, t.acme.tenant.id, (tx) => tx.delete(appointmentPolicies).where(undefined as never));
    }
  });

  it("an employee not assigned to the service, a bad party size and bad fields are clear 400s", async () => {
    expect((await errorOf(cashier.appointment.create.mutate(booking({ employee_id: carla })))).message).toBe("El profesional no atiende este servicio");
    expect((await errorOf(cashier.appointment.create.mutate(booking({ party_size: 3 })))).message).toBe("La cantidad de personas debe estar entre 1 y 1");
    expect(await errorOf(cashier.appointment.create.mutate(booking({ customer_name: "  " })))).toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("Por favor ingrese el nombre del cliente") });
    expect(await errorOf(cashier.appointment.create.mutate(booking({ start_time: "25:00" })))).toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("Por favor seleccione fecha y hora") });
    expect(await errorOf(cashier.appointment.create.mutate(booking({ service_id: "" })))).toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("Por favor seleccione un servicio") });
  });

  it("another tenant's service, employee or customer is NOT_FOUND", async () => {
    expect((await errorOf(cashier.appointment.create.mutate(booking({ service_id: theirService })))).code).toBe("NOT_FOUND");
    expect((await errorOf(cashier.appointment.create.mutate(booking({ employee_id: theirEmployee })))).code).toBe("NOT_FOUND");
    const theirCustomer = (await outsider.customer.create.mutate({ name: "Ajeno" })).id;
    expect((await errorOf(cashier.appointment.create.mutate(booking({ customer_id: theirCustomer, start_time: "15:00" })))).code).toBe("NOT_FOUND");
  });
});

describe("status, reschedule and block time", () => {
  let id: string;
  beforeAll(async () => {
    id = (await owner.appointment.create.mutate(booking({ service_id: manicure, start_time: "16:00", appointment_date: tuesday }))).id;
  });

  it("moves along the transition table and records the history; a forbidden change is a 400", async () => {
    expect((await owner.appointment.updateStatus.mutate({ id, status: "confirmed" })).status).toBe("confirmed");
    const detail = await owner.appointment.getById.query({ id });
    expect(detail.history.map((h) => [h.from_status, h.to_status])).toEqual([
      [null, "pending"],
      ["pending", "confirmed"],
    ]);
    expect(detail.allowed_statuses).toEqual(["completed", "cancelled", "no_show", "pending"]);
    // Staff changes name who made them.
    expect(detail.history.map((h) => h.user_name)).toEqual(["Owner acme", "Owner acme"]);
    const other = (await owner.appointment.create.mutate(booking({ service_id: manicure, start_time: "08:00", appointment_date: tuesday }))).id;
    await owner.appointment.updateStatus.mutate({ id: other, status: "cancelled", reason: "El cliente llamó" });
    expect(await errorOf(owner.appointment.updateStatus.mutate({ id: other, status: "confirmed" }))).toMatchObject({ code: "BAD_REQUEST" });
    // A cancelled appointment frees its time.
    expect((await owner.appointment.getAvailableSlots.query({ date: tuesday, service_id: manicure, employee_id: ana })).find((s) => s.time === "08:00")?.available).toBe(true);
  });

  it("reschedule re-checks availability (not against itself) and refuses a busy slot", async () => {
    const busy = await owner.appointment.create.mutate(booking({ service_id: manicure, start_time: "09:00", appointment_date: tuesday, employee_id: ana }));
    expect((await errorOf(owner.appointment.reschedule.mutate({ id, appointment_date: tuesday, start_time: "09:00" }))).message).toBe("No hay disponibilidad para la hora seleccionada");
    // Moving by 15 minutes overlaps only itself.
    const moved = await owner.appointment.reschedule.mutate({ id, appointment_date: tuesday, start_time: "16:30" });
    expect(moved).toMatchObject({ status: "rescheduled", start_time: "16:30", end_time: "17:00", employee_id: ana });
    expect((await owner.appointment.getById.query({ id })).history.at(-1)).toMatchObject({ to_status: "rescheduled", note: `${tuesday} 16:00` });
    expect(busy.employee_id).toBe(ana);
  });

  it("block time takes the range out of the slots and shows on the calendar", async () => {
    await owner.appointment.blockTime.mutate({ employee_id: ana, date: tuesday, start_time: "10:00", end_time: "11:00", reason: "Reunión" });
    const slots = await owner.appointment.getAvailableSlots.query({ date: tuesday, service_id: manicure });
    expect(slots.filter((s) => s.time >= "10:00" && s.time < "11:00").every((s) => !s.available)).toBe(true);
    expect(slots.find((s) => s.time === "11:00")?.available).toBe(true);
    const calendar = await owner.appointment.getCalendar.query({ from: tuesday, to: tuesday });
    expect(calendar.blocks).toEqual([expect.objectContaining({ employee_id: ana, start_time: "10:00", end_time: "11:00", reason: "Reunión", type: "other" })]);
    expect(calendar.appointments.map((a) => a.start_time)).toEqual(["08:00", "09:00", "16:30"]);
  });

  it("another tenant's appointment or employee is NOT_FOUND everywhere", async () => {
    expect((await errorOf(outsider.appointment.getById.query({ id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.appointment.updateStatus.mutate({ id, status: "completed" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.appointment.reschedule.mutate({ id, appointment_date: tuesday, start_time: "08:00" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.appointment.blockTime.mutate({ employee_id: ana, date: tuesday, start_time: "08:00", end_time: "09:00" }))).code).toBe("NOT_FOUND");
    expect((await outsider.appointment.getAll.query({ from: monday, to: tuesday })).total).toBe(0);
    expect((await outsider.appointment.getCalendar.query({ from: monday, to: tuesday })).blocks).toEqual([]);
  });
});

describe("appointment.applyPayment", () => {
  it("a deposit with an invoice issues the appointment's invoice (NCF, rest owed); later payments go on it", async () => {
    const appt = await owner.appointment.create.mutate(booking({ start_time: "15:00", appointment_date: tuesday, customer_name: "Pedro Pago", customer_email: "pedro@example.do" }));
    const row = await owner.appointment.getById.query({ id: appt.id });
    expect(row).toMatchObject({ total_amount: "1000.00", deposit_amount: "300.00", balance_due: "1000.00", amount_paid: "0.00" });
    const k = key();
    const paid = await owner.appointment.applyPayment.mutate({ appointment_id: appt.id, payment_type: "deposit", amount: "300", payment_method: cash, generate_invoice: true, ncf_type_id: b02, idempotency_key: k });
    expect(paid).toMatchObject({ amount_paid: "300.00", balance_due: "700.00", order_number: `APT-${appt.appointment_number}`, customer_name: "Pedro Pago" });
    expect(paid.invoice?.number).toMatch(/^FAC-\d{6}$/);
    expect(paid.invoice?.ncf).toMatch(/^B02\d{8}$/);
    const invoice = await owner.invoice.getById.query({ id: paid.invoice!.id });
    expect(invoice).toMatchObject({ total: "1000.00", balanceDue: "700.00" });
    // The same key again: the first result, nothing paid twice.
    const again = await owner.appointment.applyPayment.mutate({ appointment_id: appt.id, payment_type: "deposit", amount: "300", payment_method: cash, generate_invoice: true, ncf_type_id: b02, idempotency_key: k });
    expect(again).toMatchObject({ payment_id: paid.payment_id, amount_paid: "300.00" });
    const partial = await owner.appointment.applyPayment.mutate({ appointment_id: appt.id, payment_type: "partial", amount: "200.50", payment_method: cash, generate_invoice: true, ncf_type_id: b02, idempotency_key: key() });
    expect(partial).toMatchObject({ amount_paid: "500.50", balance_due: "499.50", invoice: { id: paid.invoice!.id } });
    expect((await owner.invoice.getById.query({ id: paid.invoice!.id })).balanceDue).toBe("499.50");
    expect((await errorOf(owner.appointment.applyPayment.mutate({ appointment_id: appt.id, payment_type: "partial", amount: "600", payment_method: cash, generate_invoice: true, ncf_type_id: b02 }))).message).toBe(
      "El monto supera el balance pendiente",
    );
    const full = await owner.appointment.applyPayment.mutate({ appointment_id: appt.id, payment_type: "full", amount: "499.50", payment_method: cash, generate_invoice: true, ncf_type_id: b02 });
    expect(full).toMatchObject({ amount_paid: "1000.00", balance_due: "0.00" });
    expect((await owner.invoice.getById.query({ id: paid.invoice!.id })).balanceDue).toBe("0.00");
    const detail = await owner.appointment.getById.query({ id: appt.id });
    expect(detail.payments.map((p) => [p.payment_type, p.amount, p.deposit_status, p.invoice_number])).toEqual([
      ["deposit", "300.00", "applied", paid.invoice!.number],
      ["partial", "200.50", null, paid.invoice!.number],
      ["full", "499.50", null, paid.invoice!.number],
    ]);
    expect(detail.invoice_number).toBe(paid.invoice!.number);
  });

  it("a deposit without an invoice stays 'paid' on the appointment until the invoice applies it", async () => {
    const appt = await owner.appointment.create.mutate(booking({ start_time: "13:00", appointment_date: tuesday, customer_name: "Rosa Sin Factura", customer_email: "rosa@example.do" }));
    const deposit = await owner.appointment.applyPayment.mutate({ appointment_id: appt.id, payment_type: "deposit", amount: "300", payment_method: cash, generate_invoice: false });
    expect(deposit).toMatchObject({ amount_paid: "300.00", balance_due: "700.00", invoice: null });
    expect((await owner.appointment.getById.query({ id: appt.id })).payments[0]).toMatchObject({ deposit_status: "paid", invoice_number: null });
    const full = await owner.appointment.applyPayment.mutate({ appointment_id: appt.id, payment_type: "full", amount: "700", payment_method: cash, generate_invoice: true, ncf_type_id: b02 });
    const invoice = await owner.invoice.getById.query({ id: full.invoice!.id });
    expect(invoice).toMatchObject({ total: "1000.00", balanceDue: "0.00" });
    expect((await owner.appointment.getById.query({ id: appt.id })).payments.map((p) => [p.deposit_status, p.invoice_number])).toEqual([
      ["applied", full.invoice!.number],
      [null, full.invoice!.number],
    ]);
  });

  it("the spec's refusals: invalid amount, NCF required, method required, full must be the balance, cancelled", async () => {
    const appt = await owner.appointment.create.mutate(booking({ start_time: "08:00", appointment_date: monday, employee_id: ana }));
    const base = { appointment_id: appt.id, payment_method: cash, generate_invoice: false };
    expect(await errorOf(owner.appointment.applyPayment.mutate({ ...base, payment_type: "partial", amount: "0" }))).toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("Por favor ingrese un monto válido") });
    expect(await errorOf(owner.appointment.applyPayment.mutate({ ...base, amount: "10", generate_invoice: true }))).toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("Por favor seleccione un tipo de comprobante fiscal (NCF) para generar la factura"),
    });
    expect(await errorOf(owner.appointment.applyPayment.mutate({ ...base, amount: "10", payment_method: "" }))).toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("Seleccione un método de pago") });
    expect((await errorOf(owner.appointment.applyPayment.mutate({ ...base, payment_type: "full", amount: "10" }))).message).toBe("El pago completo debe ser el balance pendiente (1000.00)");
    await owner.appointment.updateStatus.mutate({ id: appt.id, status: "cancelled" });
    expect((await errorOf(owner.appointment.applyPayment.mutate({ ...base, amount: "10", payment_type: "partial" }))).message).toBe("La cita está cancelada: no admite pagos");
    expect((await errorOf(outsider.appointment.applyPayment.mutate({ ...base, amount: "10", payment_type: "partial" }))).code).toBe("NOT_FOUND");
  });
});

describe("double booking", () => {
  it("two clients booking the last free slot at the same moment: exactly one succeeds", async () => {
    // Beto is the only one left at 17:00 on Monday once Ana is booked there.
    await owner.appointment.create.mutate(booking({ start_time: "17:00", employee_id: ana }));
    const tries = await Promise.allSettled([1, 2, 3].map((n) => owner.appointment.create.mutate(booking({ start_time: "17:00", customer_name: `Cliente ${n}` }))));
    const ok = tries.filter((r) => r.status === "fulfilled");
    expect(ok).toHaveLength(1);
    expect((ok[0] as PromiseFulfilledResult<{ employee_id: string }>).value.employee_id).toBe(beto);
    for (const r of tries.filter((x) => x.status === "rejected")) expect(String((r as PromiseRejectedResult).reason.message)).toBe("No hay disponibilidad para la hora seleccionada");
  });
});
