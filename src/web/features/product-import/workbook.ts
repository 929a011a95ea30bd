import type ExcelJSModule from "exceljs";
import { PRODUCT_UNITS } from "../../../shared/catalog/product";
import {
  type CellValue,
  columnForHeader,
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  type ImportColumnKey,
  type ImportRow,
  isBlankRow,
  PRODUCT_TYPE_WORDS,
  REQUIRED_IMPORT_COLUMNS,
  yesNoText,
} from "../../../shared/catalog/product-import";

/**
 * Reading and writing the product spreadsheet with exceljs. No DOM here: the browser, the
 * benchmark and the e2e fixtures use the same code. exceljs is loaded on demand so the product
 * list does not carry it until someone imports or exports.
 */
export type ExcelJS = typeof ExcelJSModule;

export async function loadExcelJS(): Promise<ExcelJS> {
  const mod = (await import("exceljs")) as unknown as ExcelJS & { default?: ExcelJS };
  return mod.default ?? mod;
}

export const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export interface ParsedWorkbook {
  sheetName: string;
  /** The file's header cells in order, with the column each one feeds (null: ignored). */
  headers: { header: string; key: ImportColumnKey | null }[];
  /** The import columns the file has, in the file's order. */
  columns: ImportColumnKey[];
  /** Required columns the file lacks (the import cannot start). */
  missing: ImportColumnKey[];
  /** Non-blank data rows, each with its Excel row number (the header is row 1). */
  rows: ImportRow[];
  /** More data rows than IMPORT_MAX_ROWS: rows holds only the first ones. */
  tooMany: boolean;
  totalRows: number;
}

type RawCell = ExcelJSModule.CellValue;

/** A cell as a plain value: rich text joined, formulas as their result, hyperlinks as their text, dates as yyyy-mm-dd. */
export function plainCell(value: RawCell, numFmt?: string): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") {
    // A percent-formatted cell holds 0.18 for 18 %.
    return numFmt?.includes("%") ? Number((value * 100).toFixed(6)) : value;
  }
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    if ("richText" in value && Array.isArray(value.richText)) return value.richText.map((r) => r.text).join("");
    if ("error" in value) return null;
    if ("result" in value) return plainCell((value as { result?: RawCell }).result ?? null, numFmt);
    if ("text" in value) return plainCell((value as { text: RawCell }).text, numFmt);
  }
  return String(value);
}

/** Reads the first worksheet: header row 1, then one product per row. */
export async function readProductWorkbook(data: ArrayBuffer | Uint8Array, excel?: ExcelJS): Promise<ParsedWorkbook> {
  const ExcelJS = excel ?? (await loadExcelJS());
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as ArrayBuffer);
  const sheet = workbook.worksheets.find((w) => w.state !== "hidden" && w.actualRowCount > 0) ?? workbook.worksheets[0];
  if (!sheet) return { sheetName: "", headers: [], columns: [], missing: [...REQUIRED_IMPORT_COLUMNS], rows: [], tooMany: false, totalRows: 0 };

  const headerRow = sheet.getRow(1);
  const headers: ParsedWorkbook["headers"] = [];
  const byColumn = new Map<number, ImportColumnKey>();
  const last = Math.max(headerRow.cellCount, 1);
  for (let c = 1; c <= last; c++) {
    const text = String(plainCell(headerRow.getCell(c).value) ?? "").trim();
    if (!text) continue;
    const key = columnForHeader(text);
    // The first column with a name wins; a repeated header is ignored.
    const usable = key && ![...byColumn.values()].includes(key) ? key : null;
    if (usable) byColumn.set(c, usable);
    headers.push({ header: text, key: usable });
  }
  const columns = [...byColumn.values()];
  const missing = REQUIRED_IMPORT_COLUMNS.filter((k) => !columns.includes(k));

  const rows: ImportRow[] = [];
  let totalRows = 0;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const record: ImportRow = { rowNumber };
    for (const [c, key] of byColumn) {
      const cell = row.getCell(c);
      record[key] = plainCell(cell.value, cell.numFmt);
    }
    if (isBlankRow(record)) return;
    totalRows++;
    if (rows.length < IMPORT_MAX_ROWS) rows.push(record);
  });
  return { sheetName: sheet.name, headers, columns, missing, rows, tooMany: totalRows > IMPORT_MAX_ROWS, totalRows };
}

/** One product as a sheet row (the template's columns). */
export type SheetRow = Partial<Record<ImportColumnKey, CellValue>>;

