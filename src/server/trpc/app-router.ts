import { onboardingRouter } from "../modules/onboarding/router";
import { modulesRouter, permissionsRouter } from "../modules/permissions/router";
import { superAdminRouter } from "../modules/super-admin/router";
import { tenantRouter } from "../modules/tenant/router";
import { userRouter } from "../modules/user/router";
import { warehouseRouter } from "../modules/warehouse/router";
import { router } from "./init";

export const appRouter = router({
  tenant: tenantRouter,
  onboarding: onboardingRouter,
  permissions: permissionsRouter,
  modules: modulesRouter,
  user: userRouter,
  superAdmin: superAdminRouter,
  warehouse: warehouseRouter,
});

export type AppRouter = typeof appRouter;
