import Big from "big.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AlternateCodeUsage,
  addItem,
  applyPercentDiscounts,
  type CartProduct,
  clearCart,
  clearDiscounts,
  emptyCart,
  parseStoredCart,
  promoteCart,
  removeItem,
  serializeCart,
  setItemDiscount,
  setItemQuantity,
  toCheckoutItems,
  toHoldItems,
} from "./cart";
import { posHoldInvoiceInput, posValidateCartInput } from "./schemas";

const A = "0190d6a8-0000-7000-8000-00000000000a";
const B = "0190d6a8-0000-7000-8000-00000000000b";
const CODE1 = "0190d6a8-0000-7000-8000-0000000000c1";
const CODE2 = "0190d6a8-0000-7000-8000-0000000000c2";

const product = (id: string, price = "118.00", over: Partial<CartProduct> = {}): CartProduct => ({
  id,
  name: `P ${id.slice(-1)}`,
  price,
  tax_percent: null,
  is_taxable: true,
  price_includes_tax: true,
  ...over,
});
const usage = (id: string, quantity: string): AlternateCodeUsage => ({ id, sku: null, barcode: "7460000000001", description: "caja", quantity, providerId: null });

describe("cart operations", () => {
  it("adds a product with its computed amounts", () => {
    const items = addItem([], { product: product(A), quantity: 2 });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ quantity: "2", subtotal: "200.00", discountAmount: "0.00", taxAmount: "36.00", total: "236.00", alternateCodeUsages: [] });
  });

  it("re-adding merges: the quantity adds up and alternate-code usages merge by id", () => {
    let items = addItem([], { product: product(A), quantity: 1, alternateCodeUsages: [usage(CODE1, "1")] });
    items = addItem(items, { product: product(B, "10") });
    items = addItem(items, { product: product(A), quantity: "2.5", alternateCodeUsages: [usage(CODE1, "2"), usage(CODE2, "1")] });
    expect(items).toHaveLength(2);
    expect(items[0]!.quantity).toBe("3.5");
    expect(items[0]!.total).toBe("413.00");
    expect(items[0]!.alternateCodeUsages.map((u) => [u.id, u.quantity])).toEqual([
      [CODE1, "3"],
      [CODE2, "1"],
    ]);
  });

  it("setting a quantity of 0 or less removes the line; re-adding a negative that reaches 0 too", () => {
    let items = addItem(addItem([], { product: product(A) }), { product: product(B) });
    items = setItemQuantity(items, A, 0);
    expect(items.map((i) => i.product.id)).toEqual([B]);
    items = setItemQuantity(items, B, "-2");
    expect(items).toEqual([]);
    expect(addItem(addItem([], { product: product(A), quantity: 2 }), { product: product(A), quantity: -2 })).toEqual([]);
    expect(addItem([], { product: product(A), quantity: 0 })).toEqual([]);
  });

  it("sets quantities and recomputes", () => {
    const items = setItemQuantity(addItem([], { product: product(A) }), A, "3");
    expect([items[0]!.quantity, items[0]!.total]).toEqual(["3", "354.00"]);
  });

  it("removes a line and clears the cart back to the default customer", () => {
    const items = addItem(addItem([], { product: product(A) }), { product: product(B) });
    expect(removeItem(items, A).map((i) => i.product.id)).toEqual([B]);
    const state = { items, customerId: "0190d6a8-0000-7000-8000-0000000000ff", warehouseId: A, discounts: { mode: "normal" as const, paymentMethodIds: [], perProduct: {} } };
    expect(clearCart(state)).toEqual({ items: [], customerId: "default", warehouseId: A, discounts: null });
  });

  it("applies and clears discounts", () => {
    let items = addItem(addItem([], { product: product(A) }), { product: product(B, "100", { price_includes_tax: false }) });
    items = applyPercentDiscounts(items, { [A]: "10", [B]: "0" }, "Descuento");
    expect(items[0]!.discount).toEqual({ type: "percentage_discount", value: "10.00", description: "Descuento" });
    expect(items[0]!.total).toBe("106.20");
    expect(items[1]!.discount).toBeNull();
    items = setItemDiscount(items, B, { type: "fixed", value: "5" });
    expect(items[1]!.total).toBe("112.10");
    expect(promoteCart(items).totals).toEqual({ subtotal: "200.00", discountTotal: "15.00", taxTotal: "33.30", total: "218.30", itemCount: 2, promotionDiscount: "0.00", manualDiscount: "15.00" });
    items = clearDiscounts(items);
    expect(items.every((i) => !i.discount)).toBe(true);
    expect(promoteCart(items).totals.total).toBe("236.00");
  });

  it("adding keeps line totals consistent with the cart totals (property)", () => {
    const ids = [A, B, CODE1, CODE2];
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.constantFrom(...ids), q: fc.integer({ min: -3, max: 9 }) }), { maxLength: 30 }),
        (ops) => {
          let items: ReturnType<typeof addItem> = [];
          const expected = new Map<string, number>();
          for (const op of ops) {
            items = addItem(items, { product: product(op.id, "10.00"), quantity: op.q });
            const next = (expected.get(op.id) ?? 0) + op.q;
            if (next <= 0) expected.delete(op.id);
            else expected.set(op.id, next);
          }
          expect(new Map(items.map((i) => [i.product.id, Number(i.quantity)]))).toEqual(expected);
          const totals = promoteCart(items).totals;
          expect(totals.total).toBe(items.reduce((s, i) => s.plus(i.total), new Big(0)).toFixed(2));
        },
      ),
    );
  });
});

