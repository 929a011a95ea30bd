import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  Packer,
  Paragraph,
  type ParagraphChild,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from "docx";
import { type Align, type Block, htmlToBlocks, type Run } from "./blocks";

const ALIGN = { left: AlignmentType.LEFT, center: AlignmentType.CENTER, right: AlignmentType.RIGHT, justify: AlignmentType.JUSTIFIED } as const;
const alignment = (a?: Align) => (a ? ALIGN[a] : undefined);
const HEADINGS = { 1: HeadingLevel.HEADING_1, 2: HeadingLevel.HEADING_2, 3: HeadingLevel.HEADING_3 } as const;

function children(runs: Run[]): ParagraphChild[] {
  return runs.map((r) => {
    if (r.br) return new TextRun({ text: "", break: 1 });
    const run = new TextRun({
      text: r.text,
      bold: r.bold,
      italics: r.italics,
      underline: r.underline || r.link ? {} : undefined,
      strike: r.strike,
      highlight: r.highlight ? "yellow" : undefined,
      color: r.link ? "1D4ED8" : undefined,
    });
    return r.link && /^(https?|mailto|tel):/i.test(r.link) ? new ExternalHyperlink({ link: r.link, children: [run] }) : run;
  });
}

function paragraphs(b: Block): (Paragraph | Table)[] {
  switch (b.kind) {
    case "heading":
      return [new Paragraph({ heading: HEADINGS[b.level], alignment: alignment(b.align), children: children(b.runs) })];
    case "paragraph": {
      const indent = (b.listLevel !== undefined ? 360 + b.listLevel * 360 : 0) + (b.quote ? 360 : 0);
      const lead = b.bullet ? [new TextRun({ text: `${b.bullet}\t` })] : [];
      return [
        new Paragraph({
          alignment: alignment(b.align),
          indent: indent ? { left: indent, hanging: b.bullet ? 360 : undefined } : undefined,
          border: b.quote ? { left: { style: BorderStyle.SINGLE, size: 12, color: "CBD5E1", space: 8 } } : undefined,
          children: [...lead, ...children(b.quote ? b.runs.map((r) => ({ ...r, italics: true })) : b.runs)],
        }),
      ];
    }
    case "table": {
      const width = Math.max(...b.rows.map((r) => r.cells.length));
      return [
        new Table({
          width: { size: 100, type: WidthType.PERCENTAGE },
          rows: b.rows.map(
            (r, i) =>
              new TableRow({
                tableHeader: i === 0 && r.cells.every((c) => c.header),
                children: Array.from({ length: width }, (_, k) => {
                  const c = r.cells[k];
                  const paras = c?.paragraphs.length ? c.paragraphs : [[]];
                  return new TableCell({
                    shading: c?.header ? { type: ShadingType.CLEAR, color: "auto", fill: "F1F5F9" } : undefined,
                    children: paras.map((p) => new Paragraph({ alignment: alignment(c?.align), children: children(c?.header ? p.map((x) => ({ ...x, bold: true })) : p) })),
                  });
                }),
              }),
          ),
        }),
        new Paragraph({ children: [] }),
      ];
    }
    case "signature":
      return [new Paragraph({ children: [] }), new Paragraph({ children: [] }), ...b.paragraphs.map((p) => new Paragraph({ keepNext: true, children: children(p) }))];
    case "rule":
      return [new Paragraph({ border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: "999999", space: 1 } }, children: [] })];
  }
}

/** The document as a Word file (.docx): its title, the case's number, and its HTML block by block. */
export function documentDocx(doc: { title: string; documentNumber: string; caseNumber: string; content: string }): Promise<Buffer> {
  const file = new Document({
    title: doc.title,
    creator: "Legatti",
    styles: { default: { document: { run: { font: "Calibri", size: 22 } } } },
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun({ text: doc.title, bold: true })] }),
          new Paragraph({ children: [new TextRun({ text: `${doc.documentNumber} · ${doc.caseNumber}`, color: "666666", size: 18 })] }),
          ...htmlToBlocks(doc.content).flatMap(paragraphs),
        ],
      },
    ],
  });
  return Packer.toBuffer(file);
}
