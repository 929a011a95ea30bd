import Big from "big.js";

/**
 * The commission a seller earns on one sale line. The report computes the same rule in one
 * SQL query (src/server/modules/employee/commission.ts); its tests check both agree.
 *
 * For a line sold by employee E of product P (category C), on the line's amount (its base
 * after discount, before tax), the first that applies:
 *  1. E's link to P with a percentage                      -> that percent of the amount
 *  2. E's link to C with a percentage                      -> that percent of the amount
 *     (a link left empty means "the product's own": it falls through)
 *  3. P pays commission, type 'percentage'                 -> commission_value percent of the amount
 *     P pays commission, type 'fixed'                      -> commission_value x quantity
 *  4. E is paid by commission or mixed, with a rate        -> commission_rate percent of the amount
 *  5. otherwise                                            -> 0
 * A line of a cancelled order earns nothing. Results are rounded to cents, half away from zero.
 */

export const COMMISSION_SOURCES = ["employee_product", "employee_category", "product_percentage", "product_fixed", "employee_rate", "none"] as const;
export type CommissionSource = (typeof COMMISSION_SOURCES)[number];

export interface CommissionLineInput {
  /** The line's base after discount, before tax (decimal string). */
  amount: string;
  quantity: string;
  /** orders.status: 'completed' | 'cancelled' */
  orderStatus: string;
  /** E's link to the product: undefined when there is no link, null when its percentage is empty. */
  employeeProductPercentage?: string | null;
  /** E's link to the product's category, the same way. */
  employeeCategoryPercentage?: string | null;
  product: { paysCommission: boolean; commissionType: string; commissionValue: string };
  employee: { salaryType: string; commissionRate: string | null };
}

export interface CommissionLineResult {
  /** decimal string, 2 places */
  commission: string;
  source: CommissionSource;
  /** The percentage applied; null for a fixed amount or no commission. */
  percentage: string | null;
}

const percentOf = (amount: string, percent: string) => new Big(amount).times(percent).div(100).round(2, Big.roundHalfUp).toFixed(2);

const hasValue = (v: string | null | undefined): v is string => v !== null && v !== undefined && v !== "";

export function lineCommission(line: CommissionLineInput): CommissionLineResult {
  if (line.orderStatus === "cancelled") return { commission: "0.00", source: "none", percentage: null };
  if (hasValue(line.employeeProductPercentage)) {
    return { commission: percentOf(line.amount, line.employeeProductPercentage), source: "employee_product", percentage: line.employeeProductPercentage };
  }
  if (hasValue(line.employeeCategoryPercentage)) {
    return { commission: percentOf(line.amount, line.employeeCategoryPercentage), source: "employee_category", percentage: line.employeeCategoryPercentage };
  }
  if (line.product.paysCommission) {
    if (line.product.commissionType === "fixed") {
      return { commission: new Big(line.product.commissionValue).times(line.quantity).round(2, Big.roundHalfUp).toFixed(2), source: "product_fixed", percentage: null };
    }
    return { commission: percentOf(line.amount, line.product.commissionValue), source: "product_percentage", percentage: line.product.commissionValue };
  }
  if ((line.employee.salaryType === "commission" || line.employee.salaryType === "mixed") && hasValue(line.employee.commissionRate)) {
    return { commission: percentOf(line.amount, line.employee.commissionRate), source: "employee_rate", percentage: line.employee.commissionRate };
  }
  return { commission: "0.00", source: "none", percentage: null };
}

/** The sum of decimal strings, 2 places. */
export function sumMoney(values: readonly string[]): string {
  return values.reduce((acc, v) => acc.plus(v), new Big(0)).toFixed(2);
}
