import { createElement } from "react";
import { hydrateRoot } from "react-dom/client";
import { makeSiteT, type SiteCatalogs, SiteI18nProvider, siteLang } from "./i18n";
import type { IslandRegistry } from "./island";

/** Hydrates every [data-island] of the page with its registered component, under the page's language. */
export function hydrateIslands(registry: IslandRegistry, catalogs: SiteCatalogs): void {
  const lang = siteLang(document.documentElement.lang);
  const t = makeSiteT(catalogs, lang);
  for (const el of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const component = registry[el.dataset.island ?? ""];
    if (!component) continue;
    const props = JSON.parse(el.dataset.props ?? "{}") as object;
    hydrateRoot(el, <SiteI18nProvider lang={lang} t={t}>{createElement(component, props)}</SiteI18nProvider>);
  }
}
