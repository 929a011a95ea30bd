import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../../db/client";
import { newId } from "../../../ids";
import { createTestContext, errorOf, type TestContext } from "../../../test/harness";
import { dentalClinicalRecords } from "../tables";
import { enableDental, insertPatient } from "../test-fixture";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await enableDental(t, "acme");
  await enableDental(t, "other");
});
afterAll(() => t.close());

const CEDULA = "001-1391820-5";

describe("dental patients", () => {
  it("registers a patient as a new customer and reads it back with the clinical fields", async () => {
    const owner = await t.client("acme", "owner");
    const created = await owner.dental.createPatient.mutate({
      name: "Ana Peña",
      identification: CEDULA,
      birthDate: "1990-06-15",
      gender: "female",
      phone: "809-555-0101",
      email: "ANA@example.com",
      address: "Calle 1",
      bloodType: "O+",
      allergies: ["Penicilina"],
      medications: ["Losartán"],
      conditions: { diabetes: false, hypertension: true, heartProblems: false, pregnancy: false },
      insurance: { provider: "ARS Humano", policyNumber: "P-1", groupNumber: "G-1", expiryDate: "2027-01-31" },
      emergencyContact: { name: "Luis Peña", relationship: "Esposo", phone: "809-555-0102", notes: "" },
      notes: "Prefiere citas en la mañana",
    });
    expect(created.number).toBeGreaterThan(0);
    expect(created.identification).toBe("00113918205");
    expect(created.email).toBe("ana@example.com");
    expect(created.customerCode).toMatch(/^CLI-/);
    const read = await owner.dental.getPatient.query({ id: created.id });
    expect(read.name).toBe("Ana Peña");
    expect(read.allergies).toEqual(["Penicilina"]);
    expect(read.conditions.hypertension).toBe(true);
    expect(read.insurance?.provider).toBe("ARS Humano");
    expect(read.emergencyContact?.relationship).toBe("Esposo");
    expect(read.status).toBe("active");
    // the customer is a customer of the suite
    const customer = await owner.customer.getById.query({ id: read.customerId });
    expect(customer.name).toBe("Ana Peña");
    expect(customer.taxId).toBe("00113918205");
    // the next patient gets the next file number
    const next = await owner.dental.createPatient.mutate({ name: "Pedro Pasaporte", identification: "PA1234567" });
    expect(next.number).toBe(created.number + 1);
    expect(next.identification).toBe("PA1234567");
  });

  it("refuses a bad cédula, a future birth date and no name", async () => {
    const owner = await t.client("acme", "owner");
    expect(await errorOf(owner.dental.createPatient.mutate({ name: "X", identification: "00113918206" }))).toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("Cédula no válida") });
    expect(await errorOf(owner.dental.createPatient.mutate({ name: "X", birthDate: "2999-01-01" }))).toMatchObject({ code: "BAD_REQUEST", message: "La fecha de nacimiento no puede ser futura" });
    expect((await errorOf(owner.dental.createPatient.mutate({ name: "" }))).code).toBe("BAD_REQUEST");
  });

  it("makes an existing customer a patient once, and not another tenant's customer", async () => {
    const owner = await t.client("acme", "owner");
    const customer = await owner.customer.create.mutate({ name: "Cliente Existente", phone: "8095550199" });
    const patient = await owner.dental.createPatient.mutate({ customerId: customer.id, name: "Cliente Existente", phone: "8095550199", allergies: ["Látex"] });
    expect(patient.customerId).toBe(customer.id);
    expect(await errorOf(owner.dental.createPatient.mutate({ customerId: customer.id, name: "Cliente Existente" }))).toMatchObject({ code: "CONFLICT" });
    const outsider = await t.client("other", "owner");
    expect((await errorOf(outsider.dental.createPatient.mutate({ customerId: customer.id, name: "Robado" }))).code).toBe("NOT_FOUND");
  });

  it("updates the customer and the clinical fields, and changes the status", async () => {
    const owner = await t.client("acme", "owner");
    const p = await owner.dental.createPatient.mutate({ name: "Carla Ruiz", phone: "809-555-0110" });
    const updated = await owner.dental.updatePatient.mutate({ id: p.id, name: "Carla Ruiz Gómez", phone: "809-555-0111", allergies: ["Ibuprofeno"], dentition: "child" });
    expect(updated.name).toBe("Carla Ruiz Gómez");
    expect(updated.phone).toBe("809-555-0111");
    expect(updated.allergies).toEqual(["Ibuprofeno"]);
    expect(updated.dentition).toBe("child");
    const archived = await owner.dental.setPatientStatus.mutate({ id: p.id, status: "archived" });
    expect(archived.status).toBe("archived");
    const outsider = await t.client("other", "owner");
    expect((await errorOf(outsider.dental.updatePatient.mutate({ id: p.id, name: "X" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.dental.setPatientStatus.mutate({ id: p.id, status: "active" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.dental.getPatient.query({ id: p.id }))).code).toBe("NOT_FOUND");
  });

  it("lists newest first, searches name, identification, phone and file number, filters by status", async () => {
    const owner = await t.client("acme", "owner");
    const a = await owner.dental.createPatient.mutate({ name: "Zoila Búsqueda", phone: "829-777-1234" });
    const b = await owner.dental.createPatient.mutate({ name: "Zacarías Búsqueda", identification: "PX99887766" });
    const page = await owner.dental.getPatients.query({ search: "busqueda" });
    expect(page.data.map((r) => r.id)).toEqual([b.id, a.id]);
    expect((await owner.dental.getPatients.query({ search: "PX99887766" })).data.map((r) => r.id)).toEqual([b.id]);
    expect((await owner.dental.getPatients.query({ search: "8297771234" })).data.map((r) => r.id)).toEqual([a.id]);
    expect((await owner.dental.getPatients.query({ search: `HC-${String(a.number).padStart(4, "0")}` })).data.map((r) => r.id)).toContain(a.id);
    await owner.dental.setPatientStatus.mutate({ id: a.id, status: "inactive" });
    expect((await owner.dental.getPatients.query({ search: "busqueda", status: "inactive" })).data.map((r) => r.id)).toEqual([a.id]);
    const outsider = await t.client("other", "owner");
    expect((await outsider.dental.getPatients.query({ search: "busqueda" })).data).toEqual([]);
  });

  it("lets the cashier register patients but not see the chart", async () => {
    const cashier = await t.client("acme", "cashier");
    const p = await cashier.dental.createPatient.mutate({ name: "Recepción Paciente" });
    expect(p.name).toBe("Recepción Paciente");
    expect((await errorOf(cashier.dental.getChart.query({ patientId: p.id }))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.dental.recordToothChanges.mutate({ patientId: p.id, changes: [{ tooth: 36, surface: "occlusal", status: "cavity" }] }))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.dental.getToothHistory.query({ patientId: p.id }))).code).toBe("FORBIDDEN");
  });
});

