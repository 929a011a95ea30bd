import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { toBig } from "../../../shared/catalog/decimal";
import type { ProductCreateInput, ProductUpdateInput, productListInput } from "../../../shared/catalog/product";
import { likePattern, offsetOf, pageOf, searchCountLimit, searchKey, searchPageOf, searchTotal } from "../../../shared/platform/pagination";
import { rowsOf, type Tx } from "../../db/client";
import { newId } from "../../ids";
import { appError, isForeignKeyViolation, isUniqueViolation, notFound } from "../../trpc/errors";
import { applyStockChanges, createStockRows } from "../inventory/stock";
import { productStock, stockLedger } from "../inventory/tables";
import { paymentMethods } from "../payment-method/tables";
import { productCategories, productSubcategories } from "../product-category/tables";
import { providers } from "../provider/tables";
import { warehouses } from "../warehouse/tables";
import { productAlternativeCodes, productMaxDiscounts, products } from "./tables";


/** Maps constraint failures of a product write to the answers the caller understands. */
async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (isUniqueViolation(e)) throw appError("CONFLICT", "skuTaken");
    // A composite foreign key (tenant_id, id) fails for an id of another tenant or none at all.
    if (isForeignKeyViolation(e)) throw notFound();
    throw e;
  }
}

const listColumns = {
  id: products.id,
  name: products.name,
  productType: products.productType,
  sku: products.sku,
  barcode: products.barcode,
  price: products.price,
  price2: products.price2,
  price3: products.price3,
  variablePrice: products.variablePrice,
  costPrice: products.costPrice,
  imageUrl: products.imageUrl,
  isTaxable: products.isTaxable,
  priceIncludesTax: products.priceIncludesTax,
  taxPercent: products.taxPercent,
  isScheduleable: products.isScheduleable,
  defaultDuration: products.defaultDuration,
  commissionType: products.commissionType,
  commissionValue: products.commissionValue,
  unitOfMeasure: products.unitOfMeasure,
  isRecipeItem: products.isRecipeItem,
  hasRecipe: products.hasRecipe,
  availableForPos: products.availableForPos,
  isFavorite: products.isFavorite,
  isActive: products.isActive,
  deletedAt: products.deletedAt,
  categoryId: products.categoryId,
};

/** Each listed product's stock: the sum over its warehouses ("0" when it has none). */
const stockOfProduct = sql<string>`(select coalesce(sum(s.current_quantity), 0)::text from ${productStock} s where s.tenant_id = ${products.tenantId} and s.product_id = ${products.id})`;

/**
 * The list's rows for the ids a page function answers (enzzo_product_find or enzzo_product_page:
 * definer functions, see migrations 0007 and 0023), in its order, with their category name, stock
 * and the function's count: one statement, read under RLS.
 */
function listRows(tx: Tx, tenantId: string, page: SQL) {
  return tx
    .select({ ...listColumns, categoryName: productCategories.name, stock: stockOfProduct, total: sql<number>`f.total::int` })
    .from(products)
    .innerJoin(sql`${page} with ordinality as f(id, total, ord)`, sql`f.id = ${products.id}`)
    .leftJoin(productCategories, and(eq(productCategories.tenantId, products.tenantId), eq(productCategories.id, products.categoryId)))
    .where(eq(products.tenantId, tenantId))
    .orderBy(sql`f.ord`);
}

/** The count a page function answers with its rows, for a page past the last one (no rows to carry it). */
async function countOf(tx: Tx, page: SQL): Promise<number> {
  const [row] = rowsOf<{ total: number }>(await tx.execute(sql`select total::int as total from ${page} limit 1`));
  return row?.total ?? 0;
}

/**
 * enzzo_product_find (migration 0023): the ids of a search page, names starting with the text
 * first, then the products containing it, each in folded-text order; with the matches counted up
 * to countLimit.
 */
function foundPage(search: string, filters: Record<string, unknown>, limit: number, offset: number, countLimit: number): SQL {
  return sql`enzzo_product_find(${searchKey(search)}::text, ${JSON.stringify(filters)}::jsonb, ${limit}::int, ${offset}::int, ${countLimit}::int)`;
}

