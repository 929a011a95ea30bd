import { eq } from "drizzle-orm";
import { normalizeRoleRights, type SettingsUpdateInput } from "../../../../shared/dental/catalogue";
import type { ChartNotation } from "../../../../shared/dental/constants";
import type { DentalRoleRights } from "../../../../shared/dental/permissions";
import type { Tx } from "../../../db/client";
import { newId } from "../../../ids";
import { loadDentalRoleRights } from "../access";
import { dentalSettings } from "../tables";

export interface DentalSettings {
  roleRights: DentalRoleRights;
  chartNotation: ChartNotation;
}

/** dental.getSettings: the module permissions per role (defaults until first saved) and the chart notation. */
export async function getSettings(tx: Tx, tenantId: string): Promise<DentalSettings> {
  const [row] = await tx.select({ chartNotation: dentalSettings.chartNotation }).from(dentalSettings).where(eq(dentalSettings.tenantId, tenantId));
  const roleRights = normalizeRoleRights(await loadDentalRoleRights(tx, tenantId));
  return { roleRights, chartNotation: (row?.chartNotation as ChartNotation | undefined) ?? "fdi" };
}

/** dental.updateSettings: one row per tenant, written whole; takes effect on the next request. */
export async function updateSettings(tx: Tx, tenantId: string, userId: string, input: SettingsUpdateInput): Promise<DentalSettings> {
  const values = { roleRights: input.roleRights, chartNotation: input.chartNotation, updatedBy: userId, updatedAt: new Date() };
  await tx
    .insert(dentalSettings)
    .values({ tenantId, id: newId(), ...values })
    .onConflictDoUpdate({ target: dentalSettings.tenantId, set: values });
  return getSettings(tx, tenantId);
}
