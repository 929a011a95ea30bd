import { warehouseMovementRouter } from "../modules/inventory/router";
import { onboardingRouter } from "../modules/onboarding/router";
import { paymentMethodRouter } from "../modules/payment-method/router";
import { modulesRouter, permissionsRouter } from "../modules/permissions/router";
import { productRouter } from "../modules/product/router";
import { productCategoryRouter, productSubCategoryRouter } from "../modules/product-category/router";
import { productImportRouter } from "../modules/product-import/router";
import { providerRouter } from "../modules/provider/router";
import { recipeRouter } from "../modules/recipe/router";
import { superAdminRouter } from "../modules/super-admin/router";
import { tenantRouter } from "../modules/tenant/router";
import { unitOfMeasureRouter } from "../modules/unit-of-measure/router";
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
  paymentMethod: paymentMethodRouter,
  productCategory: productCategoryRouter,
  productSubCategory: productSubCategoryRouter,
  provider: providerRouter,
  unitOfMeasure: unitOfMeasureRouter,
  product: productRouter,
  productImport: productImportRouter,
  recipe: recipeRouter,
  warehouseMovement: warehouseMovementRouter,
});

export type AppRouter = typeof appRouter;
