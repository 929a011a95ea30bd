import { and, eq } from "drizzle-orm";
import { DEFAULT_DENTAL_ROLE_RIGHTS, DENTAL_RIGHTS, type DentalRight, type DentalRoleRights, hasDentalRight } from "../../../shared/dental/permissions";
import type { Tx } from "../../db/client";
import { appError } from "../../trpc/errors";
import { middleware, protectedProcedure } from "../../trpc/init";
import type { SessionUser } from "../auth/service";
import { dentalPatients, dentalSettings } from "./tables";

/** The practice's module-permissions setting, or the defaults before it was first saved. */
export async function loadDentalRoleRights(tx: Tx, tenantId: string): Promise<DentalRoleRights> {
  const [row] = await tx.select({ roleRights: dentalSettings.roleRights }).from(dentalSettings).where(eq(dentalSettings.tenantId, tenantId));
  return (row?.roleRights as DentalRoleRights | undefined) ?? DEFAULT_DENTAL_ROLE_RIGHTS;
}

/** The rights the signed-in user holds in the module (every right for the owner). */
export function rightsOf(user: SessionUser, roleRights: DentalRoleRights): DentalRight[] {
  return DENTAL_RIGHTS.filter((r) => hasDentalRight(user, roleRights, r));
}

/**
 * Every `dental.*` procedure: signed in, the dental module enabled for the tenant (`dental.access`),
 * and the right the practice's module-permissions setting gives the user's role. The procedure's
 * context carries `dentalRights` (e.g. to hide confidential files from a role without the right).
 */
export function dentalProcedure(right: DentalRight) {
  return protectedProcedure.use(
    middleware(async ({ ctx, next }) => {
      const { user, tx, tenant } = ctx as unknown as { user: SessionUser; tx: Tx; tenant: { id: string } };
      if (!user.modules.includes("dental")) throw appError("FORBIDDEN", "moduleDisabled", { module: "dental" });
      if (!user.isOwner && !user.permissions.includes("dental.access")) throw appError("FORBIDDEN", "forbidden", { permission: "dental.access" });
      const roleRights = await loadDentalRoleRights(tx, tenant.id);
      if (!hasDentalRight(user, roleRights, right)) throw appError("FORBIDDEN", "forbidden", { permission: `dental.${right}` });
      return next({ ctx: { dentalRights: rightsOf(user, roleRights) } });
    }),
  );
}

/** The patient of this tenant, or NOT_FOUND ('Paciente no encontrado'). */
export async function getPatientRow(tx: Tx, tenantId: string, patientId: string) {
  const [row] = await tx
    .select()
    .from(dentalPatients)
    .where(and(eq(dentalPatients.tenantId, tenantId), eq(dentalPatients.id, patientId)));
  if (!row) throw appError("NOT_FOUND", "dental:errors.patientNotFound");
  return row;
}
