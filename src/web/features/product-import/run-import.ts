import { cellText, duplicateSkus, IMPORT_BATCH_SIZE, type ImportBatchResult, type ImportRow } from "../../../shared/catalog/product-import";

export interface ImportReportRow {
  rowNumber: number;
  sku: string | null;
  name: string | null;
  message: string;
}

export interface ImportProgress {
  total: number;
  processed: number;
  created: number;
  updated: number;
  errors: ImportReportRow[];
}

export interface RunImportOptions {
  rows: ImportRow[];
  /** productImport.importBatch for one batch (at most IMPORT_BATCH_SIZE rows). */
  send: (rows: ImportRow[]) => Promise<ImportBatchResult>;
  /** The message of a row whose SKU already appeared at `firstRow`. */
  duplicateMessage: (firstRow: number) => string;
  /** The message for each row of a batch the server refused as a whole. */
  batchFailedMessage: (error: unknown) => string;
  /** Whether a failed batch should stop the import (signed out, permission taken away). */
  isFatal?: (error: unknown) => boolean;
  onProgress?: (progress: ImportProgress) => void;
}

/** The server takes 2 MB a request: a batch is 500 rows or about 1 MB of JSON, whichever comes first. */
const MAX_BATCH_CHARS = 1_000_000;

export function batchesOf(rows: ImportRow[]): ImportRow[][] {
  const batches: ImportRow[][] = [];
  let current: ImportRow[] = [];
  let size = 0;
  for (const row of rows) {
    const rowSize = JSON.stringify(row).length;
    if (current.length > 0 && (current.length >= IMPORT_BATCH_SIZE || size + rowSize > MAX_BATCH_CHARS)) {
      batches.push(current);
      current = [];
      size = 0;
    }
    current.push(row);
    size += rowSize;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/**
 * Sends the rows in batches of 500, one after the other, so progress moves steadily and the
 * server never holds more than one batch's transaction for this import. A SKU repeated in the file
 * fails on its later rows before anything is sent (the server checks again inside each batch). A
 * batch that fails as a whole marks its rows failed and the import goes on, unless the failure is
 * fatal, which stops it and is thrown after the last progress report.
 */
export async function runImport(opts: RunImportOptions): Promise<ImportProgress> {
  const byRow = new Map(opts.rows.map((r) => [r.rowNumber, r]));
  const report = (rowNumber: number, message: string): ImportReportRow => {
    const row = byRow.get(rowNumber);
    return { rowNumber, sku: cellText(row?.sku), name: cellText(row?.name), message };
  };
  const duplicates = duplicateSkus(opts.rows);
  const progress: ImportProgress = {
    total: opts.rows.length,
    processed: duplicates.size,
    created: 0,
    updated: 0,
    errors: [...duplicates].map(([rowNumber, first]) => report(rowNumber, opts.duplicateMessage(first))),
  };
  const pending = opts.rows.filter((r) => !duplicates.has(r.rowNumber));
  const emit = () => opts.onProgress?.({ ...progress, errors: [...progress.errors].sort((a, b) => a.rowNumber - b.rowNumber) });
  emit();
  for (const batch of batchesOf(pending)) {
    try {
      const result = await opts.send(batch);
      progress.created += result.created;
      progress.updated += result.updated;
      progress.errors.push(...result.errors.map((e) => report(e.rowNumber, e.message)));
    } catch (error) {
      if (opts.isFatal?.(error)) {
        emit();
        throw error;
      }
      const message = opts.batchFailedMessage(error);
      progress.errors.push(...batch.map((r) => report(r.rowNumber, message)));
    }
    progress.processed += batch.length;
    emit();
  }
  progress.errors.sort((a, b) => a.rowNumber - b.rowNumber);
  return progress;
}
