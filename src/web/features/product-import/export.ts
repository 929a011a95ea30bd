import type { TRPCClient } from "@trpc/client";
import * as React from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import type { productListInput } from "../../../shared/catalog/product";
import { handleApiError } from "../../app/providers";
import { type AppRouter, makeTrpcClient, useTRPCClient } from "../../app/trpc";
import { toast } from "../../components/ui/use-toast";
import { saveFile, todayStamp } from "./download";
import { buildProductWorkbook, loadExcelJS, productSheetRow, type SheetRow, workbookBytes, XLSX_MIME } from "./workbook";

export const PRODUCT_EXPORT_PERMISSION = "products.export";
/** product.getAll's largest page. */
export const EXPORT_PAGE_SIZE = 200;

/** The product list's filters (product.getAll's input without paging). */
export type ProductListFilters = Omit<z.input<typeof productListInput>, "page" | "pageSize">;
type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface ExportProgress {
  done: number;
  total: number;
}

export interface ExportOptions {
  /** The app's tRPC client (useTRPCClient); a new one when omitted. */
  client?: TRPCClient<AppRouter>;
  onProgress?: (progress: ExportProgress) => void;
}

/**
 * Exports the product list with its current filters to 'productos-YYYY-MM-DD.xlsx': reads every
 * page of product.getAll (200 a page) plus the columns the list lacks (productImport.exportDetails),
 * writes the import template's columns and starts the download. Toasts 'No hay productos para
 * exportar' when the list is empty and 'Error al exportar a Excel' on failure. Resolves to the
 * number of products exported (0 when none or on failure).
 */
export async function exportProductsToExcel(filters: ProductListFilters, t: Translate, options: ExportOptions = {}): Promise<number> {
  const client = options.client ?? makeTrpcClient();
  try {
    const rows: SheetRow[] = [];
    let page = 1;
    let total = 0;
    // Pages until one comes back short: a catalogue over the list's count cap reports an
    // 'at least' total and one more page every time, so the page count cannot end the loop.
    let full = false;
    do {
      const list = await client.product.getAll.query({ ...filters, page, pageSize: EXPORT_PAGE_SIZE });
      full = list.data.length === EXPORT_PAGE_SIZE;
      total = Math.max(list.pagination.total, rows.length + list.data.length);
      if (list.data.length > 0) {
        const details = await client.productImport.exportDetails.query({ ids: list.data.map((p) => p.id) });
        const byId = new Map(details.map((d) => [d.id, d]));
        rows.push(...list.data.map((p) => productSheetRow(p, byId.get(p.id))));
      }
      options.onProgress?.({ done: rows.length, total });
      page++;
    } while (full);

    if (rows.length === 0) {
      toast({ title: t("productImport:export.noProducts") });
      return 0;
    }
    const ExcelJS = await loadExcelJS();
    const fileName = `productos-${todayStamp()}.xlsx`;
    saveFile(await workbookBytes(buildProductWorkbook(ExcelJS, rows, t("productImport:export.sheet"))), fileName, XLSX_MIME);
    toast({ variant: "success", title: t("productImport:export.done"), description: t("productImport:export.doneDescription", { count: rows.length, file: fileName }) });
    return rows.length;
  } catch (error) {
    handleApiError(error, { silent: true });
    toast({ variant: "destructive", title: t("productImport:export.error") });
    return 0;
  }
}

/**
 * The export as a hook: `exportNow(filters)` runs it through the app's tRPC client in the user's language;
 * `progress` (a whole percentage, 0–100; `done` of `total` products) and `isExporting` drive a progress bar. The export keeps going if the component unmounts.
 */
export function useProductExport() {
  const client = useTRPCClient();
  const { t } = useTranslation();
  const [state, setState] = React.useState<{ isExporting: boolean; done: number; total: number }>({ isExporting: false, done: 0, total: 0 });
  const running = React.useRef(false);
  const exportNow = React.useCallback(
    async (filters: ProductListFilters) => {
      if (running.current) return 0;
      running.current = true;
      setState({ isExporting: true, done: 0, total: 0 });
      try {
        return await exportProductsToExcel(filters, t, { client, onProgress: (p) => setState({ isExporting: true, ...p }) });
      } finally {
        running.current = false;
        setState({ isExporting: false, done: 0, total: 0 });
      }
    },
    [client, t],
  );
  const progress = state.total ? Math.floor((state.done / state.total) * 100) : 0;
  return { exportNow, isExporting: state.isExporting, progress, done: state.done, total: state.total };
}
