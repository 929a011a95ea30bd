import type { ReactNode } from "react";
import type { StoreCategory, StoreInfo, StoreProductCard } from "../../../shared/storefront/types";
import { useSiteT } from "../../public-site/i18n";
import { ProductGrid } from "./product-card";
import { categoryHref } from "./urls";

/**
 * The home page of a store whose home has no published sections yet: its name and description,
 * its featured products (or the newest) and its categories.
 */
export function HomeFallback({
  store,
  featured,
  newest,
  categories,
  action,
}: {
  store: StoreInfo;
  featured: StoreProductCard[];
  newest: StoreProductCard[];
  categories: StoreCategory[];
  action?: (card: StoreProductCard) => ReactNode;
}) {
  const { t } = useSiteT();
  const products = featured.length > 0 ? featured : newest;
  return (
    <>
      <section className="bg-gray-50">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:py-16">
          <h1 className="text-3xl font-bold text-gray-900 sm:text-4xl">{t("storefront:home.welcome", { store: store.store_name })}</h1>
          {store.description ? <p className="mt-3 max-w-2xl text-gray-700">{store.description}</p> : null}
          <a href="/shop/products" className="mt-6 inline-block rounded-md bg-[var(--shop-primary)] px-5 py-2.5 font-medium text-white hover:opacity-90">
            {t("storefront:home.viewAll")}
          </a>
        </div>
      </section>
      {products.length > 0 ? (
        <section className="mx-auto max-w-6xl px-4 pt-8">
          <h2 className="mb-4 text-xl font-semibold text-gray-900">{t(featured.length > 0 ? "storefront:home.featured" : "storefront:home.newest")}</h2>
          <ProductGrid cards={products} currency={store.currency} action={action} />
        </section>
      ) : null}
      {categories.length > 0 ? (
        <section className="mx-auto max-w-6xl px-4 pt-10">
          <h2 className="mb-4 text-xl font-semibold text-gray-900">{t("storefront:categories.title")}</h2>
          <ul className="flex flex-wrap gap-2">
            {categories.map((c) => (
              <li key={c.id}>
                <a href={categoryHref(c.id)} className="inline-block rounded-full border border-gray-300 px-4 py-1.5 text-sm text-gray-700 hover:bg-gray-50">
                  {c.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
