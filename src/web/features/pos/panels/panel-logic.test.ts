import { describe, expect, it } from "vitest";
import { addItem, type CartItem, type CartProduct } from "../../../../shared/pos/cart";
import { maxDiscountFor } from "../../../../shared/pos/pricing";
import { acceptGlobalPercent, cappedPercents, currentPercents, everyProduct, heldInvoiceToCart, percentsToApply, presetPercents, recreateToValidateItems } from "./panel-logic";

const A = "0190d6a8-0000-7000-8000-00000000000a";
const B = "0190d6a8-0000-7000-8000-00000000000b";
const CUSTOMER = "0190d6a8-0000-7000-8000-0000000000cc";
const product = (id: string, price = "118.00"): CartProduct => ({ id, name: `P-${id.slice(-1)}`, price, tax_percent: "18.00", is_taxable: true, price_includes_tax: true, sku: "SKU", variable_price: false });

describe("heldInvoiceToCart", () => {
  it("needs an items array", () => {
    expect(heldInvoiceToCart(null)).toEqual({ ok: false, error: "invalidData" });
    expect(heldInvoiceToCart({ customerId: "default" })).toEqual({ ok: false, error: "invalidData" });
    expect(heldInvoiceToCart({ items: "x" })).toEqual({ ok: false, error: "invalidData" });
  });

  it("drops items without a product and reports when none remain", () => {
    expect(heldInvoiceToCart({ customerId: "default", items: [] })).toEqual({ ok: false, error: "noValidItems" });
    expect(heldInvoiceToCart({ customerId: "default", items: [{ productId: A, quantity: "1" }, null] })).toEqual({ ok: false, error: "noValidItems" });
    expect(heldInvoiceToCart({ items: [{ productId: "x", quantity: "1", product: { ...product(A), id: "not-a-uuid" } }] })).toEqual({ ok: false, error: "noValidItems" });
  });

  it("keeps the valid items with quantity, discount and alternate codes, and the customer", () => {
    const usage = { alternateCodeId: B, id: B, sku: "ALT-1", barcode: null, description: "Caja", quantity: "2", providerId: null };
    const result = heldInvoiceToCart({
      customerId: CUSTOMER,
      items: [
        { productId: A, quantity: "3", price: "118.00", discount: { type: "percentage_discount", value: "10.00" }, alternateCodeUsages: [usage], product: { ...product(A), image_url: null } },
        { productId: B, quantity: "1", price: "50.00" },
      ],
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.customerId).toBe(CUSTOMER);
    expect(result.items).toHaveLength(1);
    const [line] = result.items;
    expect(line!.product.id).toBe(A);
    expect(line!.quantity).toBe("3");
    expect(line!.discount).toMatchObject({ type: "percentage_discount", value: "10" });
    expect(line!.alternateCodeUsages).toEqual([{ id: B, sku: "ALT-1", barcode: null, description: "Caja", quantity: "2", providerId: null }]);
    // 3 × 118 = 354 tax included, 10 % off ⇒ 318.60
    expect(line!.total).toBe("318.60");
  });

  it("a missing customer is the cash customer", () => {
    const result = heldInvoiceToCart({ items: [{ productId: A, quantity: "1", product: product(A) }] });
    expect(result).toMatchObject({ ok: true, customerId: "default" });
  });
});

describe("recreateToValidateItems", () => {
  it("keeps quantity, price, discount and alternate codes for pos.validateCart", () => {
    expect(
      recreateToValidateItems([
        { productId: A, name: "Café", quantity: "2", price: "118.00", discount: { type: "percentage_discount", value: "10.00" }, alternateCodeUsages: [] },
        { productId: B, quantity: "1", price: "5.00", discount: null },
      ]),
    ).toEqual([
      { productId: A, quantity: "2", price: "118.00", discount: { type: "percentage_discount", value: "10.00" }, alternateCodeUsages: [] },
      { productId: B, quantity: "1", price: "5.00", discount: null, alternateCodeUsages: [] },
    ]);
  });
});

describe("discount panel numbers", () => {
  const maxMap = {
    [A]: [
      { id: "1", paymentMethodName: "Efectivo", maxDiscountPercent: "10.00" },
      { id: "2", paymentMethodName: "Tarjeta", maxDiscountPercent: "7.50" },
    ],
    [B]: [{ id: "3", paymentMethodName: "Efectivo", maxDiscountPercent: "3.00" }],
  };

  it("presets are each product's maximum × 0.25 / 0.33 / 0.5 / 1, rounded to 2 decimals", () => {
    const maxOf = (id: string) => maxDiscountFor(maxMap, id, ["Efectivo"]);
    expect(presetPercents([A, B], maxOf, "quarter")).toEqual({ [A]: "2.50", [B]: "0.75" });
    expect(presetPercents([A, B], maxOf, "third")).toEqual({ [A]: "3.30", [B]: "0.99" });
    expect(presetPercents([A, B], maxOf, "half")).toEqual({ [A]: "5.00", [B]: "1.50" });
    expect(presetPercents([A, B], maxOf, "max")).toEqual({ [A]: "10.00", [B]: "3.00" });
  });

  it("caps each value at the product's maximum for the chosen methods (a split respects every method)", () => {
    expect(cappedPercents([A, B], { [A]: "9", [B]: "9" }, maxMap, ["Efectivo"])).toEqual({ [A]: "9.00", [B]: "3.00" });
    expect(cappedPercents([A, B], { [A]: "9", [B]: "9" }, maxMap, ["Efectivo", "Tarjeta"])).toEqual({ [A]: "7.50", [B]: "0.00" });
    expect(cappedPercents([A], {}, maxMap, ["Efectivo"])).toEqual({ [A]: "0.00" });
  });

  it("applies only values above 0 of products in the cart", () => {
    expect(percentsToApply([A, B], { [A]: "0", [B]: "12.345", other: "50" })).toEqual({ [B]: "12.35" });
  });

  it("the global percent ignores values outside 0–100 and clears to 0", () => {
    expect(acceptGlobalPercent("10")).toEqual({ text: "10", percent: "10.00" });
    expect(acceptGlobalPercent("100")).toEqual({ text: "100", percent: "100.00" });
    expect(acceptGlobalPercent("")).toEqual({ text: "", percent: "0.00" });
    expect(acceptGlobalPercent("101")).toBeNull();
    expect(acceptGlobalPercent("-1")).toBeNull();
    expect(acceptGlobalPercent("abc")).toBeNull();
    expect(everyProduct([A, B], "25")).toEqual({ [A]: "25.00", [B]: "25.00" });
  });

  it("starts from the percent discounts on the cart lines", () => {
    let items: CartItem[] = addItem([], { product: product(A), discount: { type: "percentage_discount", value: "5" } });
    items = addItem(items, { product: product(B), discount: { type: "fixed", value: "5" } });
    expect(currentPercents(items)).toEqual({ [A]: "5.00" });
  });
});
