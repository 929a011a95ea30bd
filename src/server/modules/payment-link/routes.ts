import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app";
import { SANDBOX_CALLBACK_PATH, SIGNATURE_HEADER } from "../../integrations/payment-link";
import { resolveTenantFromHost } from "../tenant/service";
import { type CallbackPoster, handleCallback } from "./service";

/**
 * POST /api/payment-links/:provider/callback: a payment-link provider's signed callback
 * (issue 12 §5). The tenant is the host's; the body is kept raw (a string, never re-serialized),
 * so the HMAC-SHA256 in x-enzzo-signature is checked over the exact bytes sent. Answers 200 when
 * taken (or already taken), 401 bad signature, 400 malformed, 404 unknown tenant or link, 409 refused.
 */
export async function paymentLinkRoutes(app: FastifyInstance, deps: AppDeps) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "string", bodyLimit: 16 * 1024 }, (_req, body, done) => done(null, body));
    scope.post<{ Params: { provider: string }; Body: string }>("/api/payment-links/:provider/callback", async (req, reply) => {
      // A link paid on a portal's custom domain posts its callback to that host.
      const tenant = await resolveTenantFromHost(deps, req.headers.host, { portal: true });
      if (!tenant || tenant.status === "suspended") {
        req.log.warn({ host: req.headers.host }, "payment link callback refused: unknown tenant");
        return reply.status(404).send({ received: false, changed: false, code: "unknown_tenant" });
      }
      const raw = typeof req.body === "string" ? req.body : "";
      const result = await handleCallback(deps, req.log, tenant, req.params.provider, raw, req.headers[SIGNATURE_HEADER]);
      return reply.status(result.status).send(result.body);
    });
  });
}

/** Delivers the sandbox's callback to this same server through its real route (Fastify inject: routing, hooks, raw body). */
export async function postCallback(app: FastifyInstance, req: Parameters<CallbackPoster>[0]) {
  const res = await app.inject({
    method: "POST",
    url: SANDBOX_CALLBACK_PATH,
    headers: { host: req.host, "content-type": "application/json", [SIGNATURE_HEADER]: req.signature },
    payload: req.body,
  });
  return { statusCode: res.statusCode };
}
