import { newId } from "../../ids";
import { hashPassword } from "../../modules/auth/service";
import { users } from "../../modules/auth/tables";
import { createTenant } from "../../modules/onboarding/service";
import { unsafeFindTenantBySubdomain } from "../../modules/tenant/service";
import { type Db, withTenant } from "../client";
import { DEMO_PASSWORD, DEMO_USERS } from "./demo";

export { type LegalSampleContext, SAMPLE_LEGAL_CLIENTS, seedLegalSample } from "./legal-sample";

export const LEGAL_DEMO_SUBDOMAIN = "legal";

/**
 * The legal demo tenant (issue 20): a law firm on Legatti, 'Bufete Núñez & Asociados'
 * (`legal.localhost:3000`), with the same demo sign-ins as the first demo. Its sample clients and
 * cases are the ones every new Legatti firm gets (the onboarding seeds them: legal-sample.ts).
 * Does nothing when it exists.
 */
export async function seedDemoLegal(db: Db, opts: { now?: Date } = {}): Promise<{ created: boolean }> {
  if (await unsafeFindTenantBySubdomain(db, LEGAL_DEMO_SUBDOMAIN)) return { created: false };
  const [owner, ...staff] = DEMO_USERS;
  const { tenant, warehouseId } = await createTenant(db, {
    businessName: "Bufete Núñez & Asociados",
    subdomain: LEGAL_DEMO_SUBDOMAIN,
    taxId: "131198765",
    product: "legatti",
    owner: { name: owner!.name, email: owner!.email, password: DEMO_PASSWORD },
    address: "Av. Winston Churchill 1099, Torre Citi, piso 8, Piantini, Santo Domingo, D.N.",
    phone: "809-555-0180",
    email: "contacto@nunezasociados.do",
    trial: false,
    sampleNcfRanges: true,
    now: opts.now,
  });
  const tenantId = tenant.id;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await withTenant(db, tenantId, (tx) =>
    tx.insert(users).values(staff.map((u) => ({ tenantId, id: newId(), name: u.name, email: u.email, passwordHash, role: u.role, isOwner: false, language: "es", warehouseId }))),
  );
  return { created: true };
}
