import { DEMO_DENTAL_CATALOGUE } from "../../../shared/dental/catalogue";
import { newId } from "../../ids";
import { hashPassword } from "../../modules/auth/service";
import { users } from "../../modules/auth/tables";
import { createProcedureType } from "../../modules/dental/admin/catalogue";
import { createTenant } from "../../modules/onboarding/service";
import { unsafeFindTenantBySubdomain } from "../../modules/tenant/service";
import { type Db, withTenant } from "../client";
import { DEMO_PASSWORD, DEMO_USERS } from "./demo";

export const DENTAL_DEMO_SUBDOMAIN = "dental";

/**
 * The second demo tenant (issue 18): a dental clinic on Enzzo Dental, with the same demo sign-ins
 * as the first (`dental.localhost:3000`). Does nothing when it exists.
 */
export async function seedDemoDental(db: Db): Promise<{ created: boolean }> {
  if (await unsafeFindTenantBySubdomain(db, DENTAL_DEMO_SUBDOMAIN)) return { created: false };
  const [owner, ...staff] = DEMO_USERS;
  const { tenant, ownerId, warehouseId } = await createTenant(db, {
    businessName: "Clínica Dental Sonrisa Caribe",
    subdomain: DENTAL_DEMO_SUBDOMAIN,
    taxId: "131246796",
    product: "dental",
    owner: { name: owner!.name, email: owner!.email, password: DEMO_PASSWORD },
    address: "Av. Abraham Lincoln 1003, Torre Profesional, Piantini, Santo Domingo, D.N.",
    phone: "809-555-0190",
    email: "citas@sonrisacaribe.do",
    trial: false,
    sampleNcfRanges: true,
  });
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await withTenant(db, tenant.id, async (tx) => {
    await tx.insert(users).values(
      staff.map((u) => ({ tenantId: tenant.id, id: newId(), name: u.name, email: u.email, passwordHash, role: u.role, isOwner: false, language: "es", warehouseId })),
    );
    // The practice's procedure catalogue (service products, ITBIS-exempt).
    for (const entry of DEMO_DENTAL_CATALOGUE) await createProcedureType(tx, tenant.id, ownerId, entry);
  });
  return { created: true };
}
