import QRCode from "qrcode";
import { VOUCHER_LIMITS } from "../../../shared/vouchers/schemas";

/** One voucher's image as the export draws it (texts already translated and formatted by the page). */
export interface VoucherImageSpec {
  code: string;
  /** 'RD$500.00' or '15% de descuento' */
  value: string;
  /** 'Vence: 31/12/2026' */
  expires: string;
}

/** The texts every image of a batch shares. */
export interface VoucherImageLabels {
  title: string;
  batch: string;
}

/** The card in CSS pixels; the PNG is drawn at VOUCHER_LIMITS.qrScale times it (the QR 150 px wide, 300 in the file). */
const CARD = { width: 260, height: 340 };
const QUIET_ZONE = 4;

/** Any 2D canvas (an OffscreenCanvas in the worker, a canvas element in tests). */
type Ctx = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

/**
 * Draws a voucher: title, batch, the QR of its code (width VOUCHER_LIMITS.qrWidth with a 4-module
 * quiet zone, scale VOUCHER_LIMITS.qrScale), the code, the value in RD$ and the expiry date.
 */
export function drawVoucher(ctx: Ctx, spec: VoucherImageSpec, labels: VoucherImageLabels) {
  const scale = VOUCHER_LIMITS.qrScale;
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, CARD.width, CARD.height);
  ctx.strokeStyle = "#0f766e";
  ctx.lineWidth = 2;
  ctx.strokeRect(4, 4, CARD.width - 8, CARD.height - 8);
  ctx.textAlign = "center";
  ctx.textBaseline = "alphabetic";
  ctx.fillStyle = "#0f766e";
  ctx.font = "bold 18px sans-serif";
  ctx.fillText(labels.title, CARD.width / 2, 32, CARD.width - 24);
  ctx.fillStyle = "#475569";
  ctx.font = "12px sans-serif";
  ctx.fillText(labels.batch, CARD.width / 2, 50, CARD.width - 24);

  // The QR in whole device pixels (no anti-aliased edges: sharper to scan, and a PNG a fraction of the size).
  const qr = QRCode.create(spec.code, { errorCorrectionLevel: "M" });
  const size = qr.modules.size;
  const qrWidth = VOUCHER_LIMITS.qrWidth;
  const top = 60;
  const cell = Math.floor((qrWidth * scale) / (size + QUIET_ZONE * 2));
  const drawn = cell * (size + QUIET_ZONE * 2);
  const left = Math.round((CARD.width * scale - drawn) / 2);
  const qrTop = top * scale + Math.round((qrWidth * scale - drawn) / 2);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = "#000000";
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      if (qr.modules.get(r, c)) ctx.fillRect(left + (c + QUIET_ZONE) * cell, qrTop + (r + QUIET_ZONE) * cell, cell, cell);
    }
  }
  ctx.setTransform(scale, 0, 0, scale, 0, 0);

  ctx.fillStyle = "#0f172a";
  ctx.font = "bold 16px monospace";
  ctx.fillText(spec.code, CARD.width / 2, top + qrWidth + 22);
  ctx.font = "bold 26px sans-serif";
  ctx.fillText(spec.value, CARD.width / 2, top + qrWidth + 58, CARD.width - 24);
  ctx.fillStyle = "#475569";
  ctx.font = "13px sans-serif";
  ctx.fillText(spec.expires, CARD.width / 2, top + qrWidth + 82, CARD.width - 24);
}

export const IMAGE_SIZE = { width: CARD.width * VOUCHER_LIMITS.qrScale, height: CARD.height * VOUCHER_LIMITS.qrScale };
