import { defaultModulesFor, type ProductCode } from "../../../shared/permissions";
import { addDays, businessDate, lastDayOfYear } from "../../../shared/platform/dates";
import type { RegisterInput } from "../../../shared/platform/schemas";
import { TRIAL_DAYS } from "../../../shared/platform/themes";
import { type Db, enterTenant, type Tx } from "../../db/client";
import { seedNewLegattiTenant } from "../../db/seed/legal-sample";
import { newId } from "../../ids";
import { appError, isUniqueViolation } from "../../trpc/errors";
import { hashPassword } from "../auth/service";
import { users } from "../auth/tables";
import { currencies, currencyRates } from "../currency/tables";
import { customers } from "../customer/tables";
import { invoiceConditions, invoiceTypes } from "../invoice/tables";
import { ncfRanges, ncfTypes } from "../ncf/tables";
import { paymentMethods } from "../payment-method/tables";
import { cashboxes } from "../pos/tables";
import { createTenantSeries } from "../sequence/service";
import { taxes } from "../tax/tables";
import { invalidateTenantCache, unsafeFindTenantBySubdomain } from "../tenant/service";
import { tenantConfigs, tenantModules, tenants } from "../tenant/tables";
import { warehouses } from "../warehouse/tables";

/** Cash first and default (it also takes foreign currencies); cards go through a provider; credit notes, gift vouchers and points are spent as tenders. */
export const DEFAULT_PAYMENT_METHODS = [
  { code: "CASH", name: "Efectivo", isDefault: true, useCurrencies: true },
  { code: "CARD", name: "Tarjeta", useCardProvider: true },
  { code: "TRANSFER", name: "Transferencia" },
  { code: "CHECK", name: "Cheque" },
  { code: "CREDIT", name: "Crédito", availableForAppointments: false },
  { code: "CREDIT_NOTE", name: "Nota de crédito", availableForAppointments: false },
  { code: "GIFT_VOUCHER", name: "Bono de regalo", availableForAppointments: false },
  { code: "POINTS", name: "Puntos", availableForAppointments: false },
];

export const DEFAULT_CURRENCIES = [
  { code: "DOP", numericCode: "214", name: "Peso dominicano", symbol: "RD$", rate: "1", isDefault: true },
  { code: "USD", numericCode: "840", name: "Dólar estadounidense", symbol: "US$", rate: "63.250000", isDefault: false },
  { code: "EUR", numericCode: "978", name: "Euro", symbol: "€", rate: "68.400000", isDefault: false },
];

/** Every NCF type of dr-fiscal.md §1. A new tenant gets them with no range: the owner enters what DGII authorized. */
export const DEFAULT_NCF_TYPES = [
  { code: "B01", description: "Factura de Crédito Fiscal", requiresTaxId: true, isDefault: false },
  { code: "B02", description: "Factura de Consumo", requiresTaxId: false, isDefault: true },
  { code: "B03", description: "Nota de Débito", requiresTaxId: true, isDefault: false },
  { code: "B04", description: "Nota de Crédito", requiresTaxId: false, isDefault: false },
  { code: "B11", description: "Comprobante de Compras", requiresTaxId: true, isDefault: false },
  { code: "B12", description: "Registro Único de Ingresos", requiresTaxId: false, isDefault: false },
  { code: "B13", description: "Comprobante para Gastos Menores", requiresTaxId: false, isDefault: false },
  { code: "B14", description: "Comprobante para Regímenes Especiales", requiresTaxId: true, isDefault: false },
  { code: "B15", description: "Comprobante Gubernamental", requiresTaxId: true, isDefault: false },
  { code: "B16", description: "Comprobante para Exportaciones", requiresTaxId: true, isDefault: false },
  { code: "B17", description: "Comprobante para Pagos al Exterior", requiresTaxId: false, isDefault: false },
];

/** Sample authorizations (the demo and tests only): a range authorized this year is valid to 31 Dec next year. */
export const SAMPLE_NCF_RANGES: Record<string, number> = { B01: 500, B02: 5000, B04: 200, B14: 100, B15: 100 };

