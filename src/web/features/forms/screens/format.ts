/** Pure helpers of the forms screens (no React): links, dates and answers as text. */

/** The address anyone opens to fill the form in (the public page /f/:slug on this tenant's host). */
export const publicFormUrl = (slug: string, origin: string) => `${origin}/f/${slug}`;
/** The HTML a site pastes to show the form inside its own page. */
export const embedSnippet = (url: string, title: string) =>
  `<iframe src="${url}" title="${title.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;")}" width="100%" height="800" style="border:0;max-width:100%" loading="lazy"></iframe>`;

/** Who sent a submission: the user's name, or 'Anónimo (IP)'. */
export function submitterLabel(t: (key: string, params?: Record<string, unknown>) => string, name: string | null, ip: string | null): string {
  if (name) return name;
  return ip ? t("formScreens:anonymousFrom", { ip }) : t("formScreens:anonymous");
}

const TIME_ZONE = "America/Santo_Domingo";
const locale = (lang: string) => (lang === "en" ? "en-US" : "es-DO");

/** '22 de noviembre de 2026, 3:40 p. m.' (UX: long dates). */
export function longDateTime(value: Date | string, lang: string): string {
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: "long", timeStyle: "short", timeZone: TIME_ZONE }).format(typeof value === "string" ? new Date(value) : value);
}
/** A calendar answer (yyyy-MM-dd) as '22 de noviembre de 2026'. */
export function longDate(value: string, lang: string): string {
  const d = new Date(`${value}T12:00:00Z`);
  return Number.isNaN(d.getTime()) ? value : new Intl.DateTimeFormat(locale(lang), { dateStyle: "long", timeZone: "UTC" }).format(d);
}

/** Only addresses on this site or http(s) become links or images (an answer is data, never a script). */
export const safeUrl = (url: unknown): string | null => (typeof url === "string" && /^(\/(?!\/)|https?:\/\/)/i.test(url) ? url : null);

type FieldLike = { type: string; options?: unknown };
const optionLabelOf = (field: FieldLike | undefined, value: string) =>
  (Array.isArray(field?.options) ? (field.options as { label: string; value: string }[]) : []).find((o) => o.value === value)?.label ?? value;

/** An answer as one line of text (the list's columns): option labels, Sí/No, file names, 'Firma'. */
export function answerText(t: (key: string) => string, field: FieldLike | undefined, value: unknown): string {
  if (value === undefined || value === null || value === "") return "";
  if (field?.type === "signature") return t("formScreens:detail.signature");
  if (field?.type === "file" || field?.type === "image") {
    return (Array.isArray(value) ? value : [value]).map((f) => (typeof f === "object" && f !== null ? String((f as { name?: string }).name ?? "") : String(f))).join(", ");
  }
  if (typeof value === "boolean") return value ? t("formScreens:yes") : t("formScreens:no");
  if (Array.isArray(value)) return value.map((v) => (typeof v === "string" ? optionLabelOf(field, v) : String(v))).join(", ");
  if (typeof value === "string") return field?.type === "select" || field?.type === "radio" ? optionLabelOf(field, value) : value;
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}
