import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { appError } from "../../trpc/errors";
import { middleware, protectedProcedure, requirePermission } from "../../trpc/init";
import type { SessionUser } from "../auth/service";
import { legalCases } from "./tables";

export type LegalPermission = "legal.view" | "legal.create" | "legal.update" | "legal.delete";

/** The legal module must be on for the tenant whatever the permission (create/update/delete do not imply it by themselves). */
const legalModuleOn = middleware(({ ctx, next }) => {
  const user = (ctx as unknown as { user: SessionUser }).user;
  if (!user.modules.includes("legal")) throw appError("FORBIDDEN", "moduleDisabled", { module: "legal" });
  return next();
});

/** Every `legalCase.*` procedure: signed in, the legal module on, and the permission held. */
export const legalProcedure = (permission: LegalPermission) => protectedProcedure.use(legalModuleOn).use(requirePermission(permission));

/** Confidential documents are seen only by the owner and the admin role. */
export function canSeeConfidential(user: SessionUser): boolean {
  return user.isOwner || user.role === "owner" || user.role === "admin";
}

/** The case of this tenant, or NOT_FOUND 'legal:errors.caseNotFound'. */
export async function loadCase(tx: Tx, tenantId: string, caseId: string) {
  const [row] = await tx
    .select()
    .from(legalCases)
    .where(and(eq(legalCases.tenantId, tenantId), eq(legalCases.id, caseId)));
  if (!row) throw appError("NOT_FOUND", "legal:errors.caseNotFound");
  return row;
}
