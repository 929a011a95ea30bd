import { z } from "zod";
import { type PRODUCT_TYPES, PRODUCT_UNITS } from "./product";

/**
 * The product import/export spreadsheet: one header row (row 1), one product per row.
 * The template and the export write the Spanish headers; the import also accepts the
 * English names and spellings without accents or the required-field asterisk.
 */
export const IMPORT_COLUMNS = [
  { key: "name", header: "Nombre*", required: true, aliases: ["nombre", "name", "product name", "nombre del producto"] },
  { key: "sku", header: "SKU*", required: true, aliases: ["sku"] },
  { key: "barcode", header: "Código de barras", aliases: ["codigo de barras", "barcode", "bar code", "ean"] },
  { key: "productType", header: "Tipo", aliases: ["tipo", "type", "product type"] },
  { key: "description", header: "Descripción", aliases: ["descripcion", "description"] },
  { key: "keywords", header: "Palabras clave", aliases: ["palabras clave", "keywords"] },
  { key: "price", header: "Precio*", required: true, aliases: ["precio", "price", "precio 1", "price 1"] },
  { key: "price2", header: "Precio 2", aliases: ["precio 2", "price 2"] },
  { key: "price3", header: "Precio 3", aliases: ["precio 3", "price 3"] },
  { key: "costPrice", header: "Costo", aliases: ["costo", "cost", "cost price"] },
  { key: "category", header: "Categoría", aliases: ["categoria", "category"] },
  { key: "taxPercent", header: "ITBIS %", aliases: ["itbis %", "itbis", "itbis (%)", "tax %", "tax percent", "tax"] },
  { key: "isTaxable", header: "Gravado", aliases: ["gravado", "taxable"] },
  { key: "unitOfMeasure", header: "Unidad", aliases: ["unidad", "unit", "unit of measure", "unidad de medida"] },
  { key: "initialStock", header: "Existencia inicial", aliases: ["existencia inicial", "initial stock", "stock inicial"] },
  { key: "minStock", header: "Stock mínimo", aliases: ["stock minimo", "min stock", "minimum stock", "existencia minima"] },
] as const;

export type ImportColumnKey = (typeof IMPORT_COLUMNS)[number]["key"];
export const IMPORT_COLUMN_KEYS = IMPORT_COLUMNS.map((c) => c.key) as ImportColumnKey[];
export const REQUIRED_IMPORT_COLUMNS = IMPORT_COLUMNS.filter((c) => "required" in c && c.required).map((c) => c.key) as ImportColumnKey[];

/** Rows per productImport.importBatch call. */
export const IMPORT_BATCH_SIZE = 500;
/** The most data rows one file may carry. */
export const IMPORT_MAX_ROWS = 50_000;

/** Lower case, no accents, no asterisks, single spaces: 'Categoría *' -> 'categoria'. */
export function normalizeHeader(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\*/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

const headerIndex = new Map<string, ImportColumnKey>();
for (const c of IMPORT_COLUMNS) {
  headerIndex.set(normalizeHeader(c.header), c.key);
  for (const a of c.aliases) headerIndex.set(normalizeHeader(a), c.key);
}

/** The column a header names, or null for a column the import ignores. */
export function columnForHeader(header: string): ImportColumnKey | null {
  return headerIndex.get(normalizeHeader(header)) ?? null;
}

/** A cell as the browser reads it and the server receives it. */
export type CellValue = string | number | boolean | null;
const cell = z.union([z.string().max(5000), z.number(), z.boolean(), z.null()]).optional();

/**
 * One spreadsheet row. A key is absent when the file has no such column (an update leaves that
 * field alone) and null when the column is there but the cell is empty (the field's default).
 */
export const importRowInput = z.object({
  rowNumber: z.number().int().min(2).max(1_048_576),
  name: cell,
  sku: cell,
  barcode: cell,
  productType: cell,
  description: cell,
  keywords: cell,
  price: cell,
  price2: cell,
  price3: cell,
  costPrice: cell,
  category: cell,
  taxPercent: cell,
  isTaxable: cell,
  unitOfMeasure: cell,
  initialStock: cell,
  minStock: cell,
});
export type ImportRow = z.infer<typeof importRowInput>;

export const importBatchInput = z.object({
  rows: z.array(importRowInput).min(1).max(IMPORT_BATCH_SIZE),
  mode: z.literal("create_or_update").optional().default("create_or_update"),
});
export type ImportBatchInput = z.input<typeof importBatchInput>;

export interface ImportRowError {
  rowNumber: number;
  message: string;
}

export interface ImportBatchResult {
  created: number;
  updated: number;
  errors: ImportRowError[];
}

/** Cell text: trimmed, numbers as written ('7460250000123'), empty as null. */
export function cellText(value: CellValue | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "boolean") return value ? "true" : "false";
  const text = String(value).trim();
  return text === "" ? null : text;
}

