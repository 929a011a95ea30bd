import type { OnlineCart } from "../../../shared/storefront/types";
import { useSiteT } from "../../public-site/i18n";
import { money } from "./cart-client";

/** Subtotal, ITBIS, shipping, discount (when any) and total of a cart or order, right-aligned. */
export function CartTotals({ totals, currency }: { totals: Pick<OnlineCart, "subtotal" | "tax_total" | "shipping_total" | "discount_total" | "total">; currency: string }) {
  const { t } = useSiteT();
  const row = (label: string, value: string, strong = false) => (
    <div className={`flex justify-between gap-4 ${strong ? "border-t border-gray-200 pt-2 text-lg font-bold text-gray-900" : "text-gray-700"}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
  return (
    <dl className="space-y-1 text-sm">
      {row(t("storefrontCart:totals.subtotal"), money(totals.subtotal, currency))}
      {row(t("storefrontCart:totals.tax"), money(totals.tax_total, currency))}
      {row(t("storefrontCart:totals.shipping"), money(totals.shipping_total, currency))}
      {Number(totals.discount_total) > 0 ? row(t("storefrontCart:totals.discount"), `-${money(totals.discount_total, currency)}`) : null}
      {row(t("storefrontCart:totals.total"), money(totals.total, currency), true)}
    </dl>
  );
}
