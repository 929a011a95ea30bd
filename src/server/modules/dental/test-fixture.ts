import { withTenant } from "../../db/client";
import { newId } from "../../ids";
import type { TestContext } from "../../test/harness";
import { customers } from "../customer/tables";
import { products } from "../product/tables";
import { dentalPatients, dentalProcedureTypes } from "./tables";

/**
 * Test setup shared by the dental areas' integration tests: the harness tenants sell POS, so the
 * dental module is switched on for them, and rows a test needs before its own procedures run are
 * written directly (a patient, a catalogue procedure).
 */
export async function enableDental(t: TestContext, subdomain: "acme" | "other" = "acme") {
  const owner = await t.client(subdomain, "owner");
  await owner.modules.setEnabled.mutate({ module: "dental", enabled: true });
}

let counter = 9000;
export async function insertPatient(t: TestContext, subdomain: "acme" | "other", opts: { name?: string; allergies?: string[] } = {}) {
  const tenantId = t[subdomain].tenant.id;
  const customerId = newId();
  const id = newId();
  counter += 1;
  await withTenant(t.db, tenantId, async (tx) => {
    await tx.insert(customers).values({ tenantId, id: customerId, code: `P-${counter}`, name: opts.name ?? `Paciente ${counter}` });
    await tx.insert(dentalPatients).values({ tenantId, id, customerId, number: counter, allergies: opts.allergies ?? [] });
  });
  return { id, customerId };
}

export async function insertProcedureType(
  t: TestContext,
  subdomain: "acme" | "other",
  opts: { code: string; name: string; price: string; scope?: "tooth" | "surface" | "mouth"; resultStatus?: string | null },
) {
  const tenantId = t[subdomain].tenant.id;
  const productId = newId();
  const id = newId();
  await withTenant(t.db, tenantId, async (tx) => {
    await tx.insert(products).values({ tenantId, id: productId, name: opts.name, sku: `DEN-${opts.code}`, productType: "service", price: opts.price, isTaxable: false });
    await tx.insert(dentalProcedureTypes).values({ tenantId, id, productId, code: opts.code, scope: opts.scope ?? "tooth", resultStatus: opts.resultStatus ?? null });
  });
  return { id, productId };
}
