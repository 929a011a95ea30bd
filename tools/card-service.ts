/**
 * Card-service simulator: stands in for the local card service (spec 02 'Alternative local card
 * service', payment-interface code 'card_service', default port 5050). It answers transactions
 * in the shape src/shared/card-terminal/local-card-service.ts documents (after the spec's
 * 'Payment-interface transaction'), keeps every transaction of the open batch and the last one,
 * cancels, returns, closes the batch with totals, and can be told to decline, time out, be slow,
 * lose its answer or answer garbage.
 *
 *   node --import tsx tools/card-service.ts        (or: npm run card-service)
 *
 * Environment: CARD_SERVICE_PORT (5050), HOST (127.0.0.1).
 *
 *   POST /api/pos/sale          {amount, invoiceNumber, currencyCode, installments, plan, originalInvoiceNumber}
 *                               a second sale for the invoice number of an approved one answers
 *                               that sale again: never a second charge
 *   POST /api/pos/cancellation  {originalInvoiceNumber}: the sale (or return), status 'cancelled';
 *                               404 unknown in this batch, 409 already cancelled
 *   POST /api/pos/return        {amount, originalInvoiceNumber?, invoiceNumber?}: 404 unknown
 *                               original, 422 more than what is left to return of it
 *   POST /api/pos/batch-close   {terminal}: totals of the batch, then a new batch
 *   GET  /api/pos/health        {healthy, terminal_id, merchant_id, batch_number}
 *   GET  /api/pos/last-transaction   the last transaction, or null
 *
 *   GET /__control, POST /__control, POST /__reset, GET /__transactions: as tools/card-lane.ts.
 *
 * Modes as tools/card-lane.ts (approve, decline, timeout, slow, lost, garbage, partial, error),
 * chosen per request (`?mode=`, `x-card-sim-mode`) or by POST /__control. decline: a sale or
 * return is recorded as declined ('51', 'Fondos insuficientes'); a cancellation answers the
 * transaction with status 'declined' ('Anulación rechazada') and leaves it approved; a batch
 * close answers status 'declined'; health answers {healthy: false}. CORS is open to any origin.
 */
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";
import {
  applyControl,
  authorizationCodeFor,
  CARD_SIM_CARDS,
  CARD_SIM_MODES,
  type CardSimHandle,
  type CardSimOperation,
  closeServer,
  cors,
  defaultControl,
  gtAmount,
  listen,
  minus,
  modeFor,
  readJson,
  referenceFor,
  runInMode,
  send,
  simAmount,
  sumAmounts,
} from "./card-lane";

/** One transaction as the service answers it. */
export interface CardServiceSimTransaction {
  id: string;
  type: "sale" | "return";
  status: "approved" | "declined" | "cancelled";
  message: string;
  response_code: string;
  reference: string;
  authorization_code: string | null;
  amount: string;
  currency_code: string;
  installments: number;
  plan: string | null;
  created_at: string;
  card_details: { masked_pan: string; bin: string; card_holder_name: string; entry_mode: string; card_type: string };
  metadata: { entry_mode: string; cvm: string; base_amount: string; tip_amount: string; emv_data: { aid: string; tvr: string; tsi: string } | null };
  terminal_id: string;
  merchant_id: string;
  batch_number: string;
  invoice_number: string;
  original_invoice_number: string | null;
  receipt_text: string;
}

interface Record_ {
  tx: CardServiceSimTransaction;
  batch: number;
}

export interface CardServiceOptions {
  port?: number;
  host?: string;
  terminalId?: string;
  merchantId?: string;
}

const CVM: Record<string, string> = { "07": "PIN", "02": "SIGNATURE", "01": "NONE" };
const pad = (n: number, width: number) => String(n).padStart(width, "0");
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim().slice(0, 64) : typeof v === "number" && Number.isFinite(v) ? String(v) : null);

