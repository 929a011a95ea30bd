import { CalendarClock, Receipt, ShieldCheck, Store } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { formatTaxId } from "../../../shared/fiscal/tax-id";
import { daysUntil } from "../../../shared/platform/dates";
import { visibleNavItems } from "../../app/navigation";
import { Badge } from "../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { usePermissions } from "../../lib/permissions";
import { useSession } from "../../lib/session";
import { useTenantConfig } from "../../lib/theme";
import { NcfSetupReminder } from "../ncf/ncf-setup-notice";

export function DashboardPage() {
  const { t } = useTranslation();
  const { data: user } = useSession();
  const config = useTenantConfig();
  const permissions = usePermissions();
  const [params] = useSearchParams();
  const tenant = config.data?.tenant;
  const shortcuts = visibleNavItems(permissions).filter((i) => i.key !== "dashboard");

  return (
    <div className="grid gap-4">
      <div>
        <h1 className="text-2xl font-bold" data-testid="dashboard-greeting">
          {params.get("welcome") ? t("dashboard:welcomeNew", { name: user?.name }) : t("dashboard:greeting", { name: user?.name })}
        </h1>
        <p className="text-muted-foreground">{t("dashboard:subtitle")}</p>
      </div>
      <NcfSetupReminder />
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
