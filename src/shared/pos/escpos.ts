import ReceiptPrinterEncoder from "@point-of-sale/receipt-printer-encoder";
import { RECEIPT_WIDTH, type ReceiptLine } from "./receipt";

/** ESC p 0 25 250: pulse the cash drawer on pin 2 for 50 ms, 500 ms off (spec 02 §7). */
export const DRAWER_OPEN_COMMAND: readonly number[] = [27, 112, 0, 25, 250];

export interface EscPosOptions {
  /** columns of the printer (48 on 80 mm paper) */
  columns?: number;
  /** cut the paper at the end (default true) */
  cut?: boolean;
  /** pulse the cash drawer after the receipt */
  openDrawer?: boolean;
  /** blank lines fed before the cut so the last line clears the cutter (default 4) */
  feedBeforeCut?: number;
  /** a code page mapping reported by the printer connection (default 'epson') */
  codepageMapping?: string;
}

/**
 * ESC/POS bytes for receipt lines: initialise, the lines (bold where marked; accented Spanish
 * letters through the encoder's automatic code pages), a feed and a full cut, then the drawer
 * pulse when asked.
 */
export function encodeReceipt(lines: readonly ReceiptLine[], opts: EscPosOptions = {}): Uint8Array {
  const columns = opts.columns ?? RECEIPT_WIDTH;
  const encoder = new ReceiptPrinterEncoder({
    language: "esc-pos",
    columns,
    feedBeforeCut: opts.feedBeforeCut ?? 4,
    codepageMapping: (opts.codepageMapping ?? "epson") as never,
  });
  encoder.initialize().codepage("auto");
  for (const line of lines) {
    const text = line.text.length > columns ? line.text.slice(0, columns) : line.text;
    if (line.bold) encoder.bold(true).line(text).bold(false);
    else encoder.line(text);
  }
  if (opts.cut ?? true) encoder.cut("full");
  if (opts.openDrawer) encoder.raw([...DRAWER_OPEN_COMMAND]);
  return encoder.encode();
}

/** Just the drawer-open command, for printers reached without a receipt. */
export function drawerOpenBytes(): Uint8Array {
  return Uint8Array.from(DRAWER_OPEN_COMMAND);
}
