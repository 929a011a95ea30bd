import { productCreateInput } from "../../../shared/catalog/product";
import { employeeInput } from "../../../shared/employees/employee";
import { newId } from "../../ids";
import { appointmentPolicies, employeeSchedules } from "../../modules/appointment/tables";
import { createEmployee } from "../../modules/employee/service";
import { employeeProducts } from "../../modules/employee/tables";
import { createProduct } from "../../modules/product/service";
import type { Tx } from "../client";

/** The demo's bookable services: a 30-minute and a 60-minute one (issue 15 'Demo data'). */
export const DEMO_SERVICES = [
  { name: "Consulta de catering", sku: "CITA-CATERING", price: "500", defaultDuration: 30 },
  { name: "Clase de cocina dominicana", sku: "CITA-CLASE", price: "1500", defaultDuration: 60, bufferTime: 15 },
] as const;
export const DEMO_PROFESSIONALS = [
  { name: "Ramón Peña", email: "ramon.pena@laesquina.do", phone: "809-555-0181", position: "Chef" },
  { name: "Luisa Marte", email: "luisa.marte@laesquina.do", phone: "809-555-0182", position: "Organizadora de eventos" },
] as const;

/** Monday–Saturday 08:00–18:00 with a 12:00–13:00 break; Sunday off (index 0 = Sunday). */
export const DEMO_WEEK = Array.from({ length: 7 }, (_, day) =>
  day === 0 ? { dayOff: true, start: "08:00", end: "18:00", breaks: [] } : { dayOff: false, start: "08:00", end: "18:00", breaks: [{ start: "12:00", end: "13:00" }] },
);

/**
 * Two schedulable services and two professionals who perform both, with their weekly schedules
 * and the default booking policy, so a newcomer can book at once.
 */
export async function seedDemoAppointments(tx: Tx, tenantId: string, userId: string, today: string) {
  const serviceIds: string[] = [];
  for (const s of DEMO_SERVICES) {
    const input = productCreateInput.parse({ ...s, productType: "service", isScheduleable: true, price2: s.price, price3: s.price, costPrice: "0", warehouseQuantities: [], maxDiscounts: [] });
    serviceIds.push((await createProduct(tx, tenantId, userId, input)).id);
  }
  for (const p of DEMO_PROFESSIONALS) {
    const { id } = await createEmployee(tx, tenantId, employeeInput.parse({ ...p, job_position: "other", salary_type: "monthly", base_salary: "0", hire_date: today }));
    await tx.insert(employeeProducts).values(serviceIds.map((productId) => ({ tenantId, id: newId(), employeeId: id, productId })));
    await tx.insert(employeeSchedules).values({ tenantId, id: newId(), employeeId: id, effectiveFrom: `${today.slice(0, 4)}-01-01`, days: DEMO_WEEK });
  }
  await tx.insert(appointmentPolicies).values({ tenantId, id: newId() });
}
