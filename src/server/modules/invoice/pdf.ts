import type { Content, TableCell, TDocumentDefinitions } from "pdfmake/interfaces";
import { Big, toBig } from "../../../shared/catalog/decimal";
import { translate } from "../../../shared/i18n/translate";
import { formatMoney, formatQuantity } from "../../../shared/money/format";
import { formatReceiptDate, RECEIPT_TIME_ZONE } from "../../../shared/pos/receipt";
import { renderPdf } from "../../integrations/pdf/pdfmake";
import type { ReceiptData } from "../pos/service";

/**
 * The invoice as a PDF, rendered on the server with pdfmake's node API: one generator for the
 * e-mail attachment, the signed-in download and the public link. Letter is the fiscal invoice
 * (DGII: NCF and 'Válido hasta', RNC of seller and buyer, ITBIS apart); 80mm is the same content
 * on a 226 pt wide ticket. The fonts are pdfmake's own Roboto, read from its virtual file system,
 * so nothing is fetched from the network or the disk while rendering.
 */

export type InvoicePdfFormat = "letter" | "80mm";
export type InvoicePdfLanguage = "es" | "en";

export interface InvoicePdfOptions {
  format: InvoicePdfFormat;
  language: InvoicePdfLanguage;
  /** the tenant's time zone for the invoice's time (default America/Santo_Domingo) */
  timeZone?: string;
}

/** What the receipt data does not carry: the invoice's dates and what is still owed. */
export interface InvoiceExtras {
  /** the business date, yyyy-MM-dd */
  date: string;
  /** yyyy-MM-dd, when the invoice has payment terms */
  dueDate: string | null;
  /** completed payments net of change */
  paidTotal: string;
  balanceDue: string;
  creditedTotal: string;
}

type Order = ReceiptData["order"];
type Item = ReceiptData["items"][number];
type Payment = ReceiptData["payments"][number];

/** The receipt data (ids optional, so the public copy without them prints too) with the invoice's extras. */
export interface InvoicePdfData {
  order: Omit<Order, "id"> & { id?: string };
  items: (Omit<Item, "id" | "product_id"> & { id?: string })[];
  payments: (Omit<Payment, "id"> & { id?: string; status?: string })[];
  customer: { name: string; taxId: string | null };
  warehouse: ReceiptData["warehouse"];
  cashier?: string | null;
  invoice?: InvoiceExtras | null;
  /** A credit note (B04) printed with the same layouts: the NCF it modifies and where its amount went. */
  creditNote?: CreditNoteExtras | null;
}

export interface CreditNoteExtras {
  modifiedNcf: string | null;
  invoiceNumber: string;
  /** what paid off the invoice's balance */
  appliedAmount: string;
  /** what went back to the customer, in cash or as store credit */
  refundAmount: string;
  refundMethod: string;
  itbisCreditable: boolean;
}

// ——— Labels and formatting ———

const label = (lang: InvoicePdfLanguage, key: string, vars?: Record<string, unknown>) => translate(lang, `invoiceShare:pdf.${key}`, vars);

/** The document's title from its NCF type: B01/E31 'Factura de Crédito Fiscal', B02/E32 'Factura de Consumo', … */
export function invoiceTitle(ncfType: string | null | undefined, lang: InvoicePdfLanguage): string {
  const code = (ncfType ?? "").toUpperCase();
  const electronic: Record<string, string> = { "31": "01", "32": "02", "33": "03", "34": "04", "44": "14", "45": "15", "46": "16" };
  const known = ["01", "02", "03", "04", "14", "15", "16"];
  if (/^B\d{2}$/.test(code) && known.includes(code.slice(1))) return label(lang, `titles.${code.slice(1)}`);
  const e = /^E(\d{2})$/.exec(code)?.[1];
  if (e && electronic[e]) return label(lang, "titles.electronic", { title: label(lang, `titles.${electronic[e]}`) });
  return label(lang, "titles.default");
}

/** 1,234.50 (no currency symbol: table columns). */
function plain(value: string | null | undefined): string {
  return formatMoney(value ?? "0", "es", "DOP").replace("RD$", "");
}

function money(value: string | null | undefined, lang: InvoicePdfLanguage, currency = "DOP", symbol?: string | null): string {
  if (["DOP", "USD", "EUR"].includes(currency)) return formatMoney(value ?? "0", lang, currency);
  return `${symbol || currency} ${plain(value)}`;
}

