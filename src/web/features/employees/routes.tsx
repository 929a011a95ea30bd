import type { RouteObject } from "react-router";
import { EmployeePage, NewEmployeePage } from "./employee-pages";
import { EmployeesPage } from "./employees-page";
import { SellersPage } from "./sellers-page";

/** Routes under /home for this feature (paths relative to /home); each page guards its own permission. */
export const employeeRoutes: RouteObject[] = [
  { path: "employees", element: <EmployeesPage /> },
  { path: "employees/new", element: <NewEmployeePage /> },
  { path: "employees/:id", element: <EmployeePage /> },
  { path: "sellers", element: <SellersPage /> },
];