export const DEFAULT_INVOICE_CONDITIONS = [
  { code: "CONTADO", name: "Contado", days: 0, isDefault: true },
  { code: "CR15", name: "Crédito 15 días", days: 15 },
  { code: "CR30", name: "Crédito 30 días", days: 30 },
  { code: "CR45", name: "Crédito 45 días", days: 45 },
];

export const DEFAULT_INVOICE_TYPES = [
  { code: "CONSUMO", name: "Consumidor final", ncf: "B02", isDefault: true },
  { code: "CREDITO_FISCAL", name: "Crédito fiscal", ncf: "B01" },
  { code: "GUBERNAMENTAL", name: "Gubernamental", ncf: "B15" },
  { code: "REGIMEN_ESPECIAL", name: "Régimen especial", ncf: "B14" },
  { code: "EXPORTACION", name: "Exportación", ncf: "B16" },
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
  /** seed sample NCF ranges (the demo tenant and tests); a real tenant enters DGII's own */
  sampleNcfRanges?: boolean;
}

/** Default data every tenant starts with (the demo adds its sample data on top). */
async function seedDefaults(tx: Tx, tenantId: string, product: ProductCode, now: Date, sampleNcfRanges: boolean): Promise<{ warehouseId: string }> {
  const warehouseId = newId();
  // The default currency is the currency row marked is_default (DOP below), not a config column.
  await tx.insert(tenantConfigs).values({ tenantId, id: newId() });
  await tx.insert(tenantModules).values(defaultModulesFor(product).map((moduleCode) => ({ tenantId, id: newId(), moduleCode, enabled: true })));
  await tx.insert(warehouses).values({ tenantId, id: warehouseId, code: "PRIN", name: "Principal", order: 0, isDefault: true });
  await tx.insert(cashboxes).values({ tenantId, id: newId(), code: "CAJA1", name: "Caja 1", warehouseId, willOpenDrawer: true });
  await tx.insert(paymentMethods).values(DEFAULT_PAYMENT_METHODS.map((m, order) => ({ tenantId, id: newId(), ...m, order })));
  const currencyRows = DEFAULT_CURRENCIES.map((c) => ({ tenantId, id: newId(), ...c }));
  await tx.insert(currencies).values(currencyRows);
  const today = businessDate(now, "America/Santo_Domingo");
  await tx.insert(currencyRates).values(currencyRows.map((c) => ({ tenantId, id: newId(), currencyId: c.id, rate: c.rate, effectiveDate: today })));
  const ncfRows = DEFAULT_NCF_TYPES.map((n) => ({ tenantId, id: newId(), ...n }));
  await tx.insert(ncfTypes).values(ncfRows);
  if (sampleNcfRanges) {
    const expiresOn = lastDayOfYear(now.getUTCFullYear() + 1);
    await tx.insert(ncfRanges).values(
      ncfRows
        .filter((n) => SAMPLE_NCF_RANGES[n.code])
        .map((n) => ({ tenantId, id: newId(), ncfTypeId: n.id, rangeFrom: 1, rangeTo: SAMPLE_NCF_RANGES[n.code]!, nextNumber: 1, expiresOn, authorizedOn: today })),
    );
  }
  await tx.insert(invoiceConditions).values(DEFAULT_INVOICE_CONDITIONS.map((c, order) => ({ tenantId, id: newId(), ...c, order })));
  await tx.insert(invoiceTypes).values(
    DEFAULT_INVOICE_TYPES.map(({ ncf, ...t }, order) => ({ tenantId, id: newId(), ...t, order, ncfTypeId: ncfRows.find((n) => n.code === ncf)?.id ?? null })),
  );
  await tx.insert(taxes).values({ tenantId, id: newId(), code: "ITBIS", name: "ITBIS 18%", rate: "18.00", isDefault: true });
  await tx.insert(customers).values({ tenantId, id: newId(), code: "C-0001", name: "Contado", isDefault: true, eligibleForRewards: false });
  await createTenantSeries(tx, tenantId);
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
      ({ warehouseId } = await seedDefaults(tx, tenantId, input.product, now, input.sampleNcfRanges ?? false));
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
      // A law firm on Legatti starts with the legal sample (clients, cases and their records; issue 20).
      if (input.product === "legatti") await seedNewLegattiTenant(tx, tenantId, ownerId, now);
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
