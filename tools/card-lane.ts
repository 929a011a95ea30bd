/**
 * Card-lane simulator: stands in for the terminal lane service a cash box charges cards through
 * (spec 02 'Direct calls from the browser': GET api/transaction/lane/…, default port 5000).
 * It answers the spec's uppercase 'Card lane transaction' fields, keeps every transaction of
 * the open batch and the last one, voids, returns, closes the batch with totals, and can be
 * told to decline, time out, be slow, lose its answer or answer garbage.
 *
 *   node --import tsx tools/card-lane.ts        (or: npm run card-lane)
 *
 * Environment: CARD_LANE_PORT (5000), HOST (127.0.0.1).
 *
 *   GET  /api/transaction/lane/sale/{amount}      a sale of {amount} pesos ('595.00')
 *   GET  /api/transaction/lane/void/{id}          void by InvoiceNumber or HostAuthorizationCode (approved, this batch)
 *   GET  /api/transaction/lane/return/{amount}    money back to a card
 *   GET  /api/transaction/lane/getlast            the last transaction (a voided one says ANULADA), or null
 *   GET  /api/transaction/lane/closetotals        close the batch: its totals, then a new batch
 *   GET  /api/status                              {Status: 'ONLINE', TerminalId, MerchantId, BatchNumber}
 *
 *   GET  /__control   POST /__control {mode, delayMs, count, operations, entryMode, card}
 *   POST /__reset     forget every transaction, back to approve
 *   GET  /__transactions
 *
 * Modes (CARD_SIM_MODES): approve; decline (a sale or return is recorded as declined '05'
 * DENEGADA; a void or close is refused; status says OFFLINE); timeout (never answers);
 * slow (carries the call out after delayMs, default 3000, and answers if the client still
 * waits: a client that gave up earlier finds it through getlast); lost (carries the call out, approved, then drops
 * the connection without answering: getlast returns it); garbage (200 with an HTML page,
 * nothing done); partial (carries the call out, answers JSON missing its fields); error
 * (HTTP 500, nothing done). Chosen per request by `?mode=…&delayMs=…` or the headers
 * `x-card-sim-mode` / `x-card-sim-delay`, or for the following calls by POST /__control
 * (`count`: only the next N calls, then approve again; `operations`: which calls the mode
 * applies to, default sale, void, refund). CORS is open to any origin, preflight included.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import Big from "big.js";

export const CARD_SIM_MODES = ["approve", "decline", "timeout", "slow", "lost", "garbage", "partial", "error"] as const;
export type CardSimMode = (typeof CARD_SIM_MODES)[number];
/** The calls a mode can apply to (both simulators use these names). */
export const CARD_SIM_OPERATIONS = ["sale", "void", "refund", "last", "batchClose", "health"] as const;
export type CardSimOperation = (typeof CARD_SIM_OPERATIONS)[number];
export const CARD_SIM_CARDS = {
  visa: { maskedPan: "476173******0010", bin: "476173", brand: "VISA", aid: "A0000000031010" },
  mastercard: { maskedPan: "545454******5454", bin: "545454", brand: "MASTERCARD", aid: "A0000000041010" },
  amex: { maskedPan: "374245*****1001", bin: "374245", brand: "AMEX", aid: "A000000025010801" },
} as const;
export type CardSimCard = keyof typeof CARD_SIM_CARDS;
export type CardSimEntryMode = "07" | "02" | "01";

export interface CardSimControl {
  mode: CardSimMode;
  /** slow mode's delay */
  delayMs: number;
  /** calls left in this mode; null: until changed */
  count: number | null;
  operations: CardSimOperation[];
  entryMode: CardSimEntryMode;
  card: CardSimCard;
}

export type CardSimControlInput = Partial<Omit<CardSimControl, "mode" | "operations">> & { mode?: CardSimMode; operations?: CardSimOperation[] | "all" };

export interface CardSimHandle<T> {
  url: string;
  port: number;
  server: Server;
  /** the mode of the following calls (see CardSimControl) */
  setMode(mode: CardSimMode, opts?: Omit<CardSimControlInput, "mode">): CardSimControl;
  control(): CardSimControl;
  reset(): void;
  transactions(): T[];
  close(): Promise<void>;
}

export const DEFAULT_SLOW_MS = 3000;
const MAX_BODY_BYTES = 64 * 1024;
const DEFAULT_OPERATIONS: CardSimOperation[] = ["sale", "void", "refund"];

