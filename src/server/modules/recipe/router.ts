import { router } from "../../trpc/init";

/** recipe.* — built by the recipes work (see issue 3). */
export const recipeRouter = router({});