/** product.getAll's filters as the page functions read them (jsonb). */
function listFilters(input: z.infer<typeof productListInput>): Record<string, unknown> {
  const filters: Record<string, unknown> = { showDeleted: input.showDeleted, favoritesOnly: input.favoritesOnly };
  if (input.productType) filters.productType = input.productType;
  if (input.isScheduleable !== undefined) filters.isScheduleable = input.isScheduleable;
  if (input.categoryId) filters.categoryId = input.categoryId;
  return filters;
}

/** The page function of a list page: enzzo_product_find for a search, enzzo_product_page when browsing. */
function listPage(input: z.infer<typeof productListInput>, limit: number, offset: number): SQL {
  const filters = listFilters(input);
  return input.search
    ? foundPage(input.search, filters, limit, offset, searchCountLimit(input.page, input.pageSize))
    : sql`enzzo_product_page(null::text, ${JSON.stringify(filters)}::jsonb, ${limit}::int, ${offset}::int)`;
}

/** The one statement of a product.getAll page (bench/catalog.ts replays it as the SQL floor). */
export function productListStatement(tx: Tx, tenantId: string, input: z.infer<typeof productListInput>) {
  return listRows(tx, tenantId, listPage(input, input.pageSize, offsetOf(input.page, input.pageSize)));
}

/**
 * product.getAll. A search (name, SKU, keywords or barcode containing the text, accents and case
 * folded) lists names starting with it first and counts only up to 50 or the end of the page
 * ('más de 50'); browsing lists by name and counts up to 10,000.
 */
export async function findProducts(tx: Tx, tenantId: string, input: z.infer<typeof productListInput>) {
  const rows = await productListStatement(tx, tenantId, input);
  // Past the last page the page is empty: ask once more for the count alone (enzzo_product_find
  // answers it as a row without an id; enzzo_product_page with the first row).
  const countPage = input.search ? listPage(input, input.pageSize, offsetOf(input.page, input.pageSize)) : listPage(input, 1, 0);
  const total = rows[0]?.total ?? (input.page > 1 ? await countOf(tx, countPage) : 0);
  const data = rows.map(({ total: _count, ...row }) => row);
  return input.search ? searchPageOf(data, total, input.page, input.pageSize) : pageOf(data, total, input.page, input.pageSize);
}

/**
 * The exact code lookup of the POS (a scan): active products whose barcode or SKU is the text, and
 * those of a provider's alternative code with that barcode or SKU. One prepared statement: the
 * products' barcode and SKU indexes and the alternative codes' ones, joined to the rows (bench/catalog.ts
 * replays it as the SQL floor).
 */
export function exactCodeStatement(tx: Tx, tenantId: string, code: string, limit: number) {
  const direct = sql<boolean>`(${products.sku} = ${code} or coalesce(${products.barcode} = ${code}, false))`;
  return tx
    .select({
      ...listColumns,
      direct,
      alternate: {
        id: productAlternativeCodes.id,
        productId: productAlternativeCodes.productId,
        sku: productAlternativeCodes.sku,
        barcode: productAlternativeCodes.barcode,
        description: productAlternativeCodes.description,
        providerId: productAlternativeCodes.providerId,
      },
    })
    .from(products)
    .leftJoin(
      productAlternativeCodes,
      and(
        eq(productAlternativeCodes.tenantId, products.tenantId),
        eq(productAlternativeCodes.productId, products.id),
        or(eq(productAlternativeCodes.barcode, code), eq(productAlternativeCodes.sku, code)),
      ),
    )
    .where(
      and(
        eq(products.tenantId, tenantId),
        isNull(products.deletedAt),
        eq(products.isActive, true),
        inArray(
          products.id,
          // One equality per index (a branch each, whatever the planner knows of the tables).
          sql`(select p.id from ${products} p where p.tenant_id = ${tenantId} and p.barcode = ${code}
            union all select p.id from ${products} p where p.tenant_id = ${tenantId} and p.sku = ${code}
            union all select a.product_id from ${productAlternativeCodes} a where a.tenant_id = ${tenantId} and a.barcode = ${code}
            union all select a.product_id from ${productAlternativeCodes} a where a.tenant_id = ${tenantId} and a.sku = ${code})`,
        ),
      ),
    )
    .orderBy(desc(direct), asc(products.name), asc(products.id), asc(productAlternativeCodes.id))
    .limit(limit);
}

