import type { ReactNode } from "react";
import type { StoreBrand, StoreCategory, StoreProductCard } from "../../../shared/storefront/types";
import { useSiteT } from "../../public-site/i18n";
import { Pagination } from "./pagination";
import { ProductGrid } from "./product-card";
import { PageHeader } from "./shop-layout";
import { brandHref, categoryHref, shopHref } from "./urls";

export const PRODUCT_SORTS = ["featured", "newest", "price_asc", "price_desc", "name"] as const;

export interface ProductsPageProps {
  title: string;
  /** where this list lives: /shop/products or /shop/categories/{id} */
  basePath: string;
  cards: StoreProductCard[];
  total: number;
  page: number;
  pages: number;
  filters: { q: string; brand: string; categoryId: string; sort: string };
  categories: StoreCategory[];
  brands: StoreBrand[];
  currency: string;
  action?: (card: StoreProductCard) => ReactNode;
}

/** The product list: search, category and brand filters (links), order, the cards and pages. */
export function ProductsPage(p: ProductsPageProps) {
  const { t } = useSiteT();
  const query = (extra: Record<string, string | number>) => ({ q: p.filters.q, brand: p.filters.brand, sort: p.filters.sort === "featured" ? "" : p.filters.sort, ...extra });
  const filtered = Boolean(p.filters.q || p.filters.brand || p.filters.categoryId);
  const chip = (active: boolean) =>
    `inline-block rounded-full border px-3 py-1 text-sm ${active ? "border-[var(--shop-primary)] bg-[var(--shop-primary)] text-white" : "border-gray-300 text-gray-700 hover:bg-gray-50"}`;
  return (
    <>
      <PageHeader title={p.title}>
        <p className="mt-1 text-sm text-gray-600" data-testid="product-count">
          {t(p.total === 1 ? "storefront:products.countOne" : "storefront:products.countOther", { count: p.total })}
        </p>
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4">
        {p.categories.length > 0 ? (
          <nav aria-label={t("storefront:categories.title")} className="mt-3">
            <ul className="flex gap-2 overflow-x-auto pb-2">
              <li className="shrink-0">
                <a className={chip(!p.filters.categoryId)} href={shopHref("/shop/products", query({}))} aria-current={!p.filters.categoryId ? "page" : undefined}>
                  {t("storefront:products.allCategories")}
                </a>
              </li>
              {p.categories.map((c) => (
                <li key={c.id} className="shrink-0">
                  <a className={chip(p.filters.categoryId === c.id)} href={shopHref(categoryHref(c.id), query({}))} aria-current={p.filters.categoryId === c.id ? "page" : undefined}>
                    {c.name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {p.brands.length > 0 ? (
          <nav aria-label={t("storefront:products.brands")} className="mt-2">
            <ul className="flex flex-wrap items-center gap-2">
              <li className="text-sm font-medium text-gray-700">{t("storefront:products.brands")}:</li>
              {p.brands.map((b) => (
                <li key={b.id}>
                  <a className={chip(p.filters.brand === b.name)} href={brandHref(b.name)} aria-current={p.filters.brand === b.name ? "page" : undefined}>
                    {b.name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <form action={p.basePath} method="get" className="mt-4 flex flex-wrap items-center gap-2">
          {p.filters.q ? <input type="hidden" name="q" value={p.filters.q} /> : null}
          {p.filters.brand ? <input type="hidden" name="brand" value={p.filters.brand} /> : null}
          <label htmlFor="shop-sort" className="text-sm text-gray-700">
            {t("storefront:products.sort")}
          </label>
          <select id="shop-sort" name="sort" defaultValue={p.filters.sort} className="rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm">
            {PRODUCT_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`storefront:products.sorts.${s}`)}
              </option>
            ))}
          </select>
          <button type="submit" className="rounded-md border border-gray-300 px-3 py-1.5 text-sm hover:bg-gray-50">
            {t("storefront:products.sortApply")}
          </button>
          {filtered ? (
            <a href="/shop/products" className="ml-auto text-sm text-[var(--shop-primary)] underline">
              {t("storefront:products.clearFilters")}
            </a>
          ) : null}
        </form>
        <div className="mt-6">
          {p.cards.length > 0 ? (
            <ProductGrid cards={p.cards} currency={p.currency} action={p.action} />
          ) : (
            <p className="rounded-lg border border-dashed border-gray-300 p-8 text-center text-gray-600">{t(filtered ? "storefront:products.empty" : "storefront:products.emptyStore")}</p>
          )}
        </div>
        <Pagination page={p.page} pages={p.pages} href={(page) => shopHref(p.basePath, query({ page: page === 1 ? "" : page }))} />
      </div>
    </>
  );
}
