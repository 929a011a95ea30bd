import ReceiptPrinterEncoder from "@point-of-sale/receipt-printer-encoder";
import { DRAWER_OPEN_COMMAND } from "./drawer";
import { RECEIPT_WIDTH, type ReceiptLine } from "./receipt";

export type PrinterLanguage = "esc-pos" | "star-prnt" | "star-line";

export interface EscPosOptions {
  /** columns of the printer (48 on 80 mm paper) */
  columns?: number;
  /** cut the paper at the end (default true) */
  cut?: boolean;
  /** pulse the cash drawer after the receipt */
  openDrawer?: boolean;
  /** blank lines fed before the cut so the last line clears the cutter (default 4) */
  feedBeforeCut?: number;
  /** the printer's language as reported by its connection (default ESC/POS) */
  language?: string;
  /** the code page mapping reported by the printer connection; unknown names fall back to the language's default */
  codepageMapping?: string;
}

function createEncoder(language: PrinterLanguage, columns: number, feedBeforeCut: number, codepageMapping?: string) {
  const base = { language, columns, feedBeforeCut };
  if (codepageMapping) {
    try {
      return new ReceiptPrinterEncoder({ ...base, codepageMapping: codepageMapping as never });
    } catch {
      /* a mapping the encoder does not know ('default', 'zjiang'…): use the language's default */
    }
  }
  return new ReceiptPrinterEncoder(base);
}

/**
 * Printer bytes for receipt lines: initialise, the lines (bold where marked; accented Spanish
 * letters through the encoder's automatic code pages), a feed and a full cut, then the drawer
 * pulse when asked: exactly 27,112,0,25,250 in ESC/POS, the encoder's pulse for Star printers.
 */
export function encodeReceipt(lines: readonly ReceiptLine[], opts: EscPosOptions = {}): Uint8Array {
  const columns = opts.columns ?? RECEIPT_WIDTH;
  const language: PrinterLanguage = opts.language === "star-prnt" || opts.language === "star-line" ? opts.language : "esc-pos";
  const encoder = createEncoder(language, columns, opts.feedBeforeCut ?? 4, opts.codepageMapping);
  encoder.initialize().codepage("auto");
  for (const line of lines) {
    const text = line.text.length > columns ? line.text.slice(0, columns) : line.text;
    if (line.bold) encoder.bold(true).line(text).bold(false);
    else encoder.line(text);
  }
  if (opts.cut ?? true) encoder.cut("full");
  if (opts.openDrawer) {
    if (language === "esc-pos") encoder.raw([...DRAWER_OPEN_COMMAND]);
    else encoder.pulse();
  }
  return encoder.encode();
}
