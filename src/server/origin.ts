import type { FastifyRequest } from "fastify";
import type { ServerConfig } from "./config";

type OriginConfig = Pick<ServerConfig, "publicUrl" | "baseDomain" | "port">;

/** The scheme and host the request came to (the tenant's host); PUBLIC_URL's scheme wins behind a proxy. */
export function requestOrigin(ctx: { deps: { config: OriginConfig }; req: FastifyRequest }): string {
  const base = ctx.deps.config.publicUrl ? new URL(ctx.deps.config.publicUrl) : null;
  const protocol = base ? base.protocol.replace(/:$/, "") : ctx.req.protocol || "http";
  return `${protocol}://${ctx.req.host || ctx.req.headers.host || ""}`;
}

/**
 * The address of a tenant's own host `{subdomain}.{BASE_DOMAIN}`: PUBLIC_URL's scheme and port when
 * set, else the scheme and port of the request when there is one (sign-up hands over to the new
 * tenant's host), else http on the server's PORT (mail written outside a request).
 */
export function tenantOrigin(config: OriginConfig, subdomain: string, req?: FastifyRequest): string {
  const base = config.publicUrl ? new URL(config.publicUrl) : null;
  const protocol = base?.protocol ?? (req ? `${req.protocol}:` : "http:");
  const port = base ? base.port : req ? ((req.headers.host ?? "").split(":")[1] ?? "") : String(config.port);
  const defaultPort = (protocol === "https:" && port === "443") || (protocol === "http:" && port === "80");
  return `${protocol}//${subdomain}.${config.baseDomain}${port && !defaultPort ? `:${port}` : ""}`;
}
