import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../ids";
import { type Client, createTestContext, errorOf, openCashboxFor, type TestContext } from "../../test/harness";

/**
 * Refunds back to the card (issue 12 §4): a credit note of an invoice paid by card waits
 * ('pending') for the terminal's return; creditNote.recordCardRefund records it once, the cash
 * count takes it off the card method; creditNote.settleRefund gives it in cash or as store credit
 * when the terminal cannot.
 */
let t: TestContext;
let owner: Client;
let outsider: Client;
let warehouseId: string;
let rice: string;
let cash: string;
let card: string;
let dop: string;
let lane: string;
let otherLane: string;
let customerId: string;
let sessionId: string;

beforeAll(async () => {
  t = await createTestContext();
  ({ sessionId } = await openCashboxFor(t, t.acme, "owner"));
  await openCashboxFor(t, t.other, "owner");
  owner = await t.client("acme", "owner");
  outsider = await t.client("other", "owner");
  warehouseId = (await owner.warehouse.getAll.query())[0]!.id;
  rice = (await owner.product.create.mutate({ name: "Arroz La Garza 10 lb", sku: "ARR-10", price: "420", price2: "420", price3: "420", warehouseQuantities: [{ warehouseId, initialQuantity: "50" }] })).id;
  const methods = await owner.paymentMethod.getAll.query();
  cash = methods.find((m) => m.code === "CASH")!.id;
  card = methods.find((m) => m.code === "CARD")!.id;
  dop = (await owner.currency.getActive.query()).find((c) => c.code === "DOP")!.id;
  lane = (await owner.cardProvider.create.mutate({ code: "SVC1", name: "Servicio de tarjetas", kind: "card_service", api_url: "http://localhost:5050/" })).id;
  otherLane = (await owner.cardProvider.create.mutate({ code: "LANE2", name: "Terminal caja 2", kind: "lane", api_url: "http://localhost:5000/" })).id;
  customerId = (await owner.customer.create.mutate({ name: "Luis Fernández", tax_id: "00113918205" })).id;
});
afterAll(() => t.close());

const approved = (transactionId: string, providerId = lane) => ({
  providerId,
  transactionId,
  reference: "REF-000123",
  authorizationCode: "AUT551",
  maskedPan: "************4242",
  entryMode: "07",
  cardType: "VISA",
  terminalId: "T0001",
  merchantId: "M99",
  batchNumber: "12",
  invoiceNumber: `P${transactionId}`,
});

/** A card sale of `quantity` rice at RD$420 each (its price includes the ITBIS), all by card or `split.cash` of it in cash. */
async function cardSale(quantity: string, transactionId: string, split?: { cash: string }) {
  const amount = (420 * Number(quantity)).toFixed(2);
  const payments = split
    ? [
        { paymentMethodId: cash, currencyId: dop, amount: split.cash },
        { paymentMethodId: card, currencyId: dop, amount: (Number(amount) - Number(split.cash)).toFixed(2), card: approved(transactionId) },
      ]
    : [{ paymentMethodId: card, currencyId: dop, amount, card: approved(transactionId) }];
  const r = await owner.pos.checkout.mutate({ clientOrderId: newId(), customerId, warehouseId, items: [{ productId: rice, quantity }], payments });
  return { orderId: r.orderId, total: amount };
}

const note = (orderId: string, quantity: string, refund_method: "card" | "cash" | "store_credit" = "card") =>
  owner.creditNote.create.mutate({ client_key: newId(), order_id: orderId, customer_id: customerId, refund_method, items: [{ product_id: rice, quantity }] });

