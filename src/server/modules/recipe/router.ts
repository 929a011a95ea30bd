import { recipeByProductInput, recipeUpsertInput } from "../../../shared/catalog/recipe";
import { protectedProcedure, requirePermission, router } from "../../trpc/init";
import { getRecipeByProductId, upsertRecipe } from "./service";

/** recipe.*: reading needs products.view, saving products.update (spec 03 §7). */
export const recipeRouter = router({
  /** {productId} -> the recipe with its ingredients, or null. */
  getByProductId: protectedProcedure
    .use(requirePermission("products.view"))
    .input(recipeByProductInput)
    .query(({ ctx, input }) => getRecipeByProductId(ctx.tx, ctx.tenant.id, input.productId)),
  /** Creates or replaces the product's recipe; the server recomputes every cost. */
  upsert: protectedProcedure
    .use(requirePermission("products.update"))
    .input(recipeUpsertInput)
    .mutation(({ ctx, input }) => upsertRecipe(ctx.tx, ctx.tenant.id, input)),
});