/** yyyy-MM-dd ⇒ dd/MM/yyyy (es) or MM/dd/yyyy (en). */
function calendarDate(value: string, lang: InvoicePdfLanguage): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return value;
  return lang === "en" ? `${m[2]}/${m[3]}/${m[1]}` : `${m[3]}/${m[2]}/${m[1]}`;
}

const positive = (value: string | null | undefined) => toBig(value ?? "0").gt(0);

/** The unit price without ITBIS (the line's base before discount over its quantity), so ITBIS shows apart. */
function unitBase(item: InvoicePdfData["items"][number]): string {
  const qty = toBig(item.quantity);
  if (qty.eq(0)) return toBig(item.unit_price).toFixed(2);
  return toBig(item.subtotal).div(qty).round(2, Big.roundHalfUp).toFixed(2);
}

/** What the document shows, computed once for both layouts. */
function facts(data: InvoicePdfData, opts: InvoicePdfOptions) {
  const lang = opts.language;
  const o = data.order;
  const w = data.warehouse;
  const extras = data.invoice ?? null;
  const business = w.businessName?.trim() || w.name;
  const header = [
    w.taxId?.trim() ? `${label(lang, "rnc")}: ${w.taxId.trim()}` : null,
    w.address?.trim() || null,
    w.phone?.trim() ? `${label(lang, "phone")}: ${w.phone.trim()}` : null,
  ].filter((x): x is string => !!x);
  const document: [string, string][] = [];
  if (o.government_invoice_number) {
    document.push([label(lang, "ncf"), o.government_invoice_number]);
    if (o.ncf_expires_on) document.push([label(lang, "validUntil"), calendarDate(o.ncf_expires_on, lang)]);
  }
  if (data.creditNote) {
    if (data.creditNote.modifiedNcf) document.push([label(lang, "modifiedNcf"), data.creditNote.modifiedNcf]);
    document.push([label(lang, "invoiceNumber"), data.creditNote.invoiceNumber]);
  }
  document.push([label(lang, "number"), o.number]);
  document.push([label(lang, "date"), extras?.date ? calendarDate(extras.date, lang) : formatReceiptDate(o.created_at, opts.timeZone ?? RECEIPT_TIME_ZONE).slice(0, 10)]);
  if (extras?.dueDate) document.push([label(lang, "dueDate"), calendarDate(extras.dueDate, lang)]);
  const paid = extras ? extras.paidTotal : data.payments.filter((p) => (p.status ?? "completed") === "completed").reduce((sum, p) => sum.plus(p.base_amount), new Big(0)).minus(o.change_amount ?? "0").toFixed(2);
  const note = data.creditNote;
  // A credit note settles, not collects: what it applied to the invoice and what it refunded.
  const settlement: [string, string][] | null = note
    ? [
        ...(positive(note.appliedAmount) ? [[label(lang, "appliedToInvoice"), money(note.appliedAmount, lang)] as [string, string]] : []),
        ...(positive(note.refundAmount) || !positive(note.appliedAmount) ? [[label(lang, note.refundMethod === "cash" ? "refundCash" : "refundStoreCredit"), money(note.refundAmount, lang)] as [string, string]] : []),
      ]
    : null;
  return {
    lang,
    business,
    settlement,
    itbisNotCreditable: note ? !note.itbisCreditable : false,
    header,
    title: invoiceTitle(o.ncf_type, lang),
    document,
    cancelled: o.status === "cancelled",
    customer: data.customer.name?.trim() || label(lang, "cashCustomer"),
    customerTaxId: data.customer.taxId?.trim() || null,
    paid,
    balanceDue: extras?.balanceDue ?? null,
    credited: extras && positive(extras.creditedTotal) ? extras.creditedTotal : null,
    payments: data.payments.map((p) => {
      const status = p.status && p.status !== "completed" ? ` (${label(lang, p.status === "pending" ? "pending" : "cancelledPayment")})` : "";
      const code = p.currency || "DOP";
      return {
        method: `${p.payment_method_name}${code !== "DOP" ? ` (${code})` : ""}${status}`,
        reference: p.reference ?? "",
        amount: money(p.amount, lang, code, p.currency_symbol),
        base: code !== "DOP" ? money(p.base_amount, lang) : null,
      };
    }),
  };
}

