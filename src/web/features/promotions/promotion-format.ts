import type { inferRouterOutputs } from "@trpc/server";
import type { TFunction } from "i18next";
import { formatMoney } from "../../../shared/money/format";
import { DEFAULT_BUNDLE_UNITS } from "../../../shared/promotions/schemas";
import type { AppRouter } from "../../app/trpc";

/** A promotion as promotion.getById returns it (with its products and categories). */
export type Promotion = inferRouterOutputs<AppRouter>["promotion"]["getById"];
export type PromotionRow = inferRouterOutputs<AppRouter>["promotion"]["getAll"]["data"][number];

/** '10', '12.5': a percent without trailing zeros. */
export function plainNumber(value: string | null | undefined): string {
  if (!value) return "0";
  return value.includes(".") ? value.replace(/0+$/, "").replace(/\.$/, "") : value;
}

/** '10 % de descuento', 'Compra 1, lleva 1 gratis', 'RD$ 15.00 menos por unidad'. */
export function promotionSummary(t: TFunction, p: Pick<PromotionRow, "type" | "discount" | "param1" | "param2">, lang: string): string {
  switch (p.type) {
    case "buy_x_get_y":
      return t("promotions:summary.buy_x_get_y", { x: p.param1 ?? 1, y: p.param2 ?? 1 });
    case "fixed_amount_discount":
      return t("promotions:summary.fixed_amount_discount", { discount: formatMoney(p.discount, lang) });
    case "bundle_discount":
      return t("promotions:summary.bundle_discount", { discount: plainNumber(p.discount), units: p.param1 ?? DEFAULT_BUNDLE_UNITS });
    case "second_unit_discount":
      return t("promotions:summary.second_unit_discount", { discount: plainNumber(p.discount) });
    default:
      return t("promotions:summary.percentage_discount", { discount: plainNumber(p.discount) });
  }
}
