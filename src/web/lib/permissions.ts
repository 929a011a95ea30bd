import { hasAllPermissions, hasAnyPermission, hasPermission } from "../../shared/permissions";
import { useSession } from "./session";

/** Permission checks on the signed-in user (the server enforces the same rules). */
export function usePermissions() {
  const { data: user, isLoading } = useSession();
  const subject = user ? { isOwner: user.isOwner, permissions: user.permissions, modules: user.modules } : null;
  return {
    isLoading,
    can: (permission: string) => !!subject && hasPermission(subject, permission),
    canAny: (permissions: string[]) => !!subject && hasAnyPermission(subject, permissions),
    canAll: (permissions: string[]) => !!subject && hasAllPermissions(subject, permissions),
  };
}
