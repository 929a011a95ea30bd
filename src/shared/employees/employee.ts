import { z } from "zod";
import { decimal, money, optionalDecimal } from "../catalog/decimal";
import { isCalendarDate } from "../platform/dates";
import { pageNumber } from "../platform/pagination";
import { wholeNumber } from "../platform/whole-number";

/**
 * Employees (spec 01 §3 'Employee', §5 'Employee form', §7 employee.*, §9 constants).
 * One schema for the form (react-hook-form) and the server. Field names are the spec's
 * (snake_case). Messages are i18n keys. Empty optional strings become absent; money and
 * percentages are decimal strings, never floats.
 */

export const JOB_POSITIONS = ["owner", "manager", "cashier", "seller", "accountant", "warehouse_staff", "supervisor", "assistant", "other"] as const;
export type JobPosition = (typeof JOB_POSITIONS)[number];

export const SALARY_TYPES = ["hourly", "monthly", "commission", "mixed"] as const;
export type SalaryType = (typeof SALARY_TYPES)[number];

/** commission_rate applies (and shows on the form) only for these salary types. */
export const COMMISSION_SALARY_TYPES: readonly SalaryType[] = ["commission", "mixed"];
export const usesCommissionRate = (salaryType: string | null | undefined): boolean => COMMISSION_SALARY_TYPES.includes(salaryType as SalaryType);

/** The employee list: page 1 of 20, search debounced 300 ms. */
export const EMPLOYEE_LIST = { page: 1, pageSize: 20, debounceMs: 300 } as const;
/** The product picker of the commissions card: debounce 500 ms, page size 50 (spec 01 §9). */
export const EMPLOYEE_PRODUCT_PICKER = { pageSize: 50, debounceMs: 500 } as const;
/** Codes the server gives when none is typed: EMP-001, EMP-002… */
export const EMPLOYEE_CODE = { sequenceKey: "employee", prefix: "EMP-", width: 3 } as const;
/** The most links one employee may have of each kind. */
export const MAX_EMPLOYEE_LINKS = 1000;

const M = {
  nameRequired: "errors:nameRequired",
  invalidEmail: "employees:validation.invalidEmail",
  invalidDate: "employees:validation.invalidDate",
  invalidAmount: "employees:validation.invalidAmount",
  invalidPercent: "employees:validation.invalidPercent",
  invalidUser: "employees:validation.invalidUser",
  tooLong: "employees:validation.tooLong",
  duplicateProduct: "employees:validation.duplicateProduct",
  duplicateCategory: "employees:validation.duplicateCategory",
  tooManyLinks: "employees:validation.tooManyLinks",
  dateRange: "employees:validation.dateRange",
} as const;

/** '' and null mean "no value": the field is left out. */
const absentIfBlank = <T>(v: T | null | undefined): T | undefined => (v === null || v === undefined || v === "" ? undefined : v);

const optionalText = (max: number) => z.string().trim().max(max, M.tooLong).nullish().transform(absentIfBlank);

const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(200, M.tooLong)
  .refine((v) => v === "" || z.regexes.email.test(v), M.invalidEmail)
  .nullish()
  .transform(absentIfBlank);

export { isCalendarDate } from "../platform/dates";

const calendarDate = z.string({ error: M.invalidDate }).trim().refine(isCalendarDate, M.invalidDate);

const optionalDate = z
  .string()
  .trim()
  .refine((v) => v === "" || isCalendarDate(v), M.invalidDate)
  .nullish()
  .transform(absentIfBlank);

/** A non-negative decimal string, 2 decimals, up to max; commas are thousands separators. */
/** An optional non-negative decimal up to `max`, rounded half up to 2 places; blank is absent. */
const optionalTwoPlaces = (max: string, message: string) => optionalDecimal(decimal({ scale: 2, min: 0, max, message }));

/** A percentage 0–100 as '12.50', or null when left empty (the link then uses the product's commission). */
export const optionalPercent = optionalTwoPlaces("100", M.invalidPercent).transform((v) => v ?? null);

/** A uuid, or ''/'none'/null for "no linked user". */
const userLink = z
  .union([z.string().uuid(M.invalidUser), z.literal(""), z.literal("none"), z.null()], { error: M.invalidUser })
  .optional()
  .transform((v) => (v && v !== "none" ? v : undefined));

const name = z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(150, M.tooLong);

