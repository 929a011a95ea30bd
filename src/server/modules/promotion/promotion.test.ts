import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessDate } from "../../../shared/platform/dates";
import { addCalendarDays } from "../../../shared/promotions/schemas";
import { withTenant } from "../../db/client";
import { DEMO_PASSWORD, seedDemo } from "../../db/seed/demo";
import { createTestContext, errorOf, type TestContext } from "../../test/harness";
import { activePromotions, cartPromotions } from "./service";

let t: TestContext;
let drink: string;
let snack: string;
let drinks: string;
let otherProduct: string;
let otherCategory: string;
const today = () => businessDate(new Date(), "America/Santo_Domingo");

beforeAll(async () => {
  t = await createTestContext();
  const owner = await t.client("acme", "owner");
  drinks = (await owner.productCategory.create.mutate({ name: "Bebidas", code: "BEB" })).id;
  drink = (await owner.product.create.mutate({ name: "Refresco 2L", sku: "REF-2L", price: "118", price2: "118", price3: "118", categoryId: drinks })).id;
  snack = (await owner.product.create.mutate({ name: "Galletas", sku: "GAL-1", price: "45", price2: "45", price3: "45" })).id;
  const outsider = await t.client("other", "owner");
  otherCategory = (await outsider.productCategory.create.mutate({ name: "Otra", code: "OTR" })).id;
  otherProduct = (await outsider.product.create.mutate({ name: "Ajeno", sku: "AJ-1", price: "10", price2: "10", price3: "10" })).id;
});
afterAll(() => t.close());

const base = () => ({
  name: "2x1 en refrescos",
  code: "2X1-REF",
  type: "buy_x_get_y" as const,
  discount: "15",
  param1: 1,
  param2: 1,
  startDate: today(),
  endDate: addCalendarDays(today(), 30),
  isActive: true,
  productIds: [] as string[],
  categoryIds: [] as string[],
});

