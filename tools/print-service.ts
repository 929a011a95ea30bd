/**
 * Print-service simulator: stands in for the local receipt print service of a cash box
 * (spec 02 §7). It accepts what the POS sends, prints nothing, and records every request so tests
 * and people can see what would have been printed.
 *
 *   node --import tsx tools/print-service.ts        (or: npm run print-service)
 *
 * Environment: PORT (8080), HOST (127.0.0.1), PRINT_SERVICE_LOG (/tmp/print-service.jsonl).
 *
 *   POST   /print/receipt   {currency, store, invoice, items, totals, returns, rewards, openDrawer}
 *   POST   /print/raw/      {receipts: [[byte, …], …]}  (e.g. the drawer command 27,112,0,25,250)
 *   GET    /requests        every recorded request, oldest first
 *   DELETE /requests        forget them (the JSON-lines file keeps its history)
 *   POST   /simulate        {fail: true|false}: answer print calls with 500 (to test failures)
 *   GET    /health          {ok: true}
 *
 * CORS is open (browsers call it from the app's origin), including Chrome's private-network
 * preflight.
 */
import { appendFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";

export const DRAWER_OPEN_COMMAND = [27, 112, 0, 25, 250] as const;
const MAX_BODY_BYTES = 2 * 1024 * 1024;

export interface RecordedRequest {
  seq: number;
  at: string;
  kind: "receipt" | "raw";
  path: string;
  body: unknown;
  /** a receipt asked for the drawer, or a raw job carried the drawer command */
  opensDrawer: boolean;
}

export interface PrintServiceHandle {
  url: string;
  port: number;
  server: Server;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export interface PrintServiceOptions {
  port?: number;
  host?: string;
  /** JSON-lines log; null to keep requests in memory only */
  logFile?: string | null;
}

const containsSequence = (bytes: readonly number[], needle: readonly number[]) => bytes.some((_, i) => needle.every((b, j) => bytes[i + j] === b));

function send(res: ServerResponse, status: number, body?: unknown) {
  if (body === undefined) {
    res.writeHead(status);
    res.end();
    return;
  }
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

function cors(req: IncomingMessage, res: ServerResponse) {
  res.setHeader("Access-Control-Allow-Origin", req.headers.origin ?? "*");
  res.setHeader("Vary", "Origin");
  res.setHeader("Access-Control-Allow-Methods", "GET, POST, DELETE, OPTIONS");
  res.setHeader("Access-Control-Allow-Headers", req.headers["access-control-request-headers"] ?? "Content-Type");
  res.setHeader("Access-Control-Max-Age", "600");
  if (req.headers["access-control-request-private-network"]) res.setHeader("Access-Control-Allow-Private-Network", "true");
}

async function readJson(req: IncomingMessage): Promise<unknown> {
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

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Checks a receipt body; the reason it is not one, or null. */
function receiptProblem(body: unknown): string | null {
  if (!isObject(body)) return "the body must be a JSON object";
  for (const key of ["currency", "store", "invoice", "items", "totals", "returns", "rewards", "openDrawer"]) {
    if (!(key in body)) return `missing field ${key}`;
  }
  if (!Array.isArray(body.items)) return "items must be an array";
  if (typeof body.openDrawer !== "boolean") return "openDrawer must be a boolean";
  return null;
}

function rawProblem(body: unknown): string | null {
  if (!isObject(body) || !Array.isArray(body.receipts)) return "the body must be {receipts: [...]}";
  return null;
}

const rawBytes = (receipt: unknown): number[] => (Array.isArray(receipt) ? receipt.filter((b): b is number => Number.isInteger(b)) : typeof receipt === "string" ? [...receipt].map((c) => c.charCodeAt(0)) : []);

/** Starts the simulator; port 0 picks a free port. */
export async function startPrintService(opts: PrintServiceOptions = {}): Promise<PrintServiceHandle> {
  const logFile = opts.logFile === undefined ? (process.env.PRINT_SERVICE_LOG ?? "/tmp/print-service.jsonl") : opts.logFile;
  const requests: RecordedRequest[] = [];
  let seq = 0;
  let failing = false;

  async function record(kind: RecordedRequest["kind"], path: string, body: unknown, opensDrawer: boolean) {
    const entry: RecordedRequest = { seq: ++seq, at: new Date().toISOString(), kind, path, body, opensDrawer };
    requests.push(entry);
    if (logFile) await appendFile(logFile, `${JSON.stringify(entry)}\n`, "utf8");
    return entry;
  }

  const server = createServer(async (req, res) => {
    cors(req, res);
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    try {
      if (req.method === "OPTIONS") return send(res, 204);
      if (req.method === "GET" && path === "/health") return send(res, 200, { ok: true });
      if (req.method === "GET" && path === "/requests") return send(res, 200, requests);
      if (req.method === "DELETE" && path === "/requests") {
        requests.length = 0;
        return send(res, 204);
      }
      if (req.method === "POST" && path === "/simulate") {
        const body = await readJson(req);
        failing = isObject(body) && body.fail === true;
        return send(res, 200, { fail: failing });
      }
      if (req.method === "POST" && (path === "/print/receipt" || path === "/print/receipt/")) {
        const body = await readJson(req);
        const problem = receiptProblem(body);
        if (problem) return send(res, 400, { error: problem });
        if (failing) return send(res, 500, { error: "simulated printer failure" });
        const entry = await record("receipt", path, body, (body as { openDrawer: boolean }).openDrawer);
        return send(res, 200, { ok: true, seq: entry.seq });
      }
      if (req.method === "POST" && (path === "/print/raw/" || path === "/print/raw")) {
        const body = await readJson(req);
        const problem = rawProblem(body);
        if (problem) return send(res, 400, { error: problem });
        if (failing) return send(res, 500, { error: "simulated printer failure" });
        const receipts = (body as { receipts: unknown[] }).receipts;
        const entry = await record("raw", path, body, receipts.some((r) => containsSequence(rawBytes(r), DRAWER_OPEN_COMMAND)));
        return send(res, 200, { ok: true, seq: entry.seq });
      }
      return send(res, 404, { error: "not found" });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return send(res, error instanceof SyntaxError ? 400 : message === "body too large" ? 413 : 500, { error: message });
    }
  });

  const host = opts.host ?? process.env.HOST ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? Number(process.env.PORT ?? 8080), host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}/`,
    port,
    server,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const service = await startPrintService();
  console.log(`print-service simulator listening on ${service.url} (log: ${process.env.PRINT_SERVICE_LOG ?? "/tmp/print-service.jsonl"})`);
  const stop = () => {
    void service.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
