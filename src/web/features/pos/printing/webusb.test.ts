import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { encodeReceipt } from "../../../../shared/pos/escpos";
import { connectUsbPrinter, type ReceiptPrinterLike, reconnectUsbPrinter, type UsbDeviceLike, type UsbLike, UsbPrinterError } from "./webusb";

/**
 * The real @point-of-sale/webusb-receipt-printer against a fake WebUSB (navigator.usb). The
 * package only exports a browser build, so the test loads that file by its path.
 */
const LIBRARY = "../../../../../node_modules/@point-of-sale/webusb-receipt-printer/dist/webusb-receipt-printer.esm.js";
let Library: new () => ReceiptPrinterLike;
beforeAll(async () => {
  Library = (await import(/* @vite-ignore */ LIBRARY)).default;
});

class FakeDevice implements UsbDeviceLike {
  vendorId = 1208; // Epson
  productId = 514;
  serialNumber = "TM-T20III-0001";
  manufacturerName = "EPSON";
  productName = "TM-T20III";
  opened = false;
  sent: Uint8Array[] = [];
  failOpen: Error | null = null;
  failClaim: Error | null = null;
  failTransfer: Error | null = null;
  configuration = {
    interfaces: [
      {
        interfaceNumber: 0,
        alternate: {
          endpoints: [
            { direction: "out", endpointNumber: 1 },
            { direction: "in", endpointNumber: 2 },
          ],
        },
      },
    ],
  };
  async open() {
    if (this.failOpen) throw this.failOpen;
    this.opened = true;
  }
  async selectConfiguration() {}
  async claimInterface() {
    if (this.failClaim) throw this.failClaim;
  }
  async reset() {}
  async close() {
    this.opened = false;
  }
  async transferOut(_endpoint: number, data: BufferSource) {
    if (this.failTransfer) throw this.failTransfer;
    this.sent.push(new Uint8Array(data as ArrayBuffer));
    return { status: "ok" };
  }
}

class FakeUsb implements UsbLike {
  device = new FakeDevice();
  /** what the chooser does: pick the device, cancel, or never answer */
  chooser: "pick" | "cancel" | "hang" = "pick";
  requests = 0;
  requestDevice(): Promise<UsbDeviceLike> {
    this.requests++;
    if (this.chooser === "pick") return Promise.resolve(this.device);
    if (this.chooser === "cancel") return Promise.reject(Object.assign(new Error("No device selected."), { name: "NotFoundError" }));
    return new Promise(() => {});
  }
  async getDevices() {
    return [this.device];
  }
  addEventListener() {}
}

let usb: FakeUsb;
const createPrinter = () => new Library();
const logged = vi.spyOn(console, "log");

beforeEach(() => {
  usb = new FakeUsb();
  vi.stubGlobal("navigator", { usb });
  logged.mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("WebUSB receipt printer", () => {
  it("connects to the chosen printer and sends the ESC/POS bytes to its OUT endpoint", async () => {
    const conn = await connectUsbPrinter({ usb, createPrinter });
    expect(conn).not.toBeNull();
    expect(conn!.device).toMatchObject({ type: "usb", vendorId: 1208, productName: "TM-T20III", language: "esc-pos", codepageMapping: "epson" });
    const bytes = encodeReceipt([{ text: "TOTAL" }], { openDrawer: true });
    await conn!.print(bytes);
    expect(usb.device.sent).toHaveLength(1);
    expect(Array.from(usb.device.sent[0]!)).toEqual(Array.from(bytes));
    expect(Array.from(usb.device.sent[0]!.slice(-5))).toEqual([27, 112, 0, 25, 250]);
    // the temporary hook on requestDevice is gone
    expect(Object.hasOwn(usb, "requestDevice")).toBe(false);
    await conn!.disconnect();
    await expect(conn!.print(bytes)).rejects.toMatchObject({ code: "notConnected", i18nKey: "pos:printing.usbNotConnected" });
  });

  it("a printer that cannot be opened (held by another program) is 'access'", async () => {
    usb.device.failOpen = Object.assign(new Error("Access denied."), { name: "SecurityError" });
    const error = await connectUsbPrinter({ usb, createPrinter }).catch((e) => e);
    expect(error).toBeInstanceOf(UsbPrinterError);
    expect(error).toMatchObject({ code: "access", i18nKey: "pos:printing.usbAccess" });
  });

  it("no claimable USB interface is 'noInterface'", async () => {
    usb.device.failClaim = Object.assign(new Error("Unable to claim interface."), { name: "NetworkError" });
    await expect(connectUsbPrinter({ usb, createPrinter })).rejects.toMatchObject({ code: "noInterface", i18nKey: "pos:printing.usbNoInterface" });
  });

  it("closing the chooser without a printer resolves to null", async () => {
    usb.chooser = "cancel";
    expect(await connectUsbPrinter({ usb, createPrinter })).toBeNull();
  });

  it("no choice within 30 s is 'timeout'", async () => {
    vi.useFakeTimers();
    usb.chooser = "hang";
    const pending = connectUsbPrinter({ usb, createPrinter }).catch((e) => e);
    await vi.advanceTimersByTimeAsync(29_999);
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ code: "timeout", i18nKey: "pos:printing.usbTimeout" });
  });

  it("a failed transfer is 'printFailed' (the library only logs it)", async () => {
    const conn = (await connectUsbPrinter({ usb, createPrinter }))!;
    usb.device.failTransfer = new Error("The transfer was cancelled.");
    await expect(conn.print(Uint8Array.from([27, 64]))).rejects.toMatchObject({ code: "printFailed", i18nKey: "pos:printing.usbPrintFailed" });
    usb.device.failTransfer = null;
    await conn.print(Uint8Array.from([27, 64]));
    expect(usb.device.sent).toHaveLength(1);
  });

  it("without WebUSB it is 'unsupported'", async () => {
    vi.stubGlobal("navigator", {});
    await expect(connectUsbPrinter({ createPrinter })).rejects.toMatchObject({ code: "unsupported" });
  });

  it("reconnects without asking to a printer allowed before", async () => {
    const conn = await reconnectUsbPrinter({ serialNumber: "TM-T20III-0001", vendorId: 1208, productId: 514 }, { usb, createPrinter });
    expect(conn?.device.serialNumber).toBe("TM-T20III-0001");
    expect(usb.requests).toBe(0);
    expect(await reconnectUsbPrinter({ serialNumber: "other", vendorId: 1, productId: 2 }, { usb, createPrinter })).toBeNull();
  });
});
