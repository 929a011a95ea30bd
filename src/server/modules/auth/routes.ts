import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { languageOf, translate } from "../../../shared/i18n/translate";
import { signInInput } from "../../../shared/platform/schemas";
import { subdomainFromHost } from "../../../shared/platform/tenancy";
import type { AppDeps } from "../../app";
import { withTenant } from "../../db/client";
import { resolveTenantFromHost, type TenantRow } from "../tenant/service";
import { checkCredentials, consumeLoginToken, createSession, deleteSession, readSessionUser, SESSION_COOKIE } from "./service";

const lang = (req: FastifyRequest) => languageOf(req.headers);

function fail(req: FastifyRequest, reply: FastifyReply, status: number, code: string, key: string) {
  return reply.status(status).send({ code, message: translate(lang(req), `errors:${key}`) });
}

async function tenantOf(deps: AppDeps, req: FastifyRequest, reply: FastifyReply): Promise<TenantRow | null> {
  const tenant = await resolveTenantFromHost(deps, req.headers.host);
  if (!tenant) {
    await fail(req, reply, 404, "TENANT_NOT_FOUND", "tenantNotFound");
    return null;
  }
  if (tenant.status === "suspended") {
    await fail(req, reply, 403, "TENANT_SUSPENDED", "tenantSuspended");
    return null;
  }
  return tenant;
}

function setSessionCookie(deps: AppDeps, reply: FastifyReply, token: string, expiresAt: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: deps.config.publicUrl?.startsWith("https:") ?? false,
    expires: expiresAt,
  });
}

/**
 * What the sign-in limit counts attempts by: the client's address (forwarded headers only from
 * TRUST_PROXY), the tenant as the host resolves it (case, port and a trailing dot do not make
 * another tenant) and the e-mail as sign-in compares it (trimmed, case-folded).
 */
export function signInLimitKey(req: FastifyRequest, baseDomain: string): string {
  const email = String((req.body as { email?: unknown } | undefined)?.email ?? "")
    .trim()
    .toLowerCase();
  const host = String(req.headers.host ?? "")
    .split(":")[0]!
    .toLowerCase()
    .replace(/\.$/, "");
  return `${req.ip}|${subdomainFromHost(host, baseDomain) ?? host}|${email}`;
}

/**
 * Email and password sign-in bound to the tenant of the host, as Better Auth's
 * /api/auth/* endpoints (see docs/decisions.md for why it is our own small module).
 */
export async function authRoutes(app: FastifyInstance, deps: AppDeps) {
  app.post(
    "/api/auth/sign-in/email",
    {
      config: {
        rateLimit: {
          max: deps.authRateLimitMax,
          timeWindow: "5 minutes",
          keyGenerator: (req: FastifyRequest) => signInLimitKey(req, deps.config.baseDomain),
          errorResponseBuilder: (req: FastifyRequest, ctx: { statusCode?: number }) => ({
            statusCode: ctx.statusCode ?? 429,
            code: "TOO_MANY_REQUESTS",
            message: translate(lang(req), "errors:tooManyAttempts"),
          }),
        },
      },
    },
    async (req, reply) => {
      const tenant = await tenantOf(deps, req, reply);
      if (!tenant) return reply;
      const parsed = signInInput.safeParse(req.body);
      if (!parsed.success) return fail(req, reply, 401, "INVALID_EMAIL_OR_PASSWORD", "invalidCredentials");
      const result = await withTenant(deps.db, tenant.id, async (tx) => {
        const user = await checkCredentials(tx, tenant.id, parsed.data.email, parsed.data.password);
        if (!user) return null;
        const session = await createSession(tx, deps, tenant.id, user.id, { ip: req.ip, userAgent: req.headers["user-agent"] });
        return { user, session };
      });
      if (!result) return fail(req, reply, 401, "INVALID_EMAIL_OR_PASSWORD", "invalidCredentials");
      setSessionCookie(deps, reply, result.session.token, result.session.expiresAt);
      const u = result.user;
      return { user: { id: u.id, name: u.name, email: u.email, role: u.role, language: u.language } };
    },
  );

  app.post("/api/auth/sign-out", async (req, reply) => {
    const token = req.cookies[SESSION_COOKIE];
    const tenant = await resolveTenantFromHost(deps, req.headers.host);
    if (token && tenant) await withTenant(deps.db, tenant.id, (tx) => deleteSession(tx, deps, tenant.id, token));
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    return { success: true };
  });

  app.get("/api/auth/get-session", async (req, reply) => {
    const tenant = await resolveTenantFromHost(deps, req.headers.host);
    if (!tenant || tenant.status === "suspended") return reply.send(null);
    const user = await withTenant(deps.db, tenant.id, (tx) => readSessionUser(tx, deps, req, tenant.id));
    if (!user) return reply.send(null);
    return { user };
  });

  /** Exchanges a one-time registration token for a session on the tenant's own host. */
  app.post("/api/auth/callback", async (req, reply) => {
    const tenant = await tenantOf(deps, req, reply);
    if (!tenant) return reply;
    const parsed = z.object({ token: z.string().min(10).max(200) }).safeParse(req.body);
    if (!parsed.success) return fail(req, reply, 400, "INVALID_TOKEN", "loginTokenInvalid");
    const session = await withTenant(deps.db, tenant.id, async (tx) => {
      const userId = await consumeLoginToken(tx, deps, tenant.id, parsed.data.token);
      return userId ? createSession(tx, deps, tenant.id, userId, { ip: req.ip, userAgent: req.headers["user-agent"] }) : null;
    });
    if (!session) return fail(req, reply, 400, "INVALID_TOKEN", "loginTokenInvalid");
    setSessionCookie(deps, reply, session.token, session.expiresAt);
    return { success: true };
  });
}
