import type { ReactNode } from "react";
import type { StoreInfo } from "../../../shared/storefront/types";
import { useSiteT } from "../../public-site/i18n";

export type ShopNavKey = "home" | "products" | "categories" | "blog" | "about" | "contact" | null;

const NAV: { key: Exclude<ShopNavKey, null>; href: string }[] = [
  { key: "home", href: "/shop" },
  { key: "products", href: "/shop/products" },
  { key: "categories", href: "/shop/categories" },
  { key: "blog", href: "/shop/blog" },
  { key: "about", href: "/shop/about" },
  { key: "contact", href: "/shop/contact" },
];

/**
 * Every shop page's frame: header (store name, search, language, cart), the main navigation, the
 * page, and the footer with the store's contacts. Mobile first; no script of its own (the search is
 * a GET form, the language a link). The page body sits in the `shop` container so the sections'
 * mobile settings apply by the container's width (contract 1).
 */
export function ShopLayout({
  store,
  active,
  langHrefs,
  q,
  cart,
  children,
}: {
  store: StoreInfo;
  active: ShopNavKey;
  /** this page in each language (?lang=…) */
  langHrefs: { es: string; en: string };
  q?: string;
  /** the cart button (an island of the cart's helper) */
  cart?: ReactNode;
  children: ReactNode;
}) {
  const { t, lang } = useSiteT();
  return (
    <div className="shop-root flex min-h-screen flex-col" style={{ containerType: "inline-size", containerName: "shop" }}>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow">
        {t("storefront:nav.skip")}
      </a>
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <a href="/shop" className="mr-auto text-lg font-bold text-gray-900 no-underline sm:text-xl">
            {store.store_name}
          </a>
          <nav aria-label={t("storefront:lang.label")} className="flex items-center gap-1 text-sm">
            <a href={langHrefs.es} hrefLang="es" lang="es" aria-current={lang === "es" ? "true" : undefined} className={`rounded px-2 py-1 ${lang === "es" ? "font-semibold text-gray-900" : "text-gray-600 hover:text-gray-900"}`}>
              ES
              <span className="sr-only"> {t("storefront:lang.es")}</span>
            </a>
            <span aria-hidden="true" className="text-gray-300">
              |
            </span>
            <a href={langHrefs.en} hrefLang="en" lang="en" aria-current={lang === "en" ? "true" : undefined} className={`rounded px-2 py-1 ${lang === "en" ? "font-semibold text-gray-900" : "text-gray-600 hover:text-gray-900"}`}>
              EN
              <span className="sr-only"> {t("storefront:lang.en")}</span>
            </a>
          </nav>
          {cart}
          <search className="order-last w-full md:order-none md:w-80">
            <form action="/shop/products" method="get" className="flex">
            <label htmlFor="shop-search" className="sr-only">
              {t("storefront:search.label")}
            </label>
            <input
              id="shop-search"
              type="search"
              name="q"
              defaultValue={q}
              maxLength={100}
              placeholder={t("storefront:search.placeholder")}
              className="min-w-0 flex-1 rounded-l-md border border-gray-300 px-3 py-2 text-base focus:border-[var(--shop-primary)] focus:outline-none focus:ring-2 focus:ring-[var(--shop-primary)]/30"
            />
            <button type="submit" className="rounded-r-md bg-[var(--shop-primary)] px-4 py-2 text-sm font-medium text-white hover:opacity-90 focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:ring-[var(--shop-primary)]">
              {t("storefront:search.submit")}
            </button>
            </form>
          </search>
        </div>
        <nav aria-label={t("storefront:nav.main")} className="border-t border-gray-100">
          <ul className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-2 text-sm">
            {NAV.map((item) => (
              <li key={item.key} className="shrink-0">
                <a
                  href={item.href}
                  aria-current={active === item.key ? "page" : undefined}
                  className={`inline-block border-b-2 px-3 py-2.5 ${active === item.key ? "border-[var(--shop-primary)] font-semibold text-gray-900" : "border-transparent text-gray-600 hover:text-gray-900"}`}
                >
                  {t(`storefront:nav.${item.key}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
      <footer className="mt-12 border-t border-gray-200 bg-gray-50 text-sm text-gray-600">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:grid-cols-2">
          <div>
            <p className="font-semibold text-gray-900">{store.store_name}</p>
            {store.description ? <p className="mt-1 line-clamp-3">{store.description}</p> : null}
          </div>
          {store.phone || store.email || store.address ? (
          <div>
            <p className="font-semibold text-gray-900">{t("storefront:footer.contact")}</p>
            <ul className="mt-1 space-y-1">
              {store.phone ? (
                <li>
                  {t("storefront:footer.phone")}:{" "}
                  <a className="underline" href={`tel:${store.phone.replace(/[^\d+]/g, "")}`}>
                    {store.phone}
                  </a>
                </li>
              ) : null}
              {store.email ? (
                <li>
                  {t("storefront:footer.email")}:{" "}
                  <a className="underline" href={`mailto:${store.email}`}>
                    {store.email}
                  </a>
                </li>
              ) : null}
              {store.address ? (
                <li>
                  {t("storefront:footer.address")}: {store.address}
                </li>
              ) : null}
            </ul>
          </div>
          ) : null}
        </div>
        <p className="border-t border-gray-200 px-4 py-4 text-center text-xs">{t("storefront:footer.rights", { year: new Date().getFullYear(), store: store.store_name })}</p>
      </footer>
    </div>
  );
}

/** A page's heading block inside the layout. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-6 pb-2">
      <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{title}</h1>
      {children}
    </div>
  );
}
