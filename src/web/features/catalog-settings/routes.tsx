import type { RouteObject } from "react-router";
import type { SettingsTab } from "../settings/tabs";

/** Units of measure: the tab and the page (defined here so the tab does not load the page). */
export const UNITS_PERMISSION = "settings.catalogs";

/** Settings tabs for the catalog (categories, warehouses, units); paths relative to /home/settings. */
export const catalogSettingsTabs: SettingsTab[] = [
  { key: "categories", path: "/home/settings/categories", permission: "product_categories.view", labelKey: "categories:tab" },
  { key: "warehouses", path: "/home/settings/warehouses", permission: "warehouses.view", labelKey: "warehouses:tab" },
  { key: "units", path: "/home/settings/units", permission: UNITS_PERMISSION, labelKey: "units:tab" },
];

/** Each page is its own chunk, fetched when its route is first opened. */
export const catalogSettingsRoutes: RouteObject[] = [
  { path: "categories", lazy: () => import("./categories-page").then((m) => ({ Component: m.CategoriesPage })) },
  { path: "warehouses", lazy: () => import("./warehouses-page").then((m) => ({ Component: m.WarehousesPage })) },
  { path: "units", lazy: () => import("./units-page").then((m) => ({ Component: m.UnitsPage })) },
];
