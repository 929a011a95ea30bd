import { type SiteT, useSiteT } from "../../public-site/i18n";

/** t() of one marketing namespace: `tr("hero.title")` reads `{ns}:hero.title`. */
export type NsT = (key: string, vars?: Record<string, string | number>) => string;

export function nsT(t: SiteT, ns: string): NsT {
  return (key, vars) => t(`${ns}:${key}`, vars);
}

/** The page's language and t() of a namespace (the shared one is 'marketing'). */
export function useNsT(ns: string): { lang: "es" | "en"; tr: NsT; m: NsT } {
  const { lang, t } = useSiteT();
  return { lang, tr: nsT(t, ns), m: nsT(t, "marketing") };
}

/** 0..count-1, for the numbered lists of a catalog (features.items.0 …). */
export function range(count: number): number[] {
  return Array.from({ length: count }, (_, i) => i);
}
