import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../../db/client";
import { newId } from "../../../ids";
import { type Client, createTestContext, errorOf, type TestContext } from "../../../test/harness";
import { orders } from "../../pos/tables";
import { dentalToothEvents } from "../tables";
import { enableDental, insertPatient, insertProcedureType } from "../test-fixture";

let t: TestContext;
let owner: Client;
let cashier: Client;
let outsider: Client;
let patient: { id: string; customerId: string };
let theirPatient: { id: string; customerId: string };
let filling: { id: string; productId: string };
let crown: { id: string; productId: string };
let cleaning: { id: string; productId: string };
let theirType: { id: string; productId: string };
let cash: string;
let b02: string;

beforeAll(async () => {
  t = await createTestContext();
  await enableDental(t, "acme");
  await enableDental(t, "other");
  owner = await t.client("acme", "owner");
  cashier = await t.client("acme", "cashier");
  outsider = await t.client("other", "owner");
  patient = await insertPatient(t, "acme", { name: "Ana Clínica", allergies: ["Penicilina"] });
  theirPatient = await insertPatient(t, "other", { name: "Zoe Ajena" });
  filling = await insertProcedureType(t, "acme", { code: "RES", name: "Resina", price: "2500", scope: "surface", resultStatus: "filling" });
  crown = await insertProcedureType(t, "acme", { code: "COR", name: "Corona", price: "12000", scope: "tooth", resultStatus: "crown" });
  cleaning = await insertProcedureType(t, "acme", { code: "PRO", name: "Profilaxis", price: "1500", scope: "mouth" });
  theirType = await insertProcedureType(t, "other", { code: "RES", name: "Resina", price: "100", scope: "tooth" });
  cash = (await owner.paymentMethod.getAll.query()).find((m) => m.code === "CASH")!.id;
  b02 = (await owner.ncf.getTypes.query()).find((x) => x.code === "B02")!.id;
});
afterAll(() => t.close());

/** A private file of the tenant, as the upload route stores it. */
function storedFile(tenantId: string, ext: string, bytes: number) {
  const name = `${newId()}${ext}`;
  const dir = path.join(t.uploadDir, "private", tenantId, "dental");
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, name), Buffer.alloc(bytes, 1));
  return `/api/dental/files/${name}`;
}

const twoPhases = (over: Record<string, unknown> = {}) => ({
  patientId: patient.id,
  name: "Rehabilitación",
  diagnosis: "Caries múltiples",
  startDate: "2026-01-31",
  discountType: "amount" as const,
  discountValue: "1000",
  insuranceCoverage: "0",
  phases: [
    {
      name: "Fase 1",
      durationValue: 1,
      durationUnit: "months" as const,
      procedures: [
        { procedureTypeId: filling.id, tooth: 36, surfaces: ["occlusal", "mesial"] },
        { procedureTypeId: cleaning.id },
      ],
    },
    { name: "Fase 2", durationValue: 2, durationUnit: "weeks" as const, procedures: [{ procedureTypeId: crown.id, tooth: 11, price: "10000" }] },
  ],
  ...over,
});

