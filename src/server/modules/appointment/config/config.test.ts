import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultWeek } from "../../../../shared/appointments/config";
import { businessDate } from "../../../../shared/platform/dates";
import { withTenant } from "../../../db/client";
import { newId } from "../../../ids";
import { type Client, createRoleContext, errorOf, type TestContext } from "../../../test/harness";
import { employeeProducts } from "../../employee/tables";
import { getPolicyRow } from "./service";

/**
 * Appointment configuration (issue 15 §4) through the router on a real database: services'
 * booking settings, employee service assignments with overrides, weekly schedules, time off with
 * approval, the booking policy; the spec's messages on bad input; another tenant's ids NOT_FOUND.
 */
let t: TestContext;
let owner: Client;
let cashier: Client;
let outsider: Client;
let catering: string;
let clase: string;
let plain: string;
let ramon: string;
let luisa: string;
let theirService: string;
let theirEmployee: string;

const today = businessDate(new Date(), "America/Santo_Domingo");
const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function service(c: Client, name: string, sku: string, isScheduleable = true) {
  const p = await c.product.create.mutate({ name, sku, productType: "service", price: "500", price2: "500", price3: "500", isTaxable: false, isScheduleable } as Parameters<typeof c.product.create.mutate>[0]);
  return p.id as string;
}
async function employee(c: Client, name: string) {
  const e = await c.employee.create.mutate({ name } as Parameters<typeof c.employee.create.mutate>[0]);
  return e.id as string;
}

beforeAll(async () => {
  ({ t, owner, cashier, outsider } = await createRoleContext());
  catering = await service(owner, "Consulta de catering", "CITA-CATERING");
  clase = await service(owner, "Clase de cocina dominicana", "CITA-CLASE");
  plain = await service(owner, "Entrega a domicilio", "ENTREGA", false);
  ramon = await employee(owner, "Ramón Peña");
  luisa = await employee(owner, "Luisa Marte");
  theirService = await service(outsider, "Servicio ajeno", "AJENO");
  theirEmployee = await employee(outsider, "Empleado ajeno");
});
afterAll(() => t.close());

const config = (over: Record<string, unknown> = {}) => ({
  service_id: catering,
  duration_minutes: 45,
  buffer_before: 10,
  buffer_after: 15,
  min_attendees: 1,
  max_attendees: 4,
  allow_employee_selection: false,
  auto_payment_link: true,
  ...over,
});

describe("services", () => {
  it("getServices lists only the tenant's schedulable services with their defaults", async () => {
    const rows = await owner.appointment.getServices.query();
    expect(rows.map((r) => r.name)).toEqual(["Clase de cocina dominicana", "Consulta de catering"]);
    expect(rows[1]).toMatchObject({ sku: "CITA-CATERING", price: "500.00", duration_minutes: 30, buffer_before: 0, buffer_after: 0, min_attendees: 1, max_attendees: 1, employee_count: 0 });
    expect((await outsider.appointment.getServices.query()).map((r) => r.name)).toEqual(["Servicio ajeno"]);
  });
  it("updateServiceConfig writes the product's columns", async () => {
    const saved = await owner.appointment.updateServiceConfig.mutate({ ...config(), min_notice_hours: 2, max_advance_days: 30 });
    expect(saved).toMatchObject({ duration_minutes: 45, buffer_before: 10, buffer_after: 15, max_attendees: 4, allow_employee_selection: false, auto_payment_link: true, min_notice_hours: 2, max_advance_days: 30 });
    const again = (await owner.appointment.getServices.query()).find((r) => r.id === catering);
    expect(again).toMatchObject({ duration_minutes: 45, buffer_after: 15 });
    const product = await owner.product.getById.query({ id: catering } as never);
    expect(product).toMatchObject({ defaultDuration: 45, bufferTime: 15, bufferBefore: 10 });
  });
  it("the spec's messages: duration at least 15, max attendees not below min", async () => {
    const short = await errorOf(owner.appointment.updateServiceConfig.mutate(config({ duration_minutes: 10 })));
    expect(short).toMatchObject({ code: "BAD_REQUEST" });
    expect(short.message).toContain("La duración debe ser de al menos 15 minutos");
    const attendees = await errorOf(owner.appointment.updateServiceConfig.mutate(config({ min_attendees: 5, max_attendees: 2 })));
    expect(attendees.message).toContain("El máximo de asistentes no puede ser menor que el mínimo");
  });
  it("a product that is not schedulable, an unknown id and another tenant's service are NOT_FOUND; a cashier may not configure", async () => {
    expect(await errorOf(owner.appointment.updateServiceConfig.mutate(config({ service_id: plain })))).toMatchObject({ code: "NOT_FOUND" });
    expect(await errorOf(owner.appointment.updateServiceConfig.mutate(config({ service_id: newId() })))).toMatchObject({ code: "NOT_FOUND" });
    expect(await errorOf(outsider.appointment.updateServiceConfig.mutate(config()))).toMatchObject({ code: "NOT_FOUND" });
    expect(await errorOf(owner.appointment.updateServiceConfig.mutate(config({ service_id: theirService })))).toMatchObject({ code: "NOT_FOUND" });
    expect(await errorOf(cashier.appointment.updateServiceConfig.mutate(config()))).toMatchObject({ code: "FORBIDDEN" });
    expect((await cashier.appointment.getServices.query()).length).toBe(2);
  });
});