/** Every employee field of the spec, with the form's defaults. */
const employeeShape = {
  /** EMP-001; generated when absent */
  code: optionalText(30),
  name,
  email: optionalEmail,
  phone: optionalText(40),
  address: optionalText(300),
  identification: optionalText(30),
  birth_date: optionalDate,
  emergency_contact: optionalText(150),
  emergency_phone: optionalText(40),
  department: optionalText(100),
  /** free-text title */
  position: optionalText(100),
  job_position: z.enum(JOB_POSITIONS).optional().default("other"),
  hire_date: optionalDate,
  salary_type: z.enum(SALARY_TYPES).optional().default("monthly"),
  /** RD$, decimal string */
  base_salary: optionalDecimal(money(M.invalidAmount)).transform((v) => v ?? "0.00"),
  /** percent 0–100; kept only for salary_type commission or mixed */
  commission_rate: optionalTwoPlaces("100", M.invalidPercent),
  /** 'none' or absent: no linked user */
  user_id: userLink,
  is_active: z.boolean().optional(),
};

/** Leaves out the keys without a value, so empty optional strings are not in the payload at all. */
function withoutAbsent<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** commission_rate means nothing for hourly or monthly pay: it is dropped. */
function normalize<T extends { salary_type: SalaryType; commission_rate?: string }>(value: T): T {
  return withoutAbsent(usesCommissionRate(value.salary_type) ? value : { ...value, commission_rate: undefined });
}

/** employee.create: the form's payload; returns {id}. */
export const employeeInput = z.object(employeeShape).transform(normalize);
export type EmployeeInput = z.output<typeof employeeInput>;
export type EmployeeFormValues = z.input<typeof employeeInput>;

/** employee.update: the whole form again plus id; optional fields left out are cleared (code and is_active are kept). */
export const employeeUpdateInput = z.object({ ...employeeShape, id: z.string().uuid() }).transform(normalize);
export type EmployeeUpdateInput = z.output<typeof employeeUpdateInput>;

export const employeeIdInput = z.object({ id: z.string().uuid() });

/** employee.getAll: {search, page, pageSize, showInactive}. */
export const employeeListInput = z.object({
  search: z.string().trim().max(200).optional().default(""),
  page: pageNumber().optional().default(EMPLOYEE_LIST.page),
  pageSize: wholeNumber(1, 200).optional().default(EMPLOYEE_LIST.pageSize),
  showInactive: z.boolean().optional().default(false),
});
export type EmployeeListInput = z.infer<typeof employeeListInput>;

export const employeeByServiceInput = z.object({ serviceId: z.string().uuid() });

/** employee.updateProducts: the whole set of product links (replaces the previous one). */
export const employeeProductsInput = z.object({
  employeeId: z.string().uuid(),
  products: z
    .array(z.object({ productId: z.string().uuid(), commissionPercentage: optionalPercent }))
    .max(MAX_EMPLOYEE_LINKS, M.tooManyLinks)
    .refine((list) => new Set(list.map((p) => p.productId)).size === list.length, M.duplicateProduct),
});
export type EmployeeProductsInput = z.output<typeof employeeProductsInput>;

/** employee.updateCategories: the whole set of category links (replaces the previous one). */
export const employeeCategoriesInput = z.object({
  employeeId: z.string().uuid(),
  categories: z
    .array(z.object({ categoryId: z.string().uuid(), commissionPercentage: optionalPercent }))
    .max(MAX_EMPLOYEE_LINKS, M.tooManyLinks)
    .refine((list) => new Set(list.map((c) => c.categoryId)).size === list.length, M.duplicateCategory),
});
export type EmployeeCategoriesInput = z.output<typeof employeeCategoriesInput>;

/** commission.report / commission.export: a period of business dates (inclusive) and optionally one employee. */
export const commissionReportInput = z
  .object({ from: calendarDate, to: calendarDate, employeeId: z.string().uuid().optional() })
  .refine((v) => v.from <= v.to, { message: M.dateRange, path: ["to"] });
export type CommissionReportInput = z.infer<typeof commissionReportInput>;

/** commission.lines: the sale lines behind one employee's row of the report, paged. */
export const commissionLinesInput = z
  .object({
    from: calendarDate,
    to: calendarDate,
    employeeId: z.string().uuid(),
    page: pageNumber().optional().default(1),
    pageSize: wholeNumber(1, 200).optional().default(50),
  })
  .refine((v) => v.from <= v.to, { message: M.dateRange, path: ["to"] });
export type CommissionLinesInput = z.infer<typeof commissionLinesInput>;
