import { TRPCError } from "@trpc/server";
import { and, asc, count, eq, ilike, inArray, ne, notInArray, or, type SQL, sql } from "drizzle-orm";
import {
  EMPLOYEE_CODE,
  type EmployeeCategoriesInput,
  type EmployeeInput,
  type EmployeeListInput,
  type EmployeeProductsInput,
  type EmployeeUpdateInput,
} from "../../../shared/employees/employee";
import { likePattern, offsetOf, pageOf } from "../../../shared/platform/pagination";
import type { Tx } from "../../db/client";
import { newId } from "../../ids";
import { isForeignKeyViolation, isUniqueViolation, notFound, Translatable } from "../../trpc/errors";
import { users } from "../auth/tables";
import { products } from "../product/tables";
import { productCategories } from "../product-category/tables";
import { nextDocumentNumber } from "../sequence/service";
import { employeeCategories, employeeProducts, employees } from "./tables";

/** An employee as the screens read it: the spec's field names (snake_case), money and percentages as decimal strings. */
const columns = {
  id: employees.id,
  code: employees.code,
  name: employees.name,
  email: employees.email,
  phone: employees.phone,
  address: employees.address,
  identification: employees.identification,
  birth_date: employees.birthDate,
  emergency_contact: employees.emergencyContact,
  emergency_phone: employees.emergencyPhone,
  department: employees.department,
  position: employees.position,
  job_position: employees.jobPosition,
  hire_date: employees.hireDate,
  salary_type: employees.salaryType,
  base_salary: employees.baseSalary,
  commission_rate: employees.commissionRate,
  user_id: employees.userId,
  user_name: users.name,
  user_email: users.email,
  is_active: employees.isActive,
  deactivated_at: employees.deactivatedAt,
  created_at: employees.createdAt,
  updated_at: employees.updatedAt,
};

const userJoin = and(eq(users.tenantId, employees.tenantId), eq(users.id, employees.userId));

function conflict(key: string, vars: Record<string, unknown>): TRPCError {
  return new TRPCError({ code: "CONFLICT", message: key, cause: new Translatable(key, vars) });
}

/** The tenant's employees by name; search matches name, code, email, phone, identification, department and position. */
export async function findEmployees(tx: Tx, tenantId: string, input: EmployeeListInput) {
  const filters: (SQL | undefined)[] = [eq(employees.tenantId, tenantId)];
  if (!input.showInactive) filters.push(eq(employees.isActive, true));
  if (input.search) {
    const pattern = likePattern(input.search);
    filters.push(
      or(
        ilike(employees.name, pattern),
        ilike(employees.code, pattern),
        ilike(employees.email, pattern),
        ilike(employees.phone, pattern),
        ilike(employees.identification, pattern),
        ilike(employees.department, pattern),
        ilike(employees.position, pattern),
      ),
    );
  }
  const where = and(...filters);
  const [total] = await tx.select({ n: count() }).from(employees).where(where);
  const rows = await tx
    .select(columns)
    .from(employees)
    .leftJoin(users, userJoin)
    .where(where)
    .orderBy(asc(sql`lower(${employees.name})`), asc(employees.code))
    .limit(input.pageSize)
    .offset(offsetOf(input.page, input.pageSize));
  return pageOf(rows, total?.n ?? 0, input.page, input.pageSize);
}

