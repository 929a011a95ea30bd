import { boolean, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { money, percent, tenantKey, timestamps } from "../../db/columns";
import { users } from "../auth/tables";
import { products } from "../product/tables";
import { productCategories } from "../product-category/tables";

export const employees = pgTable(
  "employees",
  {
    ...tenantKey(),
    /** EMP-001 */
    code: text("code").notNull(),
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
    address: text("address"),
    identification: text("identification"),
    birthDate: date("birth_date"),
    emergencyContact: text("emergency_contact"),
    emergencyPhone: text("emergency_phone"),
    department: text("department"),
    /** free-text title */
    position: text("position"),
    /** owner | manager | cashier | seller | accountant | warehouse_staff | supervisor | assistant | other */
    jobPosition: text("job_position").notNull().default("other"),
    hireDate: date("hire_date"),
    /** hourly | monthly | commission | mixed */
    salaryType: text("salary_type").notNull().default("monthly"),
    baseSalary: money("base_salary").notNull().default("0"),
    commissionRate: percent("commission_rate"),
    userId: uuid("user_id"),
    isActive: boolean("is_active").notNull().default(true),
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("employees_code_key").on(t.tenantId, t.code),
    index("employees_user_idx").on(t.tenantId, t.userId),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/** Products an employee sells or performs, with an optional commission percentage (null: the product's own). */
export const employeeProducts = pgTable(
  "employee_products",
  {
    ...tenantKey(),
    employeeId: uuid("employee_id").notNull(),
    productId: uuid("product_id").notNull(),
    commissionPercentage: percent("commission_percentage"),
    /** appointments (the employee service assignment): overrides of the service's duration, price and buffers */
    durationOverride: integer("duration_override"),
    priceOverride: money("price_override"),
    bufferBeforeOverride: integer("buffer_before_override"),
    bufferAfterOverride: integer("buffer_after_override"),
    maxConcurrentBookings: integer("max_concurrent_bookings").notNull().default(1),
    /** an inactive assignment keeps its settings but the employee is not booked for the service */
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamps().createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("employee_products_key").on(t.tenantId, t.employeeId, t.productId),
    index("employee_products_product_idx").on(t.tenantId, t.productId),
    foreignKey({ columns: [t.tenantId, t.employeeId], foreignColumns: [employees.tenantId, employees.id] }),
    foreignKey({ columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id] }),
  ],
);

export const employeeCategories = pgTable(
  "employee_categories",
  {
    ...tenantKey(),
    employeeId: uuid("employee_id").notNull(),
    categoryId: uuid("category_id").notNull(),
    commissionPercentage: percent("commission_percentage"),
    createdAt: timestamps().createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("employee_categories_key").on(t.tenantId, t.employeeId, t.categoryId),
    foreignKey({ columns: [t.tenantId, t.employeeId], foreignColumns: [employees.tenantId, employees.id] }),
    foreignKey({ columns: [t.tenantId, t.categoryId], foreignColumns: [productCategories.tenantId, productCategories.id] }),
  ],
);
