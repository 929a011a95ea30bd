import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lt, lte, ne, or, type SQL, sql } from "drizzle-orm";
import { likePattern, offsetOf, pageOf } from "../../../shared/platform/pagination";
import type { EnginePromotion } from "../../../shared/promotions/engine";
import type { PromotionInput, PromotionListInput, PromotionUpdateInput } from "../../../shared/promotions/schemas";
import { M } from "../../../shared/promotions/schemas";
import { rowsOf, type Tx } from "../../db/client";
import { newId } from "../../ids";
import { appError, isUniqueViolation, notFound } from "../../trpc/errors";
import { products } from "../product/tables";
import { productCategories } from "../product-category/tables";
import { promotionCategories, promotionProducts, promotions } from "./tables";

const columns = {
  id: promotions.id,
  name: promotions.name,
  code: promotions.code,
  type: promotions.type,
  discount: promotions.discount,
  param1: promotions.param1,
  param2: promotions.param2,
  startDate: promotions.startDate,
  endDate: promotions.endDate,
  isActive: promotions.isActive,
  stackable: promotions.stackable,
  createdAt: promotions.createdAt,
  updatedAt: promotions.updatedAt,
};

/** BAD_REQUEST 'A promotion with the code … already exists'. */
const codeTaken = (code: string) => appError("BAD_REQUEST", M.codeTaken, { code });

const productCount = sql<number>`(select count(*)::int from ${promotionProducts} pp where pp.tenant_id = "promotions"."tenant_id" and pp.promotion_id = "promotions"."id")`;
const categoryCount = sql<number>`(select count(*)::int from ${promotionCategories} pc where pc.tenant_id = "promotions"."tenant_id" and pc.promotion_id = "promotions"."id")`;

/** The list: newest start first; search on name and code; filters type, active and period (on the business date `today`). */
export async function findPromotions(tx: Tx, tenantId: string, input: PromotionListInput, today: string) {
  const filters: (SQL | undefined)[] = [eq(promotions.tenantId, tenantId)];
  if (input.search) {
    const pattern = likePattern(input.search);
    filters.push(or(ilike(promotions.name, pattern), ilike(promotions.code, pattern)));
  }
  if (input.type) filters.push(eq(promotions.type, input.type));
  if (input.isActive !== undefined) filters.push(eq(promotions.isActive, input.isActive));
  if (input.period === "current") filters.push(lte(promotions.startDate, today), gte(promotions.endDate, today));
  if (input.period === "upcoming") filters.push(gt(promotions.startDate, today));
  if (input.period === "expired") filters.push(lt(promotions.endDate, today));
  const where = and(...filters);
  const [total] = await tx.select({ n: count() }).from(promotions).where(where);
  const rows = await tx
    .select({ ...columns, productCount, categoryCount })
    .from(promotions)
    .where(where)
    .orderBy(desc(promotions.startDate), asc(sql`lower(${promotions.name})`), asc(promotions.id))
    .limit(input.pageSize)
    .offset(offsetOf(input.page, input.pageSize));
  return pageOf(rows, total?.n ?? 0, input.page, input.pageSize);
}

/** One promotion with the products and categories it names (for the form's chips). */
export async function getPromotion(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select(columns)
    .from(promotions)
    .where(and(eq(promotions.tenantId, tenantId), eq(promotions.id, id)))
    .limit(1);
  if (!row) throw notFound();
  const productRows = await tx
    .select({ id: products.id, name: products.name, sku: products.sku })
    .from(promotionProducts)
    .innerJoin(products, and(eq(products.tenantId, promotionProducts.tenantId), eq(products.id, promotionProducts.productId)))
    .where(and(eq(promotionProducts.tenantId, tenantId), eq(promotionProducts.promotionId, id)))
    .orderBy(asc(sql`lower(${products.name})`));
  const categoryRows = await tx
    .select({ id: productCategories.id, name: productCategories.name })
    .from(promotionCategories)
    .innerJoin(productCategories, and(eq(productCategories.tenantId, promotionCategories.tenantId), eq(productCategories.id, promotionCategories.categoryId)))
    .where(and(eq(promotionCategories.tenantId, tenantId), eq(promotionCategories.promotionId, id)))
    .orderBy(asc(sql`lower(${productCategories.name})`));
  return { ...row, productIds: productRows.map((p) => p.id), categoryIds: categoryRows.map((c) => c.id), products: productRows, categories: categoryRows };
}

