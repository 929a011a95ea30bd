import type { ReactElement, ReactNode } from "react";
import { formatMoney } from "../../../shared/money/format";
import { SHOP_BLOG_PAGE_SIZE, SHOP_PAGE_SIZE } from "../../../shared/storefront/constants";
import { readPageSections, sectionDataNeeds } from "../../../shared/storefront/sections";
import type { StoreInfo, StoreProductCard } from "../../../shared/storefront/types";
import type { SiteLang, SiteT } from "../../../web/public-site/i18n";
import { StoreSections, sectionsStyle } from "../../../web/storefront/sections/store-sections";
import { BlogListPage, BlogPostPage } from "../../../web/storefront/shop/blog-pages";
import { CategoriesPage } from "../../../web/storefront/shop/categories-page";
import { HomeFallback } from "../../../web/storefront/shop/home-page";
import { ProductPage } from "../../../web/storefront/shop/product-page";
import { ProductsPage } from "../../../web/storefront/shop/products-page";
import { PageHeader, type ShopNavKey } from "../../../web/storefront/shop/shop-layout";
import type { Tx } from "../../db/client";
import type { StoreRow } from "../../modules/ecommerce/access";
import {
  findShopBrands,
  findShopCategories,
  findShopPosts,
  findShopProducts,
  getShopCategory,
  getShopPost,
  getShopProduct,
  productsBySource,
  publishedSections,
  SHOP_SORTS,
  type ShopSort,
  storeWarehouseId,
} from "../../modules/ecommerce/shop/queries";
import { loadSectionData } from "../../modules/ecommerce/shop/section-data";
import { absoluteUrl, metaText, postJsonLd, productJsonLd, productPriceMeta, storeJsonLd } from "./seo";

/** One shop request, inside the tenant's transaction. */
export interface ShopRequest {
  tx: Tx;
  store: StoreRow;
  info: StoreInfo;
  lang: SiteLang;
  t: SiteT;
  /** scheme://host of the request */
  origin: string;
  params: Record<string, string>;
  query: Record<string, unknown>;
}

/** What a handler gives the layout: head fields, the nav entry and the body. */
export interface ShopPageResult {
  title: string;
  description: string;
  image?: string;
  ogType?: "website" | "product" | "article";
  jsonLd?: object[];
  headExtra?: string;
  style?: string;
  active: ShopNavKey;
  body: ReactElement;
  /** the query the canonical URL keeps (filters, page) */
  canonicalQuery?: Record<string, string | number | undefined>;
  noindex?: boolean;
}

/** null: the page's thing does not exist (a 404 page). */
export type ShopHandler = (r: ShopRequest) => Promise<ShopPageResult | null>;

/** The cart's parts on the pages, supplied by the cart's helper (contract 3). */
export interface CartParts {
  addToCart?: (storeId: string, card: StoreProductCard) => ReactNode;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string | undefined): value is string => typeof value === "string" && UUID.test(value);

/** A query parameter as safe text: the first value, no NUL nor lone surrogates, trimmed, at most `max` characters. */
export function queryText(value: unknown, max = 100): string {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first !== "string") return "";
  return first
    .replaceAll(String.fromCharCode(0), "")
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "")
    .trim()
    .slice(0, max);
}

/** A page number from the query: 1 unless a whole number from 1 to 10,000. */
export function queryPage(value: unknown): number {
  const text = queryText(value, 6);
  const n = /^\d+$/.test(text) ? Number(text) : 1;
  return n >= 1 && n <= 10_000 ? n : 1;
}

function querySort(value: unknown): ShopSort {
  const text = queryText(value, 20);
  return (SHOP_SORTS as readonly string[]).includes(text) ? (text as ShopSort) : "featured";
}

const titled = (page: string, store: StoreInfo) => `${page} | ${store.store_name}`;

/** The sections of a published page, visible ones only, with their data and CSS. */
async function sectionsOf(r: ShopRequest, page: "home" | "about" | "contact"): Promise<{ body: ReactElement; style: string } | null> {
  const sections = readPageSections(await publishedSections(r.tx, r.store, page)).filter((s) => s.isVisible);
  if (sections.length === 0) return null;
  const data = await loadSectionData(r.tx, r.store.tenantId, sectionDataNeeds(sections), r.store, r.info);
  return { body: <StoreSections sections={sections} data={data} />, style: sectionsStyle(sections) };
}

