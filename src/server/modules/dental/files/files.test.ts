import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DENTAL_ROLE_RIGHTS } from "../../../../shared/dental/permissions";
import { businessDate } from "../../../../shared/platform/dates";
import { withTenant } from "../../../db/client";
import { newId } from "../../../ids";
import { type Client, createTestContext, errorOf, type TestContext } from "../../../test/harness";
import { employees } from "../../employee/tables";
import { dentalSettings } from "../tables";
import { enableDental, insertPatient } from "../test-fixture";

let t: TestContext;
let owner: Client;
let admin: Client;
let cashier: Client;
let outsider: Client;
let patient: { id: string };
let otherPatient: { id: string };
let dentistId: string;
let otherDentistId: string;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("rest-of-png")]);
const PDF = Buffer.from("%PDF-1.4 documento");

async function insertEmployee(subdomain: "acme" | "other", name: string) {
  const tenantId = t[subdomain].tenant.id;
  const id = newId();
  await withTenant(t.db, tenantId, (tx) => tx.insert(employees).values({ tenantId, id, code: `OD-${id.slice(-6)}`, name }));
  return id;
}

async function upload(subdomain: "acme" | "other", filename: string, content: Buffer) {
  const cookie = await t.signIn(subdomain, "owner");
  const boundary = "----dental-files-boundary";
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({ method: "POST", url: "/api/dental/upload", headers: { host: `${subdomain}.localhost`, "content-type": `multipart/form-data; boundary=${boundary}`, cookie }, payload });
  expect(res.statusCode).toBe(200);
  return res.json() as { url: string; name: string; size: number; type: string };
}

beforeAll(async () => {
  t = await createTestContext();
  await enableDental(t, "acme");
  await enableDental(t, "other");
  // acme's administrator works with files but without the 'confidential' right
  await withTenant(t.db, t.acme.tenant.id, (tx) =>
    tx.insert(dentalSettings).values({
      tenantId: t.acme.tenant.id,
      id: newId(),
      roleRights: { admin: DEFAULT_DENTAL_ROLE_RIGHTS.admin.filter((r) => r !== "confidential"), cashier: DEFAULT_DENTAL_ROLE_RIGHTS.cashier },
    }),
  );
  owner = await t.client("acme", "owner");
  admin = await t.client("acme", "admin");
  cashier = await t.client("acme", "cashier");
  outsider = await t.client("other", "owner");
  patient = await insertPatient(t, "acme", { name: "María Peña", allergies: ["Penicilina"] });
  otherPatient = await insertPatient(t, "other", { name: "Ajeno Pérez" });
  dentistId = await insertEmployee("acme", "Dra. Ana Reyes");
  otherDentistId = await insertEmployee("other", "Dr. Otro");
});
afterAll(() => t.close());

const amoxicillin = { medication: "Amoxicilina 500 mg", dosage: "1 cápsula", frequency: "cada 8 horas", duration: "7 días", instructions: "Después de comer", quantity: "21" };