/** Codes are unique per tenant, compared without regard to case. */
async function assertCodeFree(tx: Tx, tenantId: string, code: string, exceptId?: string) {
  const [clash] = await tx
    .select({ id: promotions.id })
    .from(promotions)
    .where(and(eq(promotions.tenantId, tenantId), sql`lower(${promotions.code}) = lower(${code})`, exceptId ? ne(promotions.id, exceptId) : undefined))
    .limit(1);
  if (clash) throw codeTaken(code);
}

/** Every product and category named must be this tenant's (another tenant's id is NOT_FOUND). */
async function assertOwnItems(tx: Tx, tenantId: string, input: Pick<PromotionInput, "productIds" | "categoryIds">) {
  if (input.productIds.length > 0) {
    const [found] = await tx
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.tenantId, tenantId), inArray(products.id, input.productIds)));
    if ((found?.n ?? 0) !== input.productIds.length) throw notFound();
  }
  if (input.categoryIds.length > 0) {
    const [found] = await tx
      .select({ n: count() })
      .from(productCategories)
      .where(and(eq(productCategories.tenantId, tenantId), inArray(productCategories.id, input.categoryIds)));
    if ((found?.n ?? 0) !== input.categoryIds.length) throw notFound();
  }
}

/** Replaces the promotion's products and categories with the input's. */
async function replaceItems(tx: Tx, tenantId: string, promotionId: string, input: Pick<PromotionInput, "productIds" | "categoryIds">) {
  await tx.delete(promotionProducts).where(and(eq(promotionProducts.tenantId, tenantId), eq(promotionProducts.promotionId, promotionId)));
  await tx.delete(promotionCategories).where(and(eq(promotionCategories.tenantId, tenantId), eq(promotionCategories.promotionId, promotionId)));
  if (input.productIds.length > 0) await tx.insert(promotionProducts).values(input.productIds.map((productId) => ({ tenantId, id: newId(), promotionId, productId })));
  if (input.categoryIds.length > 0) await tx.insert(promotionCategories).values(input.categoryIds.map((categoryId) => ({ tenantId, id: newId(), promotionId, categoryId })));
}

function valuesOf(input: PromotionInput) {
  return {
    name: input.name,
    code: input.code,
    type: input.type,
    discount: input.discount,
    param1: input.param1,
    param2: input.param2,
    startDate: input.startDate,
    endDate: input.endDate,
    isActive: input.isActive,
    stackable: input.stackable,
  };
}

/** Start not before today (the business date) on create. */
export async function createPromotion(tx: Tx, tenantId: string, userId: string, input: PromotionInput, today: string) {
  if (input.startDate < today) throw appError("BAD_REQUEST", M.startBeforeToday);
  await assertCodeFree(tx, tenantId, input.code);
  await assertOwnItems(tx, tenantId, input);
  const id = newId();
  try {
    await tx.insert(promotions).values({ ...valuesOf(input), tenantId, id, createdBy: userId });
  } catch (e) {
    if (isUniqueViolation(e)) throw codeTaken(input.code);
    throw e;
  }
  await replaceItems(tx, tenantId, id, input);
  return getPromotion(tx, tenantId, id);
}

/**
 * Replaces every field. A promotion that already started keeps its start date: the start may stay
 * in the past when it is not changed, but a changed start is not before today.
 */
export async function updatePromotion(tx: Tx, tenantId: string, input: PromotionUpdateInput, today: string) {
  const current = await getPromotion(tx, tenantId, input.id);
  if (input.startDate !== current.startDate && input.startDate < today) throw appError("BAD_REQUEST", M.startBeforeToday);
  await assertCodeFree(tx, tenantId, input.code, input.id);
  await assertOwnItems(tx, tenantId, input);
  try {
    await tx
      .update(promotions)
      .set({ ...valuesOf(input), updatedAt: new Date() })
      .where(and(eq(promotions.tenantId, tenantId), eq(promotions.id, input.id)));
  } catch (e) {
    if (isUniqueViolation(e)) throw codeTaken(input.code);
    throw e;
  }
  await replaceItems(tx, tenantId, input.id, input);
  return getPromotion(tx, tenantId, input.id);
}

/** Promotions are never deleted: they are switched off (and on again). */
export async function setPromotionActive(tx: Tx, tenantId: string, input: { id: string; isActive: boolean }) {
  await getPromotion(tx, tenantId, input.id);
  await tx
    .update(promotions)
    .set({ isActive: input.isActive, updatedAt: new Date() })
    .where(and(eq(promotions.tenantId, tenantId), eq(promotions.id, input.id)));
  return getPromotion(tx, tenantId, input.id);
}

