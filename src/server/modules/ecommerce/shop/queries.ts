import { and, eq, type SQL, sql } from "drizzle-orm";
import { Big } from "../../../../shared/catalog/decimal";
import type { BlogPostCard, StoreBrand, StoreCategory, StoreInfo, StoreProductCard, StoreThemeConfig } from "../../../../shared/storefront/types";
import { rowsOf, type Tx } from "../../../db/client";
import { currencies } from "../../currency/tables";
import { defaultCurrencyCode } from "../../tenant/service";
import { tenantModules } from "../../tenant/tables";
import { warehouses } from "../../warehouse/tables";
import type { StoreRow } from "../access";
import { stores } from "../tables";

/**
 * What the public shop reads (helper A). Every query runs in a tenant transaction (withTenant:
 * row-level security on app.tenant_id) and also filters on tenant_id, so the planner uses the
 * tenant's indexes. Only public fields leave these functions: a product is shown with its online
 * price and whether it is in stock, never its cost nor its stock per warehouse.
 */

/** The product list's orders (/shop/products?sort=…); 'featured' (the store's own order) by default. */
export const SHOP_SORTS = ["featured", "newest", "price_asc", "price_desc", "name"] as const;
export type ShopSort = (typeof SHOP_SORTS)[number];

/** The store as the shop shows it, with the tenant's currency. */
export async function storeInfo(tx: Tx, store: StoreRow): Promise<StoreInfo> {
  return storeInfoOf(store, await defaultCurrencyCode(tx, store.tenantId));
}

function storeInfoOf(store: StoreRow, currency: string): StoreInfo {
  const theme = (store.themeConfig ?? {}) as Partial<StoreThemeConfig>;
  return {
    id: store.id,
    store_name: store.storeName,
    description: store.description,
    email: store.email,
    phone: store.phone,
    address: store.address,
    theme_config: { primaryColor: theme.primaryColor, testimonials: Array.isArray(theme.testimonials) ? theme.testimonials : [] },
    currency,
    allow_delivery: store.allowDelivery,
    allow_pickup: store.allowPickup,
    delivery_fee: store.deliveryFee,
  };
}

/** What every shop page starts from: the published store (its warehouse resolved) and its public info. */
export interface ShopContext {
  store: StoreRow;
  info: StoreInfo;
}

/**
 * The tenant's published store with its currency and the warehouse it sells from (the store's,
 * else the default), in one statement; null when the store is not published or the storefront
 * module is off (the shop's 'store unavailable').
 */
export async function loadShopContext(tx: Tx, tenantId: string): Promise<ShopContext | null> {
  const [row] = await tx
    .select({
      store: stores,
      moduleOn: tenantModules.enabled,
      currency: sql<string | null>`(select ${currencies.code} from ${currencies} where ${currencies.tenantId} = ${stores.tenantId} and ${currencies.isDefault} limit 1)`,
      defaultWarehouseId: sql<string | null>`(select ${warehouses.id} from ${warehouses} where ${warehouses.tenantId} = ${stores.tenantId} and ${warehouses.isDefault} limit 1)`,
    })
    .from(stores)
    .leftJoin(tenantModules, and(eq(tenantModules.tenantId, stores.tenantId), eq(tenantModules.moduleCode, "storefront")))
    .where(eq(stores.tenantId, tenantId))
    .limit(1);
  if (!row?.store.isPublished || !row.moduleOn) return null;
  const store = { ...row.store, warehouseId: row.store.warehouseId ?? row.defaultWarehouseId };
  return { store, info: storeInfoOf(store, row.currency ?? "DOP") };
}

/** The warehouse the shop sells from: the store's, else the tenant's default (null: none yet). */
export async function storeWarehouseId(tx: Tx, store: StoreRow): Promise<string | null> {
  if (store.warehouseId) return store.warehouseId;
  const [row] = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.tenantId, store.tenantId), eq(warehouses.isDefault, true)))
    .limit(1);
  return row?.id ?? null;
}

interface CardRow {
  id: string;
  product_id: string;
  name: string;
  image_url: string | null;
  category_name: string | null;
  online_price: string;
  original_price: string | null;
  in_stock: boolean;
}