/** A scan's answer from exactCodeStatement: the products with that barcode or SKU, else the product of that provider code. */
async function byExactCode(tx: Tx, tenantId: string, code: string, limit: number) {
  const rows = await exactCodeStatement(tx, tenantId, code, limit);
  const strip = ({ direct: _direct, alternate: _alternate, ...row }: (typeof rows)[number]) => row;
  const hits = rows.filter((r) => r.direct);
  if (hits.length > 0) {
    const seen = new Set<string>();
    const data = hits.filter((r) => !seen.has(r.id) && seen.add(r.id)).slice(0, limit).map(strip);
    return { data, alternateCode: null };
  }
  // The POS records which supplier code was scanned (alternateCodeUsages on the sale line).
  const viaCode = rows.find((r) => r.alternate);
  return viaCode ? { data: [strip(viaCode)], alternateCode: viaCode.alternate } : null;
}

/**
 * POS lookup: an exact barcode or SKU (also a provider's alternative code) answers at once, in one
 * statement; otherwise active products whose name, SKU, keywords or barcode contain the text, names
 * starting with it first (enzzo_product_find), with the matches counted up to 50 ('más de 50').
 */
export async function searchProducts(tx: Tx, tenantId: string, search: string, limit = 20) {
  const exact = await byExactCode(tx, tenantId, search, limit);
  if (exact) return { ...exact, exactMatch: true, total: exact.data.length, capped: false };
  const countLimit = searchCountLimit(1, limit);
  const rows = await tx
    .select({ ...listColumns, total: sql<number>`f.total::int` })
    .from(products)
    .innerJoin(sql`${foundPage(search, { onlyActive: true }, limit, 0, countLimit)} with ordinality as f(id, total, ord)`, sql`f.id = ${products.id}`)
    .where(eq(products.tenantId, tenantId))
    .orderBy(sql`f.ord`);
  const data = rows.map(({ total: _count, ...row }) => row);
  return { data, exactMatch: false, alternateCode: null, ...searchTotal(rows[0]?.total ?? 0, countLimit) };
}

/** What recipe costing needs of an ingredient product. */
export const ingredientColumns = {
  id: products.id,
  name: products.name,
  sku: products.sku,
  costPrice: products.costPrice,
  costPerUnitQuantity: products.costPerUnitQuantity,
  costPerUnitId: products.costPerUnitId,
  unitOfMeasure: products.unitOfMeasure,
};

/** Products marked as recipe ingredients (the recipe ingredient selector). */
export async function findIngredients(tx: Tx, tenantId: string, search: string, limit: number) {
  const data = await tx
    .select(ingredientColumns)
    .from(products)
    .where(and(eq(products.tenantId, tenantId), isNull(products.deletedAt), eq(products.isRecipeItem, true), search ? ilike(products.name, likePattern(search)) : undefined))
    .orderBy(asc(products.name))
    .limit(limit);
  return { data };
}

export async function getProduct(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select({
      product: products,
      categoryName: productCategories.name,
      subcategoryName: productSubcategories.name,
      providerName: providers.name,
    })
    .from(products)
    .leftJoin(productCategories, and(eq(productCategories.tenantId, products.tenantId), eq(productCategories.id, products.categoryId)))
    .leftJoin(productSubcategories, and(eq(productSubcategories.tenantId, products.tenantId), eq(productSubcategories.id, products.subcategoryId)))
    .leftJoin(providers, and(eq(providers.tenantId, products.tenantId), eq(providers.id, products.providerId)))
    .where(and(eq(products.tenantId, tenantId), eq(products.id, id)))
    .limit(1);
  if (!row) throw notFound();
  const [warehouseQuantities, alternativeCodes, maxDiscounts] = await Promise.all([
    tx
      .select({
        id: productStock.id,
        warehouseId: productStock.warehouseId,
        warehouseName: warehouses.name,
        initialQuantity: productStock.initialQuantity,
        currentQuantity: productStock.currentQuantity,
        minStock: productStock.minStock,
        maxStock: productStock.maxStock,
      })
      .from(productStock)
      .innerJoin(warehouses, and(eq(warehouses.tenantId, productStock.tenantId), eq(warehouses.id, productStock.warehouseId)))
      .where(and(eq(productStock.tenantId, tenantId), eq(productStock.productId, id)))
      .orderBy(asc(warehouses.order), asc(warehouses.name)),
    tx
      .select({
        id: productAlternativeCodes.id,
        providerId: productAlternativeCodes.providerId,
        providerName: providers.name,
        sku: productAlternativeCodes.sku,
        barcode: productAlternativeCodes.barcode,
        description: productAlternativeCodes.description,
      })
      .from(productAlternativeCodes)
      .leftJoin(providers, and(eq(providers.tenantId, productAlternativeCodes.tenantId), eq(providers.id, productAlternativeCodes.providerId)))
      .where(and(eq(productAlternativeCodes.tenantId, tenantId), eq(productAlternativeCodes.productId, id))),
    productMaxDiscountRows(tx, tenantId, id),
  ]);
  const p = row.product;
  return {
    ...p,
    subCategoryId: p.subcategoryId,
    requiresOTP: p.requiresOtp,
    categoryName: row.categoryName,
    subcategoryName: row.subcategoryName,
    providerName: row.providerName,
    warehouseQuantities,
    alternativeCodes,
    maxDiscounts,
  };
}