describe("dental clinical records", () => {
  it("creates records with vitals, attachments proven by storage, follow-up; lists newest first with the outsider refused", async () => {
    const url = storedFile(t.acme.tenant.id, ".pdf", 1234);
    const first = await owner.dental.createClinicalRecord.mutate({
      patientId: patient.id,
      visitDate: "2026-03-01",
      chiefComplaint: "Dolor en 36",
      diagnosis: "Caries oclusal",
      vitalSigns: { bloodPressure: "120/80", heartRate: "72", temperature: "36.6", weight: 70.5 },
      attachments: [{ url, name: "rx.pdf" }],
      followUp: true,
      followUpDate: "2026-03-15",
    });
    expect(first).toMatchObject({ patientId: patient.id, patientName: "Ana Clínica", vitalSigns: { bloodPressure: "120/80", heartRate: 72, temperature: "36.6", weight: "70.5" }, followUp: true, followUpDate: "2026-03-15", correctedById: null });
    expect(first.attachments).toEqual([{ url, name: "rx.pdf", size: 1234, type: "application/pdf" }]);
    const second = await owner.dental.createClinicalRecord.mutate({ patientId: patient.id, visitDate: "2026-04-01", treatment: "Resina 36" });
    const list = await owner.dental.getClinicalRecords.query({ patientId: patient.id });
    expect(list.data.map((r) => r.id)).toEqual([second.id, first.id]);
    const due = await owner.dental.getClinicalRecords.query({ followUpDue: true, search: "ana clínica" });
    expect(due.data.map((r) => r.id)).toEqual([first.id]);
    // the patient search folds accents and case (customers.search_text), like the other dental lists
    expect((await owner.dental.getClinicalRecords.query({ search: "ANA CLINICA" })).data.map((r) => r.id)).toEqual([second.id, first.id]);
    expect((await owner.dental.getClinicalRecords.query({ search: "resina 36" })).data.map((r) => r.id)).toEqual([]);
    expect((await owner.dental.getClinicalRecords.query({ search: "carie" })).data.map((r) => r.id)).toEqual([first.id]);
    // one page at a time: the same order and the same totals
    const page1 = await owner.dental.getClinicalRecords.query({ patientId: patient.id, page: 1, pageSize: 1 });
    const page2 = await owner.dental.getClinicalRecords.query({ patientId: patient.id, page: 2, pageSize: 1 });
    expect([page1.data.map((r) => r.id), page2.data.map((r) => r.id)]).toEqual([[second.id], [first.id]]);
    expect([page1.pagination, page2.pagination]).toEqual([
      { page: 1, pageSize: 1, total: 2, pageCount: 2 },
      { page: 2, pageSize: 1, total: 2, pageCount: 2 },
    ]);
    expect(page2.data[0]).toEqual(first);
    expect(await owner.dental.getClinicalRecord.query({ id: first.id })).toEqual(first);
    expect((await errorOf(outsider.dental.getClinicalRecord.query({ id: first.id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.dental.getClinicalRecords.query({ patientId: patient.id }))).code).toBe("NOT_FOUND");
    expect((await outsider.dental.getClinicalRecords.query({})).data.find((r) => r.id === first.id)).toBeUndefined();
    expect((await errorOf(outsider.dental.createClinicalRecord.mutate({ patientId: patient.id, visitDate: "2026-04-01", treatment: "x" }))).code).toBe("NOT_FOUND");
    // Another tenant's file is not a file of this tenant.
    const theirs = storedFile(t.other.tenant.id, ".png", 10);
    expect((await errorOf(owner.dental.createClinicalRecord.mutate({ patientId: patient.id, visitDate: "2026-04-01", treatment: "x", attachments: [{ url: theirs, name: "a.png" }] }))).message).toBe(
      "El archivo «a.png» no está guardado: súbalo de nuevo",
    );
  });

  it("refuses bad vitals, empty content and a follow-up without date with clear 400s", async () => {
    const base = { patientId: patient.id, visitDate: "2026-03-01", treatment: "x" };
    const cases: [Record<string, unknown>, string][] = [
      [{ vitalSigns: { bloodPressure: "80/120" } }, "Presión arterial inválida"],
      [{ vitalSigns: { bloodPressure: "12080" } }, "Presión arterial inválida"],
      [{ vitalSigns: { heartRate: 400 } }, "Frecuencia cardíaca inválida"],
      [{ vitalSigns: { temperature: "45" } }, "Temperatura inválida"],
      [{ vitalSigns: { weight: "0" } }, "Peso inválido"],
      [{ treatment: "" }, "Escriba al menos el motivo de consulta"],
      [{ followUp: true }, "Indique la fecha del seguimiento"],
      [{ followUp: true, followUpDate: "2026-02-01" }, "El seguimiento no puede ser antes"],
    ];
    for (const [over, message] of cases) {
      const e = await errorOf(owner.dental.createClinicalRecord.mutate({ ...base, ...over } as never));
      expect(e.code).toBe("BAD_REQUEST");
      expect(e.message).toContain(message);
    }
  });

  it("corrects a record once with a new record pointing at it; the newest is corrected next; cashier without 'clinical' is refused", async () => {
    const old = await owner.dental.createClinicalRecord.mutate({ patientId: patient.id, visitDate: "2026-05-01", diagnosis: "Gingivitis" });
    const fixed = await owner.dental.correctClinicalRecord.mutate({ id: old.id, visitDate: "2026-05-01", diagnosis: "Periodontitis leve" });
    expect(fixed).toMatchObject({ correctsId: old.id, diagnosis: "Periodontitis leve", patientId: patient.id });
    expect(await owner.dental.getClinicalRecord.query({ id: old.id })).toMatchObject({ diagnosis: "Gingivitis", correctedById: fixed.id });
    const again = await errorOf(owner.dental.correctClinicalRecord.mutate({ id: old.id, visitDate: "2026-05-01", diagnosis: "Otra" }));
    expect(again).toMatchObject({ code: "BAD_REQUEST", message: "Este registro ya fue corregido: corrija el registro más reciente" });
    expect((await owner.dental.correctClinicalRecord.mutate({ id: fixed.id, visitDate: "2026-05-01", diagnosis: "Periodontitis" })).correctsId).toBe(fixed.id);
    expect((await errorOf(outsider.dental.correctClinicalRecord.mutate({ id: fixed.id, visitDate: "2026-05-01", diagnosis: "x" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(cashier.dental.getClinicalRecords.query({}))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.dental.createClinicalRecord.mutate({ patientId: patient.id, visitDate: "2026-05-01", diagnosis: "x" }))).code).toBe("FORBIDDEN");
  });
});

describe("dental treatment plans", () => {
  it("creates a two-phase plan: catalogue prices, placements, end dates chained, totals; lists it", async () => {
    const plan = await owner.dental.createPlan.mutate(twoPhases());
    expect(plan).toMatchObject({ status: "draft", name: "Rehabilitación", patientName: "Ana Clínica", allergies: ["Penicilina"] });
    expect(plan.phases.map((f) => [f.name, f.estimatedEndDate, f.estimatedCost])).toEqual([
      ["Fase 1", "2026-02-28", "4000.00"],
      ["Fase 2", "2026-03-14", "10000.00"],
    ]);
    expect(plan.phases[0]!.procedures.map((p) => [p.name, p.tooth, p.surfaces, p.price])).toEqual([
      ["Resina", 36, ["occlusal", "mesial"], "2500.00"],
      ["Profilaxis", null, [], "1500.00"],
    ]);
    expect(plan.phases[1]!.procedures[0]).toMatchObject({ tooth: 11, surfaces: ["general"], price: "10000.00" });
    expect(plan.totals).toEqual({ subtotal: "14000.00", discount: "1000.00", coverage: "0.00", patientShare: "13000.00" });
    const list = await owner.dental.getPlans.query({ patientId: patient.id });
    expect(list.data[0]).toMatchObject({ id: plan.id, totals: { patientShare: "13000.00" }, progress: { done: 0, total: 3 } });
    expect((await owner.dental.getPlans.query({ search: "rehabilit", status: "draft" })).data.map((p) => p.id)).toContain(plan.id);
    expect((await errorOf(outsider.dental.getPlan.query({ id: plan.id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.dental.getPlans.query({ patientId: patient.id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.dental.createPlan.mutate(twoPhases()))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.dental.createPlan.mutate({ ...twoPhases(), patientId: theirPatient.id }))).code).toBe("NOT_FOUND");
    // The front desk ('billing', not 'plans') reads plans to invoice them, but cannot change them.
    expect((await cashier.dental.getPlan.query({ id: plan.id })).id).toBe(plan.id);
    expect((await errorOf(cashier.dental.setPlanStatus.mutate({ id: plan.id, status: "proposed" }))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.dental.createPlan.mutate(twoPhases()))).code).toBe("FORBIDDEN");
  });

  it("refuses a plan without name or diagnosis, tooth 19, a surface the tooth cannot have, another tenant's catalogue", async () => {
    const msg = async (over: Record<string, unknown>) => {
      const e = await errorOf(owner.dental.createPlan.mutate(twoPhases(over) as never));
      expect(e.code === "BAD_REQUEST" || e.code === "NOT_FOUND").toBe(true);
      return e.message;
    };
    expect(await msg({ name: "  " })).toContain("El nombre del plan es obligatorio");
    expect(await msg({ diagnosis: "" })).toContain("El diagnóstico es obligatorio");
    const phase = (p: Record<string, unknown>) => ({ phases: [{ name: "F", procedures: [p] }] });
    expect(await msg(phase({ procedureTypeId: crown.id, tooth: 19 }))).toContain("La pieza 19 no existe en la numeración FDI");
    expect(await msg(phase({ procedureTypeId: filling.id, tooth: 11, surfaces: ["palatal"] }))).toBe("La pieza 11 no tiene la superficie «palatal»");
    expect(await msg(phase({ procedureTypeId: filling.id, tooth: 11, surfaces: [] }))).toBe("Indique al menos una superficie de la pieza 11");
    expect(await msg(phase({ procedureTypeId: crown.id }))).toBe("Indique la pieza dental del procedimiento");
    expect(await msg(phase({ procedureTypeId: theirType.id, tooth: 11 }))).toBe("Procedimiento del catálogo no encontrado");
    expect(await msg({ discountType: "amount", discountValue: "20000" })).toBe("El descuento no puede ser mayor que el subtotal");
  });

  it("updates only draft/proposed plans; transitions follow the table; approval records who, when and the consent name; the consent PDF renders", async () => {
    const plan = await owner.dental.createPlan.mutate(twoPhases());
    const updated = await owner.dental.updatePlan.mutate({ ...twoPhases({ name: "Rehabilitación oral", discountType: "percent", discountValue: "10" }), id: plan.id });
    expect(updated.totals).toEqual({ subtotal: "14000.00", discount: "1400.00", coverage: "0.00", patientShare: "12600.00" });
    expect((await errorOf(outsider.dental.updatePlan.mutate({ ...twoPhases(), id: plan.id }))).code).toBe("NOT_FOUND");
    expect((await owner.dental.setPlanStatus.mutate({ id: plan.id, status: "proposed" })).status).toBe("proposed");
    expect((await errorOf(owner.dental.setPlanStatus.mutate({ id: plan.id, status: "completed" }))).message).toBe("Solo un plan en progreso se puede completar");
    expect((await errorOf(owner.dental.setPlanStatus.mutate({ id: plan.id, status: "approved" }))).message).toContain("consentimiento");
    expect((await errorOf(outsider.dental.setPlanStatus.mutate({ id: plan.id, status: "draft" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.dental.approvePlan.mutate({ id: plan.id, consentSignedBy: " " }))).message).toContain("Escriba el nombre");
    expect((await errorOf(outsider.dental.approvePlan.mutate({ id: plan.id, consentSignedBy: "Ana" }))).code).toBe("NOT_FOUND");
    const approved = await owner.dental.approvePlan.mutate({ id: plan.id, consentSignedBy: "Ana Clínica" });
    expect(approved).toMatchObject({ status: "approved", consentSignedBy: "Ana Clínica", approvedByName: expect.any(String) });
    expect(approved.approvedAt).not.toBeNull();
    expect((await errorOf(owner.dental.updatePlan.mutate({ ...twoPhases(), id: plan.id }))).message).toBe("Solo se pueden editar planes en borrador o propuestos");
    const pdf = await owner.dental.getPlanConsentPdf.query({ id: plan.id });
    expect(pdf.fileName).toBe(`consentimiento-plan-${plan.number}.pdf`);
    expect(Buffer.from(pdf.base64, "base64").subarray(0, 5).toString()).toBe("%PDF-");
    expect((await errorOf(outsider.dental.getPlanConsentPdf.query({ id: plan.id }))).code).toBe("NOT_FOUND");
    const cancelled = await owner.dental.setPlanStatus.mutate({ id: plan.id, status: "cancelled" });
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.phases.flatMap((f) => f.procedures.map((p) => p.status))).toEqual(["cancelled", "cancelled", "cancelled"]);
    expect((await errorOf(owner.dental.setPlanStatus.mutate({ id: plan.id, status: "draft" }))).code).toBe("BAD_REQUEST");
  });

  it("done procedures write odontogram events and move the phase and plan; invoicing bills them once with an NCF and paid follows payments", async () => {
    const plan = await owner.dental.createPlan.mutate(twoPhases());
    const [resina, profilaxis] = plan.phases[0]!.procedures;
    const corona = plan.phases[1]!.procedures[0]!;
    expect((await errorOf(owner.dental.completeProcedure.mutate({ procedureId: resina!.id }))).message).toBe("Solo se realizan procedimientos de planes aprobados o en progreso");
    await owner.dental.approvePlan.mutate({ id: plan.id, consentSignedBy: "Ana Clínica" });
    expect((await errorOf(outsider.dental.completeProcedure.mutate({ procedureId: resina!.id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(cashier.dental.completeProcedure.mutate({ procedureId: resina!.id }))).code).toBe("FORBIDDEN");
    const record = await owner.dental.createClinicalRecord.mutate({ patientId: patient.id, visitDate: "2026-06-01", treatment: "Resina 36 OM" });
    const one = await owner.dental.completeProcedure.mutate({ procedureId: resina!.id, clinicalRecordId: record.id });
    expect(one.status).toBe("in_progress");
    expect(one.phases.map((f) => f.status)).toEqual(["in_progress", "pending"]);
    const events = await withTenant(t.db, t.acme.tenant.id, (tx) => tx.select().from(dentalToothEvents).where(and(eq(dentalToothEvents.tenantId, t.acme.tenant.id), eq(dentalToothEvents.planProcedureId, resina!.id))));
    expect(events.map((e) => [e.tooth, e.surface, e.status, e.clinicalRecordId]).sort()).toEqual([
      [36, "mesial", "filling", record.id],
      [36, "occlusal", "filling", record.id],
    ]);
    const two = await owner.dental.completeProcedure.mutate({ procedureId: profilaxis!.id });
    expect(two.phases.map((f) => f.status)).toEqual(["completed", "pending"]);
    expect(two.progress).toEqual({ done: 2, total: 3 });

    // Invoicing: a pending procedure is refused; done ones are billed at their part of the patient's share.
    const key = newId();
    expect((await errorOf(owner.dental.invoiceProcedures.mutate({ planId: plan.id, procedureIds: [corona.id], clientOrderId: key, ncfTypeId: b02 }))).message).toContain("no está realizado");
    expect((await errorOf(outsider.dental.invoiceProcedures.mutate({ planId: plan.id, procedureIds: [resina!.id], clientOrderId: key, ncfTypeId: b02 }))).code).toBe("NOT_FOUND");
    const input = { planId: plan.id, procedureIds: [resina!.id, profilaxis!.id], clientOrderId: key, ncfTypeId: b02 };
    const invoice = await cashier.dental.invoiceProcedures.mutate(input);
    expect(invoice.ncf).toMatch(/^B02\d{8}$/);
    const again = await cashier.dental.invoiceProcedures.mutate(input);
    expect(again).toEqual(invoice);
    const rows = await withTenant(t.db, t.acme.tenant.id, (tx) => tx.select().from(orders).where(and(eq(orders.tenantId, t.acme.tenant.id), eq(orders.clientOrderId, key))));
    expect(rows).toHaveLength(1);
    // 14,000 less 1,000: each procedure pays 13/14 of its price (2,500 → 2,321.43; 1,500 → 1,392.86).
    expect(rows[0]).toMatchObject({ total: "3714.29", balanceDue: "3714.29", ncf: invoice.ncf });
    expect((await errorOf(owner.dental.invoiceProcedures.mutate({ ...input, clientOrderId: newId() }))).message).toBe("«Resina» ya fue facturado");
    const billed = await owner.dental.getPlan.query({ id: plan.id });
    expect(billed.phases[0]!.procedures.map((p) => p.orderNumber)).toEqual([invoice.number, invoice.number]);
    expect(billed).toMatchObject({ paid: "0.00", balance: "13000.00" });
    // Paid follows the invoice's payments.
    const dop = (await owner.currency.getActive.query()).find((c) => c.is_default)!.id;
    await owner.invoice.recordPayment.mutate({ invoice_id: invoice.invoiceId, payment_method_id: cash, currency_id: dop, amount: "1000", client_payment_id: newId() });
    expect(await owner.dental.getPlan.query({ id: plan.id })).toMatchObject({ paid: "1000.00", balance: "12000.00" });
    expect((await owner.dental.getPlans.query({ patientId: patient.id, status: "active" })).data.find((p) => p.id === plan.id)).toMatchObject({ paid: "1000.00" });
    // A cancelled (anulada) invoice frees its procedures: they are billed again on a new invoice.
    const other = await owner.dental.createPlan.mutate(twoPhases());
    await owner.dental.approvePlan.mutate({ id: other.id, consentSignedBy: "Ana" });
    const single = other.phases[0]!.procedures[1]!;
    await owner.dental.completeProcedure.mutate({ procedureId: single.id });
    const first = await owner.dental.invoiceProcedures.mutate({ planId: other.id, procedureIds: [single.id], clientOrderId: newId(), ncfTypeId: b02, paymentMethodId: cash });
    await owner.invoice.cancel.mutate({ invoiceId: first.invoiceId, reasonCode: "01", recreate: false });
    expect((await owner.dental.getPlan.query({ id: other.id })).phases[0]!.procedures[1]).toMatchObject({ orderId: first.invoiceId, invoiceCancelled: true });
    const second = await owner.dental.invoiceProcedures.mutate({ planId: other.id, procedureIds: [single.id], clientOrderId: newId(), ncfTypeId: b02 });
    expect(second.invoiceId).not.toBe(first.invoiceId);
    expect((await owner.dental.getPlan.query({ id: other.id })).phases[0]!.procedures[1]).toMatchObject({ orderId: second.invoiceId, invoiceCancelled: false });
    // The last procedure completes the plan.
    const done = await owner.dental.completeProcedure.mutate({ procedureId: corona.id });
    expect(done.status).toBe("completed");
    const crownEvents = await withTenant(t.db, t.acme.tenant.id, (tx) => tx.select().from(dentalToothEvents).where(and(eq(dentalToothEvents.tenantId, t.acme.tenant.id), eq(dentalToothEvents.planProcedureId, corona.id))));
    expect(crownEvents.map((e) => [e.tooth, e.surface, e.status])).toEqual([[11, "general", "crown"]]);
  });
});
