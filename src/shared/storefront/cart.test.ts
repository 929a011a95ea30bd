import { describe, expect, it } from "vitest";
import { cartTotals, checkoutInput, isOnlineOrderNumber, onlineOrderNumber, sessionIdSchema } from "./cart";

const line = (price: string, quantity: number, opts: { tax?: string | null; taxable?: boolean; included?: boolean } = {}) => ({
  price,
  quantity,
  tax_percent: opts.tax === undefined ? "18" : opts.tax,
  is_taxable: opts.taxable ?? true,
  price_includes_tax: opts.included ?? false,
});

describe("cartTotals: subtotal + ITBIS + shipping − discount", () => {
  it("a taxable price without tax adds 18 %", () => {
    expect(cartTotals([line("100.00", 2)])).toMatchObject({ subtotal: "200.00", tax_total: "36.00", shipping_total: "0.00", discount_total: "0.00", total: "236.00", line_totals: ["236.00"] });
  });
  it("a tax-included price is split into base and ITBIS and totals the price", () => {
    expect(cartTotals([line("118.00", 1, { included: true })])).toMatchObject({ subtotal: "100.00", tax_total: "18.00", total: "118.00" });
  });
  it("an exempt product pays no ITBIS; a null tax percent is the default 18 %", () => {
    expect(cartTotals([line("50.00", 3, { taxable: false }), line("10.00", 1, { tax: null })])).toMatchObject({ subtotal: "160.00", tax_total: "1.80", total: "161.80" });
  });
  it("shipping is added untaxed and a discount subtracted, never below 0", () => {
    expect(cartTotals([line("100.00", 1)], { shipping: "150.00", discount: "18.00" })).toMatchObject({ shipping_total: "150.00", discount_total: "18.00", total: "250.00" });
    expect(cartTotals([line("10.00", 1, { taxable: false })], { discount: "99.00" })).toMatchObject({ discount_total: "10.00", total: "0.00" });
    expect(cartTotals([line("10.00", 1, { taxable: false })], { discount: "-5" })).toMatchObject({ discount_total: "0.00", total: "10.00" });
  });
  it("rounds each line half up to cents and sums the rounded lines", () => {
    // 3 × 33.33 = 99.99; ITBIS 17.9982 → 18.00; two such lines → 36.00 (not 35.9964 rounded once).
    const totals = cartTotals([line("33.33", 3), line("33.33", 3)]);
    expect(totals).toMatchObject({ subtotal: "199.98", tax_total: "36.00", total: "235.98", line_totals: ["117.99", "117.99"] });
    expect(cartTotals([line("0.05", 1, { tax: "10" })])).toMatchObject({ tax_total: "0.01", total: "0.06" });
  });
  it("an empty cart is all zeros", () => {
    expect(cartTotals([])).toMatchObject({ subtotal: "0.00", tax_total: "0.00", total: "0.00", line_totals: [] });
  });
});

describe("checkout input", () => {
  const valid = { storeId: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", sessionId: "abcdefghijklmnop1234", name: " Ana ", email: "ANA@Example.com", phone: "809-555-0101", fulfillment: "pickup", paymentMethod: "on_delivery", idempotencyKey: "key-12345678" };
  it("trims, lower-cases the e-mail, defaults the language, and takes no RNC as B02", () => {
    expect(checkoutInput.parse(valid)).toMatchObject({ name: "Ana", email: "ana@example.com", rnc: null, language: "es", address: null });
  });
  it("checks the RNC/cédula check digit (dashes allowed)", () => {
    expect(checkoutInput.parse({ ...valid, rnc: "1-01-85004-3" }).rnc).toBe("101850043");
    expect(checkoutInput.safeParse({ ...valid, rnc: "101850044" }).error?.issues[0]?.message).toBe("storefrontCart:errors.rncInvalid");
  });
  it("requires an address for delivery, a name, a valid e-mail, phone, fulfillment and payment method", () => {
    const messages = (v: object) => checkoutInput.safeParse({ ...valid, ...v }).error?.issues.map((i) => i.message);
    expect(messages({ fulfillment: "delivery" })).toEqual(["storefrontCart:errors.addressRequired"]);
    expect(checkoutInput.safeParse({ ...valid, fulfillment: "delivery", address: "Calle 1, Santo Domingo" }).success).toBe(true);
    expect(messages({ name: "  " })).toEqual(["storefrontCart:errors.nameRequired"]);
    expect(messages({ email: "ana@" })).toEqual(["storefrontCart:errors.emailInvalid"]);
    expect(messages({ phone: "abc" })).toEqual(["storefrontCart:errors.phoneInvalid"]);
    expect(messages({ fulfillment: "drone" })).toEqual(["storefrontCart:errors.fulfillmentRequired"]);
    expect(messages({ paymentMethod: "cash" })).toEqual(["storefrontCart:errors.paymentMethodRequired"]);
    expect(messages({ idempotencyKey: "short" })).toEqual(["storefrontCart:errors.badKey"]);
  });
  it("session ids are 16–64 letters, digits, '-' or '_'", () => {
    expect(sessionIdSchema.safeParse("abcdefghijklmnop").success).toBe(true);
    expect(sessionIdSchema.safeParse("short").success).toBe(false);
    expect(sessionIdSchema.safeParse("abcdefghijklmnop<script>").success).toBe(false);
  });
});

describe("order numbers", () => {
  it("are WEB- and four digits at least", () => {
    expect(onlineOrderNumber(7)).toBe("WEB-0007");
    expect(onlineOrderNumber(12345)).toBe("WEB-12345");
    expect(isOnlineOrderNumber("WEB-0007")).toBe(true);
    expect(isOnlineOrderNumber("APT-0007")).toBe(false);
  });
});