/** Every maximum discount of one product (the product form's table). */
function productMaxDiscountRows(tx: Tx, tenantId: string, productId: string) {
  return tx
    .select({
      id: productMaxDiscounts.id,
      paymentMethodId: productMaxDiscounts.paymentMethodId,
      paymentMethodName: paymentMethods.name,
      paymentMethodCode: paymentMethods.code,
      isFullPayment: productMaxDiscounts.isFullPayment,
      maxDiscountPercent: productMaxDiscounts.maxDiscountPercent,
    })
    .from(productMaxDiscounts)
    .innerJoin(paymentMethods, and(eq(paymentMethods.tenantId, productMaxDiscounts.tenantId), eq(paymentMethods.id, productMaxDiscounts.paymentMethodId)))
    .where(and(eq(productMaxDiscounts.tenantId, tenantId), eq(productMaxDiscounts.productId, productId)));
}

/**
 * product.getMaxDiscounts: for each product, its maximum discount per chosen payment method —
 * the full-payment limit when exactly one method pays the whole sale, else the split limit.
 */
export async function findMaxDiscounts(tx: Tx, tenantId: string, input: { productIds: string[]; paymentMethodIds: string[]; isFullPayment: boolean }) {
  const result: Record<string, { id: string; paymentMethodId: string; paymentMethodName: string; maxDiscountPercent: string }[]> = {};
  for (const id of input.productIds) result[id] = [];
  if (input.productIds.length === 0) return result;
  const rows = await tx
    .select({
      id: productMaxDiscounts.id,
      productId: productMaxDiscounts.productId,
      paymentMethodId: productMaxDiscounts.paymentMethodId,
      paymentMethodName: paymentMethods.name,
      maxDiscountPercent: productMaxDiscounts.maxDiscountPercent,
    })
    .from(productMaxDiscounts)
    .innerJoin(paymentMethods, and(eq(paymentMethods.tenantId, productMaxDiscounts.tenantId), eq(paymentMethods.id, productMaxDiscounts.paymentMethodId)))
    .where(
      and(
        eq(productMaxDiscounts.tenantId, tenantId),
        inArray(productMaxDiscounts.productId, input.productIds),
        eq(productMaxDiscounts.isFullPayment, input.isFullPayment),
        input.paymentMethodIds.length > 0 ? inArray(productMaxDiscounts.paymentMethodId, input.paymentMethodIds) : undefined,
      ),
    );
  for (const { productId, ...entry } of rows) result[productId]?.push(entry);
  return result;
}

type ProductInput = ProductCreateInput | ProductUpdateInput;

