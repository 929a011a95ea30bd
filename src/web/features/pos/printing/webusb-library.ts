import WebUSBReceiptPrinter from "@point-of-sale/webusb-receipt-printer";
import type { ReceiptPrinterLike } from "./webusb";

/** A new printer object of @point-of-sale/webusb-receipt-printer (loaded on demand: browser-only package). */
export function createLibraryPrinter(): ReceiptPrinterLike {
  return new WebUSBReceiptPrinter() as unknown as ReceiptPrinterLike;
}
