import type { FastifyInstance, FastifyReply } from "fastify";
import type { AppDeps } from "../app";
import { loadSiteAssets, type SiteAssets } from "./assets";
import { registerMarketingRoutes } from "./marketing/routes";
import { registerShopRoutes } from "./shop/routes";

/** What the public pages' handlers need: the app's dependencies and the public build's files. */
export interface SiteContext {
  deps: AppDeps;
  assets: SiteAssets;
}

/**
 * The public site (issue 19): pages rendered on the server with React (src/server/public-site/
 * render.tsx), each hydrating only its interactive parts with a small script of its own build
 * (vite.public.config.ts). A route that does not apply to the request's host (a marketing path on
 * a tenant's host) hands over to the single-page app with reply.callNotFound().
 */
export async function publicSiteRoutes(app: FastifyInstance, deps: AppDeps, webDir: string): Promise<void> {
  const site: SiteContext = { deps, assets: loadSiteAssets(webDir) };
  await registerShopRoutes(app, site);
  await registerMarketingRoutes(app, site);
}

/** An HTML page answer. */
export function sendPage(reply: FastifyReply, html: string, opts: { status?: number; cacheControl?: string } = {}) {
  return reply
    .status(opts.status ?? 200)
    .type("text/html; charset=utf-8")
    .header("cache-control", opts.cacheControl ?? "no-cache")
    .send(html);
}
