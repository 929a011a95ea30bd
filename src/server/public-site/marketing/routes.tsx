import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ReactElement } from "react";
import { FORMS_PRICING_KEY, POS_PRICING_KEY, pricingCards } from "../../../shared/platform/pricing";
import { isReservedSubdomain } from "../../../shared/platform/tenancy";
import { MARKETING_CATALOGS } from "../../../web/marketing/catalogs";
import { DentalMarketingPage } from "../../../web/marketing/pages/dental-page";
import { FormsMarketingPage } from "../../../web/marketing/pages/forms-page";
import { LegalMarketingPage } from "../../../web/marketing/pages/legal-page";
import { MARKETING_PATHS, type MarketingPageKey } from "../../../web/marketing/pages/links";
import { PosMarketingPage } from "../../../web/marketing/pages/pos-page";
import { makeSiteT, SITE_LANGS, type SiteLang, siteLang } from "../../../web/public-site/i18n";
import type { AppDeps } from "../../app";
import { normalizedHostname } from "../../modules/tenant/service";
import { requestOrigin } from "../../origin";
import { renderPublicPage } from "../render";
import type { SiteContext } from "../routes";
import { cachedProductPlans, PRICING_FRESH_MS } from "./pricing-cache";

const NAMESPACES: Record<MarketingPageKey, string> = { pos: "marketingPos", dental: "marketingDental", forms: "marketingForms", legal: "marketingLegal" };

/** The marketing pages are the bare domain's (and its reserved hosts', e.g. www): not a tenant's nor a custom domain's. */
export function isMarketingHost(deps: AppDeps, host: string | undefined): boolean {
  const hostname = normalizedHostname(host);
  const base = deps.config.baseDomain.toLowerCase();
  if (!hostname) return false;
  if (hostname === base) return true;
  if (!hostname.endsWith(`.${base}`)) return false;
  const sub = hostname.slice(0, -(base.length + 1));
  return !sub.includes(".") && isReservedSubdomain(sub);
}

function pageBody(key: MarketingPageKey): ReactElement {
  switch (key) {
    case "pos":
      return <PosMarketingPage cards={pricingCards(cachedProductPlans(POS_PRICING_KEY), "pos")} />;
    case "forms":
      return <FormsMarketingPage cards={pricingCards(cachedProductPlans(FORMS_PRICING_KEY), "forms")} />;
    case "dental":
      return <DentalMarketingPage />;
    default:
      return <LegalMarketingPage />;
  }
}

/** The page's address in a language: Spanish without a query, English with ?lang=en. */
function pageUrl(origin: string, path: string, lang: SiteLang): string {
  return `${origin}${path}${lang === "en" ? "?lang=en" : ""}`;
}

function renderMarketingPage(site: SiteContext, req: FastifyRequest, key: MarketingPageKey): string {
  const lang = siteLang((req.query as { lang?: unknown } | undefined)?.lang);
  const t = makeSiteT(MARKETING_CATALOGS, lang);
  const ns = NAMESPACES[key];
  const path = MARKETING_PATHS[key];
  const origin = requestOrigin({ deps: site.deps, req });
  const canonical = pageUrl(origin, path, lang);
  const title = t(`${ns}:meta.title`);
  const description = t(`${ns}:meta.description`);
  const alternates = [
    ...SITE_LANGS.map((l) => `<link rel="alternate" hreflang="${l}" href="${pageUrl(origin, path, l)}">`),
    `<link rel="alternate" hreflang="x-default" href="${pageUrl(origin, path, "es")}">`,
  ].join("\n");
  return renderPublicPage(
    {
      lang,
      title,
      description,
      canonical,
      siteName: "Enzzo",
      headExtra: alternates,
      jsonLd: [
        {
          "@context": "https://schema.org",
          "@type": "SoftwareApplication",
          name: t(`${ns}:meta.appName`),
          description,
          url: canonical,
          applicationCategory: "BusinessApplication",
          operatingSystem: "Web",
          inLanguage: lang,
          offers: { "@type": "Offer", price: "0", priceCurrency: "USD", description: t("marketing:pricing.names.freeTrial") },
        },
        { "@context": "https://schema.org", "@type": "Organization", name: "Enzzo", url: `${origin}/` },
      ],
      body: pageBody(key),
    },
    site.assets.marketing,
    MARKETING_CATALOGS,
  );
}

interface Rendered {
  html: string;
  br: Buffer;
  gzip: Buffer;
  at: number;
}

/** Rendered pages by page, language and origin, reused while the plans they show are fresh (5 minutes). */
const rendered = new Map<string, Rendered>();

function renderedPage(site: SiteContext, req: FastifyRequest, key: MarketingPageKey): Rendered {
  const lang = siteLang((req.query as { lang?: unknown } | undefined)?.lang);
  const cacheKey = `${key}|${lang}|${requestOrigin({ deps: site.deps, req })}`;
  const now = Date.now();
  const hit = rendered.get(cacheKey);
  if (hit && now - hit.at < PRICING_FRESH_MS) return hit;
  const html = renderMarketingPage(site, req, key);
  const page = { html, br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6 } }), gzip: gzipSync(html), at: now };
  rendered.set(cacheKey, page);
  return page;
}

/** The page compressed as the browser accepts it (the pages are ~50 KB of HTML: a slow phone network feels it). */
function sendRendered(req: FastifyRequest, reply: FastifyReply, page: Rendered) {
  const accept = String(req.headers["accept-encoding"] ?? "");
  reply.status(200).type("text/html; charset=utf-8").header("cache-control", "public, max-age=300").header("vary", "Accept-Encoding");
  if (/\bbr\b/.test(accept)) return reply.header("content-encoding", "br").send(page.br);
  if (/\bgzip\b/.test(accept)) return reply.header("content-encoding", "gzip").send(page.gzip);
  return reply.send(page.html);
}

/**
 * The four marketing pages at the bare domain (docs/decisions.md): '/' point of sale, '/dental',
 * '/forms', '/legal'; Spanish unless ?lang=en. On a tenant's host (or a custom domain) the same
 * paths belong to the single-page app.
 */
export async function registerMarketingRoutes(app: FastifyInstance, site: SiteContext): Promise<void> {
  for (const key of Object.keys(MARKETING_PATHS) as MarketingPageKey[]) {
    app.get(MARKETING_PATHS[key], async (req, reply) => {
      if (!isMarketingHost(site.deps, req.headers.host)) return reply.callNotFound();
      return sendRendered(req, reply, renderedPage(site, req, key));
    });
  }
}
