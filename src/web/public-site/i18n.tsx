import { createContext, type ReactNode, useContext } from "react";

/**
 * Translations for the public site (the shop and the marketing pages), which do not load i18next:
 * each page imports only its namespaces of the shared catalogs (src/shared/i18n/{es,en}/*.json),
 * so the i18n key test still covers every string. Keys are 'namespace:dotted.path' with
 * {{name}} interpolation, as in the back office.
 */
export const SITE_LANGS = ["es", "en"] as const;
export type SiteLang = (typeof SITE_LANGS)[number];
export type SiteCatalogs = Record<SiteLang, Record<string, unknown>>;
export type SiteT = (key: string, vars?: Record<string, string | number>) => string;

/** The language a request or page asks for: es unless it says en (the spec's 'es when unknown'). */
export function siteLang(value: unknown): SiteLang {
  return value === "en" ? "en" : "es";
}

export function makeSiteT(catalogs: SiteCatalogs, lang: SiteLang): SiteT {
  return (key, vars) => {
    const [ns, path] = key.includes(":") ? (key.split(":", 2) as [string, string]) : ["", key];
    let node: unknown = catalogs[lang][ns];
    for (const part of path.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
    if (typeof node !== "string") return key;
    return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars?.[name] ?? ""));
  };
}

interface SiteI18n {
  lang: SiteLang;
  t: SiteT;
}

const SiteI18nContext = createContext<SiteI18n>({ lang: "es", t: (key) => key });

export function SiteI18nProvider({ lang, t, children }: SiteI18n & { children: ReactNode }) {
  return <SiteI18nContext.Provider value={{ lang, t }}>{children}</SiteI18nContext.Provider>;
}

/** The page's language and its t(); in the back office's preview the provider is set by the editor. */
export function useSiteT(): SiteI18n {
  return useContext(SiteI18nContext);
}