type PromotionRow = {
  id: string;
  name: string;
  type: EnginePromotion["type"];
  discount: string;
  param1: number | null;
  param2: number | null;
  start_date: string;
  end_date: string;
  stackable: boolean;
};

const promotionColumns = sql`p.id, p.name, p.type, p.discount::text AS discount, p.param1, p.param2, p.start_date::text AS start_date, p.end_date::text AS end_date, p.stackable`;

function enginePromotion(r: PromotionRow, productIds: string[], categoryIds: string[]): EnginePromotion {
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    discount: r.discount,
    param1: r.param1,
    param2: r.param2,
    startDate: r.start_date,
    endDate: r.end_date,
    isActive: true,
    stackable: r.stackable,
    productIds,
    categoryIds,
  };
}

/**
 * The promotions the engine considers on a business date: active and in force that day, each with
 * the products and categories it names, in one query (promotion.active: the cart on screen).
 */
export async function activePromotions(tx: Tx, tenantId: string, today: string): Promise<EnginePromotion[]> {
  const rows = rowsOf<PromotionRow & { product_ids: string[] | null; category_ids: string[] | null }>(
    await tx.execute(sql`
      SELECT ${promotionColumns},
        (SELECT array_agg(pp.product_id) FROM ${promotionProducts} pp WHERE pp.tenant_id = p.tenant_id AND pp.promotion_id = p.id) AS product_ids,
        (SELECT array_agg(pc.category_id) FROM ${promotionCategories} pc WHERE pc.tenant_id = p.tenant_id AND pc.promotion_id = p.id) AS category_ids
      FROM ${promotions} p
      WHERE p.tenant_id = ${tenantId} AND p.is_active AND p.start_date <= ${today}::date AND p.end_date >= ${today}::date
      ORDER BY p.id`),
  );
  return rows.map((r) => enginePromotion(r, pgArray(r.product_ids), pgArray(r.category_ids)));
}

/**
 * The promotions in force that a cart's products can get (pos.validateCart, pos.checkout): one
 * flat query over the promotion-by-product and by-category indexes, one row per link to a product
 * of the cart or to one of their categories. Each promotion names only those (all the engine
 * needs: it prices these lines and no others). The links are gathered and grouped first
 * (materialized CTEs) and the promotions are then read by key, so the plan does not hinge on
 * statistics.
 */
export async function cartPromotions(tx: Tx, tenantId: string, today: string, productIds: readonly string[]): Promise<EnginePromotion[]> {
  if (productIds.length === 0) return [];
  const ids = `{${[...new Set(productIds)].join(",")}}`;
  const rows = rowsOf<PromotionRow & { product_ids: string[] | null; category_ids: string[] | null }>(
    await tx.execute(sql`
      WITH l AS MATERIALIZED (
        SELECT pp.promotion_id, pp.product_id, NULL::uuid AS category_id FROM ${promotionProducts} pp
        WHERE pp.tenant_id = ${tenantId} AND pp.product_id = ANY(${ids}::uuid[])
        UNION ALL
        SELECT pc.promotion_id, NULL::uuid, pc.category_id FROM ${promotionCategories} pc
        WHERE pc.tenant_id = ${tenantId} AND pc.category_id IN (SELECT pr.category_id FROM ${products} pr WHERE pr.tenant_id = ${tenantId} AND pr.id = ANY(${ids}::uuid[]))
      ), g AS MATERIALIZED (
        SELECT l.promotion_id, array_agg(l.product_id) FILTER (WHERE l.product_id IS NOT NULL) AS product_ids,
          array_agg(l.category_id) FILTER (WHERE l.category_id IS NOT NULL) AS category_ids
        FROM l GROUP BY l.promotion_id
      )
      SELECT ${promotionColumns}, g.product_ids, g.category_ids
      FROM ${promotions} p JOIN g ON g.promotion_id = p.id
      WHERE p.tenant_id = ${tenantId} AND p.id = ANY(ARRAY(SELECT g.promotion_id FROM g))
        AND p.is_active AND p.start_date <= ${today}::date AND p.end_date >= ${today}::date
      ORDER BY p.id`),
  );
  return rows.map((r) => enginePromotion(r, pgArray(r.product_ids), pgArray(r.category_ids)));
}

/** A uuid[] as the driver gives it: an array (node-postgres, PGlite) or its text form. */
function pgArray(v: string[] | string | null): string[] {
  if (!v) return [];
  if (Array.isArray(v)) return v;
  return v.replace(/^\{|\}$/g, "").split(",").filter(Boolean);
}
