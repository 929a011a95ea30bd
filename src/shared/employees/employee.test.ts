import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { translate } from "../i18n/translate";
import { COMMISSION_SOURCES } from "./commission";
import { employeeInput, employeeProductsInput, isCalendarDate, JOB_POSITIONS, SALARY_TYPES, usesCommissionRate } from "./employee";

describe("employeeInput (the form and employee.create)", () => {
  it("the spec's defaults: job_position other, salary_type monthly, base_salary 0, no user", () => {
    expect(employeeInput.parse({ name: "Pedro" })).toEqual({ name: "Pedro", job_position: "other", salary_type: "monthly", base_salary: "0.00" });
  });

  it("empty optional strings and user 'none' are absent from the payload", () => {
    const parsed = employeeInput.parse({ name: " Ana ", email: "", phone: "  ", birth_date: "", user_id: "none", base_salary: "", is_active: true });
    expect(parsed).toEqual({ name: "Ana", job_position: "other", salary_type: "monthly", base_salary: "0.00", is_active: true });
    expect(Object.keys(parsed)).not.toContain("email");
    expect(Object.keys(parsed)).not.toContain("user_id");
  });

  it("commission_rate is kept only for commission or mixed pay", () => {
    expect(employeeInput.parse({ name: "A", salary_type: "hourly", commission_rate: "5" })).not.toHaveProperty("commission_rate");
    expect(employeeInput.parse({ name: "A", salary_type: "mixed", commission_rate: "5" }).commission_rate).toBe("5.00");
    expect(usesCommissionRate("commission")).toBe(true);
    expect(usesCommissionRate("monthly")).toBe(false);
  });

  it("email valid or empty; name required", () => {
    expect(employeeInput.safeParse({ name: "A", email: "a@b" }).success).toBe(false);
    expect(employeeInput.safeParse({ name: "" }).error?.issues[0]?.message).toBe("errors:nameRequired");
  });

  it("calendar dates are real days", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2023-02-29")).toBe(false);
    expect(isCalendarDate("29/02/2024")).toBe(false);
  });

  it("link percentages: empty is null (the product's own), else 0-100 with 2 decimals", () => {
    const id = "0190a7f0-0000-7000-8000-000000000001";
    expect(employeeProductsInput.parse({ employeeId: id, products: [{ productId: id, commissionPercentage: "" }] }).products[0]?.commissionPercentage).toBeNull();
    expect(employeeProductsInput.parse({ employeeId: id, products: [{ productId: id }] }).products[0]?.commissionPercentage).toBeNull();
    expect(employeeProductsInput.parse({ employeeId: id, products: [{ productId: id, commissionPercentage: "12.345" }] }).products[0]?.commissionPercentage).toBe("12.35");
    expect(employeeProductsInput.safeParse({ employeeId: id, products: [{ productId: id, commissionPercentage: "100.5" }] }).success).toBe(false);
  });
});

describe("catalog keys built from enumerations", () => {
  it("every job position, salary type and commission rule has a label in es and en", () => {
    const keys = [
      ...JOB_POSITIONS.map((x) => `employees:jobPositions.${x}`),
      ...SALARY_TYPES.map((x) => `employees:salaryTypes.${x}`),
      ...COMMISSION_SOURCES.map((x) => `employees:report.sources.${x}`),
    ];
    for (const lang of ["es", "en"]) for (const key of keys) expect(translate(lang, key), `${lang} ${key}`).not.toBe(key);
    expect(translate("es", "employees:jobPositions.warehouse_staff")).toBe("Personal de almacén");
    expect(translate("en", "employees:toast.createError")).toBe("Failed to create employee");
    expect(translate("es", "employees:toast.productsError")).toBe("No se pudieron actualizar los productos");
  });
});

describe("every 'employees:…' key written in the module's code exists in es and en", () => {
  it("schemas, server errors and the export's headers", () => {
    const here = path.dirname(new URL(import.meta.url).pathname);
    const folders = [here, path.resolve(here, "../../server/modules/employee")];
    const keys = new Set<string>();
    for (const folder of folders) {
      for (const file of readdirSync(folder).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))) {
        for (const m of readFileSync(path.join(folder, file), "utf8").matchAll(/"(employees:[A-Za-z0-9_.]+)"/g)) keys.add(m[1]!);
      }
    }
    expect(keys.size).toBeGreaterThan(10);
    const missing = [...keys].flatMap((k) => ["es", "en"].filter((l) => translate(l, k) === k).map((l) => `${l}:${k}`));
    expect(missing).toEqual([]);
  });
});
