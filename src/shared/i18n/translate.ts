import { DEFAULT_LANGUAGE, type Language } from "../platform/themes";
import { resources } from "./resources";

/**
 * Translates "namespace:key.path" (or "key" in errors) without an i18next instance; the server
 * uses it for error messages and mail. Unknown keys come back unchanged.
 */
export function translate(lang: string | undefined, key: string, vars?: Record<string, unknown>): string {
  const language: Language = lang === "en" ? "en" : DEFAULT_LANGUAGE;
  const [ns, path] = key.includes(":") ? key.split(":", 2) : ["errors", key];
  const lookup = (l: Language) =>
    path!.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], (resources[l] as Record<string, unknown>)[ns!]);
  const found = lookup(language) ?? lookup(DEFAULT_LANGUAGE);
  if (typeof found !== "string") return key;
  return found.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name) => String(vars?.[name] ?? ""));
}

/** Whether a string is a catalog key (so a message can be translated at display time). */
export function isCatalogKey(value: string): boolean {
  return /^[a-zA-Z]+:[A-Za-z0-9_.]+$/.test(value);
}

/** The language of a request from its x-locale (the app's) or Accept-Language header; es by default. */
export function languageOf(headers: Record<string, string | string[] | undefined>): "es" | "en" {
  return String(headers["x-locale"] ?? headers["accept-language"] ?? "es").startsWith("en") ? "en" : "es";
}
