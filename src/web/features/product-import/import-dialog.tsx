import { useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, CheckCircle2, Download, FileSpreadsheet, RotateCcw, Upload } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { IMPORT_MAX_ROWS, type ImportColumnKey } from "../../../shared/catalog/product-import";
import { useTRPC, useTRPCClient } from "../../app/trpc";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { toast } from "../../components/ui/use-toast";
import { cn } from "../../lib/utils";
import { saveFile, todayStamp } from "./download";
import { type ImportJob, type ImportSummary, resetImportJob, startImportJob, useImportJob } from "./import-job";
import { ProgressBar } from "./progress-bar";
import type { ImportReportRow } from "./run-import";
import { buildErrorWorkbook, buildProductWorkbook, loadExcelJS, type ParsedWorkbook, readProductWorkbook, workbookBytes, XLSX_MIME } from "./workbook";

export const PRODUCT_IMPORT_PERMISSION = "products.import";
const PREVIEW_ROWS = 20;
const LISTED_ERRORS = 200;

export interface ProductImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called when an import ends (also when the dialog was closed meanwhile); product queries are already invalidated. */
  onImported?: (summary: ImportSummary) => void;
}

/**
 * Import products from Excel: choose an .xlsx (or download the template) → preview (first 20
 * rows, detected columns, total) → import with a progress bar (batches of 500 to
 * productImport.importBatch; the dialog can be closed, the import goes on) → counts and a per-row
 * error report that can be downloaded as .xlsx.
 */