describe("employees", () => {
  it("getEmployees: the tenant's active employees with their schedulable services; a cashier may read it", async () => {
    const inactive = await employee(owner, "Pedro Inactivo");
    await owner.employee.delete.mutate({ id: inactive });
    expect((await owner.appointment.getEmployees.query()).map((e) => e.name)).toEqual(["Luisa Marte", "Ramón Peña"]);
    expect((await cashier.appointment.getEmployees.query()).length).toBe(2);
    expect((await outsider.appointment.getEmployees.query()).map((e) => e.name)).toEqual(["Empleado ajeno"]);
  });
});

describe("assignments", () => {
  let ramonCatering: string;
  it("saveAssignment creates the link with overrides; getAssignments by employee and by service", async () => {
    const a = await owner.appointment.saveAssignment.mutate({ employee_id: ramon, service_id: catering, duration_override: 60, price_override: "750", buffer_after_override: 5, max_concurrent_bookings: 2 });
    ramonCatering = a.id;
    expect(a).toMatchObject({ employee_name: "Ramón Peña", service_name: "Consulta de catering", duration_override: 60, price_override: "750.00", buffer_before_override: null, buffer_after_override: 5, max_concurrent_bookings: 2, is_active: true });
    await owner.appointment.saveAssignment.mutate({ employee_id: luisa, service_id: catering });
    await owner.appointment.saveAssignment.mutate({ employee_id: ramon, service_id: clase });
    expect((await owner.appointment.getAssignments.query({ employee_id: ramon })).map((r) => r.service_name)).toEqual(["Clase de cocina dominicana", "Consulta de catering"]);
    expect((await owner.appointment.getAssignments.query({ service_id: catering })).map((r) => r.employee_name)).toEqual(["Luisa Marte", "Ramón Peña"]);
    expect((await owner.appointment.getAssignments.query()).length).toBe(3);
    expect((await owner.appointment.getServices.query()).find((s) => s.id === catering)?.employee_count).toBe(2);
    expect((await owner.appointment.getEmployees.query()).map((e) => [e.name, e.service_count])).toEqual([
      ["Luisa Marte", 1],
      ["Ramón Peña", 2],
    ]);
  });
  it("saving again updates the same row and keeps its commission percentage", async () => {
    await withTenant(t.db, t.acme.tenant.id, (tx) => tx.update(employeeProducts).set({ commissionPercentage: "12.50" }));
    const again = await owner.appointment.saveAssignment.mutate({ employee_id: ramon, service_id: catering, duration_override: null, price_override: "", max_concurrent_bookings: 1 });
    expect(again).toMatchObject({ id: ramonCatering, duration_override: null, price_override: null, buffer_after_override: 5, max_concurrent_bookings: 1 });
    const employee = await owner.employee.getById.query({ id: ramon } as never);
    expect((employee as { products: { productId: string; commissionPercentage: string | null }[] }).products.find((p) => p.productId === catering)?.commissionPercentage).toBe("12.50");
  });
  it("setAssignmentActive turns a link off and on; the service's count follows", async () => {
    expect(await owner.appointment.setAssignmentActive.mutate({ id: ramonCatering, is_active: false })).toMatchObject({ is_active: false });
    expect((await owner.appointment.getServices.query()).find((s) => s.id === catering)?.employee_count).toBe(1);
    expect(await owner.appointment.setAssignmentActive.mutate({ id: ramonCatering, is_active: true })).toMatchObject({ is_active: true });
  });
  it("'Please select both employee and service'; limits; a product not schedulable", async () => {
    const both = await errorOf(owner.appointment.saveAssignment.mutate({ employee_id: "", service_id: catering }));
    expect(both).toMatchObject({ code: "BAD_REQUEST" });
    expect(both.message).toContain("Por favor seleccione empleado y servicio");
    expect((await errorOf(owner.appointment.saveAssignment.mutate({ employee_id: ramon, service_id: catering, max_concurrent_bookings: 51 }))).code).toBe("BAD_REQUEST");
    expect(await errorOf(owner.appointment.saveAssignment.mutate({ employee_id: ramon, service_id: plain }))).toMatchObject({ code: "NOT_FOUND" });
  });
  it("outsiders: another tenant's employee, service or assignment is NOT_FOUND", async () => {
    expect(await errorOf(outsider.appointment.getAssignments.query({ employee_id: ramon }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await errorOf(outsider.appointment.getAssignments.query({ service_id: catering }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await outsider.appointment.getAssignments.query()).toEqual([]);
    expect(await errorOf(outsider.appointment.saveAssignment.mutate({ employee_id: ramon, service_id: theirService }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await errorOf(outsider.appointment.saveAssignment.mutate({ employee_id: theirEmployee, service_id: catering }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await errorOf(outsider.appointment.setAssignmentActive.mutate({ id: ramonCatering, is_active: false }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await errorOf(cashier.appointment.saveAssignment.mutate({ employee_id: ramon, service_id: catering }))).toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("schedules", () => {
  let first: string;
  it("saveSchedule stores a week (breaks sorted); getSchedules lists them by effective date", async () => {
    const days = defaultWeek();
    days[1] = {
      dayOff: false,
      start: "08:00",
      end: "18:00",
      breaks: [
        { start: "15:00", end: "15:15" },
        { start: "12:00", end: "13:00" },
      ],
    };
    const later = await owner.appointment.saveSchedule.mutate({ employee_id: ramon, effective_from: "2027-01-01", days: defaultWeek() });
    const s = await owner.appointment.saveSchedule.mutate({ employee_id: ramon, effective_from: "2026-01-01", effective_until: "2026-12-31", days });
    first = s.id;
    expect(s.days[1]!.breaks).toEqual([
      { start: "12:00", end: "13:00" },
      { start: "15:00", end: "15:15" },
    ]);
    const list = await owner.appointment.getSchedules.query({ employee_id: ramon });
    expect(list.map((x) => [x.effective_from, x.effective_until])).toEqual([
      ["2026-01-01", "2026-12-31"],
      ["2027-01-01", null],
    ]);
    expect(list[1]!.id).toBe(later.id);
    const edited = await owner.appointment.saveSchedule.mutate({ id: first, employee_id: ramon, effective_from: "2026-02-01", days });
    expect(edited).toMatchObject({ id: first, effective_from: "2026-02-01", effective_until: null });
  });
  it("bad weeks get their message; a second schedule on the same date is a conflict", async () => {
    const days = defaultWeek();
    days[3] = { dayOff: false, start: "08:00", end: "12:00", breaks: [{ start: "11:30", end: "12:30" }] };
    const outside = await errorOf(owner.appointment.saveSchedule.mutate({ employee_id: ramon, effective_from: "2028-01-01", days }));
    expect(outside).toMatchObject({ code: "BAD_REQUEST" });
    expect(outside.message).toContain("days.3.breaks.0.start");
    const backwards = await errorOf(owner.appointment.saveSchedule.mutate({ employee_id: ramon, effective_from: "2028-01-01", effective_until: "2027-12-31", days: defaultWeek() }));
    expect(backwards.message).toContain("effective_until");
    const none = await errorOf(owner.appointment.saveSchedule.mutate({ employee_id: "", effective_from: "2028-01-01", days: defaultWeek() }));
    expect(none.message).toContain("Por favor seleccione un empleado");
    expect(await errorOf(owner.appointment.saveSchedule.mutate({ employee_id: ramon, effective_from: "2027-01-01", days: defaultWeek() }))).toMatchObject({ code: "CONFLICT" });
  });
  it("outsiders: NOT_FOUND for another tenant's employee and schedule; deleteSchedule removes it", async () => {
    expect(await errorOf(outsider.appointment.getSchedules.query({ employee_id: ramon }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await errorOf(outsider.appointment.saveSchedule.mutate({ employee_id: ramon, effective_from: "2029-01-01", days: defaultWeek() }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await errorOf(outsider.appointment.saveSchedule.mutate({ id: first, employee_id: theirEmployee, effective_from: "2029-01-01", days: defaultWeek() }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await errorOf(outsider.appointment.deleteSchedule.mutate({ id: first }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await errorOf(cashier.appointment.deleteSchedule.mutate({ id: first }))).toMatchObject({ code: "FORBIDDEN" });
    expect((await cashier.appointment.getSchedules.query({ employee_id: ramon })).length).toBe(2);
    await owner.appointment.deleteSchedule.mutate({ id: first });
    expect((await owner.appointment.getSchedules.query({ employee_id: ramon })).length).toBe(1);
    expect(await errorOf(owner.appointment.deleteSchedule.mutate({ id: first }))).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("time off", () => {
  let request: string;
  it("a cashier's request is pending; the owner approves it", async () => {
    const r = await cashier.appointment.createTimeOff.mutate({ employee_id: luisa, start_date: addDays(today, 10), end_date: addDays(today, 12), type: "vacation", reason: "Viaje a Samaná" });
    request = r.id;
    expect(r).toMatchObject({ employee_name: "Luisa Marte", status: "pending", approved_by: null, type: "vacation", reason: "Viaje a Samaná" });
    expect(await errorOf(cashier.appointment.createTimeOff.mutate({ employee_id: luisa, start_date: today, end_date: today, type: "sick", approve: true }))).toMatchObject({ code: "FORBIDDEN" });
    expect(await errorOf(cashier.appointment.approveTimeOff.mutate({ id: request }))).toMatchObject({ code: "FORBIDDEN" });
    const approved = await owner.appointment.approveTimeOff.mutate({ id: request });
    expect(approved).toMatchObject({ status: "approved", approved_by: t.acme.users.owner.id });
    expect(approved.approved_at).toBeTruthy();
    expect((await errorOf(owner.appointment.approveTimeOff.mutate({ id: request }))).code).toBe("BAD_REQUEST");
  });
  it("the owner may approve at once; getTimeOff filters by employee, dates and status", async () => {
    const sick = await owner.appointment.createTimeOff.mutate({ employee_id: ramon, start_date: today, end_date: today, start_time: "14:00", end_time: "16:00", type: "sick", approve: true });
    expect(sick).toMatchObject({ status: "approved", start_time: "14:00", end_time: "16:00" });
    await owner.appointment.createTimeOff.mutate({ employee_id: ramon, start_date: addDays(today, 30), end_date: addDays(today, 30), type: "training" });
    expect((await owner.appointment.getTimeOff.query()).length).toBe(3);
    expect((await owner.appointment.getTimeOff.query({ employee_id: ramon })).map((r) => r.type)).toEqual(["training", "sick"]);
    expect((await owner.appointment.getTimeOff.query({ status: "pending" })).map((r) => r.type)).toEqual(["training"]);
    expect((await owner.appointment.getTimeOff.query({ from: addDays(today, 11), to: addDays(today, 20) })).map((r) => r.type)).toEqual(["vacation"]);
    // an approved entry that has started may not be deleted; a future one may
    expect((await errorOf(owner.appointment.deleteTimeOff.mutate({ id: sick.id }))).code).toBe("BAD_REQUEST");
    await owner.appointment.deleteTimeOff.mutate({ id: request });
    expect((await owner.appointment.getTimeOff.query({ employee_id: luisa })).length).toBe(0);
  });
  it("bad input: end before start, a bad type, no employee", async () => {
    const end = await errorOf(owner.appointment.createTimeOff.mutate({ employee_id: ramon, start_date: "2026-12-10", end_date: "2026-12-09", type: "vacation" }));
    expect(end).toMatchObject({ code: "BAD_REQUEST" });
    expect(end.message).toContain("end_date");
    expect((await errorOf(owner.appointment.createTimeOff.mutate({ employee_id: ramon, start_date: "2026-12-10", end_date: "2026-12-10", type: "holiday" as never }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(owner.appointment.createTimeOff.mutate({ employee_id: "", start_date: "2026-12-10", end_date: "2026-12-10", type: "vacation" }))).message).toContain("Por favor seleccione un empleado");
  });
  it("outsiders: NOT_FOUND for another tenant's employee and time off", async () => {
    const [entry] = await owner.appointment.getTimeOff.query({ employee_id: ramon });
    expect(await errorOf(outsider.appointment.getTimeOff.query({ employee_id: ramon }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await outsider.appointment.getTimeOff.query()).toEqual([]);
    expect(await errorOf(outsider.appointment.createTimeOff.mutate({ employee_id: ramon, start_date: today, end_date: today, type: "other" }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await errorOf(outsider.appointment.approveTimeOff.mutate({ id: entry!.id }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await errorOf(outsider.appointment.deleteTimeOff.mutate({ id: entry!.id }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await errorOf(owner.appointment.approveTimeOff.mutate({ id: newId() }))).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("policy", () => {
  const policy = {
    min_notice_hours: 4,
    max_advance_days: 90,
    cancellation_fee: "200",
    retention_amount: "150.50",
    refund_window_hours: 48,
    sliding_scale: [
      { hours_before: 12, refund_percent: 25 },
      { hours_before: 24, refund_percent: 50 },
    ],
    is_active: true,
  };
  it("getPolicy creates the defaults on first read; getPolicyRow returns the same row", async () => {
    const p = await owner.appointment.getPolicy.query();
    expect(p).toMatchObject({ min_notice_hours: 0, max_advance_days: 60, slot_interval_minutes: 30, deposit_percent: "30.00", cancellation_fee: "0.00", refund_window_hours: 24, sliding_scale: [], reminder_hours_before: 24, is_active: true });
    const row = await withTenant(t.db, t.acme.tenant.id, (tx) => getPolicyRow(tx, t.acme.tenant.id));
    expect(row.id).toBe(p.id);
    expect((await cashier.appointment.getPolicy.query()).id).toBe(p.id);
  });
  it("updatePolicy saves every field, the sliding scale sorted; the outsider's policy is its own", async () => {
    const saved = await owner.appointment.updatePolicy.mutate(policy);
    expect(saved).toMatchObject({ min_notice_hours: 4, cancellation_fee: "200.00", retention_amount: "150.50" });
    // the booking settings are not the policy's: a policy save keeps them
    expect(saved).toMatchObject({ slot_interval_minutes: 30, deposit_percent: "30.00", reminder_hours_before: 24 });
    expect(saved.sliding_scale).toEqual([
      { hours_before: 24, refund_percent: 50 },
      { hours_before: 12, refund_percent: 25 },
    ]);
    expect((await owner.appointment.getPolicy.query()).sliding_scale).toHaveLength(2);
    expect(await outsider.appointment.getPolicy.query()).toMatchObject({ min_notice_hours: 0, sliding_scale: [] });
  });
  it("bad input: ranges, duplicate hours, money; a cashier may not change it", async () => {
    expect((await errorOf(owner.appointment.updatePolicy.mutate({ ...policy, max_advance_days: 731 }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(owner.appointment.updatePolicy.mutate({ ...policy, refund_window_hours: -1 }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(owner.appointment.updatePolicy.mutate({ ...policy, cancellation_fee: "12.345" }))).code).toBe("BAD_REQUEST");
    const dup = await errorOf(
      owner.appointment.updatePolicy.mutate({
        ...policy,
        sliding_scale: [
          { hours_before: 5, refund_percent: 1 },
          { hours_before: 5, refund_percent: 2 },
        ],
      }),
    );
    expect(dup.message).toContain("sliding_scale.1.hours_before");
    expect(await errorOf(cashier.appointment.updatePolicy.mutate(policy))).toMatchObject({ code: "FORBIDDEN" });
  });
});
