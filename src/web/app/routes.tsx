import { useTranslation } from "react-i18next";
import { createBrowserRouter, Link, Outlet, type RouteObject } from "react-router";
import { Button } from "../components/ui/button";
import { accountingRoutes } from "../features/accounting/routes";
import { portalRoutes } from "../features/appointment-portal/routes";
import { appointmentRoutes } from "../features/appointments/routes";
import { CallbackPage } from "../features/auth/callback-page";
import { SignInPage } from "../features/auth/signin-page";
import { cashboxRoutes, cashboxSettingsRoutes } from "../features/cashbox/routes";
import { catalogSettingsRoutes } from "../features/catalog-settings/routes";
import { creditNoteRoutes } from "../features/credit-notes/routes";
import { customerRoutes } from "../features/customers/routes";
import { DashboardPage } from "../features/dashboard/dashboard-page";
import { dentalRoutes } from "../features/dental/routes";
import { dgiiRoutes } from "../features/dgii/routes";
import { employeeRoutes } from "../features/employees/routes";
import { fiscalSettingsRoutes } from "../features/fiscal-settings/routes";
import { formRoutes, publicFormRoute } from "../features/forms/routes";
import { inventoryRoutes } from "../features/inventory/routes";
import { publicInvoiceRoute } from "../features/invoices/public-routes";
import { invoiceRoutes } from "../features/invoices/routes";
import { LandingPage } from "../features/landing/landing-page";
import { legalRoutes } from "../features/legal/routes";
import { ncfSettingsRoutes } from "../features/ncf/routes";
import { outboxSettingsRoutes } from "../features/outbox/routes";
import { payablesRoutes } from "../features/payables/routes";
import { paymentLinkSettingsRoutes, payRoute } from "../features/payment-links/routes";
import { posRoutes } from "../features/pos/routes";
import { productRoutes } from "../features/products/routes";
import { promotionRoutes } from "../features/promotions/routes";
import { providerRoutes } from "../features/providers/routes";
import { purchasingRoutes } from "../features/purchasing/routes";
import { reportRoutes } from "../features/reports/routes";
import { ModuleComingPage, RequirePermission, RequireSession } from "../features/shell/guards";
import { storefrontRoutes } from "../features/storefront/routes";
import { voucherRoutes } from "../features/vouchers/routes";
import { AppShell } from "./app-shell";
import { DocumentMeta } from "./document-meta";
import { NAV_ITEMS } from "./navigation";
import { Providers } from "./providers";

function Root() {
  return (
    <Providers>
      <DocumentMeta />
      <Outlet />
    </Providers>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3">
      <h1 className="text-2xl font-bold">{t("common:notFound.title")}</h1>
      <p className="text-muted-foreground">{t("common:notFound.message")}</p>
      <Button asChild>
        <Link to="/">{t("common:notFound.home")}</Link>
      </Button>
    </div>
  );
}

/**
 * Pages fetched when their route is first opened, so the first load (the POS above all) does not
 * download, parse and run the whole back office: each feature's routes file declares its pages lazily.
 */
const registerPage = () => import("../features/auth/register-page").then((m) => ({ Component: m.RegisterPage }));
const settingsLayout = () => import("../features/settings/settings-layout");

/** Screens of the modules built so far (paths relative to /home). */
const featureRoutes: RouteObject[] = [...productRoutes, ...providerRoutes, ...inventoryRoutes, ...purchasingRoutes, ...payablesRoutes, ...customerRoutes, ...employeeRoutes, ...posRoutes, ...cashboxRoutes, ...invoiceRoutes, ...creditNoteRoutes, ...reportRoutes, ...accountingRoutes, ...dgiiRoutes, ...appointmentRoutes, ...promotionRoutes, ...voucherRoutes, ...formRoutes, ...dentalRoutes, ...storefrontRoutes, ...legalRoutes];
const builtPaths = new Set(featureRoutes.map((r) => r.path?.split("/")[0]));

/** Menu destinations that later modules fill in; each is guarded by its permission already. */
const comingRoutes = NAV_ITEMS.filter((item) => !["dashboard", "settings"].includes(item.key) && !builtPaths.has(item.path.replace("/home/", ""))).map((item) => ({
  path: item.path.replace("/home/", ""),
  element: (
    <RequirePermission permission={item.permission}>
      <ModuleComingPage titleKey={`nav:items.${item.key}`} />
    </RequirePermission>
  ),
}));

export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      { path: "/", element: <LandingPage /> },
      { path: "/auth/signin", element: <SignInPage /> },
      { path: "/auth/register", lazy: registerPage },
      { path: "/auth/callback", element: <CallbackPage /> },
      { path: "/onboarding/:product", lazy: registerPage },
      { path: "/nothing-to-see-here", lazy: () => import("../features/super-admin/super-admin-page").then((m) => ({ Component: m.SuperAdminPage })) },
      publicInvoiceRoute,
      publicFormRoute,
      ...portalRoutes,
      payRoute,
      {
        path: "/home",
        element: <RequireSession />,
        children: [
          {
            element: <AppShell />,
            children: [
              {
                index: true,
                element: (
                  <RequirePermission permission="dashboard.view">
                    <DashboardPage />
                  </RequirePermission>
                ),
              },
              {
                path: "settings",
                lazy: () =>
                  settingsLayout().then(({ SettingsLayout }) => ({
                    element: (
                      <RequirePermission permission="settings.access">
                        <SettingsLayout />
                      </RequirePermission>
                    ),
                  })),
                children: [
                  { index: true, lazy: () => settingsLayout().then((m) => ({ Component: m.SettingsIndex })) },
                  { path: "users", lazy: () => import("../features/settings/users-page").then((m) => ({ Component: m.UsersPage })) },
                  { path: "modules", lazy: () => import("../features/settings/modules-page").then((m) => ({ Component: m.ModulesPage })) },
                  { path: "configuration", lazy: () => import("../features/settings/configuration-page").then((m) => ({ Component: m.ConfigurationPage })) },
                  ...catalogSettingsRoutes,
                  ...cashboxSettingsRoutes,
                  ...ncfSettingsRoutes,
                  ...fiscalSettingsRoutes,
                  ...paymentLinkSettingsRoutes,
                  ...outboxSettingsRoutes,
                ],
              },
              ...featureRoutes,
              ...comingRoutes,
              { path: "*", element: <NotFound /> },
            ],
          },
        ],
      },
      { path: "*", element: <NotFound /> },
    ],
  },
]);
