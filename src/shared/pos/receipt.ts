import Big from "big.js";
import { formatMoney, formatQuantity } from "../money/format";
import type { Decimal } from "./pricing";

/**
 * The printed receipt (80 mm paper, 48 columns; 40 for the text variant sent by WhatsApp or
 * mail), laid out as lines from the spec's Receipt data. ESC/POS (escpos.ts), the browser/PDF
 * print and the print service all print these same lines. The labels are printed texts, not
 * screen texts, so they live here in a small es/en table.
 */

export const RECEIPT_WIDTH = 48;
export const RECEIPT_TEXT_WIDTH = 40;
export const RECEIPT_RETURN_DAYS = 2;
export const RECEIPT_TAX_PERCENT = "18";
export const RECEIPT_TIME_ZONE = "America/Santo_Domingo";

export type ReceiptLanguage = "es" | "en";

export const RECEIPT_LABELS = {
  es: {
    rnc: "RNC",
    phone: "Tel",
    date: "Fecha",
    invoice: "Factura",
    ncf: "NCF",
    validUntil: "Válido hasta",
    customer: "Cliente",
    customerTaxId: "RNC/Cédula",
    cashCustomer: "Contado",
    discount: "Descuento",
    itbis: "ITBIS",
    subtotal: "Subtotal",
    taxRate: "ITBIS {rate}%",
    total: "TOTAL",
    payments: "Forma de pago",
    change: "Cambio",
    cashier: "Cajero",
    returnPolicy: "Devoluciones: válidas por {days} días con este recibo.",
    pointsEarned: "Puntos ganados",
    pointsBalance: "Balance de puntos",
    thanks: "¡Gracias por su compra!",
    cancelled: "*** FACTURA ANULADA ***",
  },
  en: {
    rnc: "RNC",
    phone: "Phone",
    date: "Date",
    invoice: "Invoice",
    ncf: "NCF",
    validUntil: "Valid until",
    customer: "Customer",
    customerTaxId: "RNC/ID",
    cashCustomer: "Cash customer",
    discount: "Discount",
    itbis: "ITBIS",
    subtotal: "Subtotal",
    taxRate: "ITBIS {rate}%",
    total: "TOTAL",
    payments: "Payment",
    change: "Change",
    cashier: "Cashier",
    returnPolicy: "Returns: accepted within {days} days with this receipt.",
    pointsEarned: "Points earned",
    pointsBalance: "Points balance",
    thanks: "Thank you for your purchase!",
    cancelled: "*** CANCELLED INVOICE ***",
  },
} as const satisfies Record<ReceiptLanguage, Record<string, string>>;

export interface ReceiptData {
  order: {
    id: string;
    number: string;
    created_at: string | Date;
    subtotal: Decimal;
    discount_total: Decimal;
    tax_total: Decimal;
    total: Decimal;
    change_amount: Decimal | null;
    /** the NCF */
    government_invoice_number: string | null;
    status: string;
    ncf_type?: string | null;
    ncf_type_description?: string | null;
    /** yyyy-MM-dd */
    ncf_expires_on?: string | null;
  };
  items: Array<{
    product_name: string;
    quantity: Decimal;
    unit_price: Decimal;
    total: Decimal;
    /** the discount amount of the line */
    discount_value?: Decimal | null;
    /** the promotion(s) that gave the discount, printed instead of 'Discount' */
    promotion_name?: string | null;
    itbis?: Decimal | null;
  }>;
  payments: Array<{
    payment_method_name: string;
    amount: Decimal;
    /** currency code (DOP, USD, EUR …); the tenant currency when absent */
    currency?: string | null;
    currency_symbol?: string | null;
  }>;
  customer: { name: string; taxId?: string | null } | null;
  warehouse: { name: string; address?: string | null; phone?: string | null; taxId?: string | null; businessName?: string | null };
  cashier?: string | null;
  printServer?: string | null;
  rewards?: { pointsEarned: Decimal; currentBalance: Decimal } | null;
}

