import { z } from "zod";
import { ALL_PERMISSIONS, hasPermission, MODULES } from "../../../shared/permissions";
import { appError } from "../../trpc/errors";
import { protectedProcedure, requirePermission, router } from "../../trpc/init";
import { refreshSessionUser } from "../auth/service";
import { listModules, setModule } from "../tenant/service";

/** The effective permission list: owner holds all; .access/.view need their module. */
function effectivePermissions(user: { isOwner: boolean; permissions: readonly string[]; modules: readonly string[] }) {
  return ALL_PERMISSIONS.filter((p) => hasPermission(user, p));
}

export const permissionsRouter = router({
  /** The user's own grants as stored (role defaults), without module filtering. */
  getUserPermissionsDirect: protectedProcedure.query(({ ctx }) => ({
    isOwner: ctx.user.isOwner,
    role: ctx.user.role,
    permissions: [...ctx.user.permissions],
  })),
  getUserPermissions: protectedProcedure.query(({ ctx }) => ({
    isOwner: ctx.user.isOwner,
    role: ctx.user.role,
    permissions: effectivePermissions(ctx.user),
    modules: [...ctx.user.modules],
  })),
  getUserModules: protectedProcedure.query(({ ctx }) => ({ modules: [...ctx.user.modules] })),
  /** Forgets the caller's cached session and answers the permissions and modules read again from the database. */
  refreshCache: protectedProcedure.mutation(async ({ ctx }) => {
    const user = (await refreshSessionUser(ctx.tx, ctx.deps, ctx.req, ctx.tenant.id)) ?? ctx.user;
    return { refreshedAt: new Date(), permissions: effectivePermissions(user), modules: [...user.modules] };
  }),
  hasPermission: protectedProcedure
    .input(z.object({ permission: z.string().min(1).max(100) }))
    .query(({ ctx, input }) => hasPermission(ctx.user, input.permission)),
  hasModule: protectedProcedure
    .input(z.object({ module: z.string().min(1).max(60) }))
    .query(({ ctx, input }) => ctx.user.modules.includes(input.module)),
});

/** Switching these off would lock the owner out of the suite. */
const ALWAYS_ON_MODULES: readonly string[] = ["settings", "dashboard"];

export const modulesRouter = router({
  getUserModules: protectedProcedure.query(({ ctx }) => ({ modules: [...ctx.user.modules] })),
  /** Every module with its enabled flag, for the settings screen. */
  getAll: protectedProcedure.use(requirePermission("settings.modules")).query(({ ctx }) => listModules(ctx.tx, ctx.tenant.id)),
  setEnabled: protectedProcedure
    .use(requirePermission("settings.modules"))
    .input(z.object({ module: z.enum(MODULES), enabled: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      if (ALWAYS_ON_MODULES.includes(input.module) && !input.enabled) throw appError("BAD_REQUEST", "moduleAlwaysOn");
      await setModule(ctx.tx, ctx.tenant.id, input.module, input.enabled);
      return listModules(ctx.tx, ctx.tenant.id);
    }),
});
