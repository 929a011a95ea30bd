import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createElement, type ReactElement } from "react";
import type { StoreInfo } from "../../../shared/storefront/types";
import { SHOP_CATALOGS } from "../../../web/public-site/catalogs";
import { makeSiteT, type SiteLang, siteLang } from "../../../web/public-site/i18n";
import { MessagePage } from "../../../web/storefront/shop/message-page";
import { ShopLayout } from "../../../web/storefront/shop/shop-layout";
import { shopHref } from "../../../web/storefront/shop/urls";
import { securityHeaders } from "../../app";
import { tenantTransaction, withTenant } from "../../db/client";
import { loadPublishedStore } from "../../modules/ecommerce/access";
import { loadOrderForPublic } from "../../modules/ecommerce/cart/public-order";
import { loadShopContext, sitemapEntries } from "../../modules/ecommerce/shop/queries";
import type { TenantRow } from "../../modules/tenant/service";
import { resolveHost } from "../../modules/tenant/service";
import { shopPageCache } from "../page-cache";
import { renderPublicPage } from "../render";
import { type SiteContext, sendPage } from "../routes";
import { addToCartIsland, cartButtonIsland, checkoutIsland, contactFormIsland, orderStatusIsland } from "./islands";
import { queryText, type ShopHandler, type ShopPageResult, shopHandlers } from "./pages";
import { alternateLinks, robotsTxt, shopCsp, sitemapXml } from "./seo";

/** The cookie that keeps the visitor's chosen language across the shop's links. */
export const SHOP_LANG_COOKIE = "shop_lang";

/**
 * The shop at {subdomain}.{BASE_DOMAIN}/shop… with its sitemap and robots.txt (helper A). Every page
 * is rendered on the server in one tenant transaction; an unpublished store (or the storefront
 * module off) is a 404 'store unavailable' page, an unknown product, category or post a 404 page.
 * Other hosts (the bare domain, a portal's custom domain) are handed to the next handler.
 */