async function getEmployeeRow(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select(columns)
    .from(employees)
    .leftJoin(users, userJoin)
    .where(and(eq(employees.tenantId, tenantId), eq(employees.id, id)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** The product links with what the commissions card shows of each product (its own commission too). */
export function findEmployeeProducts(tx: Tx, tenantId: string, employeeId: string) {
  return tx
    .select({
      productId: employeeProducts.productId,
      commissionPercentage: employeeProducts.commissionPercentage,
      name: products.name,
      sku: products.sku,
      price: products.price,
      categoryId: products.categoryId,
      isScheduleable: products.isScheduleable,
      paysCommission: products.paysCommission,
      commissionType: products.commissionType,
      commissionValue: products.commissionValue,
      isDeleted: sql<boolean>`${products.deletedAt} is not null`,
    })
    .from(employeeProducts)
    .innerJoin(products, and(eq(products.tenantId, employeeProducts.tenantId), eq(products.id, employeeProducts.productId)))
    .where(and(eq(employeeProducts.tenantId, tenantId), eq(employeeProducts.employeeId, employeeId)))
    .orderBy(asc(sql`lower(${products.name})`), asc(products.sku));
}

export function findEmployeeCategories(tx: Tx, tenantId: string, employeeId: string) {
  return tx
    .select({
      categoryId: employeeCategories.categoryId,
      commissionPercentage: employeeCategories.commissionPercentage,
      name: productCategories.name,
      code: productCategories.code,
      isActive: productCategories.isActive,
    })
    .from(employeeCategories)
    .innerJoin(productCategories, and(eq(productCategories.tenantId, employeeCategories.tenantId), eq(productCategories.id, employeeCategories.categoryId)))
    .where(and(eq(employeeCategories.tenantId, tenantId), eq(employeeCategories.employeeId, employeeId)))
    .orderBy(asc(sql`lower(${productCategories.name})`), asc(productCategories.code));
}

/** employee.getById: the employee with its product and category links. */
export async function getEmployee(tx: Tx, tenantId: string, id: string) {
  const employee = await getEmployeeRow(tx, tenantId, id);
  const [productLinks, categoryLinks] = await Promise.all([findEmployeeProducts(tx, tenantId, id), findEmployeeCategories(tx, tenantId, id)]);
  return { ...employee, products: productLinks, categories: categoryLinks };
}

/** Codes are unique per tenant, compared without regard to case. */
async function isCodeTaken(tx: Tx, tenantId: string, code: string, exceptId?: string): Promise<boolean> {
  const [clash] = await tx
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.tenantId, tenantId), sql`lower(${employees.code}) = lower(${code})`, exceptId ? ne(employees.id, exceptId) : undefined))
    .limit(1);
  return !!clash;
}

/** The next free EMP-nnn: the sequence skips codes somebody typed by hand. */
async function nextEmployeeCode(tx: Tx, tenantId: string): Promise<string> {
  for (;;) {
    const code = await nextDocumentNumber(tx, tenantId, EMPLOYEE_CODE.sequenceKey, EMPLOYEE_CODE.prefix, EMPLOYEE_CODE.width);
    if (!(await isCodeTaken(tx, tenantId, code))) return code;
  }
}

/** A linked user must be one of the tenant's (else NOT_FOUND) and linked to no other active employee. */
async function assertUserLinkable(tx: Tx, tenantId: string, userId: string | undefined, exceptId?: string) {
  if (!userId) return;
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  if (!user) throw notFound();
  const [other] = await tx
    .select({ name: employees.name })
    .from(employees)
    .where(and(eq(employees.tenantId, tenantId), eq(employees.userId, userId), eq(employees.isActive, true), exceptId ? ne(employees.id, exceptId) : undefined))
    .limit(1);
  if (other) throw conflict("employees:errors.userLinked", { name: other.name });
}

/** The stored values of the form: every optional field left out is null. */
function valuesOf(input: EmployeeInput) {
  return {
    name: input.name,
    email: input.email ?? null,
    phone: input.phone ?? null,
    address: input.address ?? null,
    identification: input.identification ?? null,
    birthDate: input.birth_date ?? null,
    emergencyContact: input.emergency_contact ?? null,
    emergencyPhone: input.emergency_phone ?? null,
    department: input.department ?? null,
    position: input.position ?? null,
    jobPosition: input.job_position,
    hireDate: input.hire_date ?? null,
    salaryType: input.salary_type,
    baseSalary: input.base_salary,
    commissionRate: input.commission_rate ?? null,
    userId: input.user_id ?? null,
  };
}

function rethrow(e: unknown, code: string | undefined): never {
  if (isUniqueViolation(e) && code) throw conflict("employees:errors.codeTaken", { code });
  if (isForeignKeyViolation(e)) throw notFound();
  throw e;
}

