import { compactTaxId } from "../fiscal/tax-id";
import { centsText, toCents } from "./cents";
import { type DgiiFormat, SALE_FORMS, type SaleForms } from "./codes";

/**
 * The DGII TXT layout (dr-fiscal.md §4), pure: a header `606|<RNC>|<YYYYMM>|<count>` (the count
 * excludes the header), pipe-separated detail lines in the format's field order, dates YYYYMMDD,
 * amounts with 2 decimals and no thousands separator, ID type 1 (RNC) or 2 (cédula), CRLF after
 * every line. Fields are never padded; an empty optional field is empty between its pipes.
 */
export const CRLF = "\r\n";

/** yyyy-MM-dd → YYYYMMDD; null/'' → ''. */
export function dgiiDate(date: string | null | undefined): string {
  return date ? date.slice(0, 10).replaceAll("-", "") : "";
}

/** A decimal amount with exactly 2 places and no separators ('1250.5' → '1250.50'); never a binary float. */
export function dgiiAmount(value: string | number | null | undefined): string {
  return centsText(Math.abs(toCents(value)));
}

/** The RNC/cédula as the file carries it: digits only. */
export function dgiiTaxId(value: string | null | undefined): string {
  return value ? compactTaxId(value) : "";
}

/** 1 for an RNC (9 digits), 2 for a cédula (11 digits), '' otherwise. */
export function dgiiIdType(taxId: string | null | undefined): "1" | "2" | "" {
  const v = dgiiTaxId(taxId);
  return v.length === 9 ? "1" : v.length === 11 ? "2" : "";
}

export function headerLine(format: DgiiFormat, rnc: string | null | undefined, period: string, count: number): string {
  return [format, dgiiTaxId(rnc), period, String(count)].join("|");
}

/** The whole file: the header and each line, every one ended by CRLF. */
export function dgiiFile(format: DgiiFormat, rnc: string | null | undefined, period: string, lines: readonly string[]): string {
  return [headerLine(format, rnc, period, lines.length), ...lines].map((l) => l + CRLF).join("");
}

/** Odoo's file name, with the extension upper case: DGII_F_606_<RNC>_<YYYYMM>.TXT. */
export function dgiiFileName(format: DgiiFormat, rnc: string | null | undefined, period: string): string {
  return `DGII_F_${format}_${dgiiTaxId(rnc) || "SINRNC"}_${period}.TXT`;
}

export interface Line606 {
  taxId: string | null;
  expenseType: string;
  ncf: string;
  modifiedNcf?: string | null;
  ncfDate: string;
  paymentDate?: string | null;
  servicesAmount: string;
  goodsAmount: string;
  itbis: string;
  itbisWithheld?: string;
  /** ITBIS subject to proportionality and ITBIS charged to cost: what is not carried forward */
  itbisProportional?: string;
  itbisToCost?: string;
  itbisPerceived?: string;
  isrWithholdingType?: string | null;
  isrWithheld?: string;
  isrPerceived?: string;
  isc?: string;
  otherTaxes?: string;
  legalTip?: string;
  paymentForm: string;
}

/** The 23 fields of a 606 line. Total invoiced = services + goods; ITBIS to carry forward = ITBIS − proportional − to cost. */
export function line606(r: Line606): string {
  const total = toCents(r.servicesAmount) + toCents(r.goodsAmount);
  const forward = toCents(r.itbis) - toCents(r.itbisProportional) - toCents(r.itbisToCost);
  const isrType = r.isrWithholdingType ? r.isrWithholdingType.padStart(2, "0") : "";
  return [
    dgiiTaxId(r.taxId),
    dgiiIdType(r.taxId),
    r.expenseType,
    r.ncf,
    r.modifiedNcf ?? "",
    dgiiDate(r.ncfDate),
    dgiiDate(r.paymentDate),
    dgiiAmount(r.servicesAmount),
    dgiiAmount(r.goodsAmount),
    dgiiAmount(centsText(total)),
    dgiiAmount(r.itbis),
    dgiiAmount(r.itbisWithheld),
    dgiiAmount(r.itbisProportional),
    dgiiAmount(r.itbisToCost),
    dgiiAmount(centsText(forward)),
    dgiiAmount(r.itbisPerceived),
    isrType,
    dgiiAmount(r.isrWithheld),
    dgiiAmount(r.isrPerceived),
    dgiiAmount(r.isc),
    dgiiAmount(r.otherTaxes),
    dgiiAmount(r.legalTip),
    r.paymentForm,
  ].join("|");
}

export interface Line607 {
  taxId: string | null;
  ncf: string;
  modifiedNcf?: string | null;
  incomeType: string;
  ncfDate: string;
  withholdingDate?: string | null;
  /** untaxed */
  amount: string;
  itbis: string;
  itbisWithheld?: string;
  itbisPerceived?: string;
  isrWithheld?: string;
  isrPerceived?: string;
  isc?: string;
  otherTaxes?: string;
  legalTip?: string;
  forms: SaleForms;
}

/** The 23 fields of a 607 line; the payment forms in SALE_FORMS order. */
export function line607(r: Line607): string {
  return [
    dgiiTaxId(r.taxId),
    dgiiIdType(r.taxId),
    r.ncf,
    r.modifiedNcf ?? "",
    r.incomeType,
    dgiiDate(r.ncfDate),
    dgiiDate(r.withholdingDate),
    dgiiAmount(r.amount),
    dgiiAmount(r.itbis),
    dgiiAmount(r.itbisWithheld),
    dgiiAmount(r.itbisPerceived),
    dgiiAmount(r.isrWithheld),
    dgiiAmount(r.isrPerceived),
    dgiiAmount(r.isc),
    dgiiAmount(r.otherTaxes),
    dgiiAmount(r.legalTip),
    ...SALE_FORMS.map((f) => dgiiAmount(r.forms[f])),
  ].join("|");
}

export interface Line608 {
  ncf: string;
  ncfDate: string;
  reasonCode: string;
}

export function line608(r: Line608): string {
  return [r.ncf, dgiiDate(r.ncfDate), r.reasonCode].join("|");
}
