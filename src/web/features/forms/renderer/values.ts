import type { FieldProps } from "./field-props";

/** The renderer's pure helpers: calendar days and upload addresses. */

const pad = (n: number) => String(n).padStart(2, "0");
/** A calendar day as YYYY-MM-DD (the stored value), from the picker's local date. */
export const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
export function dayOf(value: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : undefined;
}
/** '27 de noviembre de 2026' / 'November 27, 2026'. */
export function longDate(value: string, lang: string): string {
  const d = dayOf(value);
  return d ? new Intl.DateTimeFormat(lang === "en" ? "en-US" : "es-DO", { dateStyle: "long" }).format(d) : value;
}

/** Where a file goes: signed-in users' private uploads, or the public form's own endpoint (no session). */
export function uploadUrl(mode: FieldProps["mode"], file: Pick<File, "name">, slug?: string, now = Date.now()): string {
  const filename = encodeURIComponent(`forms/${now}-${file.name}`);
  return mode === "public" ? `/api/upload/public-form?filename=${filename}&slug=${encodeURIComponent(slug ?? "")}` : `/api/upload?filename=${filename}&visibility=private`;
}

