/**
 * Dominican RNC (9 digits) and cédula (11 digits) check digits, as DGII defines them.
 * RNC: weights 7,9,8,6,5,4,3,2 over the first 8 digits, s = sum mod 11, check = ((10 - s) mod 9) + 1.
 * Cédula: Luhn over all 11 digits.
 */
const RNC_WEIGHTS = [7, 9, 8, 6, 5, 4, 3, 2];

export function compactTaxId(value: string): string {
  return value.replace(/[\s-]/g, "");
}

export function isValidRnc(value: string): boolean {
  const v = compactTaxId(value);
  if (!/^\d{9}$/.test(v)) return false;
  const s = RNC_WEIGHTS.reduce((sum, w, i) => sum + w * Number(v[i]), 0) % 11;
  return ((10 - s) % 9) + 1 === Number(v[8]);
}

export function isValidCedula(value: string): boolean {
  const v = compactTaxId(value);
  if (!/^\d{11}$/.test(v)) return false;
  let sum = 0;
  for (let i = 0; i < 11; i++) {
    let d = Number(v[10 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type TaxIdKind = "rnc" | "cedula";

/** The kind of a valid RNC or cédula, or null when neither check digit passes. */
export function taxIdKind(value: string): TaxIdKind | null {
  const v = compactTaxId(value);
  if (v.length === 9 && isValidRnc(v)) return "rnc";
  if (v.length === 11 && isValidCedula(v)) return "cedula";
  return null;
}

export function isValidTaxId(value: string): boolean {
  return taxIdKind(value) !== null;
}

/** 1-01-85004-3 for an RNC, 001-1391820-5 for a cédula. */
export function formatTaxId(value: string): string {
  const v = compactTaxId(value);
  if (v.length === 9) return `${v[0]}-${v.slice(1, 3)}-${v.slice(3, 8)}-${v[8]}`;
  if (v.length === 11) return `${v.slice(0, 3)}-${v.slice(3, 10)}-${v[10]}`;
  return value;
}