/**
 * A card's columns over `store_products sp join products p` (+ category c). In stock: a service or
 * combo always; a product while its stock in the shop's warehouse, less what pending online orders
 * hold (active reservations), is above zero.
 */
function cardColumns(warehouseId: string | null): SQL {
  const stock = warehouseId
    ? sql`coalesce((select ps.current_quantity from product_stock ps where ps.tenant_id = sp.tenant_id and ps.product_id = sp.product_id and ps.warehouse_id = ${warehouseId}), 0)
        - coalesce((select sum(r.quantity) from online_stock_reservations r where r.tenant_id = sp.tenant_id and r.product_id = sp.product_id and r.warehouse_id = ${warehouseId} and r.released_at is null and r.expires_at > now()), 0) > 0`
    : sql`false`;
  return sql`sp.id, sp.product_id, p.name, p.image_url, c.name as category_name,
    coalesce(sp.online_price, p.price)::text as online_price, sp.original_price::text as original_price,
    (p.product_type <> 'product' or ${stock}) as in_stock`;
}

const CARD_FROM = sql`store_products sp
  join products p on p.tenant_id = sp.tenant_id and p.id = sp.product_id
  left join product_categories c on c.tenant_id = p.tenant_id and c.id = p.category_id`;

/**
 * Cards of the store products matching `where`, in `order`, one page: the page's ids are chosen
 * first (ordering the bare rows), then only those rows get their category and stock, so the
 * stock subqueries run for the page's rows, not for every match before the sort.
 */
function cardPage(warehouseId: string | null, where: SQL, order: SQL, limit: number, offset = 0): SQL {
  return sql`select ${cardColumns(warehouseId)} from (
      select sp.tenant_id, sp.id from store_products sp join products p on p.tenant_id = sp.tenant_id and p.id = sp.product_id
      where ${where} order by ${order} limit ${limit} offset ${offset}
    ) pick
    join store_products sp on sp.tenant_id = pick.tenant_id and sp.id = pick.id
    join products p on p.tenant_id = sp.tenant_id and p.id = sp.product_id
    left join product_categories c on c.tenant_id = p.tenant_id and c.id = p.category_id
    order by ${order}`;
}

/** Online, active, not deleted. */
function visible(tenantId: string): SQL {
  return sql`sp.tenant_id = ${tenantId} and sp.is_online and p.is_active and p.deleted_at is null`;
}

/** The 'before' price and whole percent off, only when the original price is above the online price. */
export function discountOf(onlinePrice: string, originalPrice: string | null): { original_price: string | null; discount_percentage: number | null } {
  if (!originalPrice) return { original_price: null, discount_percentage: null };
  const original = new Big(originalPrice);
  const online = new Big(onlinePrice);
  if (original.lte(online) || original.lte(0)) return { original_price: null, discount_percentage: null };
  const pct = Number(original.minus(online).div(original).times(100).round(0, Big.roundHalfUp).toString());
  return { original_price: original.toFixed(2), discount_percentage: pct };
}

function toCard(row: CardRow): StoreProductCard {
  const online = new Big(row.online_price).toFixed(2);
  return {
    id: row.id,
    product_id: row.product_id,
    name: row.name,
    image_url: row.image_url,
    category_name: row.category_name,
    online_price: online,
    ...discountOf(online, row.original_price),
    in_stock: Boolean(row.in_stock),
  };
}

/** Search text folded like products.search_text (lower case, no accents), LIKE-escaped, per word. */
export function searchWords(q: string): string[] {
  return q
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((w) => `%${w.replace(/[%_\\]/g, "\\$&")}%`);
}

function orderBy(sort: ShopSort): SQL {
  switch (sort) {
    case "newest":
      return sql`sp.created_at desc, sp.id`;
    case "price_asc":
      return sql`coalesce(sp.online_price, p.price) asc, p.name, sp.id`;
    case "price_desc":
      return sql`coalesce(sp.online_price, p.price) desc, p.name, sp.id`;
    case "name":
      return sql`p.name, sp.id`;
    default:
      return sql`sp.is_featured desc, sp.sort_order, p.name, sp.id`;
  }
}

