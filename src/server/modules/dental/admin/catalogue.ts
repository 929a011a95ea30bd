import { and, asc, eq, sql } from "drizzle-orm";
import { productCreateInput, productUpdateInput } from "../../../../shared/catalog/product";
import type { DentalProcedureType, ProcedureTypeCreateInput, ProcedureTypeUpdateInput } from "../../../../shared/dental/catalogue";
import { procedureSku } from "../../../../shared/dental/catalogue";
import type { ProcedureScope, ToothStatus } from "../../../../shared/dental/constants";
import type { Tx } from "../../../db/client";
import { newId } from "../../../ids";
import { appError } from "../../../trpc/errors";
import { createProduct, getProduct, setActive, updateProduct } from "../../product/service";
import { products } from "../../product/tables";
import { dentalProcedureTypes } from "../tables";

const notFound = () => appError("NOT_FOUND", "dentalAdmin:errors.procedureTypeNotFound");

function select(tx: Tx) {
  return tx
    .select({
      id: dentalProcedureTypes.id,
      code: dentalProcedureTypes.code,
      name: products.name,
      price: products.price,
      scope: dentalProcedureTypes.scope,
      resultStatus: dentalProcedureTypes.resultStatus,
      productId: dentalProcedureTypes.productId,
      isActive: dentalProcedureTypes.isActive,
    })
    .from(dentalProcedureTypes)
    .innerJoin(products, and(eq(products.tenantId, dentalProcedureTypes.tenantId), eq(products.id, dentalProcedureTypes.productId)));
}

type Row = Awaited<ReturnType<ReturnType<typeof select>["execute"]>>[number];
const toEntry = (r: Row): DentalProcedureType => ({ ...r, scope: r.scope as ProcedureScope, resultStatus: r.resultStatus as ToothStatus | null });

/** dental.getProcedureTypes: the catalogue by name (active entries unless includeInactive). */
export async function listProcedureTypes(tx: Tx, tenantId: string, includeInactive: boolean): Promise<DentalProcedureType[]> {
  const rows = await select(tx)
    .where(and(eq(dentalProcedureTypes.tenantId, tenantId), includeInactive ? undefined : eq(dentalProcedureTypes.isActive, true)))
    .orderBy(asc(products.name), asc(dentalProcedureTypes.code));
  return rows.map(toEntry);
}

export async function getProcedureType(tx: Tx, tenantId: string, id: string): Promise<DentalProcedureType> {
  const [row] = await select(tx).where(and(eq(dentalProcedureTypes.tenantId, tenantId), eq(dentalProcedureTypes.id, id)));
  if (!row) throw notFound();
  return toEntry(row);
}

/**
 * A new catalogue entry: its service product is made through the product module (SKU DEN-<code>,
 * not taxable: dental health services are ITBIS-exempt in the DR), then the entry that points to it.
 */
export async function createProcedureType(tx: Tx, tenantId: string, userId: string, input: ProcedureTypeCreateInput): Promise<DentalProcedureType> {
  const [taken] = await tx
    .select({ id: dentalProcedureTypes.id })
    .from(dentalProcedureTypes)
    .where(and(eq(dentalProcedureTypes.tenantId, tenantId), sql`lower(${dentalProcedureTypes.code}) = lower(${input.code})`));
  if (taken) throw appError("CONFLICT", "dentalAdmin:errors.codeTaken", { code: input.code });
  const sku = procedureSku(input.code);
  const [skuTaken] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.tenantId, tenantId), eq(products.sku, sku)));
  if (skuTaken) throw appError("CONFLICT", "dentalAdmin:errors.skuTaken", { sku });
  const product = productCreateInput.parse({
    name: input.name,
    sku,
    productType: "service",
    price: input.price,
    price2: "0",
    price3: "0",
    isTaxable: false,
    priceIncludesTax: true,
    unitOfMeasure: "unit",
  });
  const { id: productId } = await createProduct(tx, tenantId, userId, product);
  const id = newId();
  await tx.insert(dentalProcedureTypes).values({ tenantId, id, productId, code: input.code, scope: input.scope, resultStatus: input.resultStatus });
  return getProcedureType(tx, tenantId, id);
}

/** Edits name and price (on the product, through the product module), scope, result status and active. */
export async function updateProcedureType(tx: Tx, tenantId: string, userId: string, input: ProcedureTypeUpdateInput): Promise<DentalProcedureType> {
  const current = await getProcedureType(tx, tenantId, input.id);
  const product = await getProduct(tx, tenantId, current.productId);
  if (product.name !== input.name || product.price !== input.price) {
    await updateProduct(tx, tenantId, userId, productUpdateInput.parse({ ...product, id: product.id, name: input.name, price: input.price }));
  }
  // Inactive entries leave the POS too (the product is the item the POS sells).
  if (product.isActive !== input.isActive) await setActive(tx, tenantId, product.id, input.isActive);
  await tx
    .update(dentalProcedureTypes)
    .set({ scope: input.scope, resultStatus: input.resultStatus, isActive: input.isActive, updatedAt: new Date() })
    .where(and(eq(dentalProcedureTypes.tenantId, tenantId), eq(dentalProcedureTypes.id, input.id)));
  return getProcedureType(tx, tenantId, input.id);
}
