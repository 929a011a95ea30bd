import type { RouteObject } from "react-router";
import type { SettingsTab } from "../settings/settings-layout";
import { CategoriesPage } from "./categories-page";
import { UNITS_PERMISSION, UnitsPage } from "./units-page";
import { WarehousesPage } from "./warehouses-page";

/** Settings tabs for the catalog (categories, warehouses, units); paths relative to /home/settings. */
export const catalogSettingsTabs: SettingsTab[] = [
  { key: "categories", path: "/home/settings/categories", permission: "product_categories.view", labelKey: "categories:tab" },
  { key: "warehouses", path: "/home/settings/warehouses", permission: "warehouses.view", labelKey: "warehouses:tab" },
  { key: "units", path: "/home/settings/units", permission: UNITS_PERMISSION, labelKey: "units:tab" },
];

export const catalogSettingsRoutes: RouteObject[] = [
  { path: "categories", element: <CategoriesPage /> },
  { path: "warehouses", element: <WarehousesPage /> },
  { path: "units", element: <UnitsPage /> },
];
