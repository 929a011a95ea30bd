import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { withTenant } from "../../db/client";
import { newId } from "../../ids";
import { type Client, createTestContext, errorOf, TEST_PASSWORD, type TestContext } from "../../test/harness";
import { hashPassword } from "../auth/service";
import { users } from "../auth/tables";

/**
 * Roles are fixed (owner, admin, cashier); this file adds a role holding only settings.access and
 * settings.catalogs, the grant the 'Tipos de cliente' settings tab asks for, so it can sign in as one.
 */
vi.mock("../../../shared/permissions", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../../shared/permissions")>();
  return {
    ...original,
    ROLE_DEFAULT_PERMISSIONS: { ...original.ROLE_DEFAULT_PERMISSIONS, catalogs_clerk: ["settings.access", "settings.catalogs"], bookkeeper: ["dashboard.view", "reports.view"] },
  };
});

let t: TestContext;
let owner: Client;
let clerk: Client;
let cashier: Client;
let bookkeeper: Client;
let admin: Client;

async function addUser(role: string) {
  const email = `${role}@acme.test`;
  const passwordHash = await hashPassword(TEST_PASSWORD);
  await withTenant(t.db, t.acme.tenant.id, (tx) => tx.insert(users).values({ tenantId: t.acme.tenant.id, id: newId(), name: role, email, passwordHash, role }));
  return t.client("acme", { email, password: TEST_PASSWORD });
}

beforeAll(async () => {
  t = await createTestContext();
  [owner, admin, cashier] = await Promise.all([t.client("acme", "owner"), t.client("acme", "admin"), t.client("acme", "cashier")]);
  clerk = await addUser("catalogs_clerk");
  bookkeeper = await addUser("bookkeeper");
});
afterAll(() => t.close());

describe("customerType.* permissions (the settings tab needs settings.catalogs, the customer form customers.view)", () => {
  it("settings.catalogs without customers.view: lists, creates and updates customer types", async () => {
    expect(await clerk.permissions.hasPermission.query({ permission: "customers.view" })).toBe(false);
    expect(await clerk.permissions.hasPermission.query({ permission: "settings.catalogs" })).toBe(true);
    expect(await clerk.customerType.getAll.query()).toEqual([]);
    const type = await clerk.customerType.create.mutate({ name: "Mayorista", is_active: false });
    expect(type).toMatchObject({ name: "Mayorista", isActive: false });
    expect((await clerk.customerType.update.mutate({ id: type.id, name: "Mayoristas", is_active: true })).isActive).toBe(true);
    await clerk.customerType.create.mutate({ name: "Corporativo", is_active: false });
    expect((await clerk.customerType.getAll.query()).map((x) => [x.name, x.isActive])).toEqual([
      ["Corporativo", false],
      ["Mayoristas", true],
    ]);
    expect((await clerk.customerType.getActive.query()).map((x) => x.name)).toEqual(["Mayoristas"]);
    // Still no customers: the grant opens the catalog, not the customer list.
    expect((await errorOf(clerk.customer.getAll.query({}))).code).toBe("FORBIDDEN");
  });

  it("customers.view without settings.catalogs (cashier): reads the active types for the customer form, cannot edit", async () => {
    expect(await cashier.permissions.hasPermission.query({ permission: "settings.catalogs" })).toBe(false);
    expect((await cashier.customerType.getActive.query()).map((x) => x.name)).toEqual(["Mayoristas"]);
    expect((await cashier.customerType.getAll.query()).map((x) => x.name)).toEqual(["Corporativo", "Mayoristas"]);
    const type = (await cashier.customerType.getActive.query())[0]!;
    const customer = await cashier.customer.create.mutate({ name: "Colmado Tito", customer_type_id: type.id });
    expect(customer).toMatchObject({ customerTypeId: type.id, customerTypeName: "Mayoristas" });
    expect((await errorOf(cashier.customerType.create.mutate({ name: "VIP" }))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.customerType.update.mutate({ id: type.id, name: "VIP" }))).code).toBe("FORBIDDEN");
  });

  it("with the customers module off, settings.catalogs still opens the catalog; customers.view alone no longer does", async () => {
    await owner.modules.setEnabled.mutate({ module: "customers", enabled: false });
    try {
      expect((await admin.customerType.getAll.query()).map((x) => x.name)).toEqual(["Corporativo", "Mayoristas"]);
      expect((await admin.customerType.create.mutate({ name: "Gobierno" })).name).toBe("Gobierno");
      expect((await errorOf(cashier.customerType.getActive.query())).code).toBe("FORBIDDEN");
      expect((await errorOf(cashier.customerType.getAll.query())).code).toBe("FORBIDDEN");
    } finally {
      await owner.modules.setEnabled.mutate({ module: "customers", enabled: true });
    }
  });

  it("neither grant: FORBIDDEN for every customerType procedure", async () => {
    const type = (await owner.customerType.getActive.query())[0]!;
    for (const call of [
      () => bookkeeper.customerType.getAll.query(),
      () => bookkeeper.customerType.getActive.query(),
      () => bookkeeper.customerType.create.mutate({ name: "X" }),
      () => bookkeeper.customerType.update.mutate({ id: type.id, name: "X" }),
    ]) {
      expect(await errorOf(call())).toMatchObject({ code: "FORBIDDEN" });
    }
    expect((await owner.customerType.getAll.query()).map((x) => x.name)).toEqual(["Corporativo", "Gobierno", "Mayoristas"]);
  });
});