export interface ProductFilters {
  q?: string;
  brand?: string;
  categoryId?: string;
  sort: ShopSort;
  page: number;
  pageSize: number;
}

/** A page of the shop's products with the filters' total. */
export async function findShopProducts(tx: Tx, store: StoreRow, f: ProductFilters): Promise<{ items: StoreProductCard[]; total: number }> {
  const conds: SQL[] = [visible(store.tenantId)];
  for (const word of searchWords(f.q ?? "")) conds.push(sql`p.search_text like ${word}`);
  if (f.brand) conds.push(sql`sp.brand = ${f.brand}`);
  if (f.categoryId) conds.push(sql`p.category_id = ${f.categoryId}`);
  const where = sql.join(conds, sql` and `);
  const warehouseId = await storeWarehouseId(tx, store);
  const [rows, counted] = await Promise.all([
    tx.execute(cardPage(warehouseId, where, orderBy(f.sort), f.pageSize, (f.page - 1) * f.pageSize)),
    tx.execute(sql`select count(*)::int as n from store_products sp join products p on p.tenant_id = sp.tenant_id and p.id = sp.product_id where ${where}`),
  ]);
  return { items: rowsOf<CardRow>(rows).map(toCard), total: rowsOf<{ n: number }>(counted)[0]?.n ?? 0 };
}

/** Cards of one source (featured, newest, on sale), `limit` of them. */
export async function productsBySource(tx: Tx, store: StoreRow, source: "featured" | "new" | "sale", limit: number, warehouseId: string | null): Promise<StoreProductCard[]> {
  if (limit <= 0) return [];
  const extra =
    source === "featured"
      ? sql` and sp.is_featured`
      : source === "sale"
        ? sql` and sp.original_price is not null and sp.original_price > coalesce(sp.online_price, p.price)`
        : sql``;
  const order = source === "new" ? sql`sp.created_at desc, sp.id` : sql`sp.sort_order, p.name, sp.id`;
  const rows = await tx.execute(cardPage(warehouseId, sql`${visible(store.tenantId)}${extra}`, order, limit));
  return rowsOf<CardRow>(rows).map(toCard);
}

export interface ShopProductDetail extends StoreProductCard {
  description: string | null;
  brand: string | null;
  category_id: string | null;
}

/** One product by its product id (the spec's /shop/products/{product_id}); null when not offered online. */
export async function getShopProduct(tx: Tx, store: StoreRow, productId: string): Promise<ShopProductDetail | null> {
  const warehouseId = await storeWarehouseId(tx, store);
  const rows = rowsOf<CardRow & { description: string | null; brand: string | null; category_id: string | null }>(
    await tx.execute(
      sql`select ${cardColumns(warehouseId)}, p.description, sp.brand, p.category_id from ${CARD_FROM} where ${visible(store.tenantId)} and sp.product_id = ${productId} limit 1`,
    ),
  );
  const row = rows[0];
  if (!row) return null;
  return { ...toCard(row), description: row.description, brand: row.brand, category_id: row.category_id };
}

/** Active categories with at least one product online, by name, with their counts. */
export async function findShopCategories(tx: Tx, tenantId: string, limit = 500): Promise<StoreCategory[]> {
  const rows = await tx.execute(sql`select c.id, c.name, count(*)::int as product_count
    from store_products sp
    join products p on p.tenant_id = sp.tenant_id and p.id = sp.product_id
    join product_categories c on c.tenant_id = p.tenant_id and c.id = p.category_id
    where ${visible(tenantId)} and c.is_active
    group by c.id, c.name order by c.name limit ${limit}`);
  return rowsOf<StoreCategory>(rows);
}

/** One active category of this tenant (null: unknown or another tenant's). */
export async function getShopCategory(tx: Tx, tenantId: string, categoryId: string): Promise<{ id: string; name: string; description: string | null } | null> {
  const rows = await tx.execute(sql`select id, name, description from product_categories where tenant_id = ${tenantId} and id = ${categoryId} and is_active limit 1`);
  return rowsOf<{ id: string; name: string; description: string | null }>(rows)[0] ?? null;
}

