import { router } from "../../trpc/init";

/** productCategory.* and productSubCategory.* — built by the categories work (see issue 3). */
export const productCategoryRouter = router({});
export const productSubCategoryRouter = router({});
