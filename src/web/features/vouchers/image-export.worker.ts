/// <reference lib="webworker" />
import { Zip, ZipPassThrough } from "fflate";
import { VOUCHER_LIMITS } from "../../../shared/vouchers/schemas";
import { drawVoucher, IMAGE_SIZE, type VoucherImageLabels, type VoucherImageSpec } from "./voucher-image";

/** What the page sends: the vouchers (at most VOUCHER_LIMITS.maxImages), their file names and the shared texts. */
export interface ExportRequest {
  vouchers: (VoucherImageSpec & { file: string })[];
  labels: VoucherImageLabels;
}

/** What the worker answers: progress every VOUCHER_LIMITS.progressEvery images, then the zip, or a failure. */
export type ExportMessage = { type: "progress"; done: number; total: number } | { type: "done"; zip: Blob; count: number } | { type: "error"; message: string };

declare const self: DedicatedWorkerGlobalScope;

/**
 * Draws each voucher on an OffscreenCanvas, encodes it as PNG and streams it into a zip (stored:
 * PNG is already compressed), off the page's thread so the screen stays responsive.
 */
self.onmessage = async (event: MessageEvent<ExportRequest>) => {
  try {
    const { vouchers, labels } = event.data;
    const list = vouchers.slice(0, VOUCHER_LIMITS.maxImages);
    const chunks: Uint8Array[] = [];
    let failed: Error | null = null;
    const zip = new Zip((err, chunk) => {
      if (err) failed = err;
      else chunks.push(chunk);
    });
    const canvas = new OffscreenCanvas(IMAGE_SIZE.width, IMAGE_SIZE.height);
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("no 2d context");
    for (let i = 0; i < list.length; i++) {
      const v = list[i]!;
      drawVoucher(ctx, v, labels);
      const png = new Uint8Array(await (await canvas.convertToBlob({ type: "image/png" })).arrayBuffer());
      const file = new ZipPassThrough(v.file);
      zip.add(file);
      file.push(png, true);
      if (failed) throw failed;
      const done = i + 1;
      if (done % VOUCHER_LIMITS.progressEvery === 0 || done === list.length) self.postMessage({ type: "progress", done, total: list.length } satisfies ExportMessage);
    }
    zip.end();
    if (failed) throw failed;
    self.postMessage({ type: "done", zip: new Blob(chunks as BlobPart[], { type: "application/zip" }), count: list.length } satisfies ExportMessage);
  } catch (e) {
    self.postMessage({ type: "error", message: e instanceof Error ? e.message : String(e) } satisfies ExportMessage);
  }
};