export function shopHandlers(cart: CartParts) {
  const action = (r: ShopRequest) => (cart.addToCart ? (card: StoreProductCard) => cart.addToCart?.(r.store.id, card) : undefined);

  const home: ShopHandler = async (r) => {
    const head = {
      title: r.info.store_name,
      description: metaText(r.info.description || r.t("storefront:home.metaDescription", { store: r.info.store_name })),
      jsonLd: storeJsonLd(r.info, r.origin),
      active: "home" as const,
    };
    const sections = await sectionsOf(r, "home");
    if (sections) return { ...head, body: sections.body, style: sections.style };
    const warehouseId = await storeWarehouseId(r.tx, r.store);
    const featured = await productsBySource(r.tx, r.store, "featured", 8, warehouseId);
    const newest = featured.length > 0 ? [] : await productsBySource(r.tx, r.store, "new", 8, warehouseId);
    const categories = await findShopCategories(r.tx, r.store.tenantId, 24);
    const first = featured[0] ?? newest[0];
    return {
      ...head,
      image: absoluteUrl(r.origin, first?.image_url),
      body: <HomeFallback store={r.info} featured={featured} newest={newest} categories={categories} action={action(r)} />,
    };
  };

  /** /shop/products and /shop/categories/{id}: the list with its filters. */
  const list = async (r: ShopRequest, category: { id: string; name: string; description: string | null } | null): Promise<ShopPageResult> => {
    const q = queryText(r.query.q);
    const brand = queryText(r.query.brand);
    const queryCategory = queryText(r.query.category, 36);
    const categoryId = category?.id ?? (isUuid(queryCategory) ? queryCategory : "");
    const sort = querySort(r.query.sort);
    const page = queryPage(r.query.page);
    const [result, categories, brands] = await Promise.all([
      findShopProducts(r.tx, r.store, { q, brand, categoryId, sort, page, pageSize: SHOP_PAGE_SIZE }),
      findShopCategories(r.tx, r.store.tenantId, 100),
      findShopBrands(r.tx, r.store.tenantId, 100),
    ]);
    const pages = Math.max(1, Math.ceil(result.total / SHOP_PAGE_SIZE));
    const categoryName = category?.name ?? categories.find((c) => c.id === categoryId)?.name;
    const heading = q
      ? r.t("storefront:products.searchTitle", { q })
      : brand
        ? r.t("storefront:products.brandTitle", { brand })
        : (categoryName ?? r.t("storefront:products.title"));
    const basePath = category ? `/shop/categories/${category.id}` : "/shop/products";
    return {
      title: titled(heading, r.info),
      description: metaText(
        category
          ? category.description || r.t("storefront:categories.categoryDescription", { category: category.name, store: r.info.store_name })
          : r.t("storefront:products.metaDescription", { store: r.info.store_name }),
      ),
      image: absoluteUrl(r.origin, result.items[0]?.image_url),
      active: category ? "categories" : "products",
      canonicalQuery: { brand: brand || undefined, category: category ? undefined : categoryId || undefined, page: page > 1 ? page : undefined },
      // Search results are not pages of their own for a search engine.
      noindex: Boolean(q),
      body: (
        <ProductsPage
          title={heading}
          basePath={basePath}
          cards={result.items}
          total={result.total}
          page={page}
          pages={pages}
          filters={{ q, brand, categoryId, sort }}
          categories={categories}
          brands={brands}
          currency={r.info.currency}
          action={action(r)}
        />
      ),
    };
  };

  const products: ShopHandler = (r) => list(r, null);

  const category: ShopHandler = async (r) => {
    if (!isUuid(r.params.id)) return null;
    const found = await getShopCategory(r.tx, r.store.tenantId, r.params.id);
    return found ? list(r, found) : null;
  };

  const product: ShopHandler = async (r) => {
    if (!isUuid(r.params.id)) return null;
    const p = await getShopProduct(r.tx, r.store, r.params.id);
    if (!p) return null;
    const url = `${r.origin}/shop/products/${p.product_id}`;
    const image = absoluteUrl(r.origin, p.image_url);
    const price = formatMoney(p.online_price, r.lang, r.info.currency);
    return {
      title: titled(p.name, r.info),
      description: metaText(p.description || r.t("storefront:product.metaDescription", { name: p.name, store: r.info.store_name, price })),
      image,
      ogType: "product",
      jsonLd: [productJsonLd(p, { url, image, currency: r.info.currency, storeName: r.info.store_name })],
      headExtra: productPriceMeta(p.online_price, r.info.currency),
      active: "products",
      body: <ProductPage product={p} currency={r.info.currency} action={cart.addToCart?.(r.store.id, p)} />,
    };
  };

  const categories: ShopHandler = async (r) => ({
    title: titled(r.t("storefront:categories.title"), r.info),
    description: r.t("storefront:categories.metaDescription", { store: r.info.store_name }),
    active: "categories",
    body: <CategoriesPage categories={await findShopCategories(r.tx, r.store.tenantId, 500)} />,
  });

  /** About and contact: their published sections, else the store's own words and contacts. */
  const sectionPage =
    (page: "about" | "contact", fallback: (r: ShopRequest) => ReactElement): ShopHandler =>
    async (r) => {
      const sections = await sectionsOf(r, page);
      return {
        title: titled(r.t(`storefront:${page}.title`), r.info),
        description: metaText(r.t(`storefront:${page}.metaDescription`, { store: r.info.store_name })),
        active: page,
        body: sections?.body ?? fallback(r),
        style: sections?.style,
      };
    };

  const about = sectionPage("about", (r) => (
    <>
      <PageHeader title={r.t("storefront:about.title")} />
      {r.info.description ? <p className="mx-auto max-w-6xl whitespace-pre-line px-4 pt-2 text-gray-700">{r.info.description}</p> : null}
    </>
  ));

  const contact = (form?: (storeId: string) => ReactNode) =>
    sectionPage("contact", (r) => (
      <>
        <PageHeader title={r.t("storefront:contact.title")}>
          <p className="mt-1 text-gray-600">{r.t("storefront:contact.intro")}</p>
        </PageHeader>
        <div className="mx-auto grid max-w-6xl gap-6 px-4 pt-4 md:grid-cols-2">
          <ul className="space-y-2 text-gray-700">
            {r.info.phone ? (
              <li>
                {r.t("storefront:footer.phone")}: <a href={`tel:${r.info.phone.replace(/[^\d+]/g, "")}`}>{r.info.phone}</a>
              </li>
            ) : null}
            {r.info.email ? (
              <li>
                {r.t("storefront:footer.email")}: <a href={`mailto:${r.info.email}`}>{r.info.email}</a>
              </li>
            ) : null}
            {r.info.address ? (
              <li>
                {r.t("storefront:footer.address")}: {r.info.address}
              </li>
            ) : null}
          </ul>
          {form ? <div>{form(r.store.id)}</div> : null}
        </div>
      </>
    ));

  const blog: ShopHandler = async (r) => {
    const page = queryPage(r.query.page);
    const result = await findShopPosts(r.tx, r.store.tenantId, page, SHOP_BLOG_PAGE_SIZE);
    return {
      title: titled(r.t("storefront:blog.title"), r.info),
      description: r.t("storefront:blog.metaDescription", { store: r.info.store_name }),
      active: "blog",
      canonicalQuery: { page: page > 1 ? page : undefined },
      body: <BlogListPage posts={result.items} page={page} pages={Math.max(1, Math.ceil(result.total / SHOP_BLOG_PAGE_SIZE))} />,
    };
  };

  const post: ShopHandler = async (r) => {
    const slug = queryText(r.params.slug, 200);
    if (!slug) return null;
    const found = await getShopPost(r.tx, r.store.tenantId, slug);
    if (!found) return null;
    const url = `${r.origin}/shop/blog/${encodeURIComponent(found.slug)}`;
    const image = absoluteUrl(r.origin, found.featured_image);
    return {
      title: titled(found.title, r.info),
      description: metaText(found.excerpt || found.content || found.title),
      image,
      ogType: "article",
      jsonLd: [postJsonLd(found, { url, image, storeName: r.info.store_name })],
      active: "blog",
      body: <BlogPostPage post={found} />,
    };
  };

  return { home, products, product, categories, category, about, contact, blog, post };
}
