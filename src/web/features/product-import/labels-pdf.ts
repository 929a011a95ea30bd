import type { Content, TDocumentDefinitions } from "pdfmake/interfaces";
import { formatLabelPrice, LABEL_LAYOUTS, type LabelLayoutId, labelPosition, labelSymbology } from "../../../shared/catalog/barcode";

export interface LabelProduct {
  id: string;
  name: string;
  sku: string;
  barcode?: string | null;
  price: string | number | null;
}

/** The most labels one PDF holds (100 Letter sheets of 30). */
export const MAX_LABELS = 3000;

type PdfMake = typeof import("pdfmake");
type Bwip = typeof import("bwip-js/browser");

let pdfMakeReady: Promise<PdfMake> | null = null;

/** pdfmake's browser build with its Roboto fonts from the bundled virtual file system, loaded once on demand. */
function loadPdfMake(): Promise<PdfMake> {
  pdfMakeReady ??= Promise.all([import("pdfmake/build/pdfmake"), import("pdfmake/build/vfs_fonts")]).then(([pdfMod, vfsMod]) => {
    const pdfMake = ((pdfMod as { default?: unknown }).default ?? pdfMod) as PdfMake;
    const vfs = ((vfsMod as { default?: unknown }).default ?? vfsMod) as Record<string, string>;
    pdfMake.addVirtualFileSystem(vfs);
    return pdfMake;
  });
  return pdfMakeReady;
}

async function loadBwip(): Promise<Bwip> {
  const mod = (await import("bwip-js/browser")) as unknown as { default?: Bwip } & Bwip;
  return mod.default ?? mod;
}

/** The barcode as a PNG data URL (bwip-js on a canvas), with its digits underneath. */
function barcodePng(bwip: Bwip, symbology: "ean13" | "code128", text: string): string {
  const canvas = document.createElement("canvas");
  bwip.toCanvas(canvas, { bcid: symbology, text, scale: 3, height: symbology === "ean13" ? 6 : 5, includetext: true, textxalign: "center", textsize: 9 });
  return canvas.toDataURL("image/png");
}

/** Shortens a name to about two lines of the label. */
function clip(name: string, width: number, fontSize: number): string {
  const perLine = Math.floor(width / (fontSize * 0.56));
  const max = Math.max(8, Math.floor(perLine * 1.8));
  return name.length > max ? `${name.slice(0, max - 1).trimEnd()}…` : name;
}

/**
 * The labels sheet: each product `copies` times, filling the layout's grid row by row, sheet after
 * sheet. A label shows the name (two lines at most), the price 'RD$ 1,234.50' and the barcode
 * (EAN-13 for a valid 13-digit code, else Code 128 of the barcode or the SKU).
 */
export async function buildLabelsPdf(items: { product: LabelProduct; copies: number }[], layoutId: LabelLayoutId, opts: { noCode: string; title: string }): Promise<Blob> {
  const [pdfMake, bwip] = await Promise.all([loadPdfMake(), loadBwip()]);
  const layout = LABEL_LAYOUTS[layoutId];
  const small = layout.labelHeight < 80;
  const pad = small ? 5 : 8;
  const nameSize = small ? 7 : 9;
  const priceSize = small ? 10 : 14;
  const width = layout.labelWidth - 2 * pad;
  const top = nameSize * 1.2 * 2 + priceSize * 1.25;
  const barcodeHeight = layout.labelHeight - 2 * pad - top - 2;

  const images = new Map<string, string | null>();
  const content: Content[] = [];
  let index = 0;
  let currentPage = 0;
  for (const { product, copies } of items) {
    if (!images.has(product.id)) {
      const symbol = labelSymbology(product.barcode, product.sku);
      let png: string | null = null;
      if (symbol) {
        try {
          png = barcodePng(bwip, symbol.symbology, symbol.text);
        } catch {
          png = null;
        }
      }
      images.set(product.id, png);
    }
    const png = images.get(product.id) ?? null;
    const name = clip(product.name, width, nameSize);
    const price = formatLabelPrice(product.price);
    for (let c = 0; c < copies; c++, index++) {
      const { page, x, y } = labelPosition(layout, index);
      if (page > currentPage) {
        content.push({ text: "", pageBreak: "before" });
        currentPage = page;
      }
      content.push({
        absolutePosition: { x: x + pad, y: y + pad },
        columns: [
          {
            width,
            stack: [
              { text: name, fontSize: nameSize, bold: true, lineHeight: 1 },
              { text: price, fontSize: priceSize, bold: true, margin: [0, 1, 0, 0] },
            ],
          },
        ],
      });
      content.push({
        absolutePosition: { x: x + pad, y: y + layout.labelHeight - pad - barcodeHeight },
        columns: [png ? { width, image: png, fit: [width, barcodeHeight], alignment: "center" } : { width, text: opts.noCode, fontSize: 7, color: "#777777", alignment: "center" }],
      });
    }
  }
  const doc: TDocumentDefinitions = {
    info: { title: opts.title, creator: "Enzzo" },
    pageSize: { width: layout.pageWidth, height: layout.pageHeight },
    pageMargins: [0, 0, 0, 0],
    content,
    defaultStyle: { font: "Roboto" },
  };
  return pdfMake.createPdf(doc).getBlob();
}
