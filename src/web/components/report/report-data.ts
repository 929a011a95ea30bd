/**
 * The one shape every report of the suite exports (reports area, accounting balances and
 * statements, DGII previews): columns, rows and totals as already formatted numbers. The same
 * data feeds the screen's table, the Excel file and the PDF, so the three always agree.
 */
export type ReportCell = string | number | null;

export interface ReportColumn {
  key: string;
  label: string;
  /** money and number are right-aligned; money cells are decimal strings ("1234.50"). */
  kind?: "text" | "money" | "number" | "percent" | "date";
}

export interface ReportData {
  title: string;
  /** The period and filters, as shown under the title ("01/11/2026 – 30/11/2026 · Almacén principal"). */
  subtitle?: string;
  /** Without extension: "ventas-por-dia-2026-11". */
  fileName: string;
  columns: ReportColumn[];
  rows: Record<string, ReportCell>[];
  totals?: Record<string, ReportCell>;
}

export const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

function isNumeric(kind: ReportColumn["kind"]): boolean {
  return kind === "money" || kind === "number" || kind === "percent";
}

/** A cell as a spreadsheet value: money and numbers as numbers (so Excel sums them), the rest as text. */
export function sheetValue(column: ReportColumn, value: ReportCell): string | number | null {
  if (value === null || value === undefined || value === "") return null;
  if (isNumeric(column.kind)) {
    const n = typeof value === "number" ? value : Number(value);
    return Number.isFinite(n) ? n : String(value);
  }
  return String(value);
}

/** The report as an .xlsx workbook (exceljs, loaded on demand). */
export async function reportToXlsx(report: ReportData): Promise<Blob> {
  const mod = (await import("exceljs")) as unknown as typeof import("exceljs") & { default?: typeof import("exceljs") };
  const ExcelJS = mod.default ?? mod;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(report.title.slice(0, 31).replace(/[\\/?*[\]:]/g, " "));
  sheet.addRow([report.title]).font = { bold: true, size: 14 };
  if (report.subtitle) sheet.addRow([report.subtitle]);
  sheet.addRow([]);
  const header = sheet.addRow(report.columns.map((c) => c.label));
  header.font = { bold: true };
  for (const row of report.rows) sheet.addRow(report.columns.map((c) => sheetValue(c, row[c.key] ?? null)));
  if (report.totals) sheet.addRow(report.columns.map((c) => sheetValue(c, report.totals?.[c.key] ?? null))).font = { bold: true };
  report.columns.forEach((c, i) => {
    const column = sheet.getColumn(i + 1);
    column.width = Math.max(12, Math.min(48, c.label.length + 4));
    if (c.kind === "money") column.numFmt = "#,##0.00";
  });
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: XLSX_MIME });
}

/** The report as a PDF (pdfmake's browser build and its Roboto fonts, loaded on demand). */
export async function reportToPdf(report: ReportData, formatMoney: (value: string) => string): Promise<Blob> {
  const [pdfMakeModule, fontsModule] = await Promise.all([import("pdfmake/build/pdfmake"), import("pdfmake/build/vfs_fonts")]);
  const pdfMake = ((pdfMakeModule as { default?: unknown }).default ?? pdfMakeModule) as {
    addVirtualFileSystem(vfs: Record<string, string>): void;
    createPdf(doc: unknown): { getBlob(): Promise<Blob> };
  };
  const fonts = (fontsModule as { default?: unknown }).default ?? fontsModule;
  pdfMake.addVirtualFileSystem(((fonts as { vfs?: Record<string, string> }).vfs ?? fonts) as Record<string, string>);
  const cell = (c: ReportColumn, v: ReportCell, bold = false) => ({
    text: v === null || v === undefined ? "" : c.kind === "money" ? formatMoney(String(v)) : String(v),
    alignment: isNumeric(c.kind) ? "right" : "left",
    bold,
  });
  const body = [
    report.columns.map((c) => ({ text: c.label, bold: true, alignment: isNumeric(c.kind) ? "right" : "left" })),
    ...report.rows.map((r) => report.columns.map((c) => cell(c, r[c.key] ?? null))),
    ...(report.totals ? [report.columns.map((c) => cell(c, report.totals?.[c.key] ?? null, true))] : []),
  ];
  const doc = {
    pageOrientation: report.columns.length > 6 ? "landscape" : "portrait",
    pageSize: "LETTER",
    defaultStyle: { fontSize: 8 },
    content: [
      { text: report.title, fontSize: 14, bold: true },
      ...(report.subtitle ? [{ text: report.subtitle, margin: [0, 2, 0, 8] }] : [{ text: "", margin: [0, 0, 0, 8] }]),
      { table: { headerRows: 1, widths: report.columns.map(() => "auto"), body }, layout: "lightHorizontalLines" },
    ],
  };
  return pdfMake.createPdf(doc).getBlob();
}

/** Saves a blob under a name (an anchor with download: the browser's own save). */
export function downloadBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