export function ProductImportDialog({ open, onOpenChange, onImported }: ProductImportDialogProps) {
  const { t } = useTranslation();
  const job = useImportJob();
  const [file, setFile] = React.useState<{ name: string; parsed: ParsedWorkbook } | null>(null);
  const [reading, setReading] = React.useState(false);
  const [fileError, setFileError] = React.useState<string | null>(null);
  const client = useTRPCClient();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const onImportedRef = React.useRef(onImported);
  onImportedRef.current = onImported;

  const resetLocal = () => {
    setFile(null);
    setFileError(null);
    setReading(false);
  };
  const close = (next: boolean) => {
    if (!next && job.status !== "running") {
      // A finished import has been seen: the next opening starts afresh.
      resetImportJob();
      resetLocal();
    }
    onOpenChange(next);
  };

  const chooseFile = async (chosen: File | undefined) => {
    if (!chosen) return;
    setFileError(null);
    if (!/\.xlsx$/i.test(chosen.name)) {
      setFileError(t("productImport:import.notXlsx"));
      return;
    }
    setReading(true);
    try {
      const parsed = await readProductWorkbook(await chosen.arrayBuffer());
      if (parsed.totalRows === 0) setFileError(t("productImport:import.emptyFile"));
      else setFile({ name: chosen.name, parsed });
    } catch {
      setFileError(t("productImport:import.fileError"));
    } finally {
      setReading(false);
    }
  };

  const start = () => {
    if (!file) return;
    const productsFilter = trpc.product.pathFilter();
    void startImportJob({
      client,
      rows: file.parsed.rows,
      fileName: file.name,
      onFinished: (summary) => {
        void queryClient.invalidateQueries(productsFilter);
        onImportedRef.current?.(summary);
      },
    });
    setFile(null);
  };

  const importAnother = () => {
    resetImportJob();
    resetLocal();
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent closeLabel={t("common:actions.close")} className="max-h-[92vh] max-w-4xl overflow-y-auto" data-testid="product-import-dialog">
        <DialogHeader>
          <DialogTitle>{t("productImport:import.title")}</DialogTitle>
          <DialogDescription>{t("productImport:import.description")}</DialogDescription>
        </DialogHeader>
        {job.status !== "idle" ? (
          <JobView job={job} onClose={() => close(false)} onImportAnother={importAnother} />
        ) : file ? (
          <PreviewStep fileName={file.name} parsed={file.parsed} onBack={resetLocal} onStart={start} />
        ) : (
          <ChooseStep reading={reading} error={fileError} onFile={chooseFile} />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Downloads the empty template: the header row and the lists for Tipo, Gravado and Unidad. */
export async function downloadProductTemplate(t: (key: string) => string): Promise<void> {
  const ExcelJS = await loadExcelJS();
  const bytes = await workbookBytes(buildProductWorkbook(ExcelJS, [], t("productImport:export.sheet")));
  saveFile(bytes, t("productImport:import.templateFile"), XLSX_MIME);
}

function ChooseStep({ reading, error, onFile }: { reading: boolean; error: string | null; onFile: (file: File | undefined) => void }) {
  const { t } = useTranslation();
  const input = React.useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = React.useState(false);
  const [templateBusy, setTemplateBusy] = React.useState(false);
  const template = async () => {
    setTemplateBusy(true);
    try {
      await downloadProductTemplate(t);
    } catch {
      toast({ variant: "destructive", title: t("productImport:export.error") });
    } finally {
      setTemplateBusy(false);
    }
  };
  return (
    <div className="grid gap-4">
      <div
        className={cn(
          "flex flex-col items-center justify-center gap-3 rounded-md border-2 border-dashed p-8 text-center transition-colors",
          dragging ? "border-primary bg-primary/5" : "border-input",
        )}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          onFile(e.dataTransfer.files[0]);
        }}
        data-testid="product-import-dropzone"
      >
        <FileSpreadsheet className="size-10 text-muted-foreground" aria-hidden />
        <input
          ref={input}
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="sr-only"
          aria-label={t("productImport:import.chooseFile")}
          data-testid="product-import-file"
          onChange={(e) => {
            onFile(e.target.files?.[0]);
            e.target.value = "";
          }}
        />
        <Button onClick={() => input.current?.click()} disabled={reading}>
          <Upload />
          {reading ? t("productImport:import.reading") : t("productImport:import.chooseFile")}
        </Button>
        <p className="max-w-md text-sm text-muted-foreground">{t("productImport:import.fileHint")}</p>
      </div>
      {error ? (
        <p className="flex items-center gap-2 rounded-md border border-destructive bg-destructive/10 p-3 text-sm text-destructive" role="alert">
          <AlertTriangle className="size-4 shrink-0" />
          {error}
        </p>
      ) : null}
      <DialogFooter className="justify-between sm:justify-between">
        <Button variant="outline" onClick={() => void template()} disabled={templateBusy} data-testid="product-import-template">
          <Download />
          {t("productImport:import.downloadTemplate")}
        </Button>
      </DialogFooter>
    </div>
  );
}

const cellDisplay = (value: unknown) => (value === null || value === undefined ? "" : String(value));

function PreviewStep({ fileName, parsed, onBack, onStart }: { fileName: string; parsed: ParsedWorkbook; onBack: () => void; onStart: () => void }) {
  const { t } = useTranslation();
  const column = (key: ImportColumnKey) => t(`productImport:columns.${key}`);
  const ignored = parsed.headers.filter((h) => h.key === null).map((h) => h.header);
  const blocked = parsed.missing.length > 0 || parsed.tooMany;
  const preview = parsed.rows.slice(0, PREVIEW_ROWS);
  return (
    <div className="grid gap-4" data-testid="product-import-preview">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">{t("productImport:import.fileSummary", { file: fileName, sheet: parsed.sheetName })}</p>
        <Badge variant="secondary" data-testid="product-import-total">
          {t("productImport:import.totalRows", { count: parsed.totalRows })}
        </Badge>
      </div>
      <div className="grid gap-1.5">
        <p className="text-sm font-medium">{t("productImport:import.detectedColumns")}</p>
        <div className="flex flex-wrap gap-1.5" data-testid="product-import-columns">
          {parsed.columns.map((key) => (
            <Badge key={key} variant="outline" data-column={key}>
              {column(key)}
            </Badge>
          ))}
        </div>
        {ignored.length > 0 ? (
          <p className="text-xs text-muted-foreground">
            {t("productImport:import.ignoredColumns")}: {ignored.join(", ")}
          </p>
        ) : null}
      </div>
      {parsed.missing.length > 0 ? (
        <p className="flex items-center gap-2 rounded-md border border-destructive bg-destructive/10 p-3 text-sm text-destructive" role="alert">
          <AlertTriangle className="size-4 shrink-0" />
          {t("productImport:import.missingColumns", { columns: parsed.missing.map(column).join(", ") })}
        </p>
      ) : null}
      {parsed.tooMany ? (
        <p className="flex items-center gap-2 rounded-md border border-destructive bg-destructive/10 p-3 text-sm text-destructive" role="alert">
          <AlertTriangle className="size-4 shrink-0" />
          {t("productImport:import.tooManyRows", { count: parsed.totalRows, max: IMPORT_MAX_ROWS })}
        </p>
      ) : null}
      <div className="grid gap-1.5">
        <p className="text-xs text-muted-foreground">{t("productImport:import.previewNote", { count: Math.min(PREVIEW_ROWS, parsed.rows.length) })}</p>
        <div className="max-h-80 overflow-auto rounded-md border">
          <Table className="text-xs" data-testid="product-import-preview-table">
            <THead>
              <TR>
                <TH className="sticky top-0 bg-muted">{t("productImport:import.rowHeader")}</TH>
                {parsed.columns.map((key) => (
                  <TH key={key} className="sticky top-0 whitespace-nowrap bg-muted">
                    {column(key)}
                  </TH>
                ))}
              </TR>
            </THead>
            <TBody>
              {preview.map((row) => (
                <TR key={row.rowNumber}>
                  <TD className="tabular-nums text-muted-foreground">{row.rowNumber}</TD>
                  {parsed.columns.map((key) => (
                    <TD key={key} className="max-w-48 truncate whitespace-nowrap" title={cellDisplay(row[key])}>
                      {cellDisplay(row[key])}
                    </TD>
                  ))}
                </TR>
              ))}
            </TBody>
          </Table>
        </div>
      </div>
      <DialogFooter className="flex-wrap">
        <Button variant="outline" onClick={onBack}>
          {t("productImport:import.chooseAnother")}
        </Button>
        <Button onClick={onStart} disabled={blocked} data-testid="product-import-start">
          <Upload />
          {t("productImport:import.start", { count: parsed.rows.length })}
        </Button>
      </DialogFooter>
    </div>
  );
}

function JobView({ job, onClose, onImportAnother }: { job: Exclude<ImportJob, { status: "idle" }>; onClose: () => void; onImportAnother: () => void }) {
  const { t } = useTranslation();
  const { progress } = job;
  const [downloading, setDownloading] = React.useState(false);
  const downloadErrors = async () => {
    setDownloading(true);
    try {
      const ExcelJS = await loadExcelJS();
      const workbook = buildErrorWorkbook(ExcelJS, progress.errors, {
        sheet: t("productImport:import.errorReportSheet"),
        row: t("productImport:import.errorReportColumns.row"),
        sku: t("productImport:import.errorReportColumns.sku"),
        name: t("productImport:import.errorReportColumns.name"),
        error: t("productImport:import.errorReportColumns.error"),
      });
      saveFile(await workbookBytes(workbook), t("productImport:import.errorReportFile", { date: todayStamp() }), XLSX_MIME);
    } catch {
      toast({ variant: "destructive", title: t("productImport:export.error") });
    } finally {
      setDownloading(false);
    }
  };
  const running = job.status === "running";
  return (
    <div className="grid gap-4" data-testid="product-import-job" data-status={job.status}>
      {running ? (
        <div className="grid gap-2">
          <div className="flex items-center justify-between text-sm">
            <span className="font-medium">{t("productImport:import.importing")}</span>
            <span className="tabular-nums text-muted-foreground" data-testid="product-import-progress">
              {t("productImport:import.progress", { done: progress.processed, total: progress.total })}
            </span>
          </div>
          <ProgressBar value={progress.total ? progress.processed / progress.total : 0} label={t("productImport:import.importing")} />
          <p className="text-xs text-muted-foreground">{t("productImport:import.backgroundHint")}</p>
        </div>
      ) : (
        <p className="flex items-center gap-2 text-sm font-medium">
          {job.status === "stopped" ? <AlertTriangle className="size-4 text-destructive" /> : <CheckCircle2 className="size-4 text-success" />}
          {job.status === "stopped" ? t("productImport:import.stopped", { message: job.message }) : t("productImport:import.resultTitle")}
        </p>
      )}
      <div className="grid grid-cols-3 gap-3">
        <Stat label={t("productImport:import.created")} value={progress.created} testId="product-import-created" />
        <Stat label={t("productImport:import.updated")} value={progress.updated} testId="product-import-updated" />
        <Stat label={t("productImport:import.failed")} value={progress.errors.length} testId="product-import-failed" tone={progress.errors.length > 0 ? "destructive" : undefined} />
      </div>
      {!running && progress.errors.length === 0 && job.status === "done" ? <p className="text-sm text-muted-foreground">{t("productImport:import.noErrors")}</p> : null}
      {progress.errors.length > 0 ? <ErrorList errors={progress.errors} /> : null}
      <DialogFooter className="flex-wrap">
        {running ? (
          <Button variant="outline" onClick={onClose}>
            {t("productImport:import.runInBackground")}
          </Button>
        ) : (
          <>
            {progress.errors.length > 0 ? (
              <Button variant="outline" onClick={() => void downloadErrors()} disabled={downloading} data-testid="product-import-download-errors">
                <Download />
                {t("productImport:import.downloadErrors")}
              </Button>
            ) : null}
            <Button variant="outline" onClick={onImportAnother}>
              <RotateCcw />
              {t("productImport:import.importAnother")}
            </Button>
            <Button onClick={onClose}>{t("common:actions.close")}</Button>
          </>
        )}
      </DialogFooter>
    </div>
  );
}

function Stat({ label, value, testId, tone }: { label: string; value: number; testId: string; tone?: "destructive" }) {
  return (
    <div className="rounded-md border p-3">
      <p className="text-xs text-muted-foreground">{label}</p>
      <p className={cn("text-2xl font-semibold tabular-nums", tone === "destructive" && "text-destructive")} data-testid={testId}>
        {value.toLocaleString("en-US")}
      </p>
    </div>
  );
}

function ErrorList({ errors }: { errors: ImportReportRow[] }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-1.5">
      <p className="text-sm font-medium">{t("productImport:import.errorsTitle")}</p>
      <ul className="max-h-64 overflow-y-auto rounded-md border p-3 text-sm" data-testid="product-import-errors">
        {errors.slice(0, LISTED_ERRORS).map((e) => (
          <li key={e.rowNumber} className="py-0.5">
            {t("productImport:rowErrors.row", { row: e.rowNumber, message: e.message })}
          </li>
        ))}
        {errors.length > LISTED_ERRORS ? <li className="pt-1 text-muted-foreground">{t("productImport:import.moreErrors", { count: errors.length - LISTED_ERRORS })}</li> : null}
      </ul>
    </div>
  );
}
