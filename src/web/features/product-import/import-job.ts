import type { TRPCClient } from "@trpc/client";
import * as React from "react";
import type { ImportRow } from "../../../shared/catalog/product-import";
import { handleApiError } from "../../app/providers";
import { type AppRouter, errorCode } from "../../app/trpc";
import { toast } from "../../components/ui/use-toast";
import i18n from "../../lib/i18n";
import { type ImportProgress, runImport } from "./run-import";

/**
 * The running import lives outside the dialog, so closing the dialog does not stop it (UX: long
 * work can be left running; the result is a toast). One import at a time per browser tab.
 */
export type ImportJob =
  | { status: "idle" }
  | { status: "running" | "done"; fileName: string; progress: ImportProgress }
  | { status: "stopped"; fileName: string; progress: ImportProgress; message: string };

export interface ImportSummary {
  created: number;
  updated: number;
  failed: number;
}

let job: ImportJob = { status: "idle" };
const listeners = new Set<() => void>();

function setJob(next: ImportJob) {
  job = next;
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useImportJob(): ImportJob {
  return React.useSyncExternalStore(
    subscribe,
    () => job,
    () => job,
  );
}

/** Forgets a finished import (the dialog then offers a new file). */
export function resetImportJob(): void {
  if (job.status !== "running") setJob({ status: "idle" });
}

const summaryOf = (p: ImportProgress): ImportSummary => ({ created: p.created, updated: p.updated, failed: p.errors.length });

/** Starts importing the rows; resolves when the import ends (or at once if one is already running). */
export async function startImportJob(opts: { client: TRPCClient<AppRouter>; rows: ImportRow[]; fileName: string; onFinished?: (summary: ImportSummary) => void }): Promise<void> {
  if (job.status === "running") return;
  const t = i18n.t.bind(i18n);
  const fileName = opts.fileName;
  setJob({ status: "running", fileName, progress: { total: opts.rows.length, processed: 0, created: 0, updated: 0, errors: [] } });
  let last: ImportProgress | null = null;
  try {
    const progress = await runImport({
      rows: opts.rows,
      send: (rows) => opts.client.productImport.importBatch.mutate({ rows, mode: "create_or_update" }),
      duplicateMessage: (row) => t("productImport:rowErrors.duplicateInFile", { row }),
      batchFailedMessage: (error) => t("productImport:rowErrors.batchFailed", { message: error instanceof Error ? error.message : String(error) }),
      isFatal: (error) => ["UNAUTHORIZED", "FORBIDDEN"].includes(errorCode(error) ?? ""),
      onProgress: (p) => {
        last = p;
        setJob({ status: "running", fileName, progress: p });
      },
    });
    setJob({ status: "done", fileName, progress });
    const summary = summaryOf(progress);
    toast({
      variant: summary.failed > 0 ? "default" : "success",
      title: t("productImport:import.doneToast"),
      description: t("productImport:import.doneToastDescription", { ...summary }),
      duration: 10_000,
    });
    opts.onFinished?.(summary);
  } catch (error) {
    // Signed out meanwhile: the app's handler takes the user to sign in.
    handleApiError(error, { silent: true });
    const message = error instanceof Error ? error.message : String(error);
    const progress = last ?? { total: opts.rows.length, processed: 0, created: 0, updated: 0, errors: [] };
    setJob({ status: "stopped", fileName, progress, message });
    toast({ variant: "destructive", title: t("productImport:import.failedToast"), description: message });
    opts.onFinished?.(summaryOf(progress));
  }
}
