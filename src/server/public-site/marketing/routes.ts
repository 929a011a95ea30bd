import type { FastifyInstance } from "fastify";
import type { SiteContext } from "../routes";

/** The four marketing pages at the bare domain (helper D). */
export async function registerMarketingRoutes(_app: FastifyInstance, _site: SiteContext): Promise<void> {}
