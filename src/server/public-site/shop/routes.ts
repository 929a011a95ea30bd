import type { FastifyInstance } from "fastify";
import type { SiteContext } from "../routes";

/** The shop at {subdomain}.{BASE_DOMAIN}/shop… with its sitemap and robots.txt (helper A). */
export async function registerShopRoutes(_app: FastifyInstance, _site: SiteContext): Promise<void> {}