const MONEY_COLUMNS: ImportColumnKey[] = ["price", "price2", "price3", "costPrice"];
const NUMBER_COLUMNS: ImportColumnKey[] = ["taxPercent", "initialStock", "minStock"];
const WIDTHS: Partial<Record<ImportColumnKey, number>> = { name: 36, description: 40, keywords: 24, barcode: 18, sku: 16, category: 16, initialStock: 16, minStock: 14 };

/**
 * A workbook with the import template's header row (Spanish names, * on required ones), lists for
 * Tipo / Gravado / Unidad (by default only on the empty template), and the given rows. The template is this with no rows; the export
 * fills it, so an export can be imported again.
 */
export function buildProductWorkbook(ExcelJS: ExcelJS, rows: SheetRow[], sheetName: string, opts: { lists?: boolean } = {}) {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Enzzo";
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = IMPORT_COLUMNS.map((c) => ({
    header: c.header,
    key: c.key,
    width: WIDTHS[c.key] ?? Math.max(12, c.header.length + 4),
    style: MONEY_COLUMNS.includes(c.key) ? { numFmt: "#,##0.00" } : NUMBER_COLUMNS.includes(c.key) ? { numFmt: "0.####" } : { numFmt: "@" },
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFE8EEF7" } };
  for (const row of rows) sheet.addRow(row);
  if (!(opts.lists ?? rows.length === 0)) return workbook;
  const lastRow = Math.max(rows.length + 1, 1000);
  const letter = (key: ImportColumnKey) => sheet.getColumn(key).letter;
  const list = (key: ImportColumnKey, values: readonly string[]) => {
    for (let r = 2; r <= lastRow; r++) {
      sheet.getCell(`${letter(key)}${r}`).dataValidation = { type: "list", allowBlank: true, showErrorMessage: false, formulae: [`"${values.join(",")}"`] };
    }
  };
  list("productType", Object.values(PRODUCT_TYPE_WORDS));
  list("isTaxable", ["sí", "no"]);
  list("unitOfMeasure", PRODUCT_UNITS);
  return workbook;
}

/** What the export reads of a product from product.getAll (the list's row). */
export interface ExportProduct {
  name: string;
  sku: string;
  barcode: string | null;
  productType: string;
  price: string;
  price2: string;
  price3: string;
  costPrice: string;
  categoryName: string | null;
  taxPercent: string | null;
  isTaxable: boolean;
  unitOfMeasure: string;
  stock: string;
}

/** What productImport.exportDetails adds: the columns the list does not carry. */
export interface ExportDetail {
  description: string | null;
  keywords: string | null;
  categoryCode: string | null;
  minStock: string | null;
}

const num = (value: string | null | undefined): number | null => (value === null || value === undefined || value === "" ? null : Number(value));

/** One product as a row of the import template, so an export can be imported again. */
export function productSheetRow(p: ExportProduct, detail: ExportDetail | undefined): SheetRow {
  return {
    name: p.name,
    sku: p.sku,
    barcode: p.barcode,
    productType: PRODUCT_TYPE_WORDS[p.productType as keyof typeof PRODUCT_TYPE_WORDS] ?? p.productType,
    description: detail?.description ?? null,
    keywords: detail?.keywords ?? null,
    price: num(p.price),
    price2: num(p.price2),
    price3: num(p.price3),
    costPrice: num(p.costPrice),
    category: detail?.categoryCode ?? p.categoryName ?? null,
    taxPercent: num(p.taxPercent),
    isTaxable: yesNoText(p.isTaxable),
    unitOfMeasure: p.unitOfMeasure,
    // The stock on hand (all warehouses): imported into another business it becomes the initial stock.
    initialStock: num(p.stock),
    minStock: num(detail?.minStock),
  };
}

/** The report of rows that failed: Fila, SKU, Nombre, Error. */
export function buildErrorWorkbook(
  ExcelJS: ExcelJS,
  errors: { rowNumber: number; sku: string | null; name: string | null; message: string }[],
  labels: { sheet: string; row: string; sku: string; name: string; error: string },
) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(labels.sheet, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = [
    { header: labels.row, key: "rowNumber", width: 8 },
    { header: labels.sku, key: "sku", width: 18 },
    { header: labels.name, key: "name", width: 36 },
    { header: labels.error, key: "message", width: 90 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const e of errors) sheet.addRow(e);
  return workbook;
}

/** The workbook as .xlsx bytes. */
export async function workbookBytes(workbook: ExcelJSModule.Workbook): Promise<Uint8Array> {
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
