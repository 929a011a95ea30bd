import { z } from "zod";
import { userCreateInput, userUpdateInput } from "../../../shared/platform/schemas";
import { protectedProcedure, requireAnyPermission, requirePermission, router } from "../../trpc/init";
import { createUser, findUsers, getUser, updateUser } from "./service";

export const userRouter = router({
  /** The tenant's users (settings, and the employee form's user link). */
  getAll: protectedProcedure
    .use(requireAnyPermission(["settings.users", "employees.view"]))
    .query(({ ctx }) => findUsers(ctx.tx, ctx.tenant.id)),
  getById: protectedProcedure
    .use(requirePermission("settings.users"))
    .input(z.object({ id: z.string().uuid() }))
    .query(({ ctx, input }) => getUser(ctx.tx, ctx.tenant.id, input.id)),
  create: protectedProcedure
    .use(requirePermission("settings.users"))
    .input(userCreateInput)
    .mutation(({ ctx, input }) => createUser(ctx.tx, ctx.tenant.id, input)),
  update: protectedProcedure
    .use(requirePermission("settings.users"))
    .input(userUpdateInput)
    .mutation(({ ctx, input }) => updateUser(ctx.tx, ctx.tenant.id, ctx.user.id, input)),
});
