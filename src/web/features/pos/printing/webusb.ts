import type { ConnectedPrinterInfo } from "@point-of-sale/webusb-receipt-printer";

/**
 * A USB receipt printer reached from the browser with WebUSB, through
 * @point-of-sale/webusb-receipt-printer (printer profiles, code page mapping). The library logs
 * and swallows its errors, so this module watches the chosen device's open, claim and transfer
 * calls to tell the cashier what went wrong (spec 02 §8: cannot access the printer — close other
 * programs or use browser print; no USB interface could be claimed; selection times out at 30 s).
 */

export const USB_SELECT_TIMEOUT_MS = 30_000;

export type UsbPrinterErrorCode = "unsupported" | "timeout" | "access" | "noInterface" | "notConnected" | "printFailed";

/** i18n keys (pos namespace) of the messages for each error. */
export const USB_PRINTER_ERROR_KEYS: Record<UsbPrinterErrorCode, string> = {
  unsupported: "pos:printing.usbUnsupported",
  timeout: "pos:printing.usbTimeout",
  access: "pos:printing.usbAccess",
  noInterface: "pos:printing.usbNoInterface",
  notConnected: "pos:printing.usbNotConnected",
  printFailed: "pos:printing.usbPrintFailed",
};

export class UsbPrinterError extends Error {
  readonly code: UsbPrinterErrorCode;
  /** the message to show, as an i18n key */
  readonly i18nKey: string;
  constructor(code: UsbPrinterErrorCode, cause?: unknown) {
    super(`USB printer: ${code}${cause instanceof Error ? ` (${cause.message})` : ""}`, cause === undefined ? undefined : { cause });
    this.name = "UsbPrinterError";
    this.code = code;
    this.i18nKey = USB_PRINTER_ERROR_KEYS[code];
  }
}

/** The parts of WebUSB's USB and USBDevice this module touches (lib.dom has no WebUSB types). */
export interface UsbDeviceLike {
  vendorId: number;
  productId: number;
  serialNumber?: string;
  opened?: boolean;
  open(): Promise<void>;
  claimInterface(n: number): Promise<void>;
  transferOut(endpoint: number, data: BufferSource): Promise<unknown>;
}
export interface UsbLike {
  requestDevice(options: unknown): Promise<UsbDeviceLike>;
  getDevices(): Promise<UsbDeviceLike[]>;
  addEventListener(type: string, listener: (event: unknown) => void): void;
}

/** What the library's printer object offers (see its README). */
export interface ReceiptPrinterLike {
  connect(): Promise<void>;
  reconnect(device: { serialNumber?: string; vendorId: number; productId: number }): Promise<void>;
  disconnect(): Promise<void>;
  print(data: Uint8Array): Promise<void>;
  addEventListener(event: "connected", listener: (device: ConnectedPrinterInfo) => void): void;
  addEventListener(event: "disconnected", listener: () => void): void;
}

export interface UsbPrinterConnection {
  /** manufacturer, product, serial, vendor/product ids, printer language and code page mapping */
  device: ConnectedPrinterInfo;
  isConnected(): boolean;
  /** Sends ESC/POS bytes; throws UsbPrinterError (notConnected, printFailed). */
  print(bytes: Uint8Array): Promise<void>;
  disconnect(): Promise<void>;
}

export interface UsbConnectOptions {
  /** navigator.usb by default */
  usb?: UsbLike;
  /** a new library printer by default */
  createPrinter?: () => Promise<ReceiptPrinterLike> | ReceiptPrinterLike;
  /** device selection timeout (30 s) */
  timeoutMs?: number;
}

type Captured = { open?: unknown; claim?: unknown; transfer?: unknown };

async function defaultPrinter(): Promise<ReceiptPrinterLike> {
  const { createLibraryPrinter } = await import("./webusb-library");
  return createLibraryPrinter();
}

function browserUsb(): UsbLike | null {
  const nav = (globalThis as { navigator?: { usb?: UsbLike } }).navigator;
  return nav?.usb ?? null;
}

/** Records the device's open/claim/transfer failures (the library only logs them). */
function watch(device: UsbDeviceLike, captured: Captured): void {
  const marked = device as UsbDeviceLike & { __enzzoWatched?: Captured };
  if (marked.__enzzoWatched) {
    // already wrapped by an earlier connection: point it at the new record
    marked.__enzzoWatched = captured;
    return;
  }
  marked.__enzzoWatched = captured;
  const wrap = <K extends "open" | "claimInterface" | "transferOut">(name: K, key: keyof Captured) => {
    const original = device[name] as (...args: unknown[]) => Promise<unknown>;
    (device as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      try {
        return await original.apply(device, args);
      } catch (error) {
        const record = marked.__enzzoWatched;
        if (record) record[key] = error;
        throw error;
      }
    };
  };
  wrap("open", "open");
  wrap("claimInterface", "claim");
  wrap("transferOut", "transfer");
}

