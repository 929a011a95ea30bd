import type { TFunction } from "i18next";
import type { ReceiptData } from "../../../shared/pos/receipt";
import { tMessage } from "../../lib/i18n";
import { printReceipt } from "./printing/print-receipt";
import { connectUsbPrinter, USB_PRINTER_ERROR_KEYS, type UsbPrinterConnection, UsbPrinterError } from "./printing/webusb";

/** The USB receipt printer of this browser tab, once the cashier connected it. */
let usbPrinter: UsbPrinterConnection | null = null;

export function connectedUsbPrinter(): UsbPrinterConnection | null {
  return usbPrinter?.isConnected() ? usbPrinter : null;
}

/** Asks the browser for a USB receipt printer (30 s to choose); throws UsbPrinterError with a message key. */
export async function connectUsb(): Promise<UsbPrinterConnection | null> {
  usbPrinter = await connectUsbPrinter();
  return usbPrinter;
}

export function usbErrorKey(error: unknown): string {
  return error instanceof UsbPrinterError ? USB_PRINTER_ERROR_KEYS[error.code] : "pos:printing.printError";
}

/**
 * Prints a receipt: the cash box's print service first, then a connected USB printer, then the
 * browser's print dialog (80 mm). Returns whether something printed.
 */
export async function printOrderReceipt(data: ReceiptData & { openDrawer?: boolean }, lang: string): Promise<boolean> {
  const result = await printReceipt(data, {
    language: lang === "en" ? "en" : "es",
    printServer: data.printServer ?? null,
    usb: connectedUsbPrinter(),
    openDrawer: data.openDrawer ?? false,
  });
  return result.ok;
}

/** The spec's receipt messages: an unconfigured mail service and a lost connection get their own texts. */
export function receiptErrorMessage(error: unknown, t: TFunction): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/failed to fetch|networkerror/i.test(message)) return t("pos:post.offline");
  if (/mail|correo|smtp/i.test(message) && /config/i.test(message)) return t("pos:post.mailNotConfigured");
  return tMessage(message) ?? message;
}
