import type { ReactNode } from "react";
import type { StoreProductCard } from "../../../shared/storefront/types";
import { useSiteT } from "../../public-site/i18n";
import { ProductImage, ProductPrice } from "./product-card";
import { brandHref, categoryHref } from "./urls";

export interface ProductPageProduct extends StoreProductCard {
  description: string | null;
  brand: string | null;
  category_id: string | null;
}

/** One product: picture, name, price (struck original and discount), stock state, brand, category, description, add to cart. */
export function ProductPage({ product, currency, action }: { product: ProductPageProduct; currency: string; action?: ReactNode }) {
  const { t } = useSiteT();
  return (
    <article className="mx-auto grid max-w-6xl gap-6 px-4 pt-6 md:grid-cols-2 md:gap-10">
      <div className="relative overflow-hidden rounded-lg border border-gray-200">
        <ProductImage card={product} eager className="aspect-square w-full" />
        {product.discount_percentage ? (
          <span className="absolute left-3 top-3 rounded bg-red-600 px-2 py-1 text-sm font-bold text-white">{t("storefront:product.discount", { pct: product.discount_percentage })}</span>
        ) : null}
      </div>
      <div className="flex flex-col gap-4">
        <a href="/shop/products" className="text-sm text-[var(--shop-primary)] underline">
          {t("storefront:product.backToProducts")}
        </a>
        <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{product.name}</h1>
        <ProductPrice card={product} currency={currency} size="lg" />
        <p className={`text-sm font-semibold ${product.in_stock ? "text-green-700" : "text-red-700"}`} data-testid="stock-state">
          {t(product.in_stock ? "storefront:product.inStock" : "storefront:product.outOfStock")}
        </p>
        {action}
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {product.brand ? (
            <>
              <dt className="text-gray-500">{t("storefront:product.brand")}</dt>
              <dd>
                <a className="text-[var(--shop-primary)] underline" href={brandHref(product.brand)}>
                  {product.brand}
                </a>
              </dd>
            </>
          ) : null}
          {product.category_id && product.category_name ? (
            <>
              <dt className="text-gray-500">{t("storefront:product.category")}</dt>
              <dd>
                <a className="text-[var(--shop-primary)] underline" href={categoryHref(product.category_id)}>
                  {product.category_name}
                </a>
              </dd>
            </>
          ) : null}
        </dl>
        {product.description ? (
          <section>
            <h2 className="text-lg font-semibold text-gray-900">{t("storefront:product.description")}</h2>
            <div className="mt-2 space-y-3 text-gray-700">
              {paragraphs(product.description).map((para, i) => (
                <p key={i}>{para}</p>
              ))}
            </div>
          </section>
        ) : null}
      </div>
    </article>
  );
}

/** Plain text split into paragraphs at blank lines. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
