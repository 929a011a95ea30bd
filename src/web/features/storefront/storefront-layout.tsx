import { ExternalLink } from "lucide-react";
import { useTranslation } from "react-i18next";
import { NavLink, Outlet } from "react-router";
import { Skeleton } from "../../components/ui/skeleton";
import { currentSubdomain } from "../../lib/host";
import { usePermissions } from "../../lib/permissions";
import { cn } from "../../lib/utils";
import { AccessDenied } from "../shell/guards";

/** The area's menu (issue 19): the section editor first, then what the shop sells and receives. */
export const STOREFRONT_AREAS = [
  { key: "editor", path: "/home/storefront" },
  { key: "products", path: "/home/storefront/products" },
  { key: "orders", path: "/home/storefront/orders" },
  { key: "blog", path: "/home/storefront/blog" },
  { key: "messages", path: "/home/storefront/messages" },
  { key: "settings", path: "/home/storefront/settings" },
] as const;

export function StorefrontLayout() {
  const { t } = useTranslation();
  const { can, isLoading } = usePermissions();
  if (isLoading) return <Skeleton className="h-40 w-full" />;
  if (!can("storefront.view")) return <AccessDenied />;
  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center gap-2 border-b pb-2">
        <nav className="flex flex-1 gap-1 overflow-x-auto" aria-label={t("storefrontContent:area.title")}>
          {STOREFRONT_AREAS.map((a) => (
            <NavLink
              key={a.key}
              to={a.path}
              end={a.key === "editor"}
              className={({ isActive }) =>
                cn("shrink-0 rounded-[var(--radius-button)] px-3 py-2 text-sm font-medium hover:bg-accent", isActive && "bg-primary text-primary-foreground hover:bg-primary")
              }
            >
              {t(`storefrontContent:area.tabs.${a.key}`)}
            </NavLink>
          ))}
        </nav>
        {currentSubdomain() ? (
          <a href="/shop" target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 px-2 text-sm text-primary hover:underline">
            {t("storefrontContent:area.viewShop")}
            <ExternalLink className="size-4" aria-hidden />
          </a>
        ) : null}
      </div>
      <Outlet />
    </div>
  );
}
