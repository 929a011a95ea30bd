import type { BlogPostCard, StoreInfo } from "../../../shared/storefront/types";
import { escapeHtml } from "../render";

/** Frames the shop's video sections may show (YouTube, Vimeo), besides the app's own. */
export const SHOP_FRAME_SOURCES = ["https://www.youtube-nocookie.com", "https://www.youtube.com", "https://player.vimeo.com"];

/**
 * The shop's content-security-policy: the app's global policy (src/server/app.ts securityHeaders)
 * with the video players added to frame-src.
 */
export function shopCsp(directives: Record<string, readonly string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => {
      const kebab = name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      const all = kebab === "frame-src" ? [...values, ...SHOP_FRAME_SOURCES] : values;
      return `${kebab} ${all.join(" ")}`;
    })
    .join(";");
}

/** An absolute URL for a picture: site-relative paths get the shop's origin; anything but http(s) is dropped. */
export function absoluteUrl(origin: string, url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  if (url.startsWith("/") && !url.startsWith("//")) return origin + url;
  return /^https?:\/\//i.test(url) ? url : undefined;
}

/** Text cut at a word boundary to `max` characters for a meta description. */
export function metaText(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** schema.org Store (an Organization) of the home page, with the site's product search. */
export function storeJsonLd(store: StoreInfo, origin: string): object[] {
  const org: Record<string, unknown> = { "@context": "https://schema.org", "@type": "Store", name: store.store_name, url: `${origin}/shop` };
  if (store.description) org.description = store.description;
  if (store.email) org.email = store.email;
  if (store.phone) org.telephone = store.phone;
  if (store.address) org.address = store.address;
  const site = {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: store.store_name,
    url: `${origin}/shop`,
    potentialAction: { "@type": "SearchAction", target: `${origin}/shop/products?q={search_term_string}`, "query-input": "required name=search_term_string" },
  };
  return [org, site];
}

export interface ProductForLd {
  name: string;
  description: string | null;
  online_price: string;
  in_stock: boolean;
  brand: string | null;
  category_name: string | null;
}

/** schema.org Product with its Offer (price, currency, availability, url). */
export function productJsonLd(p: ProductForLd, opts: { url: string; image?: string; currency: string; storeName: string }): object {
  const ld: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: p.name,
    url: opts.url,
    offers: {
      "@type": "Offer",
      price: p.online_price,
      priceCurrency: opts.currency,
      availability: p.in_stock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      url: opts.url,
      seller: { "@type": "Organization", name: opts.storeName },
    },
  };
  if (p.description) ld.description = p.description;
  if (opts.image) ld.image = [opts.image];
  if (p.brand) ld.brand = { "@type": "Brand", name: p.brand };
  if (p.category_name) ld.category = p.category_name;
  return ld;
}

/** schema.org BlogPosting of a post. */
export function postJsonLd(post: BlogPostCard, opts: { url: string; image?: string; storeName: string }): object {
  const ld: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    url: opts.url,
    mainEntityOfPage: opts.url,
    publisher: { "@type": "Organization", name: opts.storeName },
  };
  if (post.published_at) ld.datePublished = post.published_at;
  if (post.excerpt) ld.description = post.excerpt;
  if (post.author_name) ld.author = { "@type": "Person", name: post.author_name };
  if (opts.image) ld.image = [opts.image];
  return ld;
}

/** The product's price for link previews (Open Graph product:price). */
export function productPriceMeta(price: string, currency: string): string {
  return `<meta property="product:price:amount" content="${escapeHtml(price)}">\n<meta property="product:price:currency" content="${escapeHtml(currency)}">`;
}

/** hreflang links of a page in both languages. */
export function alternateLinks(esUrl: string, enUrl: string): string {
  return [
    `<link rel="alternate" hreflang="es" href="${escapeHtml(esUrl)}">`,
    `<link rel="alternate" hreflang="en" href="${escapeHtml(enUrl)}">`,
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(esUrl)}">`,
  ].join("\n");
}

/** sitemap.xml (sitemaps.org 0.9) of these absolute URLs. */
export function sitemapXml(entries: { loc: string; lastmod?: string | null }[]): string {
  const xml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
  const urls = entries.map((e) => `<url><loc>${xml(e.loc)}</loc>${e.lastmod ? `<lastmod>${xml(e.lastmod)}</lastmod>` : ""}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** robots.txt of a tenant's host: the shop may be crawled, the back office and the API not. */
export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /shop\nAllow: /uploads/\nDisallow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
}
