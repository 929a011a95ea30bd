import Big from "big.js";
import { compactTaxId, isValidCedula, isValidRnc } from "../fiscal/tax-id";

/**
 * Which fiscal receipts (NCF) a customer may receive, from their tax id (docs: dr-fiscal.md §1, §2).
 * Pure: the POS shows the rule and the server applies the same one.
 *
 * - rnc: 9 digits (companies, government, free-zone entities); cedula: 11 digits (individuals).
 *   A number whose check digit fails counts only when the customer carries the override flag
 *   (a known DGII exception, accepted as typed); otherwise the customer is 'none'.
 * - B02 (consumo): anyone. B01 (crédito fiscal): a valid RNC or cédula. B14 (regímenes
 *   especiales): an RNC or cédula (persons or entities under a special regime). B15
 *   (gubernamental): an RNC (government bodies are registered entities).
 * - A consumer invoice of RD$250,000 or more must carry the buyer's RNC or cédula.
 */
export type CustomerFiscalKind = "rnc" | "cedula" | "none";

export interface FiscalCustomer {
  taxId?: string | null;
  taxIdOverride?: boolean | null;
}

/** The sale NCF types the POS offers, in the order it lists them. */
export const SALE_NCF_TYPE_CODES = ["B01", "B02", "B14", "B15"] as const;
export type SaleNcfTypeCode = (typeof SALE_NCF_TYPE_CODES)[number];

/** RD$250,000: a consumer invoice (B02/E32) at or above it needs the buyer's id. */
export const CONSUMER_INVOICE_ID_THRESHOLD = "250000";

export function customerFiscalKind(customer: FiscalCustomer): CustomerFiscalKind {
  const id = compactTaxId(customer.taxId ?? "");
  if (!/^\d+$/.test(id)) return "none";
  const override = customer.taxIdOverride === true;
  if (id.length === 9 && (override || isValidRnc(id))) return "rnc";
  if (id.length === 11 && (override || isValidCedula(id))) return "cedula";
  return "none";
}

/** Whether the customer may receive an NCF of this type (B01, B02, B14, B15; e-CF E31/E32/E44/E45 alike). */
export function canReceiveNcfType(customer: FiscalCustomer, typeCode: string): boolean {
  const code = normalizeNcfTypeCode(typeCode);
  const kind = customerFiscalKind(customer);
  switch (code) {
    case "B02":
      return true;
    case "B01":
    case "B14":
      return kind !== "none";
    case "B15":
      return kind === "rnc";
    default:
      return false;
  }
}

/** The sale NCF type codes the customer may receive, e.g. ['B02'] for 'Contado'. */
export function allowedNcfTypeCodes(customer: FiscalCustomer): SaleNcfTypeCode[] {
  return SALE_NCF_TYPE_CODES.filter((code) => canReceiveNcfType(customer, code));
}

/** E31 → B01, E32 → B02, E44 → B14, E45 → B15; B-codes unchanged; anything else as typed (upper case). */
export function normalizeNcfTypeCode(code: string): string {
  const c = code.trim().toUpperCase();
  const electronic: Record<string, string> = { E31: "B01", E32: "B02", E44: "B14", E45: "B15" };
  return electronic[c] ?? c;
}

/** A consumer invoice of this amount (RD$, decimal string; the invoice total with ITBIS) needs the buyer's RNC or cédula. */
export function consumerInvoiceNeedsBuyerId(amount: string | number): boolean {
  return new Big(amount).gte(CONSUMER_INVOICE_ID_THRESHOLD);
}

/**
 * Why this customer cannot receive this NCF for this amount, or null when it can:
 * 'taxIdRequired' (B01/B14, or B02 at or above RD$250,000, without a valid RNC or cédula),
 * 'rncRequired' (B15 without an RNC), 'unsupportedType' (not a sale type).
 */
export function ncfProblem(customer: FiscalCustomer, typeCode: string, amount: string | number): "taxIdRequired" | "rncRequired" | "unsupportedType" | null {
  const code = normalizeNcfTypeCode(typeCode);
  if (!(SALE_NCF_TYPE_CODES as readonly string[]).includes(code)) return "unsupportedType";
  const kind = customerFiscalKind(customer);
  if (code === "B02") return consumerInvoiceNeedsBuyerId(amount) && kind === "none" ? "taxIdRequired" : null;
  if (code === "B15") return kind === "rnc" ? null : "rncRequired";
  return kind === "none" ? "taxIdRequired" : null;
}
