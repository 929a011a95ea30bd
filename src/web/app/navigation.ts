import {
  BarChart3,
  Boxes,
  CalendarDays,
  FileText,
  LayoutDashboard,
  type LucideIcon,
  Package,
  Settings,
  ShoppingCart,
  Tags,
  Truck,
  UserCheck,
  Users,
  UsersRound,
} from "lucide-react";

export interface NavItem {
  key: string;
  path: string;
  permission: string;
  icon: LucideIcon;
  shortcut?: string;
}

/** The sidebar menu of the spec, in its order; settings last. */
export const NAV_ITEMS: NavItem[] = [
  { key: "dashboard", path: "/home", permission: "dashboard.view", icon: LayoutDashboard },
  { key: "appointments", path: "/home/appointments", permission: "appointments.view", icon: CalendarDays },
  { key: "pos", path: "/home/pos", permission: "pos.access", icon: ShoppingCart, shortcut: "F2" },
  { key: "products", path: "/home/products", permission: "products.view", icon: Package },
  { key: "warehouseMovements", path: "/home/warehouse-movements", permission: "warehouse_movements.view", icon: Boxes },
  { key: "providers", path: "/home/providers", permission: "providers.view", icon: Truck },
  { key: "promotions", path: "/home/promotions", permission: "promotions.view", icon: Tags },
  { key: "invoices", path: "/home/invoices", permission: "invoices.view", icon: FileText },
  { key: "reports", path: "/home/reports", permission: "reports.view", icon: BarChart3 },
  { key: "customers", path: "/home/customers", permission: "customers.view", icon: Users },
  { key: "sellers", path: "/home/sellers", permission: "sellers.view", icon: UserCheck },
  { key: "employees", path: "/home/employees", permission: "employees.view", icon: UsersRound },
  { key: "settings", path: "/home/settings", permission: "settings.access", icon: Settings },
];
