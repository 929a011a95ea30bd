import { addDaysTo, weekday } from "../../../shared/appointments/availability";
import { businessDate } from "../../../shared/platform/dates";
import { withTenant } from "../../db/client";
import { newId } from "../../ids";
import { type Client, createRoleContext, type TestContext } from "../../test/harness";
import { employeeSchedules } from "./tables";

/** Mon–Sat 08:00–18:00 with a 12:00–13:00 break, Sunday off (the demo's week). */
export const WORK_WEEK = Array.from({ length: 7 }, (_, d) =>
  d === 0 ? { dayOff: true, start: "08:00", end: "18:00", breaks: [] } : { dayOff: false, start: "08:00", end: "18:00", breaks: [{ start: "12:00", end: "13:00" }] },
);

export interface AppointmentFixture {
  t: TestContext;
  owner: Client;
  outsider: Client;
  /** acme: Masaje, 60 minutes, RD$1,000 without tax, done by Ana and Beto */
  masaje: string;
  ana: string;
  beto: string;
  cash: string;
  b02: string;
  /** a Monday at least 3 days ahead, and the Tuesday after it */
  monday: string;
  tuesday: string;
}

/** A test database with a schedulable service, two employees who work the week, and the dates to book on. */
export async function appointmentFixture(): Promise<AppointmentFixture> {
  const { t, owner, outsider } = await createRoleContext();
  const masaje = (await owner.product.create.mutate({ name: "Masaje", sku: "SRV-MASAJE", price: "1000", price2: "0", price3: "0", productType: "service", isScheduleable: true, defaultDuration: 60, isTaxable: false })).id;
  const ana = (await owner.employee.create.mutate({ name: "Ana" })).id;
  const beto = (await owner.employee.create.mutate({ name: "Beto" })).id;
  for (const employeeId of [ana, beto]) {
    await owner.employee.updateProducts.mutate({ employeeId, products: [{ productId: masaje }] });
    await withTenant(t.db, t.acme.tenant.id, (tx) => tx.insert(employeeSchedules).values({ tenantId: t.acme.tenant.id, id: newId(), employeeId, effectiveFrom: "2020-01-01", days: WORK_WEEK }));
  }
  const cash = (await owner.paymentMethod.getAll.query()).find((m) => m.code === "CASH")!.id;
  const b02 = (await owner.ncf.getTypes.query()).find((x) => x.code === "B02")!.id;
  let monday = addDaysTo(businessDate(new Date(), "America/Santo_Domingo"), 3);
  while (weekday(monday) !== 1) monday = addDaysTo(monday, 1);
  return { t, owner, outsider, masaje, ana, beto, cash, b02, monday, tuesday: addDaysTo(monday, 1) };
}
