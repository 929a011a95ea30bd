import { eq } from "drizzle-orm";
import { businessDate } from "../../../shared/platform/dates";
import { newId } from "../../ids";
import { hashPassword } from "../../modules/auth/service";
import { users } from "../../modules/auth/tables";
import { addPointMovement } from "../../modules/customer/service";
import { customers } from "../../modules/customer/tables";
import { createTenant } from "../../modules/onboarding/service";
import { paymentLinkSettings } from "../../modules/payment-link/tables";
import { cashboxes } from "../../modules/pos/tables";
import { unsafeFindTenantBySubdomain } from "../../modules/tenant/service";
import { tenantConfigs } from "../../modules/tenant/tables";
import { type Db, withTenant } from "../client";
import { seedDemoAppointments } from "./demo-appointments";
import { seedDemoCatalog } from "./demo-catalog";
import { seedDemoForms } from "./demo-forms";
import { seedDemoMonth } from "./demo-month";
import { seedDemoPromotions } from "./demo-promotions";
import { seedDemoStorefront } from "./demo-storefront";
import { seedDemoVouchers } from "./demo-vouchers";

export const DEMO_SUBDOMAIN = "demo";
export const DEMO_PASSWORD = "demo1234";
export const DEMO_USERS = [
  { email: "owner@demo.test", name: "María Rodríguez", role: "owner" as const },
  { email: "admin@demo.test", name: "José Martínez", role: "admin" as const },
  { email: "cashier@demo.test", name: "Ana Pérez", role: "cashier" as const },
];

/** The demo tenant: a colmado-restaurant in Santo Domingo. Does nothing when it exists. */
export async function seedDemo(db: Db, opts: { sampleMonth?: boolean } = {}): Promise<{ created: boolean }> {
  if (await unsafeFindTenantBySubdomain(db, DEMO_SUBDOMAIN)) return { created: false };
  const [owner, ...staff] = DEMO_USERS;
  const { tenant, warehouseId, ownerId } = await createTenant(db, {
    businessName: "Colmado y Restaurante La Esquina",
    subdomain: DEMO_SUBDOMAIN,
    taxId: "131246796",
    product: "pos",
    owner: { name: owner!.name, email: owner!.email, password: DEMO_PASSWORD },
    address: "Av. Winston Churchill 1099, Piantini, Santo Domingo, D.N.",
    phone: "809-555-0142",
    email: "info@laesquina.do",
    trial: false,
    sampleNcfRanges: true,
  });
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await withTenant(db, tenant.id, async (tx) => {
    await tx.insert(users).values(
      staff.map((u) => ({ tenantId: tenant.id, id: newId(), name: u.name, email: u.email, passwordHash, role: u.role, isOwner: false, language: "es", warehouseId })),
    );
    const luis = newId();
    const carmen = newId();
    await tx.insert(customers).values([
      { tenantId: tenant.id, id: newId(), code: "C-0002", name: "Supermercado Bravo Churchill", taxId: "101850043", email: "compras@bravo.do", phone: "809-555-0110", address: "Av. Winston Churchill, Santo Domingo" },
      { tenantId: tenant.id, id: luis, code: "C-0003", name: "Luis Fernández", taxId: "00113918205", phone: "829-555-0177", address: "Calle El Conde 54, Zona Colonial" },
      { tenantId: tenant.id, id: carmen, code: "C-0004", name: "Carmen Santos", phone: "849-555-0123", email: "carmen.santos@example.do" },
    ]);
    // Rewards points to spend at the POS (issue 16 §4): RD$1.00 a point, so the demo shows redemption.
    await tx.update(tenantConfigs).set({ rewardsPointValue: "1.00" }).where(eq(tenantConfigs.tenantId, tenant.id));
    await addPointMovement(tx, tenant.id, { customerId: luis, points: 500, sourceType: "adjustment", note: "Puntos de bienvenida" });
    await addPointMovement(tx, tenant.id, { customerId: carmen, points: 1200, sourceType: "adjustment", note: "Puntos de bienvenida" });
    await seedDemoCatalog(tx, tenant.id, warehouseId, ownerId);
    await seedDemoAppointments(tx, tenant.id, ownerId, businessDate(new Date(), tenant.timezone));
    await seedDemoPromotions(tx, tenant.id, ownerId, businessDate(new Date(), tenant.timezone));
    await seedDemoVouchers(tx, tenant.id, ownerId, businessDate(new Date(), tenant.timezone));
    await seedDemoForms(tx, tenant.id, ownerId, businessDate(new Date(), tenant.timezone));
    await seedDemoStorefront(tx, tenant.id, ownerId);
    // A cash box for each till (Caja 1 comes with every tenant): each cashier sells in their own.
    await tx.insert(cashboxes).values([
      { tenantId: tenant.id, id: newId(), code: "CAJA2", name: "Caja 2", warehouseId, willOpenDrawer: true },
      { tenantId: tenant.id, id: newId(), code: "CAJA3", name: "Caja 3", warehouseId, willOpenDrawer: true },
    ]);
    // Payment links through the built-in sandbox provider (test cards on /pay/{id}), so the demo shows them.
    await tx.insert(paymentLinkSettings).values({ tenantId: tenant.id, id: newId(), provider: "sandbox", isEnabled: true, ttlDays: 7 });
  });
  // A month of sales, returns, cancellations and supplier bills, with the books kept (issue 14).
  if (opts.sampleMonth) await seedDemoMonth(db, tenant.id, ownerId, warehouseId);
  return { created: true };
}
