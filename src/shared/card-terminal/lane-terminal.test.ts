import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type CardSimHandle, type LaneSimTransaction, startCardLane } from "../../../tools/card-lane";
import { CardTerminalError, createCardTerminal, entryModeLabel, formatCardDateTime, LaneTerminal, matchesSaleAttempt, requireSuccess } from "./index";
import { closedPort, recordingFetch, rejection, since } from "./test-helpers";

let lane: CardSimHandle<LaneSimTransaction & { voided: boolean }>;
let terminal: LaneTerminal;

beforeAll(async () => {
  lane = await startCardLane({ port: 0 });
});
afterAll(async () => {
  await lane.close();
});
beforeEach(() => {
  lane.reset();
  terminal = new LaneTerminal(lane.url);
});

describe("lane adapter against the lane simulator", () => {
  it("approves a sale: GET api/transaction/lane/sale/595.00 and every field of the panel's variant 1", async () => {
    const rec = recordingFetch();
    const t = new LaneTerminal(lane.url.replace(/\/$/, ""), { fetch: rec.fetch });
    const started = Date.now();
    const tx = await t.sale({ amount: "595.00", invoiceNumber: "FAC-000042" });

    expect(rec.calls).toEqual([{ url: `${lane.url}api/transaction/lane/sale/595.00`, method: "GET", body: undefined }]);
    expect(tx).toMatchObject({
      kind: "lane",
      status: "approved",
      type: "sale",
      message: "APROBADA",
      responseCode: "00",
      id: null,
      reference: "100000000001",
      authorizationCode: "B07919",
      invoiceNumber: "000001",
      amount: "595.00",
      currencyCode: "DOP",
      maskedPan: "476173******0010",
      cardType: "VISA",
      entryMode: "07",
      terminalId: "TERM0001",
      merchantId: "000000123456",
      batchNumber: "000001",
      emv: null,
    });
    expect(entryModeLabel(tx.entryMode)).toBe("Chip");
    expect(tx.receiptText).toContain("MONTO: RD$595.00");
    expect(tx.receiptText).toContain("APROBADA");
    // the raw lane fields variant 1 may show as they came
    expect(tx.raw).toMatchObject({ TransactionOverallStatus: "00", HostResponse: "APROBADA", HostAuthorizationCode: "B07919", Amount: "595.00", EntryMode: "07" });
    expect(tx.raw.Date).toMatch(/^\d{6}$/);
    expect(tx.rawDateTime).toBe(`${tx.raw.Date} ${tx.raw.Time}`);
    // Date/Time are the shop's clock (UTC−4): the ISO instant is now
    expect(tx.dateTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-04:00$/);
    expect(Math.abs(Date.parse(tx.dateTime!) - started)).toBeLessThan(5_000);
    expect(formatCardDateTime(tx)).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(requireSuccess("sale", tx)).toBe(tx);
    expect(lane.transactions()).toHaveLength(1);
  });

  it("sends amounts as pesos with 2 decimals in the path (a number, grouping commas)", async () => {
    const rec = recordingFetch();
    const t = new LaneTerminal(lane.url, { fetch: rec.fetch });
    expect((await t.sale({ amount: 1250.5, invoiceNumber: "F-1" })).amount).toBe("1250.50");
    expect((await t.refund({ amount: "1,000" })).amount).toBe("1000.00");
    expect(rec.calls.map((c) => c.url.slice(lane.url.length))).toEqual(["api/transaction/lane/sale/1250.50", "api/transaction/lane/return/1000.00"]);
  });

  it("a declined sale answers status declined with HostResponse, no authorization; requireSuccess says 'Transaction declined'", async () => {
    lane.setMode("decline");
    const tx = await terminal.sale({ amount: "100.00", invoiceNumber: "F-2" });
    expect(tx).toMatchObject({ status: "declined", message: "DENEGADA", responseCode: "05", authorizationCode: null, amount: "100.00" });
    const error = await rejection((async () => requireSuccess("sale", tx))());
    expect(error).toMatchObject({ kind: "declined", operation: "sale", reason: "DENEGADA", message: "Transaction declined: DENEGADA", outcomeUnknown: false });
    expect(error.transaction).toBe(tx);
    // the declined one is the last transaction, and it cannot be voided
    const last = await terminal.lastTransaction();
    expect(last).toMatchObject({ status: "declined", invoiceNumber: tx.invoiceNumber });
    expect(await rejection(terminal.void(last!))).toMatchObject({ kind: "invalid", operation: "void", message: "Void transaction failed: Only an approved transaction can be voided (this one is declined)" });
  });

  it("times out with a short timeoutMs (mode timeout never answers); nothing was charged", async () => {
    lane.setMode("timeout");
    const t = new LaneTerminal(lane.url, { timeoutMs: { sale: 300 } });
    const start = Date.now();
    const error = await rejection(t.sale({ amount: "50.00", invoiceNumber: "F-3" }));
    expect(since(start)).toBeGreaterThanOrEqual(290);
    expect(since(start)).toBeLessThan(3_000);
    expect(error).toMatchObject({ kind: "timeout", operation: "sale", outcomeUnknown: true });
    expect(error.message).toBe("Payment processing failed: No answer from the card terminal within 0.3 s");
    expect(lane.transactions()).toEqual([]);
    expect(await terminal.lastTransaction()).toBeNull();
  });

  it("waits for a slow terminal within the timeout, and gives up past it", async () => {
    lane.setMode("slow", { delayMs: 400 });
    const start = Date.now();
    const tx = await terminal.sale({ amount: "75.25", invoiceNumber: "F-4" });
    expect(since(start)).toBeGreaterThanOrEqual(390);
    expect(tx).toMatchObject({ status: "approved", amount: "75.25" });
    const error = await rejection(terminal.sale({ amount: "80.00", invoiceNumber: "F-5" }, { timeoutMs: 100 }));
    expect(error).toMatchObject({ kind: "timeout", outcomeUnknown: true });
    // the terminal finished that sale after the client gave up: the last transaction shows it
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(await terminal.lastTransaction()).toMatchObject({ status: "approved", amount: "80.00" });
  });

  it("answer lost: the sale is charged but the connection drops; lastTransaction finds it and matchesSaleAttempt binds it", async () => {
    await terminal.sale({ amount: "10.00", invoiceNumber: "F-6" });
    const previous = await terminal.lastTransaction();
    lane.setMode("lost", { count: 1 });
    const error = await rejection(terminal.sale({ amount: "595.00", invoiceNumber: "F-7" }));
    expect(error).toMatchObject({ kind: "unreachable", operation: "sale", outcomeUnknown: true });
    expect(error.message).toBe("Payment processing failed: The connection to the card terminal service failed or was lost before its answer");
    expect(lane.control().mode).toBe("approve");

    const last = await terminal.lastTransaction();
    expect(last).toMatchObject({ status: "approved", amount: "595.00", invoiceNumber: "000002", type: "sale" });
    expect(matchesSaleAttempt(last, { amount: "595.00", invoiceNumber: "F-7", previous })).toBe(true);
    // not the answer: the one before, another amount, or no snapshot to compare with
    expect(matchesSaleAttempt(previous, { amount: "10.00", invoiceNumber: "F-7", previous })).toBe(false);
    expect(matchesSaleAttempt(last, { amount: "595.01", invoiceNumber: "F-7", previous })).toBe(false);
    expect(matchesSaleAttempt(last, { amount: "595.00", invoiceNumber: "F-7" })).toBe(false);
    expect(lane.transactions().filter((t) => t.Amount === "595.00")).toHaveLength(1);
  });

  it("garbage (not JSON) and a partial answer are errors, never half results", async () => {
    lane.setMode("garbage");
    const garbage = await rejection(terminal.sale({ amount: "20.00", invoiceNumber: "F-8" }));
    expect(garbage).toMatchObject({ kind: "garbage", operation: "sale", outcomeUnknown: true });
    expect(garbage.message).toMatch(/^Payment processing failed: The card terminal service answered something that is not JSON: '<html>/);
    expect(lane.transactions()).toEqual([]);

    lane.setMode("partial");
    const partial = await rejection(terminal.sale({ amount: "20.00", invoiceNumber: "F-9" }));
    expect(partial).toMatchObject({ kind: "garbage", message: "Payment processing failed: Unexpected answer from the card terminal service: Amount is missing" });
    // the partial answer's sale was carried out: the last transaction shows it
    lane.setMode("approve");
    expect(await terminal.lastTransaction()).toMatchObject({ status: "approved", amount: "20.00" });
  });

  it("refuses answers of the wrong shape or for another amount", async () => {
    const answering = (body: unknown): typeof fetch => async () => new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
    const t = (body: unknown) => new LaneTerminal(lane.url, { fetch: answering(body) });
    const approved = { TransactionOverallStatus: "00", HostResponse: "APROBADA", HostAuthorizationCode: "A1", Amount: "595.00" };
    expect(await rejection(t([approved]).sale({ amount: "595.00", invoiceNumber: "F" }))).toMatchObject({ kind: "garbage", reason: "Unexpected answer from the card terminal service: not a JSON object" });
    expect((await rejection(t({ HostResponse: "APROBADA" }).sale({ amount: "595.00", invoiceNumber: "F" }))).reason).toMatch(/TransactionOverallStatus is missing/);
    expect((await rejection(t({ ...approved, HostAuthorizationCode: null }).sale({ amount: "595.00", invoiceNumber: "F" }))).reason).toMatch(/HostAuthorizationCode and TransactionReference are missing/);
    expect((await rejection(t({ ...approved, Amount: "5x" }).sale({ amount: "595.00", invoiceNumber: "F" }))).reason).toMatch(/Amount is not an amount/);
    expect((await rejection(t({ ...approved, MaskedPAN: { a: 1 } }).sale({ amount: "595.00", invoiceNumber: "F" }))).reason).toMatch(/MaskedPAN is not text/);
    const other = await rejection(t({ ...approved, Amount: "59.50" }).sale({ amount: "595.00", invoiceNumber: "F" }));
    expect(other).toMatchObject({ kind: "garbage", outcomeUnknown: true, reason: "Unexpected answer from the card terminal service: approved 59.50 instead of 595.00" });
    expect(other.transaction).toMatchObject({ status: "approved", amount: "59.50" });
    // a number as amount and one-digit status are read; an empty object from getlast is none
    expect(await t({ ...approved, Amount: 595, TransactionOverallStatus: 0 }).sale({ amount: "595", invoiceNumber: "F" })).toMatchObject({ status: "approved", amount: "595.00", responseCode: "00" });
    expect(await t({}).lastTransaction()).toBeNull();
  });

  it("an unreachable service is 'unreachable' and nothing was sent (connection refused)", async () => {
    const t = new LaneTerminal(`http://127.0.0.1:${await closedPort()}/`);
    const error = await rejection(t.sale({ amount: "10.00", invoiceNumber: "F-10" }));
    expect(error).toMatchObject({ kind: "unreachable", operation: "sale", outcomeUnknown: false });
    expect(error.message).toBe("Payment processing failed: Could not connect to the card terminal service (ECONNREFUSED)");
    expect(await t.health()).toMatchObject({ healthy: false, errorKind: "unreachable" });
  });

  it("a non-OK HTTP answer is 'HTTP error! status: {code}' with the operation's message", async () => {
    lane.setMode("error", { operations: "all" });
    const sale = await rejection(terminal.sale({ amount: "10.00", invoiceNumber: "F-11" }));
    expect(sale).toMatchObject({ kind: "http", httpStatus: 500, reason: "HTTP error! status: 500", message: "Payment processing failed: HTTP error! status: 500", outcomeUnknown: true });
    expect(sale.detail).toBe("simulated terminal service failure");
    expect((await rejection(terminal.void({ invoiceNumber: "000001" }))).message).toBe("Void transaction failed: HTTP error! status: 500");
    expect((await rejection(terminal.refund({ amount: "5" }))).message).toBe("Refund failed: HTTP error! status: 500");
    expect((await rejection(terminal.lastTransaction())).message).toBe("Could not get the last transaction: HTTP error! status: 500");
    expect((await rejection(terminal.batchClose())).message).toBe("Batch close failed: HTTP error! status: 500");
    expect(await terminal.health()).toMatchObject({ healthy: false, errorKind: "http", message: "Health check failed: HTTP error! status: 500" });
    // a path the lane does not have
    const t = new LaneTerminal(`${lane.url}nowhere/`);
    expect((await rejection(t.lastTransaction())).reason).toBe("HTTP error! status: 404");
  });

  it("voids only an approved transaction, by its InvoiceNumber (or authorization code); the last transaction then says ANULADA", async () => {
    const rec = recordingFetch();
    const t = new LaneTerminal(lane.url, { fetch: rec.fetch });
    const sale = await t.sale({ amount: "300.00", invoiceNumber: "F-12" });
    const voided = await t.void(sale);
    expect(rec.calls[1]!.url).toBe(`${lane.url}api/transaction/lane/void/000001`);
    expect(voided).toMatchObject({ status: "cancelled", responseCode: "00", message: "ANULADA", invoiceNumber: "000001", amount: "300.00" });
    expect(requireSuccess("void", voided)).toBe(voided);
    const last = await t.lastTransaction();
    expect(last).toMatchObject({ status: "cancelled", message: "ANULADA", invoiceNumber: "000001" });
    // the panel offers no void now; asking anyway is refused before any call
    const calls = rec.calls.length;
    expect((await rejection(t.void(last!))).kind).toBe("invalid");
    expect(rec.calls).toHaveLength(calls);
    // the lane itself refuses a second void with its HostResponse
    const again = await t.void({ invoiceNumber: "000001" });
    expect(again).toMatchObject({ status: "declined", responseCode: "12", message: "TRANSACCION YA ANULADA" });
    expect(() => requireSuccess("void", again)).toThrow("Void transaction failed: TRANSACCION YA ANULADA");

    const second = await t.sale({ amount: "40.00", invoiceNumber: "F-13" });
    expect(await t.void({ authorizationCode: second.authorizationCode })).toMatchObject({ status: "cancelled", invoiceNumber: second.invoiceNumber });
    expect(rec.calls.at(-1)!.url).toBe(`${lane.url}api/transaction/lane/void/${second.authorizationCode}`);
    expect(await t.void({ invoiceNumber: "999999" })).toMatchObject({ status: "declined", message: "TRANSACCION NO ENCONTRADA" });
    expect((await rejection(t.void({}))).reason).toBe("An invoice number or an authorization code is required to void a transaction");

    const third = await t.sale({ amount: "41.00", invoiceNumber: "F-14" });
    lane.setMode("decline");
    expect(await t.void(third)).toMatchObject({ status: "declined", message: "ANULACION DENEGADA" });
    expect(lane.transactions().map((x) => [x.InvoiceNumber, x.voided])).toEqual([
      ["000001", true],
      ["000002", true],
      ["000003", false],
    ]);
  });

  it("refunds (the spec's return) and closes the batch with its totals", async () => {
    await terminal.sale({ amount: "595.00", invoiceNumber: "F-15" });
    const s2 = await terminal.sale({ amount: "100.50", invoiceNumber: "F-16" });
    await terminal.sale({ amount: "0.99", invoiceNumber: "F-17" });
    await terminal.void(s2);
    const refund = await terminal.refund({ amount: "95.00", originalInvoiceNumber: "F-15" });
    expect(refund).toMatchObject({ status: "approved", type: "refund", amount: "95.00", invoiceNumber: "000004" });
    expect(refund.receiptText).toContain("DEVOLUCION");
    lane.setMode("decline", { operations: ["sale"] });
    await terminal.sale({ amount: "7.00", invoiceNumber: "F-18" });

    const totals = await terminal.batchClose();
    expect(totals).toMatchObject({
      kind: "lane",
      status: "approved",
      message: "CIERRE APROBADO",
      batchNumber: "000001",
      terminalId: "TERM0001",
      salesCount: 2,
      salesAmount: "595.99",
      refundsCount: 1,
      refundsAmount: "95.00",
      voidsCount: 1,
      voidsAmount: "100.50",
      netAmount: "500.99",
    });
    expect(totals.closedAt).toMatch(/-04:00$/);
    expect(totals.receiptText).toContain("CIERRE DE LOTE 000001");
    // a new batch: empty totals, and the closed batch's sales can no longer be voided
    expect(await terminal.batchClose()).toMatchObject({ batchNumber: "000002", salesCount: 0, salesAmount: "0.00", netAmount: "0.00" });
    expect(await terminal.void({ invoiceNumber: "000001" })).toMatchObject({ status: "declined", message: "TRANSACCION NO ENCONTRADA" });
    lane.setMode("decline", { operations: ["batchClose"] });
    expect(await terminal.batchClose()).toMatchObject({ status: "declined", message: "CIERRE RECHAZADO", salesCount: 0 });
  });

  it("health: healthy when the lane is ONLINE, not when it says OFFLINE, times out or is down", async () => {
    expect(await terminal.health()).toMatchObject({ kind: "lane", healthy: true, message: "ONLINE", errorKind: null, terminalId: "TERM0001", merchantId: "000000123456" });
    lane.setMode("decline", { operations: ["health"] });
    expect(await terminal.health()).toMatchObject({ healthy: false, message: "OFFLINE", errorKind: null });
    lane.setMode("timeout", { operations: ["health"] });
    const start = Date.now();
    expect(await new LaneTerminal(lane.url, { timeoutMs: { health: 200 } }).health()).toMatchObject({ healthy: false, errorKind: "timeout" });
    expect(since(start)).toBeLessThan(2_000);
    lane.setMode("garbage", { operations: ["health"] });
    expect(await terminal.health()).toMatchObject({ healthy: false, errorKind: "garbage" });
  });

  it("refuses bad amounts and a foreign currency before calling the lane", async () => {
    const rec = recordingFetch();
    const t = new LaneTerminal(lane.url, { fetch: rec.fetch });
    for (const amount of [0, "0.00", -5, "-5", Number.NaN, "abc", Number.POSITIVE_INFINITY, "", "1.005", "1e3", "9999999999999"] as Array<string | number>) {
      const error = await rejection(t.sale({ amount, invoiceNumber: "F-19" }));
      expect(error).toMatchObject({ kind: "invalid", operation: "sale", outcomeUnknown: false });
      expect(error.message).toMatch(/^Payment processing failed: Amount must be greater than 0 \(/);
      expect((await rejection(t.refund({ amount }))).message).toMatch(/^Refund failed: Amount must be greater than 0/);
    }
    expect((await rejection(t.sale({ amount: "10", invoiceNumber: "F", currencyCode: "USD" }))).reason).toBe("The card lane charges pesos only (DOP), not USD");
    expect((await rejection(t.sale({ amount: "10", invoiceNumber: " " }))).reason).toBe("invoiceNumber is required");
    expect(rec.calls).toEqual([]);
    expect(lane.transactions()).toEqual([]);
  });

  it("the cashier's cancel aborts the wait (kind 'aborted'; the outcome is unknown)", async () => {
    lane.setMode("timeout");
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await rejection(terminal.sale({ amount: "10.00", invoiceNumber: "F-20" }, { signal: controller.signal }));
    expect(error).toMatchObject({ kind: "aborted", outcomeUnknown: true, message: "Payment processing failed: Cancelled while waiting for the card terminal" });
  });

  it("a mode chosen per request (header x-card-sim-mode) applies to that request only", async () => {
    const declining = new LaneTerminal(lane.url, { fetch: recordingFetch({ "x-card-sim-mode": "decline" }).fetch });
    expect((await declining.sale({ amount: "12.00", invoiceNumber: "F-21" })).status).toBe("declined");
    expect((await terminal.sale({ amount: "12.00", invoiceNumber: "F-22" })).status).toBe("approved");
    const query = await (await fetch(`${lane.url}api/transaction/lane/sale/13.00?mode=decline`)).json();
    expect(query).toMatchObject({ TransactionOverallStatus: "05", HostResponse: "DENEGADA", Amount: "13.00" });
  });

  it("createCardTerminal builds the lane with its default address", () => {
    const t = createCardTerminal("lane", "");
    expect(t).toBeInstanceOf(LaneTerminal);
    expect(t.apiUrl).toBe("http://localhost:5000/");
    expect(createCardTerminal("lane", "http://10.0.0.5:5000/lane?x=1").apiUrl).toBe("http://10.0.0.5:5000/lane/");
    expect(() => createCardTerminal("lane", "ftp://x")).toThrow(CardTerminalError);
  });
});
