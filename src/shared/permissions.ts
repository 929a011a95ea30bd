/**
 * The permission catalogue. A permission is `<module>.<action>`.
 * Permissions ending in `.access` or `.view` also need their module enabled for the tenant.
 * The owner (is_owner) holds every permission; admin and cashier get the defaults below.
 */
export const MODULES = [
  "dashboard",
  "appointments",
  "pos",
  "products",
  "product_categories",
  "warehouses",
  "warehouse_movements",
  "providers",
  "promotions",
  "vouchers",
  "invoices",
  "credit_notes",
  "payments",
  "cash_box",
  "reports",
  "customers",
  "sellers",
  "employees",
  "purchase_orders",
  "payables",
  "accounting",
  "forms",
  "dental",
  "legal",
  "storefront",
  "settings",
] as const;
export type ModuleCode = (typeof MODULES)[number];

const CRUD = ["view", "create", "update", "delete"] as const;

/** Every permission, grouped by module. */
export const PERMISSION_CATALOGUE: Record<ModuleCode, readonly string[]> = {
  dashboard: ["view"],
  appointments: [...CRUD, "apply_payment", "configure"],
  pos: ["access", "discount", "custom_discount", "hold_invoice", "cancel_invoice", "close_cash"],
  products: [...CRUD, "import", "export", "adjust_inventory"],
  product_categories: [...CRUD],
  warehouses: [...CRUD],
  warehouse_movements: [...CRUD, "complete", "cancel"],
  providers: [...CRUD],
  promotions: [...CRUD],
  vouchers: ["view", "generate", "cancel", "report"],
  invoices: ["view", "create", "update", "cancel", "export"],
  credit_notes: ["view", "create", "cancel"],
  payments: ["view", "create", "cancel"],
  cash_box: ["view", "open", "close"],
  reports: ["view", "export"],
  customers: [...CRUD],
  sellers: ["view", "update"],
  employees: [...CRUD],
  purchase_orders: [...CRUD, "approve", "receive", "send", "cancel"],
  payables: ["view", "create", "update", "cancel", "pay"],
  accounting: ["view", "create", "update", "close_period", "export"],
  forms: [...CRUD, "publish", "manage_submissions"],
  // What each role may do inside the module is the module's own setting (src/shared/dental/permissions.ts).
  dental: ["access"],
  legal: ["access", "view", "create", "update", "delete"],
  storefront: ["view", "update"],
  settings: ["access", "users", "modules", "configuration", "catalogs", "fiscal"],
};

export const ALL_PERMISSIONS: readonly string[] = Object.entries(PERMISSION_CATALOGUE).flatMap(
  ([module, actions]) => actions.map((a) => `${module}.${a}`),
);

export const ROLES = ["owner", "admin", "cashier"] as const;
export type Role = (typeof ROLES)[number];

/** Permissions an owner keeps for themself: managing people, modules and the tenant itself. */
const OWNER_ONLY = new Set(["settings.users", "settings.modules"]);

const CASHIER: readonly string[] = [
  "dashboard.view",
  "pos.access",
  "pos.discount",
  "pos.hold_invoice",
  "products.view",
  "product_categories.view",
  "customers.view",
  "customers.create",
  "customers.update",
  "invoices.view",
  "invoices.create",
  "payments.view",
  "payments.create",
  "cash_box.view",
  "cash_box.open",
  "cash_box.close",
  "appointments.view",
  "appointments.create",
  "appointments.update",
  "appointments.apply_payment",
  "vouchers.view",
  "credit_notes.view",
  // The front desk of a practice; the dental module-permissions setting decides what it does there.
  "dental.access",
  // An assistant of the firm (Legatti): works on cases, parties, events, tasks, time and
  // communications, but does not see confidential documents and does not delete.
  "legal.access",
  "legal.view",
  "legal.create",
  "legal.update",
];

export const ROLE_DEFAULT_PERMISSIONS: Record<Role, readonly string[]> = {
  owner: ALL_PERMISSIONS,
  admin: ALL_PERMISSIONS.filter((p) => !OWNER_ONLY.has(p)),
  cashier: CASHIER,
};

export function permissionModule(permission: string): string {
  return permission.split(".")[0] ?? "";
}

/** `.access` and `.view` permissions also require their module to be enabled. */
export function needsModule(permission: string): boolean {
  return permission.endsWith(".access") || permission.endsWith(".view");
}

export interface PermissionSubject {
  isOwner: boolean;
  permissions: readonly string[];
  modules: readonly string[];
}

export function hasPermission(subject: PermissionSubject, permission: string): boolean {
  if (needsModule(permission) && !subject.modules.includes(permissionModule(permission))) return false;
  if (subject.isOwner) return true;
  return subject.permissions.includes(permission);
}

export function hasAnyPermission(subject: PermissionSubject, permissions: readonly string[]): boolean {
  return permissions.some((p) => hasPermission(subject, p));
}

export function hasAllPermissions(subject: PermissionSubject, permissions: readonly string[]): boolean {
  return permissions.every((p) => hasPermission(subject, p));
}

/** Modules a new tenant gets, by the product it signed up for. */
export const PRODUCTS = ["pos", "forms", "dental", "legatti"] as const;
export type ProductCode = (typeof PRODUCTS)[number];

const PRODUCT_ONLY_MODULES: Partial<Record<ModuleCode, ProductCode>> = {
  dental: "dental",
  legal: "legatti",
};

export function defaultModulesFor(product: ProductCode): ModuleCode[] {
  return MODULES.filter((m) => {
    const only = PRODUCT_ONLY_MODULES[m];
    return !only || only === product;
  });
}
