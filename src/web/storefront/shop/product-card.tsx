import type { ReactNode } from "react";
import { formatMoney } from "../../../shared/money/format";
import type { StoreProductCard } from "../../../shared/storefront/types";
import { useSiteT } from "../../public-site/i18n";
import { productHref } from "./urls";

/** The online price, the struck 'before' price and the discount badge of a product. */
export function ProductPrice({ card, currency, size = "md" }: { card: StoreProductCard; currency: string; size?: "md" | "lg" }) {
  const { t, lang } = useSiteT();
  return (
    <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      <span className={`font-bold text-gray-900 ${size === "lg" ? "text-3xl" : "text-base"}`} data-testid="product-price">
        {formatMoney(card.online_price, lang, currency)}
      </span>
      {card.original_price ? (
        <span className={`text-gray-500 line-through ${size === "lg" ? "text-lg" : "text-sm"}`}>
          <span className="sr-only">{t("storefront:product.before")} </span>
          {formatMoney(card.original_price, lang, currency)}
        </span>
      ) : null}
    </div>
  );
}

/** A product's picture, or a neutral box with its initial when it has none. */
export function ProductImage({ card, eager, className }: { card: StoreProductCard; eager?: boolean; className?: string }) {
  const { t } = useSiteT();
  if (!card.image_url)
    return (
      <div className={`flex items-center justify-center bg-gray-100 text-4xl font-semibold text-gray-400 ${className ?? ""}`} role="img" aria-label={t("storefront:product.noImage")}>
        {card.name.trim().charAt(0).toUpperCase()}
      </div>
    );
  return (
    <img
      src={card.image_url}
      alt={card.name}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
      width={600}
      height={600}
      className={`object-cover ${className ?? ""}`}
    />
  );
}

/**
 * A product card (spec fields: name, image, category, online price, struck original price and
 * discount percentage; 'Agotado' when out of stock). `action` is its add-to-cart button.
 */
export function ProductCard({ card, currency, eager, action }: { card: StoreProductCard; currency: string; eager?: boolean; action?: ReactNode }) {
  const { t } = useSiteT();
  return (
    <li className="group flex flex-col overflow-hidden rounded-lg border border-gray-200 bg-white" data-testid="product-card">
      <a href={productHref(card.product_id)} className="relative block focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--shop-primary)]">
        <ProductImage card={card} eager={eager} className="aspect-square w-full" />
        {card.discount_percentage ? (
          <span className="absolute left-2 top-2 rounded bg-red-600 px-2 py-0.5 text-xs font-bold text-white">{t("storefront:product.discount", { pct: card.discount_percentage })}</span>
        ) : null}
        {!card.in_stock ? <span className="absolute right-2 top-2 rounded bg-gray-900/80 px-2 py-0.5 text-xs font-semibold text-white">{t("storefront:product.outOfStock")}</span> : null}
      </a>
      <div className="flex flex-1 flex-col gap-1 p-3">
        {card.category_name ? <p className="text-xs uppercase tracking-wide text-gray-500">{card.category_name}</p> : null}
        <h3 className="line-clamp-2 text-sm font-medium text-gray-900 sm:text-base">
          <a href={productHref(card.product_id)} className="hover:underline">
            {card.name}
          </a>
        </h3>
        <div className="mt-auto pt-1">
          <ProductPrice card={card} currency={currency} />
        </div>
        {action ? <div className="pt-2">{action}</div> : null}
      </div>
    </li>
  );
}

/** A grid of cards: 2 columns on a phone, up to 4 on a wide screen. The first row loads eagerly. */
export function ProductGrid({ cards, currency, action }: { cards: StoreProductCard[]; currency: string; action?: (card: StoreProductCard) => ReactNode }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
      {cards.map((card, i) => (
        <ProductCard key={card.id} card={card} currency={currency} eager={i < 2} action={action?.(card)} />
      ))}
    </ul>
  );
}
