import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessDate } from "../../../../shared/platform/dates";
import { withTenant } from "../../../db/client";
import { newId } from "../../../ids";
import { createTestContext, errorOf, type TestContext } from "../../../test/harness";
import { orderItems, orders } from "../../pos/tables";
import { warehouses } from "../../warehouse/tables";
import { dentalClinicalRecords, dentalLabOrders, dentalPlanPhases, dentalPlanProcedures, dentalTreatmentPlans } from "../tables";
import { enableDental, insertPatient, insertProcedureType } from "../test-fixture";

let t: TestContext;
const today = businessDate(new Date(), "America/Santo_Domingo");
const monthStart = `${today.slice(0, 7)}-01`;
/** A day of the previous month (outside this month's figures). */
const lastMonth = (() => {
  const d = new Date(`${monthStart}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 10);
  return d.toISOString().slice(0, 10);
})();
const noon = (date: string) => new Date(`${date}T16:00:00Z`);

let counter = 0;
/** A plan with one phase and its procedures (direct rows: the plan procedures belong to the clinical area). */
async function plan(patientId: string, status: string, procs: { typeId: string; productId: string; price: string; done?: string; orderId?: string }[], opts: { createdAt?: Date; approved?: boolean } = {}) {
  const tenantId = t.acme.tenant.id;
  const planId = newId();
  const phaseId = newId();
  counter += 1;
  await withTenant(t.db, tenantId, async (tx) => {
    await tx.insert(dentalTreatmentPlans).values({ tenantId, id: planId, patientId, number: counter, name: `Plan ${counter}`, diagnosis: "Caries", status, approvedAt: opts.approved ? new Date() : null, createdAt: opts.createdAt ?? new Date() });
    await tx.insert(dentalPlanPhases).values({ tenantId, id: phaseId, planId, position: 1, name: "Fase 1" });
    for (const [i, p] of procs.entries()) {
      await tx.insert(dentalPlanProcedures).values({
        tenantId,
        id: newId(),
        planId,
        phaseId,
        position: i + 1,
        procedureTypeId: p.typeId,
        productId: p.productId,
        name: "P",
        price: p.price,
        status: p.done ? "done" : "pending",
        doneAt: p.done ? noon(p.done) : null,
        orderId: p.orderId ?? null,
      });
    }
  });
  return planId;
}

/** An invoice row with lines (the figures read the invoice tables; the one invoice path is tested in pos). */
async function invoice(customerId: string, date: string, lines: { productId: string; total: string }[], status = "completed") {
  const tenantId = t.acme.tenant.id;
  const id = newId();
  counter += 1;
  await withTenant(t.db, tenantId, async (tx) => {
    const [w] = await tx.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.tenantId, tenantId)).limit(1);
    const total = lines.reduce((s, l) => s + Number(l.total), 0).toFixed(2);
    await tx.insert(orders).values({ tenantId, id, number: `FAC-9${counter}`, clientOrderId: newId(), customerId, warehouseId: w!.id, status, subtotal: total, discountTotal: "0", taxTotal: "0", total, paidTotal: total, userId: t.acme.users.owner.id, businessDate: date });
    await tx.insert(orderItems).values(
      lines.map((l, i) => ({ tenantId, id: newId(), orderId: id, lineNo: i + 1, productId: l.productId, productName: "P", quantity: "1", unitPrice: l.total, priceIncludesTax: true, isTaxable: false, taxRate: "0", baseAmount: l.total, discountAmount: "0", taxAmount: "0", total: l.total })),
    );
  });
  return id;
}

beforeAll(async () => {
  t = await createTestContext();
  await enableDental(t, "acme");
  await enableDental(t, "other");
  const tenantId = t.acme.tenant.id;
  const ana = await insertPatient(t, "acme", { name: "Ana" });
  const luis = await insertPatient(t, "acme", { name: "Luis" });
  const old = await insertPatient(t, "acme", { name: "Marta" });
  const resina = await insertProcedureType(t, "acme", { code: "RES", name: "Resina", price: "3500.00", scope: "surface", resultStatus: "filling" });
  const corona = await insertProcedureType(t, "acme", { code: "COR", name: "Corona", price: "18000.00" });
  await withTenant(t.db, tenantId, async (tx) => {
    // Ana: a record today and one last month; Marta: a record last month only.
    await tx.insert(dentalClinicalRecords).values([
      { tenantId, id: newId(), patientId: ana.id, visitDate: today, chiefComplaint: "Dolor" },
      { tenantId, id: newId(), patientId: ana.id, visitDate: lastMonth },
      { tenantId, id: newId(), patientId: old.id, visitDate: lastMonth },
    ]);
    await tx.insert(dentalLabOrders).values([
      { tenantId, id: newId(), patientId: ana.id, number: 1, laboratory: "Lab", orderType: "Corona", dueDate: "2020-01-01", status: "sent" },
      { tenantId, id: newId(), patientId: ana.id, number: 2, laboratory: "Lab", orderType: "Corona", dueDate: "2999-01-01", status: "pending" },
      { tenantId, id: newId(), patientId: ana.id, number: 3, laboratory: "Lab", orderType: "Corona", dueDate: "2020-01-01", status: "completed" },
    ]);
  });
  // Luis: a procedure done today, invoiced with a corona line; a cancelled invoice and a plain sale do not count.
  const billed = await invoice(luis.customerId, today, [
    { productId: resina.productId, total: "3500.00" },
    { productId: corona.productId, total: "18000.00" },
  ]);
  const cancelled = await invoice(luis.customerId, today, [{ productId: corona.productId, total: "18000.00" }], "cancelled");
  await invoice(luis.customerId, today, [{ productId: corona.productId, total: "18000.00" }]);
  await plan(luis.id, "in_progress", [
    { typeId: resina.id, productId: resina.productId, price: "3500.00", done: today, orderId: billed },
    { typeId: corona.id, productId: corona.productId, price: "18000.00", done: today, orderId: billed },
  ], { approved: true });
  await plan(ana.id, "cancelled", [{ typeId: corona.id, productId: corona.productId, price: "18000.00", done: today, orderId: cancelled }]);
  await plan(ana.id, "proposed", [{ typeId: resina.id, productId: resina.productId, price: "3500.00" }]);
  await plan(old.id, "draft", [{ typeId: resina.id, productId: resina.productId, price: "3500.00" }]);
  await plan(old.id, "completed", [], { createdAt: noon(lastMonth), approved: true });
}, 120_000);
afterAll(() => t.close());

describe("dental.getDashboard", () => {
  it("counts patients seen, plans by status, this month's invoiced revenue by procedure, lab orders and plans proposed vs accepted", async () => {
    const owner = await t.client("acme", "owner");
    const d = await owner.dental.getDashboard.query();
    expect(d.today).toBe(today);
    expect(d.monthStart).toBe(monthStart);
    expect(d.patientsSeen).toEqual({ today: 2, month: 2 });
    expect(Object.fromEntries(d.treatmentsByStatus.map((s) => [s.status, s.count]))).toEqual({ draft: 1, proposed: 1, active: 0, approved: 0, in_progress: 1, completed: 1, cancelled: 1 });
    expect(d.revenueByProcedure.map((r) => [r.code, r.name, r.count, r.revenue])).toEqual([
      ["COR", "Corona", 1, "18000.00"],
      ["RES", "Resina", 1, "3500.00"],
    ]);
    expect(d.revenueMonth).toBe("21500.00");
    expect(d.labOrders).toEqual({ pending: 2, overdue: 1 });
    // This month: in_progress, cancelled and proposed left draft; one was approved.
    expect(d.plans).toEqual({ proposed: 3, accepted: 1 });
  });

  it("another tenant sees only its own (empty) figures; a role without 'access' is refused", async () => {
    const outsider = await t.client("other", "owner");
    const d = await outsider.dental.getDashboard.query();
    expect(d.patientsSeen).toEqual({ today: 0, month: 0 });
    expect(d.revenueByProcedure).toEqual([]);
    expect(d.revenueMonth).toBe("0.00");
    expect(d.labOrders).toEqual({ pending: 0, overdue: 0 });
    const owner = await t.client("other", "owner");
    await owner.dental.updateSettings.mutate({ roleRights: { admin: [], cashier: [] }, chartNotation: "fdi" });
    const cashier = await t.client("other", "cashier");
    expect((await errorOf(cashier.dental.getDashboard.query())).code).toBe("FORBIDDEN");
  });
});

describe("dental.getReports", () => {
  it("the figures by month over a range, with totals, revenue by procedure and plans created in the range", async () => {
    const owner = await t.client("acme", "owner");
    const r = await owner.dental.getReports.query({ from: lastMonth, to: today, groupBy: "month" });
    expect(r.periods.map((p) => p.period)).toEqual([lastMonth, monthStart]);
    expect(r.periods[0]).toMatchObject({ patientsSeen: 2, proceduresDone: 0, revenue: "0.00", plansProposed: 1, plansAccepted: 1 });
    expect(r.periods[1]).toMatchObject({ patientsSeen: 2, proceduresDone: 3, revenue: "21500.00", plansProposed: 3, plansAccepted: 1, labOrders: 3, newPatients: 3 });
    // Ana was seen in both months: counted once over the range.
    expect(r.totals).toMatchObject({ patientsSeen: 3, proceduresDone: 3, revenue: "21500.00", plansProposed: 4, plansAccepted: 2, labOrders: 3, newPatients: 3 });
    expect(r.revenueByProcedure.map((x) => x.code)).toEqual(["COR", "RES"]);
    expect(r.treatmentsByStatus.find((s) => s.status === "completed")?.count).toBe(1);
    const days = await owner.dental.getReports.query({ from: today, to: today, groupBy: "day" });
    expect(days.periods).toHaveLength(1);
    expect(days.periods[0]).toMatchObject({ period: today, patientsSeen: 2, revenue: "21500.00" });
    const before = await owner.dental.getReports.query({ from: "2020-01-01", to: "2020-01-31", groupBy: "week" });
    expect(before.totals).toMatchObject({ patientsSeen: 0, revenue: "0.00" });
    expect(before.periods.length).toBe(5);
  });

  it("refuses a reversed or too long range; the cashier has no 'reports' right; another tenant sees none of it", async () => {
    const owner = await t.client("acme", "owner");
    expect((await errorOf(owner.dental.getReports.query({ from: today, to: "2020-01-01", groupBy: "day" }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(owner.dental.getReports.query({ from: "2020-01-01", to: "2029-01-01", groupBy: "month" }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(owner.dental.getReports.query({ from: "2020-02-30", to: "2020-03-01", groupBy: "month" }))).code).toBe("BAD_REQUEST");
    const cashier = await t.client("acme", "cashier");
    expect((await errorOf(cashier.dental.getReports.query({ from: today, to: today, groupBy: "day" }))).code).toBe("FORBIDDEN");
    const outsider = await t.client("other", "owner");
    const r = await outsider.dental.getReports.query({ from: lastMonth, to: today, groupBy: "month" });
    expect(r.totals).toMatchObject({ patientsSeen: 0, revenue: "0.00", plansProposed: 0, labOrders: 0 });
  });
});
