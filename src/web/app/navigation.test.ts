import { describe, expect, it } from "vitest";
import { hasAnyPermission, hasPermission, MODULES, type PermissionSubject, ROLE_DEFAULT_PERMISSIONS } from "../../shared/permissions";
import { visibleNavItems } from "./navigation";

const keysFor = (subject: PermissionSubject) =>
  visibleNavItems({ can: (p) => hasPermission(subject, p), canAny: (ps) => hasAnyPermission(subject, ps) }).map((i) => i.key);
const user = (permissions: readonly string[], modules: readonly string[] = MODULES) => ({ isOwner: false, permissions, modules });

describe("menu entries", () => {
  it("'Caja' follows the POS for the owner and the default cashier and admin", () => {
    for (const subject of [{ isOwner: true, permissions: [], modules: MODULES }, user(ROLE_DEFAULT_PERMISSIONS.cashier), user(ROLE_DEFAULT_PERMISSIONS.admin)]) {
      const keys = keysFor(subject);
      expect(keys.indexOf("cashBox")).toBe(keys.indexOf("pos") + 1);
    }
  });

  it("'Caja' needs the page's cash_box.view (its module on) and cash_box.open or cash_box.close", () => {
    expect(keysFor(user(["cash_box.view", "cash_box.open"]))).toContain("cashBox");
    expect(keysFor(user(["cash_box.view", "cash_box.close"]))).toContain("cashBox");
    // Only reading the closings, or opening without the page: no entry.
    expect(keysFor(user(["cash_box.view"]))).not.toContain("cashBox");
    expect(keysFor(user(["cash_box.open", "cash_box.close"]))).not.toContain("cashBox");
    // The cash_box module switched off for the tenant.
    expect(keysFor(user(["cash_box.view", "cash_box.open"], MODULES.filter((m) => m !== "cash_box")))).not.toContain("cashBox");
    expect(keysFor({ isOwner: true, permissions: [], modules: MODULES.filter((m) => m !== "cash_box") })).not.toContain("cashBox");
  });
});
