import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_DENTAL_CATALOGUE } from "../../../shared/dental/catalogue";
import { annotationsSchema } from "../../../shared/dental/files";
import { isValidCedula } from "../../../shared/fiscal/tax-id";
import { customers } from "../../modules/customer/tables";
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
import { employees } from "../../modules/employee/tables";
import { orderItems, orders } from "../../modules/pos/tables";
import { unsafeFindTenantBySubdomain } from "../../modules/tenant/service";
import { createStorage } from "../../modules/upload/storage";
import { createTestContext, type TestContext } from "../../test/harness";
import { withTenant } from "../client";
import { DEMO_PASSWORD } from "./demo";
import { DENTAL_DEMO_SUBDOMAIN, seedDemoDental } from "./demo-dental";
import { DEMO_PATIENTS } from "./demo-dental-data";

let t: TestContext;
let tenantId: string;
beforeAll(async () => {
  t = await createTestContext();
  await seedDemoDental(t.db, createStorage({ uploadDir: t.uploadDir }));
  tenantId = (await unsafeFindTenantBySubdomain(t.db, DENTAL_DEMO_SUBDOMAIN))!.id;
}, 120_000);
afterAll(() => t.close());

const signIn = (email: string) => t.client("dental", { email, password: DEMO_PASSWORD });
const rows = <T>(fn: (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) => Promise<T>) => withTenant(t.db, tenantId, fn);

