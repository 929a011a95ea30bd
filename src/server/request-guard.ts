import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { languageOf, translate } from "../shared/i18n/translate";

/** The most procedures one batched tRPC request may name. */
export const MAX_TRPC_BATCH = 25;
const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** A browser request sent by another site: its Origin is not this host (or is 'null'), or it says so in Sec-Fetch-Site. */
export function isCrossSite(headers: FastifyRequest["headers"]): boolean {
  const origin = headers.origin;
  if (origin) {
    try {
      return new URL(origin).host.toLowerCase() !== String(headers.host ?? "").toLowerCase();
    } catch {
      return true;
    }
  }
  return headers["sec-fetch-site"] === "cross-site";
}

/** Content types a cross-site form may send without asking (text/plain, form-urlencoded, multipart). */
function isJsonOrNone(contentType: string | undefined): boolean {
  return !contentType || /^application\/json\b/i.test(contentType.trim());
}

function refuse(req: FastifyRequest, reply: FastifyReply, status: number, code: string, key: string) {
  return reply.status(status).send({ code, message: translate(languageOf(req.headers), key, { max: MAX_TRPC_BATCH }) });
}

/**
 * Every state-changing /api request (tRPC mutations, sign-in and sign-out, uploads) must come from
 * the tenant's own pages: another site's Origin is refused (403). tRPC takes JSON bodies only
 * (415), so a cross-site form cannot reach a procedure, and a batch names at most MAX_TRPC_BATCH
 * procedures (400).
 */
export function registerRequestGuards(app: FastifyInstance) {
  app.addHook("onRequest", async (req, reply) => {
    if (!req.url.startsWith("/api/")) return;
    const trpcPath = req.url.startsWith("/api/trpc/") ? req.url.slice("/api/trpc/".length).split("?")[0]! : null;
    if (trpcPath !== null && decodeURIComponent(trpcPath).split(",").length > MAX_TRPC_BATCH) return refuse(req, reply, 400, "BAD_REQUEST", "errors:batchTooLarge");
    if (!STATE_CHANGING.has(req.method)) return;
    if (isCrossSite(req.headers)) return refuse(req, reply, 403, "FORBIDDEN", "errors:crossSiteRequest");
    if (trpcPath !== null && !isJsonOrNone(req.headers["content-type"])) return refuse(req, reply, 415, "UNSUPPORTED_MEDIA_TYPE", "errors:jsonOnly");
  });
}
