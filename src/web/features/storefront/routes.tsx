import type { RouteObject } from "react-router";

const page = <M,>(load: () => Promise<M>, name: keyof M) => () => load().then((m) => ({ Component: m[name] as React.ComponentType }));
const blogForm = page(() => import("./blog/blog-post-form-page"), "BlogPostFormPage");

/** The online store's back office (issue 19), under /home/storefront: one layout with the area's menu. */
export const storefrontRoutes: RouteObject[] = [
  {
    path: "storefront",
    lazy: () => import("./storefront-layout").then((m) => ({ Component: m.StorefrontLayout })),
    children: [
      { index: true, lazy: page(() => import("./editor/editor-page"), "StorefrontEditorPage") },
      { path: "products", lazy: page(() => import("./products/online-products-page"), "OnlineProductsPage") },
      { path: "orders", lazy: page(() => import("./orders/online-orders-page"), "OnlineOrdersPage") },
      { path: "blog", lazy: page(() => import("./blog/blog-posts-page"), "BlogPostsPage") },
      { path: "blog/new", lazy: blogForm },
      { path: "blog/:id", lazy: blogForm },
      { path: "messages", lazy: page(() => import("./messages/contact-messages-page"), "ContactMessagesPage") },
      { path: "settings", lazy: page(() => import("./settings/store-settings-page"), "StoreSettingsPage") },
    ],
  },
];
