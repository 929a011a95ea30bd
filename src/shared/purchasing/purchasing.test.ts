import { describe, expect, it } from "vitest";
import { weightedAverageCost } from "./cost";
import { purchaseOrderCreateInput, purchaseReceiveInput, purchaseSettingsInput } from "./schemas";
import { availableActions, canTransition, PURCHASE_ORDER_STATUSES, PURCHASE_TRANSITIONS, statusAfterReceipt, statusAfterSubmit } from "./status";
import { purchaseLineAmounts, purchaseTotals } from "./totals";

describe("purchase order totals (one rule for the form and the server)", () => {
  it("a line: quantity × unit cost, ITBIS on the subtotal, each rounded half up to 2 decimals", () => {
    expect(purchaseLineAmounts({ quantity: "3", unitCost: "120.50", taxPercent: "18" })).toEqual({ subtotal: "361.50", taxAmount: "65.07", total: "426.57" });
    expect(purchaseLineAmounts({ quantity: "2.5", unitCost: "10.01", taxPercent: "18" })).toEqual({ subtotal: "25.03", taxAmount: "4.51", total: "29.54" });
    expect(purchaseLineAmounts({ quantity: "0.3333", unitCost: "3", taxPercent: "0" })).toEqual({ subtotal: "1.00", taxAmount: "0.00", total: "1.00" });
    expect(purchaseLineAmounts({ quantity: "1", unitCost: "0.05", taxPercent: "18" })).toEqual({ subtotal: "0.05", taxAmount: "0.01", total: "0.06" });
  });
  it("an order sums its rounded lines; half-typed input counts as 0", () => {
    const t = purchaseTotals([
      { quantity: "10", unitCost: "385", taxPercent: "18" },
      { quantity: "4", unitCost: "99.99", taxPercent: "16" },
      { quantity: "", unitCost: "abc", taxPercent: null },
    ]);
    expect(t).toMatchObject({ subtotal: "4249.96", taxTotal: "756.99", total: "5006.95" });
    expect(t.lines[2]).toEqual({ subtotal: "0.00", taxAmount: "0.00", total: "0.00" });
    // no binary float drift
    expect(purchaseTotals(Array.from({ length: 10 }, () => ({ quantity: "1", unitCost: "0.10", taxPercent: "0" }))).total).toBe("1.00");
  });
});

describe("purchase order transitions", () => {
  it("the table", () => {
    const allowed = Object.fromEntries(PURCHASE_ORDER_STATUSES.map((s) => [s, (Object.keys(PURCHASE_TRANSITIONS) as (keyof typeof PURCHASE_TRANSITIONS)[]).filter((a) => canTransition(s, a))]));
    expect(allowed).toEqual({
      draft: ["update", "submit", "cancel"],
      pending_approval: ["update", "approve", "cancel"],
      approved: ["send", "receive", "cancel"],
      sent: ["send", "receive", "cancel"],
      partially_received: ["receive"],
      received: [],
      cancelled: [],
    });
  });
  it("submit: approved at or under the threshold, pending approval above it", () => {
    expect(statusAfterSubmit("25000.00", "25000.00")).toBe("approved");
    expect(statusAfterSubmit("25000.01", "25000.00")).toBe("pending_approval");
    expect(statusAfterSubmit("0.00", "0.00")).toBe("approved");
  });
  it("a receipt leaves the order partially received until every line has all it ordered", () => {
    expect(statusAfterReceipt([{ quantity: "10", receivedQuantity: "5" }, { quantity: "2", receivedQuantity: "2" }])).toBe("partially_received");
    expect(statusAfterReceipt([{ quantity: "10", receivedQuantity: "10.5" }, { quantity: "2", receivedQuantity: "2" }])).toBe("received");
  });
  it("buttons: the status allows the action and the user holds its permission", () => {
    const cashierLike = (p: string) => p === "purchase_orders.create";
    expect(availableActions("pending_approval", cashierLike)).toEqual([]);
    expect(availableActions("pending_approval", () => true)).toEqual(["update", "approve", "cancel"]);
    expect(availableActions("draft", cashierLike)).toEqual(["submit"]);
  });
});

