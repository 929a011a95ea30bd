import { DRAWER_OPEN_COMMAND } from "../../../../shared/pos/drawer";
import { RECEIPT_LABELS, RECEIPT_RETURN_DAYS, RECEIPT_TAX_PERCENT, type ReceiptData, type ReceiptLanguage } from "../../../../shared/pos/receipt";

/**
 * The local print service (spec 02 §7): `POST {print_server}print/receipt` with the receipt as
 * data, and `POST {print_server}print/raw/` with `{receipts}` (raw printer bytes, e.g. the
 * drawer-open command). Every call resolves to true or false; none throws.
 */

export const PRINT_SERVICE_DEFAULT_URL = "http://localhost:8080/";
export const PRINT_SERVICE_TIMEOUT_MS = 10_000;

export interface PrintServicePayload {
  currency: { code: string; symbol: string };
  store: { name: string; branch: string; address: string | null; phone: string | null; taxId: string | null };
  invoice: {
    id: string;
    number: string;
    date: string;
    ncf: string | null;
    ncfType: string | null;
    ncfTypeDescription: string | null;
    ncfExpiresOn: string | null;
    status: string;
    customer: { name: string; taxId: string | null };
    cashier: string | null;
  };
  items: Array<{ name: string; quantity: string; unitPrice: string; discount: string; itbis: string; total: string }>;
  totals: {
    subtotal: string;
    discount: string;
    tax: string;
    taxPercent: string;
    total: string;
    change: string;
    payments: Array<{ method: string; amount: string; currency: string }>;
  };
  returns: { days: number; policy: string };
  rewards: { pointsEarned: string; currentBalance: string } | null;
  openDrawer: boolean;
}

export interface PrintServiceOptions {
  /** defaults to the global fetch */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const str = (v: unknown, fallback = "0") => (v === null || v === undefined || v === "" ? fallback : String(v));

/** The receipt as the print service's JSON body. */
export function buildPrintServicePayload(
  data: ReceiptData,
  opts: { language?: ReceiptLanguage; openDrawer?: boolean; currency?: { code: string; symbol: string }; returnPolicyDays?: number; ncfExpiresOn?: string | null; ncfTypeDescription?: string | null } = {},
): PrintServicePayload {
  const lang = opts.language === "en" ? "en" : "es";
  const days = opts.returnPolicyDays ?? RECEIPT_RETURN_DAYS;
  const currency = opts.currency ?? { code: "DOP", symbol: "RD$" };
  const o = data.order;
  const w = data.warehouse;
  return {
    currency,
    store: { name: w.businessName?.trim() || w.name, branch: w.name, address: w.address ?? null, phone: w.phone ?? null, taxId: w.taxId ?? null },
    invoice: {
      id: o.id,
      number: o.number,
      date: o.created_at instanceof Date ? o.created_at.toISOString() : String(o.created_at),
      ncf: o.government_invoice_number,
      ncfType: o.ncf_type ?? null,
      ncfTypeDescription: opts.ncfTypeDescription ?? o.ncf_type_description ?? null,
      ncfExpiresOn: opts.ncfExpiresOn ?? o.ncf_expires_on ?? null,
      status: o.status,
      customer: { name: data.customer?.name || RECEIPT_LABELS[lang].cashCustomer, taxId: data.customer?.taxId ?? null },
      cashier: data.cashier ?? null,
    },
    items: data.items.map((i) => ({ name: i.product_name, quantity: str(i.quantity), unitPrice: str(i.unit_price), discount: str(i.discount_value), itbis: str(i.itbis), total: str(i.total) })),
    totals: {
      subtotal: str(o.subtotal),
      discount: str(o.discount_total),
      tax: str(o.tax_total),
      taxPercent: RECEIPT_TAX_PERCENT,
      total: str(o.total),
      change: str(o.change_amount),
      payments: data.payments.map((p) => ({ method: p.payment_method_name, amount: str(p.amount), currency: p.currency || currency.code })),
    },
    returns: { days, policy: RECEIPT_LABELS[lang].returnPolicy.replace("{days}", String(days)) },
    rewards: data.rewards ? { pointsEarned: str(data.rewards.pointsEarned), currentBalance: str(data.rewards.currentBalance) } : null,
    openDrawer: opts.openDrawer ?? false,
  };
}

/** `{print_server}{path}`; a print server without a trailing slash gets one. */
export function printServiceUrl(printServer: string | null | undefined, path: string): string {
  const base = (printServer?.trim() || PRINT_SERVICE_DEFAULT_URL).replace(/\/*$/, "/");
  return base + path.replace(/^\/+/, "");
}

async function post(url: string, body: unknown, opts: PrintServiceOptions): Promise<boolean> {
  const doFetch = opts.fetch ?? globalThis.fetch;
  if (!doFetch) return false;
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // abort the request and stop waiting, even for a fetch that ignores the signal
  const timedOut = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(null);
    }, opts.timeoutMs ?? PRINT_SERVICE_TIMEOUT_MS);
  });
  try {
    const res = await Promise.race([doFetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), signal: controller.signal }), timedOut]);
    return res?.ok ?? false;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Prints a receipt through the print service; false when the service is unreachable or refuses. */
export function printViaService(printServer: string | null | undefined, payload: PrintServicePayload, opts: PrintServiceOptions = {}): Promise<boolean> {
  return post(printServiceUrl(printServer, "print/receipt"), payload, opts);
}

/** Sends raw printer bytes (one entry per receipt, as arrays of byte values) to `print/raw/`. */
export function printRawViaService(printServer: string | null | undefined, receipts: ReadonlyArray<Uint8Array | readonly number[]>, opts: PrintServiceOptions = {}): Promise<boolean> {
  return post(printServiceUrl(printServer, "print/raw/"), { receipts: receipts.map((r) => Array.from(r)) }, opts);
}

/** Opens the cash drawer: `print/raw/` with the drawer command 27,112,0,25,250. */
export function openDrawerViaService(printServer: string | null | undefined, opts: PrintServiceOptions = {}): Promise<boolean> {
  return printRawViaService(printServer, [DRAWER_OPEN_COMMAND], opts);
}
