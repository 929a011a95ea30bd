import type { RouteObject } from "react-router";
import { RequirePermission } from "../shell/guards";
import { ProductFormPage } from "./product-form-page";
import { ProductsPage } from "./products-page";

/** Routes under /home for products (paths relative to /home). */
export const productRoutes: RouteObject[] = [
  {
    path: "products",
    element: (
      <RequirePermission permission="products.view">
        <ProductsPage />
      </RequirePermission>
    ),
  },
  { path: "products/new", element: <ProductFormPage /> },
  { path: "products/:id", element: <ProductFormPage /> },
];