describe("weighted average cost", () => {
  it("(old qty × old cost + received × unit cost) / (old qty + received), 2 decimals", () => {
    expect(weightedAverageCost({ onHand: "10", currentCost: "100", receivedQuantity: "10", unitCost: "120" })).toBe("110.00");
    expect(weightedAverageCost({ onHand: "3", currentCost: "10", receivedQuantity: "4", unitCost: "11" })).toBe("10.57");
  });
  it("nothing (or less than nothing) on hand: the unit cost", () => {
    expect(weightedAverageCost({ onHand: "0", currentCost: "100", receivedQuantity: "5", unitCost: "80" })).toBe("80.00");
    expect(weightedAverageCost({ onHand: "-7", currentCost: "100", receivedQuantity: "5", unitCost: "80" })).toBe("80.00");
    expect(weightedAverageCost({ onHand: "0", currentCost: "100", receivedQuantity: "0", unitCost: "80.555" })).toBe("80.56");
  });
});

describe("purchase schemas", () => {
  const base = { providerId: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", warehouseId: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c", orderDate: "2026-03-01" };
  const line = { productId: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5d", quantity: "2", unitCost: "10" };
  const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];
  it("provider, warehouse and at least one product are required", () => {
    expect(messages(purchaseOrderCreateInput.safeParse({ orderDate: "2026-03-01", lines: [] }))).toEqual(
      expect.arrayContaining(["purchasing:errors.providerRequired", "purchasing:errors.warehouseRequired", "purchasing:errors.productsRequired"]),
    );
  });
  it("quantities: more than 0, at most 4 decimals, never rounded silently", () => {
    expect(purchaseOrderCreateInput.safeParse({ ...base, lines: [{ ...line, quantity: "1.2345" }] }).data?.lines[0]?.quantity).toBe("1.2345");
    for (const quantity of ["-1", "0", "1.23456", "abc"]) expect(messages(purchaseOrderCreateInput.safeParse({ ...base, lines: [{ ...line, quantity }] }))).toEqual(["purchasing:errors.invalidQuantity"]);
    expect(messages(purchaseReceiveInput.safeParse({ id: base.providerId, clientKey: "k-12345678", lines: [{ lineId: base.providerId, quantity: "-0.5" }] }))).toEqual(["purchasing:errors.invalidReceiveQuantity"]);
    expect(messages(purchaseReceiveInput.safeParse({ id: base.providerId, clientKey: "k-12345678", lines: [{ lineId: base.providerId, quantity: "0.00001" }] }))).toEqual(["purchasing:errors.invalidReceiveQuantity"]);
  });
  it("the expected delivery is not before the order date", () => {
    expect(messages(purchaseOrderCreateInput.safeParse({ ...base, expectedDate: "2026-02-28", lines: [line] }))).toEqual(["purchasing:errors.expectedBeforeOrder"]);
  });
  it("settings", () => {
    expect(purchaseSettingsInput.safeParse({ approvalThreshold: "1000", receivingTolerancePercent: "5", numberPrefix: "OC-", numberWidth: 6, digestEnabled: true }).data).toMatchObject({
      approvalThreshold: "1000.00",
      receivingTolerancePercent: "5.00",
      defaultPaymentTermId: null,
    });
    expect(messages(purchaseSettingsInput.safeParse({ approvalThreshold: "1000", receivingTolerancePercent: "101", numberPrefix: "O C", numberWidth: 0, digestEnabled: true }))).toEqual([
      "purchasing:errors.invalidPercent",
      "purchasing:errors.invalidPrefix",
      "purchasing:errors.invalidWidth",
    ]);
  });
});
