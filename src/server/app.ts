import { existsSync } from "node:fs";
import path from "node:path";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import type { ServerConfig } from "./config";
import type { Db } from "./db/client";
import { authRoutes } from "./modules/auth/routes";
import { creditNoteRoutes } from "./modules/credit-note/routes";
import { dentalFileRoutes } from "./modules/dental/files/routes";
import { invoiceRoutes } from "./modules/invoice/routes";
import { legalDocumentRoutes } from "./modules/legal/documents/routes";
import { paymentLinkRoutes } from "./modules/payment-link/routes";
import { publicFormUploadRoutes } from "./modules/upload/public-form";
import { uploadRoutes } from "./modules/upload/routes";
import { WEB_DIR } from "./paths";
import { publicSiteRoutes } from "./public-site/routes";
import { registerRequestGuards } from "./request-guard";
import { type AppRouter, appRouter } from "./trpc/app-router";
import { createContext } from "./trpc/init";
import { registerWebApp } from "./web";

export interface AppDeps {
  db: Db;
  config: ServerConfig;
  sessionSecret: string;
  authRateLimitMax: number;
}


/**
 * Security headers on every answer (@fastify/helmet): a CSP the built app satisfies (its own
 * scripts only; inline styles for React's style attributes; images from anywhere over http(s) for
 * product pictures in S3 or a CDN; the POS talks from the browser to the shop's print and drawer
 * services on the local network, so connect-src takes http(s)), no framing by other sites,
 * nosniff, a strict referrer, and HSTS only when PUBLIC_URL is https.
 */
export function securityHeaders(config: Pick<ServerConfig, "publicUrl">) {
  const https = config.publicUrl?.startsWith("https://") ?? false;
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:", "http:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", "https:", "http:"],
        frameSrc: ["'self'", "blob:", "data:"],
        workerSrc: ["'self'", "blob:"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: "deny" as const },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" as const },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // Product pictures may be shown by other sites (marketplaces, link previews).
    crossOriginResourcePolicy: { policy: "cross-origin" as const },
  };
}

/** TRUST_PROXY for Fastify: none by default; a hop count trusts that many proxies in front. */
function trustProxySetting(value: ServerConfig["trustProxy"]) {
  if (typeof value === "number") return (_address: string, hop: number) => hop < value;
  return value ?? false;
}

export async function buildApp(deps: AppDeps, opts: { logger?: boolean | object; serveWeb?: boolean; webDir?: string } = {}): Promise<FastifyInstance> {
  // maxParamLength: a batched tRPC call names several procedures in one path segment.
  const app = Fastify({ logger: opts.logger ?? false, trustProxy: trustProxySetting(deps.config.trustProxy), bodyLimit: 2 * 1024 * 1024, routerOptions: { maxParamLength: 5000 } });
  await app.register(cookie);
  await app.register(helmet, securityHeaders(deps.config));
  registerRequestGuards(app);
  // Signed-in answers are never kept by a browser or a proxy cache.
  app.addHook("onSend", async (req, reply, payload) => {
    if (req.url.startsWith("/api/") && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    return payload;
  });
  // preHandler: the sign-in key includes the email from the parsed body.
  await app.register(rateLimit, { global: false, hook: "preHandler" });

  app.get("/healthz", async (_req, reply) => {
    try {
      await deps.db.execute(sql`select 1`);
      return { status: "ok" };
    } catch {
      return reply.status(503).send({ status: "unavailable" });
    }
  });

  await authRoutes(app, deps);
  await uploadRoutes(app, deps);
  await publicFormUploadRoutes(app, deps);
  await dentalFileRoutes(app, deps);
  await legalDocumentRoutes(app, deps);
  await invoiceRoutes(app, deps);
  await creditNoteRoutes(app, deps);
  await paymentLinkRoutes(app, deps);

  await app.register(fastifyTRPCPlugin, {
    prefix: "/api/trpc",
    trpcOptions: {
      router: appRouter,
      createContext: ({ req, res }) => createContext(deps, req, res),
    } satisfies FastifyTRPCPluginOptions<AppRouter>["trpcOptions"],
  });

  const webDir = opts.webDir ?? WEB_DIR;
  // The shop and the marketing pages, rendered on the server (tests call them too).
  await publicSiteRoutes(app, deps, webDir);
  // Every other non-API route is the single-page app (src/server/web.ts); tests build the app without it.
  if (opts.serveWeb !== false && existsSync(path.join(webDir, "index.html"))) await registerWebApp(app, deps, webDir);
  return app;
}
