import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type CardSimHandle, type LaneSimTransaction, startCardLane } from "../../../../tools/card-lane";
import { type CardServiceSimTransaction, startCardService } from "../../../../tools/card-service";
import {
  CardTerminalError,
  CardTerminalNotImplementedError,
  type CardTransaction,
  LaneTerminal,
  LocalCardService,
  laneTransaction,
  serviceTransaction,
} from "../../../shared/card-terminal";
import { closedPort } from "../../../shared/card-terminal/test-helpers";
import { posCardPaymentInput } from "../../../shared/pos/schemas";
import {
  type CardAttempt,
  type CardCharge,
  type CardMethod,
  type CardProvider,
  type CardRoute,
  cardInvoiceNumber,
  cardPaymentOf,
  cardRouteOf,
  failureResult,
  hasApprovedCharge,
  hasCardWork,
  nextCardSlot,
  recoveryDecision,
  rowsToCharge,
  runCardCharge,
} from "./card-charge-logic";

/**
 * The card sale at checkout without React (issue 12 §2): invoice numbers, which terminal a row
 * goes to, the recovery of an unknown outcome and one charge against the real simulators
 * (tools/card-lane.ts, tools/card-service.ts, started in-process on free ports).
 */

const KEY = "3f2a9c01-b4e0-4c7a-9d11-0a2b3c4d5e6f";

