import type { RouteObject } from "react-router";

/**
 * Routes under /home for this feature (paths relative to /home); each page guards its own permission
 * and is its own chunk, fetched when its route is first opened.
 */
export const employeeRoutes: RouteObject[] = [
  { path: "employees", lazy: () => import("./employees-page").then((m) => ({ Component: m.EmployeesPage })) },
  { path: "employees/new", lazy: () => import("./employee-pages").then((m) => ({ Component: m.NewEmployeePage })) },
  { path: "employees/:id", lazy: () => import("./employee-pages").then((m) => ({ Component: m.EmployeePage })) },
  { path: "sellers", lazy: () => import("./sellers-page").then((m) => ({ Component: m.SellersPage })) },
];