export function defaultControl(): CardSimControl {
  return { mode: "approve", delayMs: DEFAULT_SLOW_MS, count: null, operations: [...DEFAULT_OPERATIONS], entryMode: "07", card: "visa" };
}

/** Validates a control body; the reason it is not one, or the new control. */
export function applyControl(current: CardSimControl, input: unknown): CardSimControl | string {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return "the body must be a JSON object";
  const b = input as Record<string, unknown>;
  const next: CardSimControl = { ...current, operations: [...current.operations] };
  if (b.mode !== undefined) {
    if (!CARD_SIM_MODES.includes(b.mode as CardSimMode)) return `mode must be one of ${CARD_SIM_MODES.join(", ")}`;
    next.mode = b.mode as CardSimMode;
    next.count = null;
    if (b.operations === undefined) next.operations = [...DEFAULT_OPERATIONS];
  }
  if (b.delayMs !== undefined) {
    if (typeof b.delayMs !== "number" || !Number.isFinite(b.delayMs) || b.delayMs < 0 || b.delayMs > 600_000) return "delayMs must be 0 to 600000";
    next.delayMs = b.delayMs;
  }
  if (b.count !== undefined) {
    if (b.count !== null && (typeof b.count !== "number" || !Number.isSafeInteger(b.count) || b.count < 1)) return "count must be a whole number ≥ 1 or null";
    next.count = b.count as number | null;
  }
  if (b.operations !== undefined) {
    const ops = b.operations === "all" ? [...CARD_SIM_OPERATIONS] : b.operations;
    if (!Array.isArray(ops) || !ops.every((o) => CARD_SIM_OPERATIONS.includes(o as CardSimOperation))) return `operations must be "all" or a list of ${CARD_SIM_OPERATIONS.join(", ")}`;
    next.operations = ops as CardSimOperation[];
  }
  if (b.entryMode !== undefined) {
    if (b.entryMode !== "07" && b.entryMode !== "02" && b.entryMode !== "01") return "entryMode must be '07', '02' or '01'";
    next.entryMode = b.entryMode;
  }
  if (b.card !== undefined) {
    if (typeof b.card !== "string" || !(b.card in CARD_SIM_CARDS)) return `card must be one of ${Object.keys(CARD_SIM_CARDS).join(", ")}`;
    next.card = b.card as CardSimCard;
  }
  return next;
}

/** This call's mode and delay: the request's own (query or header), else the control's when it applies to the call. */
export function modeFor(req: IncomingMessage, url: URL, control: CardSimControl, operation: CardSimOperation): { mode: CardSimMode; delayMs: number; error?: string } {
  const asked = url.searchParams.get("mode") ?? header(req, "x-card-sim-mode");
  const delayText = url.searchParams.get("delayMs") ?? header(req, "x-card-sim-delay");
  const delayMs = delayText !== null && /^\d{1,6}$/.test(delayText) ? Number(delayText) : control.delayMs;
  if (asked !== null) {
    if (!CARD_SIM_MODES.includes(asked as CardSimMode)) return { mode: "approve", delayMs, error: `mode must be one of ${CARD_SIM_MODES.join(", ")}` };
    return { mode: asked as CardSimMode, delayMs };
  }
  if (control.mode === "approve" || !control.operations.includes(operation)) return { mode: "approve", delayMs };
  const mode = control.mode;
  if (control.count !== null) {
    control.count -= 1;
    if (control.count <= 0) {
      control.mode = "approve";
      control.count = null;
    }
  }
  return { mode, delayMs };
}

function header(req: IncomingMessage, name: string): string | null {
  const v = req.headers[name];
  return typeof v === "string" ? v : Array.isArray(v) ? (v[0] ?? null) : null;
}

