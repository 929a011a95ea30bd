import { z } from "zod";

/**
 * Product categories and subcategories: zod schemas shared by productCategory.* /
 * productSubCategory.* and the settings and quick-create forms. Messages are i18n keys.
 */

/** A code: trimmed, upper-cased, required, at most 50 characters. */
export const catalogCode = z
  .string({ error: "errors:codeRequired" })
  .trim()
  .min(1, "errors:codeRequired")
  .max(50, "errors:codeTooLong")
  .transform((v) => v.toUpperCase());

/** A name: trimmed, required, at most 100 characters. */
export const catalogName = z.string({ error: "errors:nameRequired" }).trim().min(1, "errors:nameRequired").max(100, "errors:nameTooLong");

/** Optional text; empty becomes null. */
export const catalogDescription = z
  .string()
  .trim()
  .max(500, "errors:descriptionTooLong")
  .nullish()
  .transform((v) => (v ? v : null));

const id = z.string({ error: "errors:invalidId" }).uuid("errors:invalidId");

export const categoryListInput = z
  .object({
    search: z.string().trim().max(100).optional(),
    includeInactive: z.boolean().optional(),
  })
  .optional();

export const categoryCreateInput = z.object({
  name: catalogName,
  code: catalogCode,
  description: catalogDescription.optional(),
});
export type CategoryCreateInput = z.input<typeof categoryCreateInput>;

export const categoryUpdateInput = z.object({
  id,
  name: catalogName.optional(),
  code: catalogCode.optional(),
  description: catalogDescription.optional(),
});

export const setActiveInput = z.object({ id, isActive: z.boolean() });

export const subcategoryListInput = z.object({
  categoryId: z.string({ error: "errors:categoryRequired" }).uuid("errors:categoryRequired"),
  includeInactive: z.boolean().optional(),
});

export const subcategoryCreateInput = z.object({
  name: catalogName,
  code: catalogCode,
  description: catalogDescription.optional(),
  categoryId: z.string({ error: "errors:categoryRequired" }).uuid("errors:categoryRequired"),
});
export type SubcategoryCreateInput = z.input<typeof subcategoryCreateInput>;

export const subcategoryUpdateInput = z.object({
  id,
  name: catalogName.optional(),
  code: catalogCode.optional(),
  description: catalogDescription.optional(),
});

/** The form of a category or subcategory (create and edit). */
export const categoryFormSchema = z.object({ name: catalogName, code: catalogCode, description: catalogDescription.optional() });
