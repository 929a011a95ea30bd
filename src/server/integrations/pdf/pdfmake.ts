import { createRequire } from "node:module";
import type { TDocumentDefinitions } from "pdfmake/interfaces";

/**
 * pdfmake's node API, loaded once with its embedded Roboto fonts: every PDF the server makes
 * (invoices, credit notes, purchase orders…) is rendered here. Documents carry no images or links
 * to load, so every URL and local path is refused.
 */
interface PdfMakeNode {
  virtualfs: { writeFileSync(name: string, content: Buffer): void };
  setFonts(fonts: Record<string, { normal: string; bold: string; italics: string; bolditalics: string }>): void;
  setUrlAccessPolicy(callback: (url: string) => boolean): void;
  setLocalAccessPolicy(callback: (path: string) => boolean): void;
  createPdf(doc: TDocumentDefinitions): { getBuffer(): Promise<Buffer> };
}

let instance: PdfMakeNode | null = null;

function pdfmake(): PdfMakeNode {
  if (instance) return instance;
  const require = createRequire(import.meta.url);
  const made = require("pdfmake") as PdfMakeNode;
  const vfs = require("pdfmake/build/vfs_fonts.js") as Record<string, string>;
  for (const [name, base64] of Object.entries(vfs)) made.virtualfs.writeFileSync(name, Buffer.from(base64, "base64"));
  made.setFonts({ Roboto: { normal: "Roboto-Regular.ttf", bold: "Roboto-Medium.ttf", italics: "Roboto-Italic.ttf", bolditalics: "Roboto-MediumItalic.ttf" } });
  made.setUrlAccessPolicy(() => false);
  made.setLocalAccessPolicy(() => false);
  instance = made;
  return made;
}

/** The document as PDF bytes. */
export function renderPdf(doc: TDocumentDefinitions): Promise<Buffer> {
  return pdfmake().createPdf(doc).getBuffer();
}
