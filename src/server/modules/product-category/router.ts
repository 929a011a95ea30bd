import {
  categoryCreateInput,
  categoryListInput,
  categoryUpdateInput,
  setActiveInput,
  subcategoryCreateInput,
  subcategoryListInput,
  subcategoryUpdateInput,
} from "../../../shared/catalog/category";
import { protectedProcedure, requirePermission, router } from "../../trpc/init";
import {
  createCategory,
  createSubcategory,
  findCategories,
  findSubcategories,
  setCategoryActive,
  setSubcategoryActive,
  updateCategory,
  updateSubcategory,
} from "./service";

/** productCategory.*: categories of products (settings and the product form). Never deleted, only deactivated. */
export const productCategoryRouter = router({
  /** Active categories by name ({search, includeInactive} optional), each with subcategoryCount. */
  getAll: protectedProcedure
    .use(requirePermission("product_categories.view"))
    .input(categoryListInput)
    .query(({ ctx, input }) => findCategories(ctx.tx, ctx.tenant.id, input)),
  create: protectedProcedure
    .use(requirePermission("product_categories.create"))
    .input(categoryCreateInput)
    .mutation(({ ctx, input }) => createCategory(ctx.tx, ctx.tenant.id, input)),
  update: protectedProcedure
    .use(requirePermission("product_categories.update"))
    .input(categoryUpdateInput)
    .mutation(({ ctx, input }) => updateCategory(ctx.tx, ctx.tenant.id, input)),
  /** Deactivate (the spec's delete) or reactivate. */
  setActive: protectedProcedure
    .use(requirePermission("product_categories.delete"))
    .input(setActiveInput)
    .mutation(({ ctx, input }) => setCategoryActive(ctx.tx, ctx.tenant.id, input)),
});

/** productSubCategory.*: subcategories of one category; code unique within the category. */
export const productSubCategoryRouter = router({
  getAll: protectedProcedure
    .use(requirePermission("product_categories.view"))
    .input(subcategoryListInput)
    .query(({ ctx, input }) => findSubcategories(ctx.tx, ctx.tenant.id, input)),
  create: protectedProcedure
    .use(requirePermission("product_categories.create"))
    .input(subcategoryCreateInput)
    .mutation(({ ctx, input }) => createSubcategory(ctx.tx, ctx.tenant.id, input)),
  update: protectedProcedure
    .use(requirePermission("product_categories.update"))
    .input(subcategoryUpdateInput)
    .mutation(({ ctx, input }) => updateSubcategory(ctx.tx, ctx.tenant.id, input)),
  setActive: protectedProcedure
    .use(requirePermission("product_categories.delete"))
    .input(setActiveInput)
    .mutation(({ ctx, input }) => setSubcategoryActive(ctx.tx, ctx.tenant.id, input)),
});
