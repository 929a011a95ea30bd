import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, errorOf, type TestContext } from "../../test/harness";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** 1-01-85004-3, a valid RNC, as stored (without dashes). */
const RNC = "101850043";

const full = {
  code: "SUP-001",
  name: "Distribuidora Caribe",
  companyName: "Distribuidora Caribe SRL",
  taxId: "1-01-85004-3",
  email: "Ventas@Caribe.com.do",
  phone: "809-555-0101",
  mobile: "829-555-0102",
  website: "www.caribe.com.do",
  address: "Av. Duarte 101",
  city: "Santo Domingo",
  state: "Distrito Nacional",
  country: "República Dominicana",
  postalCode: "10101",
  contactPerson: "Ana Pérez",
  contactPosition: "Vendedora",
  paymentTerms: "30",
  creditLimit: "150,000.5",
  discountPercent: "5",
  notes: "Entrega martes y jueves",
  isActive: true,
};

describe("provider.*", () => {
  it("create (full form): stored normalized, money as decimal strings", async () => {
    const owner = await t.client("acme", "owner");
    const created = await owner.provider.create.mutate(full);
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created).toMatchObject({
      code: "SUP-001",
      name: "Distribuidora Caribe",
      taxId: RNC,
      email: "ventas@caribe.com.do",
      website: "https://www.caribe.com.do",
      paymentTerms: 30,
      creditLimit: "150000.50",
      discountPercent: "5.00",
      description: null,
      isActive: true,
    });
    expect(created).not.toHaveProperty("tenantId");
    expect(await owner.provider.getById.query({ id: created.id })).toEqual(created);
  });

  it("create (quick-create payload): empty optional strings are left out", async () => {
    const admin = await t.client("acme", "admin");
    const created = await admin.provider.create.mutate({ name: "  Ferretería Ochoa ", code: "FO", taxId: "", phone: "", email: "", website: "", address: "Calle 1", description: "Tornillería", notes: "" });
    expect(created).toMatchObject({ name: "Ferretería Ochoa", code: "FO", taxId: null, phone: null, email: null, website: null, address: "Calle 1", description: "Tornillería", creditLimit: null, isActive: true });
  });

  it("create: validation gives BAD_REQUEST with the field's message", async () => {
    const owner = await t.client("acme", "owner");
    expect(await errorOf(owner.provider.create.mutate({ name: "", code: "X1" }))).toEqual({ code: "BAD_REQUEST", message: "name: El nombre es requerido" });
    expect(await errorOf(owner.provider.create.mutate({ name: "X", code: " " }))).toEqual({ code: "BAD_REQUEST", message: "code: El código es requerido" });
    expect(await errorOf(owner.provider.create.mutate({ name: "X", code: "X1", email: "no-es-correo" }))).toEqual({ code: "BAD_REQUEST", message: "email: Email inválido" });
    expect(await errorOf(owner.provider.create.mutate({ name: "X", code: "X1", website: "ftp://x.com" }))).toEqual({ code: "BAD_REQUEST", message: "website: URL inválida" });
    expect(await errorOf(owner.provider.create.mutate({ name: "X", code: "X1", taxId: "123456789" }))).toEqual({
      code: "BAD_REQUEST",
      message: "taxId: RNC o cédula inválido (dígito verificador)",
    });
    const money = await errorOf(owner.provider.create.mutate({ name: "X", code: "X1", creditLimit: "-5", discountPercent: "100.01", paymentTerms: "1.5" }));
    expect(money.code).toBe("BAD_REQUEST");
    expect(money.message).toContain("creditLimit: Monto inválido");
    expect(money.message).toContain("discountPercent: El porcentaje debe estar entre 0 y 100");
    expect(money.message).toContain("paymentTerms: Indique los días");
    // Money is stored as a decimal string; more than 2 places is refused, never rounded silently.
    expect((await errorOf(owner.provider.create.mutate({ name: "X", code: "X1", creditLimit: "0.105" }))).message).toContain("creditLimit: Monto inválido");
  });

  it("create: the code is unique per tenant (any case) -> CONFLICT with a clear message", async () => {
    const owner = await t.client("acme", "owner");
    expect(await errorOf(owner.provider.create.mutate({ name: "Otra", code: "SUP-001" }))).toEqual({ code: "CONFLICT", message: "Ya existe un suplidor con el código SUP-001" });
    expect((await errorOf(owner.provider.create.mutate({ name: "Otra", code: "sup-001" }))).code).toBe("CONFLICT");
    // Another business may use the same code.
    const outsider = await t.client("other", "owner");
    expect((await outsider.provider.create.mutate({ name: "Caribe de otro", code: "SUP-001" })).code).toBe("SUP-001");
  });

  it("getAll: the tenant's own providers, paged (default page 1, size 100), searched and filtered", async () => {
    const owner = await t.client("acme", "owner");
    const all = await owner.provider.getAll.query();
    expect(all.pagination).toEqual({ page: 1, pageSize: 100, total: 2, pageCount: 1 });
    expect(all.data.map((p) => p.name)).toEqual(["Distribuidora Caribe", "Ferretería Ochoa"]);
    expect(all.data.some((p) => p.name === "Caribe de otro")).toBe(false);

    const byName = await owner.provider.getAll.query({ search: "ferre" });
    expect(byName.data.map((p) => p.code)).toEqual(["FO"]);
    expect((await owner.provider.getAll.query({ search: "sup-0" })).data.map((p) => p.code)).toEqual(["SUP-001"]);
    expect((await owner.provider.getAll.query({ search: "1-01-85" })).data.map((p) => p.code)).toEqual(["SUP-001"]);
    expect((await owner.provider.getAll.query({ search: "CARIBE SRL" })).data.map((p) => p.code)).toEqual(["SUP-001"]);
    expect((await owner.provider.getAll.query({ search: "100%" })).data).toEqual([]);

    const paged = await owner.provider.getAll.query({ page: 2, pageSize: 1 });
    expect(paged.data.map((p) => p.code)).toEqual(["FO"]);
    expect(paged.pagination).toEqual({ page: 2, pageSize: 1, total: 2, pageCount: 2 });
    expect((await errorOf(owner.provider.getAll.query({ page: 0 }))).code).toBe("BAD_REQUEST");
  });

  it("update: replaces the form's fields, clears the ones left out, keeps the code unique", async () => {
    const owner = await t.client("acme", "owner");
    const [caribe] = (await owner.provider.getAll.query({ search: "SUP-001" })).data;
    const updated = await owner.provider.update.mutate({ ...full, id: caribe!.id, name: "Distribuidora Caribe Norte", creditLimit: "", companyName: undefined, mobile: "" });
    expect(updated).toMatchObject({ id: caribe!.id, name: "Distribuidora Caribe Norte", creditLimit: null, companyName: null, mobile: null, taxId: RNC, isActive: true });
    expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(caribe!.updatedAt.getTime());
    // Keeping its own code is fine; taking another provider's is not.
    expect((await owner.provider.update.mutate({ ...full, id: caribe!.id, code: "sup-001" })).code).toBe("sup-001");
    expect(await errorOf(owner.provider.update.mutate({ ...full, id: caribe!.id, code: "FO" }))).toEqual({ code: "CONFLICT", message: "Ya existe un suplidor con el código FO" });
    expect(await errorOf(owner.provider.update.mutate({ ...full, id: caribe!.id, email: "malo@" }))).toEqual({ code: "BAD_REQUEST", message: "email: Email inválido" });
    await owner.provider.update.mutate({ ...full, id: caribe!.id });
  });

  it("setActive: deactivates instead of deleting; the filter finds it; it can come back", async () => {
    const owner = await t.client("acme", "owner");
    const [ochoa] = (await owner.provider.getAll.query({ search: "FO" })).data;
    const off = await owner.provider.setActive.mutate({ id: ochoa!.id, isActive: false });
    expect(off.isActive).toBe(false);
    expect((await owner.provider.getAll.query({ isActive: false })).data.map((p) => p.code)).toEqual(["FO"]);
    expect((await owner.provider.getAll.query({ isActive: true })).data.map((p) => p.code)).toEqual(["SUP-001"]);
    expect((await owner.provider.getAll.query()).pagination.total).toBe(2);
    expect((await owner.provider.getById.query({ id: ochoa!.id })).name).toBe("Ferretería Ochoa");
    expect((await owner.provider.setActive.mutate({ id: ochoa!.id, isActive: true })).isActive).toBe(true);
  });

  it("another tenant's provider id is NOT_FOUND for every procedure", async () => {
    const outsider = await t.client("other", "owner");
    const owner = await t.client("acme", "owner");
    const [theirs] = (await outsider.provider.getAll.query()).data;
    expect(theirs).toBeDefined();
    expect((await errorOf(owner.provider.getById.query({ id: theirs!.id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.provider.update.mutate({ ...full, code: "HACK", id: theirs!.id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.provider.setActive.mutate({ id: theirs!.id, isActive: false }))).code).toBe("NOT_FOUND");
    expect((await outsider.provider.getById.query({ id: theirs!.id })).isActive).toBe(true);
    expect((await outsider.provider.getById.query({ id: theirs!.id })).name).toBe("Caribe de otro");
    expect((await errorOf(owner.provider.getById.query({ id: "no-es-uuid" }))).code).toBe("BAD_REQUEST");
  });

  it("a cashier (no providers.* permission) is FORBIDDEN; anonymous is UNAUTHORIZED", async () => {
    const owner = await t.client("acme", "owner");
    const [one] = (await owner.provider.getAll.query()).data;
    const cashier = await t.client("acme", "cashier");
    expect((await errorOf(cashier.provider.getAll.query())).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.provider.getById.query({ id: one!.id }))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.provider.create.mutate({ name: "Y", code: "Y" }))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.provider.update.mutate({ ...full, id: one!.id }))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.provider.setActive.mutate({ id: one!.id, isActive: false }))).code).toBe("FORBIDDEN");
    const anonymous = await t.client("acme");
    expect((await errorOf(anonymous.provider.getAll.query())).code).toBe("UNAUTHORIZED");
  });
});
