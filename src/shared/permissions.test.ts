import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ALL_PERMISSIONS, defaultModulesFor, hasAllPermissions, hasAnyPermission, hasPermission, PERMISSION_CATALOGUE, ROLE_DEFAULT_PERMISSIONS } from "./permissions";

const owner = { isOwner: true, permissions: [], modules: ["pos", "reports"] };
const cashier = { isOwner: false, permissions: ROLE_DEFAULT_PERMISSIONS.cashier, modules: ["pos", "reports", "customers"] };

describe("permission rules", () => {
  it("the owner has everything, but .access/.view still need the module", () => {
    expect(hasPermission(owner, "settings.users")).toBe(true);
    expect(hasPermission(owner, "pos.access")).toBe(true);
    expect(hasPermission(owner, "customers.view")).toBe(false);
    expect(hasPermission(owner, "customers.create")).toBe(true);
  });
  it("others need the permission in their list", () => {
    expect(hasPermission(cashier, "pos.access")).toBe(true);
    expect(hasPermission(cashier, "providers.create")).toBe(false);
    expect(hasAnyPermission(cashier, ["providers.create", "pos.access"])).toBe(true);
    expect(hasAllPermissions(cashier, ["providers.create", "pos.access"])).toBe(false);
  });
  it("role defaults only name catalogued permissions; admin lacks user and module management", () => {
    for (const role of ["admin", "cashier"] as const) for (const p of ROLE_DEFAULT_PERMISSIONS[role]) expect(ALL_PERMISSIONS).toContain(p);
    expect(ROLE_DEFAULT_PERMISSIONS.admin).not.toContain("settings.users");
    expect(ROLE_DEFAULT_PERMISSIONS.admin).toContain("products.create");
  });
  it("the issue's examples are in the catalogue", () => {
    for (const p of ["pos.access", "products.view", "products.create", "customers.update", "employees.delete", "settings.users", "product_categories.create", "providers.create", "vouchers.generate"]) {
      expect(ALL_PERMISSIONS).toContain(p);
    }
  });
  it("product-only modules go to their product", () => {
    expect(defaultModulesFor("pos")).not.toContain("dental");
    expect(defaultModulesFor("dental")).toContain("dental");
    expect(defaultModulesFor("legatti")).toContain("legal");
  });
  it("the README lists every module and action of the catalogue", () => {
    const readme = readFileSync(path.resolve(__dirname, "../../README.md"), "utf8");
    for (const [module, actions] of Object.entries(PERMISSION_CATALOGUE)) {
      const row = readme.split("\n").find((l) => l.startsWith(`| \`${module}\` |`));
      expect(row, module).toBeDefined();
      for (const a of actions) expect(row).toContain(`\`${a}\``);
    }
  });
});
