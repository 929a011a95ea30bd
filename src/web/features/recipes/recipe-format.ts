import { useTranslation } from "react-i18next";
import type { UnitDescriptor } from "../../../shared/catalog/recipe-cost";
import { formatMoney } from "../../../shared/money/format";

/** A unit cost with its 6 decimals and the peso sign: 'RD$0.110231', 'RD$1,250.000000'. */
export function formatUnitCost(value: string): string {
  const negative = value.startsWith("-");
  const [int = "0", dec = ""] = value.replace("-", "").split(".");
  return `${negative ? "-" : ""}RD$${int.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${dec ? `.${dec}` : ""}`;
}

/** Money with 2 decimals (es-DO, RD$). */
export function useMoney() {
  const { i18n } = useTranslation();
  return (value: string | number | null | undefined) => formatMoney(value, i18n.language);
}

/** A unit's name in the user's language (standard units), else its stored name. */
export function useUnitName() {
  const { t } = useTranslation();
  return (unit: Pick<UnitDescriptor, "code" | "name"> | null | undefined) => (unit ? t(`units:names.${unit.code}`, { defaultValue: unit.name }) : "");
}