describe("the dental demo tenant (issue 18 'Demo data')", () => {
  it("has the practice's catalogue: ITBIS-exempt service products with their result statuses", async () => {
    const owner = await signIn("owner@demo.test");
    const list = await owner.dental.getProcedureTypes.query();
    expect(list).toHaveLength(DEMO_DENTAL_CATALOGUE.length);
    const byCode = new Map(list.map((p) => [p.code, p]));
    expect(byCode.get("RES")).toMatchObject({ name: "Resina compuesta", scope: "surface", resultStatus: "filling", price: "3500.00" });
    expect(byCode.get("EXT")).toMatchObject({ name: "Extracción simple", resultStatus: "missing" });
    expect(byCode.get("ENDO")).toMatchObject({ resultStatus: "root_canal" });
    expect(byCode.get("COR")).toMatchObject({ name: "Corona de porcelana", resultStatus: "crown" });
    expect(byCode.get("IMP")).toMatchObject({ resultStatus: "implant" });
    const product = await owner.product.getById.query({ id: byCode.get("IMP")!.productId });
    expect(product).toMatchObject({ productType: "service", isTaxable: false, sku: "DEN-IMP" });
  });

  it("two dentists; six patients with valid cédulas, one allergic to penicillin", async () => {
    const staff = await rows((tx) => tx.select({ name: employees.name }).from(employees).where(eq(employees.tenantId, tenantId)));
    expect(staff.map((e) => e.name).sort()).toEqual(["Dr. Rafael Guzmán", "Dra. Laura Méndez"]);
    const patients = await rows((tx) =>
      tx
        .select({ name: customers.name, taxId: customers.taxId, allergies: dentalPatients.allergies, number: dentalPatients.number })
        .from(dentalPatients)
        .innerJoin(customers, and(eq(customers.tenantId, dentalPatients.tenantId), eq(customers.id, dentalPatients.customerId)))
        .where(eq(dentalPatients.tenantId, tenantId))
        .orderBy(dentalPatients.number),
    );
    expect(patients.map((p) => p.name)).toEqual(DEMO_PATIENTS.map((p) => p.name));
    expect(patients.map((p) => p.number)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const p of patients) expect(isValidCedula(p.taxId!)).toBe(true);
    expect(patients.filter((p) => (p.allergies as string[]).includes("Penicilina")).map((p) => p.name)).toEqual(["María Altagracia Peña Rosario"]);
  });

  it("charts with cavities, fillings, a missing 18 and a crown; clinical records, some today", async () => {
    const events = await rows((tx) => tx.select().from(dentalToothEvents).where(eq(dentalToothEvents.tenantId, tenantId)));
    const statuses = new Set(events.map((e) => e.status));
    for (const s of ["cavity", "filling", "missing", "crown"]) expect(statuses.has(s)).toBe(true);
    expect(events.some((e) => e.tooth === 18 && e.status === "missing")).toBe(true);
    const records = await rows((tx) => tx.select().from(dentalClinicalRecords).where(eq(dentalClinicalRecords.tenantId, tenantId)));
    expect(records.length).toBeGreaterThanOrEqual(6);
    const owner = await signIn("owner@demo.test");
    const dashboard = await owner.dental.getDashboard.query();
    expect(dashboard.patientsSeen.today).toBe(2);
    expect(dashboard.labOrders).toEqual({ pending: 2, overdue: 1 });
    expect(dashboard.revenueMonth).toBe("11000.00");
  });

  it("a two-phase plan in progress: approved, phase 1 done and invoiced with an NCF through createInvoice", async () => {
    const plans = await rows((tx) => tx.select().from(dentalTreatmentPlans).where(eq(dentalTreatmentPlans.tenantId, tenantId)));
    const plan = plans.find((p) => p.status === "in_progress")!;
    expect(plan).toMatchObject({ name: "Rehabilitación oral", consentSignedBy: "María Altagracia Peña Rosario" });
    expect(plan.approvedAt).not.toBeNull();
    expect(plans.map((p) => p.status).sort()).toEqual(["draft", "in_progress", "proposed"]);
    const phases = await rows((tx) => tx.select().from(dentalPlanPhases).where(eq(dentalPlanPhases.planId, plan.id)).orderBy(dentalPlanPhases.position));
    expect(phases.map((p) => p.status)).toEqual(["completed", "in_progress"]);
    const procs = await rows((tx) => tx.select().from(dentalPlanProcedures).where(eq(dentalPlanProcedures.planId, plan.id)));
    const done = procs.filter((p) => p.phaseId === phases[0]!.id);
    expect(done.every((p) => p.status === "done" && p.orderId === done[0]!.orderId && p.orderId !== null)).toBe(true);
    expect(procs.filter((p) => p.phaseId === phases[1]!.id).every((p) => p.status === "pending" && p.orderId === null)).toBe(true);
    const [order] = await rows((tx) => tx.select().from(orders).where(and(eq(orders.tenantId, tenantId), eq(orders.id, done[0]!.orderId!))));
    expect(order).toMatchObject({ status: "completed", total: "11000.00", taxTotal: "0.00", paymentStatus: "paid" });
    expect(order!.ncf).toMatch(/^B02\d{8}$/);
    const lines = await rows((tx) => tx.select().from(orderItems).where(and(eq(orderItems.tenantId, tenantId), eq(orderItems.orderId, order!.id))));
    expect(lines).toHaveLength(4);
    expect(lines.every((l) => !l.isTaxable)).toBe(true);
  });

  it("a prescription, lab orders (one overdue) and an annotated x-ray whose image is in the storage", async () => {
    const prescriptions = await rows((tx) => tx.select().from(dentalPrescriptions).where(eq(dentalPrescriptions.tenantId, tenantId)));
    expect(prescriptions).toHaveLength(1);
    expect(prescriptions[0]!.dentistId).not.toBeNull();
    const labs = await rows((tx) => tx.select().from(dentalLabOrders).where(and(eq(dentalLabOrders.tenantId, tenantId), inArray(dentalLabOrders.status, ["pending", "sent", "in_progress"]))));
    expect(labs).toHaveLength(2);
    const [xray] = await rows((tx) => tx.select().from(dentalXrays).where(and(eq(dentalXrays.tenantId, tenantId), isNotNull(dentalXrays.findings))));
    expect(xray!.type).toBe("periapical");
    const annotations = annotationsSchema.parse(xray!.annotations);
    expect(annotations.filter((a) => a.kind === "arrow")).toHaveLength(1);
    const name = xray!.fileUrl.replace("/api/dental/files/", "");
    const bytes = await createStorage({ uploadDir: t.uploadDir }).get(dentalStorageKey(tenantId, name));
    expect(bytes!.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    expect(bytes!.length).toBe(xray!.fileSize);
  });

  it("seeding twice does nothing", async () => {
    expect(await seedDemoDental(t.db, createStorage({ uploadDir: t.uploadDir }))).toEqual({ created: false });
  });
});