/** Whether a row has no value at all (such rows are skipped, not reported). */
export function isBlankRow(row: Partial<Record<ImportColumnKey, CellValue | undefined>>): boolean {
  return IMPORT_COLUMN_KEYS.every((k) => cellText(row[k]) === null);
}

const wordOf = (value: CellValue | undefined) => {
  const text = cellText(value);
  return text === null ? null : normalizeHeader(text);
};

const TYPE_WORDS: Record<string, (typeof PRODUCT_TYPES)[number]> = {
  producto: "product",
  product: "product",
  servicio: "service",
  service: "service",
  combo: "combo",
};

/** 'producto' / 'servicio' / 'combo' (or the English names); undefined when not one of them. */
export function parseProductType(value: CellValue | undefined): (typeof PRODUCT_TYPES)[number] | null | undefined {
  const word = wordOf(value);
  if (word === null) return null;
  return TYPE_WORDS[word];
}

const YES = new Set(["si", "s", "yes", "y", "true", "verdadero", "1", "x"]);
const NO = new Set(["no", "n", "false", "falso", "0"]);

/** 'sí' / 'no' (also yes/no, true/false, 1/0, a checkbox cell); undefined when unreadable. */
export function parseYesNo(value: CellValue | undefined): boolean | null | undefined {
  if (typeof value === "boolean") return value;
  const word = wordOf(value);
  if (word === null) return null;
  if (YES.has(word)) return true;
  if (NO.has(word)) return false;
  return undefined;
}

const UNIT_WORDS: Record<string, (typeof PRODUCT_UNITS)[number]> = {
  unidad: "unit",
  unidades: "unit",
  und: "unit",
  u: "unit",
  kilo: "kg",
  kilos: "kg",
  kilogramo: "kg",
  kilogramos: "kg",
  gramo: "g",
  gramos: "g",
  gr: "g",
  libra: "lb",
  libras: "lb",
  onza: "oz",
  onzas: "oz",
  litro: "l",
  litros: "l",
  mililitro: "ml",
  mililitros: "ml",
  galon: "gal",
  galones: "gal",
  porcion: "portion",
  porciones: "portion",
  docena: "dozen",
  docenas: "dozen",
};

/** A unit code (unit, kg, g, lb, oz, l, ml, gal, portion, dozen) or its Spanish name. */
export function parseUnit(value: CellValue | undefined): (typeof PRODUCT_UNITS)[number] | null | undefined {
  const word = wordOf(value);
  if (word === null) return null;
  if ((PRODUCT_UNITS as readonly string[]).includes(word)) return word as (typeof PRODUCT_UNITS)[number];
  return UNIT_WORDS[word];
}

/** A number cell as the decimal schemas read it: '18%' -> '18', numbers unchanged. */
export function numericCell(value: CellValue | undefined): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return value;
  const text = cellText(value);
  if (text === null) return null;
  return text.replace(/%$/, "").trim();
}

/** The value to write in the sheet for a yes/no field. */
export const yesNoText = (value: boolean) => (value ? "sí" : "no");

/** The Spanish word for a product type in the sheet. */
export const PRODUCT_TYPE_WORDS: Record<(typeof PRODUCT_TYPES)[number], string> = { product: "producto", service: "servicio", combo: "combo" };

/** The rows whose SKU already appeared higher up in the file, with the row of the first one. */
export function duplicateSkus(rows: { rowNumber: number; sku?: CellValue }[]): Map<number, number> {
  const first = new Map<string, number>();
  const duplicates = new Map<number, number>();
  for (const row of rows) {
    const sku = cellText(row.sku);
    if (sku === null) continue;
    const seen = first.get(sku);
    if (seen === undefined) first.set(sku, row.rowNumber);
    else duplicates.set(row.rowNumber, seen);
  }
  return duplicates;
}
