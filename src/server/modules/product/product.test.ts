import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../db/client";
import { newId } from "../../ids";
import { createTestContext, errorOf, type TestContext } from "../../test/harness";
import { ledgerBalance } from "../inventory/stock";
import { paymentMethods } from "../payment-method/tables";
import { providers } from "../provider/tables";
import { warehouses } from "../warehouse/tables";

let t: TestContext;
let principal: string;
let segundo: string;
let cash: string;
let card: string;
let provider: string;

beforeAll(async () => {
  t = await createTestContext();
  const tenantId = t.acme.tenant.id;
  await withTenant(t.db, tenantId, async (tx) => {
    principal = (await tx.select().from(warehouses).where(eq(warehouses.tenantId, tenantId)))[0]!.id;
    segundo = newId();
    await tx.insert(warehouses).values({ tenantId, id: segundo, code: "SEG", name: "Segundo", order: 1 });
    const methods = await tx.select().from(paymentMethods).where(eq(paymentMethods.tenantId, tenantId));
    cash = methods.find((m) => m.code === "CASH")!.id;
    card = methods.find((m) => m.code === "CARD")!.id;
    provider = newId();
    await tx.insert(providers).values({ tenantId, id: provider, code: "P-1", name: "Distribuidora Corripio" });
  });
});
afterAll(() => t.close());

const base = {
  name: "Refresco Country Club Merengue 20oz",
  sku: "CC-MER-20",
  barcode: "7460250000123",
  price: "45",
  price2: 42.5,
  price3: "40.00",
  costPrice: "28.75",
};