export interface ReceiptOptions {
  language?: ReceiptLanguage;
  /** columns: 48 (printer, default) or 40 (text variant) */
  width?: number;
  /** the business name on top (default: warehouse.businessName, else the warehouse name) */
  businessName?: string | null;
  /** the NCF's expiry date (yyyy-MM-dd), printed as 'Válido hasta' (default: order.ncf_expires_on) */
  ncfExpiresOn?: string | null;
  /** the NCF type's description, e.g. 'Factura de Consumo' (default: order.ncf_type_description) */
  ncfTypeDescription?: string | null;
  timeZone?: string;
  returnPolicyDays?: number;
  taxPercent?: Decimal;
  /** the tenant's currency code (DOP) */
  currency?: string;
}

export interface ReceiptLine {
  /** already laid out: never longer than the receipt width (centered lines are padded on the left) */
  text: string;
  bold?: boolean;
  /** a separator line */
  rule?: boolean;
}

// ── Layout helpers ────────────────────────────────────────────────────────────────────────────

/** Word-wraps text to `width` columns (words longer than a line are split). */
export function wrapText(text: string, width: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.replace(/\r/g, "").split("\n")) {
    let line = "";
    for (let word of paragraph.split(/\s+/).filter(Boolean)) {
      while (word.length > width) {
        if (line) {
          out.push(line);
          line = "";
        }
        out.push(word.slice(0, width));
        word = word.slice(width);
      }
      if (!word) continue;
      if (!line) line = word;
      else if (line.length + 1 + word.length <= width) line += ` ${word}`;
      else {
        out.push(line);
        line = word;
      }
    }
    if (line) out.push(line);
  }
  return out;
}

function center(text: string, width: number): string {
  return " ".repeat(Math.max(0, Math.floor((width - text.length) / 2))) + text;
}

/** Label on the left, value on the right; on two lines when they do not fit together. */
export function twoColumns(left: string, right: string, width: number): string[] {
  if (left.length + 1 + right.length <= width) return [left + " ".repeat(width - left.length - right.length) + right];
  const lines = wrapText(left, width);
  const value = right.length > width ? wrapText(right, width) : [right.padStart(width)];
  return [...lines, ...value];
}

const fmt = (template: string, values: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ""));

/** 1,234.50 (no currency symbol: item columns). */
function plainAmount(value: Decimal | null | undefined): string {
  return formatMoney(value ?? 0, "es", "DOP").replace("RD$", "");
}

function money(value: Decimal | null | undefined, lang: ReceiptLanguage, currency = "DOP", symbol?: string | null): string {
  if (["DOP", "USD", "EUR"].includes(currency)) return formatMoney(value ?? 0, lang, currency);
  return `${symbol || currency} ${plainAmount(value)}`;
}

const isPositive = (value: Decimal | null | undefined) => {
  try {
    return new Big(value ?? 0).gt(0);
  } catch {
    return false;
  }
};