const isAccessProblem = (error: unknown) =>
  error instanceof Error && (error.name === "SecurityError" || /access denied|in use|busy|permission/i.test(error.message));

function classify(captured: Captured): UsbPrinterError {
  if (captured.open !== undefined) return new UsbPrinterError("access", captured.open);
  if (captured.claim !== undefined) return new UsbPrinterError(isAccessProblem(captured.claim) ? "access" : "noInterface", captured.claim);
  return new UsbPrinterError("access");
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function makeConnection(printer: ReceiptPrinterLike, info: ConnectedPrinterInfo, captured: Captured): UsbPrinterConnection {
  let connected = true;
  printer.addEventListener("disconnected", () => {
    connected = false;
  });
  return {
    device: info,
    isConnected: () => connected,
    async print(bytes) {
      if (!connected) throw new UsbPrinterError("notConnected");
      captured.transfer = undefined;
      await printer.print(bytes);
      if (captured.transfer !== undefined) throw new UsbPrinterError("printFailed", captured.transfer);
    },
    async disconnect() {
      connected = false;
      await printer.disconnect();
    },
  };
}

/**
 * Asks the user to pick a USB printer (call it from a click) and connects to it. Resolves to the
 * connection, or null when the user closed the chooser without picking one. Throws
 * UsbPrinterError: unsupported (no WebUSB), timeout (no choice within 30 s), access (the printer
 * cannot be opened: another program or the system driver holds it), noInterface (no USB
 * interface could be claimed).
 */
export async function connectUsbPrinter(opts: UsbConnectOptions = {}): Promise<UsbPrinterConnection | null> {
  const usb = opts.usb ?? browserUsb();
  if (!usb) throw new UsbPrinterError("unsupported");
  const printer = await (opts.createPrinter ?? defaultPrinter)();
  const captured: Captured = {};
  let chosen: UsbDeviceLike | null = null;
  let info: ConnectedPrinterInfo | null = null;
  printer.addEventListener("connected", (device) => {
    info = device;
  });

  const target = usb as UsbLike & Record<string, unknown>;
  const hadOwn = Object.hasOwn(target, "requestDevice");
  const original = target.requestDevice;
  target.requestDevice = async (options: unknown) => {
    const device = await original.call(usb, options);
    if (device) {
      chosen = device;
      watch(device, captured);
    }
    return device;
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), opts.timeoutMs ?? USB_SELECT_TIMEOUT_MS);
  });
  try {
    const connecting = printer.connect();
    const outcome = await Promise.race([connecting.then(() => "done" as const), timeout]);
    // past 30 s with a printer chosen: it is still being opened, so let that finish
    if (outcome === "timeout" && !chosen) throw new UsbPrinterError("timeout");
    if (outcome === "timeout") await connecting;
  } finally {
    clearTimeout(timer);
    if (hadOwn) target.requestDevice = original;
    else Reflect.deleteProperty(target, "requestDevice");
  }
  await nextTask();
  if (info) return makeConnection(printer, info, captured);
  if (!chosen) return null;
  throw classify(captured);
}

/**
 * Connects again, without asking, to a printer the user already allowed (for page load).
 * Resolves to null when that printer is not plugged in; throws UsbPrinterError as connect does.
 */
export async function reconnectUsbPrinter(
  saved: { serialNumber?: string; vendorId: number; productId: number },
  opts: Omit<UsbConnectOptions, "timeoutMs"> = {},
): Promise<UsbPrinterConnection | null> {
  const usb = opts.usb ?? browserUsb();
  if (!usb) throw new UsbPrinterError("unsupported");
  const devices = await usb.getDevices();
  const device = devices.find((d) => saved.serialNumber && d.serialNumber === saved.serialNumber) ?? devices.find((d) => d.vendorId === saved.vendorId && d.productId === saved.productId);
  if (!device) return null;
  const captured: Captured = {};
  watch(device, captured);
  const printer = await (opts.createPrinter ?? defaultPrinter)();
  let info: ConnectedPrinterInfo | null = null;
  printer.addEventListener("connected", (d) => {
    info = d;
  });
  try {
    await printer.reconnect(saved);
  } catch (error) {
    throw new UsbPrinterError("access", error);
  }
  await nextTask();
  if (info) return makeConnection(printer, info, captured);
  throw classify(captured);
}
