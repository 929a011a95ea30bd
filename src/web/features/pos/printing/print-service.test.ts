import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type PrintServiceHandle, startPrintService } from "../../../../../tools/print-service";
import { sampleReceipt } from "../../../../shared/pos/test-fixtures";
import { buildPrintServicePayload, openDrawerViaService, printRawViaService, printServiceUrl, printViaService } from "./print-service";

let service: PrintServiceHandle;
let dir: string;
let logFile: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "print-service-"));
  logFile = path.join(dir, "requests.jsonl");
  service = await startPrintService({ port: 0, logFile });
});
afterAll(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await fetch(`${service.url}requests`, { method: "DELETE" });
  await fetch(`${service.url}simulate`, { method: "POST", body: JSON.stringify({ fail: false }) });
});

const recorded = async () => (await (await fetch(`${service.url}requests`)).json()) as Array<{ kind: string; path: string; body: any; opensDrawer: boolean }>;

describe("print service client against the simulator", () => {
  it("posts a receipt to {print_server}print/receipt and the simulator records it", async () => {
    const payload = buildPrintServicePayload(sampleReceipt(), { openDrawer: true, ncfExpiresOn: "2026-12-31", ncfTypeDescription: "Factura de Crédito Fiscal" });
    // the cash box's print_server may come without its trailing slash
    expect(await printViaService(service.url.replace(/\/$/, ""), payload)).toBe(true);
    const [entry, ...rest] = await recorded();
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ kind: "receipt", path: "/print/receipt", opensDrawer: true });
    expect(Object.keys(entry!.body).sort()).toEqual(["currency", "invoice", "items", "openDrawer", "returns", "rewards", "store", "totals"]);
    expect(entry!.body).toEqual(JSON.parse(JSON.stringify(payload)));
    expect(entry!.body.invoice).toMatchObject({ number: "FAC-000042", ncf: "B0100000005", ncfExpiresOn: "2026-12-31", customer: { name: "Distribuidora Pérez SRL", taxId: "101850043" } });
    expect(entry!.body.items[0]).toEqual({ name: expect.stringContaining("Café"), quantity: "2", unitPrice: "118.00", discount: "10.00", itbis: "34.20", total: "224.20" });
    expect(entry!.body.totals).toMatchObject({ subtotal: "284.75", discount: "10.00", tax: "49.45", taxPercent: "18", total: "324.20", change: "175.80" });
    expect(entry!.body.returns).toEqual({ days: 2, policy: "Devoluciones: válidas por 2 días con este recibo." });
    expect(entry!.body.rewards).toEqual({ pointsEarned: "3", currentBalance: "120" });
    const lines = readFileSync(logFile, "utf8").trim().split("\n");
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ kind: "receipt", body: { invoice: { number: "FAC-000042" } } });
  });

  it("opens the drawer through print/raw/ with {receipts} carrying 27,112,0,25,250", async () => {
    expect(await openDrawerViaService(service.url)).toBe(true);
    expect(await printRawViaService(service.url, [Uint8Array.from([27, 64, 65, 10])])).toBe(true);
    const entries = await recorded();
    expect(entries.map((e) => [e.kind, e.path, e.opensDrawer])).toEqual([
      ["raw", "/print/raw/", true],
      ["raw", "/print/raw/", false],
    ]);
    expect(entries[0]!.body).toEqual({ receipts: [[27, 112, 0, 25, 250]] });
  });

  it("returns false, never throws, when the service fails or cannot be reached", async () => {
    await fetch(`${service.url}simulate`, { method: "POST", body: JSON.stringify({ fail: true }) });
    expect(await printViaService(service.url, buildPrintServicePayload(sampleReceipt()))).toBe(false);
    expect(await openDrawerViaService(service.url)).toBe(false);
    expect(await recorded()).toEqual([]);
    const closed = await startPrintService({ port: 0, logFile: null });
    await closed.close();
    expect(await printViaService(closed.url, buildPrintServicePayload(sampleReceipt()))).toBe(false);
    expect(await openDrawerViaService("http://127.0.0.1:1/")).toBe(false);
    const hanging = () => new Promise<Response>(() => {});
    expect(await printViaService(service.url, buildPrintServicePayload(sampleReceipt()), { fetch: hanging as typeof fetch, timeoutMs: 20 })).toBe(false);
  });

  it("refuses a body that is not a receipt (400) and answers CORS preflights", async () => {
    const bad = await fetch(`${service.url}print/receipt`, { method: "POST", body: JSON.stringify({ items: [] }) });
    expect(bad.status).toBe(400);
    const preflight = await fetch(`${service.url}print/receipt`, {
      method: "OPTIONS",
      headers: { Origin: "http://demo.localhost:3000", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type", "Access-Control-Request-Private-Network": "true" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("http://demo.localhost:3000");
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
    expect(preflight.headers.get("access-control-allow-private-network")).toBe("true");
  });

  it("payload defaults: cash customer in the chosen language, no drawer", () => {
    const data = sampleReceipt();
    data.customer = null;
    data.rewards = null;
    const p = buildPrintServicePayload(data, { language: "en" });
    expect(p.invoice.customer).toEqual({ name: "Cash customer", taxId: null });
    expect([p.openDrawer, p.rewards, p.currency.code]).toEqual([false, null, "DOP"]);
    expect(p.returns.policy).toBe("Returns: accepted within 2 days with this receipt.");
  });

  it("joins the print server and the path with exactly one slash", () => {
    expect(printServiceUrl("http://localhost:8080", "print/raw/")).toBe("http://localhost:8080/print/raw/");
    expect(printServiceUrl("http://localhost:8080//", "/print/receipt")).toBe("http://localhost:8080/print/receipt");
    expect(printServiceUrl(null, "print/receipt")).toBe("http://localhost:8080/print/receipt");
  });
});
