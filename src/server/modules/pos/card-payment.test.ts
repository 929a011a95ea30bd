import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import type { posPaymentInput } from "../../../shared/pos/schemas";
import { newId } from "../../ids";
import { type Client, createTestContext, errorOf, openCashboxFor, type TestContext } from "../../test/harness";

/** Card sales (issue 12 §2): the approved terminal answer travels with the payment and is recorded once. */
let t: TestContext;
let cashier: Client;
let owner: Client;
let outsider: Client;
let warehouseId: string;
let rice: string;
let cash: string;
let card: string;
let dop: string;
let lane: string;

beforeAll(async () => {
  t = await createTestContext();
  await openCashboxFor(t, t.acme, "cashier");
  await openCashboxFor(t, t.other, "owner");
  owner = await t.client("acme", "owner");
  cashier = await t.client("acme", "cashier");
  outsider = await t.client("other", "owner");
  warehouseId = (await owner.warehouse.getAll.query())[0]!.id;
  rice = (await owner.product.create.mutate({ name: "Arroz La Garza 10 lb", sku: "ARR-10", price: "420", price2: "420", price3: "420", warehouseQuantities: [{ warehouseId, initialQuantity: "50" }] })).id;
  const methods = await cashier.paymentMethod.getAll.query();
  cash = methods.find((m) => m.code === "CASH")!.id;
  card = methods.find((m) => m.code === "CARD")!.id;
  dop = (await cashier.currency.getActive.query()).find((c) => c.code === "DOP")!.id;
  lane = (await owner.cardProvider.create.mutate({ code: "LANE1", name: "Terminal caja 1", kind: "lane", api_url: "http://localhost:5000/" })).id;
});
afterAll(() => t.close());

const approved = (transactionId: string) => ({
  providerId: lane,
  transactionId,
  reference: "REF-000123",
  authorizationCode: "AUT551",
  maskedPan: "************4242",
  entryMode: "07",
  cardType: "VISA",
  terminalId: "T0001",
  merchantId: "M99",
  batchNumber: "12",
});

const sale = (payments: z.input<typeof posPaymentInput>[], clientOrderId = newId()) => ({
  clientOrderId,
  customerId: "default",
  warehouseId,
  items: [{ productId: rice, quantity: "1" }],
  payments,
});