describe("creditNote refunds to a card", () => {
  it("create: a card refund waits for the terminal, naming the provider and the sale's terminal invoice number", async () => {
    const sale = await cardSale("2", "C-100");
    const n = await note(sale.orderId, "1");
    expect(n).toMatchObject({ status: "pending", refund_method: "card", card_refund: { provider_id: lane, original_invoice_number: "PC-100" } });
    expect(Number(n.refund_amount)).toBeGreaterThan(0);
    const detail = await owner.creditNote.getById.query({ id: n.id });
    expect(detail).toMatchObject({ status: "pending", refundMethod: "card", cardRefund: { providerId: lane, transactionId: null, originalInvoiceNumber: "PC-100", originalTransactionId: "C-100" } });
  });

  it("recordCardRefund: records the approved return once; the cash count takes it off the card method", async () => {
    const before = await owner.cashbox.getCloseSummary.query({ sessionId });
    const cardBefore = before.lines.find((l) => l.code === "CARD")!;
    const sale = await cardSale("2", "C-200");
    const n = await note(sale.orderId, "1");
    const input = { id: n.id, amount: n.refund_amount, card: approved("R-200") };
    const done = await owner.creditNote.recordCardRefund.mutate(input);
    expect(done).toMatchObject({ id: n.id, status: "used", refund_method: "card", card_refund: null });
    // The same answer again changes nothing.
    expect(await owner.creditNote.recordCardRefund.mutate(input)).toMatchObject({ id: n.id, status: "used" });
    const detail = await owner.creditNote.getById.query({ id: n.id });
    expect(detail.cardRefund).toMatchObject({ providerId: lane, transactionId: "R-200", authorizationCode: "AUT551", maskedPan: "************4242" });
    const after = await owner.cashbox.getCloseSummary.query({ sessionId });
    const cardAfter = after.lines.find((l) => l.code === "CARD")!;
    // The sale's card payment is counted, and the refund comes off it.
    const expected = Number(cardBefore.expected) + Number(sale.total) - Number(n.refund_amount);
    expect(Number(cardAfter.expected)).toBeCloseTo(expected, 2);
    // Another answer for a note already refunded is refused.
    expect((await errorOf(owner.creditNote.recordCardRefund.mutate({ ...input, card: approved("R-201") }))).message).toMatch(/ya se devolvió|already refunded/);
  });

  it("recordCardRefund refuses another amount, another provider, a return key already used, and a note not waiting for a card", async () => {
    const sale = await cardSale("3", "C-300");
    const n = await note(sale.orderId, "1");
    const wrongAmount = await errorOf(owner.creditNote.recordCardRefund.mutate({ id: n.id, amount: "1.00", card: approved("R-300") }));
    expect(wrongAmount.code).toBe("BAD_REQUEST");
    expect(wrongAmount.message).toMatch(/no coincide|does not match/);
    const wrongProvider = await errorOf(owner.creditNote.recordCardRefund.mutate({ id: n.id, amount: n.refund_amount, card: approved("R-301", otherLane) }));
    expect(wrongProvider.code).toBe("BAD_REQUEST");
    // R-200 paid back the note of the test before.
    const used = await errorOf(owner.creditNote.recordCardRefund.mutate({ id: n.id, amount: n.refund_amount, card: approved("R-200") }));
    expect(used.code).toBe("BAD_REQUEST");
    expect((await owner.creditNote.getById.query({ id: n.id })).status).toBe("pending");
    const cashNote = await note(sale.orderId, "1", "cash");
    expect((await errorOf(owner.creditNote.recordCardRefund.mutate({ id: cashNote.id, amount: cashNote.refund_amount, card: approved("R-302") }))).code).toBe("BAD_REQUEST");
  });

  it("create refuses a card refund for an invoice paid without a card, or above what the card paid", async () => {
    const cashSale = await owner.pos.checkout.mutate({ clientOrderId: newId(), customerId, warehouseId, items: [{ productId: rice, quantity: "1" }], payments: [{ paymentMethodId: cash, currencyId: dop, amount: "1000" }] });
    const noCard = await errorOf(note(cashSale.orderId, "1"));
    expect(noCard.code).toBe("BAD_REQUEST");
    expect(noCard.message).toMatch(/no se pagó con una tarjeta|was not paid with a card/);
    // RD$ 100 in cash, the rest by card: returning everything asks more of the card than it paid.
    const split = await cardSale("1", "C-400", { cash: "100" });
    const above = await errorOf(note(split.orderId, "1"));
    expect(above.code).toBe("BAD_REQUEST");
    expect(above.message).toMatch(/pasa de lo cobrado con tarjeta|more than was charged by card/);
  });

  it("settleRefund: a card refund the terminal could not make is given in cash (counted off the cash) or kept as store credit", async () => {
    const sale = await cardSale("2", "C-500");
    const asCash = await note(sale.orderId, "1");
    const before = (await owner.cashbox.getCloseSummary.query({ sessionId })).lines.find((l) => l.code === "CASH")!;
    expect(await owner.creditNote.settleRefund.mutate({ id: asCash.id, refund_method: "cash" })).toMatchObject({ status: "used", refund_method: "cash" });
    const after = (await owner.cashbox.getCloseSummary.query({ sessionId })).lines.find((l) => l.code === "CASH")!;
    expect(Number(after.expected)).toBeCloseTo(Number(before.expected) - Number(asCash.refund_amount), 2);
    // Repeating the same settlement changes nothing; a settled note takes no card return.
    expect(await owner.creditNote.settleRefund.mutate({ id: asCash.id, refund_method: "cash" })).toMatchObject({ status: "used", refund_method: "cash" });
    expect((await errorOf(owner.creditNote.recordCardRefund.mutate({ id: asCash.id, amount: asCash.refund_amount, card: approved("R-500") }))).code).toBe("BAD_REQUEST");

    const asCredit = await note(sale.orderId, "1");
    const kept = await owner.creditNote.settleRefund.mutate({ id: asCredit.id, refund_method: "store_credit" });
    expect(kept).toMatchObject({ status: "approved", refund_method: "store_credit" });
    expect((await owner.creditNote.getById.query({ id: asCredit.id })).available).toBe(asCredit.refund_amount);
  });

  it("bad input is a BAD_REQUEST; another tenant's note is NOT_FOUND", async () => {
    const sale = await cardSale("1", "C-600");
    const n = await note(sale.orderId, "1");
    expect((await errorOf(owner.creditNote.recordCardRefund.mutate({ id: n.id, amount: "-5", card: approved("R-600") }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(owner.creditNote.recordCardRefund.mutate({ id: "nope", amount: "5", card: approved("R-600") }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(owner.creditNote.settleRefund.mutate({ id: n.id, refund_method: "card" as never }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(outsider.creditNote.recordCardRefund.mutate({ id: n.id, amount: n.refund_amount, card: approved("R-601") }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.creditNote.settleRefund.mutate({ id: n.id, refund_method: "store_credit" }))).code).toBe("NOT_FOUND");
    expect((await owner.creditNote.getById.query({ id: n.id })).status).toBe("pending");
  });
});