/** dd/MM/yyyy hh:mm AM/PM in the business's time zone. */
export function formatReceiptDate(at: string | Date, timeZone = RECEIPT_TIME_ZONE): string {
  const date = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(date.getTime())) return String(at);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hour12: true })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toUpperCase()}`;
}

/** yyyy-MM-dd ⇒ dd/MM/yyyy */
function formatCalendarDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
}

// ── The receipt ───────────────────────────────────────────────────────────────────────────────

/** The receipt as lines of at most `width` characters. */
export function buildReceiptLines(data: ReceiptData, opts: ReceiptOptions = {}): ReceiptLine[] {
  const lang: ReceiptLanguage = opts.language === "en" ? "en" : "es";
  const L = RECEIPT_LABELS[lang];
  const width = opts.width ?? RECEIPT_WIDTH;
  const currency = opts.currency ?? "DOP";
  const lines: ReceiptLine[] = [];
  const push = (text: string, bold = false) => lines.push(bold ? { text, bold } : { text });
  const centered = (text: string | null | undefined, bold = false) => {
    if (text?.trim()) for (const l of wrapText(text.trim(), width)) push(center(l, width), bold);
  };
  const left = (text: string, bold = false) => {
    for (const l of wrapText(text, width)) push(l, bold);
  };
  const pair = (label: string, value: string, bold = false) => {
    for (const l of twoColumns(label, value, width)) push(l, bold);
  };
  const rule = () => lines.push({ text: "-".repeat(width), rule: true });

  // Business
  const w = data.warehouse;
  const business = opts.businessName?.trim() || w.businessName?.trim() || w.name;
  centered(business, true);
  if (w.name && w.name.trim() !== business) centered(w.name);
  centered(w.address);
  if (w.taxId?.trim()) centered(`${L.rnc}: ${w.taxId.trim()}`);
  if (w.phone?.trim()) centered(`${L.phone}: ${w.phone.trim()}`);
  rule();

  // Document
  const o = data.order;
  if (o.status === "cancelled") centered(L.cancelled, true);
  left(`${L.date}: ${formatReceiptDate(o.created_at, opts.timeZone)}`);
  left(`${L.invoice}: ${o.number}`);
  const ncfType = opts.ncfTypeDescription ?? o.ncf_type_description;
  if (ncfType?.trim()) centered(ncfType.trim().toUpperCase(), true);
  if (o.government_invoice_number) {
    left(`${L.ncf}: ${o.government_invoice_number}`, true);
    const expires = opts.ncfExpiresOn ?? o.ncf_expires_on;
    if (expires) left(`${L.validUntil}: ${formatCalendarDate(expires)}`);
  }
  left(`${L.customer}: ${data.customer?.name?.trim() || L.cashCustomer}`);
  if (data.customer?.taxId?.trim()) left(`${L.customerTaxId}: ${data.customer.taxId.trim()}`);
  rule();

  // Lines
  for (const item of data.items) {
    left(item.product_name, true);
    pair(`  ${formatQuantity(item.quantity)} x ${plainAmount(item.unit_price)}`, plainAmount(item.total));
    if (isPositive(item.discount_value)) pair(`  ${item.promotion_name?.trim() || L.discount}`, `-${plainAmount(item.discount_value)}`);
    if (item.itbis !== undefined && item.itbis !== null) pair(`  ${L.itbis}`, plainAmount(item.itbis));
  }
  rule();

  // Totals
  pair(`${L.subtotal}:`, money(o.subtotal, lang, currency));
  pair(`${L.discount}:`, isPositive(o.discount_total) ? `-${money(o.discount_total, lang, currency)}` : money(0, lang, currency));
  pair(`${fmt(L.taxRate, { rate: formatQuantity(opts.taxPercent ?? RECEIPT_TAX_PERCENT, 2) })}:`, money(o.tax_total, lang, currency));
  pair(`${L.total}:`, money(o.total, lang, currency), true);

  // Payments
  if (data.payments.length > 0) {
    rule();
    left(`${L.payments}:`);
    for (const p of data.payments) {
      const code = p.currency || currency;
      pair(code === currency ? p.payment_method_name : `${p.payment_method_name} (${code})`, money(p.amount, lang, code, p.currency_symbol));
    }
  }
  if (isPositive(o.change_amount)) pair(`${L.change}:`, money(o.change_amount, lang, currency), true);
  rule();

  // Footer
  if (data.cashier?.trim()) left(`${L.cashier}: ${data.cashier.trim()}`);
  left(fmt(L.returnPolicy, { days: opts.returnPolicyDays ?? RECEIPT_RETURN_DAYS }));
  const rewards = data.rewards;
  if (rewards && (isPositive(rewards.pointsEarned) || isPositive(rewards.currentBalance))) {
    pair(`${L.pointsEarned}:`, formatQuantity(rewards.pointsEarned, 2));
    pair(`${L.pointsBalance}:`, formatQuantity(rewards.currentBalance, 2));
  }
  push("");
  centered(L.thanks, true);
  return lines;
}

/** The text variant (40 columns by default) as one string, for WhatsApp and mail bodies. */
export function buildReceiptText(data: ReceiptData, opts: ReceiptOptions = {}): string {
  return buildReceiptLines(data, { ...opts, width: opts.width ?? RECEIPT_TEXT_WIDTH })
    .map((l) => l.text.trimEnd())
    .join("\n");
}
