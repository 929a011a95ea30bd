import { describe, expect, it } from "vitest";
import { type CommissionLineInput, lineCommission, sumMoney } from "./commission";

const base: CommissionLineInput = {
  amount: "1000.00",
  quantity: "2",
  orderStatus: "completed",
  product: { paysCommission: true, commissionType: "percentage", commissionValue: "5.00" },
  employee: { salaryType: "commission", commissionRate: "2.00" },
};

describe("lineCommission", () => {
  it("1. the employee's link to the product wins over everything else", () => {
    expect(lineCommission({ ...base, employeeProductPercentage: "10.00", employeeCategoryPercentage: "7.00" })).toEqual({
      commission: "100.00",
      source: "employee_product",
      percentage: "10.00",
    });
    // 0 % on the link is a real value: it earns nothing, it does not fall through.
    expect(lineCommission({ ...base, employeeProductPercentage: "0.00" })).toEqual({ commission: "0.00", source: "employee_product", percentage: "0.00" });
  });

  it("2. then the link to the product's category", () => {
    expect(lineCommission({ ...base, employeeCategoryPercentage: "7.50" })).toEqual({ commission: "75.00", source: "employee_category", percentage: "7.50" });
    // A product link left empty means "the product's own": the category link still comes first.
    expect(lineCommission({ ...base, employeeProductPercentage: null, employeeCategoryPercentage: "7.50" }).source).toBe("employee_category");
  });

  it("3. then the product's own commission: a percentage of the amount, or fixed per unit", () => {
    expect(lineCommission({ ...base, employeeProductPercentage: null, employeeCategoryPercentage: null })).toEqual({
      commission: "50.00",
      source: "product_percentage",
      percentage: "5.00",
    });
    const fixed = { ...base, product: { paysCommission: true, commissionType: "fixed", commissionValue: "35.50" }, quantity: "3" };
    expect(lineCommission(fixed)).toEqual({ commission: "106.50", source: "product_fixed", percentage: null });
    // Fixed per unit does not depend on the amount (a discount does not reduce it); fractional quantities round to cents.
    expect(lineCommission({ ...fixed, amount: "1.00", quantity: "0.333" }).commission).toBe("11.82");
  });

  it("4. then the employee's own rate, only when paid by commission or mixed", () => {
    const noProductCommission = { ...base, product: { paysCommission: false, commissionType: "percentage", commissionValue: "5.00" } };
    expect(lineCommission(noProductCommission)).toEqual({ commission: "20.00", source: "employee_rate", percentage: "2.00" });
    expect(lineCommission({ ...noProductCommission, employee: { salaryType: "mixed", commissionRate: "1.25" } }).commission).toBe("12.50");
    expect(lineCommission({ ...noProductCommission, employee: { salaryType: "monthly", commissionRate: "2.00" } })).toEqual({ commission: "0.00", source: "none", percentage: null });
    expect(lineCommission({ ...noProductCommission, employee: { salaryType: "hourly", commissionRate: "2.00" } }).source).toBe("none");
    expect(lineCommission({ ...noProductCommission, employee: { salaryType: "commission", commissionRate: null } }).source).toBe("none");
  });

  it("a product that pays commission stops the fall-through even at 0", () => {
    expect(lineCommission({ ...base, product: { paysCommission: true, commissionType: "percentage", commissionValue: "0.00" } })).toEqual({
      commission: "0.00",
      source: "product_percentage",
      percentage: "0.00",
    });
  });

  it("a cancelled order earns nothing, whatever the links say", () => {
    expect(lineCommission({ ...base, orderStatus: "cancelled", employeeProductPercentage: "50.00" })).toEqual({ commission: "0.00", source: "none", percentage: null });
  });

  it("decimal arithmetic, rounded half away from zero to cents", () => {
    // 0.1 + 0.2 problems never show: 333.33 x 3 % = 9.9999 -> 10.00; 10.05 x 5 % = 0.5025 -> 0.50; 0.10 x 5 % = 0.005 -> 0.01.
    expect(lineCommission({ ...base, amount: "333.33", employeeProductPercentage: "3.00" }).commission).toBe("10.00");
    expect(lineCommission({ ...base, amount: "10.05", employeeProductPercentage: "5.00" }).commission).toBe("0.50");
    expect(lineCommission({ ...base, amount: "0.10", employeeProductPercentage: "5.00" }).commission).toBe("0.01");
    expect(sumMoney(["0.10", "0.20", "0.30"])).toBe("0.60");
    expect(sumMoney([])).toBe("0.00");
  });
});
