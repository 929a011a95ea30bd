import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { newId } from "../../ids";
import { appError } from "../../trpc/errors";
import { protectedProcedure, requirePermission, tenantProcedure } from "../../trpc/init";
import { tenantModules, tenants } from "../tenant/tables";
import { stores } from "./tables";

/** Back-office storefront procedures: signed in with `storefront.view` (reads) or `storefront.update` (writes). */
export const storefrontViewProcedure = protectedProcedure.use(requirePermission("storefront.view"));
export const storefrontUpdateProcedure = protectedProcedure.use(requirePermission("storefront.update"));

/**
 * Public shop procedures (cart, contact form): the tenant from the host, no session. The store must
 * exist, be published and its module be on (checked by loadPublishedStore in each procedure).
 */
export const shopProcedure = tenantProcedure;

export type StoreRow = typeof stores.$inferSelect;

/** The tenant's store, created on first use with the business's name and contacts. */
export async function getOrCreateStore(tx: Tx, tenantId: string): Promise<StoreRow> {
  const [found] = await tx.select().from(stores).where(eq(stores.tenantId, tenantId));
  if (found) return found;
  const [tenant] = await tx.select().from(tenants).where(eq(tenants.id, tenantId));
  const [created] = await tx
    .insert(stores)
    .values({ tenantId, id: newId(), storeName: tenant?.name ?? "", email: null, phone: null })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [raced] = await tx.select().from(stores).where(eq(stores.tenantId, tenantId));
  return raced!;
}

/**
 * The store a visitor may see: published, with the storefront module on. Otherwise NOT_FOUND
 * 'No se pudo identificar la tienda' (an unpublished shop does not exist for the public). With
 * storeId, it must be this store's id.
 */
export async function loadPublishedStore(tx: Tx, tenantId: string, storeId?: string): Promise<StoreRow> {
  const where = storeId ? and(eq(stores.tenantId, tenantId), eq(stores.id, storeId)) : eq(stores.tenantId, tenantId);
  const [row] = await tx
    .select({ store: stores, moduleOn: tenantModules.enabled })
    .from(stores)
    .leftJoin(tenantModules, and(eq(tenantModules.tenantId, stores.tenantId), eq(tenantModules.moduleCode, "storefront")))
    .where(where);
  if (!row?.store.isPublished || !row.moduleOn) throw appError("NOT_FOUND", "storefront:errors.storeNotFound");
  return row.store;
}
