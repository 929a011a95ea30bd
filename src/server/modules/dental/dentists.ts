import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { employees } from "../employee/tables";

/** The employees a clinical record or a prescription can name as its dentist: the tenant's active employees, by name. */
export function getDentists(tx: Tx, tenantId: string) {
  return tx
    .select({ id: employees.id, name: employees.name })
    .from(employees)
    .where(and(eq(employees.tenantId, tenantId), eq(employees.isActive, true)))
    .orderBy(employees.name);
}
