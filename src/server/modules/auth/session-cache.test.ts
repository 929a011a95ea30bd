import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { withTenant } from "../../db/client";
import { createTestContext, errorOf, type TestContext } from "../../test/harness";
import { sessions } from "./tables";

/**
 * A session read by a call is kept in memory for 10 seconds (auth/service.ts): whatever changes
 * its answer in this process applies to the very next call; a change made elsewhere (another
 * process, by hand in the database) within those 10 seconds.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

describe("the sessions kept in memory", () => {
  it("sign-out ends a session that has just answered a call", async () => {
    const cookie = await t.signIn("acme", "cashier");
    expect((await t.request("acme.localhost", { url: "/api/trpc/permissions.getUserModules", cookie })).status).toBe(200);
    expect((await t.request("acme.localhost", { method: "POST", url: "/api/auth/sign-out", cookie })).status).toBe(200);
    const after = await t.request("acme.localhost", { url: "/api/trpc/permissions.getUserModules", cookie });
    expect(after.status).toBe(401);
  });

  it("a role changed by the owner applies to the user's next call", async () => {
    const owner = await t.client("acme", "owner");
    const admin = await t.client("acme", "admin");
    expect((await admin.user.getAll.query()).length).toBeGreaterThan(0);
    await owner.user.update.mutate({ id: t.acme.users.admin.id, role: "cashier" });
    expect((await errorOf(admin.user.getAll.query())).code).toBe("FORBIDDEN");
    await owner.user.update.mutate({ id: t.acme.users.admin.id, role: "admin" });
    expect((await admin.user.getAll.query()).length).toBeGreaterThan(0);
  });

  it("a deactivated user's session that has just answered is refused at once", async () => {
    const owner = await t.client("acme", "owner");
    const admin = await t.client("acme", "admin");
    await admin.permissions.getUserModules.query();
    await owner.user.update.mutate({ id: t.acme.users.admin.id, isActive: false });
    expect((await errorOf(admin.permissions.getUserModules.query())).code).toBe("UNAUTHORIZED");
    await owner.user.update.mutate({ id: t.acme.users.admin.id, isActive: true });
  });

  it("a module switched off is off for every signed-in user's next call", async () => {
    const owner = await t.client("acme", "owner");
    const cashier = await t.client("acme", "cashier");
    expect((await cashier.permissions.getUserModules.query()).modules).toContain("customers");
    await owner.modules.setEnabled.mutate({ module: "customers", enabled: false });
    expect((await cashier.permissions.getUserModules.query()).modules).not.toContain("customers");
    expect((await errorOf(cashier.customer.search.query({ query: "ana" }))).code).toBe("FORBIDDEN");
    await owner.modules.setEnabled.mutate({ module: "customers", enabled: true });
    expect(await cashier.customer.search.query({ query: "ana" })).toEqual([]);
  });

  it("a session ended outside this process is refused within 10 seconds", async () => {
    const cashier = await t.client("acme", "cashier");
    await cashier.permissions.getUserModules.query();
    // Another process signs every cashier session out (here: by hand in the database).
    await withTenant(t.db, t.acme.tenant.id, (tx) => tx.delete(sessions).where(eq(sessions.userId, t.acme.users.cashier.id)));
    expect((await cashier.permissions.getUserModules.query()).modules).toContain("pos");
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + 10_001);
    expect((await errorOf(cashier.permissions.getUserModules.query())).code).toBe("UNAUTHORIZED");
  });
});