describe("server payloads", () => {
  it("checkout and hold items pass the shared schemas", () => {
    let items = addItem([], { product: product(A, "50", { variable_price: true }), quantity: 2, alternateCodeUsages: [usage(CODE1, "2")] });
    items = addItem(items, { product: product(B), discount: { type: "percentage_discount", value: "5" } });
    const checkout = toCheckoutItems(items);
    expect(checkout[0]).toMatchObject({ productId: A, quantity: "2", price: "50" });
    expect(checkout[1]).not.toHaveProperty("price");
    expect(posValidateCartInput.parse({ items: checkout }).items[1]!.discount).toEqual({ type: "percentage_discount", value: "5.00" });
    const hold = posHoldInvoiceInput.parse({ name: " Mesa 4 ", customerId: "default", items: toHoldItems(items) });
    expect(hold.name).toBe("Mesa 4");
    expect(hold.items[0]!.alternateCodeUsages[0]).toMatchObject({ alternateCodeId: CODE1, id: CODE1, quantity: "2.0000" });
  });
});

describe("parseStoredCart", () => {
  const stored = (items: unknown[], extra: object = {}) => JSON.stringify({ items, customerId: "default", warehouseId: A, ...extra });
  const good = () => JSON.parse(serializeCart({ ...emptyCart(), items: addItem([], { product: product(A) }) })).items[0];

  it("nothing stored is an empty cart, not corrupt", () => {
    expect(parseStoredCart(null)).toEqual({ cart: emptyCart(), corrupt: false });
  });

  it("a corrupt store gives an empty cart and says so", () => {
    for (const raw of ["{not json", "42", "[]", '{"items": 3}', "null"]) {
      expect(parseStoredCart(raw)).toEqual({ cart: emptyCart(), corrupt: true });
    }
  });

  it("round-trips a cart through serializeCart", () => {
    const cart = {
      items: addItem([], { product: product(A), quantity: 2, alternateCodeUsages: [usage(CODE1, "1")] }),
      customerId: B,
      warehouseId: A,
      discounts: { mode: "custom" as const, paymentMethodIds: [B], perProduct: { [A]: "10.00" } },
    };
    expect(parseStoredCart(serializeCart(cart))).toEqual({ cart, corrupt: false });
  });

  it("drops items without a product or with a product id that is not a UUID, keeps the rest", () => {
    const raw = stored([good(), { quantity: "1" }, { ...good(), product: { ...good().product, id: "123" } }, { ...good(), product: null }, "junk"]);
    const { cart, corrupt } = parseStoredCart(raw);
    expect(corrupt).toBe(false);
    expect(cart.items.map((i) => i.product.id)).toEqual([A]);
    expect(cart.warehouseId).toBe(A);
  });

  it("recomputes amounts instead of trusting stored ones, and drops quantity ≤ 0", () => {
    const tampered = { ...good(), total: "0.01", quantity: 2 };
    const { cart } = parseStoredCart(stored([tampered, { ...good(), product: product(B), quantity: 0 }]));
    expect(cart.items.map((i) => [i.quantity, i.total])).toEqual([["2", "236.00"]]);
  });

  it("an unknown customer id falls back to 'default'", () => {
    expect(parseStoredCart(stored([], { customerId: "drop table" })).cart.customerId).toBe("default");
  });
});
