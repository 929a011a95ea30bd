import { initTRPC, TRPCError } from "@trpc/server";
import type { FastifyReply, FastifyRequest } from "fastify";
import { ZodError } from "zod";
import { isCatalogKey, languageOf, translate } from "../../shared/i18n/translate";
import { hasPermission, needsModule, permissionModule } from "../../shared/permissions";
import type { AppDeps } from "../app";
import { type Tx, tenantTransaction } from "../db/client";
import { writeGateOf } from "../db/write-gate";
import { readSessionUser, type SessionUser } from "../modules/auth/service";
import type { TenantRow } from "../modules/tenant/service";
import { resolveHost } from "../modules/tenant/service";
import { invalidateShopPages } from "../public-site/page-cache";
import { appError, CommittedTranslatable, Translatable } from "./errors";
import { inputProblem, isDataError } from "./input-guard";
import { transformer } from "./transformer";

export interface Context {
  deps: AppDeps;
  req: FastifyRequest;
  res: FastifyReply;
  lang: string;
  tenant: TenantRow | null;
  /** the host is a booking portal's custom domain: only the portal's procedures answer there (PORTAL_DOMAIN_PROCEDURES) */
  portalDomain: boolean;
  superAdminToken: string | null;
}

/** What a portal's custom domain answers: the portal itself and the hosted payment page of its links. */
const PORTAL_DOMAIN_PROCEDURES = /^(portal\.[A-Za-z]+|paymentLink\.(getPublic|pay))$/;

export async function createContext(deps: AppDeps, req: FastifyRequest, res: FastifyReply): Promise<Context> {
  const host = await resolveHost(deps, req.headers.host);
  return {
    deps,
    req,
    res,
    lang: languageOf(req.headers),
    tenant: host?.tenant ?? null,
    portalDomain: host?.via === "customDomain",
    superAdminToken: (req.headers["x-super-admin-token"] as string | undefined) ?? null,
  };
}

function fieldMessage(lang: string, issue: ZodError["issues"][number]): string {
  const field = issue.path.join(".");
  const message = isCatalogKey(issue.message) ? translate(lang, issue.message) : issue.message;
  return field ? `${field}: ${message}` : message;
}

const t = initTRPC.context<Context>().create({
  transformer,
  errorFormatter({ shape: fullShape, error, ctx }) {
    const lang = ctx?.lang ?? "es";
    const { stack: _stack, ...data } = fullShape.data;
    const shape = { ...fullShape, data };
    if (error.cause instanceof ZodError) {
      const issues = error.cause.issues;
      return {
        ...shape,
        message: issues.map((i) => fieldMessage(lang, i)).join("; "),
        data: { ...shape.data, fieldErrors: Object.fromEntries(issues.map((i) => [i.path.join("."), translate(lang, i.message)])) },
      };
    }
    if (error.cause instanceof Translatable) {
      return { ...shape, message: translate(lang, error.cause.key, error.cause.vars) };
    }
    if (error.code === "INTERNAL_SERVER_ERROR") {
      ctx?.req.log.error({ err: error.cause ?? error }, "procedure failed");
      return { ...shape, message: translate(lang, "errors:internal") };
    }
    return { ...shape };
  },
});

export const router = t.router;
/** Joins routers into one flat namespace (the dental module's areas each keep their own file). */
export const mergeRouters = t.mergeRouters;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;
/**
 * Every procedure: an input no schema may take (text PostgreSQL cannot store, nesting past
 * MAX_INPUT_DEPTH) is refused before its schema runs, and a PostgreSQL data error that a schema
 * let through (a value too long or too large for its column, an impossible date) is answered
 * as BAD_REQUEST, never as a 500.
 */
export const publicProcedure = t.procedure.use(async ({ getRawInput, next }) => {
  const problem = inputProblem(await getRawInput().catch(() => undefined));
  if (problem) throw appError("BAD_REQUEST", problem.key, { field: problem.path || "input" });
  const result = await next();
  if (!result.ok && isDataError(result.error.cause)) throw appError("BAD_REQUEST", "errors:invalidValue");
  return result;
});

/** A rollback carrying the failed procedure result out of the transaction. */
class Rollback {
  constructor(readonly result: unknown) {}
}

/**
 * Resolves the tenant from the host, opens one transaction under row-level security for the
 * whole procedure and reads the session (if any). Writes in a procedure are therefore atomic.
 */
export const tenantProcedure = publicProcedure.use(async ({ ctx, next, type, path }) => {
  const tenant = ctx.tenant;
  if (!tenant || (ctx.portalDomain && !PORTAL_DOMAIN_PROCEDURES.test(path))) throw appError("NOT_FOUND", "tenantNotFound");
  if (tenant.status === "suspended") throw appError("FORBIDDEN", "tenantSuspended");
  // BEGIN, the tenant and RLS role, and the session go to the database in one round trip.
  const transaction = () =>
    tenantTransaction(
      ctx.deps.db,
      tenant.id,
      (tx) => readSessionUser(tx, ctx.deps, ctx.req, tenant.id),
      async (tx, user) => {
        const result = await next({ ctx: { tenant, tx, user } });
        // A failure rolls the writes back, unless its error says they must be kept (appErrorKeepingWrites).
        if (!result.ok && !(result.error.cause instanceof CommittedTranslatable)) throw new Rollback(result);
        return result;
      },
    );
  try {
    // Writes queue in the app for one of a few database connections (writeGateOf); reads do not wait.
    if (type !== "mutation") return await transaction();
    const result = await writeGateOf(ctx.deps.db).run(transaction);
    // Committed: the tenant's shop pages kept for reuse are out of date.
    invalidateShopPages(ctx.deps.db, tenant.id);
    return result;
  } catch (e) {
    if (e instanceof Rollback) return e.result as never;
    throw e;
  }
});

export const protectedProcedure = tenantProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: "UNAUTHORIZED", message: "User not authenticated" });
  return next({ ctx: { user: ctx.user } });
});

export type ProtectedContext = Context & { tenant: TenantRow; tx: Tx; user: SessionUser };

export function can(user: SessionUser, permission: string): boolean {
  return hasPermission(user, permission);
}

/** `.use(requirePermission('products.create'))`: FORBIDDEN unless held (and its module enabled). */
export function requirePermission(permission: string) {
  return middleware(({ ctx, next }) => {
    const user = (ctx as unknown as { user?: SessionUser }).user;
    if (!user) throw new TRPCError({ code: "UNAUTHORIZED", message: "User not authenticated" });
    if (!hasPermission(user, permission)) {
      if (needsModule(permission) && !user.modules.includes(permissionModule(permission))) {
        throw appError("FORBIDDEN", "moduleDisabled", { module: permissionModule(permission) });
      }
      throw appError("FORBIDDEN", "forbidden", { permission });
    }
    return next();
  });
}

/** FORBIDDEN unless at least one of the permissions is held. */
export function requireAnyPermission(permissions: readonly string[]) {
  return middleware(({ ctx, next }) => {
    const user = (ctx as unknown as { user?: SessionUser }).user;
    if (!user) throw new TRPCError({ code: "UNAUTHORIZED", message: "User not authenticated" });
    if (!permissions.some((p) => hasPermission(user, p))) throw appError("FORBIDDEN", "forbidden", { permission: permissions.join(" | ") });
    return next();
  });
}
