import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessDate } from "../../../shared/platform/dates";
import { type CartItem, priceItem, promoteCart } from "../../../shared/pos/cart";
import { computeLine } from "../../../shared/pos/pricing";
import { buildReceiptText } from "../../../shared/pos/receipt";
import { addCalendarDays } from "../../../shared/promotions/schemas";
import { newId } from "../../ids";
import { createTestContext, errorOf, openCashboxFor, type TestContext } from "../../test/harness";

/**
 * Promotions at the POS (issue 16 §2): pos.validateCart and pos.checkout price with the promotions
 * in force through the same shared function the cart on screen runs; a client never names one.
 */

let t: TestContext;
type Client = Awaited<ReturnType<TestContext["client"]>>;
let owner: Client;
let cashier: Client;
let warehouseId: string;
let malta: string;
let milk: string;
let cheese: string;
let bread: string;
let cash: string;
let dop: string;
const today = () => businessDate(new Date(), "America/Santo_Domingo");

beforeAll(async () => {
  t = await createTestContext();
  await openCashboxFor(t, t.acme, "cashier");
  owner = await t.client("acme", "owner");
  cashier = await t.client("acme", "cashier");
  warehouseId = (await owner.warehouse.getAll.query())[0]!.id;
  const dairy = (await owner.productCategory.create.mutate({ name: "Lácteos", code: "LAC" })).id;
  const create = (name: string, sku: string, price: string, extra: Record<string, unknown> = {}) =>
    owner.product.create.mutate({ name, sku, price, price2: price, price3: price, warehouseQuantities: [{ warehouseId, initialQuantity: "100" }], ...extra }).then((p) => p.id);
  malta = await create("Malta Morena 12 oz", "MAL-12", "60");
  milk = await create("Leche Rica 1 L", "LEC-1", "75", { categoryId: dairy });
  cheese = await create("Queso Geo 1 lb", "QUE-1", "250", { categoryId: dairy });
  bread = await create("Pan sobao", "PAN-1", "40");
  const window = { startDate: today(), endDate: addCalendarDays(today(), 10), isActive: true };
  await owner.promotion.create.mutate({ ...window, name: "2x1 Malta", code: "2X1-MAL", type: "buy_x_get_y", discount: "0", param1: 1, param2: 1, productIds: [malta], categoryIds: [] });
  await owner.promotion.create.mutate({ ...window, name: "10% Lácteos", code: "LAC-10", type: "percentage_discount", discount: "10", productIds: [], categoryIds: [dairy] });
  // Overlaps the category promotion on the cheese: the better one (25 %) wins, never both.
  await owner.promotion.create.mutate({ ...window, name: "Queso 25%", code: "QUE-25", type: "percentage_discount", discount: "25", productIds: [cheese], categoryIds: [] });
  // Not in force: switched off, or starting tomorrow.
  const off = await owner.promotion.create.mutate({ ...window, name: "Pan gratis", code: "PAN-100", type: "percentage_discount", discount: "100", productIds: [bread], categoryIds: [] });
  await owner.promotion.setActive.mutate({ id: off.id, isActive: false });
  await owner.promotion.create.mutate({ ...window, startDate: addCalendarDays(today(), 1), name: "Pan mañana", code: "PAN-50", type: "percentage_discount", discount: "50", productIds: [bread], categoryIds: [] });
  // Another tenant's promotion on its own product never reaches acme's carts.
  const outsider = await t.client("other", "owner");
  const theirs = (await outsider.product.create.mutate({ name: "Ajeno", sku: "AJ-1", price: "10", price2: "10", price3: "10" })).id;
  await outsider.promotion.create.mutate({ ...window, name: "Ajena", code: "AJ-50", type: "percentage_discount", discount: "50", productIds: [theirs], categoryIds: [] });
  const methods = await cashier.paymentMethod.getAll.query();
  cash = methods.find((m) => m.code === "CASH")!.id;
  dop = (await cashier.currency.getActive.query()).find((c) => c.code === "DOP")!.id;
});
afterAll(() => t.close());

const cart = () => [
  { productId: malta, quantity: "2" },
  { productId: milk, quantity: "1" },
  { productId: cheese, quantity: "1" },
  { productId: bread, quantity: "3" },
];