/** The columns of the product row from the spec's camelCase payload. */
function rowValues(input: ProductInput) {
  const variable = input.variablePrice;
  return {
    name: input.name,
    productType: input.productType,
    sku: input.sku,
    barcode: input.barcode,
    description: input.description,
    keywords: input.keywords,
    // Variable price clears the price fields.
    price: variable ? "0" : input.price || "0",
    price2: variable ? "0" : input.price2 || "0",
    price3: variable ? "0" : input.price3 || "0",
    variablePrice: variable,
    costPrice: input.costPrice,
    costPerUnitQuantity: input.costPerUnitQuantity,
    costPerUnitId: input.costPerUnitId,
    categoryId: input.categoryId,
    subcategoryId: input.categoryId ? input.subCategoryId : null,
    providerId: input.providerId,
    imageUrl: input.imageUrl,
    isTaxable: input.isTaxable,
    priceIncludesTax: input.priceIncludesTax,
    taxPercent: input.isTaxable ? input.taxPercent : null,
    isScheduleable: input.isScheduleable,
    defaultDuration: input.defaultDuration ?? null,
    bufferTime: input.bufferTime ?? null,
    maxAdvanceBookingDays: input.maxAdvanceBookingDays ?? null,
    minAdvanceBookingHours: input.minAdvanceBookingHours ?? null,
    requiresOtp: input.requiresOTP,
    otpExpiration: input.otpExpiration,
    eligibleForRewards: input.eligibleForRewards,
    paysCommission: input.paysCommission,
    commissionType: input.commissionType,
    commissionValue: input.paysCommission ? input.commissionValue : "0",
    availableForPos: input.availableForPos,
    unitOfMeasure: input.unitOfMeasure,
    isRecipeItem: input.isRecipeItem,
    hasRecipe: input.hasRecipe,
    recipeYieldQuantity: input.recipeYieldQuantity,
  };
}

async function assertSubcategory(tx: Tx, tenantId: string, input: ProductInput) {
  if (!input.categoryId || !input.subCategoryId) return;
  const [sub] = await tx
    .select({ categoryId: productSubcategories.categoryId })
    .from(productSubcategories)
    .where(and(eq(productSubcategories.tenantId, tenantId), eq(productSubcategories.id, input.subCategoryId)));
  if (!sub) throw notFound();
  if (sub.categoryId !== input.categoryId) throw appError("BAD_REQUEST", "subcategoryMismatch");
}

async function writeChildren(tx: Tx, tenantId: string, productId: string, input: ProductInput, userId: string | null) {
  // Alternative codes and max discounts are settings of the product: the payload is the new set.
  await tx.delete(productAlternativeCodes).where(and(eq(productAlternativeCodes.tenantId, tenantId), eq(productAlternativeCodes.productId, productId)));
  if (input.alternativeCodes.length > 0) {
    await tx.insert(productAlternativeCodes).values(
      input.alternativeCodes.map((c) => ({ tenantId, id: c.id ?? newId(), productId, providerId: c.providerId, sku: c.sku, barcode: c.barcode, description: c.description })),
    );
  }
  await tx.delete(productMaxDiscounts).where(and(eq(productMaxDiscounts.tenantId, tenantId), eq(productMaxDiscounts.productId, productId)));
  if (input.maxDiscounts.length > 0) {
    await tx.insert(productMaxDiscounts).values(
      input.maxDiscounts.map((d) => ({ tenantId, id: d.id ?? newId(), productId, paymentMethodId: d.paymentMethodId, isFullPayment: d.isFullPayment, maxDiscountPercent: d.maxDiscountPercent })),
    );
  }
  // Stock rows: limits are settings; a warehouse new to the product starts at its initial
  // quantity through the ledger. Later changes of stock go through adjustments and movements. A
  // row made at 0 with the product or the warehouse (createStockRows) that nothing has moved yet
  // is still new to the product.
  const existing = await tx
    .select({ warehouseId: productStock.warehouseId, untouched: sql<boolean>`${productStock.initialQuantity} = 0 AND ${productStock.currentQuantity} = 0 AND NOT EXISTS (
        SELECT 1 FROM ${stockLedger} l WHERE l.tenant_id = product_stock.tenant_id AND l.product_id = product_stock.product_id AND l.warehouse_id = product_stock.warehouse_id)` })
    .from(productStock)
    .where(and(eq(productStock.tenantId, tenantId), eq(productStock.productId, productId)));
  const rows = new Map(existing.map((r) => [r.warehouseId, r.untouched]));
  const initial: { warehouseId: string; quantity: string }[] = [];
  for (const w of input.warehouseQuantities) {
    const untouched = rows.get(w.warehouseId);
    if (untouched !== undefined) {
      await tx
        .update(productStock)
        .set({ minStock: w.minStock, maxStock: w.maxStock, ...(untouched ? { initialQuantity: w.initialQuantity } : {}), updatedAt: new Date() })
        .where(and(eq(productStock.tenantId, tenantId), eq(productStock.productId, productId), eq(productStock.warehouseId, w.warehouseId)));
      if (untouched) initial.push({ warehouseId: w.warehouseId, quantity: w.initialQuantity });
    } else {
      await tx.insert(productStock).values({
        tenantId,
        id: newId(),
        productId,
        warehouseId: w.warehouseId,
        initialQuantity: w.initialQuantity,
        minStock: w.minStock,
        maxStock: w.maxStock,
      });
      initial.push({ warehouseId: w.warehouseId, quantity: w.initialQuantity });
    }
  }
  await applyStockChanges(
    tx,
    { tenantId, userId, sourceType: "initial", sourceId: productId, allowNegative: true },
    initial.map((i) => ({ productId, warehouseId: i.warehouseId, delta: i.quantity })),
  );
}

