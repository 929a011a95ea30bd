import { formatMoney, formatQuantity } from "../money/format";
import { RECEIPT_WIDTH, type ReceiptLine, twoColumns, wrapText } from "../pos/receipt";

/** What a printed credit note shows (80 mm): the business, the B04 NCF and the NCF it modifies, lines, subtotal and ITBIS apart. */
export interface CreditNoteReceipt {
  number: string;
  ncf: string | null;
  ncfExpiresOn: string | null;
  modifiedNcf: string | null;
  date: string;
  orderNumber: string;
  customer: { name: string; taxId: string | null };
  business: { name: string; taxId: string | null; address?: string | null; phone?: string | null };
  items: { productName: string; quantity: string; total: string }[];
  subtotal: string;
  taxTotal: string;
  total: string;
  refundMethod: string;
  itbisCreditable: boolean;
}

const LABELS = {
  es: {
    title: "NOTA DE CRÉDITO",
    ncf: "NCF",
    validUntil: "Válido hasta",
    modifies: "NCF modificado",
    invoice: "Factura",
    date: "Fecha",
    customer: "Cliente",
    rnc: "RNC",
    subtotal: "Subtotal",
    itbis: "ITBIS",
    total: "TOTAL",
    refund: { cash: "Reembolso en efectivo", store_credit: "Crédito a favor del cliente" } as Record<string, string>,
    itbisNotCreditable: "ITBIS no deducible: más de 30 días desde la factura",
  },
  en: {
    title: "CREDIT NOTE",
    ncf: "NCF",
    validUntil: "Valid until",
    modifies: "Modified NCF",
    invoice: "Invoice",
    date: "Date",
    customer: "Customer",
    rnc: "Tax ID",
    subtotal: "Subtotal",
    itbis: "ITBIS",
    total: "TOTAL",
    refund: { cash: "Cash refund", store_credit: "Store credit for the customer" } as Record<string, string>,
    itbisNotCreditable: "ITBIS not creditable: over 30 days after the invoice",
  },
};

const centered = (text: string, width: number) => " ".repeat(Math.max(0, Math.floor((width - text.length) / 2))) + text;

/** The credit note laid out for an 80 mm printer (48 columns), in the receipt's language. */
export function buildCreditNoteLines(note: CreditNoteReceipt, lang: "es" | "en" = "es", width = RECEIPT_WIDTH): ReceiptLine[] {
  const L = LABELS[lang];
  const money = (v: string) => formatMoney(v, lang);
  const lines: ReceiptLine[] = [];
  const push = (texts: string[], bold = false) => {
    for (const text of texts) lines.push({ text, bold });
  };
  push(wrapText(note.business.name, width).map((l) => centered(l, width)), true);
  if (note.business.taxId) push([centered(`${L.rnc}: ${note.business.taxId}`, width)]);
  if (note.business.address) push(wrapText(note.business.address, width).map((l) => centered(l, width)));
  if (note.business.phone) push([centered(note.business.phone, width)]);
  lines.push({ text: "", rule: true });
  push([centered(L.title, width)], true);
  push(twoColumns(note.number, note.date, width));
  if (note.ncf) push(twoColumns(`${L.ncf}:`, note.ncf, width), true);
  if (note.ncfExpiresOn) push(twoColumns(`${L.validUntil}:`, note.ncfExpiresOn, width));
  if (note.modifiedNcf) push(twoColumns(`${L.modifies}:`, note.modifiedNcf, width));
  push(twoColumns(`${L.invoice}:`, note.orderNumber, width));
  push(wrapText(`${L.customer}: ${note.customer.name}`, width));
  if (note.customer.taxId) push([`${L.rnc}: ${note.customer.taxId}`]);
  lines.push({ text: "", rule: true });
  for (const item of note.items) push(twoColumns(`${formatQuantity(item.quantity)} x ${item.productName}`, money(item.total), width));
  lines.push({ text: "", rule: true });
  push(twoColumns(L.subtotal, money(note.subtotal), width));
  push(twoColumns(L.itbis, money(note.taxTotal), width));
  push(twoColumns(L.total, money(note.total), width), true);
  lines.push({ text: "", rule: true });
  push(wrapText(L.refund[note.refundMethod] ?? note.refundMethod, width));
  if (!note.itbisCreditable) push(wrapText(L.itbisNotCreditable, width));
  return lines;
}
