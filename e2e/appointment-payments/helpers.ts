import { expect, type Locator, type Page } from "@playwright/test";
import { trpcMutation, trpcQuery } from "../catalog-helpers";

/**
 * The payments flows' own appointments: booked on working days a week out (the other appointment
 * flows book tomorrow and the day after), with unique customers, so they never meet another flow's.
 */

/** The n-th working day (Monday–Saturday) from tomorrow, in Santo Domingo (business dates, never UTC). */
export function workingDay(n: number): string {
  const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/Santo_Domingo" });
  const days: string[] = [];
  for (let i = 1; days.length <= n; i++) {
    const d = new Date(`${today}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + i);
    if (d.getUTCDay() !== 0) days.push(d.toISOString().slice(0, 10));
  }
  return days[n]!;
}

export const SERVICE = "Clase de cocina dominicana";

export interface Booked {
  id: string;
  appointment_number: string;
}

/** Books the service for a customer on the first free slot of the day (through appointment.create). */
export async function book(page: Page, customer: string, phone: string, date: string): Promise<Booked> {
  const services = await trpcQuery<{ data: { id: string; name: string }[] }>(page, "product.getAll", { search: "", isScheduleable: true, page: 1, pageSize: 100, showDeleted: false });
  const service = services.data.find((s) => s.name === SERVICE)!;
  const slots = await trpcQuery<{ time: string; available: boolean }[]>(page, "appointment.getAvailableSlots", { date, service_id: service.id });
  const slot = slots.find((s) => s.available);
  if (!slot) throw new Error(`no free slot on ${date}`);
  return trpcMutation<Booked>(page, "appointment.create", {
    customer_name: customer,
    customer_phone: phone,
    service_id: service.id,
    appointment_date: date,
    start_time: slot.time,
    party_size: 1,
    idempotency_key: crypto.randomUUID(),
  });
}

/** A deposit in cash (appointment.applyPayment), without invoice unless an NCF type code ('B02') is given. */
export async function payDeposit(page: Page, appointmentId: string, amount: string, ncfCode?: string): Promise<void> {
  const methods = await trpcQuery<{ id: string; code: string }[]>(page, "paymentMethod.getAll");
  const cash = methods.find((m) => m.code === "CASH")!;
  const types = ncfCode ? await trpcQuery<{ id: string; code: string }[]>(page, "ncf.getTypes") : [];
  await trpcMutation(page, "appointment.applyPayment", {
    appointment_id: appointmentId,
    payment_type: "deposit",
    amount,
    payment_method: cash.id,
    generate_invoice: !!ncfCode,
    ncf_type_id: ncfCode ? types.find((x) => x.code === ncfCode)!.id : undefined,
    idempotency_key: crypto.randomUUID(),
  });
}

export async function setStatus(page: Page, id: string, status: "cancelled" | "no_show", reason?: string): Promise<void> {
  await trpcMutation(page, "appointment.updateStatus", { id, status, reason });
}

/** A table row found by the exact text of its customer cell (a row's whole text runs cells together). */
export function rowOf(page: Page, table: "deposit" | "refund", customer: string): Locator {
  return page.getByTestId(`${table}-row`).filter({ has: page.getByTestId(`${table}-customer`).getByText(customer, { exact: true }) });
}

/** The demo's refund policy, to put back when a flow that changed it ends (later flows book against it). */
export async function savePolicy(page: Page): Promise<Record<string, unknown>> {
  const { id: _id, updated_at: _at, ...policy } = await trpcQuery<Record<string, unknown>>(page, "appointment.getPolicy");
  return policy;
}

export async function restorePolicy(page: Page, policy: Record<string, unknown>): Promise<void> {
  await trpcMutation(page, "appointment.updatePolicy", policy);
  expect(await savePolicy(page)).toEqual(policy);
}
