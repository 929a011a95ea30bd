import { describe, expect, it } from "vitest";
import type { CartProduct } from "../../../../shared/pos/cart";
import { type CartStorage, createCartStore } from "./cart-store";

const A = "0190d6a8-0000-7000-8000-00000000000a";
const B = "0190d6a8-0000-7000-8000-00000000000b";
const CUSTOMER = "0190d6a8-0000-7000-8000-0000000000cc";
const WAREHOUSE = "0190d6a8-0000-7000-8000-0000000000ee";
const KEY = "pos_cart_state";

class FakeStorage implements CartStorage {
  data = new Map<string, string>();
  writes = 0;
  failWrites = false;
  getItem(k: string) {
    return this.data.has(k) ? this.data.get(k)! : null;
  }
  setItem(k: string, v: string) {
    if (this.failWrites) throw new Error("QuotaExceededError");
    this.writes++;
    this.data.set(k, v);
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
}

const product = (id: string, price = "118.00"): CartProduct => ({ id, name: "Café", price, tax_percent: null, is_taxable: true, price_includes_tax: true });

describe("cart store", () => {
  it("starts empty with the default customer and persists every change under pos_cart_state", () => {
    const storage = new FakeStorage();
    const store = createCartStore(storage);
    expect(store.getState()).toMatchObject({ items: [], customerId: "default", warehouseId: null, discounts: null, pending: false });
    store.addItem({ product: product(A), quantity: 2 });
    store.setWarehouse(WAREHOUSE);
    store.setCustomer(CUSTOMER);
    const saved = JSON.parse(storage.getItem(KEY)!);
    expect(saved.items[0].product.id).toBe(A);
    expect(saved.items[0].total).toBe("236.00");
    expect([saved.customerId, saved.warehouseId]).toEqual([CUSTOMER, WAREHOUSE]);
    expect(saved).not.toHaveProperty("pending");

    const reloaded = createCartStore(storage);
    expect(reloaded.getState()).toMatchObject({ customerId: CUSTOMER, warehouseId: WAREHOUSE, pending: true });
    expect(reloaded.getState().items.map((i) => [i.product.id, i.quantity])).toEqual([[A, "2"]]);
  });

  it("a corrupt store is removed and the cart starts empty", () => {
    const storage = new FakeStorage();
    storage.data.set(KEY, "{oops");
    const store = createCartStore(storage);
    expect(store.getState().items).toEqual([]);
    expect(storage.data.has(KEY)).toBe(false);
  });

  it("drops stored items without a product or with a non-UUID product id", () => {
    const storage = new FakeStorage();
    const good = { product: product(A), quantity: "1", alternateCodeUsages: [] };
    storage.data.set(KEY, JSON.stringify({ items: [good, { quantity: "1" }, { ...good, product: product("abc") }], customerId: "default", warehouseId: null }));
    expect(createCartStore(storage).getState().items.map((i) => i.product.id)).toEqual([A]);
    expect(storage.data.has(KEY)).toBe(true);
  });

  it("clearing resets the customer to 'default' and keeps the warehouse", () => {
    const store = createCartStore(new FakeStorage());
    store.setWarehouse(WAREHOUSE);
    store.setCustomer(CUSTOMER);
    store.addItem({ product: product(A) });
    store.applyDiscounts({ mode: "normal", paymentMethodIds: [], perProduct: { [A]: "5" } });
    store.clear();
    expect(store.getState()).toMatchObject({ items: [], customerId: "default", warehouseId: WAREHOUSE, discounts: null, pending: false });
  });

  it("notifies subscribers and bumps the version only when the items change", () => {
    const store = createCartStore(new FakeStorage());
    let calls = 0;
    const off = store.subscribe(() => calls++);
    store.addItem({ product: product(A) });
    const v1 = store.getState().version;
    store.setCustomer(CUSTOMER);
    expect(store.getState().version).toBe(v1);
    store.setQuantity(A, 3);
    expect(store.getState().version).toBe(v1 + 1);
    expect(calls).toBe(3);
    off();
    store.removeItem(A);
    expect(calls).toBe(3);
    expect(store.getState().items).toEqual([]);
    expect(store.getState().pending).toBe(false);
  });

  it("applies and cancels the discount panel's selection", () => {
    const store = createCartStore(new FakeStorage());
    store.addItem({ product: product(A) });
    store.addItem({ product: product(B, "100") });
    store.applyDiscounts({ mode: "normal", paymentMethodIds: [CUSTOMER], perProduct: { [A]: "10" } }, "Descuento");
    expect(store.getState().items.map((i) => i.total)).toEqual(["106.20", "100.00"]);
    expect(store.getState().discounts?.perProduct).toEqual({ [A]: "10" });
    store.clearDiscounts();
    expect(store.getState().items.map((i) => i.total)).toEqual(["118.00", "100.00"]);
    expect(store.getState().discounts).toBeNull();
  });

  it("replaces the items from a held invoice, dropping those without a product", () => {
    const store = createCartStore(new FakeStorage());
    store.addItem({ product: product(B) });
    const kept = store.replaceItems([{ product: product(A), quantity: "2" }, { quantity: 1 }], CUSTOMER);
    expect(kept).toBe(1);
    expect(store.getState().items.map((i) => [i.product.id, i.total])).toEqual([[A, "236.00"]]);
    expect(store.getState().customerId).toBe(CUSTOMER);
    expect(store.replaceItems("not an array")).toBe(0);
  });

  it("applies a validation answer only for the current version", () => {
    const store = createCartStore(new FakeStorage());
    store.addItem({ product: product(A) });
    const { version } = store.getState();
    store.addItem({ product: product(A) });
    expect(store.applyValidatedLines(version, [{ productId: A, subtotal: "1", taxAmount: "0", total: "1" }])).toBe(false);
    expect(store.getState().pending).toBe(true);
    const current = store.getState().version;
    expect(store.applyValidatedLines(current, [{ productId: A, price: "120.00", subtotal: "203.39", discountAmount: "0.00", taxAmount: "36.61", total: "240.00" }])).toBe(true);
    expect(store.getState().items[0]).toMatchObject({ product: { price: "120.00" }, quantity: "2", total: "240.00", taxAmount: "36.61" });
    expect(store.getState().pending).toBe(false);
  });

  it("a failed validation clears pending and keeps the local items", () => {
    const store = createCartStore(new FakeStorage());
    store.addItem({ product: product(A) });
    store.failValidation(store.getState().version);
    expect(store.getState()).toMatchObject({ pending: false, items: [expect.objectContaining({ total: "118.00" })] });
  });

  it("keeps working in memory when storage refuses writes", () => {
    const storage = new FakeStorage();
    storage.failWrites = true;
    const store = createCartStore(storage);
    store.addItem({ product: product(A) });
    expect(store.getState().items).toHaveLength(1);
    expect(createCartStore(null).getState().items).toEqual([]);
  });
});