/** Starts the card-service simulator; port 0 picks a free port. */
export async function startCardService(opts: CardServiceOptions = {}): Promise<CardSimHandle<CardServiceSimTransaction>> {
  const terminalId = opts.terminalId ?? "CS-TERM-01";
  const merchantId = opts.merchantId ?? "MERCH-000987";
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let control = defaultControl();
  let records: Record_[] = [];
  let last: Record_ | null = null;
  let seq = 0;
  let batch = 1;

  function transact(input: { type: "sale" | "return"; amount: string; invoiceNumber: string; originalInvoiceNumber: string | null; currencyCode: string; installments: number; plan: string | null }, approved: boolean): Record_ {
    const n = ++seq;
    const card = CARD_SIM_CARDS[control.card];
    const entry = control.entryMode;
    const message = approved ? "Aprobada" : "Fondos insuficientes";
    const tx: CardServiceSimTransaction = {
      id: `txn_${pad(n, 8)}`,
      type: input.type,
      status: approved ? "approved" : "declined",
      message,
      response_code: approved ? "00" : "51",
      reference: referenceFor(n),
      authorization_code: approved ? authorizationCodeFor(n) : null,
      amount: input.amount,
      currency_code: input.currencyCode,
      installments: input.installments,
      plan: input.plan,
      created_at: new Date().toISOString(),
      card_details: { masked_pan: card.maskedPan, bin: card.bin, card_holder_name: "CLIENTE DE PRUEBA", entry_mode: entry, card_type: card.brand },
      metadata: { entry_mode: entry, cvm: CVM[entry]!, base_amount: input.amount, tip_amount: "0.00", emv_data: entry === "07" ? { aid: card.aid, tvr: "0000008000", tsi: "E800" } : null },
      terminal_id: terminalId,
      merchant_id: merchantId,
      batch_number: pad(batch, 6),
      invoice_number: input.invoiceNumber,
      original_invoice_number: input.originalInvoiceNumber,
      receipt_text: "",
    };
    tx.receipt_text = receiptOf(tx, input.type === "sale" ? "VENTA" : "DEVOLUCION");
    const record = { tx, batch };
    records.push(record);
    last = record;
    return record;
  }

  const receiptOf = (tx: CardServiceSimTransaction, title: string) =>
    [
      "ENZZO - SIMULADOR SERVICIO DE TARJETAS",
      `TERMINAL ${tx.terminal_id}  COMERCIO ${tx.merchant_id}`,
      title,
      `${tx.card_details.card_type} ${tx.card_details.masked_pan}`,
      `MONTO: ${tx.currency_code} ${tx.amount}`,
      `AUT: ${tx.authorization_code ?? "-"}  REF: ${tx.reference}`,
      `FACTURA: ${tx.invoice_number}  LOTE: ${tx.batch_number}`,
      tx.created_at,
      tx.message,
    ].join("\n");

  const inBatch = (invoiceNumber: string) => [...records].reverse().find((r) => r.batch === batch && r.tx.invoice_number === invoiceNumber && r.tx.status !== "declined");
  const returnedOf = (invoiceNumber: string) => sumAmounts(records.filter((r) => r.tx.type === "return" && r.tx.status === "approved" && r.tx.original_invoice_number === invoiceNumber).map((r) => r.tx.amount));

  type Outcome = { status: number; body: unknown };
  const ok = (body: unknown): Outcome => ({ status: 200, body });
  const refuse = (status: number, error: string): Outcome => ({ status, body: { error } });

  function sale(body: Record<string, unknown>, declined: boolean): Outcome {
    const amount = simAmount(body.amount);
    const invoiceNumber = text(body.invoiceNumber);
    const existing = invoiceNumber ? inBatch(invoiceNumber) : undefined;
    if (existing && existing.tx.type === "sale" && existing.tx.status === "approved") {
      last = existing;
      return ok(existing.tx);
    }
    return ok(
      transact(
        { type: "sale", amount: amount!, invoiceNumber: invoiceNumber!, originalInvoiceNumber: null, currencyCode: text(body.currencyCode)?.toUpperCase() ?? "DOP", installments: typeof body.installments === "number" ? body.installments : 1, plan: text(body.plan) },
        !declined,
      ).tx,
    );
  }

  function cancellation(body: Record<string, unknown>, declined: boolean): Outcome {
    const original = text(body.originalInvoiceNumber);
    const record = original ? inBatch(original) : undefined;
    if (!record) return refuse(404, "Transacción no encontrada");
    if (record.tx.status === "cancelled") return refuse(409, "La transacción ya fue anulada");
    if (declined) return ok({ ...record.tx, status: "declined", message: "Anulación rechazada", response_code: "05" });
    record.tx = { ...record.tx, status: "cancelled", message: "Anulada", receipt_text: receiptOf({ ...record.tx, message: "Anulada" }, "ANULACION") };
    last = record;
    return ok(record.tx);
  }

  function refund(body: Record<string, unknown>, declined: boolean): Outcome {
    const amount = simAmount(body.amount)!;
    const original = text(body.originalInvoiceNumber);
    let currencyCode = "DOP";
    if (original) {
      // an approved sale of this or an earlier batch
      const sold = [...records].reverse().find((r) => r.tx.invoice_number === original && r.tx.type === "sale" && r.tx.status === "approved");
      if (!sold) return refuse(404, "Venta original no encontrada");
      if (gtAmount(amount, minus(sold.tx.amount, returnedOf(original)))) return refuse(422, "El monto excede lo disponible para devolver");
      currencyCode = sold.tx.currency_code;
    }
    const invoiceNumber = text(body.invoiceNumber) ?? `DEV-${pad(seq + 1, 6)}`;
    return ok(transact({ type: "return", amount, invoiceNumber, originalInvoiceNumber: original, currencyCode, installments: 1, plan: null }, !declined).tx);
  }

  function batchClose(body: Record<string, unknown>, declined: boolean): Outcome {
    const terminal = text(body.terminal);
    if (terminal && terminal !== terminalId) return refuse(404, "Terminal desconocida");
    const closedAt = new Date().toISOString();
    if (declined) return ok({ status: "declined", message: "Cierre rechazado", terminal_id: terminalId, merchant_id: merchantId, batch_number: pad(batch, 6), closed_at: closedAt, totals: null, receipt_text: null });
    const these = records.filter((r) => r.batch === batch);
    const sales = these.filter((r) => r.tx.type === "sale" && r.tx.status === "approved");
    const returns = these.filter((r) => r.tx.type === "return" && r.tx.status === "approved");
    const cancelled = these.filter((r) => r.tx.status === "cancelled");
    const salesAmount = sumAmounts(sales.map((r) => r.tx.amount));
    const returnsAmount = sumAmounts(returns.map((r) => r.tx.amount));
    const answer = {
      status: "approved",
      message: "Cierre aprobado",
      terminal_id: terminalId,
      merchant_id: merchantId,
      batch_number: pad(batch, 6),
      closed_at: closedAt,
      totals: {
        sales_count: sales.length,
        sales_amount: salesAmount,
        returns_count: returns.length,
        returns_amount: returnsAmount,
        cancellations_count: cancelled.length,
        cancellations_amount: sumAmounts(cancelled.map((r) => r.tx.amount)),
        net_amount: minus(salesAmount, returnsAmount),
      },
      receipt_text: [`CIERRE DE LOTE ${pad(batch, 6)}`, `VENTAS: ${sales.length}  ${salesAmount}`, `DEVOLUCIONES: ${returns.length}  ${returnsAmount}`, `ANULACIONES: ${cancelled.length}`].join("\n"),
    };
    batch += 1;
    return ok(answer);
  }

  const ROUTES: Record<string, { method: "GET" | "POST"; operation: CardSimOperation }> = {
    "/api/pos/sale": { method: "POST", operation: "sale" },
    "/api/pos/cancellation": { method: "POST", operation: "void" },
    "/api/pos/return": { method: "POST", operation: "refund" },
    "/api/pos/batch-close": { method: "POST", operation: "batchClose" },
    "/api/pos/health": { method: "GET", operation: "health" },
    "/api/pos/last-transaction": { method: "GET", operation: "last" },
  };

  /** The body's problem before anything happens (400), or null. */
  function inputProblem(operation: CardSimOperation, body: Record<string, unknown>): string | null {
    if ((operation === "sale" || operation === "refund") && simAmount(body.amount) === null) return "amount must be greater than 0, with at most 2 decimals";
    if (operation === "sale" && !text(body.invoiceNumber)) return "invoiceNumber is required";
    if (operation === "sale" && body.currencyCode !== undefined && body.currencyCode !== null && !/^[A-Za-z]{3}$/.test(String(body.currencyCode))) return "currencyCode is not valid";
    if (operation === "void" && !text(body.originalInvoiceNumber)) return "originalInvoiceNumber is required";
    return null;
  }

  const server = createServer(async (req, res) => {
    cors(req, res);
    const url = new URL(req.url ?? "/", "http://localhost");
    const path = url.pathname.replace(/\/+$/, "") || "/";
    try {
      if (req.method === "OPTIONS") return send(res, 204);
      if (path === "/__control" && req.method === "GET") return send(res, 200, control);
      if (path === "/__control" && req.method === "POST") {
        const next = applyControl(control, await readJson(req));
        if (typeof next === "string") return send(res, 400, { error: next });
        control = next;
        return send(res, 200, control);
      }
      if (path === "/__reset" && req.method === "POST") {
        reset();
        return send(res, 200, control);
      }
      if (path === "/__transactions" && req.method === "GET") return send(res, 200, list());

      const route = ROUTES[path];
      if (!route) return send(res, 404, { error: "not found" });
      if (req.method !== route.method) return send(res, 405, { error: `use ${route.method}` });
      const raw = route.method === "POST" ? await readJson(req) : {};
      const body = raw === null ? {} : raw;
      if (!isObject(body)) return send(res, 400, { error: "the body must be a JSON object" });
      const problem = inputProblem(route.operation, body);
      if (problem) return send(res, 400, { error: problem });

      const sim = modeFor(req, url, control, route.operation);
      if (sim.error) return send(res, 400, { error: sim.error });
      const declined = sim.mode === "decline";
      let outcome: Outcome = ok(null);
      return await runInMode(res, sim, timers, {
        carryOut: () => {
          switch (route.operation) {
            case "sale":
              outcome = sale(body, declined);
              break;
            case "void":
              outcome = cancellation(body, declined);
              break;
            case "refund":
              outcome = refund(body, declined);
              break;
            case "batchClose":
              outcome = batchClose(body, declined);
              break;
            case "last":
              outcome = ok(last ? last.tx : null);
              break;
            default:
              outcome = ok(
                declined
                  ? { healthy: false, message: "Terminal desconectada", terminal_id: terminalId, merchant_id: merchantId }
                  : { healthy: true, message: "Terminal lista", terminal_id: terminalId, merchant_id: merchantId, batch_number: pad(batch, 6), version: "enzzo-sim-1" },
              );
          }
          return outcome.body;
        },
        partial: (answer) => (isObject(answer) ? { status: answer.status } : { status: "approved" }),
        get status() {
          return outcome.status;
        },
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return send(res, error instanceof SyntaxError ? 400 : message === "body too large" ? 413 : 500, { error: message });
    }
  });

  const list = () => records.map((r) => r.tx);
  function reset() {
    for (const t of timers) clearTimeout(t); // slow calls still waiting are dropped, never carried out
    timers.clear();
    control = defaultControl();
    records = [];
    last = null;
    seq = 0;
    batch = 1;
  }

  const { url, port } = await listen(server, opts.port ?? Number(process.env.CARD_SERVICE_PORT ?? 5050), opts.host ?? process.env.HOST ?? "127.0.0.1");
  return {
    url,
    port,
    server,
    setMode(mode, more = {}) {
      const next = applyControl(control, { ...more, mode });
      if (typeof next === "string") throw new Error(next);
      control = next;
      return control;
    },
    control: () => control,
    reset,
    transactions: list,
    close: () => closeServer(server, timers),
  };
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const service = await startCardService();
  console.log(`card-service simulator listening on ${service.url} (modes: ${CARD_SIM_MODES.join(", ")}; POST ${service.url}__control {"mode":"decline"})`);
  const stop = () => {
    void service.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
