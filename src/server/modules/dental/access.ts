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

/** What a procedure requires: one right, every right of a list, or any one right of a list. */
export type DentalRightRule = DentalRight | { allOf: readonly DentalRight[] } | { anyOf: readonly DentalRight[] };

/** The right a user without access is told is missing (the first of an all-of the user lacks, the first of an any-of), or null when the rule is met. */
export function missingRight(rule: DentalRightRule, has: (right: DentalRight) => boolean): DentalRight | null {
  if (typeof rule === "string") return has(rule) ? null : rule;
  if ("allOf" in rule) return rule.allOf.find((r) => !has(r)) ?? null;
  return rule.anyOf.some(has) ? null : (rule.anyOf[0] ?? null);
}

/**
 * Every `dental.*` procedure: signed in, the dental module enabled for the tenant (`dental.access`),
 * and the right(s) the practice's module-permissions setting gives the user's role:
 * `dentalProcedure("clinical")`, `dentalProcedure({ allOf: ["files", "confidential"] })` or
 * `dentalProcedure({ anyOf: ["plans", "billing"] })`. A missing right answers FORBIDDEN 'forbidden'
 * naming it, or the message `denied` gives for that right. The procedure's context carries
 * `dentalRights` (e.g. to hide confidential files from a role without the right).
 */
export function dentalProcedure(rule: DentalRightRule, denied: Partial<Record<DentalRight, string>> = {}) {
  return protectedProcedure.use(
    middleware(async ({ ctx, next }) => {
      const { user, tx, tenant } = ctx as unknown as { user: SessionUser; tx: Tx; tenant: { id: string } };
      if (!user.modules.includes("dental")) throw appError("FORBIDDEN", "moduleDisabled", { module: "dental" });
      if (!user.isOwner && !user.permissions.includes("dental.access")) throw appError("FORBIDDEN", "forbidden", { permission: "dental.access" });
      const roleRights = await loadDentalRoleRights(tx, tenant.id);
      const missing = missingRight(rule, (r) => hasDentalRight(user, roleRights, r));
      if (missing) throw denied[missing] ? appError("FORBIDDEN", denied[missing]) : appError("FORBIDDEN", "forbidden", { permission: `dental.${missing}` });
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