describe("promotions at the POS", () => {
  it("pos.validateCart: each line with the promotion it gets and the saving; ITBIS on the discounted base", async () => {
    const v = await cashier.pos.validateCart.mutate({ items: cart() });
    const byId = new Map(v.items.map((l) => [l.productId, l]));
    expect(byId.get(malta)).toMatchObject({ promotions: [{ name: "2x1 Malta", type: "buy_x_get_y", amount: "60.00" }], promotionSaving: "60.00" });
    expect(byId.get(milk)).toMatchObject({ promotions: [{ name: "10% Lácteos" }], promotionSaving: "7.50" });
    expect(byId.get(cheese)).toMatchObject({ promotions: [{ name: "Queso 25%", amount: "62.50" }], promotionSaving: "62.50" });
    expect(byId.get(bread)).toMatchObject({ promotions: [], promotionSaving: "0.00", discountAmount: "0.00" });
    // ITBIS is charged on the discounted base exactly as pricing does for the same discount given by hand.
    const malt = byId.get(malta)!;
    const same = computeLine({ product: malt.product, quantity: "2", discount: { type: "fixed_amount_discount", value: "60" } });
    expect(malt).toMatchObject({ subtotal: same?.subtotal, discountAmount: same?.discountAmount, taxAmount: same?.taxAmount, total: same?.total });
    expect(Number(malt.taxAmount)).toBeGreaterThan(0);
    // Prices include ITBIS: the customer pays 60 less, of which the discount on the taxable base is 60 / 1.18.
    expect(malt.total).toBe("60.00");
  });

  it("the cart on screen (promotion.active + promoteCart) gives the same lines and totals as the server", async () => {
    const v = await cashier.pos.validateCart.mutate({ items: cart() });
    const active = await cashier.promotion.active.query();
    const items = v.items.map((l) => priceItem({ product: l.product, quantity: l.quantity, discount: l.discount, alternateCodeUsages: [] }) as CartItem);
    const screen = promoteCart(items, active.promotions, active.businessDate);
    expect(screen.totals).toMatchObject({ subtotal: v.subtotal, discountTotal: v.discountTotal, taxTotal: v.taxTotal, total: v.total });
    expect(screen.items.map((i) => [i.product.id, i.total, i.promotions.map((p) => p.name)])).toEqual(v.items.map((l) => [l.productId, l.total, l.promotions.map((p) => p.name)]));
    // Without the category (an old stored cart), the screen misses the category promotion until the server's answer fills it in.
    expect(v.items.find((l) => l.productId === milk)!.product.category_id).toBeTruthy();
  });

  it("pos.checkout: the order and the receipt name the promotion; the total is the server's", async () => {
    const v = await cashier.pos.validateCart.mutate({ items: cart() });
    const r = await cashier.pos.checkout.mutate({ clientOrderId: newId(), customerId: "default", warehouseId, items: cart(), payments: [{ paymentMethodId: cash, currencyId: dop, amount: "1000" }] });
    expect(r).toMatchObject({ subtotal: v.subtotal, discountTotal: v.discountTotal, taxTotal: v.taxTotal, total: v.total });
    const detail = await cashier.pos.getInvoiceDetail.query({ invoiceId: r.orderId });
    expect(detail.items.map((i) => [i.product_name, i.promotion_name, i.discount_value])).toEqual([
      ["Malta Morena 12 oz", "2x1 Malta", v.items[0]!.discountAmount],
      ["Leche Rica 1 L", "10% Lácteos", v.items[1]!.discountAmount],
      ["Queso Geo 1 lb", "Queso 25%", v.items[2]!.discountAmount],
      ["Pan sobao", null, "0.00"],
    ]);
    const text = buildReceiptText(r.receiptData, { language: "es", width: 42 });
    expect(text).toContain("2x1 Malta");
    expect(text).toContain("Queso 25%");
    expect(text).toContain(`-${v.items[0]!.discountAmount}`);
  });

  it("a client cannot claim a promotion: a tampered discount is a manual one, limited by the product's maximum", async () => {
    // 50 % off the bread by hand: no maximum discount allows it.
    const e = await errorOf(
      cashier.pos.checkout.mutate({
        clientOrderId: newId(),
        customerId: "default",
        warehouseId,
        items: [{ productId: bread, quantity: "1", discount: { type: "percentage_discount", value: "50", description: "Pan mañana" } }],
        payments: [{ paymentMethodId: cash, currencyId: dop, amount: "100" }],
      }),
    );
    expect(e.code).toBe("BAD_REQUEST");
    // The 2x1 takes 50 % of the malta with no maximum in its way: it is the owner's price.
    const r = await cashier.pos.checkout.mutate({ clientOrderId: newId(), customerId: "default", warehouseId, items: [{ productId: malta, quantity: "2" }], payments: [{ paymentMethodId: cash, currencyId: dop, amount: "100" }] });
    expect(r.total).toBe("60.00");
  });

  it("a manual discount better than the promotion wins; never both", async () => {
    const v = await owner.pos.validateCart.mutate({ items: [{ productId: milk, quantity: "1", discount: { type: "percentage_discount", value: "20" } }] });
    expect(v.items[0]).toMatchObject({ promotions: [], promotionSaving: "0.00", total: "60.00", appliedDiscount: { type: "percentage_discount", value: "20.00" } });
    const w = await owner.pos.validateCart.mutate({ items: [{ productId: milk, quantity: "1", discount: { type: "percentage_discount", value: "5" } }] });
    expect(w.items[0]).toMatchObject({ promotions: [{ name: "10% Lácteos" }], promotionSaving: "7.50", total: "67.50" });
  });

  it("a back-office invoice is priced as its form types it (promotions are the POS's)", async () => {
    const invoice = await owner.invoice.create.mutate({ clientOrderId: newId(), customerId: "default", warehouseId, items: [{ productId: malta, quantity: "2" }], payments: [{ paymentMethodId: cash, currencyId: dop, amount: "200" }] });
    expect(invoice).toMatchObject({ discountTotal: "0.00", total: "120.00" });
  });
});
