import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isValidTaxId } from "../../../shared/fiscal/tax-id";
import { businessDate } from "../../../shared/platform/dates";
import { customers, legalClients } from "../../modules/customer/tables";
import { legalCases } from "../../modules/legal/tables";
import { createTenant } from "../../modules/onboarding/service";
import { unsafeFindTenantBySubdomain } from "../../modules/tenant/service";
import { createTestContext, type TestContext } from "../../test/harness";
import { withTenant } from "../client";
import { DEMO_PASSWORD, DEMO_USERS } from "./demo";
import { LEGAL_DEMO_SUBDOMAIN, SAMPLE_LEGAL_CLIENTS, seedDemoLegal } from "./demo-legal";

let t: TestContext;
let tenantId: string;
const now = new Date();
beforeAll(async () => {
  t = await createTestContext();
  expect(await seedDemoLegal(t.db, { now })).toEqual({ created: true });
  tenantId = (await unsafeFindTenantBySubdomain(t.db, LEGAL_DEMO_SUBDOMAIN))!.id;
}, 120_000);
afterAll(() => t.close());

const signIn = (email: string) => t.client(LEGAL_DEMO_SUBDOMAIN, { email, password: DEMO_PASSWORD });

describe("legal demo tenant", () => {
  it("is a Legatti firm with the demo sign-ins, seeded once", async () => {
    const tenant = (await unsafeFindTenantBySubdomain(t.db, LEGAL_DEMO_SUBDOMAIN))!;
    expect(tenant.name).toBe("Bufete Núñez & Asociados");
    expect(tenant.product).toBe("legatti");
    expect(await seedDemoLegal(t.db)).toEqual({ created: false });
    for (const u of DEMO_USERS) expect((await (await signIn(u.email)).legalCase.getCaseStats.query()).total).toBe(8);
  });

  it("holds six legal clients with valid RNC or cédula", async () => {
    const rows = await withTenant(t.db, tenantId, (tx) =>
      tx
        .select({ name: customers.name, taxId: customers.taxId })
        .from(customers)
        .innerJoin(legalClients, and(eq(legalClients.tenantId, customers.tenantId), eq(legalClients.id, customers.id)))
        .where(eq(customers.tenantId, tenantId)),
    );
    expect(rows).toHaveLength(SAMPLE_LEGAL_CLIENTS.length);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const r of rows) expect(isValidTaxId(r.taxId ?? ""), r.name).toBe(true);
    const owner = await signIn("owner@demo.test");
    expect((await owner.legalCase.getLegalClients.query({})).length).toBe(6);
  });

  it("holds eight cases over the statuses, priorities and types with their records", async () => {
    const owner = await signIn("owner@demo.test");
    const stats = await owner.legalCase.getCaseStats.query();
    expect(stats).toMatchObject({ total: 8, active: 5, onHold: 1, closed: 1, archived: 1, urgent: 2 });
    expect(stats.byType).toMatchObject({ commercial: 1, labor: 1, family: 1, real_estate: 1, criminal: 1, corporate: 1, tax: 1, civil: 1 });
    const { data } = await owner.legalCase.getCases.query({ pageSize: 20 });
    expect(data).toHaveLength(8);
    for (const c of data) expect(c.caseNumber).toMatch(/^EXP-\d{4}-\d{4}$/);
    expect(new Set(data.map((c) => c.caseNumber)).size).toBe(8);
    expect(data.map((c) => c.priority)).toEqual(expect.arrayContaining(["urgent", "critical", "high", "normal", "low"]));
    const closed = data.find((c) => c.status === "closed")!;
    expect(closed.dateClosed).not.toBeNull();

    const labor = data.find((c) => c.caseType === "labor")!;
    const parties = await owner.legalCase.getParties.query({ caseId: labor.id });
    expect(parties.map((p) => p.partyType).sort()).toEqual(["defendant", "plaintiff", "witness"]);
    expect(new Set(parties.map((p) => p.entityType))).toEqual(new Set(["individual", "company"]));
    const tasks = await owner.legalCase.getTasks.query({ caseId: labor.id });
    expect(tasks.map((x) => x.status).sort()).toEqual(["completed", "in_progress"]);
    const time = await owner.legalCase.getTimeEntries.query({ caseId: labor.id });
    expect(time.billing).toEqual({ billableHours: "3.50", billableAmount: "8750.00", unbilledAmount: "8750.00", nonBillableHours: "0.00" });
    const comms = await owner.legalCase.getCommunications.query({ caseId: labor.id });
    expect(comms.map((c) => c.type).sort()).toEqual(["email", "phone"]);
    expect(comms.some((c) => c.requiresFollowup)).toBe(true);

    const commercial = data.find((c) => c.caseType === "commercial")!;
    expect((await owner.legalCase.getCase.query({ id: commercial.id })).billing).toEqual({ billableHours: "5.00", billableAmount: "17500.00", unbilledAmount: "17500.00", nonBillableHours: "0.50" });
  });

  it("has events in the coming two weeks, one with a reminder", async () => {
    const owner = await signIn("owner@demo.test");
    const today = businessDate(now, "America/Santo_Domingo");
    const in14 = new Date(Date.parse(`${today}T00:00:00Z`) + 14 * 86_400_000).toISOString().slice(0, 10);
    const events = await owner.legalCase.getEvents.query({ from: today, to: in14 });
    expect(events.length).toBeGreaterThanOrEqual(4);
    expect(new Set(events.map((e) => e.eventType))).toEqual(new Set(["hearing", "meeting", "deadline"]));
    expect(events.some((e) => e.reminderEnabled)).toBe(true);
    expect(events.some((e) => e.locationType === "court")).toBe(true);
    expect(events.some((e) => e.locationType === "office")).toBe(true);
  });

  it("gives a new Legatti firm the same sample at sign-up, its owner as lead attorney; other products none", async () => {
    const started = Date.now();
    const { tenant, ownerId } = await createTenant(t.db, { businessName: "Firma Nueva SRL", subdomain: "firma-nueva", taxId: "131246796", product: "legatti", owner: { name: "Dueña Nueva", email: "duena@firma.test", password: "secret123" }, trial: true });
    expect(Date.now() - started).toBeLessThan(15_000);
    const cases = await withTenant(t.db, tenant.id, (tx) => tx.select({ id: legalCases.id, lead: legalCases.leadAttorneyId }).from(legalCases).where(eq(legalCases.tenantId, tenant.id)));
    expect(cases).toHaveLength(8);
    expect(new Set(cases.map((c) => c.lead))).toEqual(new Set([ownerId]));
    const rows = await withTenant(t.db, t.acme.tenant.id, (tx) => tx.select({ id: legalCases.id }).from(legalCases).where(eq(legalCases.tenantId, t.acme.tenant.id)));
    expect(rows).toHaveLength(0);
  });
});