export async function registerShopRoutes(app: FastifyInstance, site: SiteContext): Promise<void> {
  const csp = shopCsp(securityHeaders(site.deps.config).contentSecurityPolicy.directives);
  const handlers = shopHandlers({ addToCart: addToCartIsland });

  /** The tenant of a shop host (its own subdomain only), else null. */
  const tenantOf = async (req: FastifyRequest): Promise<TenantRow | null> => {
    const host = await resolveHost(site.deps, req.headers.host);
    return host?.via === "subdomain" && host.tenant.status !== "suspended" ? host.tenant : null;
  };

  const originOf = (req: FastifyRequest) => `${req.protocol}://${req.headers.host}`;

  /** ?lang= wins (and is remembered in a cookie), then the cookie, then Spanish. */
  const langOf = (req: FastifyRequest, reply: FastifyReply): SiteLang => {
    const asked = (req.query as Record<string, unknown>).lang;
    if (asked === "es" || asked === "en") {
      reply.setCookie(SHOP_LANG_COOKIE, asked, { path: "/", sameSite: "lax", maxAge: 365 * 24 * 3600, httpOnly: false });
      return asked;
    }
    return siteLang(req.cookies[SHOP_LANG_COOKIE]);
  };

  /** The path with its query, with lang set to `lang`. */
  const withLang = (req: FastifyRequest, lang: SiteLang) => {
    const url = new URL(req.url, "http://x");
    url.searchParams.set("lang", lang);
    return `${url.pathname}?${url.searchParams.toString()}`;
  };

  const send = (reply: FastifyReply, html: string, status = 200) => {
    reply.header("content-security-policy", csp);
    return sendPage(reply, html, { status, cacheControl: "no-cache" });
  };

  /** A page with only a message: not found (with the shop's frame) or store unavailable (without). */
  const messagePage = (req: FastifyRequest, lang: SiteLang, kind: "notFound" | "unavailable", store?: StoreInfo) => {
    const t = makeSiteT(SHOP_CATALOGS, lang);
    const message = createElement(MessagePage, { kind });
    const body = store ? layout(req, store, null, message) : message;
    return renderPublicPage({ lang, title: t(`storefront:${kind}.title`), description: t(`storefront:${kind}.text`), noindex: true, body }, site.assets.shop, SHOP_CATALOGS);
  };

  const layout = (req: FastifyRequest, store: StoreInfo, active: ShopPageResult["active"], body: ReactElement) =>
    createElement(ShopLayout, {
      store,
      active,
      langHrefs: { es: withLang(req, "es"), en: withLang(req, "en") },
      cart: cartButtonIsland(store),
      q: typeof (req.query as Record<string, unknown>).q === "string" ? String((req.query as Record<string, unknown>).q).slice(0, 100) : undefined,
      // biome-ignore lint/correctness/noChildrenProp: createElement's props
      children: body,
    });

  /** Theme colour of the store as the shop's accent. */
  const themeStyle = (store: StoreInfo) => {
    const color = store.theme_config.primaryColor;
    return color && /^#[0-9a-fA-F]{6}$/.test(color) ? `:root{--shop-primary:${color}}` : "";
  };

  const cache = shopPageCache(site.deps.db, site.deps.config.shopPageCacheSeconds);

  /** A shop page; `reuse` false: never served from the cache (a visitor's own order). */
  const page = (path: string, handler: ShopHandler, { reuse = true } = {}) => {
    app.get<{ Params: Record<string, string> }>(path, async (req, reply) => {
      const tenant = await tenantOf(req);
      if (!tenant) return reply.callNotFound();
      const lang = langOf(req, reply);
      const origin = originOf(req);
      // The page depends on nothing else of the request: its language, host, path and query.
      const key = `${lang} ${origin}${req.url}`;
      if (reuse) {
        const kept = cache.pages.get(tenant.id, key);
        if (kept) return send(reply, kept);
      }
      const version = cache.version(tenant.id);
      const t = makeSiteT(SHOP_CATALOGS, lang);
      // The store every page starts from: kept, or read in the round trip that opens the transaction.
      const keptStore = cache.stores.get(tenant.id, "");
      const outcome = await tenantTransaction(
        site.deps.db,
        tenant.id,
        async (tx) => keptStore ?? loadShopContext(tx, tenant.id),
        async (tx, shop) => {
          if (!shop) return { kind: "unavailable" as const };
          if (!keptStore) cache.stores.set(tenant.id, "", version, shop);
          const result = await handler({ tx, store: shop.store, info: shop.info, lang, t, origin, params: req.params, query: req.query as Record<string, unknown> });
          return { kind: "page" as const, info: shop.info, result };
        },
      );
      if (outcome.kind === "unavailable") return send(reply, messagePage(req, lang, "unavailable"), 404);
      const { info, result } = outcome;
      if (!result) return send(reply, messagePage(req, lang, "notFound", info), 404);
      const pathname = new URL(req.url, "http://x").pathname;
      const canonicalFor = (l: SiteLang) => origin + shopHref(pathname, { ...result.canonicalQuery, lang: l === "en" ? "en" : undefined });
      const html = renderPublicPage(
        {
          lang,
          title: result.title,
          description: result.description,
          canonical: canonicalFor(lang),
          image: result.image,
          ogType: result.ogType,
          siteName: info.store_name,
          jsonLd: result.jsonLd,
          headExtra: [alternateLinks(canonicalFor("es"), canonicalFor("en")), result.headExtra].filter(Boolean).join("\n"),
          style: themeStyle(info) + (result.style ?? ""),
          noindex: result.noindex,
          body: layout(req, info, result.active, result.body),
        },
        site.assets.shop,
        SHOP_CATALOGS,
      );
      if (reuse) cache.pages.set(tenant.id, key, version, html);
      return send(reply, html);
    });
  };

  page("/shop", handlers.home);
  page("/shop/products", handlers.products);
  page("/shop/products/:id", handlers.product);
  page("/shop/categories", handlers.categories);
  page("/shop/categories/:id", handlers.category);
  page("/shop/about", handlers.about);
  page(
    "/shop/contact",
    handlers.contact(contactFormIsland),
  );
  page("/shop/blog", handlers.blog);
  page("/shop/blog/:slug", handlers.post);
  // The cart's pages (contract 3): the checkout and an order's status, both the cart helper's islands.
  page("/shop/checkout", async (r) => ({
    title: `${r.t("storefront:checkout.title")} | ${r.info.store_name}`,
    description: r.t("storefront:checkout.title"),
    active: null,
    noindex: true,
    body: checkoutIsland(r.info),
  }));
  page("/shop/orders/:id", async (r) => {
    const key = queryText(r.query.key, 200);
    const order = await loadOrderForPublic(r.tx, r.store.tenantId, r.params.id ?? "", key);
    if (!order) return null;
    return {
      title: `${r.t("storefront:order.title")} ${order.number} | ${r.info.store_name}`,
      description: r.t("storefront:order.title"),
      active: null,
      noindex: true,
      body: orderStatusIsland(order, key),
    };
  }, { reuse: false });

  app.get("/sitemap.xml", async (req, reply) => {
    const tenant = await tenantOf(req);
    if (!tenant) return reply.callNotFound();
    const origin = originOf(req);
    const entries = await withTenant(site.deps.db, tenant.id, async (tx) => {
      try {
        await loadPublishedStore(tx, tenant.id);
      } catch {
        return null;
      }
      return sitemapEntries(tx, tenant.id);
    });
    if (!entries) return reply.status(404).type("text/plain; charset=utf-8").send("Not found");
    const fixed = ["/shop", "/shop/products", "/shop/categories", "/shop/about", "/shop/contact", "/shop/blog"].map((p) => ({ loc: origin + p }));
    const xml = sitemapXml([
      ...fixed,
      ...entries.categories.map((id) => ({ loc: `${origin}/shop/categories/${id}` })),
      ...entries.products.map((p) => ({ loc: `${origin}/shop/products/${p.id}`, lastmod: p.updated })),
      ...entries.posts.map((p) => ({ loc: `${origin}/shop/blog/${encodeURIComponent(p.slug)}`, lastmod: p.updated })),
    ]);
    return reply.type("application/xml; charset=utf-8").header("cache-control", "public, max-age=300").send(xml);
  });

  app.get("/robots.txt", async (req, reply) => {
    const tenant = await tenantOf(req);
    if (!tenant) return reply.callNotFound();
    return reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=3600").send(robotsTxt(originOf(req)));
  });
}
