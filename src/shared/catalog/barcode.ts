import { toBig } from "./decimal";

/** Whether a code is 13 digits whose last one is the EAN-13 check digit (weights 1,3,1,3… from the left). */
export function isValidEan13(code: string | null | undefined): boolean {
  if (!code || !/^\d{13}$/.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(code[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10 === Number(code[12]);
}

export type LabelSymbology = "ean13" | "code128";

/** Code 128 (as rendered here) carries printable ASCII only. */
const isCode128Text = (text: string) => /^[\x20-\x7E]{1,80}$/.test(text);

/**
 * What a product label prints as its barcode: EAN-13 when the barcode is 13 digits with a valid
 * check digit, else Code 128 of the barcode, else Code 128 of the SKU; null when neither can be
 * printed (empty, or letters Code 128 cannot carry, such as 'ñ').
 */
export function labelSymbology(barcode: string | null | undefined, sku: string | null | undefined): { symbology: LabelSymbology; text: string } | null {
  const code = barcode?.trim() ?? "";
  if (isValidEan13(code)) return { symbology: "ean13", text: code };
  if (code && isCode128Text(code)) return { symbology: "code128", text: code };
  const ref = sku?.trim() ?? "";
  if (ref && isCode128Text(ref)) return { symbology: "code128", text: ref };
  return null;
}

/** A label's price: 'RD$ 1,234.50' (es-DO grouping, two decimals, exact decimal rounding). */
export function formatLabelPrice(value: string | number | null | undefined): string {
  const fixed = toBig(value ?? 0).toFixed(2);
  const negative = fixed.startsWith("-");
  const [int, dec] = fixed.replace("-", "").split(".") as [string, string];
  return `${negative ? "-" : ""}RD$ ${int.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${dec}`;
}

/** Label sheets, in points (1 in = 72 pt), after the common Avery Letter layouts. */
export interface LabelLayout {
  columns: number;
  rows: number;
  pageWidth: number;
  pageHeight: number;
  labelWidth: number;
  labelHeight: number;
  marginTop: number;
  marginLeft: number;
  /** space between two labels side by side */
  gapX: number;
  /** space between two labels one above the other */
  gapY: number;
}

const IN = 72;
export const LABEL_LAYOUTS = {
  /** 3 × 10, 2.625 × 1 in (Avery 5160) */
  letter3x10: { columns: 3, rows: 10, pageWidth: 8.5 * IN, pageHeight: 11 * IN, labelWidth: 2.625 * IN, labelHeight: 1 * IN, marginTop: 0.5 * IN, marginLeft: 0.1875 * IN, gapX: 0.125 * IN, gapY: 0 },
  /** 2 × 7, 4 × 1.333 in (Avery 5162) */
  letter2x7: { columns: 2, rows: 7, pageWidth: 8.5 * IN, pageHeight: 11 * IN, labelWidth: 4 * IN, labelHeight: (4 / 3) * IN, marginTop: (5 / 6) * IN, marginLeft: 0.15625 * IN, gapX: 0.1875 * IN, gapY: 0 },
} as const satisfies Record<string, LabelLayout>;
export type LabelLayoutId = keyof typeof LABEL_LAYOUTS;
export const LABEL_LAYOUT_IDS = Object.keys(LABEL_LAYOUTS) as LabelLayoutId[];

/** The top-left corner (points) of the label at a position (0-based) on its sheet, and the sheet. */
export function labelPosition(layout: LabelLayout, index: number): { page: number; x: number; y: number } {
  const perPage = layout.columns * layout.rows;
  const page = Math.floor(index / perPage);
  const slot = index % perPage;
  const col = slot % layout.columns;
  const row = Math.floor(slot / layout.columns);
  return { page, x: layout.marginLeft + col * (layout.labelWidth + layout.gapX), y: layout.marginTop + row * (layout.labelHeight + layout.gapY) };
}

export const labelsPerPage = (layout: LabelLayout) => layout.columns * layout.rows;
export const sheetsFor = (layout: LabelLayout, labels: number) => Math.ceil(labels / labelsPerPage(layout));