const COLORS = { muted: "#555555", rule: "#bbbbbb", cancelled: "#c62828", header: "#eeeeee" };

// ——— Letter ———

function letterDocument(data: InvoicePdfData, opts: InvoicePdfOptions): TDocumentDefinitions {
  const f = facts(data, opts);
  const lang = f.lang;
  const o = data.order;
  const right = { alignment: "right" as const };
  const lines: TableCell[][] = [
    [label(lang, "description"), { text: label(lang, "quantity"), ...right }, { text: label(lang, "price"), ...right }, { text: label(lang, "discount"), ...right }, { text: label(lang, "itbis"), ...right }, { text: label(lang, "total"), ...right }].map((c) =>
      typeof c === "string" ? { text: c, bold: true, fillColor: COLORS.header } : { ...c, bold: true, fillColor: COLORS.header },
    ),
    ...data.items.map((i) => [
      { text: i.product_name },
      { text: formatQuantity(i.quantity), ...right },
      { text: plain(unitBase(i)), ...right },
      { text: positive(i.discount_value) ? `-${plain(i.discount_value)}` : plain("0"), ...right },
      { text: plain(i.itbis), ...right },
      { text: plain(i.total), ...right },
    ]),
  ];
  const totals: TableCell[][] = [
    [label(lang, "subtotal"), { text: money(o.subtotal, lang), ...right }],
    [label(lang, "discount"), { text: positive(o.discount_total) ? `-${money(o.discount_total, lang)}` : money("0", lang), ...right }],
    [label(lang, "itbis"), { text: money(o.tax_total, lang), ...right }],
    [
      { text: label(lang, "totalDue"), bold: true, fontSize: 11 },
      { text: money(o.total, lang), bold: true, fontSize: 11, ...right },
    ],
  ];
  const balance: TableCell[][] = f.settlement ? f.settlement.map(([k, v]) => [k, { text: v, ...right }]) : [[label(lang, "paid"), { text: money(f.paid, lang), ...right }]];
  if (!f.settlement && positive(o.change_amount)) balance.push([label(lang, "change"), { text: money(o.change_amount, lang), ...right }]);
  if (f.credited) balance.push([label(lang, "credited"), { text: money(f.credited, lang), ...right }]);
  if (f.balanceDue !== null) balance.push([{ text: label(lang, "balanceDue"), bold: true }, { text: money(f.balanceDue, lang), bold: true, ...right }]);

  const content: Content[] = [
    {
      columns: [
        {
          width: "*",
          stack: [{ text: f.business, style: "business" }, ...f.header.map((h) => ({ text: h, color: COLORS.muted }))],
        },
        {
          width: 230,
          stack: [
            { text: f.title, style: "title", alignment: "right" },
            {
              margin: [0, 4, 0, 0],
              table: { widths: ["*", "auto"], body: f.document.map(([k, v]) => [{ text: k, color: COLORS.muted }, { text: v, bold: true, alignment: "right" }]) },
              layout: "noBorders",
            },
          ],
        },
      ],
    },
  ];
  if (f.cancelled) content.push({ text: label(lang, "cancelledBanner"), color: COLORS.cancelled, bold: true, fontSize: 16, alignment: "center", margin: [0, 10, 0, 0] });
  content.push(
    { canvas: [{ type: "line", x1: 0, y1: 0, x2: 532, y2: 0, lineWidth: 0.5, lineColor: COLORS.rule }], margin: [0, 10, 0, 6] },
    {
      table: {
        widths: ["auto", "*"],
        body: [
          [{ text: `${label(lang, "customer")}:`, color: COLORS.muted }, { text: f.customer, bold: true }],
          ...(f.customerTaxId ? [[{ text: `${label(lang, "customerTaxId")}:`, color: COLORS.muted }, { text: f.customerTaxId }]] : []),
        ],
      },
      layout: "noBorders",
      margin: [0, 0, 0, 10],
    },
    { table: { headerRows: 1, widths: ["*", 40, 65, 60, 60, 70], body: lines }, layout: "lightHorizontalLines" },
    { text: label(lang, "pricesNote"), fontSize: 7, color: COLORS.muted, margin: [0, 3, 0, 0] },
    {
      columns: [
        { width: "*", text: "" },
        { width: 220, table: { widths: ["*", "auto"], body: totals }, layout: "lightHorizontalLines", margin: [0, 10, 0, 0] },
      ],
    },
  );
  if (data.payments.length > 0) {
    const rows: TableCell[][] = [
      [label(lang, "paymentMethod"), label(lang, "reference"), { text: label(lang, "amount"), ...right }].map((c) => (typeof c === "string" ? { text: c, bold: true, fillColor: COLORS.header } : { ...c, bold: true, fillColor: COLORS.header })),
      ...f.payments.map((p) => [p.method, p.reference, { text: p.base ? `${p.amount}\n${p.base}` : p.amount, ...right }]),
    ];
    content.push({ text: label(lang, "payments"), style: "section" }, { table: { headerRows: 1, widths: ["*", 150, 110], body: rows }, layout: "lightHorizontalLines" });
  }
  content.push({
    columns: [
      { width: "*", text: "" },
      { width: 220, table: { widths: ["*", "auto"], body: balance }, layout: "lightHorizontalLines", margin: [0, 8, 0, 0] },
    ],
  });
  if (f.itbisNotCreditable) content.push({ text: label(lang, "itbisNotCreditable"), bold: true, margin: [0, 10, 0, 0] });
  if (o.notes?.trim()) content.push({ text: label(lang, "notes"), style: "section" }, { text: o.notes.trim() });
  if (data.cashier?.trim()) content.push({ text: `${label(lang, "cashier")}: ${data.cashier.trim()}`, color: COLORS.muted, margin: [0, 12, 0, 0] });

  return {
    pageSize: "LETTER",
    pageMargins: [40, 40, 40, 50],
    info: { title: `${f.title} ${o.number}`, author: f.business, subject: o.government_invoice_number ?? o.number },
    ...(f.cancelled ? { watermark: { text: label(lang, "cancelled"), color: COLORS.cancelled, opacity: 0.15, bold: true } } : {}),
    content,
    footer: (page, pages) => ({
      columns: [
        { text: `${f.business} · ${o.number}${o.government_invoice_number ? ` · ${label(lang, "ncf")} ${o.government_invoice_number}` : ""}`, color: COLORS.muted },
        { text: label(lang, "page", { page, pages }), alignment: "right", color: COLORS.muted },
      ],
      fontSize: 7,
      margin: [40, 20, 40, 0],
    }),
    defaultStyle: { font: "Roboto", fontSize: 9 },
    styles: {
      business: { fontSize: 15, bold: true, margin: [0, 0, 0, 2] },
      title: { fontSize: 13, bold: true },
      section: { fontSize: 10, bold: true, margin: [0, 14, 0, 4] },
    },
  };
}