export async function createProduct(tx: Tx, tenantId: string, userId: string | null, input: ProductCreateInput) {
  await assertSubcategory(tx, tenantId, input);
  const id = newId();
  await guarded(async () => {
    await tx.insert(products).values({ tenantId, id, ...rowValues(input) });
    await writeChildren(tx, tenantId, id, input, userId);
    await createStockRows(tx, tenantId, { productIds: [id] });
  });
  return { id };
}

export async function updateProduct(tx: Tx, tenantId: string, userId: string | null, input: ProductUpdateInput) {
  const [current] = await tx.select({ id: products.id }).from(products).where(and(eq(products.tenantId, tenantId), eq(products.id, input.id))).for("update");
  if (!current) throw notFound();
  await assertSubcategory(tx, tenantId, input);
  await guarded(async () => {
    await tx
      .update(products)
      .set({ ...rowValues(input), updatedAt: new Date() })
      .where(and(eq(products.tenantId, tenantId), eq(products.id, input.id)));
    await writeChildren(tx, tenantId, input.id, input, userId);
  });
  return { id: input.id };
}

async function setFlags(tx: Tx, tenantId: string, id: string, set: Partial<typeof products.$inferInsert>) {
  const [row] = await tx
    .update(products)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(products.tenantId, tenantId), eq(products.id, id)))
    .returning({ id: products.id, isFavorite: products.isFavorite, isActive: products.isActive, deletedAt: products.deletedAt });
  if (!row) throw notFound();
  return row;
}

/** Products are never removed: deleting marks them deleted and inactive; restore undoes it. */
export const deleteProduct = (tx: Tx, tenantId: string, id: string) => setFlags(tx, tenantId, id, { deletedAt: new Date(), isActive: false });
export const restoreProduct = (tx: Tx, tenantId: string, id: string) => setFlags(tx, tenantId, id, { deletedAt: null, isActive: true });
export const setFavorite = (tx: Tx, tenantId: string, id: string, isFavorite: boolean) => setFlags(tx, tenantId, id, { isFavorite });
export const setActive = (tx: Tx, tenantId: string, id: string, isActive: boolean) => setFlags(tx, tenantId, id, { isActive });

/** The inventory adjustment dialog: counted quantities per warehouse become the stock. */
export async function adjustInventory(
  tx: Tx,
  tenantId: string,
  userId: string,
  input: { productId: string; reason?: string | null; lines: { warehouseId: string; newQuantity: string }[] },
) {
  const [p] = await tx.select({ id: products.id }).from(products).where(and(eq(products.tenantId, tenantId), eq(products.id, input.productId)));
  if (!p) throw notFound();
  const current = await tx
    .select({ warehouseId: productStock.warehouseId, current: productStock.currentQuantity })
    .from(productStock)
    .where(and(eq(productStock.tenantId, tenantId), eq(productStock.productId, input.productId)));
  const byWarehouse = new Map(current.map((r) => [r.warehouseId, r.current]));
  const changes = input.lines.map((l) => ({
    productId: input.productId,
    warehouseId: l.warehouseId,
    delta: toBig(l.newQuantity).minus(toBig(byWarehouse.get(l.warehouseId) ?? "0")).toFixed(4),
  }));
  const adjustmentId = newId();
  await guarded(() => applyStockChanges(tx, { tenantId, userId, sourceType: "adjustment", sourceId: adjustmentId, note: input.reason ?? null, allowNegative: true }, changes));
  return getProduct(tx, tenantId, input.productId).then((prod) => prod.warehouseQuantities);
}
