import { drawerOpenBytes } from "../../../../shared/pos/drawer";
import { buildReceiptLines, type ReceiptData, type ReceiptLanguage, type ReceiptOptions } from "../../../../shared/pos/receipt";
import { type BrowserPrintOptions, printReceiptInBrowser } from "./browser-print";
import { buildPrintServicePayload, openDrawerViaService, type PrintServiceOptions, printViaService } from "./print-service";
import type { UsbPrinterConnection } from "./webusb";

/** The ways a receipt can be printed, in the order they are tried. */
export type PrintMethod = "service" | "usb" | "browser";

export interface PrintReceiptOptions extends Omit<ReceiptOptions, "language" | "width"> {
  language?: ReceiptLanguage;
  /** the cash box's print server; without it the print service is not tried */
  printServer?: string | null;
  /** a connected USB printer; without it USB is not tried */
  usb?: UsbPrinterConnection | null;
  /** open the cash drawer with the receipt (service and USB) */
  openDrawer?: boolean;
  /** the methods to try, in order (default: service, usb, browser) */
  methods?: readonly PrintMethod[];
  service?: PrintServiceOptions;
  browser?: BrowserPrintOptions;
}

export interface PrintResult {
  ok: boolean;
  /** the method that printed, or null */
  method: PrintMethod | null;
  /** what went wrong with each method tried before (UsbPrinterError for USB) */
  failures: Array<{ method: PrintMethod; error?: unknown }>;
}

/**
 * Prints a receipt with the first method that works: the print service (when the cash box has
 * one), then a connected USB printer, then the browser's print dialog. Never throws.
 */
export async function printReceipt(data: ReceiptData, opts: PrintReceiptOptions = {}): Promise<PrintResult> {
  const methods = opts.methods ?? ["service", "usb", "browser"];
  const failures: PrintResult["failures"] = [];
  const lines = () => buildReceiptLines(data, { ...opts, language: opts.language });
  for (const method of methods) {
    try {
      if (method === "service") {
        if (!opts.printServer) continue;
        const payload = buildPrintServicePayload(data, { language: opts.language, openDrawer: opts.openDrawer, returnPolicyDays: opts.returnPolicyDays, ncfExpiresOn: opts.ncfExpiresOn, ncfTypeDescription: opts.ncfTypeDescription });
        if (await printViaService(opts.printServer, payload, opts.service)) return { ok: true, method, failures };
        failures.push({ method });
      } else if (method === "usb") {
        if (!opts.usb?.isConnected()) continue;
        // The ESC/POS encoder is only needed by a USB printer: fetched then, not with the POS.
        const { encodeReceipt } = await import("../../../../shared/pos/escpos");
        await opts.usb.print(encodeReceipt(lines(), { openDrawer: opts.openDrawer, language: opts.usb.device.language, codepageMapping: opts.usb.device.codepageMapping }));
        return { ok: true, method, failures };
      } else {
        if (await printReceiptInBrowser(lines(), { ...opts.browser, title: data.order.number, lang: opts.language })) return { ok: true, method, failures };
        failures.push({ method });
      }
    } catch (error) {
      failures.push({ method, error });
    }
  }
  return { ok: false, method: null, failures };
}

/** Opens the cash drawer through the print service or a connected USB printer; false when neither worked. */
export async function openCashDrawer(opts: { printServer?: string | null; usb?: UsbPrinterConnection | null; service?: PrintServiceOptions }): Promise<boolean> {
  if (opts.printServer && (await openDrawerViaService(opts.printServer, opts.service))) return true;
  if (opts.usb?.isConnected()) {
    try {
      await opts.usb.print(drawerOpenBytes());
      return true;
    } catch {
      return false;
    }
  }
  return false;
}
