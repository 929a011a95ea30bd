import type { ProductSource, SectionData, StoreInfo } from "../../../../shared/storefront/types";
import type { Tx } from "../../../db/client";
import { getOrCreateStore, type StoreRow } from "../access";
import { findShopBrands, findShopCategories, findShopPosts, productsBySource, storeInfo, storeWarehouseId } from "./queries";

/** How many of each list a page's sections need (src/shared/storefront/sections.ts sectionDataNeeds). */
export interface SectionDataNeeds {
  products: Record<ProductSource, number>;
  categories: number;
  brands: number;
  posts: number;
}

/** The most of one list any section may show: a bound on what one page reads. */
const MAX_LIST = 48;
const bound = (n: number) => Math.max(0, Math.min(MAX_LIST, Math.floor(Number.isFinite(n) ? n : 0)));

/**
 * The data a page's sections render (contract 2): products by source (featured, new, sale),
 * categories and brands with their counts of online products, published posts and the store's
 * public info. Only online, active products; in_stock from the shop warehouse's stock less active
 * reservations. Lists not needed are not read. Used by the shop pages and the editor's preview
 * (which passes no store: the tenant's store, created on first use). The shop passes the store and
 * its info it has already read.
 */
export async function loadSectionData(tx: Tx, tenantId: string, needs: SectionDataNeeds, store?: StoreRow, known?: StoreInfo): Promise<SectionData> {
  const row = store ?? (await getOrCreateStore(tx, tenantId));
  const anyProducts = needs.products.featured > 0 || needs.products.new > 0 || needs.products.sale > 0;
  const warehouseId = anyProducts ? await storeWarehouseId(tx, row) : null;
  const [info, featured, fresh, sale, categories, brands, posts] = await Promise.all([
    known ?? storeInfo(tx, row),
    productsBySource(tx, row, "featured", bound(needs.products.featured), warehouseId),
    productsBySource(tx, row, "new", bound(needs.products.new), warehouseId),
    productsBySource(tx, row, "sale", bound(needs.products.sale), warehouseId),
    needs.categories > 0 ? findShopCategories(tx, tenantId, bound(needs.categories)) : [],
    needs.brands > 0 ? findShopBrands(tx, tenantId, bound(needs.brands)) : [],
    needs.posts > 0 ? findShopPosts(tx, tenantId, 1, bound(needs.posts)).then((r) => r.items) : [],
  ]);
  return { store: info, products: { featured, new: fresh, sale }, categories, brands, posts };
}
