import { useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { csvFileName, imageFileName, VOUCHER_LIMITS, zipFileName } from "../../../shared/vouchers/schemas";
import { useTRPC } from "../../app/trpc";
import { Button } from "../../components/ui/button";
import { DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { toast } from "../../components/ui/use-toast";
import { formatDate } from "../../lib/dates";
import { tMessage } from "../../lib/i18n";
import type { ExportMessage, ExportRequest } from "./image-export.worker";
import { downloadBlob, formatVoucherValue, toCsv } from "./voucher-common";

export interface ExportBatch {
  id: string;
  batch_number: string;
  name: string;
}

type Format = "csv" | "images";

/**
 * 'Exportar': the batch as CSV ('bonos-{batch8}.csv', every voucher) or as PNG images of its
 * active vouchers (up to 10,000) zipped ('bonos-{batch8}.zip'), drawn in a Web Worker with a
 * progress toast every 10 images; 'Exportación completada' or 'No se pudieron generar las imágenes.'
 */
export function ExportDialog({ batch, onClose }: { batch: ExportBatch; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [format, setFormat] = React.useState<Format>("csv");
  const [busy, setBusy] = React.useState(false);
  const worker = React.useRef<Worker | null>(null);
  React.useEffect(() => () => worker.current?.terminate(), []);

  const exportCsv = async () => {
    const data = await qc.fetchQuery({ ...trpc.voucher.exportCsv.queryOptions({ batchId: batch.id }), staleTime: 0 });
    downloadBlob(new Blob([toCsv(data.headers, data.rows)], { type: "text/csv;charset=utf-8" }), csvFileName(batch.id));
    toast({ variant: "success", title: t("vouchers:export.done") });
    onClose();
  };

  const exportImages = async () => {
    const data = await qc.fetchQuery({ ...trpc.voucher.getImageExport.queryOptions({ batchId: batch.id }), staleTime: 0 });
    if (data.vouchers.length === 0) {
      toast({ variant: "destructive", title: t("vouchers:export.noActive") });
      return;
    }
    const request: ExportRequest = {
      labels: { title: t("vouchers:image.title"), batch: `${data.batch.batch_number} · ${data.batch.name}` },
      vouchers: data.vouchers.map((v) => ({
        code: v.code,
        value: data.batch.type === "percentage" ? t("vouchers:image.percent", { value: formatVoucherValue(v.amount, "percentage", lang).replace(" %", "") }) : formatVoucherValue(v.amount, "fixed", lang),
        // The expiry in the Dominican format (dd/mm/yyyy) whatever the screen's language.
        expires: t("vouchers:image.expires", { date: formatDate(v.valid_until, "es") }),
        file: imageFileName(batch.id, v.code),
      })),
    };
    const w = new Worker(new URL("./image-export.worker.ts", import.meta.url), { type: "module" });
    worker.current = w;
    await new Promise<void>((resolve, reject) => {
      w.onmessage = (event: MessageEvent<ExportMessage>) => {
        const m = event.data;
        if (m.type === "progress") toast({ title: t("vouchers:export.progress", { done: m.done, total: m.total }) });
        else if (m.type === "done") {
          downloadBlob(m.zip, zipFileName(batch.id));
          resolve();
        } else reject(new Error(m.message));
      };
      w.onerror = (e) => reject(new Error(e.message));
      w.postMessage(request);
    }).finally(() => {
      w.terminate();
      worker.current = null;
    });
    toast({ variant: "success", title: t("vouchers:export.done") });
    onClose();
  };

  const start = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await (format === "csv" ? exportCsv() : exportImages());
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      toast({ variant: "destructive", title: format === "images" ? t("vouchers:export.failed") : (tMessage(message) ?? message) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogContent closeLabel={t("vouchers:export.close")} className="max-w-md" data-testid="export-dialog">
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void start();
        }}
      >
        <DialogHeader className="pr-8">
          <DialogTitle>{t("vouchers:export.title", { number: batch.batch_number })}</DialogTitle>
          <DialogDescription>{t("vouchers:export.description")}</DialogDescription>
        </DialogHeader>
        <fieldset className="grid gap-2" disabled={busy}>
          <legend className="mb-1 text-sm font-medium">{t("vouchers:export.format")}</legend>
          {(["csv", "images"] as const).map((f) => (
            <label key={f} className="flex cursor-pointer items-start gap-2 rounded-[var(--radius-button)] border p-3 text-sm has-[:checked]:border-primary">
              <input type="radio" name="export-format" value={f} checked={format === f} onChange={() => setFormat(f)} className="mt-0.5" autoFocus={f === "csv"} data-testid={`export-${f}`} />
              <span className="grid gap-0.5">
                <span className="font-medium">{t(`vouchers:export.${f}`)}</span>
                {f === "images" ? <span className="text-xs text-muted-foreground">{t("vouchers:export.imagesLimit", { max: VOUCHER_LIMITS.maxImages })}</span> : null}
              </span>
            </label>
          ))}
        </fieldset>
        <DialogFooter className="flex-wrap">
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {t("vouchers:export.close")}
          </Button>
          <Button type="submit" disabled={busy} aria-busy={busy} data-testid="export-start">
            {busy ? t("vouchers:export.working") : t("vouchers:export.start")}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
