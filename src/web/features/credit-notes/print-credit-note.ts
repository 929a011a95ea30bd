import { buildCreditNoteLines, type CreditNoteReceipt } from "../../../shared/credit-notes/receipt";
import { printReceiptInBrowser } from "../pos/printing/browser-print";

interface CreditNoteDetail extends Omit<CreditNoteReceipt, "orderNumber"> {
  order: { number: string };
}

/** Prints a credit note on 80 mm paper through the browser (its print dialog also saves it as a PDF). */
export function printCreditNote(note: CreditNoteDetail, lang: "es" | "en"): Promise<boolean> {
  return printReceiptInBrowser(buildCreditNoteLines({ ...note, orderNumber: note.order.number }, lang), { title: note.number, lang });
}