// ——— 80 mm ticket ———

/** The ticket's page: 80 mm paper is 226 pt wide; the height grows with the content. */
export const TICKET_WIDTH_PT = 226;

function ticketDocument(data: InvoicePdfData, opts: InvoicePdfOptions): TDocumentDefinitions {
  const f = facts(data, opts);
  const lang = f.lang;
  const o = data.order;
  const width = TICKET_WIDTH_PT - 20;
  // A fresh node each time: pdfmake writes its layout into the nodes it renders.
  const rule = (): Content => ({ canvas: [{ type: "line", x1: 0, y1: 0, x2: width, y2: 0, lineWidth: 0.5, dash: { length: 2 } }], margin: [0, 4, 0, 4] });
  const pair = (k: string, v: string, bold = false, fontSize?: number, indent = 0): Content => ({
    columns: [
      { text: k, width: "*" },
      { text: v, width: "auto", alignment: "right" },
    ],
    columnGap: 6,
    bold,
    ...(fontSize ? { fontSize } : {}),
    ...(indent ? { margin: [indent, 0, 0, 0] } : {}),
  });
  const content: Content[] = [
    { text: f.business, bold: true, fontSize: 10, alignment: "center" },
    ...f.header.map((h) => ({ text: h, alignment: "center" as const })),
    rule(),
  ];
  if (f.cancelled) content.push({ text: label(lang, "cancelledBanner"), bold: true, fontSize: 10, alignment: "center", color: COLORS.cancelled, margin: [0, 0, 0, 3] });
  content.push({ text: f.title.toUpperCase(), bold: true, alignment: "center", margin: [0, 0, 0, 3] });
  for (const [k, v] of f.document) content.push(pair(`${k}:`, v, k === label(lang, "ncf")));
  content.push(pair(`${label(lang, "customer")}:`, f.customer));
  if (f.customerTaxId) content.push(pair(`${label(lang, "customerTaxId")}:`, f.customerTaxId));
  content.push(rule());
  for (const i of data.items) {
    content.push({ text: i.product_name, bold: true, margin: [0, 2, 0, 0] });
    content.push(pair(`${formatQuantity(i.quantity)} x ${plain(unitBase(i))}`, plain(toBig(i.subtotal).toFixed(2)), false, undefined, 8));
    if (positive(i.discount_value)) content.push(pair(label(lang, "discount"), `-${plain(i.discount_value)}`, false, undefined, 8));
    content.push(pair(label(lang, "itbis"), plain(i.itbis), false, undefined, 8));
    content.push(pair(label(lang, "total"), plain(i.total), false, undefined, 8));
  }
  content.push(rule());
  content.push(pair(`${label(lang, "subtotal")}:`, money(o.subtotal, lang)));
  content.push(pair(`${label(lang, "discount")}:`, positive(o.discount_total) ? `-${money(o.discount_total, lang)}` : money("0", lang)));
  content.push(pair(`${label(lang, "itbis")}:`, money(o.tax_total, lang)));
  content.push(pair(`${label(lang, "totalDue")}:`, money(o.total, lang), true, 10));
  if (f.payments.length > 0) {
    content.push(rule(), { text: `${label(lang, "payments")}:`, bold: true });
    for (const p of f.payments) {
      content.push(pair(p.method, p.amount));
      if (p.base) content.push(pair("", p.base, false, undefined, 8));
      if (p.reference) content.push({ text: p.reference, color: COLORS.muted, margin: [8, 0, 0, 0] });
    }
  }
  if (f.settlement) {
    content.push(rule());
    for (const [k, v] of f.settlement) content.push(pair(`${k}:`, v));
    if (f.itbisNotCreditable) content.push({ text: label(lang, "itbisNotCreditable"), bold: true, margin: [0, 3, 0, 0] });
  } else content.push(rule(), pair(`${label(lang, "paid")}:`, money(f.paid, lang)));
  if (!f.settlement && positive(o.change_amount)) content.push(pair(`${label(lang, "change")}:`, money(o.change_amount, lang)));
  if (f.credited) content.push(pair(`${label(lang, "credited")}:`, money(f.credited, lang)));
  if (f.balanceDue !== null) content.push(pair(`${label(lang, "balanceDue")}:`, money(f.balanceDue, lang), true));
  if (o.notes?.trim()) content.push(rule(), { text: `${label(lang, "notes")}: ${o.notes.trim()}` });
  if (data.cashier?.trim()) content.push({ text: `${label(lang, "cashier")}: ${data.cashier.trim()}`, margin: [0, 4, 0, 0] });
  content.push({ text: label(lang, "thanks"), bold: true, alignment: "center", margin: [0, 8, 0, 0] });
  return {
    pageSize: { width: TICKET_WIDTH_PT, height: "auto" },
    pageMargins: [10, 10, 10, 10],
    info: { title: `${f.title} ${o.number}`, author: f.business, subject: o.government_invoice_number ?? o.number },
    ...(f.cancelled ? { watermark: { text: label(lang, "cancelled"), color: COLORS.cancelled, opacity: 0.15, bold: true } } : {}),
    content,
    defaultStyle: { font: "Roboto", fontSize: 7.5, lineHeight: 1.1 },
  };
}

/** The invoice as a PDF: 'letter' (the fiscal invoice) or '80mm' (a 226 pt ticket with the same content). */
export function invoicePdf(data: InvoicePdfData, opts: InvoicePdfOptions): Promise<Buffer> {
  const doc = opts.format === "80mm" ? ticketDocument(data, opts) : letterDocument(data, opts);
  return renderPdf(doc);
}

/** nota-credito-NC-000003.pdf, like invoicePdfFilename. */
export function creditNotePdfFilename(number: string): string {
  return `nota-credito-${number.replace(/[^A-Za-z0-9_-]+/g, "-")}.pdf`;
}

/** factura-FAC-000012.pdf (only safe characters, so it fits a content-disposition header as is). */
export function invoicePdfFilename(number: string): string {
  return `factura-${number.replace(/[^A-Za-z0-9_-]+/g, "-")}.pdf`;
}

