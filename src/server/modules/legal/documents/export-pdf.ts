import type { Content, ContentText, TableCell, TDocumentDefinitions } from "pdfmake/interfaces";
import { renderPdf } from "../../../integrations/pdf/pdfmake";
import { type Block, htmlToBlocks, type Run } from "./blocks";

/** One paragraph's runs as pdfmake text pieces (links stay clickable; images are their link text). */
function texts(runs: Run[]): ContentText["text"] {
  if (!runs.length) return " ";
  return runs.map((r) =>
    r.br
      ? { text: "\n" }
      : {
          text: r.text,
          bold: r.bold,
          italics: r.italics,
          decoration: r.underline || r.link ? "underline" : r.strike ? "lineThrough" : undefined,
          background: r.highlight ? "#fef08a" : undefined,
          color: r.link ? "#1d4ed8" : undefined,
          link: r.link && /^(https?|mailto|tel):/i.test(r.link) ? r.link : undefined,
        },
  );
}

const HEADING_SIZES = { 1: 18, 2: 15, 3: 13 } as const;

function blockContent(b: Block): Content {
  switch (b.kind) {
    case "heading":
      return { text: texts(b.runs), fontSize: HEADING_SIZES[b.level], bold: true, alignment: b.align, margin: [0, 10, 0, 4] };
    case "paragraph": {
      const left = (b.listLevel !== undefined ? 14 + b.listLevel * 14 : 0) + (b.quote ? 14 : 0);
      const base: ContentText = { text: texts(b.runs), alignment: b.align, margin: [left, 2, 0, 4], italics: b.quote || undefined, color: b.quote ? "#444" : undefined };
      if (b.bullet) return { columns: [{ width: 14, text: b.bullet }, { width: "*", text: texts(b.runs), alignment: b.align }], margin: [left - 14, 2, 0, 2] };
      return base;
    }
    case "table": {
      const width = Math.max(...b.rows.map((r) => r.cells.length));
      const body: TableCell[][] = b.rows.map((r) => {
        const cells: TableCell[] = r.cells.map((c) => ({
          stack: c.paragraphs.length ? c.paragraphs.map((p) => ({ text: texts(p) })) : [{ text: " " }],
          bold: c.header,
          fillColor: c.header ? "#f1f5f9" : undefined,
          alignment: c.align,
        }));
        while (cells.length < width) cells.push({ text: " " });
        return cells;
      });
      return { table: { widths: Array(width).fill("*"), body, headerRows: b.rows[0]?.cells.every((c) => c.header) ? 1 : 0 }, margin: [0, 6, 0, 8] };
    }
    case "signature":
      return { unbreakable: true, margin: [0, 28, 0, 8], stack: b.paragraphs.map((p) => ({ text: texts(p), margin: [0, 2, 0, 2] })) };
    case "rule":
      return { canvas: [{ type: "line", x1: 0, y1: 4, x2: 500, y2: 4, lineWidth: 0.5 }], margin: [0, 4, 0, 8] };
  }
}

/** The document as a PDF: its title, the case's number, and its HTML drawn block by block. */
export function documentPdf(doc: { title: string; documentNumber: string; caseNumber: string; content: string }): Promise<Buffer> {
  const definition: TDocumentDefinitions = {
    pageSize: "LETTER",
    pageMargins: [56, 56, 56, 56],
    defaultStyle: { fontSize: 11, lineHeight: 1.25 },
    info: { title: doc.title },
    content: [
      { text: doc.title, fontSize: 20, bold: true, margin: [0, 0, 0, 2] },
      { text: `${doc.documentNumber} · ${doc.caseNumber}`, color: "#666", fontSize: 9, margin: [0, 0, 0, 12] },
      ...htmlToBlocks(doc.content).map(blockContent),
    ],
    footer: (page: number, pages: number) => ({ text: `${page} / ${pages}`, alignment: "center", fontSize: 8, color: "#888", margin: [0, 20, 0, 0] }),
  };
  return renderPdf(definition);
}
