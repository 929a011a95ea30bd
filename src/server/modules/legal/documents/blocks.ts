import { parseDocument } from "htmlparser2";
import { SIGNATURE_BLOCK_CLASS } from "../../../../shared/legal/document";

/**
 * A document's (sanitized) HTML read into a small block model that both exports draw
 * (export-pdf.ts, export-docx.ts): headings, paragraphs with their marks and alignment, lists,
 * blockquotes, tables, the signature block; images by URL become their alt text or URL as a link.
 */

export interface Run {
  text: string;
  bold?: boolean;
  italics?: boolean;
  underline?: boolean;
  strike?: boolean;
  highlight?: boolean;
  link?: string;
  /** a line break (text is empty) */
  br?: boolean;
}

export type Align = "left" | "center" | "right" | "justify";

export type Block =
  | { kind: "heading"; level: 1 | 2 | 3; align?: Align; runs: Run[] }
  | { kind: "paragraph"; align?: Align; runs: Run[]; quote?: boolean; listLevel?: number; bullet?: string }
  | { kind: "table"; rows: { cells: { header: boolean; align?: Align; paragraphs: Run[][] }[] }[] }
  | { kind: "signature"; paragraphs: Run[][] }
  | { kind: "rule" };

interface Node {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: Node[];
}

type Marks = Omit<Run, "text" | "br">;

const isElement = (n: Node) => n.type === "tag" || n.type === "script" || n.type === "style";
const alignOf = (n: Node): Align | undefined => {
  const m = /text-align:\s*(left|center|right|justify)/.exec(n.attribs?.style ?? "");
  return m ? (m[1] as Align) : undefined;
};

function decodeSpaces(text: string): string {
  return text.replace(/\s+/g, " ");
}

/** The runs of an inline subtree. */
function inlineRuns(nodes: Node[], marks: Marks, out: Run[]) {
  for (const n of nodes) {
    if (n.type === "text") {
      const text = decodeSpaces(n.data ?? "");
      if (text) out.push({ text, ...marks });
      continue;
    }
    if (!isElement(n)) continue;
    const name = n.name ?? "";
    const children = n.children ?? [];
    switch (name) {
      case "br":
        out.push({ text: "", br: true });
        break;
      case "strong":
      case "b":
        inlineRuns(children, { ...marks, bold: true }, out);
        break;
      case "em":
      case "i":
        inlineRuns(children, { ...marks, italics: true }, out);
        break;
      case "u":
        inlineRuns(children, { ...marks, underline: true }, out);
        break;
      case "s":
        inlineRuns(children, { ...marks, strike: true }, out);
        break;
      case "mark":
        inlineRuns(children, { ...marks, highlight: true }, out);
        break;
      case "a":
        inlineRuns(children, { ...marks, link: n.attribs?.href }, out);
        break;
      case "img": {
        const src = n.attribs?.src ?? "";
        out.push({ text: n.attribs?.alt || src, ...marks, link: src || undefined });
        break;
      }
      default:
        inlineRuns(children, marks, out);
    }
  }
}

function trimRuns(runs: Run[]): Run[] {
  const copy = runs.map((r) => ({ ...r }));
  const first = copy.find((r) => !r.br);
  if (first) first.text = first.text.replace(/^\s+/, "");
  const last = [...copy].reverse().find((r) => !r.br);
  if (last) last.text = last.text.replace(/\s+$/, "");
  return copy.filter((r) => r.br || r.text);
}

const BLOCK_TAGS = new Set(["p", "h1", "h2", "h3", "ul", "ol", "li", "blockquote", "table", "div", "hr", "pre"]);

/** The paragraphs of a container (a table cell, a list item, the signature block): its block children, or its inline content as one. */
function paragraphsOf(nodes: Node[]): Run[][] {
  const out: Run[][] = [];
  let inline: Node[] = [];
  const flush = () => {
    if (inline.length) {
      const runs: Run[] = [];
      inlineRuns(inline, {}, runs);
      const trimmed = trimRuns(runs);
      if (trimmed.length) out.push(trimmed);
      inline = [];
    }
  };
  for (const n of nodes) {
    if (isElement(n) && BLOCK_TAGS.has(n.name ?? "")) {
      flush();
      if (n.name === "ul" || n.name === "ol" || n.name === "table" || n.name === "blockquote" || n.name === "div") out.push(...paragraphsOf(n.children ?? []));
      else if (n.name === "li") out.push(...paragraphsOf(n.children ?? []));
      else {
        const runs: Run[] = [];
        inlineRuns(n.children ?? [], {}, runs);
        out.push(trimRuns(runs));
      }
    } else inline.push(n);
  }
  flush();
  return out;
}