describe("prescriptions", () => {
  it("creates, lists (per patient, search, status), completes and cancels by the transitions", async () => {
    const rx = await owner.dental.createPrescription.mutate({ patientId: patient.id, dentistId, items: [amoxicillin, { ...amoxicillin, medication: "Ibuprofeno 400 mg", instructions: "" }], pharmacyNotes: "Genérico aceptado" });
    expect(rx).toMatchObject({ status: "active", patientName: "María Peña", dentistName: "Dra. Ana Reyes", pharmacyNotes: "Genérico aceptado" });
    expect(rx.items).toHaveLength(2);
    expect(rx.items[1]!.instructions).toBeNull();
    const second = await owner.dental.createPrescription.mutate({ patientId: patient.id, dentistId, items: [{ ...amoxicillin, medication: "Clorhexidina" }] });
    expect(second.number).toBe(rx.number + 1);
    const list = await owner.dental.getPrescriptions.query({ patientId: patient.id, page: 1, pageSize: 10 });
    expect(list.data.map((r) => r.id)).toEqual([second.id, rx.id]);
    expect((await owner.dental.getPrescriptions.query({ search: "ibuprofeno", page: 1, pageSize: 10 })).data.map((r) => r.id)).toEqual([rx.id]);
    expect((await owner.dental.getPrescriptions.query({ search: "maria pena", page: 1, pageSize: 10 })).pagination.total).toBe(2);
    const done = await owner.dental.setPrescriptionStatus.mutate({ id: rx.id, status: "completed" });
    expect(done.status).toBe("completed");
    expect((await errorOf(owner.dental.setPrescriptionStatus.mutate({ id: rx.id, status: "cancelled" }))).message).toBe("La receta ya no está activa: no se puede cambiar su estado");
    expect((await owner.dental.setPrescriptionStatus.mutate({ id: second.id, status: "cancelled" })).status).toBe("cancelled");
    expect((await owner.dental.getPrescriptions.query({ status: "completed", patientId: patient.id, page: 1, pageSize: 10 })).data.map((r) => r.id)).toEqual([rx.id]);
  });

  it("refuses a prescription without medications, without a dentist, or naming another tenant's dentist", async () => {
    expect((await errorOf(owner.dental.createPrescription.mutate({ patientId: patient.id, dentistId, items: [] }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(owner.dental.createPrescription.mutate({ patientId: patient.id, dentistId, items: [{ ...amoxicillin, medication: " " }] }))).message).toContain("El medicamento es requerido");
    const foreign = await errorOf(owner.dental.createPrescription.mutate({ patientId: patient.id, dentistId: otherDentistId, items: [amoxicillin] }));
    expect(foreign).toMatchObject({ code: "BAD_REQUEST", message: "Odontólogo no encontrado" });
  });

  it("prints a PDF with the practice, the dentist and the medications", async () => {
    const rx = await owner.dental.createPrescription.mutate({ patientId: patient.id, dentistId, items: [amoxicillin] });
    const pdf = await owner.dental.getPrescriptionPdf.query({ id: rx.id });
    expect(pdf.mimeType).toBe("application/pdf");
    expect(pdf.fileName).toBe(`receta-${String(rx.number).padStart(5, "0")}.pdf`);
    const bytes = Buffer.from(pdf.base64, "base64");
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(bytes.length).toBeGreaterThan(1000);
    expect((await owner.dental.getDentists.query()).map((d) => d.name)).toContain("Dra. Ana Reyes");
  });

  it("dental.getDentists lists the tenant's active employees to 'clinical' or 'prescribe', never another tenant's; a cashier is FORBIDDEN", async () => {
    const names = (await admin.dental.getDentists.query()).map((d) => d.name);
    expect(names).toContain("Dra. Ana Reyes");
    expect(names).not.toContain("Dr. Otro");
    expect((await outsider.dental.getDentists.query()).map((d) => d.id)).toEqual(expect.arrayContaining([otherDentistId]));
    expect((await outsider.dental.getDentists.query()).map((d) => d.id)).not.toContain(dentistId);
    const error = await errorOf(cashier.dental.getDentists.query());
    expect(error.code).toBe("FORBIDDEN");
    expect(error.message).toContain("dental.clinical");
  });

  it("another tenant's prescriptions and patients are NOT_FOUND; a cashier without 'prescribe' is FORBIDDEN", async () => {
    const rx = await owner.dental.createPrescription.mutate({ patientId: patient.id, dentistId, items: [amoxicillin] });
    expect((await errorOf(outsider.dental.setPrescriptionStatus.mutate({ id: rx.id, status: "cancelled" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.dental.getPrescriptionPdf.query({ id: rx.id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.dental.getPrescriptions.query({ patientId: patient.id, page: 1, pageSize: 10 }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.dental.createPrescription.mutate({ patientId: otherPatient.id, dentistId, items: [amoxicillin] }))).code).toBe("NOT_FOUND");
    expect((await outsider.dental.getPrescriptions.query({ page: 1, pageSize: 50 })).data.some((r) => r.id === rx.id)).toBe(false);
    expect((await errorOf(cashier.dental.getPrescriptions.query({ page: 1, pageSize: 10 }))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.dental.createPrescription.mutate({ patientId: patient.id, dentistId, items: [amoxicillin] }))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.dental.getPrescriptionPdf.query({ id: rx.id }))).code).toBe("FORBIDDEN");
  });
});

describe("x-rays", () => {
  it("creates one x-ray per image, lists them, saves findings and annotations that come back identical", async () => {
    const a = await upload("acme", "bitewing-1.png", PNG);
    const b = await upload("acme", "bitewing-2.png", PNG);
    const created = await owner.dental.createXray.mutate({ patientId: patient.id, type: "bitewing", files: [a, b].map((f) => ({ url: f.url, name: f.name })), teeth: [36, 16, 36], findings: "Caries interproximal", takenBy: "Dra. Reyes", takenAt: "2026-03-02" });
    expect(created).toHaveLength(2);
    expect(created[0]).toMatchObject({ type: "bitewing", teeth: [16, 36], fileSize: PNG.length, annotations: [], takenAt: "2026-03-02" });
    const annotations = [
      { id: "a1", kind: "arrow" as const, color: "#ef4444" as const, x1: 0.1, y1: 0.2, x2: 0.45, y2: 0.5 },
      { id: "e1", kind: "ellipse" as const, color: "#22c55e" as const, cx: 0.5, cy: 0.5, rx: 0.1, ry: 0.05 },
      { id: "l1", kind: "line" as const, color: "#3b82f6" as const, points: [[0.1, 0.1], [0.2, 0.25], [0.3, 0.2]] as [number, number][] },
      { id: "t1", kind: "text" as const, color: "#ffffff" as const, x: 0.6, y: 0.7, text: "Caries 36" },
    ];
    const updated = await owner.dental.updateXray.mutate({ id: created[0]!.id, findings: "Caries en 36 distal", annotations });
    expect(updated.annotations).toEqual(annotations);
    expect(updated.teeth).toEqual([16, 36]);
    const list = await owner.dental.getXrays.query({ patientId: patient.id, page: 1, pageSize: 10 });
    expect(list.data.find((x) => x.id === created[0]!.id)).toMatchObject({ findings: "Caries en 36 distal", annotations });
    expect((await owner.dental.getXrays.query({ search: "36 distal", page: 1, pageSize: 10 })).data.map((x) => x.id)).toEqual([created[0]!.id]);
    expect((await owner.dental.getXrays.query({ type: "panoramic", page: 1, pageSize: 10 })).data.some((x) => x.patientId === patient.id && x.type === "bitewing")).toBe(false);
  });

  it("refuses a PDF as an x-ray, a file that was never uploaded, teeth outside FDI and annotations off the image", async () => {
    const pdf = await upload("acme", "informe.pdf", PDF);
    expect((await errorOf(owner.dental.createXray.mutate({ patientId: patient.id, type: "other", files: [{ url: pdf.url, name: "informe.pdf" }], takenAt: "2026-03-02" }))).message).toBe("Una radiografía debe ser una imagen JPG, PNG o WEBP");
    expect((await errorOf(owner.dental.createXray.mutate({ patientId: patient.id, type: "other", files: [{ url: `/api/dental/files/${newId()}.png`, name: "x.png" }], takenAt: "2026-03-02" }))).message).toBe("El archivo no está entre los archivos subidos de la clínica");
    const img = await upload("acme", "rx.png", PNG);
    expect((await errorOf(owner.dental.createXray.mutate({ patientId: patient.id, type: "other", files: [{ url: img.url, name: "rx.png" }], teeth: [19], takenAt: "2026-03-02" }))).message).toContain("Número de diente fuera de la numeración FDI");
    const [x] = await owner.dental.createXray.mutate({ patientId: patient.id, type: "periapical", files: [{ url: img.url, name: "rx.png" }], takenAt: "2026-03-02" });
    expect((await errorOf(owner.dental.updateXray.mutate({ id: x!.id, annotations: [{ id: "a", kind: "arrow", color: "#ef4444", x1: 1.5, y1: 0, x2: 0, y2: 0 }] }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(owner.dental.updateXray.mutate({ id: x!.id, annotations: [{ id: "a", kind: "arrow", color: "#123456" as "#ef4444", x1: 0.5, y1: 0, x2: 0, y2: 0 }] }))).code).toBe("BAD_REQUEST");
    // the other tenant's upload is not this tenant's file
    const foreign = await upload("other", "ajena.png", PNG);
    expect((await errorOf(owner.dental.createXray.mutate({ patientId: patient.id, type: "other", files: [{ url: foreign.url, name: "ajena.png" }], takenAt: "2026-03-02" }))).code).toBe("BAD_REQUEST");
  });

  it("are confidential: NOT_FOUND for another tenant, FORBIDDEN without 'files' or without 'confidential'", async () => {
    const img = await upload("acme", "pano.png", PNG);
    const [x] = await owner.dental.createXray.mutate({ patientId: patient.id, type: "panoramic", files: [{ url: img.url, name: "pano.png" }], takenAt: "2026-03-03" });
    expect((await errorOf(outsider.dental.updateXray.mutate({ id: x!.id, findings: "x" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.dental.getXrays.query({ patientId: patient.id, page: 1, pageSize: 10 }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.dental.createXray.mutate({ patientId: patient.id, type: "panoramic", files: [{ url: img.url, name: "p.png" }], takenAt: "2026-03-03" }))).code).toBe("NOT_FOUND");
    expect((await outsider.dental.getXrays.query({ page: 1, pageSize: 50 })).data).toEqual([]);
    expect((await errorOf(cashier.dental.getXrays.query({ page: 1, pageSize: 10 }))).code).toBe("FORBIDDEN");
    expect((await errorOf(admin.dental.getXrays.query({ page: 1, pageSize: 10 }))).message).toBe("Las radiografías son datos clínicos confidenciales: su rol no tiene acceso");
    expect((await errorOf(admin.dental.updateXray.mutate({ id: x!.id, findings: "x" }))).code).toBe("FORBIDDEN");
  });
});

describe("lab orders", () => {
  it("creates, edits while open, moves by the transitions, and lists the overdue ones with their count", async () => {
    const today = businessDate(new Date(), t.acme.tenant.timezone);
    const yesterday = businessDate(new Date(Date.now() - 86_400_000 * 1.5), t.acme.tenant.timezone);
    const late = await owner.dental.createLabOrder.mutate({ patientId: patient.id, laboratory: "Lab Dental Caribe", orderType: "Corona de zirconio", teeth: [36], dueDate: yesterday, specifications: "Color A2", cost: "4500" });
    expect(late).toMatchObject({ status: "pending", overdue: true, cost: "4500.00", teeth: [36] });
    const onTime = await owner.dental.createLabOrder.mutate({ patientId: patient.id, laboratory: "Lab Dental Caribe", orderType: "Férula", dueDate: today });
    expect(onTime.overdue).toBe(false);
    expect(onTime.number).toBe(late.number + 1);
    const overdue = await owner.dental.getLabOrders.query({ overdue: true, page: 1, pageSize: 50 });
    expect(overdue.data.map((o) => o.id)).toContain(late.id);
    expect(overdue.data.map((o) => o.id)).not.toContain(onTime.id);
    expect(overdue.overdueCount).toBe(overdue.pagination.total);
    const edited = await owner.dental.updateLabOrder.mutate({ id: late.id, laboratory: "Lab Dental Caribe", orderType: "Corona de zirconio", teeth: [36, 37], dueDate: yesterday, trackingNumber: "TRK-778", cost: null });
    expect(edited).toMatchObject({ trackingNumber: "TRK-778", cost: null, teeth: [36, 37] });
    expect((await owner.dental.getLabOrders.query({ search: "trk-778", page: 1, pageSize: 10 })).data.map((o) => o.id)).toEqual([late.id]);
    expect((await errorOf(owner.dental.setLabOrderStatus.mutate({ id: late.id, status: "completed" }))).message).toBe("Ese cambio de estado no está permitido para la orden");
    await owner.dental.setLabOrderStatus.mutate({ id: late.id, status: "sent" });
    await owner.dental.setLabOrderStatus.mutate({ id: late.id, status: "in_progress" });
    const done = await owner.dental.setLabOrderStatus.mutate({ id: late.id, status: "completed" });
    expect(done).toMatchObject({ status: "completed", overdue: false });
    expect(done.statusChangedAt).not.toBeNull();
    expect((await owner.dental.getLabOrders.query({ overdue: true, patientId: patient.id, page: 1, pageSize: 50 })).overdueCount).toBe(0);
    expect((await errorOf(owner.dental.updateLabOrder.mutate({ id: late.id, laboratory: "X", orderType: "Y", dueDate: today }))).message).toBe("La orden está completada o cancelada: ya no se puede editar");
    expect((await errorOf(owner.dental.setLabOrderStatus.mutate({ id: late.id, status: "cancelled" }))).code).toBe("BAD_REQUEST");
    expect((await owner.dental.setLabOrderStatus.mutate({ id: onTime.id, status: "cancelled" })).status).toBe("cancelled");
    expect((await owner.dental.getLabOrders.query({ status: "cancelled", patientId: patient.id, page: 1, pageSize: 10 })).data.map((o) => o.id)).toEqual([onTime.id]);
  });

  it("refuses a missing laboratory, a bad date and a bad cost", async () => {
    expect((await errorOf(owner.dental.createLabOrder.mutate({ patientId: patient.id, laboratory: "", orderType: "Corona", dueDate: "2026-05-01" }))).message).toContain("El laboratorio es requerido");
    expect((await errorOf(owner.dental.createLabOrder.mutate({ patientId: patient.id, laboratory: "L", orderType: "Corona", dueDate: "2026-02-30" }))).message).toContain("La fecha de entrega es requerida");
    expect((await errorOf(owner.dental.createLabOrder.mutate({ patientId: patient.id, laboratory: "L", orderType: "Corona", dueDate: "2026-05-01", cost: "-5" }))).message).toContain("Costo inválido");
  });

  it("another tenant's orders and patients are NOT_FOUND; a cashier without 'files' is FORBIDDEN", async () => {
    const order = await owner.dental.createLabOrder.mutate({ patientId: patient.id, laboratory: "L", orderType: "Puente", dueDate: "2026-05-01" });
    expect((await errorOf(outsider.dental.updateLabOrder.mutate({ id: order.id, laboratory: "L", orderType: "P", dueDate: "2026-05-01" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.dental.setLabOrderStatus.mutate({ id: order.id, status: "sent" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.dental.getLabOrders.query({ patientId: patient.id, page: 1, pageSize: 10 }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.dental.createLabOrder.mutate({ patientId: patient.id, laboratory: "L", orderType: "P", dueDate: "2026-05-01" }))).code).toBe("NOT_FOUND");
    expect((await outsider.dental.getLabOrders.query({ page: 1, pageSize: 50 })).data).toEqual([]);
    expect((await errorOf(cashier.dental.getLabOrders.query({ page: 1, pageSize: 10 }))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.dental.createLabOrder.mutate({ patientId: patient.id, laboratory: "L", orderType: "P", dueDate: "2026-05-01" }))).code).toBe("FORBIDDEN");
  });
});

describe("documents", () => {
  it("creates with file and type, lists, searches by tag, deletes softly (the file stays)", async () => {
    const file = await upload("acme", "referido.pdf", PDF);
    const doc = await owner.dental.createDocument.mutate({ patientId: patient.id, name: "Referido a endodoncia", type: "referral", fileUrl: file.url, tags: ["endodoncia", "urgente", "urgente"] });
    expect(doc).toMatchObject({ type: "referral", mimeType: "application/pdf", fileSize: PDF.length, tags: ["endodoncia", "urgente"], isConfidential: false });
    expect((await owner.dental.getDocuments.query({ patientId: patient.id, search: "urgente", page: 1, pageSize: 10 })).data.map((d) => d.id)).toEqual([doc.id]);
    await owner.dental.deleteDocument.mutate({ id: doc.id });
    expect((await owner.dental.getDocuments.query({ patientId: patient.id, page: 1, pageSize: 50 })).data.some((d) => d.id === doc.id)).toBe(false);
    const served = await t.app.inject({ method: "GET", url: file.url, headers: { host: "acme.localhost", cookie: await t.signIn("acme", "owner") } });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-disposition"]).toContain("attachment");
    expect(served.headers["content-type"]).toBe("application/pdf");
    expect((await errorOf(owner.dental.deleteDocument.mutate({ id: doc.id }))).code).toBe("NOT_FOUND");
  });

  it("refuses a document without a file or type, or naming a file that is not the tenant's", async () => {
    const file = await upload("acme", "a.pdf", PDF);
    expect((await errorOf(owner.dental.createDocument.mutate({ patientId: patient.id, name: "Sin tipo", type: undefined as never, fileUrl: file.url }))).message).toContain("Seleccione el tipo de documento");
    expect((await errorOf(owner.dental.createDocument.mutate({ patientId: patient.id, name: "Sin archivo", type: "other", fileUrl: "" }))).message).toContain("Seleccione el archivo del documento");
    const foreign = await upload("other", "b.pdf", PDF);
    expect((await errorOf(owner.dental.createDocument.mutate({ patientId: patient.id, name: "Ajeno", type: "other", fileUrl: foreign.url }))).message).toBe("El archivo no está entre los archivos subidos de la clínica");
  });

  it("confidential documents and their files are hidden from a role without 'confidential'", async () => {
    const secret = await upload("acme", "vih.pdf", PDF);
    const doc = await owner.dental.createDocument.mutate({ patientId: patient.id, name: "Resultado de laboratorio", type: "report", fileUrl: secret.url, isConfidential: true });
    expect((await owner.dental.getDocuments.query({ patientId: patient.id, page: 1, pageSize: 50 })).data.some((d) => d.id === doc.id)).toBe(true);
    expect((await admin.dental.getDocuments.query({ patientId: patient.id, page: 1, pageSize: 50 })).data.some((d) => d.id === doc.id)).toBe(false);
    expect((await errorOf(admin.dental.deleteDocument.mutate({ id: doc.id }))).code).toBe("NOT_FOUND");
    const adminCookie = await t.signIn("acme", "admin");
    const ownerCookie = await t.signIn("acme", "owner");
    expect((await t.app.inject({ method: "GET", url: secret.url, headers: { host: "acme.localhost", cookie: adminCookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: secret.url, headers: { host: "acme.localhost", cookie: ownerCookie } })).statusCode).toBe(200);
    // an x-ray image is confidential clinical data too
    const img = await upload("acme", "rx.png", PNG);
    await owner.dental.createXray.mutate({ patientId: patient.id, type: "panoramic", files: [{ url: img.url, name: "rx.png" }], takenAt: "2026-01-10" });
    expect((await t.app.inject({ method: "GET", url: img.url, headers: { host: "acme.localhost", cookie: adminCookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: img.url, headers: { host: "acme.localhost", cookie: ownerCookie } })).statusCode).toBe(200);
  });

  it("another tenant's documents, patients and file URLs are NOT_FOUND; a cashier is FORBIDDEN", async () => {
    const file = await upload("acme", "c.pdf", PDF);
    const doc = await owner.dental.createDocument.mutate({ patientId: patient.id, name: "Consentimiento", type: "consent", fileUrl: file.url });
    expect((await errorOf(outsider.dental.deleteDocument.mutate({ id: doc.id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.dental.getDocuments.query({ patientId: patient.id, page: 1, pageSize: 10 }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.dental.createDocument.mutate({ patientId: patient.id, name: "x", type: "other", fileUrl: file.url }))).code).toBe("NOT_FOUND");
    expect((await outsider.dental.getDocuments.query({ page: 1, pageSize: 50 })).data).toEqual([]);
    const outsiderCookie = await t.signIn("other", "owner");
    expect((await t.app.inject({ method: "GET", url: file.url, headers: { host: "other.localhost", cookie: outsiderCookie } })).statusCode).toBe(404);
    expect((await errorOf(cashier.dental.getDocuments.query({ page: 1, pageSize: 10 }))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.dental.deleteDocument.mutate({ id: doc.id }))).code).toBe("FORBIDDEN");
  });
});
