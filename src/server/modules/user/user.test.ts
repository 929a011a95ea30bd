import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, errorOf, TEST_PASSWORD, type TestContext } from "../../test/harness";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe("user.*", () => {
  it("getAll lists the tenant's own users only", async () => {
    const owner = await t.client("acme", "owner");
    const list = await owner.user.getAll.query();
    expect(list.map((u) => u.email).sort()).toEqual(["admin@acme.test", "cashier@acme.test", "owner@acme.test"]);
    expect(list[0]).not.toHaveProperty("passwordHash");
  });

  it("create: a new cashier who can then sign in", async () => {
    const owner = await t.client("acme", "owner");
    const created = await owner.user.create.mutate({ name: "Pedro Gómez", email: "Pedro@Acme.test", password: "abcdef", role: "cashier", language: "en" });
    expect(created.email).toBe("pedro@acme.test");
    expect(created.role).toBe("cashier");
    expect(created.isOwner).toBe(false);
    const pedro = await t.client("acme", { email: "pedro@acme.test", password: "abcdef" });
    expect((await pedro.permissions.getUserPermissionsDirect.query()).role).toBe("cashier");
  });

  it("create: validation and duplicates", async () => {
    const owner = await t.client("acme", "owner");
    const short = await errorOf(owner.user.create.mutate({ name: "X", email: "x@acme.test", password: "12345", role: "cashier", language: "es" }));
    expect(short).toEqual({ code: "BAD_REQUEST", message: "password: La contraseña debe tener al menos 6 caracteres" });
    const bad = await errorOf(owner.user.create.mutate({ name: "", email: "no", password: "123456", role: "boss" as never, language: "es" }));
    expect(bad.code).toBe("BAD_REQUEST");
    expect(bad.message).toContain("name: El nombre es requerido");
    const dup = await errorOf(owner.user.create.mutate({ name: "Otro", email: "ADMIN@acme.test", password: "123456", role: "admin", language: "es" }));
    expect(dup).toEqual({ code: "CONFLICT", message: "Ya existe un usuario con ese correo" });
  });

  it("the same email may exist in another tenant", async () => {
    const outsider = await t.client("other", "owner");
    const created = await outsider.user.create.mutate({ name: "Pedro", email: "pedro@acme.test", password: "abcdef", role: "admin", language: "es" });
    expect(created.role).toBe("admin");
  });

  it("update: role, language, warehouse, password; the new password works", async () => {
    const owner = await t.client("acme", "owner");
    const cashierId = t.acme.users.cashier.id;
    const updated = await owner.user.update.mutate({ id: cashierId, role: "admin", language: "en", password: "nueva123", warehouseId: "none" });
    expect(updated.role).toBe("admin");
    expect(updated.language).toBe("en");
    expect(updated.warehouseId).toBeNull();
    await t.client("acme", { email: "cashier@acme.test", password: "nueva123" });
    await owner.user.update.mutate({ id: cashierId, role: "cashier", password: TEST_PASSWORD });
  });

  it("an owner cannot remove the last owner or deactivate themself", async () => {
    const owner = await t.client("acme", "owner");
    const demote = await errorOf(owner.user.update.mutate({ id: t.acme.users.owner.id, role: "admin" }));
    expect(demote.code).toBe("BAD_REQUEST");
  });

  it("deactivating a user ends their sessions", async () => {
    const owner = await t.client("acme", "owner");
    const admin = await t.client("acme", "admin");
    await owner.user.update.mutate({ id: t.acme.users.admin.id, isActive: false });
    expect((await errorOf(admin.permissions.getUserModules.query())).code).toBe("UNAUTHORIZED");
    await owner.user.update.mutate({ id: t.acme.users.admin.id, isActive: true });
  });

  it("another tenant's user id is NOT_FOUND", async () => {
    const owner = await t.client("acme", "owner");
    expect((await errorOf(owner.user.update.mutate({ id: t.other.users.cashier.id, name: "Hacked" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.user.getById.query({ id: t.other.users.cashier.id }))).code).toBe("NOT_FOUND");
  });

  it("a cashier cannot list, create or update users", async () => {
    const cashier = await t.client("acme", "cashier");
    expect((await errorOf(cashier.user.getAll.query())).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.user.create.mutate({ name: "Y", email: "y@acme.test", password: "123456", role: "owner", language: "es" }))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.user.update.mutate({ id: t.acme.users.cashier.id, role: "owner" }))).code).toBe("FORBIDDEN");
  });

  it("an admin may list users (employee links) but not manage them", async () => {
    const admin = await t.client("acme", "admin");
    expect((await admin.user.getAll.query()).length).toBeGreaterThan(2);
    expect((await errorOf(admin.user.create.mutate({ name: "Z", email: "z@acme.test", password: "123456", role: "admin", language: "es" }))).code).toBe("FORBIDDEN");
  });
});
