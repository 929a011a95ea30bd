import { CalendarClock, Receipt, ShieldCheck, Store } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { DASHBOARD_RANGES, type DashboardRange } from "../../../shared/dashboard/range";
import { formatTaxId } from "../../../shared/fiscal/tax-id";
import { daysUntil } from "../../../shared/platform/dates";
import { visibleNavItems } from "../../app/navigation";
import { Badge } from "../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { usePermissions } from "../../lib/permissions";
import { useSession } from "../../lib/session";
import { useTenantConfig } from "../../lib/theme";
import { cn } from "../../lib/utils";
import { NcfSetupReminder } from "../ncf/ncf-setup-notice";
import { EmployeeSales, RecentSales, SalesByCategory, SalesOverview, StatsCards, TopProducts } from "./widgets";

/** The range lives in the address (?range=week), so a reload or a shared link keeps it; today by default. */
function useRange(): [DashboardRange, (r: DashboardRange) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get("range");
  const range = (DASHBOARD_RANGES as readonly string[]).includes(value ?? "") ? (value as DashboardRange) : "today";
  const set = (r: DashboardRange) => {
    const next = new URLSearchParams(params);
    if (r === "today") next.delete("range");
    else next.set("range", r);
    setParams(next, { replace: true });
  };
  return [range, set];
}

function RangeToggle({ range, onChange }: { range: DashboardRange; onChange: (r: DashboardRange) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="inline-flex rounded-[var(--radius-button)] border bg-card p-1" data-testid="dashboard-range">
      <legend className="sr-only">{t("dashboard:range.label")}</legend>
      {DASHBOARD_RANGES.map((r) => (
        <button
          key={r}
          type="button"
          aria-pressed={range === r}
          onClick={() => onChange(r)}
          data-testid={`range-${r}`}
          className={cn(
            "min-h-9 min-w-[4.5rem] rounded-[calc(var(--radius-button)-2px)] px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
            range === r ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:bg-accent hover:text-accent-foreground",
          )}
        >
          {t(`dashboard:range.${r}`)}
        </button>
      ))}
    </fieldset>
  );
}

export function DashboardPage() {
  const { t } = useTranslation();
  const { data: user } = useSession();
  const config = useTenantConfig();
  const permissions = usePermissions();
  const [params] = useSearchParams();
  const tenant = config.data?.tenant;
  const shortcuts = visibleNavItems(permissions).filter((i) => i.key !== "dashboard");
  const [range, setRange] = useRange();

  // Laid out by the width the page gets (a container), not the window's: the menu takes a share of it.
  return (
    <div className="@container grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold" data-testid="dashboard-greeting">
            {params.get("welcome") ? t("dashboard:welcomeNew", { name: user?.name }) : t("dashboard:greeting", { name: user?.name })}
          </h1>
          <p className="text-muted-foreground">{t("dashboard:subtitle")}</p>
        </div>
        <RangeToggle range={range} onChange={setRange} />
      </div>
      <NcfSetupReminder />
      <StatsCards range={range} />
      <div className="grid gap-4 @4xl:grid-cols-3">
        <SalesOverview range={range} />
        <RecentSales range={range} />
      </div>
      <div className="grid gap-4 @2xl:grid-cols-2 @5xl:grid-cols-3">
        <TopProducts range={range} />
        <SalesByCategory range={range} />
        <EmployeeSales range={range} />
      </div>
      <h2 className="sr-only">{t("dashboard:account")}</h2>
      <div className="grid gap-4 md:grid-cols-3">
        <Card>
          <CardHeader>
            <CardDescription className="flex items-center gap-2">
              <Store className="size-4" />
              {t("dashboard:business")}
            </CardDescription>
            <CardTitle>{tenant ? tenant.name : <Skeleton className="h-5 w-40" />}</CardTitle>
          </CardHeader>
          <CardContent className="text-sm text-muted-foreground">
            {tenant?.taxId ? t("dashboard:rnc", { rnc: formatTaxId(tenant.taxId) }) : null}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardDescription className="flex items-center gap-2">
              <CalendarClock className="size-4" />
              {t("dashboard:plan")}
            </CardDescription>
            <CardTitle data-testid="plan-status">
              {tenant?.trialEndsAt ? t("dashboard:trialDays", { count: daysUntil(new Date(tenant.trialEndsAt)) }) : t("dashboard:active")}
            </CardTitle>
          </CardHeader>
          <CardContent className="text-sm text-muted-foreground">{tenant ? t("dashboard:product", { product: tenant.productName }) : null}</CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardDescription className="flex items-center gap-2">
              <ShieldCheck className="size-4" />
              {t("dashboard:yourRole")}
            </CardDescription>
            <CardTitle>{user ? t(`common:roles.${user.role}`) : null}</CardTitle>
          </CardHeader>
          <CardContent className="text-sm text-muted-foreground">{user?.email}</CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Receipt className="size-5" />
            {t("dashboard:shortcuts")}
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
          {shortcuts.map((item) => (
            <Link key={item.key} to={item.path} className="flex items-center gap-3 rounded-[var(--radius-button)] border p-3 hover:bg-accent">
              <item.icon className="size-5 text-primary" />
              <span className="font-medium">{t(`nav:items.${item.key}`)}</span>
              {item.shortcut ? <Badge variant="outline" className="ml-auto">{item.shortcut}</Badge> : null}
            </Link>
          ))}
        </CardContent>
      </Card>
    </div>
  );
}
