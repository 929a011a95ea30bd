import type { inferRouterOutputs } from "@trpc/server";
import { formatMoney } from "../../../shared/money/format";
import type { AppRouter } from "../../app/trpc";
import i18n from "../../lib/i18n";

type Outputs = inferRouterOutputs<AppRouter>;
/** An employee with its links, as employee.getById returns it. */
export type Employee = Outputs["employee"]["getById"];
export type EmployeeRow = Outputs["employee"]["getAll"]["data"][number];
export type ProductLink = Employee["products"][number];
export type CategoryLink = Employee["categories"][number];
export type CommissionReport = Outputs["commission"]["report"];
export type CommissionReportRow = CommissionReport["employees"][number];
export type CommissionLine = Outputs["commission"]["lines"]["data"][number];

/** A percentage '12.50' shown as '12.5' (no trailing zeros), in the language's number style. */
export function formatPercent(value: string | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  return new Intl.NumberFormat(i18n.language === "en" ? "en-US" : "es-DO", { maximumFractionDigits: 2 }).format(value as `${number}`);
}

/** RD$1,234.50 */
export function pesos(value: string | null | undefined): string {
  return formatMoney(value ?? "0", i18n.language);
}

/** A percentage as typed in the links' inputs ('' when empty), from the stored '12.50'. */
export function percentInput(value: string | null | undefined): string {
  if (value === null || value === undefined) return "";
  return value.replace(/\.?0+$/, "");
}

/** The product's own commission, for the hint under a link: 'Producto: 5 %', 'Producto: RD$25.00 fijo por unidad'. */
export function productCommissionText(p: { paysCommission: boolean; commissionType: string; commissionValue: string }, t: (key: string, vars?: Record<string, unknown>) => string): string {
  if (!p.paysCommission) return t("employees:commissions.productCommission.none");
  return p.commissionType === "fixed"
    ? t("employees:commissions.productCommission.fixed", { value: pesos(p.commissionValue) })
    : t("employees:commissions.productCommission.percentage", { value: formatPercent(p.commissionValue) });
}
