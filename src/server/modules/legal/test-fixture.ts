import { customerCreateInput } from "../../../shared/customers/customer";
import { withTenant } from "../../db/client";
import { newId } from "../../ids";
import type { TestContext } from "../../test/harness";
import { createCustomer } from "../customer/service";
import { setModule } from "../tenant/service";
import { legalCases } from "./tables";

/**
 * Test setup shared by the legal area's integration tests: the legal module turned on for a test
 * tenant (its product is the point of sale) and rows written directly: a client and a case.
 */
export async function enableLegal(t: TestContext, subdomain: "acme" | "other" = "acme") {
  const tenantId = t[subdomain].tenant.id;
  await withTenant(t.db, tenantId, (tx) => setModule(tx, tenantId, "legal", true));
}

let counter = 0;

/** A client (a customer of the suite) and an active case of theirs; returns both ids. */
export async function insertCase(
  t: TestContext,
  subdomain: "acme" | "other" = "acme",
  opts: { title?: string; clientName?: string; clientTaxId?: string; caseType?: string; priority?: string; status?: string; courtName?: string } = {},
) {
  const tenantId = t[subdomain].tenant.id;
  counter += 1;
  return withTenant(t.db, tenantId, async (tx) => {
    const client = await createCustomer(tx, tenantId, customerCreateInput.parse({ name: opts.clientName ?? `Cliente ${counter}`, tax_id: opts.clientTaxId }));
    const id = newId();
    await tx.insert(legalCases).values({
      tenantId,
      id,
      caseNumber: `T-${counter}-${id.slice(0, 8)}`,
      title: opts.title ?? `Caso ${counter}`,
      caseType: opts.caseType ?? "civil",
      status: opts.status ?? "active",
      priority: opts.priority ?? "normal",
      dateOpened: "2026-01-15",
      primaryClientId: client.id,
      courtName: opts.courtName ?? null,
    });
    return { caseId: id, clientId: client.id as string };
  });
}
