import {
  BarChart3,
  BookOpenCheck,
  Boxes,
  CalendarDays,
  ClipboardList,
  ClipboardPen,
  FileText,
  Gift,
  HandCoins,
  LayoutDashboard,
  type LucideIcon,
  Package,
  Scale,
  Settings,
  ShoppingCart,
  Stethoscope,
  Store,
  Tags,
  Truck,
  UserCheck,
  Users,
  UsersRound,
  Wallet,
} from "lucide-react";

export interface NavItem {
  key: string;
  path: string;
  permission: string;
  /** When set, the entry also needs one of these (the page itself guards `permission`). */
  anyOf?: string[];
  icon: LucideIcon;
  shortcut?: string;
}

/** The sidebar menu of the spec, in its order, with 'Caja' after the POS (issue 21); settings last. */
export const NAV_ITEMS: NavItem[] = [
  { key: "dashboard", path: "/home", permission: "dashboard.view", icon: LayoutDashboard },
  { key: "appointments", path: "/home/appointments", permission: "appointments.view", icon: CalendarDays },
  { key: "pos", path: "/home/pos", permission: "pos.access", icon: ShoppingCart, shortcut: "F2" },
  // Who may open or close a cash box, and may open the page (it guards cash_box.view).
  { key: "cashBox", path: "/home/cash-box", permission: "cash_box.view", anyOf: ["cash_box.open", "cash_box.close"], icon: Wallet },
  { key: "products", path: "/home/products", permission: "products.view", icon: Package },
  { key: "warehouseMovements", path: "/home/warehouse-movements", permission: "warehouse_movements.view", icon: Boxes },
  { key: "purchaseOrders", path: "/home/purchase-orders", permission: "purchase_orders.view", icon: ClipboardList },
  { key: "providers", path: "/home/providers", permission: "providers.view", icon: Truck },
  { key: "payables", path: "/home/payables", permission: "payables.view", icon: HandCoins },
  { key: "promotions", path: "/home/promotions", permission: "promotions.view", icon: Tags },
  { key: "vouchers", path: "/home/vouchers", permission: "vouchers.view", icon: Gift },
  { key: "invoices", path: "/home/invoices", permission: "invoices.view", icon: FileText },
  { key: "reports", path: "/home/reports", permission: "reports.view", icon: BarChart3 },
  // Not in the spec's menu list ('other routes: not shown'): the books and the DGII filings (issue 14).
  { key: "accounting", path: "/home/accounting", permission: "accounting.view", icon: BookOpenCheck },
  // Not in the spec's menu list: the form designer and its submissions (issue 17).
  { key: "forms", path: "/home/forms", permission: "forms.view", icon: ClipboardPen },
  // Not in the spec's menu list: the dental practice (issue 18), for tenants with the dental module.
  { key: "dental", path: "/home/dental", permission: "dental.access", icon: Stethoscope },
  // Not in the spec's menu list: the online store's pages, products, orders and content (issue 19).
  { key: "storefront", path: "/home/storefront", permission: "storefront.view", icon: Store },
  // Not in the spec's menu list ('routes: not shown'): Legatti's case area (issue 20), for tenants with the legal module.
  { key: "legal", path: "/home/legal", permission: "legal.view", icon: Scale },
  { key: "customers", path: "/home/customers", permission: "customers.view", icon: Users },
  { key: "sellers", path: "/home/sellers", permission: "sellers.view", icon: UserCheck },
  { key: "employees", path: "/home/employees", permission: "employees.view", icon: UsersRound },
  { key: "settings", path: "/home/settings", permission: "settings.access", icon: Settings },
];

/** The entries a user sees (sidebar, dashboard shortcuts), given their permission checks. */
export function visibleNavItems(p: { can: (permission: string) => boolean; canAny: (permissions: string[]) => boolean }): NavItem[] {
  return NAV_ITEMS.filter((item) => p.can(item.permission) && (!item.anyOf || p.canAny(item.anyOf)));
}