function walk(nodes: Node[], out: Block[], ctx: { quote?: boolean; listLevel?: number }) {
  let inline: Node[] = [];
  const flush = () => {
    if (!inline.length) return;
    const runs: Run[] = [];
    inlineRuns(inline, {}, runs);
    const trimmed = trimRuns(runs);
    if (trimmed.length) out.push({ kind: "paragraph", runs: trimmed, quote: ctx.quote });
    inline = [];
  };
  for (const n of nodes) {
    if (!isElement(n)) {
      if (n.type === "text") inline.push(n);
      continue;
    }
    const name = n.name ?? "";
    const children = n.children ?? [];
    if (!BLOCK_TAGS.has(name) && name !== "tbody" && name !== "thead") {
      inline.push(n);
      continue;
    }
    flush();
    if (name === "h1" || name === "h2" || name === "h3") {
      const runs: Run[] = [];
      inlineRuns(children, {}, runs);
      out.push({ kind: "heading", level: Number(name[1]) as 1 | 2 | 3, align: alignOf(n), runs: trimRuns(runs) });
    } else if (name === "p" || name === "pre") {
      const runs: Run[] = [];
      inlineRuns(children, {}, runs);
      out.push({ kind: "paragraph", align: alignOf(n), runs: trimRuns(runs), quote: ctx.quote });
    } else if (name === "hr") out.push({ kind: "rule" });
    else if (name === "blockquote") walk(children, out, { ...ctx, quote: true });
    else if (name === "ul" || name === "ol") {
      const level = (ctx.listLevel ?? -1) + 1;
      let index = 0;
      for (const li of children) {
        if (!isElement(li) || li.name !== "li") continue;
        index += 1;
        const bullet = name === "ol" ? `${index}.` : "•";
        const inner: Block[] = [];
        walk(li.children ?? [], inner, { ...ctx, listLevel: level });
        let first = true;
        for (const b of inner) {
          if (b.kind === "paragraph" && b.listLevel === undefined) {
            out.push({ ...b, listLevel: level, bullet: first ? bullet : undefined });
            first = false;
          } else out.push(b);
        }
        if (first) out.push({ kind: "paragraph", runs: [], listLevel: level, bullet });
      }
    } else if (name === "table") {
      const rows: Extract<Block, { kind: "table" }>["rows"] = [];
      const collect = (list: Node[]) => {
        for (const c of list) {
          if (!isElement(c)) continue;
          if (c.name === "tr") {
            const cells = (c.children ?? [])
              .filter((cell) => isElement(cell) && (cell.name === "td" || cell.name === "th"))
              .map((cell) => ({ header: cell.name === "th", align: alignOf(cell), paragraphs: paragraphsOf(cell.children ?? []) }));
            if (cells.length) rows.push({ cells });
          } else if (c.name === "thead" || c.name === "tbody" || c.name === "tfoot") collect(c.children ?? []);
        }
      };
      collect(children);
      if (rows.length) out.push({ kind: "table", rows });
    } else if (name === "div" && (n.attribs?.class ?? "").split(/\s+/).includes(SIGNATURE_BLOCK_CLASS)) {
      out.push({ kind: "signature", paragraphs: paragraphsOf(children) });
    } else walk(children, out, ctx);
  }
  flush();
}

export function htmlToBlocks(html: string): Block[] {
  const doc = parseDocument(html, { decodeEntities: true }) as unknown as Node;
  const out: Block[] = [];
  walk(doc.children ?? [], out, {});
  return out;
}

/** The plain text of runs (for tests and titles). */
export const runsText = (runs: Run[]) => runs.map((r) => (r.br ? "\n" : r.text)).join("");