/** Brands of the online products (a brand is the store product's text), by name, with counts. */
export async function findShopBrands(tx: Tx, tenantId: string, limit = 500): Promise<StoreBrand[]> {
  const rows = await tx.execute(sql`select sp.brand as name, count(*)::int as product_count
    from store_products sp join products p on p.tenant_id = sp.tenant_id and p.id = sp.product_id
    where ${visible(tenantId)} and sp.brand is not null and sp.brand <> ''
    group by sp.brand order by sp.brand limit ${limit}`);
  return rowsOf<{ name: string; product_count: number }>(rows).map((b) => ({ id: b.name, name: b.name, product_count: b.product_count }));
}

interface PostRow {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  featured_image: string | null;
  author_name: string | null;
  published_at: Date | string | null;
  content?: string;
}

const isoOf = (value: Date | string | null): string | null => (value == null ? null : new Date(value).toISOString());

function toPostCard(row: PostRow): BlogPostCard {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    featured_image: row.featured_image,
    author_name: row.author_name,
    published_at: isoOf(row.published_at),
  };
}

const POST_VISIBLE = sql`status = 'published' and published_at is not null and published_at <= now()`;

/** Published posts, newest first, a page of them with the total. */
export async function findShopPosts(tx: Tx, tenantId: string, page: number, pageSize: number): Promise<{ items: BlogPostCard[]; total: number }> {
  const [rows, counted] = await Promise.all([
    tx.execute(sql`select id, title, slug, excerpt, featured_image, author_name, published_at from blog_posts
      where tenant_id = ${tenantId} and ${POST_VISIBLE} order by published_at desc, id limit ${pageSize} offset ${(page - 1) * pageSize}`),
    tx.execute(sql`select count(*)::int as n from blog_posts where tenant_id = ${tenantId} and ${POST_VISIBLE}`),
  ]);
  return { items: rowsOf<PostRow>(rows).map(toPostCard), total: rowsOf<{ n: number }>(counted)[0]?.n ?? 0 };
}

/** One published post by slug (null: unknown, draft or scheduled). */
export async function getShopPost(tx: Tx, tenantId: string, slug: string): Promise<(BlogPostCard & { content: string }) | null> {
  const rows = rowsOf<PostRow>(
    await tx.execute(sql`select id, title, slug, excerpt, featured_image, author_name, published_at, content from blog_posts
      where tenant_id = ${tenantId} and slug = ${slug} and ${POST_VISIBLE} limit 1`),
  );
  const row = rows[0];
  return row ? { ...toPostCard(row), content: row.content ?? "" } : null;
}

/** A published page's sections (home, about, contact); [] when never published. */
export async function publishedSections(tx: Tx, store: StoreRow, page: string): Promise<unknown[]> {
  const rows = rowsOf<{ sections: unknown }>(
    await tx.execute(sql`select published_sections as sections from store_pages where tenant_id = ${store.tenantId} and store_id = ${store.id} and page = ${page} limit 1`),
  );
  const sections = rows[0]?.sections;
  return Array.isArray(sections) ? sections : [];
}

/** Everything the sitemap lists: online product ids, categories with products, published post slugs. */
export async function sitemapEntries(tx: Tx, tenantId: string): Promise<{ products: { id: string; updated: string | null }[]; categories: string[]; posts: { slug: string; updated: string | null }[] }> {
  const [products, categories, posts] = await Promise.all([
    tx.execute(sql`select sp.product_id as id, greatest(sp.updated_at, p.updated_at) as updated from store_products sp
      join products p on p.tenant_id = sp.tenant_id and p.id = sp.product_id where ${visible(tenantId)} order by sp.sort_order, p.name limit 50000`),
    findShopCategories(tx, tenantId, 50000),
    tx.execute(sql`select slug, updated_at as updated from blog_posts where tenant_id = ${tenantId} and ${POST_VISIBLE} order by published_at desc limit 50000`),
  ]);
  return {
    products: rowsOf<{ id: string; updated: Date | string | null }>(products).map((r) => ({ id: r.id, updated: isoOf(r.updated) })),
    categories: categories.map((c) => c.id),
    posts: rowsOf<{ slug: string; updated: Date | string | null }>(posts).map((r) => ({ slug: r.slug, updated: isoOf(r.updated) })),
  };
}
