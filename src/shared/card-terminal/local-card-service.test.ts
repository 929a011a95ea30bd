import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CardSimHandle } from "../../../tools/card-lane";
import { type CardServiceSimTransaction, startCardService } from "../../../tools/card-service";
import { cardStatusLabel, createCardTerminal, entryModeLabel, formatCardDateTime, LocalCardService, matchesSaleAttempt, requireSuccess } from "./index";
import { closedPort, recordingFetch, rejection, since } from "./test-helpers";

let sim: CardSimHandle<CardServiceSimTransaction>;
let service: LocalCardService;

beforeAll(async () => {
  sim = await startCardService({ port: 0 });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => {
  sim.reset();
  service = new LocalCardService(sim.url);
});

describe("local card service adapter against the card-service simulator", () => {
  it("approves a sale: POST api/pos/sale with the spec's body, and every field of the panel's variant 2", async () => {
    const rec = recordingFetch();
    const t = new LocalCardService(sim.url, { fetch: rec.fetch });
    const started = Date.now();
    const tx = await t.sale({ amount: "595.00", invoiceNumber: "FAC-000042" });

    expect(rec.calls).toEqual([
      {
        url: `${sim.url}api/pos/sale`,
        method: "POST",
        body: { amount: "595.00", invoiceNumber: "FAC-000042", currencyCode: "DOP", installments: 1, plan: null, originalInvoiceNumber: null },
      },
    ]);
    expect(tx).toMatchObject({
      kind: "card_service",
      status: "approved",
      type: "sale",
      message: "Aprobada",
      responseCode: "00",
      id: "txn_00000001",
      reference: "100000000001",
      authorizationCode: "B07919",
      invoiceNumber: "FAC-000042",
      originalInvoiceNumber: null,
      amount: "595.00",
      baseAmount: "595.00",
      tipAmount: "0.00",
      currencyCode: "DOP",
      maskedPan: "476173******0010",
      bin: "476173",
      cardHolderName: "CLIENTE DE PRUEBA",
      cardType: "VISA",
      entryMode: "07",
      cvm: "PIN",
      terminalId: "CS-TERM-01",
      merchantId: "MERCH-000987",
      batchNumber: "000001",
      emv: { aid: "A0000000031010", tvr: "0000008000", tsi: "E800" },
    });
    expect(cardStatusLabel(tx.status)).toBe("Aprobada");
    expect(entryModeLabel(tx.entryMode)).toBe("Chip");
    expect(tx.raw.card_details).toMatchObject({ masked_pan: "476173******0010", entry_mode: "07" });
    expect(tx.rawDateTime).toBe(tx.raw.created_at);
    expect(Math.abs(Date.parse(tx.dateTime!) - started)).toBeLessThan(5_000);
    expect(formatCardDateTime(tx)).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(tx.receiptText).toContain("FACTURA: FAC-000042");
  });

  it("a second sale for the same invoice number answers the first one: never a second charge", async () => {
    const first = await service.sale({ amount: "100.00", invoiceNumber: "FAC-1" });
    const again = await service.sale({ amount: "100.00", invoiceNumber: "FAC-1" });
    expect(again.id).toBe(first.id);
    expect(sim.transactions()).toHaveLength(1);
  });

  it("takes another currency, installments and a plan", async () => {
    const rec = recordingFetch();
    const t = new LocalCardService(sim.url, { fetch: rec.fetch });
    const tx = await t.sale({ amount: 25, invoiceNumber: "FAC-2", currencyCode: "usd", installments: 3, plan: "P3" });
    expect(rec.calls[0]!.body).toEqual({ amount: "25.00", invoiceNumber: "FAC-2", currencyCode: "USD", installments: 3, plan: "P3", originalInvoiceNumber: null });
    expect(tx).toMatchObject({ status: "approved", currencyCode: "USD", amount: "25.00" });
    expect(sim.transactions()[0]).toMatchObject({ installments: 3, plan: "P3" });
    expect((await rejection(t.sale({ amount: 25, invoiceNumber: "F", installments: 0 }))).kind).toBe("invalid");
    expect((await rejection(t.sale({ amount: 25, invoiceNumber: "F", currencyCode: "PESOS" }))).kind).toBe("invalid");
  });

  it("a declined sale answers status declined with the processor's text; requireSuccess says 'Transaction declined'", async () => {
    sim.setMode("decline");
    const tx = await service.sale({ amount: "100.00", invoiceNumber: "FAC-3" });
    expect(tx).toMatchObject({ status: "declined", message: "Fondos insuficientes", responseCode: "51", authorizationCode: null });
    expect(cardStatusLabel(tx.status)).toBe("Rechazada");
    expect(() => requireSuccess("sale", tx)).toThrow("Transaction declined: Fondos insuficientes");
    // a later approved sale for the same invoice is a new transaction (the declined one charged nothing)
    sim.setMode("approve");
    expect(await service.sale({ amount: "100.00", invoiceNumber: "FAC-3" })).toMatchObject({ status: "approved", id: "txn_00000002" });
  });

  it("times out with a short timeoutMs; nothing was charged", async () => {
    sim.setMode("timeout");
    const t = new LocalCardService(sim.url, { timeoutMs: 250 });
    const start = Date.now();
    const error = await rejection(t.sale({ amount: "50.00", invoiceNumber: "FAC-4" }));
    expect(since(start)).toBeLessThan(3_000);
    expect(error).toMatchObject({ kind: "timeout", operation: "sale", outcomeUnknown: true, message: "Payment processing failed: No answer from the card terminal within 0.3 s" });
    expect(sim.transactions()).toEqual([]);
    expect(await service.lastTransaction()).toBeNull();
  });

  it("waits for a slow service within the timeout", async () => {
    sim.setMode("slow", { delayMs: 300 });
    const start = Date.now();
    expect(await service.sale({ amount: "10.00", invoiceNumber: "FAC-5" })).toMatchObject({ status: "approved" });
    expect(since(start)).toBeGreaterThanOrEqual(290);
    expect((await rejection(service.refund({ amount: "1.00" }, { timeoutMs: 50 }))).kind).toBe("timeout");
  });

  it("answer lost: the sale is charged, the connection drops; the last transaction finds it by invoice number, and a retry charges nothing more", async () => {
    sim.setMode("lost", { count: 1 });
    const error = await rejection(service.sale({ amount: "595.00", invoiceNumber: "FAC-6" }));
    expect(error).toMatchObject({ kind: "unreachable", outcomeUnknown: true });
    const last = await service.lastTransaction();
    expect(last).toMatchObject({ status: "approved", invoiceNumber: "FAC-6", amount: "595.00" });
    expect(matchesSaleAttempt(last, { amount: "595.00", invoiceNumber: "FAC-6" })).toBe(true);
    expect(matchesSaleAttempt(last, { amount: "595.00", invoiceNumber: "FAC-7" })).toBe(false);
    // even a retry with the same invoice number is the same sale
    expect((await service.sale({ amount: "595.00", invoiceNumber: "FAC-6" })).id).toBe(last!.id);
    expect(sim.transactions()).toHaveLength(1);
  });

  it("garbage (not JSON) and a partial answer are errors, never half results", async () => {
    sim.setMode("garbage");
    expect(await rejection(service.sale({ amount: "20.00", invoiceNumber: "FAC-8" }))).toMatchObject({ kind: "garbage", outcomeUnknown: true });
    sim.setMode("partial");
    const partial = await rejection(service.sale({ amount: "20.00", invoiceNumber: "FAC-9" }));
    expect(partial).toMatchObject({ kind: "garbage", message: "Payment processing failed: Unexpected answer from the card terminal service: id is missing" });

    const answering = (body: unknown): typeof fetch => async () => new Response(JSON.stringify(body), { status: 200 });
    const t = (body: unknown) => new LocalCardService(sim.url, { fetch: answering(body) });
    const good = { id: "x", status: "approved", authorization_code: "A1", amount: "20.00" };
    expect((await rejection(t({ ...good, status: "ok" }).sale({ amount: "20", invoiceNumber: "F" }))).reason).toMatch(/status 'ok' is not a transaction state/);
    expect((await rejection(t({ ...good, amount: undefined }).sale({ amount: "20", invoiceNumber: "F" }))).reason).toMatch(/amount is missing/);
    expect((await rejection(t({ ...good, card_details: "4761" }).sale({ amount: "20", invoiceNumber: "F" }))).reason).toMatch(/card_details is not an object/);
    expect((await rejection(t({ ...good, metadata: { tip_amount: "x" } }).sale({ amount: "20", invoiceNumber: "F" }))).reason).toMatch(/metadata.tip_amount is not an amount/);
    expect((await rejection(t("approved").sale({ amount: "20", invoiceNumber: "F" }))).reason).toMatch(/not a JSON object/);
    expect((await rejection(t({ status: "approved", totals: null }).batchClose())).reason).toMatch(/totals are missing/);
    // words for entry modes become the spec's codes; numbers as amounts are read
    expect(await t({ ...good, amount: 20, card_details: { entry_mode: "swipe" } }).sale({ amount: "20", invoiceNumber: "F" })).toMatchObject({ amount: "20.00", entryMode: "02" });
  });

  it("an unreachable service and an HTTP 500 give the operation's message", async () => {
    const down = new LocalCardService(`http://127.0.0.1:${await closedPort()}`);
    expect(await rejection(down.sale({ amount: "1.00", invoiceNumber: "F" }))).toMatchObject({ kind: "unreachable", outcomeUnknown: false });
    expect(await down.health()).toMatchObject({ healthy: false, errorKind: "unreachable" });

    sim.setMode("error", { operations: "all" });
    const error = await rejection(service.sale({ amount: "1.00", invoiceNumber: "F" }));
    expect(error).toMatchObject({ kind: "http", httpStatus: 500, message: "Payment processing failed: HTTP error! status: 500", outcomeUnknown: true });
    expect((await rejection(service.void({ invoiceNumber: "F" }))).message).toBe("Void transaction failed: HTTP error! status: 500");
    expect((await rejection(service.refund({ amount: "1" }))).message).toBe("Refund failed: HTTP error! status: 500");
    expect((await rejection(service.batchClose())).message).toBe("Batch close failed: HTTP error! status: 500");
    expect(await service.health()).toMatchObject({ healthy: false, errorKind: "http" });
  });

  it("voids (cancellation by originalInvoiceNumber) only an approved transaction", async () => {
    const rec = recordingFetch();
    const t = new LocalCardService(sim.url, { fetch: rec.fetch });
    const sale = await t.sale({ amount: "300.00", invoiceNumber: "FAC-10" });
    const voided = await t.void(sale);
    expect(rec.calls[1]).toEqual({ url: `${sim.url}api/pos/cancellation`, method: "POST", body: { originalInvoiceNumber: "FAC-10" } });
    expect(voided).toMatchObject({ status: "cancelled", id: sale.id, message: "Anulada", amount: "300.00" });
    expect(requireSuccess("void", voided)).toBe(voided);
    const last = await t.lastTransaction();
    expect(last).toMatchObject({ status: "cancelled", id: sale.id });
    expect(cardStatusLabel(last!.status)).toBe("Anulada");
    expect((await rejection(t.void(last!))).kind).toBe("invalid");
    const again = await rejection(t.void({ invoiceNumber: "FAC-10" }));
    expect(again).toMatchObject({ kind: "http", httpStatus: 409, detail: "La transacción ya fue anulada", outcomeUnknown: false });
    expect(await rejection(t.void({ invoiceNumber: "NOPE" }))).toMatchObject({ httpStatus: 404, detail: "Transacción no encontrada" });
    expect((await rejection(t.void({ authorizationCode: "B07919" }))).reason).toBe("The card service voids by the original invoice number, which is missing");

    const other = await t.sale({ amount: "20.00", invoiceNumber: "FAC-11" });
    sim.setMode("decline");
    const refused = await t.void(other);
    expect(refused).toMatchObject({ status: "declined", message: "Anulación rechazada" });
    expect(() => requireSuccess("void", refused)).toThrow("Void transaction failed: Anulación rechazada");
    expect(sim.transactions().find((x) => x.invoice_number === "FAC-11")!.status).toBe("approved");
  });

  it("refunds against the original sale, not beyond what is left; swiped and keyed cards carry no EMV data", async () => {
    sim.setMode("approve", { entryMode: "02", card: "mastercard" });
    const sale = await service.sale({ amount: "200.00", invoiceNumber: "FAC-12" });
    expect(sale).toMatchObject({ entryMode: "02", cvm: "SIGNATURE", cardType: "MASTERCARD", emv: null });
    expect(entryModeLabel(sale.entryMode)).toBe("Banda");
    const rec = recordingFetch();
    const t = new LocalCardService(sim.url, { fetch: rec.fetch });
    const refund = await t.refund({ amount: "150.00", originalInvoiceNumber: "FAC-12", invoiceNumber: "NC-1" });
    expect(rec.calls[0]).toEqual({ url: `${sim.url}api/pos/return`, method: "POST", body: { amount: "150.00", originalInvoiceNumber: "FAC-12", invoiceNumber: "NC-1" } });
    expect(refund).toMatchObject({ status: "approved", type: "refund", amount: "150.00", invoiceNumber: "NC-1", originalInvoiceNumber: "FAC-12" });
    expect(await rejection(t.refund({ amount: "50.01", originalInvoiceNumber: "FAC-12" }))).toMatchObject({ httpStatus: 422, detail: "El monto excede lo disponible para devolver" });
    expect(await t.refund({ amount: "50.00", originalInvoiceNumber: "FAC-12" })).toMatchObject({ status: "approved" });
    expect(await rejection(t.refund({ amount: "1.00", originalInvoiceNumber: "NOPE" }))).toMatchObject({ httpStatus: 404 });
    sim.setMode("approve", { entryMode: "01" });
    expect(await t.sale({ amount: "1.00", invoiceNumber: "FAC-13" })).toMatchObject({ entryMode: "01", cvm: "NONE", emv: null });
  });

  it("closes the batch with its totals", async () => {
    await service.sale({ amount: "595.00", invoiceNumber: "A" });
    const b = await service.sale({ amount: "100.50", invoiceNumber: "B" });
    await service.sale({ amount: "0.99", invoiceNumber: "C" });
    await service.void(b);
    await service.refund({ amount: "95.00", originalInvoiceNumber: "A", invoiceNumber: "R" });
    sim.setMode("decline", { count: 1 });
    await service.sale({ amount: "7.00", invoiceNumber: "D" });
    const rec = recordingFetch();
    const totals = await new LocalCardService(sim.url, { fetch: rec.fetch }).batchClose({ terminal: "CS-TERM-01" });
    expect(rec.calls[0]).toEqual({ url: `${sim.url}api/pos/batch-close`, method: "POST", body: { terminal: "CS-TERM-01" } });
    expect(totals).toMatchObject({
      kind: "card_service",
      status: "approved",
      batchNumber: "000001",
      terminalId: "CS-TERM-01",
      salesCount: 2,
      salesAmount: "595.99",
      refundsCount: 1,
      refundsAmount: "95.00",
      voidsCount: 1,
      voidsAmount: "100.50",
      netAmount: "500.99",
    });
    expect(Date.parse(totals.closedAt!)).toBeGreaterThan(0);
    expect(await service.batchClose()).toMatchObject({ batchNumber: "000002", salesCount: 0, salesAmount: "0.00" });
    expect(await rejection(service.batchClose({ terminal: "OTHER" }))).toMatchObject({ httpStatus: 404, detail: "Terminal desconocida" });
    sim.setMode("decline", { operations: ["batchClose"] });
    expect(await service.batchClose()).toMatchObject({ status: "declined", message: "Cierre rechazado", salesCount: 0 });
  });

  it("health: {healthy} as the service says; garbage, timeout and down are unhealthy", async () => {
    expect(await service.health()).toMatchObject({ kind: "card_service", healthy: true, errorKind: null, terminalId: "CS-TERM-01", merchantId: "MERCH-000987" });
    sim.setMode("decline", { operations: ["health"] });
    expect(await service.health()).toMatchObject({ healthy: false, message: "Terminal desconectada", errorKind: null });
    sim.setMode("partial", { operations: ["health"] });
    expect(await service.health()).toMatchObject({ healthy: false, errorKind: "garbage" });
    sim.setMode("timeout", { operations: ["health"] });
    const start = Date.now();
    expect(await new LocalCardService(sim.url, { timeoutMs: { health: 150 } }).health()).toMatchObject({ healthy: false, errorKind: "timeout" });
    expect(since(start)).toBeLessThan(2_000);
  });

  it("refuses bad amounts and missing invoice numbers before calling the service", async () => {
    const rec = recordingFetch();
    const t = new LocalCardService(sim.url, { fetch: rec.fetch });
    for (const amount of [0, -1, "-0.01", Number.NaN, Number.NEGATIVE_INFINITY, "abc", "12.345", null, undefined] as unknown as Array<string | number>) {
      expect(await rejection(t.sale({ amount, invoiceNumber: "F" }))).toMatchObject({ kind: "invalid", operation: "sale" });
      expect(await rejection(t.refund({ amount, originalInvoiceNumber: "F" }))).toMatchObject({ kind: "invalid", operation: "refund" });
    }
    expect((await rejection(t.sale({ amount: "1", invoiceNumber: "" }))).reason).toBe("invoiceNumber is required");
    expect(rec.calls).toEqual([]);
  });

  it("createCardTerminal builds the card service with its default address", () => {
    const t = createCardTerminal("card_service", null);
    expect(t).toBeInstanceOf(LocalCardService);
    expect(t.apiUrl).toBe("http://localhost:5050/");
  });
});
