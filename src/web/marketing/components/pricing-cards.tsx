import { formatMoney } from "../../../shared/money/format";
import type { PricingCard } from "../../../shared/platform/pricing";
import { useSiteT } from "../../public-site/i18n";
import { CheckIcon } from "./icons";
import { useNsT } from "./text";

/**
 * The form builder's and POS page's pricing cards, built on the server from the plans of
 * onboarding.getProductPricing (or the static fallback): card texts are catalog keys.
 */
export function PricingCards({ cards, href }: { cards: PricingCard[]; href: string }) {
  const { t } = useSiteT();
  const { m } = useNsT("marketing");
  return (
    <ul className="grid gap-6 md:grid-cols-3" data-pricing-cards="">
      {cards.map((card) => {
        const name = t(card.name);
        const isFree = card.price !== null && Number(card.price) === 0;
        const label = isFree ? m("pricing.startTrial") : card.action === "none" ? m("pricing.contactSales") : m("pricing.choose", { plan: name });
        return (
          <li
            key={card.key}
            data-plan={card.key}
            className={`relative flex flex-col rounded-2xl border bg-white p-6 ${card.highlighted ? "border-indigo-700 shadow-xl ring-2 ring-indigo-700" : "border-slate-200"}`}
          >
            {card.badge || card.highlighted ? (
              <p className="absolute -top-3 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-indigo-700 px-3 py-1 text-xs font-semibold text-white">
                {card.badge ? t(card.badge) : m("pricing.popular")}
              </p>
            ) : null}
            <h3 className="text-lg font-semibold text-slate-900">{name}</h3>
            <p className="mt-1 text-sm text-slate-700">{t(card.description)}</p>
            <p className="mt-4 flex items-baseline gap-1">
              {card.price === null ? (
                <span className="text-3xl font-bold text-slate-900">{m("pricing.custom")}</span>
              ) : (
                <>
                  {card.priceFrom ? <span className="text-sm text-slate-700">{m("pricing.from")}</span> : null}
                  <span className="text-3xl font-bold text-slate-900" data-price="">
                    {formatMoney(card.price, "en", "USD")}
                    {card.priceFrom ? "+" : ""}
                  </span>
                  <span className="text-slate-700">{m("pricing.perMonth")}</span>
                </>
              )}
            </p>
            {card.billedAnnually ? (
              <p className="mt-1 text-sm text-slate-700">
                {m("pricing.billedAnnually")} · {m("pricing.yearlyTotal", { total: formatMoney(card.yearlyTotal, "en", "USD") })}
                {card.discountPercent ? (
                  <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">{m("pricing.discount", { percent: card.discountPercent })}</span>
                ) : null}
              </p>
            ) : null}
            <ul className="mt-6 flex flex-1 flex-col gap-2">
              {card.features.map((f) => (
                <li key={f} className="flex gap-2 text-sm text-slate-800">
                  <CheckIcon className="mt-0.5 shrink-0 text-indigo-700" />
                  {t(f)}
                </li>
              ))}
            </ul>
            {card.action === "none" ? (
              <button type="button" className="mt-6 rounded-lg border border-slate-300 px-4 py-2.5 font-semibold text-slate-900 hover:bg-slate-50">
                {label}
              </button>
            ) : (
              <a
                href={href}
                className={`mt-6 rounded-lg px-4 py-2.5 text-center font-semibold ${card.highlighted ? "bg-indigo-700 text-white hover:bg-indigo-800" : "border border-slate-300 text-slate-900 hover:bg-slate-50"}`}
              >
                {label}
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
