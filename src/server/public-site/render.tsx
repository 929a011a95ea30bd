import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { makeSiteT, type SiteCatalogs, SiteI18nProvider, type SiteLang } from "../../web/public-site/i18n";
import type { EntryAssets } from "./assets";

/** A server-rendered public page: the shop's or a marketing page. */
export interface PublicPage {
  lang: SiteLang;
  title: string;
  description: string;
  /** absolute URL of the page (canonical and og:url) */
  canonical?: string;
  /** absolute URL of the page's picture (og:image, twitter:image) */
  image?: string | null;
  /** og:type */
  ogType?: "website" | "product" | "article";
  /** og:site_name */
  siteName?: string;
  /** schema.org objects written as JSON-LD (Product, Organization, BlogPosting…) */
  jsonLd?: object[];
  /** more tags for <head>, already escaped (e.g. product:price:amount, hreflang links) */
  headExtra?: string;
  /** <style> text (a section's colours and custom CSS); "</" is neutralised */
  style?: string;
  noindex?: boolean;
  /** the page's body; rendered inside the language's SiteI18nProvider */
  body: ReactElement;
}

/** Text for an HTML attribute or element. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** JSON inside <script>: no '</script>' or HTML comment can close or break it. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}

/**
 * The page's HTML: head with title, description, canonical, Open Graph and Twitter tags, JSON-LD,
 * the entry's stylesheet (render-blocking: it is small) and script (a module, deferred by nature,
 * with its chunks preloaded), and the body rendered by React on the server.
 */
export function renderPublicPage(page: PublicPage, assets: EntryAssets, catalogs: SiteCatalogs): string {
  const t = makeSiteT(catalogs, page.lang);
  const body = renderToString(
    <SiteI18nProvider lang={page.lang} t={t}>
      {page.body}
    </SiteI18nProvider>,
  );
  const meta: string[] = [
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(page.title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}">`,
    `<meta property="og:title" content="${escapeHtml(page.title)}">`,
    `<meta property="og:description" content="${escapeHtml(page.description)}">`,
    `<meta property="og:type" content="${page.ogType ?? "website"}">`,
    `<meta property="og:locale" content="${page.lang === "en" ? "en_US" : "es_DO"}">`,
    `<meta name="twitter:card" content="${page.image ? "summary_large_image" : "summary"}">`,
  ];
  if (page.siteName) meta.push(`<meta property="og:site_name" content="${escapeHtml(page.siteName)}">`);
  if (page.canonical) meta.push(`<link rel="canonical" href="${escapeHtml(page.canonical)}">`, `<meta property="og:url" content="${escapeHtml(page.canonical)}">`);
  if (page.image) meta.push(`<meta property="og:image" content="${escapeHtml(page.image)}">`, `<meta name="twitter:image" content="${escapeHtml(page.image)}">`);
  if (page.noindex) meta.push(`<meta name="robots" content="noindex">`);
  for (const item of page.jsonLd ?? []) meta.push(`<script type="application/ld+json">${scriptJson(item)}</script>`);
  if (page.headExtra) meta.push(page.headExtra);
  for (const href of assets.styles) meta.push(`<link rel="stylesheet" href="${href}">`);
  for (const href of assets.preloads) meta.push(`<link rel="modulepreload" href="${href}">`);
  if (assets.script) meta.push(`<script type="module" src="${assets.script}"></script>`);
  if (page.style) meta.push(`<style>${page.style.replace(/<\//g, "<\\/")}</style>`);
  return `<!doctype html>\n<html lang="${page.lang}">\n<head>\n${meta.join("\n")}\n</head>\n<body>${body}</body>\n</html>\n`;
}