/** employee.create: code EMP-001… when none is given; returns {id}. */
export async function createEmployee(tx: Tx, tenantId: string, input: EmployeeInput): Promise<{ id: string }> {
  if (input.code && (await isCodeTaken(tx, tenantId, input.code))) throw conflict("employees:errors.codeTaken", { code: input.code });
  await assertUserLinkable(tx, tenantId, input.user_id);
  const code = input.code ?? (await nextEmployeeCode(tx, tenantId));
  const id = newId();
  const isActive = input.is_active ?? true;
  try {
    await tx.insert(employees).values({ ...valuesOf(input), tenantId, id, code, isActive, deactivatedAt: isActive ? null : new Date() });
  } catch (e) {
    rethrow(e, code);
  }
  return { id };
}

/** employee.update: replaces the form's fields (optional ones left out are cleared); code and is_active only when given. */
export async function updateEmployee(tx: Tx, tenantId: string, input: EmployeeUpdateInput): Promise<{ id: string }> {
  const current = await getEmployeeRow(tx, tenantId, input.id);
  if (input.code && (await isCodeTaken(tx, tenantId, input.code, input.id))) throw conflict("employees:errors.codeTaken", { code: input.code });
  await assertUserLinkable(tx, tenantId, input.user_id, input.id);
  const activeChange =
    input.is_active === undefined || input.is_active === current.is_active ? {} : { isActive: input.is_active, deactivatedAt: input.is_active ? null : new Date() };
  try {
    await tx
      .update(employees)
      .set({ ...valuesOf(input), ...(input.code ? { code: input.code } : {}), ...activeChange, updatedAt: new Date() })
      .where(and(eq(employees.tenantId, tenantId), eq(employees.id, input.id)));
  } catch (e) {
    rethrow(e, input.code);
  }
  return { id: input.id };
}

/** employee.delete: the employee is marked inactive, never removed (sales keep pointing at them). */
export async function deactivateEmployee(tx: Tx, tenantId: string, id: string) {
  const current = await getEmployeeRow(tx, tenantId, id);
  if (current.is_active) {
    await tx
      .update(employees)
      .set({ isActive: false, deactivatedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(employees.tenantId, tenantId), eq(employees.id, id)));
  }
  return { id, is_active: false };
}

/** employee.restore: active again (unless its user is linked to another active employee meanwhile). */
export async function restoreEmployee(tx: Tx, tenantId: string, id: string) {
  const current = await getEmployeeRow(tx, tenantId, id);
  if (!current.is_active) {
    await assertUserLinkable(tx, tenantId, current.user_id ?? undefined, id);
    await tx
      .update(employees)
      .set({ isActive: true, deactivatedAt: null, updatedAt: new Date() })
      .where(and(eq(employees.tenantId, tenantId), eq(employees.id, id)));
  }
  return { id, is_active: true };
}

/** employee.getByService: the active employees assigned to a schedulable product (an active link; the appointment wizard's professionals). */
export async function findEmployeesByService(tx: Tx, tenantId: string, serviceId: string) {
  const [service] = await tx
    .select({ id: products.id, isScheduleable: products.isScheduleable })
    .from(products)
    .where(and(eq(products.tenantId, tenantId), eq(products.id, serviceId)))
    .limit(1);
  if (!service) throw notFound();
  if (!service.isScheduleable) return [];
  return tx
    .select({
      id: employees.id,
      code: employees.code,
      name: employees.name,
      job_position: employees.jobPosition,
      position: employees.position,
      commissionPercentage: employeeProducts.commissionPercentage,
    })
    .from(employeeProducts)
    .innerJoin(employees, and(eq(employees.tenantId, employeeProducts.tenantId), eq(employees.id, employeeProducts.employeeId)))
    .where(and(eq(employeeProducts.tenantId, tenantId), eq(employeeProducts.productId, serviceId), eq(employeeProducts.isActive, true), eq(employees.isActive, true)))
    .orderBy(asc(sql`lower(${employees.name})`), asc(employees.code));
}

