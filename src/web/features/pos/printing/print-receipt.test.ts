import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type PrintServiceHandle, startPrintService } from "../../../../../tools/print-service";
import { sampleReceipt } from "../../../../shared/pos/test-fixtures";
import { openCashDrawer, printReceipt } from "./print-receipt";
import { type UsbPrinterConnection, UsbPrinterError } from "./webusb";

let service: PrintServiceHandle;
beforeAll(async () => {
  service = await startPrintService({ port: 0, logFile: null });
});
afterAll(() => service.close());
beforeEach(() => {
  service.requests.length = 0;
});

function fakeUsb(opts: { fail?: boolean; connected?: boolean } = {}) {
  const sent: Uint8Array[] = [];
  const conn: UsbPrinterConnection = {
    device: { type: "usb", vendorId: 1208, productId: 514, language: "esc-pos", codepageMapping: "epson" },
    isConnected: () => opts.connected ?? true,
    async print(bytes) {
      if (opts.fail) throw new UsbPrinterError("printFailed");
      sent.push(bytes);
    },
    async disconnect() {},
  };
  return { conn, sent };
}

const noBrowser = { document: undefined };

describe("printReceipt", () => {
  it("uses the print service first when the cash box has one", async () => {
    const usb = fakeUsb();
    const result = await printReceipt(sampleReceipt(), { printServer: service.url, usb: usb.conn, openDrawer: true });
    expect(result).toEqual({ ok: true, method: "service", failures: [] });
    expect(service.requests).toHaveLength(1);
    expect(service.requests[0]).toMatchObject({ kind: "receipt", opensDrawer: true });
    expect(usb.sent).toHaveLength(0);
  });

  it("falls back to the USB printer when the service fails, with the drawer pulse", async () => {
    const usb = fakeUsb();
    const result = await printReceipt(sampleReceipt(), { printServer: "http://127.0.0.1:1/", usb: usb.conn, openDrawer: true, service: { timeoutMs: 2000 } });
    expect([result.ok, result.method, result.failures.map((f) => f.method)]).toEqual([true, "usb", ["service"]]);
    const bytes = Array.from(usb.sent[0]!);
    expect(bytes.slice(0, 2)).toEqual([27, 64]);
    expect(bytes.slice(-5)).toEqual([27, 112, 0, 25, 250]);
  });

  it("reports every failure when nothing can print (never throws)", async () => {
    const usb = fakeUsb({ fail: true });
    const result = await printReceipt(sampleReceipt(), { printServer: "http://127.0.0.1:1/", usb: usb.conn, browser: noBrowser, service: { timeoutMs: 2000 } });
    expect(result.ok).toBe(false);
    expect(result.method).toBeNull();
    expect(result.failures.map((f) => f.method)).toEqual(["service", "usb", "browser"]);
    expect(result.failures[1]!.error).toBeInstanceOf(UsbPrinterError);
  });

  it("skips methods that are not set up and honours the order asked for", async () => {
    const usb = fakeUsb({ connected: false });
    const result = await printReceipt(sampleReceipt(), { usb: usb.conn, methods: ["usb", "service", "browser"], browser: noBrowser });
    expect(result).toEqual({ ok: false, method: null, failures: [{ method: "browser" }] });
  });
});

describe("openCashDrawer", () => {
  it("through the print service, else the USB printer", async () => {
    expect(await openCashDrawer({ printServer: service.url })).toBe(true);
    expect(service.requests[0]).toMatchObject({ kind: "raw", opensDrawer: true, body: { receipts: [[27, 112, 0, 25, 250]] } });
    const usb = fakeUsb();
    expect(await openCashDrawer({ printServer: "http://127.0.0.1:1/", usb: usb.conn, service: { timeoutMs: 2000 } })).toBe(true);
    expect(Array.from(usb.sent[0]!)).toEqual([27, 112, 0, 25, 250]);
    expect(await openCashDrawer({ usb: fakeUsb({ fail: true }).conn })).toBe(false);
    expect(await openCashDrawer({})).toBe(false);
  });
});
