import { router } from "../../../trpc/init";
import { dentalProcedure } from "../access";

/** dental.* procedures of the admin area: settings, procedure catalogue, dashboard, reports. */
export const dentalAdminRouter = router({
  /** The signed-in user's rights in the module (the screens hide what the server would refuse). */
  getMyRights: dentalProcedure("access").query(({ ctx }) => ({ rights: ctx.dentalRights })),
});
