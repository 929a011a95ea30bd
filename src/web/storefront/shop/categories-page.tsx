import type { StoreCategory } from "../../../shared/storefront/types";
import { useSiteT } from "../../public-site/i18n";
import { PageHeader } from "./shop-layout";
import { categoryHref } from "./urls";

/** Every category with online products, with its count; the spec's empty state otherwise. */
export function CategoriesPage({ categories }: { categories: StoreCategory[] }) {
  const { t } = useSiteT();
  return (
    <>
      <PageHeader title={t("storefront:categories.title")} />
      <div className="mx-auto max-w-6xl px-4 pt-4">
        {categories.length === 0 ? (
          <p className="rounded-lg border border-dashed border-gray-300 p-8 text-center text-gray-600">{t("storefront:categories.empty")}</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {categories.map((c) => (
              <li key={c.id}>
                <a href={categoryHref(c.id)} className="block rounded-lg border border-gray-200 p-4 hover:border-[var(--shop-primary)] hover:shadow-sm">
                  <span className="block font-semibold text-gray-900">{c.name}</span>
                  <span className="mt-1 block text-sm text-gray-600">
                    {t(c.product_count === 1 ? "storefront:categories.countOne" : "storefront:categories.countOther", { count: c.product_count })}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
