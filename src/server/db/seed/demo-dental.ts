import { and, eq } from "drizzle-orm";
import { Big } from "../../../shared/catalog/decimal";
import { customerCreateInput } from "../../../shared/customers/customer";
import { DEMO_DENTAL_CATALOGUE } from "../../../shared/dental/catalogue";
import type { Annotation } from "../../../shared/dental/files";
import { employeeInput } from "../../../shared/employees/employee";
import { businessDate } from "../../../shared/platform/dates";
import { newId } from "../../ids";
import { hashPassword, type SessionUser } from "../../modules/auth/service";
import { users } from "../../modules/auth/tables";
import { createCustomer } from "../../modules/customer/service";
import { createProcedureType } from "../../modules/dental/admin/catalogue";
import { invoiceProcedures } from "../../modules/dental/clinical/invoicing";
import { dentalStorageKey } from "../../modules/dental/files/storage";
import {
  dentalClinicalRecords,
  dentalLabOrders,
  dentalPatients,
  dentalPlanPhases,
  dentalPlanProcedures,
  dentalPrescriptions,
  dentalToothEvents,
  dentalTreatmentPlans,
  dentalXrays,
} from "../../modules/dental/tables";
import { createEmployee } from "../../modules/employee/service";
import { createTenant } from "../../modules/onboarding/service";
import { paymentMethods } from "../../modules/payment-method/tables";
import type { PosContext } from "../../modules/pos/service";
import { unsafeFindTenantBySubdomain } from "../../modules/tenant/service";
import { tenants } from "../../modules/tenant/tables";
import type { UploadStorage } from "../../modules/upload/storage";
import { type Db, withTenant } from "../client";
import { DEMO_PASSWORD, DEMO_USERS } from "./demo";
import { DEMO_DENTISTS, DEMO_PATIENTS, demoXrayPng } from "./demo-dental-data";

export const DENTAL_DEMO_SUBDOMAIN = "dental";

/**
 * The second demo tenant (issue 18): a dental clinic on Enzzo Dental, with the same demo sign-ins
 * as the first (`dental.localhost:3000`), its procedure catalogue, two dentists, six patients with
 * charts and clinical records, a two-phase plan in progress (phase 1 done and invoiced with an NCF
 * through the one invoice path), a prescription, lab orders (one overdue) and an annotated x-ray
 * written to the upload storage. Does nothing when it exists.
 */