describe("pos.checkout with a card payment", () => {
  it("records the approved terminal answer on the payment; the invoice shows it", async () => {
    const r = await cashier.pos.checkout.mutate(sale([{ paymentMethodId: card, currencyId: dop, amount: "420", card: approved("000101") }]));
    const inv = await owner.invoice.getById.query({ id: r.orderId });
    expect(inv.payments).toHaveLength(1);
    expect(inv.payments[0]).toMatchObject({
      method: { code: "CARD" },
      amount: "420.00",
      reference: "AUT551",
      card: { providerId: lane, transactionId: "000101", authorizationCode: "AUT551", maskedPan: "************4242", entryMode: "07", terminalId: "T0001", merchantId: "M99", batchNumber: "12" },
    });
  });

  it("a split cash + card sale; the same checkout sent again is the same order", async () => {
    const id = newId();
    const input = sale(
      [
        { paymentMethodId: cash, currencyId: dop, amount: "200" },
        { paymentMethodId: card, currencyId: dop, amount: "220", card: approved("000102") },
      ],
      id,
    );
    const first = await cashier.pos.checkout.mutate(input);
    const again = await cashier.pos.checkout.mutate(input);
    expect(again.orderId).toBe(first.orderId);
    const inv = await owner.invoice.getById.query({ id: first.orderId });
    expect(inv.payments.map((p) => [p.method.code, p.amount, p.card?.transactionId ?? null])).toEqual([
      ["CASH", "200.00", null],
      ["CARD", "220.00", "000102"],
    ]);
  });

  it("one terminal transaction pays one payment: offered again on another sale it is refused and nothing is recorded", async () => {
    const before = (await owner.invoice.getAll.query({})).pagination.total;
    const error = await errorOf(cashier.pos.checkout.mutate(sale([{ paymentMethodId: card, currencyId: dop, amount: "420", card: approved("000101") }])));
    expect(error).toEqual({ code: "BAD_REQUEST", message: "Esa transacción de tarjeta ya está registrada en otro pago" });
    expect((await owner.invoice.getAll.query({})).pagination.total).toBe(before);
  });

  it("refuses a card answer on a method that is not charged by card, and bad card data", async () => {
    expect(await errorOf(cashier.pos.checkout.mutate(sale([{ paymentMethodId: cash, currencyId: dop, amount: "420", card: approved("000103") }])))).toEqual({
      code: "BAD_REQUEST",
      message: "Efectivo no se cobra con tarjeta: elija un método que use proveedor de tarjeta",
    });
    const blank = await errorOf(cashier.pos.checkout.mutate(sale([{ paymentMethodId: card, currencyId: dop, amount: "420", card: { ...approved(""), transactionId: " " } }])));
    expect(blank.code).toBe("BAD_REQUEST");
    const long = await errorOf(cashier.pos.checkout.mutate(sale([{ paymentMethodId: card, currencyId: dop, amount: "420", card: approved("x".repeat(101)) }])));
    expect(long.code).toBe("BAD_REQUEST");
  });

  it("another tenant's card provider is NOT_FOUND", async () => {
    const wh = (await outsider.warehouse.getAll.query())[0]!.id;
    const product = (await outsider.product.create.mutate({ name: "Agua", sku: "AG-1", price: "35", price2: "35", price3: "35", warehouseQuantities: [{ warehouseId: wh, initialQuantity: "5" }] })).id;
    const theirCard = (await outsider.paymentMethod.getAll.query()).find((m) => m.code === "CARD")!.id;
    const theirDop = (await outsider.currency.getActive.query()).find((c) => c.code === "DOP")!.id;
    const error = await errorOf(
      outsider.pos.checkout.mutate({
        clientOrderId: newId(),
        customerId: "default",
        warehouseId: wh,
        items: [{ productId: product, quantity: "1" }],
        payments: [{ paymentMethodId: theirCard, currencyId: theirDop, amount: "35", card: approved("000200") }],
      }),
    );
    expect(error).toEqual({ code: "NOT_FOUND", message: "Proveedor de tarjeta no encontrado" });
  });
});

describe("invoice.reverseCardPayment", () => {
  it("a card transaction voided on its terminal cancels its payment: the invoice owes it again, once", async () => {
    const r = await cashier.pos.checkout.mutate(sale([{ paymentMethodId: card, currencyId: dop, amount: "420", card: approved("000301") }]));
    const reversed = await owner.invoice.reverseCardPayment.mutate({ provider_id: lane, transaction_id: "000301" });
    expect(reversed).toMatchObject({ invoiceId: r.orderId, status: "pending", balanceDue: "420.00", paidTotal: "0.00" });
    const inv = await owner.invoice.getById.query({ id: r.orderId });
    expect(inv.payments[0]).toMatchObject({ status: "cancelled", card: { transactionId: "000301" } });
    expect(inv).toMatchObject({ balanceDue: "420.00" });
    // Again: nothing more changes.
    expect(await owner.invoice.reverseCardPayment.mutate({ provider_id: lane, transaction_id: "000301" })).toMatchObject({ balanceDue: "420.00", paidTotal: "0.00" });
  });

  it("a void of a charge no sale recorded reverses nothing; cashiers may not; another tenant sees nothing", async () => {
    expect(await owner.invoice.reverseCardPayment.mutate({ provider_id: lane, transaction_id: "999999" })).toBeNull();
    expect((await errorOf(cashier.invoice.reverseCardPayment.mutate({ provider_id: lane, transaction_id: "000101" }))).code).toBe("FORBIDDEN");
    expect(await outsider.invoice.reverseCardPayment.mutate({ provider_id: lane, transaction_id: "000101" })).toBeNull();
    expect((await errorOf(owner.invoice.reverseCardPayment.mutate({ provider_id: "nope", transaction_id: "1" }))).code).toBe("BAD_REQUEST");
  });
});
