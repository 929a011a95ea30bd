import { defaultModulesFor, type ProductCode } from "../../../shared/permissions";
import { addDays, lastDayOfYear } from "../../../shared/platform/dates";
import type { RegisterInput } from "../../../shared/platform/schemas";
import { TRIAL_DAYS } from "../../../shared/platform/themes";
import { type Db, enterTenant, type Tx } from "../../db/client";
import { newId } from "../../ids";
import { appError, isUniqueViolation } from "../../trpc/errors";
import { hashPassword } from "../auth/service";
import { users } from "../auth/tables";
import { currencies } from "../currency/tables";
import { customers } from "../customer/tables";
import { ncfTypes } from "../ncf/tables";
import { paymentMethods } from "../payment-method/tables";
import { cashboxes } from "../pos/tables";
import { taxes } from "../tax/tables";
import { invalidateTenantCache, unsafeFindTenantBySubdomain } from "../tenant/service";
import { tenantConfigs, tenantModules, tenants } from "../tenant/tables";
import { warehouses } from "../warehouse/tables";

export const DEFAULT_PAYMENT_METHODS = [
  { code: "CASH", name: "Efectivo" },
  { code: "CARD", name: "Tarjeta" },
  { code: "TRANSFER", name: "Transferencia" },
  { code: "CHECK", name: "Cheque" },
  { code: "CREDIT", name: "Crédito" },
];

export const DEFAULT_CURRENCIES = [
  { code: "DOP", numericCode: "214", name: "Peso dominicano", symbol: "RD$", rate: "1", isDefault: true },
  { code: "USD", numericCode: "840", name: "Dólar estadounidense", symbol: "US$", rate: "63.250000", isDefault: false },
  { code: "EUR", numericCode: "978", name: "Euro", symbol: "€", rate: "68.400000", isDefault: false },
];

/** NCF types with an authorized range; a range authorized this year is valid to 31 Dec next year. */
export const DEFAULT_NCF_TYPES = [
  { code: "B01", description: "Factura de Crédito Fiscal", rangeTo: 500, requiresTaxId: true, isDefault: false },
  { code: "B02", description: "Factura de Consumo", rangeTo: 5000, requiresTaxId: false, isDefault: true },
  { code: "B04", description: "Nota de Crédito", rangeTo: 200, requiresTaxId: false, isDefault: false },
  { code: "B14", description: "Regímenes Especiales", rangeTo: 100, requiresTaxId: true, isDefault: false },
  { code: "B15", description: "Gubernamental", rangeTo: 100, requiresTaxId: true, isDefault: false },
];

export interface NewTenant {
  businessName: string;
  subdomain: string;
  taxId: string;
  product: ProductCode;
  owner: { name: string; email: string; password: string };
  address?: string;
  phone?: string;
  email?: string;
  trial: boolean;
  now?: Date;
}

/** Default data every tenant starts with (the demo adds its sample data on top). */
async function seedDefaults(tx: Tx, tenantId: string, product: ProductCode, now: Date): Promise<{ warehouseId: string }> {
  const warehouseId = newId();
  await tx.insert(tenantConfigs).values({ tenantId, id: newId(), defaultCurrencyCode: "DOP" });
  await tx.insert(tenantModules).values(defaultModulesFor(product).map((moduleCode) => ({ tenantId, id: newId(), moduleCode, enabled: true })));
  await tx.insert(warehouses).values({ tenantId, id: warehouseId, code: "PRIN", name: "Principal", order: 0, isDefault: true });
  await tx.insert(cashboxes).values({ tenantId, id: newId(), name: "Caja 1", warehouseId, willOpenDrawer: true });
  await tx.insert(paymentMethods).values(DEFAULT_PAYMENT_METHODS.map((m, order) => ({ tenantId, id: newId(), ...m, order })));
  await tx.insert(currencies).values(DEFAULT_CURRENCIES.map((c) => ({ tenantId, id: newId(), ...c })));
  const expiresOn = lastDayOfYear(now.getUTCFullYear() + 1);
  await tx.insert(ncfTypes).values(
    DEFAULT_NCF_TYPES.map((n) => ({ tenantId, id: newId(), ...n, rangeFrom: 1, nextNumber: 1, expiresOn })),
  );
  await tx.insert(taxes).values({ tenantId, id: newId(), code: "ITBIS", name: "ITBIS 18%", rate: "18.00", isDefault: true });
  await tx.insert(customers).values({ tenantId, id: newId(), code: "C-0001", name: "Contado", isDefault: true, eligibleForRewards: false });
  return { warehouseId };
}

/**
 * Creates a tenant with its default data and its owner, in one transaction.
 * Returns the tenant and the owner's id.
 */
export async function createTenant(db: Db, input: NewTenant) {
  const now = input.now ?? new Date();
  if (await unsafeFindTenantBySubdomain(db, input.subdomain)) throw appError("CONFLICT", "subdomainTaken");
  const tenantId = newId();
  const ownerId = newId();
  const passwordHash = await hashPassword(input.owner.password);
  let warehouseId = "";
  try {
    await db.transaction(async (tx) => {
      await tx.insert(tenants).values({
        id: tenantId,
        subdomain: input.subdomain,
        name: input.businessName,
        taxId: input.taxId,
        product: input.product,
        status: "active",
        trialEndsAt: input.trial ? addDays(now, TRIAL_DAYS) : null,
        address: input.address,
        phone: input.phone,
        email: input.email ?? input.owner.email,
      });
      await enterTenant(tx, tenantId);
      ({ warehouseId } = await seedDefaults(tx, tenantId, input.product, now));
      await tx.insert(users).values({
        tenantId,
        id: ownerId,
        name: input.owner.name,
        email: input.owner.email,
        passwordHash,
        role: "owner",
        isOwner: true,
        language: "es",
        warehouseId,
      });
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw appError("CONFLICT", "subdomainTaken");
    throw e;
  }
  invalidateTenantCache();
  const tenant = (await unsafeFindTenantBySubdomain(db, input.subdomain))!;
  return { tenant, ownerId, warehouseId };
}

export function newTenantFromRegistration(input: RegisterInput, trial: boolean): NewTenant {
  return {
    businessName: input.businessName,
    subdomain: input.subdomain,
    taxId: input.taxId,
    product: input.product,
    owner: { name: input.ownerName, email: input.email, password: input.password },
    trial,
  };
}