describe("dental odontogram", () => {
  it("records changes, folds the chart and lists the history newest first", async () => {
    const owner = await t.client("acme", "owner");
    const p = await insertPatient(t, "acme");
    const chart = await owner.dental.recordToothChanges.mutate({
      patientId: p.id,
      changes: [
        { tooth: 36, surface: "occlusal", status: "cavity", note: "profunda" },
        { tooth: 18, surface: "general", status: "missing" },
      ],
    });
    expect(chart.teeth).toEqual([
      { tooth: 18, whole: "missing", surfaces: {} },
      { tooth: 36, whole: null, surfaces: { occlusal: "cavity" } },
    ]);
    await owner.dental.recordToothChanges.mutate({ patientId: p.id, changes: [{ tooth: 36, surface: "occlusal", status: "filling" }] });
    const now = await owner.dental.getChart.query({ patientId: p.id });
    expect(now.teeth.find((r) => r.tooth === 36)?.surfaces).toEqual({ occlusal: "filling" });
    expect(now.eventCount).toBe(3);
    // before any change the chart is empty
    expect((await owner.dental.getChart.query({ patientId: p.id, at: "2020-01-01" })).teeth).toEqual([]);
    const history = await owner.dental.getToothHistory.query({ patientId: p.id });
    expect(history.pagination.total).toBe(3);
    expect(history.data[0]).toMatchObject({ tooth: 36, surface: "occlusal", status: "filling", recordedBy: expect.any(String) });
    const of36 = await owner.dental.getToothHistory.query({ patientId: p.id, tooth: 36 });
    expect(of36.data.map((r) => r.status)).toEqual(["filling", "cavity"]);
    expect(of36.data[1]?.note).toBe("profunda");
  });

  it("links a clinical record of the patient, not another patient's", async () => {
    const owner = await t.client("acme", "owner");
    const p = await insertPatient(t, "acme");
    const other = await insertPatient(t, "acme");
    const recordId = newId();
    const tenantId = t.acme.tenant.id;
    await withTenant(t.db, tenantId, (tx) => tx.insert(dentalClinicalRecords).values({ tenantId, id: recordId, patientId: p.id, visitDate: "2026-03-01", diagnosis: "Caries" }));
    await owner.dental.recordToothChanges.mutate({ patientId: p.id, clinicalRecordId: recordId, changes: [{ tooth: 46, surface: "mesial", status: "cavity" }] });
    const history = await owner.dental.getToothHistory.query({ patientId: p.id });
    expect(history.data[0]).toMatchObject({ clinicalRecordId: recordId, clinicalRecordDate: "2026-03-01" });
    expect((await errorOf(owner.dental.recordToothChanges.mutate({ patientId: other.id, clinicalRecordId: recordId, changes: [{ tooth: 46, surface: "mesial", status: "cavity" }] }))).code).toBe("NOT_FOUND");
  });

  it("refuses teeth outside FDI and surfaces a tooth cannot have, with the message", async () => {
    const owner = await t.client("acme", "owner");
    const p = await insertPatient(t, "acme");
    const badTooth = await errorOf(owner.dental.recordToothChanges.mutate({ patientId: p.id, changes: [{ tooth: 19, surface: "occlusal", status: "cavity" }] }));
    expect(badTooth.code).toBe("BAD_REQUEST");
    expect(badTooth.message).toContain("Número de diente fuera de FDI");
    const badSurface = await errorOf(owner.dental.recordToothChanges.mutate({ patientId: p.id, changes: [{ tooth: 36, surface: "root", status: "cavity" }] }));
    expect(badSurface.code).toBe("BAD_REQUEST");
    expect(badSurface.message).toContain("Superficie no válida");
    expect((await errorOf(owner.dental.getToothHistory.query({ patientId: p.id, tooth: 99 }))).code).toBe("BAD_REQUEST");
    expect((await owner.dental.getChart.query({ patientId: p.id })).eventCount).toBe(0);
  });

  it("answers NOT_FOUND for another tenant's patient", async () => {
    const p = await insertPatient(t, "acme");
    const outsider = await t.client("other", "owner");
    expect((await errorOf(outsider.dental.getChart.query({ patientId: p.id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.dental.getToothHistory.query({ patientId: p.id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.dental.recordToothChanges.mutate({ patientId: p.id, changes: [{ tooth: 11, surface: "general", status: "crown" }] }))).code).toBe("NOT_FOUND");
  });
});
