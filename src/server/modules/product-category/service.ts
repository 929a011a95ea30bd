import { and, asc, count, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type {
  categoryCreateInput,
  categoryListInput,
  categoryUpdateInput,
  setActiveInput,
  subcategoryCreateInput,
  subcategoryListInput,
  subcategoryUpdateInput,
} from "../../../shared/catalog/category";
import { likePattern } from "../../../shared/platform/pagination";
import type { Tx } from "../../db/client";
import { newId } from "../../ids";
import { appError, isUniqueViolation, notFound } from "../../trpc/errors";
import { productCategories, productSubcategories } from "./tables";

const categoryColumns = {
  id: productCategories.id,
  code: productCategories.code,
  name: productCategories.name,
  description: productCategories.description,
  isActive: productCategories.isActive,
  createdAt: productCategories.createdAt,
  updatedAt: productCategories.updatedAt,
};

const subcategoryColumns = {
  id: productSubcategories.id,
  categoryId: productSubcategories.categoryId,
  code: productSubcategories.code,
  name: productSubcategories.name,
  description: productSubcategories.description,
  isActive: productSubcategories.isActive,
  createdAt: productSubcategories.createdAt,
  updatedAt: productSubcategories.updatedAt,
};

export type CategoryRow = Awaited<ReturnType<typeof findCategories>>[number];
export type SubcategoryRow = Awaited<ReturnType<typeof getSubcategory>>;

/**
 * The tenant's categories by name, each with subcategoryCount: its active subcategories.
 * Inactive categories only with includeInactive.
 */
export async function findCategories(tx: Tx, tenantId: string, input: z.infer<typeof categoryListInput> = {}, onlyId?: string) {
  const search = input?.search?.trim();
  const where: SQL[] = [eq(productCategories.tenantId, tenantId)];
  if (!input?.includeInactive && !onlyId) where.push(eq(productCategories.isActive, true));
  if (onlyId) where.push(eq(productCategories.id, onlyId));
  if (search) where.push(or(ilike(productCategories.name, likePattern(search)), ilike(productCategories.code, likePattern(search)))!);
  const counts = tx
    .select({ categoryId: productSubcategories.categoryId, n: count().as("n") })
    .from(productSubcategories)
    .where(and(eq(productSubcategories.tenantId, tenantId), eq(productSubcategories.isActive, true)))
    .groupBy(productSubcategories.categoryId)
    .as("counts");
  return tx
    .select({ ...categoryColumns, subcategoryCount: sql<number>`coalesce(${counts.n}, 0)`.mapWith(Number) })
    .from(productCategories)
    .leftJoin(counts, eq(counts.categoryId, productCategories.id))
    .where(and(...where))
    .orderBy(asc(productCategories.name), asc(productCategories.code));
}

export async function getCategory(tx: Tx, tenantId: string, id: string) {
  const [row] = await findCategories(tx, tenantId, {}, id);
  if (!row) throw notFound();
  return row;
}

async function assertCategoryCodeFree(tx: Tx, tenantId: string, code: string, exceptId?: string) {
  const [other] = await tx
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(and(eq(productCategories.tenantId, tenantId), sql`upper(${productCategories.code}) = ${code.toUpperCase()}`))
    .limit(1);
  if (other && other.id !== exceptId) throw appError("CONFLICT", "categoryCodeTaken", { code });
}

export async function createCategory(tx: Tx, tenantId: string, input: z.infer<typeof categoryCreateInput>) {
  await assertCategoryCodeFree(tx, tenantId, input.code);
  const id = newId();
  try {
    await tx.insert(productCategories).values({ tenantId, id, code: input.code, name: input.name, description: input.description ?? null });
  } catch (e) {
    if (isUniqueViolation(e)) throw appError("CONFLICT", "categoryCodeTaken", { code: input.code });
    throw e;
  }
  return getCategory(tx, tenantId, id);
}

export async function updateCategory(tx: Tx, tenantId: string, input: z.infer<typeof categoryUpdateInput>) {
  await getCategory(tx, tenantId, input.id);
  if (input.code !== undefined) await assertCategoryCodeFree(tx, tenantId, input.code, input.id);
  const set: Partial<typeof productCategories.$inferInsert> = { updatedAt: new Date() };
  if (input.name !== undefined) set.name = input.name;
  if (input.code !== undefined) set.code = input.code;
  if (input.description !== undefined) set.description = input.description;
  try {
    await tx
      .update(productCategories)
      .set(set)
      .where(and(eq(productCategories.tenantId, tenantId), eq(productCategories.id, input.id)));
  } catch (e) {
    if (isUniqueViolation(e)) throw appError("CONFLICT", "categoryCodeTaken", { code: input.code });
    throw e;
  }
  return getCategory(tx, tenantId, input.id);
}

/** Categories are never deleted: deactivating hides them from pickers; products keep theirs. */
export async function setCategoryActive(tx: Tx, tenantId: string, input: z.infer<typeof setActiveInput>) {
  await getCategory(tx, tenantId, input.id);
  await tx
    .update(productCategories)
    .set({ isActive: input.isActive, updatedAt: new Date() })
    .where(and(eq(productCategories.tenantId, tenantId), eq(productCategories.id, input.id)));
  return getCategory(tx, tenantId, input.id);
}

export async function findSubcategories(tx: Tx, tenantId: string, input: z.infer<typeof subcategoryListInput>) {
  await getCategory(tx, tenantId, input.categoryId);
  return tx
    .select(subcategoryColumns)
    .from(productSubcategories)
    .where(
      and(
        eq(productSubcategories.tenantId, tenantId),
        eq(productSubcategories.categoryId, input.categoryId),
        input.includeInactive ? undefined : eq(productSubcategories.isActive, true),
      ),
    )
    .orderBy(asc(productSubcategories.name), asc(productSubcategories.code));
}

export async function getSubcategory(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select(subcategoryColumns)
    .from(productSubcategories)
    .where(and(eq(productSubcategories.tenantId, tenantId), eq(productSubcategories.id, id)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

async function assertSubcategoryCodeFree(tx: Tx, tenantId: string, categoryId: string, code: string, exceptId?: string) {
  const [other] = await tx
    .select({ id: productSubcategories.id })
    .from(productSubcategories)
    .where(
      and(
        eq(productSubcategories.tenantId, tenantId),
        eq(productSubcategories.categoryId, categoryId),
        sql`upper(${productSubcategories.code}) = ${code.toUpperCase()}`,
      ),
    )
    .limit(1);
  if (other && other.id !== exceptId) throw appError("CONFLICT", "subcategoryCodeTaken", { code });
}

export async function createSubcategory(tx: Tx, tenantId: string, input: z.infer<typeof subcategoryCreateInput>) {
  const category = await getCategory(tx, tenantId, input.categoryId);
  if (!category.isActive) throw appError("BAD_REQUEST", "categoryInactive");
  await assertSubcategoryCodeFree(tx, tenantId, input.categoryId, input.code);
  const id = newId();
  try {
    await tx
      .insert(productSubcategories)
      .values({ tenantId, id, categoryId: input.categoryId, code: input.code, name: input.name, description: input.description ?? null });
  } catch (e) {
    if (isUniqueViolation(e)) throw appError("CONFLICT", "subcategoryCodeTaken", { code: input.code });
    throw e;
  }
  return getSubcategory(tx, tenantId, id);
}

export async function updateSubcategory(tx: Tx, tenantId: string, input: z.infer<typeof subcategoryUpdateInput>) {
  const current = await getSubcategory(tx, tenantId, input.id);
  if (input.code !== undefined) await assertSubcategoryCodeFree(tx, tenantId, current.categoryId, input.code, input.id);
  const set: Partial<typeof productSubcategories.$inferInsert> = { updatedAt: new Date() };
  if (input.name !== undefined) set.name = input.name;
  if (input.code !== undefined) set.code = input.code;
  if (input.description !== undefined) set.description = input.description;
  try {
    await tx
      .update(productSubcategories)
      .set(set)
      .where(and(eq(productSubcategories.tenantId, tenantId), eq(productSubcategories.id, input.id)));
  } catch (e) {
    if (isUniqueViolation(e)) throw appError("CONFLICT", "subcategoryCodeTaken", { code: input.code });
    throw e;
  }
  return getSubcategory(tx, tenantId, input.id);
}

export async function setSubcategoryActive(tx: Tx, tenantId: string, input: z.infer<typeof setActiveInput>) {
  await getSubcategory(tx, tenantId, input.id);
  await tx
    .update(productSubcategories)
    .set({ isActive: input.isActive, updatedAt: new Date() })
    .where(and(eq(productSubcategories.tenantId, tenantId), eq(productSubcategories.id, input.id)));
  return getSubcategory(tx, tenantId, input.id);
}