/** employee.updateProducts: the links become exactly the given set (percentages empty = the product's own). */
export async function replaceEmployeeProducts(tx: Tx, tenantId: string, input: EmployeeProductsInput) {
  await getEmployeeRow(tx, tenantId, input.employeeId);
  const ids = input.products.map((p) => p.productId);
  if (ids.length > 0) {
    const found = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.tenantId, tenantId), inArray(products.id, ids)));
    if (found.length !== ids.length) throw notFound();
  }
  const mine = and(eq(employeeProducts.tenantId, tenantId), eq(employeeProducts.employeeId, input.employeeId));
  await tx.delete(employeeProducts).where(ids.length > 0 ? and(mine, notInArray(employeeProducts.productId, ids)) : mine);
  if (ids.length > 0) {
    try {
      await tx
        .insert(employeeProducts)
        .values(input.products.map((p) => ({ tenantId, id: newId(), employeeId: input.employeeId, productId: p.productId, commissionPercentage: p.commissionPercentage })))
        .onConflictDoUpdate({
          target: [employeeProducts.tenantId, employeeProducts.employeeId, employeeProducts.productId],
          set: { commissionPercentage: sql`excluded.commission_percentage` },
        });
    } catch (e) {
      if (isForeignKeyViolation(e)) throw notFound();
      throw e;
    }
  }
  return findEmployeeProducts(tx, tenantId, input.employeeId);
}

/** employee.updateCategories: the links become exactly the given set. */
export async function replaceEmployeeCategories(tx: Tx, tenantId: string, input: EmployeeCategoriesInput) {
  await getEmployeeRow(tx, tenantId, input.employeeId);
  const ids = input.categories.map((c) => c.categoryId);
  if (ids.length > 0) {
    const found = await tx
      .select({ id: productCategories.id })
      .from(productCategories)
      .where(and(eq(productCategories.tenantId, tenantId), inArray(productCategories.id, ids)));
    if (found.length !== ids.length) throw notFound();
  }
  const mine = and(eq(employeeCategories.tenantId, tenantId), eq(employeeCategories.employeeId, input.employeeId));
  await tx.delete(employeeCategories).where(ids.length > 0 ? and(mine, notInArray(employeeCategories.categoryId, ids)) : mine);
  if (ids.length > 0) {
    try {
      await tx
        .insert(employeeCategories)
        .values(input.categories.map((c) => ({ tenantId, id: newId(), employeeId: input.employeeId, categoryId: c.categoryId, commissionPercentage: c.commissionPercentage })))
        .onConflictDoUpdate({
          target: [employeeCategories.tenantId, employeeCategories.employeeId, employeeCategories.categoryId],
          set: { commissionPercentage: sql`excluded.commission_percentage` },
        });
    } catch (e) {
      if (isForeignKeyViolation(e)) throw notFound();
      throw e;
    }
  }
  return findEmployeeCategories(tx, tenantId, input.employeeId);
}

/**
 * The active employee linked to a system user, or null. The POS checkout calls it to credit a
 * sale to the cashier's own employee record when no other seller is chosen.
 */
/** Active employees, by name: who may be credited with a sale. */
export function findSellers(tx: Tx, tenantId: string) {
  return tx
    .select({ id: employees.id, code: employees.code, name: employees.name, userId: employees.userId })
    .from(employees)
    .where(and(eq(employees.tenantId, tenantId), eq(employees.isActive, true)))
    .orderBy(asc(employees.name));
}

export async function findEmployeeIdForUser(tx: Tx, tenantId: string, userId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.tenantId, tenantId), eq(employees.userId, userId), eq(employees.isActive, true)))
    .orderBy(asc(employees.code))
    .limit(1);
  return row?.id ?? null;
}

/** employee.getForUser: the signed-in user's own employee (id, code, name), or null. */
export async function getEmployeeForUser(tx: Tx, tenantId: string, userId: string) {
  const id = await findEmployeeIdForUser(tx, tenantId, userId);
  if (!id) return null;
  const [row] = await tx
    .select({ id: employees.id, code: employees.code, name: employees.name, job_position: employees.jobPosition })
    .from(employees)
    .where(and(eq(employees.tenantId, tenantId), eq(employees.id, id)))
    .limit(1);
  return row ?? null;
}