describe("cardInvoiceNumber", () => {
  it("is 'P' + the first 10 letters and digits of the checkout key, upper case, + the slot in 2 digits", () => {
    expect(cardInvoiceNumber(KEY, 1)).toBe("P3F2A9C01B401");
    expect(cardInvoiceNumber(KEY, 42)).toBe("P3F2A9C01B442");
    expect(cardInvoiceNumber("abcdefghij", 99)).toBe("PABCDEFGHIJ99");
  });

  it("is stable for the same key and slot (every retry of a checkout sends the same number) and differs by slot and by key", () => {
    expect(cardInvoiceNumber(KEY, 3)).toBe(cardInvoiceNumber(KEY, 3));
    expect(cardInvoiceNumber(KEY, 1)).not.toBe(cardInvoiceNumber(KEY, 2));
    expect(cardInvoiceNumber(KEY, 1)).not.toBe(cardInvoiceNumber("9f2a9c01-b4e0-4c7a-9d11-0a2b3c4d5e6f", 1));
    expect(cardInvoiceNumber(KEY, 1)).toHaveLength(13);
    // a refund to the card has its own letter, so it never takes a sale's number
    expect(cardInvoiceNumber(KEY, 1, "R")).toBe("R3F2A9C01B401");
  });

  it("refuses a key with fewer than 10 letters and digits, and a slot outside 1 to 99 or not whole", () => {
    expect(() => cardInvoiceNumber("abc-123-xyz", 1)).toThrow(RangeError); // 9 characters once the dashes go
    expect(() => cardInvoiceNumber("", 1)).toThrow(/too short/);
    for (const slot of [0, 100, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => cardInvoiceNumber(KEY, slot)).toThrow(/1 to 99/);
    expect(cardInvoiceNumber(KEY, 1)).toMatch(/01$/);
    expect(cardInvoiceNumber(KEY, 99)).toMatch(/99$/);
  });
});

const provider = (id: string, more: Partial<CardProvider> = {}): CardProvider => ({
  id,
  name: `Terminal ${id}`,
  kind: "card_service",
  api_url: "http://127.0.0.1:5050/",
  cashbox_id: null,
  is_default: false,
  is_active: true,
  ...more,
});

describe("cardRouteOf", () => {
  const cash: CardMethod = { id: "cash", useCardProvider: false, cardProviderId: null };
  const cashNamingProvider: CardMethod = { id: "odd", useCardProvider: false, cardProviderId: "own" };
  const card: CardMethod = { id: "card", useCardProvider: true, cardProviderId: null };
  const cardWithOwn: CardMethod = { id: "card-own", useCardProvider: true, cardProviderId: "own" };
  const methods = [cash, cashNamingProvider, card, cardWithOwn];
  const own = provider("own");
  const boxed = provider("boxed", { cashbox_id: "box-1", kind: "lane", api_url: "http://127.0.0.1:5000/" });
  const fallback = provider("default", { is_default: true });
  const all = [fallback, boxed, own];

  it("a method without the provider flag is not charged by card, even when it names a provider", () => {
    expect(cardRouteOf("cash", methods, all, "box-1")).toEqual({ kind: "none" });
    expect(cardRouteOf("odd", methods, all, "box-1")).toEqual({ kind: "none" });
  });

  it("an unknown method, or methods not loaded yet, is not charged by card", () => {
    expect(cardRouteOf("missing", methods, all, null)).toEqual({ kind: "none" });
    expect(cardRouteOf("card", undefined, all, null)).toEqual({ kind: "none" });
  });

  it("the flag without any usable provider is charged by hand ('No hay proveedor de tarjeta configurado')", () => {
    expect(cardRouteOf("card", methods, [], "box-1")).toEqual({ kind: "manual" });
    expect(cardRouteOf("card", methods, undefined, "box-1")).toEqual({ kind: "manual" });
    // inactive providers do not count, nor one of another cash box
    expect(cardRouteOf("card", methods, [provider("off", { is_default: true, is_active: false })], null)).toEqual({ kind: "manual" });
    expect(cardRouteOf("card", methods, [boxed], "box-2")).toEqual({ kind: "manual" });
    expect(cardRouteOf("card-own", methods, [provider("own", { is_active: false })], null)).toEqual({ kind: "manual" });
  });

  it("the method's own provider comes first, then the cash box's, then the default", () => {
    const route = (methodId: string, providers: CardProvider[], cashboxId: string | null | undefined) => {
      const r = cardRouteOf(methodId, methods, providers, cashboxId);
      return r.kind === "terminal" ? r.provider.id : r.kind;
    };
    expect(route("card-own", all, "box-1")).toBe("own");
    expect(route("card", all, "box-1")).toBe("boxed");
    expect(route("card", all, "box-2")).toBe("default");
    expect(route("card", all, null)).toBe("default");
    expect(route("card", all, undefined)).toBe("default");
    // the method's provider inactive: the cash box's, then the default
    const ownOff = provider("own", { is_active: false });
    expect(route("card-own", [fallback, boxed, ownOff], "box-1")).toBe("boxed");
    expect(route("card-own", [fallback, boxed, ownOff], null)).toBe("default");
    const r = cardRouteOf("card", methods, all, "box-1") as Extract<CardRoute, { kind: "terminal" }>;
    expect(r.provider).toBe(boxed);
  });
});

/** A card-service transaction as the simulator answers it, normalized. */
function serviceTx(more: Partial<CardServiceSimTransaction> = {}): CardTransaction {
  return serviceTransaction(
    {
      id: "txn_00000007",
      type: "sale",
      status: "approved",
      message: "Aprobada",
      response_code: "00",
      reference: "100000000007",
      authorization_code: "H55433",
      amount: "250.00",
      currency_code: "DOP",
      created_at: "2025-03-01T14:05:00-04:00",
      card_details: { masked_pan: "476173******0010", bin: "476173", card_holder_name: "CLIENTE DE PRUEBA", entry_mode: "07", card_type: "VISA" },
      metadata: { entry_mode: "07", cvm: "PIN", base_amount: "250.00", tip_amount: "0.00", emv_data: null },
      terminal_id: "CS-TERM-01",
      merchant_id: "MERCH-000987",
      batch_number: "000001",
      invoice_number: "P3F2A9C01B401",
      original_invoice_number: null,
      ...more,
    },
    "lastTransaction",
  );
}

/** A lane transaction as the simulator answers it, normalized. */
function laneTx(more: { [K in keyof LaneSimTransaction]?: LaneSimTransaction[K] | null } = {}): CardTransaction {
  return laneTransaction(
    {
      TransactionOverallStatus: "00",
      HostResponse: "APROBADA",
      TransactionReference: "100000000003",
      HostAuthorizationCode: "D23757",
      InvoiceNumber: "000003",
      Amount: "250.00",
      MaskedPAN: "476173******0010",
      RangeName: "VISA",
      EntryMode: "07",
      Date: "250301",
      Time: "140500",
      TerminalId: "TERM0001",
      MerchantId: "000000123456",
      BatchNumber: "000001",
      TransactionType: "SALE",
      ...more,
    },
    "lastTransaction",
  );
}

const serviceAttempt: CardAttempt = { providerId: "p1", amount: "250.00", currencyCode: "DOP", invoiceNumber: "P3F2A9C01B401" };

describe("recoveryDecision", () => {
  it("card service: this attempt approved is recovered, still pending waits, declined or cancelled charges again", () => {
    expect(recoveryDecision(serviceTx(), serviceAttempt)).toBe("recovered");
    expect(recoveryDecision(serviceTx({ status: "pending" as never }), serviceAttempt)).toBe("pending");
    expect(recoveryDecision(serviceTx({ status: "declined", authorization_code: null }), serviceAttempt)).toBe("charge");
    expect(recoveryDecision(serviceTx({ status: "cancelled" }), serviceAttempt)).toBe("charge");
  });

  it("a refund's attempt is recovered only by a refund: a sale with its number and amount is not it", () => {
    const refund: CardAttempt = { ...serviceAttempt, operation: "refund", invoiceNumber: "R3F2A9C01B401" };
    expect(recoveryDecision(serviceTx({ type: "return", invoice_number: "R3F2A9C01B401" }), refund)).toBe("recovered");
    expect(recoveryDecision(serviceTx({ type: "sale", invoice_number: "R3F2A9C01B401" }), refund)).toBe("charge");
  });

  it("card service: no last transaction, another invoice number, another amount or a refund is not this attempt: charge", () => {
    expect(recoveryDecision(null, serviceAttempt)).toBe("charge");
    expect(recoveryDecision(serviceTx({ invoice_number: "P3F2A9C01B402" }), serviceAttempt)).toBe("charge");
    expect(recoveryDecision(serviceTx({ amount: "249.99" }), serviceAttempt)).toBe("charge");
    expect(recoveryDecision(serviceTx({ type: "return" }), serviceAttempt)).toBe("charge");
  });

  it("lane: a new approved sale of the same amount since `previous` is recovered; the same one as before, or no `previous` read, charges", () => {
    const before = laneTx({ InvoiceNumber: "000002", TransactionReference: "100000000002", HostAuthorizationCode: "C15838", Time: "135900" });
    const after = laneTx();
    const attempt: CardAttempt = { ...serviceAttempt, previous: before };
    expect(recoveryDecision(after, attempt)).toBe("recovered");
    expect(recoveryDecision(before, attempt)).toBe("charge");
    expect(recoveryDecision(after, { ...serviceAttempt, previous: null })).toBe("recovered");
    expect(recoveryDecision(after, { ...serviceAttempt })).toBe("charge"); // previous never read: ask the cashier, never assume
    expect(recoveryDecision(laneTx({ TransactionOverallStatus: "05", HostResponse: "DENEGADA", HostAuthorizationCode: null }), attempt)).toBe("charge");
    expect(recoveryDecision(laneTx({ Amount: "100.00" }), attempt)).toBe("charge");
  });
});

describe("failureResult", () => {
  const attempt = serviceAttempt;
  const err = (kind: CardTerminalError["kind"], more: Partial<ConstructorParameters<typeof CardTerminalError>[0]> = {}) =>
    new CardTerminalError({ kind, operation: "sale", reason: `reason of ${kind}`, ...more });

  it("a sale the terminal may have carried out keeps the attempt unresolved; one it clearly did not drops it", () => {
    expect(failureResult(err("timeout", { outcomeUnknown: true }), attempt)).toEqual({ view: { state: "timeout" }, unresolved: attempt });
    expect(failureResult(err("timeout", { outcomeUnknown: false }), attempt)).toEqual({ view: { state: "timeout" }, unresolved: null });
    expect(failureResult(err("aborted", { outcomeUnknown: true }), attempt)).toEqual({ view: { state: "cancelled" }, unresolved: attempt });
    expect(failureResult(err("aborted"), attempt)).toEqual({ view: { state: "cancelled" }, unresolved: null });
  });

  it("unreachable is 'lost' when the request may have reached the terminal, 'unreachable' when it did not", () => {
    expect(failureResult(err("unreachable", { outcomeUnknown: true }), attempt)).toEqual({ view: { state: "error", code: "lost", detail: "reason of unreachable" }, unresolved: attempt });
    expect(failureResult(err("unreachable"), attempt)).toEqual({ view: { state: "error", code: "unreachable", detail: "reason of unreachable" }, unresolved: null });
  });

  it("http (with the provider's text when it sent one), garbage, invalid and not implemented each have their code", () => {
    expect(failureResult(err("http", { detail: "simulated terminal service failure", httpStatus: 500, reason: "HTTP error! status: 500", outcomeUnknown: true }), attempt)).toEqual({
      view: { state: "error", code: "http", detail: "HTTP error! status: 500 (simulated terminal service failure)" },
      unresolved: attempt,
    });
    expect(failureResult(err("http", { reason: "HTTP error! status: 404" }), attempt).view).toEqual({ state: "error", code: "http", detail: "HTTP error! status: 404" });
    expect(failureResult(err("garbage", { outcomeUnknown: true }), attempt)).toEqual({ view: { state: "error", code: "garbage", detail: "reason of garbage" }, unresolved: attempt });
    expect(failureResult(err("invalid"), attempt)).toEqual({ view: { state: "error", code: "invalid", detail: "reason of invalid" }, unresolved: null });
    expect(failureResult(new CardTerminalNotImplementedError("azul"), attempt)).toEqual({
      view: { state: "error", code: "notImplemented", detail: "Payment adapter not implemented: azul" },
      unresolved: null,
    });
    expect(failureResult(err("declined"), attempt)).toEqual({ view: { state: "error", code: "other", detail: "reason of declined" }, unresolved: null });
  });

  it("a failed read of the last transaction charged nothing by itself but keeps the earlier unknown attempt; cancelled while reading is 'cancelled'", () => {
    const read = (kind: CardTerminalError["kind"]) => new CardTerminalError({ kind, operation: "lastTransaction", reason: `read ${kind}` });
    expect(failureResult(read("unreachable"), attempt)).toEqual({ view: { state: "error", code: "lastTransaction", detail: "read unreachable" }, unresolved: attempt });
    expect(failureResult(read("timeout"), null)).toEqual({ view: { state: "error", code: "lastTransaction", detail: "read timeout" }, unresolved: null });
    expect(failureResult(read("aborted"), attempt)).toEqual({ view: { state: "cancelled" }, unresolved: attempt });
  });

  it("anything that is not a CardTerminalError is 'other' with its message, and the attempt stays unresolved", () => {
    expect(failureResult(new TypeError("Failed to fetch"), attempt)).toEqual({ view: { state: "error", code: "other", detail: "Failed to fetch" }, unresolved: attempt });
    expect(failureResult("boom", null)).toEqual({ view: { state: "error", code: "other", detail: "boom" }, unresolved: null });
  });
});

describe("rowsToCharge, nextCardSlot, hasApprovedCharge, hasCardWork", () => {
  const terminalA: CardRoute = { kind: "terminal", provider: provider("A") };
  const terminalB: CardRoute = { kind: "terminal", provider: provider("B") };
  const charge = (providerId: string, view: CardCharge["view"], slot = 1, unresolved: CardAttempt | null = null): CardCharge => ({ slot, providerId, view, unresolved });
  const approved = { state: "approved", transaction: serviceTx(), recovered: false } as const;

  it("charges the terminal rows not approved yet on their provider; manual and non-card rows never", () => {
    const rows = [{ key: 1 }, { key: 2 }, { key: 3 }, { key: 4 }, { key: 5 }, { key: 6 }];
    const routes: Record<number, CardRoute> = { 1: terminalA, 2: terminalA, 3: terminalA, 4: { kind: "manual" }, 5: { kind: "none" }, 6: terminalB };
    const charges: Record<number, CardCharge> = {
      1: charge("A", approved),
      2: charge("A", { state: "declined", reason: "Fondos insuficientes" }, 2),
      // approved on another terminal (the row's provider changed): this one still has to charge
      6: charge("A", approved, 3),
    };
    expect(rowsToCharge(rows, (r) => routes[r.key]!, charges).map((r) => r.key)).toEqual([2, 3, 6]);
    expect(rowsToCharge(rows, () => ({ kind: "none" }), charges)).toEqual([]);
  });

  it("the next slot follows the highest one used (1 for the first card row), so a removed row's number is never reused", () => {
    expect(nextCardSlot({})).toBe(1);
    expect(nextCardSlot({ 7: charge("A", { state: "idle" }, 1), 9: charge("A", { state: "timeout" }, 4) })).toBe(5);
  });

  it("card work survives the dialog closing only for an approval or an unknown outcome", () => {
    expect(hasCardWork({})).toBe(false);
    expect(hasCardWork({ 1: charge("A", { state: "declined", reason: null }), 2: charge("A", { state: "cancelled" }) })).toBe(false);
    expect(hasCardWork({ 1: charge("A", { state: "idle" }, 1, serviceAttempt) })).toBe(true);
    expect(hasCardWork({ 1: charge("A", { state: "timeout" }, 1, serviceAttempt) })).toBe(true);
    expect(hasCardWork({ 1: charge("A", approved) })).toBe(true);
    expect(hasApprovedCharge({ 1: charge("A", { state: "timeout" }, 1, serviceAttempt) })).toBe(false);
    expect(hasApprovedCharge({ 1: charge("A", { state: "declined", reason: null }), 2: charge("A", approved) })).toBe(true);
  });
});

describe("cardPaymentOf", () => {
  it("card service: keyed on the service's id, with the answer pos.checkout records", () => {
    const payment = cardPaymentOf("prov-1", serviceTx());
    expect(payment).toEqual({
      providerId: "prov-1",
      transactionId: "txn_00000007",
      reference: "100000000007",
      authorizationCode: "H55433",
      maskedPan: "476173******0010",
      entryMode: "07",
      cardType: "VISA",
      terminalId: "CS-TERM-01",
      merchantId: "MERCH-000987",
      batchNumber: "000001",
      // the number the sale was sent with: a refund to the card is made against it
      invoiceNumber: "P3F2A9C01B401",
    });
    expect(posCardPaymentInput.safeParse({ ...payment, providerId: crypto.randomUUID() }).success).toBe(true);
  });

  it("lane: keyed on the lane's invoice number; without one, on the reference, then the authorization", () => {
    expect(cardPaymentOf("p", laneTx())).toMatchObject({ transactionId: "000003", invoiceNumber: "000003" });
    expect(cardPaymentOf("p", laneTx({ InvoiceNumber: null })).transactionId).toBe("100000000003");
    expect(cardPaymentOf("p", laneTx({ InvoiceNumber: null, TransactionReference: null })).transactionId).toBe("D23757");
    expect(() => cardPaymentOf("p", { ...laneTx(), invoiceNumber: null, reference: null, authorizationCode: null })).toThrow(/without a key/);
  });

  it("cuts every field to the schema's limits and leaves out blank ones", () => {
    const long = (n: number) => "9".repeat(n);
    const tx: CardTransaction = {
      ...serviceTx(),
      id: long(140),
      reference: long(120),
      authorizationCode: `  ${long(60)}  `,
      maskedPan: long(40),
      entryMode: long(12),
      cardType: long(70),
      terminalId: "   ",
      merchantId: null,
      batchNumber: long(55),
      invoiceNumber: long(60),
    };
    const payment = cardPaymentOf("p", tx);
    expect(payment.transactionId).toHaveLength(100);
    expect(payment.reference).toHaveLength(100);
    expect(payment.authorizationCode).toHaveLength(50);
    expect(payment.maskedPan).toHaveLength(30);
    expect(payment.entryMode).toHaveLength(10);
    expect(payment.cardType).toHaveLength(50);
    expect(payment.batchNumber).toHaveLength(50);
    expect(payment.invoiceNumber).toHaveLength(50);
    expect("terminalId" in payment).toBe(false);
    expect("merchantId" in payment).toBe(false);
    expect(posCardPaymentInput.safeParse({ ...payment, providerId: crypto.randomUUID() }).success).toBe(true);
  });
});

describe("runCardCharge against the simulators", () => {
  let lane: CardSimHandle<LaneSimTransaction & { voided: boolean }>;
  let service: CardSimHandle<CardServiceSimTransaction>;

  beforeAll(async () => {
    lane = await startCardLane({ port: 0 });
    service = await startCardService({ port: 0 });
  });
  afterAll(async () => {
    await Promise.all([lane.close(), service.close()]);
  });
  beforeEach(() => {
    lane.reset();
    service.reset();
  });

  const request = (invoiceNumber = cardInvoiceNumber(KEY, 1), unresolved: CardAttempt | null = null) => ({ providerId: "prov-1", amount: "250.00", currencyCode: "DOP", invoiceNumber, unresolved });
  const transactions = async (sim: { url: string }) => (await (await fetch(`${sim.url}__transactions`)).json()) as unknown[];

  it("card service approves: the transaction with its card, no attempt left, one charge; the phase goes straight to charging", async () => {
    const phases: string[] = [];
    const result = await runCardCharge(new LocalCardService(service.url), request(), { onPhase: (p) => phases.push(p) });
    expect(result.unresolved).toBeNull();
    expect(result.view).toMatchObject({ state: "approved", recovered: false, transaction: { status: "approved", amount: "250.00", invoiceNumber: "P3F2A9C01B401", maskedPan: "476173******0010" } });
    expect(phases).toEqual(["charging"]);
    expect(await transactions(service)).toHaveLength(1);
  });

  it("lane approves after reading its last transaction first (checking, then charging)", async () => {
    const phases: string[] = [];
    const result = await runCardCharge(new LaneTerminal(lane.url), request(), { onPhase: (p) => phases.push(p) });
    expect(result).toMatchObject({ view: { state: "approved", recovered: false, transaction: { kind: "lane", amount: "250.00", authorizationCode: expect.any(String) } }, unresolved: null });
    expect(phases).toEqual(["checking", "charging"]);
  });

  it("declined: the terminal's text, nothing left to resolve (a retry charges anew)", async () => {
    service.setMode("decline", { count: 1 });
    expect(await runCardCharge(new LocalCardService(service.url), request())).toEqual({ view: { state: "declined", reason: "Fondos insuficientes" }, unresolved: null });
    lane.setMode("decline", { count: 1 });
    expect(await runCardCharge(new LaneTerminal(lane.url), request())).toEqual({ view: { state: "declined", reason: "DENEGADA" }, unresolved: null });
  });

  for (const kind of ["lane", "card_service"] as const) {
    it(`${kind}: answer lost, then the next charge with the unresolved attempt is 'recovered' from the last transaction and the terminal charged exactly once`, async () => {
      const sim = kind === "lane" ? lane : service;
      const terminal = kind === "lane" ? new LaneTerminal(lane.url) : new LocalCardService(service.url);
      sim.setMode("lost", { count: 1 });
      const lost = await runCardCharge(terminal, request());
      expect(lost.view).toMatchObject({ state: "error", code: "lost" });
      expect(lost.unresolved).toMatchObject({ providerId: "prov-1", amount: "250.00", invoiceNumber: "P3F2A9C01B401" });
      if (kind === "lane") expect(lost.unresolved?.previous).toBeNull(); // the lane was empty before the sale
      expect(await transactions(sim)).toHaveLength(1);

      const phases: string[] = [];
      const again = await runCardCharge(terminal, request(undefined, lost.unresolved), { onPhase: (p) => phases.push(p) });
      expect(again.unresolved).toBeNull();
      expect(again.view).toMatchObject({ state: "approved", recovered: true, transaction: { status: "approved", amount: "250.00" } });
      expect(phases).toEqual(["checking"]);
      expect(await transactions(sim)).toHaveLength(1);
    });
  }

  it("an unresolved attempt that never reached the terminal (error mode: nothing done) charges once on the retry", async () => {
    lane.setMode("error", { count: 1 });
    const failed = await runCardCharge(new LaneTerminal(lane.url), request());
    expect(failed.view).toMatchObject({ state: "error", code: "http" });
    expect(await transactions(lane)).toHaveLength(0);
    const again = await runCardCharge(new LaneTerminal(lane.url), request(undefined, failed.unresolved));
    expect(again.view).toMatchObject({ state: "approved", recovered: false });
    expect(await transactions(lane)).toHaveLength(1);
  });

  it("an unresolved attempt of another terminal is not looked up on this one", async () => {
    const other: CardAttempt = { providerId: "prov-2", amount: "250.00", currencyCode: "DOP", invoiceNumber: "P3F2A9C01B401" };
    const phases: string[] = [];
    const result = await runCardCharge(new LocalCardService(service.url), request(undefined, other), { onPhase: (p) => phases.push(p) });
    expect(result.view).toMatchObject({ state: "approved", recovered: false });
    expect(phases).toEqual(["charging"]);
  });

  it("timeout mode with the cashier's AbortSignal: 'cancelled', the attempt kept unresolved", async () => {
    service.setMode("timeout", { count: 1 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 150);
    const started = Date.now();
    const result = await runCardCharge(new LocalCardService(service.url), request(), { signal: controller.signal });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(result.view).toEqual({ state: "cancelled" });
    expect(result.unresolved).toMatchObject({ invoiceNumber: "P3F2A9C01B401", amount: "250.00" });
  });

  it("timeout mode with the terminal's own timeout: 'timeout', the attempt kept unresolved; the retry finds nothing charged and charges once", async () => {
    lane.setMode("timeout", { count: 1 });
    const terminal = new LaneTerminal(lane.url, { timeoutMs: { sale: 200 } });
    const result = await runCardCharge(terminal, request());
    expect(result.view).toEqual({ state: "timeout" });
    expect(result.unresolved).toMatchObject({ amount: "250.00", previous: null });
    const again = await runCardCharge(terminal, request(undefined, result.unresolved));
    expect(again.view).toMatchObject({ state: "approved", recovered: false });
    expect(await transactions(lane)).toHaveLength(1);
  });

  it("cancelled while reading the lane's last transaction before the sale: 'cancelled' and nothing charged", async () => {
    lane.setMode("timeout", { operations: ["last"] });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const result = await runCardCharge(new LaneTerminal(lane.url), request(), { signal: controller.signal });
    expect(result).toEqual({ view: { state: "cancelled" }, unresolved: null });
    expect(await transactions(lane)).toHaveLength(0);
  });

  it("a lane whose last transaction cannot be read is not charged ('No se pudo obtener la última transacción')", async () => {
    lane.setMode("error", { operations: ["last"] });
    const result = await runCardCharge(new LaneTerminal(lane.url), request());
    expect(result.view).toMatchObject({ state: "error", code: "lastTransaction" });
    expect(result.unresolved).toBeNull();
    expect(await transactions(lane)).toHaveLength(0);
  });

  it("a refund to the card: the card service's return against the original sale; lost, it is recovered from the last transaction and returned once", async () => {
    const terminal = new LocalCardService(service.url);
    const sold = await runCardCharge(terminal, request());
    expect(sold.view).toMatchObject({ state: "approved" });
    const refund = { ...request(cardInvoiceNumber(KEY, 1, "R")), operation: "refund" as const, originalInvoiceNumber: cardInvoiceNumber(KEY, 1), amount: "100.00" };
    service.setMode("lost", { count: 1, operations: ["refund"] });
    const lost = await runCardCharge(terminal, refund);
    expect(lost.view).toMatchObject({ state: "error", code: "lost" });
    expect(lost.unresolved).toMatchObject({ operation: "refund", invoiceNumber: "R3F2A9C01B401", amount: "100.00" });
    const again = await runCardCharge(terminal, { ...refund, unresolved: lost.unresolved });
    expect(again).toMatchObject({ view: { state: "approved", recovered: true, transaction: { type: "refund", amount: "100.00", originalInvoiceNumber: "P3F2A9C01B401" } }, unresolved: null });
    const all = (await transactions(service)) as { type: string }[];
    expect(all.map((t) => t.type)).toEqual(["sale", "return"]);
  });

  it("garbage and an unreachable terminal never reject: each is an error view", async () => {
    service.setMode("garbage", { count: 1 });
    expect((await runCardCharge(new LocalCardService(service.url), request())).view).toMatchObject({ state: "error", code: "garbage" });
    const down = await runCardCharge(new LocalCardService(`http://127.0.0.1:${await closedPort()}/`), request());
    expect(down.view).toMatchObject({ state: "error", code: "unreachable" });
    expect(down.unresolved).toBeNull();
  });
});
