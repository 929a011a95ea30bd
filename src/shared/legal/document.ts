import { z } from "zod";
import { calendarDate } from "../platform/dates";
import { isStorableText } from "../platform/text";
import { DOCUMENT_STATUSES, DOCUMENT_TYPES, SIGNATURE_STATUSES } from "./constants";

/**
 * The legal documents' procedures (legalCase.* documents and templates; issue 20) and the HTML the
 * rich-text editor may produce. EDITOR_HTML is the one list of allowed tags, attributes, classes
 * and styles: the server's sanitize-html configuration is built from it
 * (src/server/modules/legal/documents/sanitize.ts) and the TipTap editor makes nothing else.
 *
 * - marks: strong, em, u, s, mark (highlight), a (href http/https/mailto/tel; target, rel)
 * - blocks: p, h1–h3, ul, ol, li, blockquote, br, hr, code, pre
 * - images by URL: img (src http/https; alt, title)
 * - tables: table, colgroup, col, thead, tbody, tr, th, td (colspan, rowspan)
 * - signature block: div class="signature-block"
 * - the only style kept: text-align (left, center, right, justify) on p, h1–h3, th, td
 */
export const EDITOR_HTML = {
  tags: ["p", "h1", "h2", "h3", "strong", "b", "em", "i", "u", "s", "mark", "a", "ul", "ol", "li", "blockquote", "br", "hr", "code", "pre", "img", "table", "colgroup", "col", "thead", "tbody", "tr", "th", "td", "div", "span"],
  attributes: {
    a: ["href", "target", "rel"],
    img: ["src", "alt", "title"],
    th: ["colspan", "rowspan", "style"],
    td: ["colspan", "rowspan", "style"],
    p: ["style"],
    h1: ["style"],
    h2: ["style"],
    h3: ["style"],
  } as Record<string, string[]>,
  classes: { div: ["signature-block"] } as Record<string, string[]>,
  styles: { "text-align": ["left", "center", "right", "justify"] },
  linkSchemes: ["http", "https", "mailto", "tel"],
  imageSchemes: ["http", "https"],
} as const;

/** The class of the editor's signature block (a div of paragraphs). */
export const SIGNATURE_BLOCK_CLASS = "signature-block";

/** At most 1 MB of HTML per document version or template. */
export const MAX_DOCUMENT_HTML = 1_000_000;

const E = (key: string) => `legalDocs:errors.${key}`;
const uuid = (key: string) => z.string({ error: E(key) }).uuid({ error: E(key) });
const title = (required = "titleRequired") =>
  z.string({ error: E(required) }).trim().min(1, E(required)).max(200, E("titleTooLong")).refine(isStorableText, E("invalidText"));
const html = z.string({ error: E("contentInvalid") }).max(MAX_DOCUMENT_HTML, E("contentTooLong")).refine(isStorableText, E("invalidText"));
const documentType = z.enum(DOCUMENT_TYPES, { error: E("documentTypeInvalid") });
const date = calendarDate(E("invalidDate"));

export const documentsInput = z.object({ caseId: uuid("caseNotFound") });
export const documentIdInput = z.object({ id: uuid("documentNotFound") });
export const documentVersionInput = z.object({ id: uuid("documentNotFound"), version: z.number({ error: E("versionNotFound") }).int().min(1, E("versionNotFound")) });

export const createDocumentInput = z.object({
  caseId: uuid("caseNotFound"),
  title: title(),
  documentType,
  templateId: uuid("templateNotFound").optional().nullable(),
  content: html.optional(),
  isConfidential: z.boolean().optional(),
  requiresSignature: z.boolean().optional(),
  documentDate: date.optional(),
});

export const saveDocumentInput = z.object({
  id: uuid("documentNotFound"),
  content: html,
  title: title().optional(),
  baseVersion: z.number({ error: E("baseVersionRequired") }).int().min(1, E("baseVersionRequired")),
});

export const updateDocumentInput = z.object({
  id: uuid("documentNotFound"),
  title: title().optional(),
  status: z.enum(DOCUMENT_STATUSES, { error: E("statusInvalid") }).optional(),
  documentType: documentType.optional(),
  filedDate: date.optional().nullable(),
  isConfidential: z.boolean().optional(),
  requiresSignature: z.boolean().optional(),
  signatureStatus: z.enum(SIGNATURE_STATUSES, { error: E("signatureStatusInvalid") }).optional(),
});

export const templateInput = z.object({
  name: title("templateNameRequired"),
  description: z.string().trim().max(500, E("descriptionTooLong")).refine(isStorableText, E("invalidText")).optional().nullable(),
  documentType,
  content: html,
  isActive: z.boolean().optional(),
});
export const updateTemplateInput = templateInput.partial().extend({ id: uuid("templateNotFound") });
export const previewTemplateInput = z.object({ templateId: uuid("templateNotFound"), caseId: uuid("caseNotFound") });

export const EXPORT_FORMATS = ["pdf", "docx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface LegalDocument {
  id: string;
  caseId: string;
  documentNumber: string;
  title: string;
  documentType: string;
  status: string;
  documentDate: string;
  filedDate: string | null;
  version: number;
  templateId: string | null;
  fileName: string | null;
  fileSize: number | null;
  fileType: string | null;
  requiresSignature: boolean;
  signatureStatus: string;
  isConfidential: boolean;
  authorId: string | null;
  authorName: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface LegalTemplate {
  id: string;
  name: string;
  description: string | null;
  documentType: string;
  content: string;
  isActive: boolean;
  variables: string[];
}

/** A URL-safe slug of a title for export file names ('Poder de representación' → 'poder-de-representacion'). */
export function slugOf(text: string): string {
  return (
    text
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "documento"
  );
}
