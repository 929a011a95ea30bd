import { describe, expect, it } from "vitest";
import { posCheckoutInput, posHoldInvoiceInput, posValidateCartInput } from "./schemas";

const U = (n: number) => `0190d6a8-0000-7000-8000-${String(n).padStart(12, "0")}`;
const messages = (r: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) =>
  (r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]);

const checkout = (over: Record<string, unknown> = {}) => ({
  clientOrderId: U(1),
  customerId: "default",
  warehouseId: U(2),
  items: [{ productId: U(3), quantity: 2 }],
  payments: [{ paymentMethodId: U(4), currencyId: U(5), amount: "236" }],
  ...over,
});

describe("posCheckoutInput", () => {
  it("accepts the contract and normalises decimals", () => {
    const r = posCheckoutInput.parse(
      checkout({
        cashboxId: U(6),
        ncfTypeId: U(7),
        customerId: U(8),
        items: [{ productId: U(3), quantity: "1.5", price: 99.5, discount: { type: "percentage_discount", value: "10", description: " Promo " }, sellerId: U(9) }],
        payments: [{ paymentMethodId: U(4), currencyId: U(5), amount: 100, reference: "  " }],
        notes: " gracias ",
      }),
    );
    expect(r.items[0]).toEqual({ productId: U(3), quantity: "1.5000", price: "99.50", discount: { type: "percentage_discount", value: "10.00", description: "Promo" }, sellerId: U(9) });
    expect(r.payments[0]).toEqual({ paymentMethodId: U(4), currencyId: U(5), amount: "100.00", reference: undefined });
    expect(r.notes).toBe("gracias");
  });

  it("needs at least one item, a positive quantity and amount, known ids", () => {
    expect(messages(posCheckoutInput.safeParse(checkout({ items: [] })))).toEqual([["items", "pos:errors.cartEmpty"]]);
    expect(messages(posCheckoutInput.safeParse(checkout({ items: [{ productId: U(3), quantity: 0 }] })))).toEqual([["items.0.quantity", "pos:errors.quantityPositive"]]);
    expect(messages(posCheckoutInput.safeParse(checkout({ items: [{ productId: U(3), quantity: "0.00001" }] })))).toEqual([["items.0.quantity", "pos:errors.quantityPositive"]]);
    expect(messages(posCheckoutInput.safeParse(checkout({ payments: [{ paymentMethodId: U(4), currencyId: U(5), amount: "0" }] })))).toEqual([["payments.0.amount", "pos:errors.amountPositive"]]);
    expect(messages(posCheckoutInput.safeParse(checkout({ payments: [{ paymentMethodId: "", currencyId: "x", amount: "1" }] })))).toEqual([
      ["payments.0.paymentMethodId", "pos:errors.paymentMethodRequired"],
      ["payments.0.currencyId", "pos:errors.currencyRequired"],
    ]);
    expect(messages(posCheckoutInput.safeParse(checkout({ customerId: "juan" })))[0]).toEqual(["customerId", "pos:errors.customerRequired"]);
    expect(messages(posCheckoutInput.safeParse(checkout({ warehouseId: undefined })))).toEqual([["warehouseId", "pos:errors.warehouseRequired"]]);
    expect(messages(posCheckoutInput.safeParse(checkout({ clientOrderId: "1" })))).toEqual([["clientOrderId", "pos:errors.invalidId"]]);
  });

  it("percent discounts stay within 0–100; fixed ones are any amount ≥ 0", () => {
    const withDiscount = (discount: unknown) => posCheckoutInput.safeParse(checkout({ items: [{ productId: U(3), quantity: 1, discount }] }));
    expect(messages(withDiscount({ type: "bundle_discount", value: "101" }))).toEqual([["items.0.discount.value", "pos:errors.discountPercentRange"]]);
    expect(messages(withDiscount({ type: "fixed", value: "-1" }))).toEqual([["items.0.discount.value", "pos:errors.invalidDiscount"]]);
    expect(withDiscount({ type: "fixed", value: "1500" }).success).toBe(true);
    expect(withDiscount(null).success).toBe(true);
  });

  it("allows no payments (the server decides whether the total is covered)", () => {
    expect(posCheckoutInput.safeParse(checkout({ payments: [] })).success).toBe(true);
  });
});

describe("posValidateCartInput", () => {
  it("takes the cart's items, possibly none", () => {
    expect(posValidateCartInput.parse({ items: [] })).toEqual({ items: [] });
    expect(posValidateCartInput.safeParse({ items: [{ productId: "x", quantity: 1 }] }).success).toBe(false);
  });
});

describe("posHoldInvoiceInput", () => {
  const item = { productId: U(3), quantity: 1, price: "118", discount: null, alternateCodeUsages: [] };
  it("needs a name after trimming and a non-empty cart (spec messages)", () => {
    expect(messages(posHoldInvoiceInput.safeParse({ name: "   ", customerId: "default", items: [item] }))).toEqual([["name", "pos:errors.holdNameRequired"]]);
    expect(messages(posHoldInvoiceInput.safeParse({ name: "Mesa 1", customerId: "default", items: [] }))).toEqual([["items", "pos:errors.cartEmpty"]]);
    expect(messages(posHoldInvoiceInput.safeParse({ customerId: "default", items: [item] }))).toEqual([["name", "pos:errors.holdNameRequired"]]);
  });

  it("defaults the customer to 'default' and keeps the item payload", () => {
    const r = posHoldInvoiceInput.parse({ name: "Juan - Compra pendiente", items: [item] });
    expect(r.customerId).toBe("default");
    expect(r.items[0]).toMatchObject({ productId: U(3), quantity: "1.0000", price: "118.00", alternateCodeUsages: [] });
  });
});
