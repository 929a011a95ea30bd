import { and, eq } from "drizzle-orm";
import { withTenant } from "../../db/client";
import { newId } from "../../ids";
import type { TestContext } from "../../test/harness";
import { productStock } from "../inventory/tables";
import { products } from "../product/tables";
import { productCategories } from "../product-category/tables";
import { warehouses } from "../warehouse/tables";
import { getOrCreateStore } from "./access";
import { storeProducts, stores } from "./tables";

/**
 * Test setup shared by the storefront's integration tests: rows a test needs before its own
 * procedures run, written directly (a published store, products offered online with stock).
 */
export async function publishStore(t: TestContext, subdomain: "acme" | "other" = "acme", opts: { published?: boolean } = {}) {
  const tenantId = t[subdomain].tenant.id;
  return withTenant(t.db, tenantId, async (tx) => {
    const store = await getOrCreateStore(tx, tenantId);
    const [row] = await tx
      .update(stores)
      .set({ isPublished: opts.published ?? true, publishedAt: new Date() })
      .where(and(eq(stores.tenantId, tenantId), eq(stores.id, store.id)))
      .returning();
    return row!;
  });
}

let counter = 0;

/**
 * A product offered online with `stock` units in the tenant's default warehouse. Returns the
 * product's and the store product's ids.
 */
export async function insertOnlineProduct(
  t: TestContext,
  subdomain: "acme" | "other",
  opts: {
    name?: string;
    price?: string;
    onlinePrice?: string | null;
    originalPrice?: string | null;
    stock?: string;
    isOnline?: boolean;
    isFeatured?: boolean;
    brand?: string | null;
    categoryName?: string;
    taxPercent?: string;
    isTaxable?: boolean;
  } = {},
) {
  const tenantId = t[subdomain].tenant.id;
  counter += 1;
  const productId = newId();
  const storeProductId = newId();
  await withTenant(t.db, tenantId, async (tx) => {
    let categoryId: string | null = null;
    if (opts.categoryName) {
      const [found] = await tx.select().from(productCategories).where(and(eq(productCategories.tenantId, tenantId), eq(productCategories.name, opts.categoryName)));
      categoryId = found?.id ?? newId();
      if (!found) await tx.insert(productCategories).values({ tenantId, id: categoryId, name: opts.categoryName, code: `C${counter}` });
    }
    await tx.insert(products).values({
      tenantId,
      id: productId,
      name: opts.name ?? `Producto web ${counter}`,
      sku: `WEB-${counter}-${productId.slice(-6)}`,
      price: opts.price ?? "100.00",
      categoryId,
      isTaxable: opts.isTaxable ?? true,
      taxPercent: opts.taxPercent ?? "18",
    });
    await tx.insert(storeProducts).values({
      tenantId,
      id: storeProductId,
      productId,
      isOnline: opts.isOnline ?? true,
      onlinePrice: opts.onlinePrice ?? null,
      originalPrice: opts.originalPrice ?? null,
      isFeatured: opts.isFeatured ?? false,
      brand: opts.brand ?? null,
    });
    const [warehouse] = await tx.select().from(warehouses).where(and(eq(warehouses.tenantId, tenantId), eq(warehouses.isDefault, true)));
    if (warehouse && opts.stock !== undefined) {
      await tx.insert(productStock).values({ tenantId, id: newId(), productId, warehouseId: warehouse.id, initialQuantity: opts.stock, currentQuantity: opts.stock });
    }
  });
  return { productId, storeProductId };
}