export function send(res: ServerResponse, status: number, body?: unknown) {
  if (res.destroyed || res.writableEnded) return;
  if (body === undefined) {
    res.writeHead(status);
    res.end();
    return;
  }
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

export function sendGarbage(res: ServerResponse) {
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
  res.end("<html><body><h1>502 Bad Gateway</h1>terminal busy</body></html>");
}

/**
 * The 'lost' mode: the call was carried out and its answer is lost on the way: the status line,
 * the headers and the start of the body go out, then the connection drops. The head goes first
 * on purpose: a browser silently resends a request whose reused keep-alive connection closed
 * before any byte of the answer (Chromium's stale-socket retry), which a lane would take as a
 * second sale the POS never sees (docs/decisions.md); once the head has arrived it never does, and
 * the POS gets the lost answer it must resolve through the last transaction.
 */
export function dropConnection(res: ServerResponse) {
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(200, { "Content-Type": "application/json", "Content-Length": "2048" });
  res.write('{"TransactionOverallStatus":', () => res.socket?.destroy());
}

export function cors(req: IncomingMessage, res: ServerResponse) {
  res.setHeader("Access-Control-Allow-Origin", req.headers.origin ?? "*");
  res.setHeader("Vary", "Origin");
  res.setHeader("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
  res.setHeader("Access-Control-Allow-Headers", req.headers["access-control-request-headers"] ?? "Content-Type, x-card-sim-mode, x-card-sim-delay");
  res.setHeader("Access-Control-Max-Age", "600");
  if (req.headers["access-control-request-private-network"]) res.setHeader("Access-Control-Allow-Private-Network", "true");
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error("body too large");
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? JSON.parse(text) : null;
}

/** A positive amount with at most 2 decimals, as '595.00'; null otherwise. */
export function simAmount(value: unknown): string | null {
  if (typeof value === "number" && !Number.isFinite(value)) return null;
  if (typeof value !== "string" && typeof value !== "number") return null;
  const text = String(value).trim();
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(text)) return null;
  const big = new Big(text);
  return big.gt(0) ? big.toFixed(2) : null;
}

export const sumAmounts = (amounts: string[]) => amounts.reduce((acc, a) => acc.plus(a), new Big(0)).toFixed(2);
export const minus = (a: string, b: string) => new Big(a).minus(b).toFixed(2);
export const gtAmount = (a: string, b: string) => new Big(a).gt(b);

/** Santo Domingo wall-clock time (UTC−4 all year). */
export function shopClock(now = new Date()) {
  const d = new Date(now.getTime() - 4 * 3600_000);
  const p = (n: number) => String(n).padStart(2, "0");
  return {
    yymmdd: `${p(d.getUTCFullYear() % 100)}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}`,
    hhmmss: `${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`,
    display: `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`,
  };
}

/** A 6-character authorization code that is never all digits (so it cannot be taken for an invoice number). */
export const authorizationCodeFor = (n: number) => `${"ABCDEFGHJK"[n % 10]}${String((n * 7919) % 100000).padStart(5, "0")}`;
export const referenceFor = (n: number) => String(100_000_000_000 + n);
export const ENTRY_MODE_NAMES: Record<CardSimEntryMode, string> = { "07": "CHIP", "02": "BANDA", "01": "MANUAL" };

/** Runs `answer` in the call's mode: the part every simulator call shares. */
export async function runInMode(
  res: ServerResponse,
  sim: { mode: CardSimMode; delayMs: number },
  timers: Set<ReturnType<typeof setTimeout>>,
  handlers: { carryOut: () => unknown; partial: (answer: unknown) => unknown; status?: number },
): Promise<void> {
  if (sim.mode === "timeout") return; // never answers; the socket closes with the client or the server
  if (sim.mode === "garbage") return sendGarbage(res);
  if (sim.mode === "error") return send(res, 500, { error: "simulated terminal service failure", HostResponse: "ERROR INTERNO" });
  if (sim.mode === "slow") {
    await new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, sim.delayMs);
      timers.add(t);
    });
    // carried out even when the client gave up meanwhile (a real terminal finishes the sale)
  }
  const answer = handlers.carryOut();
  if (sim.mode === "lost") return dropConnection(res);
  if (sim.mode === "partial") return send(res, 200, handlers.partial(answer));
  return send(res, handlers.status ?? 200, answer);
}

export async function listen(server: Server, port: number, host: string): Promise<{ url: string; port: number }> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return { url: `http://${host.includes(":") ? `[${host}]` : host}:${address.port}/`, port: address.port };
}

export function closeServer(server: Server, timers: Set<ReturnType<typeof setTimeout>>): Promise<void> {
  for (const t of timers) clearTimeout(t);
  timers.clear();
  return new Promise<void>((resolve, reject) => {
    server.closeAllConnections();
    server.close((err) => (err ? reject(err) : resolve()));
  });
}

// ---------------------------------------------------------------------------------------------
// The lane

