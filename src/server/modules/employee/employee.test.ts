import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../db/client";
import { type Client, createTestContext, errorOf, type TestContext } from "../../test/harness";
import { findEmployeeIdForUser } from "./service";

let t: TestContext;
let owner: Client;
let outsider: Client;
const prices = { price: "100", price2: "0", price3: "0" };
/** acme's catalogue */
let corte: string;
let tinte: string;
let champu: string;
let cabello: string;
/** other's catalogue */
let theirService: string;
let theirCategory: string;

beforeAll(async () => {
  t = await createTestContext();
  owner = await t.client("acme", "owner");
  outsider = await t.client("other", "owner");
  cabello = (await owner.productCategory.create.mutate({ name: "Cabello", code: "CAB" })).id;
  corte = (await owner.product.create.mutate({ name: "Corte de cabello", sku: "SRV-CORTE", ...prices, productType: "service", isScheduleable: true, categoryId: cabello })).id;
  tinte = (await owner.product.create.mutate({ name: "Tinte", sku: "SRV-TINTE", ...prices, productType: "service", isScheduleable: true })).id;
  champu = (await owner.product.create.mutate({ name: "Champú", sku: "CHAMPU", ...prices, categoryId: cabello })).id;
  theirService = (await outsider.product.create.mutate({ name: "Masaje", sku: "SRV-MASAJE", ...prices, productType: "service", isScheduleable: true })).id;
  theirCategory = (await outsider.productCategory.create.mutate({ name: "Spa", code: "SPA" })).id;
});
afterAll(() => t.close());

const full = {
  name: "  María Rodríguez ",
  email: "Maria@Salon.do",
  phone: "809-555-0101",
  address: "Calle El Conde 12",
  identification: "001-1234567-8",
  birth_date: "1990-05-17",
  emergency_contact: "José Rodríguez",
  emergency_phone: "829-555-0199",
  department: "Salón",
  position: "Estilista senior",
  job_position: "seller" as const,
  hire_date: "2024-01-15",
  salary_type: "mixed" as const,
  base_salary: "25,000.5",
  commission_rate: "3.5",
  user_id: "none",
  is_active: true,
};

