import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { useTRPC } from "../../app/trpc";
import { FormActionBar } from "../../components/form-actions";
import { ListHeader } from "../../components/list-page";
import { PermissionButton } from "../../components/permission-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { AccountPicker } from "./account-picker";
import { type Account, RequireAccounting, useAccounts } from "./shared";

/** The mapping keys grouped as an accountant reads them. */
const GROUPS: { key: string; keys: string[] }[] = [
  { key: "money", keys: ["cash", "bank", "card"] },
  { key: "sales", keys: ["receivables", "sales", "sales_services", "sales_returns", "itbis_payable", "legal_tip", "customer_credit"] },
  { key: "purchases", keys: ["payables", "goods_received", "itbis_receivable", "itbis_withheld", "isr_withheld"] },
  { key: "inventory", keys: ["inventory", "cogs", "inventory_adjustments"] },
  { key: "cashbox", keys: ["cash_over", "cash_short"] },
  { key: "equity", keys: ["retained_earnings"] },
];

/** Configuración contable: the account each kind of document posts to, per payment method and per warehouse. */
export function AccountingSettingsPage() {
  return (
    <RequireAccounting>
      <Settings />
    </RequireAccounting>
  );
}

function Settings() {
  const trpc = useTRPC();
  const mappings = useQuery(trpc.accounting.getMappings.queryOptions());
  const accounts = useAccounts();
  if (!mappings.data || !accounts.data) return <Skeleton className="h-64 w-full" />;
  return <SettingsForm data={mappings.data} accounts={accounts.data} key={mappings.dataUpdatedAt} />;
}

type Mappings = { defaults: { key: string; accountId: string | null }[]; paymentMethods: { key: string; name: string; code: string; accountId: string | null }[]; warehouses: { key: string; name: string; accountId: string | null }[] };

function SettingsForm({ data, accounts }: { data: Mappings; accounts: readonly Account[] }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const initial = React.useMemo(() => Object.fromEntries([...data.defaults, ...data.paymentMethods, ...data.warehouses].map((m) => [m.key, m.accountId ?? ""])), [data]);
  const [values, setValues] = React.useState<Record<string, string>>(initial);
  const changed = Object.entries(values).filter(([k, v]) => v && v !== initial[k]);
  const save = useMutation(
    trpc.accounting.updateMappings.mutationOptions({
      onSuccess: async () => {
        await qc.invalidateQueries(trpc.accounting.getMappings.pathFilter());
        toast({ variant: "success", title: t("accounting:settings.saved") });
      },
      onError: (e) => toast({ variant: "destructive", title: t("accounting:settings.saveFailed"), description: e.message }),
      meta: { silent: true },
    }),
  );
  const known = new Set(GROUPS.flatMap((g) => g.keys));
  const expenseKeys = data.defaults.map((d) => d.key).filter((k) => k.startsWith("expense_type:"));
  const others = data.defaults.map((d) => d.key).filter((k) => !known.has(k) && !k.startsWith("expense_type:"));
  const row = (key: string, label: string) => (
    <div key={key} className="grid gap-1.5 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)] sm:items-center sm:gap-4" data-testid="mapping-row" data-key={key}>
      <label htmlFor={`map-${key}`} className="text-sm font-medium">
        {label}
      </label>
      <AccountPicker id={`map-${key}`} accounts={accounts} value={values[key]} onChange={(id) => setValues((v) => ({ ...v, [key]: id }))} />
    </div>
  );
  const section = (key: string, title: string, description: string | null, content: React.ReactNode) => (
    <Card key={key}>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-3">{content}</CardContent>
    </Card>
  );
  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (changed.length > 0) save.mutate({ mappings: changed.map(([key, accountId]) => ({ key, accountId })) });
      }}
    >
      <ListHeader title={t("accounting:pages.settings")} subtitle={t("accounting:settings.subtitle")} />
      {GROUPS.map((g) => section(g.key, t(`accounting:settings.groups.${g.key}`), null, g.keys.filter((k) => k in values).map((k) => row(k, t(`accounting:mappingKeys.${k}`)))))}
      {others.length > 0 ? section("others", t("accounting:settings.groups.others"), null, others.map((k) => row(k, k))) : null}
      {section(
        "expenses",
        t("accounting:settings.groups.expenses"),
        t("accounting:settings.expensesHint"),
        expenseKeys.map((k) => row(k, t(`accounting:expenseTypes.${k.slice("expense_type:".length)}`, { defaultValue: k }))),
      )}
      {section(
        "methods",
        t("accounting:settings.groups.paymentMethods"),
        t("accounting:settings.paymentMethodsHint"),
        data.paymentMethods.map((m) => row(m.key, `${m.name} (${m.code})`)),
      )}
      {section("warehouses", t("accounting:settings.groups.warehouses"), t("accounting:settings.warehousesHint"), data.warehouses.map((w) => row(w.key, w.name)))}
      <FormActionBar start={<span className="text-xs text-muted-foreground">{t("accounting:settings.changed", { count: changed.length })}</span>}>
        <PermissionButton permission="accounting.update" type="submit" disabled={save.isPending || changed.length === 0} data-testid="mappings-save">
          {save.isPending ? t("common:saving") : t("common:actions.save")}
        </PermissionButton>
      </FormActionBar>
    </form>
  );
}