describe("promotion.*", () => {
  it("create: buy X get Y stores discount 0; getById gives the products and categories", async () => {
    const owner = await t.client("acme", "owner");
    const created = await owner.promotion.create.mutate({ ...base(), productIds: [drink, drink], categoryIds: [drinks] });
    expect(created).toMatchObject({ name: "2x1 en refrescos", code: "2X1-REF", type: "buy_x_get_y", discount: "0.00", param1: 1, param2: 1, isActive: true, stackable: false, productIds: [drink], categoryIds: [drinks] });
    expect(created.products).toEqual([{ id: drink, name: "Refresco 2L", sku: "REF-2L" }]);
    expect(created.categories).toEqual([{ id: drinks, name: "Bebidas" }]);
    expect(await owner.promotion.getById.query({ id: created.id })).toEqual(created);
  });

  it("create: a percentage keeps its discount and drops X and Y", async () => {
    const admin = await t.client("acme", "admin");
    const p = await admin.promotion.create.mutate({ ...base(), code: "BEB-10", name: "10 % bebidas", type: "percentage_discount", discount: "10", categoryIds: [drinks] });
    expect(p).toMatchObject({ discount: "10.00", param1: null, param2: null, categoryIds: [drinks], productIds: [] });
  });

  it("validation: the spec's messages as BAD_REQUEST", async () => {
    const owner = await t.client("acme", "owner");
    expect(await errorOf(owner.promotion.create.mutate({ ...base(), name: " " }))).toEqual({ code: "BAD_REQUEST", message: "name: El nombre es requerido" });
    expect(await errorOf(owner.promotion.create.mutate({ ...base(), code: "" }))).toEqual({ code: "BAD_REQUEST", message: "code: El código es requerido" });
    expect(await errorOf(owner.promotion.create.mutate({ ...base(), param2: undefined }))).toEqual({ code: "BAD_REQUEST", message: "param2: Compra X lleva Y requiere los valores de X y de Y" });
    expect((await errorOf(owner.promotion.create.mutate({ ...base(), param1: 0 }))).message).toContain("param1: Indique un número entero de 1 o más");
    expect(await errorOf(owner.promotion.create.mutate({ ...base(), type: "percentage_discount", discount: "" }))).toEqual({ code: "BAD_REQUEST", message: "discount: El descuento es requerido para este tipo de promoción" });
    expect(await errorOf(owner.promotion.create.mutate({ ...base(), type: "percentage_discount", discount: "-5" }))).toEqual({ code: "BAD_REQUEST", message: "discount: El descuento debe ser un número positivo" });
    expect(await errorOf(owner.promotion.create.mutate({ ...base(), type: "bundle_discount", discount: "100.5" }))).toEqual({ code: "BAD_REQUEST", message: "discount: El porcentaje no puede ser mayor que 100" });
    // A fixed amount may be above 100 pesos.
    expect((await owner.promotion.create.mutate({ ...base(), code: "FIX-150", type: "fixed_amount_discount", discount: "150" })).discount).toBe("150.00");
    expect(await errorOf(owner.promotion.create.mutate({ ...base(), startDate: "" }))).toEqual({ code: "BAD_REQUEST", message: "startDate: La fecha de inicio es requerida" });
    expect(await errorOf(owner.promotion.create.mutate({ ...base(), endDate: "2026-02-30" }))).toEqual({ code: "BAD_REQUEST", message: "endDate: La fecha de fin es requerida" });
    expect(await errorOf(owner.promotion.create.mutate({ ...base(), endDate: addCalendarDays(today(), -1) }))).toEqual({
      code: "BAD_REQUEST",
      message: "endDate: La fecha de fin no puede ser anterior a la de inicio",
    });
    expect(await errorOf(owner.promotion.create.mutate({ ...base(), code: "PAST", startDate: addCalendarDays(today(), -1) }))).toEqual({ code: "BAD_REQUEST", message: "La fecha de inicio no puede ser anterior a hoy" });
    expect((await errorOf(owner.promotion.create.mutate({ ...base(), type: "two_for_one" as never }))).code).toBe("BAD_REQUEST");
  });

  it("a duplicate code (any case) is a clear 400", async () => {
    const owner = await t.client("acme", "owner");
    expect(await errorOf(owner.promotion.create.mutate({ ...base(), code: "2x1-ref" }))).toEqual({ code: "BAD_REQUEST", message: "Ya existe una promoción con el código 2x1-ref" });
    // Another tenant may use the same code.
    const outsider = await t.client("other", "owner");
    expect((await outsider.promotion.create.mutate({ ...base() })).code).toBe("2X1-REF");
  });

  it("another tenant's products, categories or promotions are NOT_FOUND", async () => {
    const owner = await t.client("acme", "owner");
    expect((await errorOf(owner.promotion.create.mutate({ ...base(), code: "X1", productIds: [otherProduct] }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.promotion.create.mutate({ ...base(), code: "X2", categoryIds: [otherCategory] }))).code).toBe("NOT_FOUND");
    const outsider = await t.client("other", "owner");
    const theirs = (await outsider.promotion.getAll.query({})).data[0];
    expect(theirs).toBeDefined();
    const id = theirs?.id as string;
    expect((await errorOf(owner.promotion.getById.query({ id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.promotion.update.mutate({ ...base(), id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.promotion.setActive.mutate({ id, isActive: false }))).code).toBe("NOT_FOUND");
    expect((await outsider.promotion.getById.query({ id })).isActive).toBe(true);
  });

  it("update replaces the fields and the chosen items; an unchanged past start is kept", async () => {
    const owner = await t.client("acme", "owner");
    const created = await owner.promotion.create.mutate({ ...base(), code: "UPD", productIds: [drink] });
    const updated = await owner.promotion.update.mutate({ ...base(), id: created.id, code: "UPD", name: "Segunda a mitad", type: "second_unit_discount", discount: "50", productIds: [snack], categoryIds: [] });
    expect(updated).toMatchObject({ name: "Segunda a mitad", type: "second_unit_discount", discount: "50.00", param1: null, param2: null, productIds: [snack], categoryIds: [] });
    // A promotion that started in the past may still be edited without moving its start.
    await withTenant(t.db, t.acme.tenant.id, (tx) => tx.execute(`update promotions set start_date = '2020-01-01' where id = '${created.id}'`));
    const kept = await owner.promotion.update.mutate({ ...base(), id: created.id, code: "UPD", startDate: "2020-01-01", name: "Sigue" });
    expect(kept).toMatchObject({ name: "Sigue", startDate: "2020-01-01" });
    expect(await errorOf(owner.promotion.update.mutate({ ...base(), id: created.id, code: "UPD", startDate: "2021-01-01" }))).toEqual({ code: "BAD_REQUEST", message: "La fecha de inicio no puede ser anterior a hoy" });
    expect(await errorOf(owner.promotion.update.mutate({ ...base(), id: created.id, code: "2X1-REF" }))).toEqual({ code: "BAD_REQUEST", message: "Ya existe una promoción con el código 2X1-REF" });
  });

  it("setActive switches a promotion off and on; the list filters by active, type, period and search, with paging", async () => {
    const owner = await t.client("acme", "owner");
    const later = await owner.promotion.create.mutate({ ...base(), code: "LATER", name: "Próxima", type: "percentage_discount", discount: "5", startDate: addCalendarDays(today(), 3), endDate: addCalendarDays(today(), 5) });
    const off = await owner.promotion.setActive.mutate({ id: later.id, isActive: false });
    expect(off.isActive).toBe(false);
    const inactive = await owner.promotion.getAll.query({ isActive: false });
    expect(inactive.data.map((p) => p.code)).toEqual(["LATER"]);
    expect((await owner.promotion.getAll.query({ period: "upcoming" })).data.map((p) => p.code)).toEqual(["LATER"]);
    expect((await owner.promotion.getAll.query({ period: "expired" })).data).toEqual([]);
    expect((await owner.promotion.getAll.query({ type: "buy_x_get_y" })).data.map((p) => p.code)).toEqual(["2X1-REF", "UPD"]);
    const found = await owner.promotion.getAll.query({ search: "bebidas" });
    expect(found.data.map((p) => p.code)).toEqual(["BEB-10"]);
    expect(found.data[0]).toMatchObject({ productCount: 0, categoryCount: 1 });
    const page = await owner.promotion.getAll.query({ pageSize: 2, page: 2 });
    expect(page.pagination).toMatchObject({ page: 2, pageSize: 2 });
    expect(page.pagination.total).toBeGreaterThanOrEqual(4);
    expect((await owner.promotion.setActive.mutate({ id: later.id, isActive: true })).isActive).toBe(true);
  });

  it("activePromotions: only active ones in force that day, with their products and categories", async () => {
    const list = await withTenant(t.db, t.acme.tenant.id, (tx) => activePromotions(tx, t.acme.tenant.id, today()));
    const codes = list.map((p) => p.name).sort();
    expect(codes).toContain("2x1 en refrescos");
    expect(codes).not.toContain("Próxima");
    expect(list.find((p) => p.name === "2x1 en refrescos")).toMatchObject({ type: "buy_x_get_y", param1: 1, param2: 1, productIds: [drink], categoryIds: [drinks] });
    // For a cart: only those naming one of its products or their categories.
    const forDrink = await withTenant(t.db, t.acme.tenant.id, (tx) => cartPromotions(tx, t.acme.tenant.id, today(), [drink]));
    expect(forDrink.find((p) => p.name === "2x1 en refrescos")).toMatchObject({ productIds: [drink], categoryIds: [drinks] });
    // Only what the cart's products can get, naming only them and their categories.
    expect(forDrink.every((p) => p.productIds.every((id) => id === drink) && p.categoryIds.every((id) => id === drinks))).toBe(true);
    expect(forDrink.every((p) => p.productIds.length + p.categoryIds.length > 0)).toBe(true);
    expect(await withTenant(t.db, t.acme.tenant.id, (tx) => cartPromotions(tx, t.acme.tenant.id, today(), [snack]))).toEqual([]);
    expect(await withTenant(t.db, t.acme.tenant.id, (tx) => cartPromotions(tx, t.acme.tenant.id, today(), []))).toEqual([]);
  });

  it("promotion.active: what the POS cart applies, for a cashier too", async () => {
    const cashier = await t.client("acme", "cashier");
    const { businessDate, promotions: active } = await cashier.promotion.active.query();
    expect(businessDate).toBe(today());
    expect(active.map((p) => p.name)).toContain("2x1 en refrescos");
    expect(active.every((p) => p.isActive && p.startDate <= today() && today() <= p.endDate)).toBe(true);
  });

  it("permissions: a cashier cannot see or change promotions", async () => {
    const cashier = await t.client("acme", "cashier");
    expect((await errorOf(cashier.promotion.getAll.query({}))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.promotion.create.mutate({ ...base(), code: "CASH" }))).code).toBe("FORBIDDEN");
    const anonymous = await t.client("acme");
    expect((await errorOf(anonymous.promotion.getAll.query({}))).code).toBe("UNAUTHORIZED");
  });

  it("the demo tenant has an active 2x1 on one drink and 10 % on the dairy category", async () => {
    await seedDemo(t.db);
    const demo = await t.client("demo", { email: "owner@demo.test", password: DEMO_PASSWORD });
    const list = await demo.promotion.getAll.query({ isActive: true, period: "current" });
    expect(list.data.map((p) => [p.code, p.type, p.discount, p.param1, p.param2, p.productCount, p.categoryCount]).sort()).toEqual([
      ["2X1-MALTA", "buy_x_get_y", "0.00", 1, 1, 1, 0],
      ["LACTEOS-10", "percentage_discount", "10.00", null, null, 0, 1],
    ]);
    const twoForOne = await demo.promotion.getById.query({ id: list.data.find((p) => p.code === "2X1-MALTA")?.id as string });
    expect(twoForOne.products.map((p) => p.sku)).toEqual(["MALTA-12"]);
  });
});
