import { businessDate } from "../platform/dates";
import { TEMPLATE_VARIABLES, type TemplateVariable } from "./constants";

/**
 * Template variables of the legal documents (issue 20): `{{name}}` placeholders filled from the
 * case, its client, the firm and today. Used by the server (createDocument, previewTemplate) and by
 * the editor (the toolbar's 'insert date' and 'insert variable').
 */

export const LEGAL_TIME_ZONE = "America/Santo_Domingo";

const MONTHS = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"];

/** '27 de noviembre de 2026': a date in Spanish long format (an instant is read in Santo Domingo; a 'YYYY-MM-DD' as is). */
export function spanishLongDate(date: Date | string = new Date()): string {
  const ymd = typeof date === "string" ? date : businessDate(date, LEGAL_TIME_ZONE);
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(ymd);
  if (!m) return ymd;
  return `${Number(m[3])} de ${MONTHS[Number(m[2]) - 1]} de ${m[1]}`;
}

/** A placeholder: `{{name}}`, spaces allowed inside the braces. */
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** The names the text uses, each once, in order of first use. */
export function templateVariables(html: string): string[] {
  const names: string[] = [];
  for (const m of html.matchAll(PLACEHOLDER)) if (!names.includes(m[1] as string)) names.push(m[1] as string);
  return names;
}

export const isTemplateVariable = (name: string): name is TemplateVariable => (TEMPLATE_VARIABLES as readonly string[]).includes(name);

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

export type TemplateValues = Partial<Record<TemplateVariable, string | null | undefined>>;

/**
 * The text with every known variable replaced by its value (HTML-escaped; a missing or empty value
 * gives an empty string). An unknown `{{name}}` is left exactly as written and listed in `unknown`.
 */
export function fillTemplate(html: string, values: TemplateValues): { html: string; unknown: string[] } {
  const unknown: string[] = [];
  const filled = html.replace(PLACEHOLDER, (whole, name: string) => {
    if (!isTemplateVariable(name)) {
      if (!unknown.includes(name)) unknown.push(name);
      return whole;
    }
    return escapeHtml(values[name] ?? "");
  });
  return { html: filled, unknown };
}
