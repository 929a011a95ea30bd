import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toBig } from "../../../shared/catalog/decimal";
import { THEMES, type Theme } from "../../../shared/platform/themes";
import { useTRPC } from "../../app/trpc";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input, NativeSelect } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { Switch } from "../../components/ui/switch";
import { toast } from "../../components/ui/use-toast";
import { tMessage } from "../../lib/i18n";
import { usePermissions } from "../../lib/permissions";
import { useTenantConfig } from "../../lib/theme";
import { RequirePermission } from "../shell/guards";

const FLAGS = ["rounded_sidebar", "rounded_cards", "rounded_navbar", "rounded_buttons"] as const;

export function ConfigurationPage() {
  return (
    <RequirePermission permission="settings.configuration">
      <ConfigurationScreen />
    </RequirePermission>
  );
}

function ConfigurationScreen() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const config = useTenantConfig();
  const { can } = usePermissions();
  // The default currency is the one marked default in Settings → Currencies (currencies.is_default).
  const currencies = useQuery(trpc.currency.getActive.queryOptions());
  const update = useMutation(
    trpc.tenant.updateConfig.mutationOptions({
      onSuccess: async () => {
        await qc.invalidateQueries({ queryKey: trpc.tenant.getCurrentConfig.queryKey() });
        toast({ title: t("settings:configuration.saved"), variant: "success" });
      },
      onError: (e) => toast({ title: tMessage(e.message) ?? e.message, variant: "destructive" }),
    }),
  );
  const c = config.data?.config;
  if (!c) return <Skeleton className="h-64 w-full" />;
  const home = currencies.data?.find((x) => x.is_default);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>{t("settings:configuration.appearance")}</CardTitle>
          <CardDescription>{t("settings:configuration.appearanceHint")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Field label={t("settings:configuration.companyTheme")} htmlFor="company-theme">
            <NativeSelect id="company-theme" value={c.theme} onChange={(e) => update.mutate({ theme: e.target.value as Theme })}>
              {THEMES.map((name) => (
                <option key={name} value={name}>
                  {t(`common:theme.names.${name}`)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <div className="flex items-center justify-between gap-3 rounded-md border p-3">
            <label htmlFor="force-theme" className="grid gap-1 text-sm">
              <span className="font-medium">{t("settings:configuration.forceTheme")}</span>
              <span className="text-muted-foreground">{t("settings:configuration.forceThemeHint")}</span>
            </label>
            <Switch id="force-theme" checked={c.force_company_theme} onCheckedChange={(v) => update.mutate({ force_company_theme: v })} />
          </div>
          {FLAGS.map((flag) => (
            <div key={flag} className="flex items-center justify-between gap-3 rounded-md border p-3">
              <label htmlFor={flag} className="text-sm font-medium">
                {t(`settings:configuration.flags.${flag}`)}
              </label>
              <Switch id={flag} checked={c[flag]} onCheckedChange={(v) => update.mutate({ [flag]: v })} />
            </div>
          ))}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("settings:configuration.regional")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Field label={t("settings:configuration.defaultCurrency")} htmlFor="default-currency">
            <Input id="default-currency" readOnly value={home ? `${home.name} (${home.code})` : c.default_currency_code} data-testid="default-currency" />
          </Field>
          <p className="text-sm text-muted-foreground">{t("settings:configuration.defaultCurrencyHint")}</p>
          {can("settings.fiscal") ? (
            <Button variant="outline" className="justify-self-start" asChild>
              <Link to="/home/settings/currencies">{t("settings:configuration.defaultCurrencyLink")}</Link>
            </Button>
          ) : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("settings:configuration.sales")}</CardTitle>
          <CardDescription>{t("settings:configuration.salesHint")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="flex items-center justify-between gap-3 rounded-md border p-3">
            <label htmlFor="allow-negative-stock" className="grid gap-1 text-sm">
              <span className="font-medium">{t("settings:configuration.allowNegativeStock")}</span>
              <span className="text-muted-foreground">{t("settings:configuration.allowNegativeStockHint")}</span>
            </label>
            <Switch id="allow-negative-stock" checked={c.allow_negative_stock} onCheckedChange={(v) => update.mutate({ allow_negative_stock: v })} />
          </div>
          <div className="flex items-center justify-between gap-3 rounded-md border p-3">
            <label htmlFor="sell-without-cashbox" className="grid gap-1 text-sm">
              <span className="font-medium">{t("settings:configuration.sellWithoutCashbox")}</span>
              <span className="text-muted-foreground">{t("settings:configuration.sellWithoutCashboxHint")}</span>
            </label>
            <Switch id="sell-without-cashbox" checked={c.sell_without_cashbox} onCheckedChange={(v) => update.mutate({ sell_without_cashbox: v })} />
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label={t("settings:configuration.rewardsPoints")} htmlFor="rewards-points">
              <Input
                id="rewards-points"
                inputMode="numeric"
                defaultValue={String(c.rewards_points_per_unit)}
                key={`p${c.rewards_points_per_unit}`}
                onBlur={(e) => e.currentTarget.value !== String(c.rewards_points_per_unit) && update.mutate({ rewards_points_per_unit: Number(e.currentTarget.value) })}
              />
            </Field>
            <Field label={t("settings:configuration.rewardsAmount")} htmlFor="rewards-amount">
              <Input
                id="rewards-amount"
                inputMode="decimal"
                defaultValue={c.rewards_amount_per_point}
                key={`a${c.rewards_amount_per_point}`}
                onBlur={(e) => e.currentTarget.value !== c.rewards_amount_per_point && update.mutate({ rewards_amount_per_point: e.currentTarget.value })}
              />
            </Field>
          </div>
          <p className="text-sm text-muted-foreground">{t("settings:configuration.rewardsRule", { points: c.rewards_points_per_unit, amount: c.rewards_amount_per_point })}</p>
          <Field label={t("settings:configuration.rewardsPointValue")} htmlFor="rewards-point-value" hint={t("settings:configuration.rewardsPointValueHint")}>
            <Input
              id="rewards-point-value"
              inputMode="decimal"
              className="sm:max-w-[calc(50%-0.375rem)]"
              defaultValue={c.rewards_point_value}
              key={`v${c.rewards_point_value}`}
              onBlur={(e) => e.currentTarget.value !== c.rewards_point_value && update.mutate({ rewards_point_value: e.currentTarget.value || "0" })}
            />
          </Field>
          <p className="text-sm text-muted-foreground" data-testid="rewards-redemption-rule">
            {toBig(c.rewards_point_value).gt(0) ? t("settings:configuration.rewardsRedemptionRule", { value: c.rewards_point_value }) : t("settings:configuration.rewardsRedemptionOff")}
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
