/**
 * NCF (Número de Comprobante Fiscal): the series letter B, the 2-digit type and an 8-digit
 * sequence, e.g. B0100000522 (Norma General 06-2018).
 */
export const NCF_SEQUENCE_DIGITS = 8;
/** Below this share of the range left, the cashier is warned to request a new range. */
export const NCF_LOW_RANGE_SHARE = 0.1;

export function formatNcf(typeCode: string, sequence: number): string {
  return `${typeCode}${String(sequence).padStart(NCF_SEQUENCE_DIGITS, "0")}`;
}

export function isNcf(value: string): boolean {
  return /^B\d{2}\d{8}$/.test(value) || /^E\d{2}\d{10}$/.test(value);
}

/** How many numbers of a range are still unused, and whether that is few enough to warn. */
export function ncfRangeStatus(range: { rangeFrom: number; rangeTo: number; nextNumber: number }) {
  const size = range.rangeTo - range.rangeFrom + 1;
  const remaining = Math.max(0, range.rangeTo - range.nextNumber + 1);
  return { remaining, low: remaining < size * NCF_LOW_RANGE_SHARE };
}