describe("employee.create / getById", () => {
  it("a name is enough: the spec's defaults and the code EMP-001", async () => {
    const { id } = await owner.employee.create.mutate({ name: "Pedro Gómez" });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const e = await owner.employee.getById.query({ id });
    expect(e).toMatchObject({
      id,
      code: "EMP-001",
      name: "Pedro Gómez",
      email: null,
      job_position: "other",
      salary_type: "monthly",
      base_salary: "0.00",
      commission_rate: null,
      hire_date: null,
      user_id: null,
      is_active: true,
      products: [],
      categories: [],
    });
    expect(e).not.toHaveProperty("tenantId");
  });

  it("every field, stored normalized; codes keep counting and skip codes typed by hand", async () => {
    const { id } = await owner.employee.create.mutate(full);
    expect(await owner.employee.getById.query({ id })).toMatchObject({
      code: "EMP-002",
      name: "María Rodríguez",
      email: "maria@salon.do",
      birth_date: "1990-05-17",
      hire_date: "2024-01-15",
      job_position: "seller",
      salary_type: "mixed",
      base_salary: "25000.50",
      commission_rate: "3.50",
      user_id: null,
      position: "Estilista senior",
    });
    expect((await owner.employee.create.mutate({ name: "A mano", code: "EMP-003" })).id).toBeDefined();
    const next = await owner.employee.create.mutate({ name: "Siguiente" });
    expect((await owner.employee.getById.query({ id: next.id })).code).toBe("EMP-004");
  });

  it("empty optional strings are absent; commission_rate only counts for commission or mixed pay", async () => {
    const { id } = await owner.employee.create.mutate({
      name: "Luisa",
      email: "",
      phone: "",
      birth_date: "",
      hire_date: "",
      commission_rate: "10",
      salary_type: "monthly",
      user_id: "",
    });
    expect(await owner.employee.getById.query({ id })).toMatchObject({ email: null, phone: null, birth_date: null, hire_date: null, commission_rate: null, salary_type: "monthly" });
    const byCommission = await owner.employee.create.mutate({ name: "Comisionista", salary_type: "commission", commission_rate: 12.25 as never });
    expect((await owner.employee.getById.query({ id: byCommission.id })).commission_rate).toBe("12.25");
  });

  it("validation gives BAD_REQUEST with the field's message", async () => {
    expect(await errorOf(owner.employee.create.mutate({ name: " " }))).toEqual({ code: "BAD_REQUEST", message: "name: El nombre es requerido" });
    expect(await errorOf(owner.employee.create.mutate({ name: "X", email: "no-es-correo" }))).toEqual({ code: "BAD_REQUEST", message: "email: Email inválido" });
    expect(await errorOf(owner.employee.create.mutate({ name: "X", birth_date: "2024-02-30" }))).toEqual({ code: "BAD_REQUEST", message: "birth_date: Fecha inválida" });
    expect(await errorOf(owner.employee.create.mutate({ name: "X", salary_type: "commission", commission_rate: "100.01" }))).toEqual({
      code: "BAD_REQUEST",
      message: "commission_rate: El porcentaje debe estar entre 0 y 100",
    });
    expect(await errorOf(owner.employee.create.mutate({ name: "X", base_salary: "-5" }))).toEqual({ code: "BAD_REQUEST", message: "base_salary: Monto inválido" });
    expect((await errorOf(owner.employee.create.mutate({ name: "X", job_position: "boss" as never }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(owner.employee.create.mutate({ name: "X", salary_type: "weekly" as never }))).code).toBe("BAD_REQUEST");
    expect(await errorOf(owner.employee.create.mutate({ name: "X", user_id: "alguien" }))).toEqual({ code: "BAD_REQUEST", message: "user_id: Usuario inválido" });
  });

  it("the code is unique per tenant (any case) -> CONFLICT; another business may use it", async () => {
    expect(await errorOf(owner.employee.create.mutate({ name: "Otro", code: "emp-001" }))).toEqual({ code: "CONFLICT", message: "Ya existe un empleado con el código emp-001" });
    const theirs = await outsider.employee.create.mutate({ name: "Empleado de otro" });
    expect((await outsider.employee.getById.query({ id: theirs.id })).code).toBe("EMP-001");
  });

  it("a linked user must be of this business and linked to no other active employee", async () => {
    const admin = t.acme.users.admin.id;
    const { id } = await owner.employee.create.mutate({ name: "Ana Admin", user_id: admin });
    expect(await owner.employee.getById.query({ id })).toMatchObject({ user_id: admin, user_email: "admin@acme.test" });
    expect(await errorOf(owner.employee.create.mutate({ name: "Ana otra vez", user_id: admin }))).toEqual({
      code: "CONFLICT",
      message: "Ese usuario ya está enlazado al empleado Ana Admin",
    });
    expect((await errorOf(owner.employee.create.mutate({ name: "Intruso", user_id: t.other.users.admin.id }))).code).toBe("NOT_FOUND");
  });
});

describe("employee.getAll", () => {
  it("active employees by name, searched and paged; showInactive adds the inactive ones", async () => {
    const all = await owner.employee.getAll.query();
    expect(all.pagination).toMatchObject({ page: 1, pageSize: 20 });
    expect(all.data.map((e) => e.name)).toEqual(["A mano", "Ana Admin", "Comisionista", "Luisa", "María Rodríguez", "Pedro Gómez", "Siguiente"]);
    expect(all.data.some((e) => e.name === "Empleado de otro")).toBe(false);
    expect(all.data.find((e) => e.name === "Ana Admin")?.user_name).toBe("admin admin@acme.test");

    expect((await owner.employee.getAll.query({ search: "maría" })).data.map((e) => e.code)).toEqual(["EMP-002"]);
    expect((await owner.employee.getAll.query({ search: "emp-00" })).pagination.total).toBe(7);
    expect((await owner.employee.getAll.query({ search: "001-1234567" })).data.map((e) => e.name)).toEqual(["María Rodríguez"]);
    expect((await owner.employee.getAll.query({ search: "100%" })).data).toEqual([]);
    const paged = await owner.employee.getAll.query({ page: 2, pageSize: 3 });
    expect(paged.data.map((e) => e.name)).toEqual(["Luisa", "María Rodríguez", "Pedro Gómez"]);
    expect(paged.pagination).toEqual({ page: 2, pageSize: 3, total: 7, pageCount: 3 });
    expect((await errorOf(owner.employee.getAll.query({ page: 0 }))).code).toBe("BAD_REQUEST");
  });
});

describe("employee.update / delete / restore", () => {
  it("update replaces the form's fields, clears the ones left out, keeps the code when none is sent", async () => {
    const [maria] = (await owner.employee.getAll.query({ search: "María" })).data;
    const result = await owner.employee.update.mutate({ ...full, id: maria!.id, name: "María R. Peña", phone: "", salary_type: "monthly", email: undefined });
    expect(result).toEqual({ id: maria!.id });
    const after = await owner.employee.getById.query({ id: maria!.id });
    expect(after).toMatchObject({ code: "EMP-002", name: "María R. Peña", phone: null, email: null, salary_type: "monthly", commission_rate: null, department: "Salón" });
    expect(after.updated_at.getTime()).toBeGreaterThanOrEqual(maria!.updated_at.getTime());
    await owner.employee.update.mutate({ ...full, id: maria!.id, code: "EST-01" });
    expect((await owner.employee.getById.query({ id: maria!.id })).code).toBe("EST-01");
    expect(await errorOf(owner.employee.update.mutate({ ...full, id: maria!.id, code: "EMP-001" }))).toEqual({
      code: "CONFLICT",
      message: "Ya existe un empleado con el código EMP-001",
    });
    expect(await errorOf(owner.employee.update.mutate({ ...full, id: maria!.id, email: "malo@" }))).toEqual({ code: "BAD_REQUEST", message: "email: Email inválido" });
    // Its own user link is not a clash with itself.
    const [ana] = (await owner.employee.getAll.query({ search: "Ana Admin" })).data;
    await owner.employee.update.mutate({ id: ana!.id, name: "Ana Admin", user_id: t.acme.users.admin.id });
    expect((await owner.employee.getById.query({ id: ana!.id })).user_id).toBe(t.acme.users.admin.id);
  });

  it("delete marks inactive (never removes); the list hides it unless showInactive; restore brings it back", async () => {
    const [pedro] = (await owner.employee.getAll.query({ search: "Pedro" })).data;
    expect(await owner.employee.delete.mutate({ id: pedro!.id })).toEqual({ id: pedro!.id, is_active: false });
    const gone = await owner.employee.getById.query({ id: pedro!.id });
    expect(gone.is_active).toBe(false);
    expect(gone.deactivated_at).toBeInstanceOf(Date);
    expect((await owner.employee.getAll.query({ search: "Pedro" })).data).toEqual([]);
    expect((await owner.employee.getAll.query({ search: "Pedro", showInactive: true })).data.map((e) => e.is_active)).toEqual([false]);
    // Deleting twice changes nothing.
    expect((await owner.employee.delete.mutate({ id: pedro!.id })).is_active).toBe(false);
    expect(await owner.employee.restore.mutate({ id: pedro!.id })).toEqual({ id: pedro!.id, is_active: true });
    expect(await owner.employee.getById.query({ id: pedro!.id })).toMatchObject({ is_active: true, deactivated_at: null });
  });

  it("an inactive employee frees its user; restoring refuses when the user moved on", async () => {
    const [ana] = (await owner.employee.getAll.query({ search: "Ana Admin" })).data;
    await owner.employee.delete.mutate({ id: ana!.id });
    const successor = await owner.employee.create.mutate({ name: "Ana sucesora", user_id: t.acme.users.admin.id });
    expect((await errorOf(owner.employee.restore.mutate({ id: ana!.id }))).code).toBe("CONFLICT");
    await owner.employee.update.mutate({ id: successor.id, name: "Ana sucesora", user_id: "none" });
    expect((await owner.employee.getById.query({ id: successor.id })).user_id).toBeNull();
    expect((await owner.employee.restore.mutate({ id: ana!.id })).is_active).toBe(true);
  });
});

describe("commission links", () => {
  it("updateProducts replaces the set; an empty percentage means the product's own; getById shows them", async () => {
    const [maria] = (await owner.employee.getAll.query({ search: "María" })).data;
    const saved = await owner.employee.updateProducts.mutate({
      employeeId: maria!.id,
      products: [
        { productId: corte, commissionPercentage: "15" },
        { productId: tinte, commissionPercentage: null },
        { productId: champu, commissionPercentage: 2.5 as never },
      ],
    });
    expect(saved.map((p) => [p.name, p.commissionPercentage])).toEqual([
      ["Champú", "2.50"],
      ["Corte de cabello", "15.00"],
      ["Tinte", null],
    ]);
    // Replace: champú leaves, corte changes, tinte gets a percentage.
    await owner.employee.updateProducts.mutate({
      employeeId: maria!.id,
      products: [
        { productId: corte, commissionPercentage: "12.5" },
        { productId: tinte, commissionPercentage: "0" },
      ],
    });
    const e = await owner.employee.getById.query({ id: maria!.id });
    expect(e.products.map((p) => [p.sku, p.commissionPercentage, p.paysCommission])).toEqual([
      ["SRV-CORTE", "12.50", false],
      ["SRV-TINTE", "0.00", false],
    ]);
    await owner.employee.updateProducts.mutate({ employeeId: maria!.id, products: [{ productId: corte }] });
    expect((await owner.employee.getById.query({ id: maria!.id })).products.map((p) => [p.sku, p.commissionPercentage])).toEqual([["SRV-CORTE", null]]);
  });

  it("updateProducts validates percentages 0-100 and duplicates; an unknown product is NOT_FOUND and changes nothing", async () => {
    const [maria] = (await owner.employee.getAll.query({ search: "María" })).data;
    expect(await errorOf(owner.employee.updateProducts.mutate({ employeeId: maria!.id, products: [{ productId: corte, commissionPercentage: "101" }] }))).toEqual({
      code: "BAD_REQUEST",
      message: "products.0.commissionPercentage: El porcentaje debe estar entre 0 y 100",
    });
    expect((await errorOf(owner.employee.updateProducts.mutate({ employeeId: maria!.id, products: [{ productId: corte, commissionPercentage: "-1" }] }))).code).toBe(
      "BAD_REQUEST",
    );
    expect(
      await errorOf(
        owner.employee.updateProducts.mutate({
          employeeId: maria!.id,
          products: [{ productId: corte }, { productId: corte, commissionPercentage: "5" }],
        }),
      ),
    ).toEqual({ code: "BAD_REQUEST", message: "products: Un producto aparece dos veces" });
    expect((await errorOf(owner.employee.updateProducts.mutate({ employeeId: maria!.id, products: [{ productId: corte }, { productId: theirService }] }))).code).toBe("NOT_FOUND");
    expect((await owner.employee.getById.query({ id: maria!.id })).products.map((p) => p.sku)).toEqual(["SRV-CORTE"]);
  });

  it("updateCategories replaces the set the same way", async () => {
    const [maria] = (await owner.employee.getAll.query({ search: "María" })).data;
    const saved = await owner.employee.updateCategories.mutate({ employeeId: maria!.id, categories: [{ categoryId: cabello, commissionPercentage: "7" }] });
    expect(saved).toEqual([{ categoryId: cabello, commissionPercentage: "7.00", name: "Cabello", code: "CAB", isActive: true }]);
    await owner.employee.updateCategories.mutate({ employeeId: maria!.id, categories: [{ categoryId: cabello, commissionPercentage: "" }] });
    expect((await owner.employee.getById.query({ id: maria!.id })).categories.map((c) => c.commissionPercentage)).toEqual([null]);
    expect(
      await errorOf(owner.employee.updateCategories.mutate({ employeeId: maria!.id, categories: [{ categoryId: cabello }, { categoryId: cabello }] })),
    ).toEqual({ code: "BAD_REQUEST", message: "categories: Una categoría aparece dos veces" });
    expect((await errorOf(owner.employee.updateCategories.mutate({ employeeId: maria!.id, categories: [{ categoryId: theirCategory }] }))).code).toBe("NOT_FOUND");
    await owner.employee.updateCategories.mutate({ employeeId: maria!.id, categories: [] });
    expect((await owner.employee.getById.query({ id: maria!.id })).categories).toEqual([]);
  });

  it("getByService: the active employees linked to a schedulable product", async () => {
    const [maria] = (await owner.employee.getAll.query({ search: "María" })).data;
    const [luisa] = (await owner.employee.getAll.query({ search: "Luisa" })).data;
    await owner.employee.updateProducts.mutate({ employeeId: luisa!.id, products: [{ productId: corte, commissionPercentage: "10" }, { productId: champu }] });
    expect((await owner.employee.getByService.query({ serviceId: corte })).map((e) => [e.name, e.commissionPercentage])).toEqual([
      ["Luisa", "10.00"],
      ["María Rodríguez", null],
    ]);
    await owner.employee.delete.mutate({ id: luisa!.id });
    expect((await owner.employee.getByService.query({ serviceId: corte })).map((e) => e.id)).toEqual([maria!.id]);
    await owner.employee.restore.mutate({ id: luisa!.id });
    // Nobody performs the tinte; champú is not schedulable.
    expect(await owner.employee.getByService.query({ serviceId: tinte })).toEqual([]);
    expect(await owner.employee.getByService.query({ serviceId: champu })).toEqual([]);
    // A cashier books appointments (appointments.view) without employees.view.
    const cashier = await t.client("acme", "cashier");
    expect((await cashier.employee.getByService.query({ serviceId: corte })).length).toBe(2);
  });
});

describe("employee.getForUser / findEmployeeIdForUser", () => {
  it("the signed-in user's own active employee, or null", async () => {
    const admin = await t.client("acme", "admin");
    const mine = await admin.employee.getForUser.query();
    expect(mine).toMatchObject({ name: "Ana Admin", job_position: "other" });
    const cashier = await t.client("acme", "cashier");
    expect(await cashier.employee.getForUser.query()).toBeNull();
    expect(await withTenant(t.db, t.acme.tenant.id, (tx) => findEmployeeIdForUser(tx, t.acme.tenant.id, t.acme.users.admin.id))).toBe(mine!.id);
    expect(await withTenant(t.db, t.acme.tenant.id, (tx) => findEmployeeIdForUser(tx, t.acme.tenant.id, t.acme.users.cashier.id))).toBeNull();
    // Another business's user is nobody here.
    expect(await withTenant(t.db, t.acme.tenant.id, (tx) => findEmployeeIdForUser(tx, t.acme.tenant.id, t.other.users.admin.id))).toBeNull();
    // An inactive employee is not the user's employee any more.
    await owner.employee.delete.mutate({ id: mine!.id });
    expect(await admin.employee.getForUser.query()).toBeNull();
    await owner.employee.restore.mutate({ id: mine!.id });
    expect((await admin.employee.getForUser.query())?.id).toBe(mine!.id);
  });
});

describe("employee.getSellers", () => {
  it("a cashier lists the active employees who can be credited with a sale; only this tenant's", async () => {
    const cashier = await t.client("acme", "cashier");
    const sellers = await cashier.employee.getSellers.query();
    expect(sellers.map((s) => s.name)).toContain("Ana Admin");
    const theirs = (await outsider.employee.getAll.query()).data.map((e) => e.id);
    expect(sellers.some((s) => theirs.includes(s.id))).toBe(false);
    const inactive = (await owner.employee.getAll.query({ showInactive: true })).data.filter((e) => !e.is_active).map((e) => e.id);
    expect(sellers.some((s) => inactive.includes(s.id))).toBe(false);
    const anon = await t.client("acme");
    expect((await errorOf(anon.employee.getSellers.query())).code).toBe("UNAUTHORIZED");
  });
});

describe("permissions and tenants", () => {
  it("another tenant's employee id is NOT_FOUND for every procedure, and nothing of theirs changes", async () => {
    const [theirs] = (await outsider.employee.getAll.query()).data;
    expect(theirs).toBeDefined();
    const id = theirs!.id;
    expect((await errorOf(owner.employee.getById.query({ id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.employee.update.mutate({ id, name: "Hack" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.employee.delete.mutate({ id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.employee.restore.mutate({ id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.employee.updateProducts.mutate({ employeeId: id, products: [{ productId: corte }] }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.employee.updateCategories.mutate({ employeeId: id, categories: [{ categoryId: cabello }] }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.employee.getByService.query({ serviceId: theirService }))).code).toBe("NOT_FOUND");
    expect((await owner.employee.getAll.query({ search: "Empleado de otro", showInactive: true })).data).toEqual([]);
    const after = await outsider.employee.getById.query({ id });
    expect(after).toMatchObject({ name: "Empleado de otro", is_active: true, products: [], categories: [] });
    expect((await errorOf(owner.employee.getById.query({ id: "no-es-uuid" }))).code).toBe("BAD_REQUEST");
  });

  it("a cashier (no employees.* permission) is FORBIDDEN; anonymous is UNAUTHORIZED", async () => {
    const [someone] = (await owner.employee.getAll.query()).data;
    const cashier = await t.client("acme", "cashier");
    const id = someone!.id;
    const calls: (() => Promise<unknown>)[] = [
      () => cashier.employee.getAll.query(),
      () => cashier.employee.getById.query({ id }),
      () => cashier.employee.create.mutate({ name: "No" }),
      () => cashier.employee.update.mutate({ id, name: "No" }),
      () => cashier.employee.delete.mutate({ id }),
      () => cashier.employee.restore.mutate({ id }),
      () => cashier.employee.updateProducts.mutate({ employeeId: id, products: [] }),
      () => cashier.employee.updateCategories.mutate({ employeeId: id, categories: [] }),
    ];
    for (const call of calls) expect((await errorOf(call())).code).toBe("FORBIDDEN");
    const anonymous = await t.client("acme");
    expect((await errorOf(anonymous.employee.getAll.query())).code).toBe("UNAUTHORIZED");
    expect((await errorOf(anonymous.employee.getForUser.query())).code).toBe("UNAUTHORIZED");
    expect((await errorOf(anonymous.employee.getByService.query({ serviceId: corte }))).code).toBe("UNAUTHORIZED");
    expect((await owner.employee.getById.query({ id })).name).toBe(someone!.name);
  });
});