export async function seedDemoDental(db: Db, storage: UploadStorage, now = new Date()): Promise<{ created: boolean }> {
  if (await unsafeFindTenantBySubdomain(db, DENTAL_DEMO_SUBDOMAIN)) return { created: false };
  const [owner, ...staff] = DEMO_USERS;
  const { tenant, ownerId, warehouseId } = await createTenant(db, {
    businessName: "Clínica Dental Sonrisa Caribe",
    subdomain: DENTAL_DEMO_SUBDOMAIN,
    taxId: "131246796",
    product: "dental",
    owner: { name: owner!.name, email: owner!.email, password: DEMO_PASSWORD },
    address: "Av. Abraham Lincoln 1003, Torre Profesional, Piantini, Santo Domingo, D.N.",
    phone: "809-555-0190",
    email: "citas@sonrisacaribe.do",
    trial: false,
    sampleNcfRanges: true,
  });
  const tenantId = tenant.id;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const tz = tenant.timezone;
  const day = (back: number) => businessDate(new Date(now.getTime() - back * 86_400_000), tz);
  /** An instant on a past business day (10:00 Santo Domingo, UTC−4). */
  const at = (back: number, hour = 10) => new Date(`${day(back)}T${String(hour + 4).padStart(2, "0")}:00:00Z`);

  const seeded = await withTenant(db, tenantId, async (tx) => {
    await tx.insert(users).values(
      staff.map((u) => ({ tenantId, id: newId(), name: u.name, email: u.email, passwordHash, role: u.role, isOwner: false, language: "es", warehouseId })),
    );
    // The practice's procedure catalogue (service products, ITBIS-exempt).
    const catalogue = new Map<string, { id: string; productId: string; name: string; price: string }>();
    for (const entry of DEMO_DENTAL_CATALOGUE) {
      const created = await createProcedureType(tx, tenantId, ownerId, entry);
      catalogue.set(entry.code, { id: created.id, productId: created.productId, name: created.name, price: created.price });
    }
    const [laura, rafael] = await Promise.all(
      DEMO_DENTISTS.map(async (d) =>
        (await createEmployee(tx, tenantId, employeeInput.parse({ code: d.code, name: d.name, position: d.position, department: "Odontología", identification: d.identification, phone: d.phone, email: d.email, job_position: "other" }))).id,
      ),
    );

    // Six patients: each a customer of the suite (name, cédula, phone…) with the clinical file.
    const patients: { id: string; customerId: string; name: string }[] = [];
    for (const [i, p] of DEMO_PATIENTS.entries()) {
      const { id: customerId } = await createCustomer(tx, tenantId, customerCreateInput.parse({ name: p.name, tax_id: p.cedula, phone: p.phone, email: p.email ?? undefined, address: p.address }));
      const id = newId();
      await tx.insert(dentalPatients).values({
        tenantId,
        id,
        customerId,
        number: i + 1,
        birthDate: p.birthDate,
        gender: p.gender,
        bloodType: p.bloodType,
        allergies: p.allergies,
        medications: p.medications,
        conditions: p.conditions,
        insurance: p.insurance,
        emergencyContact: p.emergencyContact,
        createdBy: ownerId,
        createdAt: at(60 - i * 5),
        updatedAt: at(60 - i * 5),
      });
      patients.push({ id, customerId, name: p.name });
    }
    const [maria, jose, carmen, luis, ana, pedro] = patients as [(typeof patients)[0], (typeof patients)[0], (typeof patients)[0], (typeof patients)[0], (typeof patients)[0], (typeof patients)[0]];

    // Clinical records (the history): first visits, follow-ups, today's patients.
    const record = async (patientId: string, back: number, dentistId: string, r: { chiefComplaint: string; findings: string; diagnosis: string; treatment: string; followUp?: number }) => {
      const id = newId();
      await tx.insert(dentalClinicalRecords).values({
        tenantId,
        id,
        patientId,
        visitDate: day(back),
        ...r,
        followUp: r.followUp !== undefined,
        followUpDate: r.followUp !== undefined ? day(-r.followUp) : null,
        vitalSigns: { bloodPressure: "120/80", heartRate: 72 },
        dentistId,
        createdBy: ownerId,
        createdAt: at(back),
      });
      return id;
    };
    const mariaFirst = await record(maria.id, 40, laura!, {
      chiefComplaint: "Dolor al masticar del lado derecho",
      findings: "Caries oclusal en 16, caries mesial en 26, lesión profunda en 46; 18 ausente.",
      diagnosis: "Caries dental múltiple; pulpitis irreversible en 46",
      treatment: "Se propone plan de rehabilitación en dos fases. Profilaxis.",
    });
    const mariaSecond = await record(maria.id, 21, laura!, { chiefComplaint: "Control", findings: "Resinas en 16 y 26 sin sensibilidad.", diagnosis: "Evolución favorable", treatment: "Resinas compuestas 16 O y 26 M.", followUp: 7 });
    await record(maria.id, 0, rafael!, { chiefComplaint: "Inicio de endodoncia", findings: "46 con dolor a la percusión; radiolucidez periapical.", diagnosis: "Periodontitis apical en 46", treatment: "Apertura cameral y conductometría en 46.", followUp: 10 });
    await record(jose.id, 15, laura!, { chiefComplaint: "Revisión semestral", findings: "Cálculo supragingival moderado; 36 con obturación antigua.", diagnosis: "Gingivitis leve", treatment: "Profilaxis y sellantes." });
    const carmenFirst = await record(carmen.id, 2, laura!, { chiefComplaint: "Sensibilidad al frío", findings: "Caries en 14 y 24.", diagnosis: "Caries de esmalte", treatment: "Se propone plan con resinas." });
    await record(luis.id, 0, laura!, { chiefComplaint: "Corona suelta en 46", findings: "Corona de porcelana en 46 desadaptada.", diagnosis: "Desadaptación de corona", treatment: "Recementado provisional; se toma impresión para corona nueva." });
    await record(ana.id, 9, rafael!, { chiefComplaint: "Blanqueamiento", findings: "Dientes sanos, tinción extrínseca.", diagnosis: "Pigmentación extrínseca", treatment: "Profilaxis; se programa blanqueamiento." });

    // The odontogram: an append-only log per patient.
    const tooth = (patientId: string, back: number, t: number, surface: string, status: string, extra: { note?: string; clinicalRecordId?: string; planProcedureId?: string } = {}) => ({
      tenantId,
      id: newId(),
      patientId,
      tooth: t,
      surface,
      status,
      note: extra.note ?? null,
      clinicalRecordId: extra.clinicalRecordId ?? null,
      planProcedureId: extra.planProcedureId ?? null,
      recordedBy: ownerId,
      recordedAt: at(back, 11),
    });
    await tx.insert(dentalToothEvents).values([
      tooth(maria.id, 40, 18, "general", "missing", { clinicalRecordId: mariaFirst, note: "Extraído hace años" }),
      tooth(maria.id, 40, 16, "occlusal", "cavity", { clinicalRecordId: mariaFirst }),
      tooth(maria.id, 40, 26, "mesial", "cavity", { clinicalRecordId: mariaFirst }),
      tooth(maria.id, 40, 46, "occlusal", "cavity", { clinicalRecordId: mariaFirst, note: "Lesión profunda" }),
      tooth(jose.id, 15, 36, "occlusal", "filling", { note: "Amalgama antigua" }),
      tooth(jose.id, 15, 47, "general", "crown"),
      tooth(carmen.id, 2, 14, "distal", "cavity", { clinicalRecordId: carmenFirst }),
      tooth(carmen.id, 2, 24, "occlusal", "cavity", { clinicalRecordId: carmenFirst }),
      tooth(luis.id, 0, 46, "general", "crown", { note: "Corona desadaptada" }),
      tooth(luis.id, 0, 18, "general", "missing"),
      tooth(luis.id, 0, 28, "general", "missing"),
      tooth(pedro.id, 30, 36, "general", "implant", { note: "Implante colocado en otra clínica" }),
      tooth(pedro.id, 30, 21, "mesial", "fractured"),
    ]);

    // María's plan: approved, phase 1 done (invoiced below), phase 2 in progress.
    const planId = newId();
    const phase1 = newId();
    const phase2 = newId();
    const cat = (code: string) => catalogue.get(code)!;
    await tx.insert(dentalTreatmentPlans).values({
      tenantId,
      id: planId,
      patientId: maria.id,
      number: 1,
      name: "Rehabilitación oral",
      diagnosis: "Caries dental múltiple; pulpitis irreversible en 46",
      status: "in_progress",
      notes: "Paciente alérgica a la penicilina: usar clindamicina si se requiere antibiótico.",
      approvedBy: ownerId,
      approvedAt: at(38),
      consentSignedBy: maria.name,
      createdBy: ownerId,
      createdAt: at(40),
      updatedAt: at(21),
    });
    const phase1Items = [
      { code: "CONS", tooth: null, surfaces: [] as string[] },
      { code: "PROF", tooth: null, surfaces: [] },
      { code: "RES", tooth: 16, surfaces: ["occlusal"] },
      { code: "RES", tooth: 26, surfaces: ["mesial"] },
    ];
    const phase2Items = [
      { code: "ENDO", tooth: 46, surfaces: [] as string[] },
      { code: "COR", tooth: 46, surfaces: [] },
    ];
    const sum = (items: { code: string }[]) => items.reduce((s, i) => s.plus(cat(i.code).price), new Big(0)).toFixed(2);
    await tx.insert(dentalPlanPhases).values([
      { tenantId, id: phase1, planId, position: 1, name: "Fase 1: Higiene y restauraciones", durationValue: 3, durationUnit: "weeks", estimatedEndDate: day(19), estimatedCost: sum(phase1Items), status: "completed" },
      { tenantId, id: phase2, planId, position: 2, name: "Fase 2: Endodoncia y corona en 46", durationValue: 4, durationUnit: "weeks", estimatedEndDate: day(-28), estimatedCost: sum(phase2Items), status: "in_progress" },
    ]);
    const phase1Ids: string[] = [];
    for (const [i, item] of phase1Items.entries()) {
      const id = newId();
      const c = cat(item.code);
      phase1Ids.push(id);
      await tx.insert(dentalPlanProcedures).values({ tenantId, id, planId, phaseId: phase1, position: i + 1, procedureTypeId: c.id, productId: c.productId, name: c.name, tooth: item.tooth, surfaces: item.surfaces, price: c.price, status: "done", doneAt: at(21), doneBy: ownerId, clinicalRecordId: mariaSecond });
    }
    for (const [i, item] of phase2Items.entries()) {
      const c = cat(item.code);
      await tx.insert(dentalPlanProcedures).values({ tenantId, id: newId(), planId, phaseId: phase2, position: i + 1, procedureTypeId: c.id, productId: c.productId, name: c.name, tooth: item.tooth, surfaces: item.surfaces, price: c.price });
    }
    // The restorations left fillings on the chart.
    await tx.insert(dentalToothEvents).values([
      tooth(maria.id, 21, 16, "occlusal", "filling", { clinicalRecordId: mariaSecond, planProcedureId: phase1Ids[2] }),
      tooth(maria.id, 21, 26, "mesial", "filling", { clinicalRecordId: mariaSecond, planProcedureId: phase1Ids[3] }),
    ]);
    // Carmen: a plan proposed, awaiting her answer; José: a draft.
    const carmenPlan = newId();
    const carmenPhase = newId();
    await tx.insert(dentalTreatmentPlans).values({ tenantId, id: carmenPlan, patientId: carmen.id, number: 2, name: "Restauraciones 14 y 24", diagnosis: "Caries de esmalte en 14 y 24", status: "proposed", createdBy: ownerId, createdAt: at(2), updatedAt: at(2) });
    await tx.insert(dentalPlanPhases).values({ tenantId, id: carmenPhase, planId: carmenPlan, position: 1, name: "Fase única", durationValue: 1, durationUnit: "weeks", estimatedCost: new Big(cat("RES").price).times(2).toFixed(2), status: "pending" });
    await tx.insert(dentalPlanProcedures).values(
      [
        [14, "distal"],
        [24, "occlusal"],
      ].map(([t, s], i) => ({ tenantId, id: newId(), planId: carmenPlan, phaseId: carmenPhase, position: i + 1, procedureTypeId: cat("RES").id, productId: cat("RES").productId, name: cat("RES").name, tooth: t as number, surfaces: [s], price: cat("RES").price })),
    );
    const josePlan = newId();
    const josePhase = newId();
    await tx.insert(dentalTreatmentPlans).values({ tenantId, id: josePlan, patientId: jose.id, number: 3, name: "Sellantes preventivos", diagnosis: "Fosas y fisuras profundas", status: "draft", createdBy: ownerId, createdAt: at(15), updatedAt: at(15) });
    await tx.insert(dentalPlanPhases).values({ tenantId, id: josePhase, planId: josePlan, position: 1, name: "Fase única", estimatedCost: cat("SELL").price, status: "pending" });
    await tx.insert(dentalPlanProcedures).values({ tenantId, id: newId(), planId: josePlan, phaseId: josePhase, position: 1, procedureTypeId: cat("SELL").id, productId: cat("SELL").productId, name: cat("SELL").name, tooth: 37, price: cat("SELL").price });

    // A prescription (not to María: she is allergic to penicillin) and lab orders, one overdue.
    await tx.insert(dentalPrescriptions).values({
      tenantId,
      id: newId(),
      patientId: luis.id,
      number: 1,
      items: [
        { medication: "Ibuprofeno 400 mg", dosage: "1 tableta", frequency: "Cada 8 horas", duration: "3 días", instructions: "Tomar con alimentos", quantity: "9 tabletas" },
        { medication: "Clorhexidina 0.12 %", dosage: "15 ml", frequency: "Cada 12 horas", duration: "7 días", instructions: "Enjuagar 30 segundos y no tragar", quantity: "1 frasco" },
      ],
      pharmacyNotes: "Genérico permitido",
      status: "active",
      dentistId: laura!,
      issuedAt: at(0),
      createdBy: ownerId,
    });
    await tx.insert(dentalLabOrders).values([
      { tenantId, id: newId(), patientId: luis.id, number: 1, laboratory: "Laboratorio Dental Caribe", orderType: "Corona de porcelana", teeth: [46], dueDate: day(-7), specifications: "Color A2, metal-porcelana", status: "pending", createdBy: ownerId, createdAt: at(0) },
      { tenantId, id: newId(), patientId: jose.id, number: 2, laboratory: "ProDental Lab", orderType: "Guarda oclusal", teeth: [], dueDate: day(3), specifications: "Guarda rígida superior, 2 mm", trackingNumber: "PDL-88412", cost: "4500.00", status: "sent", statusChangedAt: at(12), createdBy: ownerId, createdAt: at(14) },
    ]);
    return { maria, planId, phase1Ids };
  });

  // Phase 1 invoiced the way the plan page does it (dental.invoiceProcedures: the one invoice path,
  // NCF from the ranges, the procedures linked to the invoice), paid in cash.
  await withTenant(db, tenantId, async (tx) => {
    const [t] = await tx.select().from(tenants).where(eq(tenants.id, tenantId));
    const [o] = await tx.select().from(users).where(and(eq(users.tenantId, tenantId), eq(users.id, ownerId)));
    const user = { id: o!.id, tenantId, name: o!.name, email: o!.email, role: "owner", isOwner: true, language: "es", warehouseId, imageUrl: null, permissions: [] } as unknown as SessionUser;
    const ctx: PosContext = { tx, tenant: t!, user };
    const [cash] = await tx.select({ id: paymentMethods.id }).from(paymentMethods).where(and(eq(paymentMethods.tenantId, tenantId), eq(paymentMethods.code, "CASH")));
    await invoiceProcedures(ctx, { planId: seeded.planId, procedureIds: seeded.phase1Ids, clientOrderId: newId(), paymentMethodId: cash!.id });
  });

  // An x-ray of 46: a generated grayscale image in the tenant's private dental files, with an arrow at the finding.
  const name = `${newId()}.png`;
  const png = demoXrayPng();
  await storage.put(dentalStorageKey(tenantId, name), png, "image/png");
  const annotations: Annotation[] = [
    { id: "a1", kind: "arrow", color: "#ef4444", x1: 0.86, y1: 0.62, x2: 0.7, y2: 0.86 },
    { id: "t1", kind: "text", color: "#f59e0b", x: 0.72, y: 0.58, text: "Radiolucidez periapical" },
  ];
  await withTenant(db, tenantId, (tx) =>
    tx.insert(dentalXrays).values({
      tenantId,
      id: newId(),
      patientId: seeded.maria.id,
      type: "periapical",
      fileUrl: `/api/dental/files/${name}`,
      fileName: "periapical-46.png",
      fileSize: png.length,
      teeth: [45, 46],
      findings: "Radiolucidez periapical en la raíz distal de 46, compatible con periodontitis apical. 45 sin hallazgos.",
      annotations,
      takenBy: DEMO_DENTISTS[1].name,
      takenAt: day(0),
      createdBy: ownerId,
    }),
  );
  return { created: true };
}
