import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_PERMISSIONS, ROLE_DEFAULT_PERMISSIONS } from "../../../shared/permissions";
import { withTenant } from "../../db/client";
import { createTestContext, errorOf, type TestContext } from "../../test/harness";
import { users } from "../auth/tables";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe("permissions.*", () => {
  it("the owner holds every permission", async () => {
    const owner = await t.client("acme", "owner");
    const res = await owner.permissions.getUserPermissions.query();
    expect(res.isOwner).toBe(true);
    expect(res.permissions).toContain("settings.users");
    expect(res.permissions).toContain("vouchers.generate");
    expect(await owner.permissions.hasPermission.query({ permission: "employees.delete" })).toBe(true);
  });

  it("a cashier holds the cashier defaults only", async () => {
    const cashier = await t.client("acme", "cashier");
    const direct = await cashier.permissions.getUserPermissionsDirect.query();
    expect(direct.role).toBe("cashier");
    expect([...direct.permissions].sort()).toEqual([...ROLE_DEFAULT_PERMISSIONS.cashier].sort());
    expect(await cashier.permissions.hasPermission.query({ permission: "pos.access" })).toBe(true);
    expect(await cashier.permissions.hasPermission.query({ permission: "settings.users" })).toBe(false);
    expect(await cashier.permissions.hasPermission.query({ permission: "providers.create" })).toBe(false);
  });

  it("an admin has everything but users and modules", async () => {
    const admin = await t.client("acme", "admin");
    expect(await admin.permissions.hasPermission.query({ permission: "products.create" })).toBe(true);
    expect(await admin.permissions.hasPermission.query({ permission: "settings.users" })).toBe(false);
    expect(await admin.permissions.hasPermission.query({ permission: "settings.modules" })).toBe(false);
  });

  it("modules: listed, and a disabled module takes away its .view/.access even from the owner", async () => {
    const owner = await t.client("acme", "owner");
    expect((await owner.permissions.getUserModules.query()).modules).toContain("reports");
    expect((await owner.modules.getUserModules.query()).modules).toContain("reports");
    expect(await owner.permissions.hasModule.query({ module: "dental" })).toBe(false);
    await owner.modules.setEnabled.mutate({ module: "reports", enabled: false });
    expect(await owner.permissions.hasModule.query({ module: "reports" })).toBe(false);
    expect(await owner.permissions.hasPermission.query({ permission: "reports.view" })).toBe(false);
    expect(await owner.permissions.hasPermission.query({ permission: "reports.export" })).toBe(true);
    const refreshed = await owner.permissions.refreshCache.mutate();
    expect(refreshed.permissions).not.toContain("reports.view");
    // Another tenant is untouched.
    const outsider = await t.client("other", "owner");
    expect(await outsider.permissions.hasModule.query({ module: "reports" })).toBe(true);
    await owner.modules.setEnabled.mutate({ module: "reports", enabled: true });
  });

  it("refreshCache reads the caller's session again: a role changed behind the app's back shows at once", async () => {
    const cashier = await t.client("acme", "cashier");
    expect(await cashier.permissions.hasPermission.query({ permission: "products.create" })).toBe(false);
    // Changed in the database directly (another process, a DBA): the 10-second session cache still answers the old role.
    const { id } = t.acme.users.cashier;
    await withTenant(t.db, t.acme.tenant.id, (tx) => tx.update(users).set({ role: "admin" }).where(and(eq(users.tenantId, t.acme.tenant.id), eq(users.id, id))));
    expect(await cashier.permissions.hasPermission.query({ permission: "products.create" })).toBe(false);
    const refreshed = await cashier.permissions.refreshCache.mutate();
    expect(refreshed.permissions).toContain("products.create");
    expect(await cashier.permissions.hasPermission.query({ permission: "products.create" })).toBe(true);
    await withTenant(t.db, t.acme.tenant.id, (tx) => tx.update(users).set({ role: "cashier" }).where(and(eq(users.tenantId, t.acme.tenant.id), eq(users.id, id))));
    await cashier.permissions.refreshCache.mutate();
  });

  it("modules cannot be managed by an admin, and settings cannot be switched off", async () => {
    const admin = await t.client("acme", "admin");
    expect((await errorOf(admin.modules.setEnabled.mutate({ module: "pos", enabled: false }))).code).toBe("FORBIDDEN");
    const owner = await t.client("acme", "owner");
    expect((await errorOf(owner.modules.setEnabled.mutate({ module: "settings", enabled: false }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(owner.modules.setEnabled.mutate({ module: "nope" as never, enabled: false }))).code).toBe("BAD_REQUEST");
    const all = await owner.modules.getAll.query();
    expect(all.find((m) => m.code === "pos")?.enabled).toBe(true);
  });

  it("refuses anonymous callers", async () => {
    const anon = await t.client("acme");
    expect((await errorOf(anon.permissions.getUserPermissions.query())).code).toBe("UNAUTHORIZED");
    expect((await errorOf(anon.permissions.hasPermission.query({ permission: "pos.access" }))).code).toBe("UNAUTHORIZED");
  });

  it("every catalogued permission is module.action", () => {
    for (const p of ALL_PERMISSIONS) expect(p).toMatch(/^[a-z_]+\.[a-z_]+$/);
  });
});