describe("product.create / getById", () => {
  it("creates a product with stock in two warehouses, a provider code and a max discount", async () => {
    const owner = await t.client("acme", "owner");
    const { id } = await owner.product.create.mutate({
      ...base,
      keywords: "soda refresco",
      warehouseQuantities: [
        { warehouseId: principal, initialQuantity: "24", minStock: "6" },
        { warehouseId: segundo, initialQuantity: 12 },
      ],
      alternativeCodes: [{ providerId: provider, barcode: "ALT-777", description: "Código Corripio" }],
      maxDiscounts: [{ paymentMethodId: cash, isFullPayment: true, maxDiscountPercent: "10" }],
    });
    const p = await owner.product.getById.query({ id });
    expect(p).toMatchObject({
      name: base.name,
      productType: "product",
      price: "45.00",
      price2: "42.50",
      price3: "40.00",
      costPrice: "28.75",
      otpExpiration: 300,
      commissionType: "percentage",
      eligibleForRewards: true,
      availableForPos: true,
      isTaxable: true,
      unitOfMeasure: "unit",
    });
    expect(p.warehouseQuantities.map((w) => [w.warehouseName, w.currentQuantity, w.minStock])).toEqual([
      ["Principal", "24.0000", "6.0000"],
      ["Segundo", "12.0000", null],
    ]);
    expect(p.alternativeCodes).toEqual([expect.objectContaining({ barcode: "ALT-777", providerName: "Distribuidora Corripio" })]);
    expect(p.maxDiscounts).toEqual([expect.objectContaining({ paymentMethodCode: "CASH", isFullPayment: true, maxDiscountPercent: "10.00" })]);
    // The initial stock went through the ledger.
    const balance = await withTenant(t.db, t.acme.tenant.id, (tx) => ledgerBalance(tx, t.acme.tenant.id, id, principal));
    expect(balance).toBe("24.0000");
    // The POS asks per chosen methods: one method paying the whole sale uses the full-payment limits.
    const limits = await owner.product.getMaxDiscounts.query({ productIds: [id], paymentMethodIds: [cash], isFullPayment: true });
    expect(limits[id]).toEqual([expect.objectContaining({ paymentMethodName: "Efectivo", maxDiscountPercent: "10.00" })]);
    expect((await owner.product.getMaxDiscounts.query({ productIds: [id], paymentMethodIds: [cash], isFullPayment: false }))[id]).toEqual([]);
    const outsider = await t.client("other", "owner");
    expect(await outsider.product.getMaxDiscounts.query({ productIds: [id], paymentMethodIds: [], isFullPayment: true })).toEqual({ [id]: [] });
  });

  it("validates with the spec's messages", async () => {
    const owner = await t.client("acme", "owner");
    const e1 = await errorOf(owner.product.create.mutate({ ...base, name: "", sku: "" }));
    expect(e1.code).toBe("BAD_REQUEST");
    expect(e1.message).toContain("name: El nombre es requerido");
    expect(e1.message).toContain("sku: El SKU es requerido");
    const e2 = await errorOf(owner.product.create.mutate({ name: "Sin precio", sku: "X-1", price2: "1", price3: "1" }));
    expect(e2.message).toBe("price: Los precios son requeridos cuando no es precio variable");
    const e3 = await errorOf(owner.product.create.mutate({ ...base, sku: "X-2", taxPercent: "118" }));
    expect(e3.message).toBe("taxPercent: Debe estar entre 0 y 100");
    const e4 = await errorOf(owner.product.create.mutate({ ...base, sku: "X-3", price: "abc" }));
    expect(e4.message).toBe("price: Precio inválido");
    const dup = await errorOf(owner.product.create.mutate({ ...base, name: "Otro" }));
    expect(dup).toEqual({ code: "CONFLICT", message: "Ya existe un producto con ese SKU" });
  });

  it("a variable-price service clears its prices", async () => {
    const owner = await t.client("acme", "owner");
    const { id } = await owner.product.create.mutate({ name: "Corte de pelo", sku: "SRV-1", productType: "service", variablePrice: true, price: "500", isScheduleable: true, defaultDuration: 45 });
    const p = await owner.product.getById.query({ id });
    expect([p.price, p.price2, p.price3, p.variablePrice, p.defaultDuration]).toEqual(["0.00", "0.00", "0.00", true, 45]);
  });

  it("refuses another tenant's warehouse, payment method or provider", async () => {
    const outsider = await t.client("other", "owner");
    expect((await errorOf(outsider.product.create.mutate({ ...base, warehouseQuantities: [{ warehouseId: principal, initialQuantity: "1" }] }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.product.create.mutate({ ...base, maxDiscounts: [{ paymentMethodId: card, maxDiscountPercent: "5" }] }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.product.create.mutate({ ...base, providerId: provider }))).code).toBe("NOT_FOUND");
  });
});

describe("product.update", () => {
  it("replaces codes and discounts, keeps stock, updates limits, adds a warehouse", async () => {
    const owner = await t.client("acme", "owner");
    const { id } = await owner.product.create.mutate({ ...base, sku: "UPD-1", barcode: null, warehouseQuantities: [{ warehouseId: principal, initialQuantity: "10" }], maxDiscounts: [{ paymentMethodId: cash, maxDiscountPercent: "5" }] });
    await owner.product.update.mutate({
      ...base,
      id,
      sku: "UPD-1",
      barcode: "7460250000999",
      name: "Refresco actualizado",
      warehouseQuantities: [
        { warehouseId: principal, initialQuantity: "999", minStock: "2" },
        { warehouseId: segundo, initialQuantity: "3" },
      ],
      maxDiscounts: [{ paymentMethodId: card, isFullPayment: false, maxDiscountPercent: "7.5" }],
    });
    const p = await owner.product.getById.query({ id });
    expect(p.name).toBe("Refresco actualizado");
    expect(p.warehouseQuantities.map((w) => [w.warehouseName, w.currentQuantity, w.minStock])).toEqual([
      ["Principal", "10.0000", "2.0000"],
      ["Segundo", "3.0000", null],
    ]);
    expect(p.maxDiscounts.map((d) => [d.paymentMethodCode, d.maxDiscountPercent])).toEqual([["CARD", "7.50"]]);
    const outsider = await t.client("other", "owner");
    expect((await errorOf(outsider.product.update.mutate({ ...base, id }))).code).toBe("NOT_FOUND");
  });
});

describe("product.getAll / searchProducts / getIngredients", () => {
  it("filters by type, scheduleable, favourites, deleted; searches name, SKU, keywords and barcode; pages", async () => {
    const owner = await t.client("acme", "owner");
    const a = await owner.product.create.mutate({ name: "Harina de trigo 1 lb", sku: "HAR-1", price: "30", price2: "30", price3: "30", isRecipeItem: true, keywords: "panaderia" });
    await owner.product.create.mutate({ name: "Combo desayuno", sku: "CMB-1", productType: "combo", price: "250", price2: "250", price3: "250" });
    const byName = await owner.product.getAll.query({ search: "harina" });
    expect(byName.data.map((p) => p.sku)).toEqual(["HAR-1"]);
    expect((await owner.product.getAll.query({ search: "panader" })).data.map((p) => p.sku)).toEqual(["HAR-1"]);
    expect((await owner.product.getAll.query({ search: "7460250000123" })).data.map((p) => p.sku)).toEqual(["CC-MER-20"]);
    expect((await owner.product.getAll.query({ productType: "combo" })).data.map((p) => p.sku)).toEqual(["CMB-1"]);
    expect((await owner.product.getAll.query({ isScheduleable: true })).data.map((p) => p.sku)).toEqual(["SRV-1"]);
    await owner.product.setFavorite.mutate({ id: a.id, isFavorite: true });
    expect((await owner.product.getAll.query({ favoritesOnly: true })).data.map((p) => p.sku)).toEqual(["HAR-1"]);
    const page = await owner.product.getAll.query({ pageSize: 2, page: 1 });
    expect(page.data.map((p) => p.name)).toEqual(["Combo desayuno", "Corte de pelo"]); // by name
    expect(page.pagination).toMatchObject({ page: 1, pageSize: 2, total: 5, pageCount: 3 });
    const beyond = await owner.product.getAll.query({ pageSize: 2, page: 9 });
    expect(beyond).toMatchObject({ data: [], pagination: { total: 5 } });
    await owner.product.delete.mutate({ id: a.id });
    expect((await owner.product.getAll.query({ search: "harina" })).data).toEqual([]);
    const withDeleted = await owner.product.getAll.query({ search: "harina", showDeleted: true });
    expect(withDeleted.data[0]!.deletedAt).toBeInstanceOf(Date);
    await owner.product.restore.mutate({ id: a.id });
    expect((await owner.product.getAll.query({ search: "harina" })).data).toHaveLength(1);
    expect((await owner.product.getIngredients.query({ search: "har" })).data.map((p) => p.sku)).toEqual(["HAR-1"]);
    // Another tenant sees none of it.
    const outsider = await t.client("other", "owner");
    expect((await outsider.product.getAll.query({})).pagination.total).toBe(0);
    expect((await errorOf(outsider.product.getById.query({ id: a.id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.product.delete.mutate({ id: a.id }))).code).toBe("NOT_FOUND");
  });

  it("POS lookup: exact barcode, SKU or provider code first", async () => {
    const cashier = await t.client("acme", "cashier");
    const byBarcode = await cashier.product.searchProducts.query({ search: "7460250000123" });
    expect(byBarcode.exactMatch).toBe(true);
    expect(byBarcode.data.map((p) => p.sku)).toEqual(["CC-MER-20"]);
    const viaCode = await cashier.product.searchProducts.query({ search: "ALT-777" });
    expect(viaCode.data.map((p) => p.sku)).toEqual(["CC-MER-20"]);
    expect(viaCode.alternateCode).toMatchObject({ barcode: "ALT-777" });
    const text = await cashier.product.searchProducts.query({ search: "refresco" });
    expect(text.exactMatch).toBe(false);
    expect(text.data.length).toBeGreaterThan(0);
    const outsider = await t.client("other", "cashier");
    expect((await outsider.product.searchProducts.query({ search: "7460250000123" })).data).toEqual([]);
  });
});

describe("permissions and inventory adjustment", () => {
  it("a cashier may view but not create, update, delete or adjust", async () => {
    const cashier = await t.client("acme", "cashier");
    expect((await cashier.product.getAll.query({})).data.length).toBeGreaterThan(0);
    expect((await errorOf(cashier.product.create.mutate({ ...base, sku: "C-1" }))).code).toBe("FORBIDDEN");
    const [first] = (await cashier.product.getAll.query({})).data;
    expect((await errorOf(cashier.product.delete.mutate({ id: first!.id }))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.product.adjustInventory.mutate({ productId: first!.id, lines: [{ warehouseId: principal, newQuantity: "1" }] }))).code).toBe("FORBIDDEN");
  });

  it("adjusting sets the counted quantity through the ledger", async () => {
    const owner = await t.client("acme", "owner");
    const { id } = await owner.product.create.mutate({ ...base, sku: "ADJ-1", barcode: null, warehouseQuantities: [{ warehouseId: principal, initialQuantity: "10" }] });
    const after = await owner.product.adjustInventory.mutate({ productId: id, reason: "Conteo físico", lines: [{ warehouseId: principal, newQuantity: "7" }, { warehouseId: segundo, newQuantity: "2.5" }] });
    expect(after.map((w) => [w.warehouseName, w.currentQuantity])).toEqual([
      ["Principal", "7.0000"],
      ["Segundo", "2.5000"],
    ]);
    const balance = await withTenant(t.db, t.acme.tenant.id, (tx) => ledgerBalance(tx, t.acme.tenant.id, id, principal));
    expect(balance).toBe("7.0000");
    expect((await errorOf(owner.product.adjustInventory.mutate({ productId: id, lines: [] }))).message).toBe("lines: Ingrese las cantidades a ajustar");
    const outsider = await t.client("other", "owner");
    expect((await errorOf(outsider.product.adjustInventory.mutate({ productId: id, lines: [{ warehouseId: principal, newQuantity: "1" }] }))).code).toBe("NOT_FOUND");
    void and;
  });
});

describe("paymentMethod.getAll", () => {
  it("lists the tenant's methods in order", async () => {
    const cashier = await t.client("acme", "cashier");
    expect((await cashier.paymentMethod.getAll.query()).map((m) => m.code)).toEqual(["CASH", "CARD", "TRANSFER", "CHECK", "CREDIT", "CREDIT_NOTE", "GIFT_VOUCHER", "POINTS"]);
    const outsider = await t.client("other", "cashier");
    expect((await outsider.paymentMethod.getAll.query()).map((m) => m.id)).not.toContain(cash);
  });
});

describe("product search without accents", () => {
  it("'jabon' and 'JABÓN' find Jabón de cuaba; a scanned SKU still matches exactly", async () => {
    const owner = await t.client("acme", "owner");
    const cashier = await t.client("acme", "cashier");
    const { id } = await owner.product.create.mutate({ name: "Jabón de cuaba Baní", sku: "JAB-CUABA", price: "45", price2: "45", price3: "45" });
    expect((await cashier.product.getAll.query({ search: "jabon de cuaba" })).data.map((p) => p.id)).toContain(id);
    expect((await cashier.product.getAll.query({ search: "JABÓN" })).data.map((p) => p.id)).toContain(id);
    expect((await cashier.product.searchProducts.query({ search: "jabon cuaba" })).data.map((p) => p.id)).toEqual([]);
    expect((await cashier.product.searchProducts.query({ search: "jabon de" })).data.map((p) => p.id)).toContain(id);
    expect((await cashier.product.searchProducts.query({ search: "JAB-CUABA" })).exactMatch).toBe(true);
  });
});