/** One transaction as the lane answers it (spec 02 'Card lane transaction') plus TransactionType. */
export interface LaneSimTransaction {
  TransactionOverallStatus: string;
  HostResponse: string;
  TransactionReference: string;
  HostAuthorizationCode: string | null;
  InvoiceNumber: string;
  Amount: string;
  MaskedPAN: string;
  RangeName: string;
  EntryMode: CardSimEntryMode;
  Date: string;
  Time: string;
  TerminalId: string;
  MerchantId: string;
  BatchNumber: string;
  Receipts: string;
  TransactionType: "SALE" | "RETURN";
}

interface LaneRecord {
  tx: LaneSimTransaction;
  batch: number;
  approved: boolean;
  voided: boolean;
}

export interface CardLaneOptions {
  port?: number;
  host?: string;
  terminalId?: string;
  merchantId?: string;
}

const LANE_OPERATIONS: Record<string, CardSimOperation> = { sale: "sale", void: "void", return: "refund", getlast: "last", closetotals: "batchClose" };

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/** Starts the lane simulator; port 0 picks a free port. */
export async function startCardLane(opts: CardLaneOptions = {}): Promise<CardSimHandle<LaneSimTransaction & { voided: boolean }>> {
  const terminalId = opts.terminalId ?? "TERM0001";
  const merchantId = opts.merchantId ?? "000000123456";
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let control = defaultControl();
  let records: LaneRecord[] = [];
  let last: LaneRecord | null = null;
  let seq = 0;
  let batch = 1;

  const receipt = (tx: Omit<LaneSimTransaction, "Receipts">, title: string) =>
    [
      "ENZZO - SIMULADOR DE TERMINAL",
      `TERMINAL ${tx.TerminalId}  COMERCIO ${tx.MerchantId}`,
      title,
      `${tx.RangeName} ${tx.MaskedPAN}  ${ENTRY_MODE_NAMES[tx.EntryMode]}`,
      `MONTO: RD$${tx.Amount}`,
      `AUT: ${tx.HostAuthorizationCode ?? "-"}  REF: ${tx.TransactionReference}`,
      `FACTURA: ${tx.InvoiceNumber}  LOTE: ${tx.BatchNumber}`,
      `FECHA: ${tx.Date}  HORA: ${tx.Time}`,
      tx.HostResponse,
    ].join("\n");

  function transact(type: "SALE" | "RETURN", amount: string, approved: boolean): LaneRecord {
    const n = ++seq;
    const card = CARD_SIM_CARDS[control.card];
    const clock = shopClock();
    const base: Omit<LaneSimTransaction, "Receipts"> = {
      TransactionOverallStatus: approved ? "00" : "05",
      HostResponse: approved ? "APROBADA" : "DENEGADA",
      TransactionReference: referenceFor(n),
      HostAuthorizationCode: approved ? authorizationCodeFor(n) : null,
      InvoiceNumber: pad(n, 6),
      Amount: amount,
      MaskedPAN: card.maskedPan,
      RangeName: card.brand,
      EntryMode: control.entryMode,
      Date: clock.yymmdd,
      Time: clock.hhmmss,
      TerminalId: terminalId,
      MerchantId: merchantId,
      BatchNumber: pad(batch, 6),
      TransactionType: type,
    };
    const record: LaneRecord = { tx: { ...base, Receipts: receipt(base, type === "SALE" ? "VENTA" : "DEVOLUCION") }, batch, approved, voided: false };
    records.push(record);
    last = record;
    return record;
  }

  const refusal = (code: string, text: string) => ({ TransactionOverallStatus: code, HostResponse: text, TerminalId: terminalId, MerchantId: merchantId, BatchNumber: pad(batch, 6) });

  function voidOf(id: string, declined: boolean): unknown {
    const record = [...records].reverse().find((r) => r.batch === batch && r.approved && (r.tx.InvoiceNumber === id || r.tx.HostAuthorizationCode === id));
    if (!record) return refusal("25", "TRANSACCION NO ENCONTRADA");
    if (record.voided) return refusal("12", "TRANSACCION YA ANULADA");
    if (declined) return refusal("05", "ANULACION DENEGADA");
    record.voided = true;
    const { Receipts: _r, ...rest } = record.tx;
    const voided = { ...rest, HostResponse: "ANULADA" };
    record.tx = { ...voided, Receipts: receipt(voided, "ANULACION") };
    last = record;
    return record.tx;
  }

  function closeTotals(declined: boolean): unknown {
    if (declined) return refusal("05", "CIERRE RECHAZADO");
    const inBatch = records.filter((r) => r.batch === batch && r.approved);
    const sales = inBatch.filter((r) => r.tx.TransactionType === "SALE" && !r.voided);
    const returns = inBatch.filter((r) => r.tx.TransactionType === "RETURN" && !r.voided);
    const voids = inBatch.filter((r) => r.voided);
    const salesAmount = sumAmounts(sales.map((r) => r.tx.Amount));
    const returnsAmount = sumAmounts(returns.map((r) => r.tx.Amount));
    const clock = shopClock();
    const answer = {
      TransactionOverallStatus: "00",
      HostResponse: "CIERRE APROBADO",
      BatchNumber: pad(batch, 6),
      TerminalId: terminalId,
      MerchantId: merchantId,
      SalesCount: sales.length,
      SalesAmount: salesAmount,
      ReturnsCount: returns.length,
      ReturnsAmount: returnsAmount,
      VoidsCount: voids.length,
      VoidsAmount: sumAmounts(voids.map((r) => r.tx.Amount)),
      NetAmount: minus(salesAmount, returnsAmount),
      Date: clock.yymmdd,
      Time: clock.hhmmss,
      Receipts: ["ENZZO - SIMULADOR DE TERMINAL", `CIERRE DE LOTE ${pad(batch, 6)}`, `VENTAS: ${sales.length}  RD$${salesAmount}`, `DEVOLUCIONES: ${returns.length}  RD$${returnsAmount}`, `ANULACIONES: ${voids.length}`].join("\n"),
    };
    batch += 1;
    return answer;
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
      if (req.method !== "GET") return send(res, 404, { error: "not found" });

      const lane = /^\/api\/transaction\/lane\/(sale|void|return|getlast|closetotals)(?:\/([^/]+))?$/.exec(path);
      const operation: CardSimOperation | null = path === "/api/status" ? "health" : lane ? (LANE_OPERATIONS[lane[1]!] ?? null) : null;
      if (!operation) return send(res, 404, { error: "not found" });
      const arg = lane?.[2] !== undefined ? decodeURIComponent(lane[2]) : null;
      if ((operation === "sale" || operation === "refund") && (arg === null || simAmount(arg) === null)) return send(res, 400, refusal("13", "MONTO INVALIDO"));
      if (operation === "void" && !arg) return send(res, 400, refusal("25", "TRANSACCION NO ENCONTRADA"));
      if ((operation === "last" || operation === "batchClose" || operation === "health") && arg !== null) return send(res, 404, { error: "not found" });

      const sim = modeFor(req, url, control, operation);
      if (sim.error) return send(res, 400, { error: sim.error });
      const declined = sim.mode === "decline";
      return await runInMode(res, sim, timers, {
        carryOut: () => {
          switch (operation) {
            case "sale":
              return transact("SALE", simAmount(arg)!, !declined).tx;
            case "refund":
              return transact("RETURN", simAmount(arg)!, !declined).tx;
            case "void":
              return voidOf(arg!, declined);
            case "last":
              return last ? last.tx : null;
            case "batchClose":
              return closeTotals(declined);
            default:
              return declined
                ? { Status: "OFFLINE", TerminalId: terminalId, MerchantId: merchantId }
                : { Status: "ONLINE", TerminalId: terminalId, MerchantId: merchantId, BatchNumber: pad(batch, 6), Version: "enzzo-sim-1" };
          }
        },
        partial: () => ({ TransactionOverallStatus: "00" }),
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return send(res, error instanceof SyntaxError ? 400 : message === "body too large" ? 413 : 500, { error: message });
    }
  });

  const list = () => records.map((r) => ({ ...r.tx, voided: r.voided }));
  function reset() {
    for (const t of timers) clearTimeout(t); // slow calls still waiting are dropped, never carried out
    timers.clear();
    control = defaultControl();
    records = [];
    last = null;
    seq = 0;
    batch = 1;
  }

  const { url, port } = await listen(server, opts.port ?? Number(process.env.CARD_LANE_PORT ?? 5000), opts.host ?? process.env.HOST ?? "127.0.0.1");
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
  const lane = await startCardLane();
  console.log(`card-lane simulator listening on ${lane.url} (modes: ${CARD_SIM_MODES.join(", ")}; POST ${lane.url}__control {"mode":"decline"})`);
  const stop = () => {
    void lane.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
