import type { RouteObject } from "react-router";
import { RequirePermission } from "../shell/guards";

const productForm = () => import("./product-form-page").then((m) => ({ Component: m.ProductFormPage }));

/** Routes under /home for products (paths relative to /home); each page is its own chunk, fetched when first opened. */
export const productRoutes: RouteObject[] = [
  {
    path: "products",
    lazy: () =>
      import("./products-page").then(({ ProductsPage }) => ({
        element: (
          <RequirePermission permission="products.view">
            <ProductsPage />
          </RequirePermission>
        ),
      })),
  },
  { path: "products/new", lazy: productForm },
  { path: "products/:id", lazy: productForm },
];
