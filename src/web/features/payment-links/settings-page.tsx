import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { isNotForPayments } from "../../../shared/fiscal-settings/payment-method";
import { useTRPC } from "../../app/trpc";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { toast } from "../../components/ui/use-toast";
import { SwitchRow } from "../fiscal-settings/parts";
import { RequirePermission } from "../shell/guards";
import { PAYMENT_LINK_SETTINGS_PERMISSION } from "./routes";

const selectClass = "h-10 w-full rounded-md border border-input bg-background px-3 text-sm";

/** Settings → Enlaces de pago: enable the provider (the sandbox), the days a link is valid and the method it is recorded with. */
export function PaymentLinkSettingsPage() {
  return (
    <RequirePermission permission={PAYMENT_LINK_SETTINGS_PERMISSION}>
      <PaymentLinkSettingsScreen />
    </RequirePermission>
  );
}

function PaymentLinkSettingsScreen() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const current = useQuery(trpc.paymentLink.getSettings.queryOptions());
  const methods = useQuery(trpc.paymentMethod.getAll.queryOptions());
  const [isEnabled, setEnabled] = React.useState(false);
  const [ttlDays, setTtlDays] = React.useState("7");
  const [paymentMethodId, setMethod] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);

  React.useEffect(() => {
    if (!current.data) return;
    setEnabled(current.data.isEnabled);
    setTtlDays(String(current.data.ttlDays));
    setMethod(current.data.paymentMethodId ?? "");
  }, [current.data]);

  const save = useMutation(
    trpc.paymentLink.updateSettings.mutationOptions({
      onSuccess: async () => {
        setError(null);
        toast({ variant: "success", title: t("paymentLinks:settings.saved") });
        await qc.invalidateQueries(trpc.paymentLink.pathFilter());
      },
      onError: (e) => setError(e.message),
    }),
  );

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    save.mutate({ isEnabled, provider: "sandbox", ttlDays: Number(ttlDays), paymentMethodId: paymentMethodId || null });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("paymentLinks:settings.title")}</CardTitle>
        <CardDescription>{t("paymentLinks:settings.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid max-w-xl gap-4" onSubmit={submit} noValidate data-testid="payment-link-settings">
          <SwitchRow id="pl-enabled" label={t("paymentLinks:settings.enabled")} checked={isEnabled} onChange={setEnabled} hint={t("paymentLinks:settings.testCards")} />
          <div className="grid gap-1">
            <Label htmlFor="pl-provider">{t("paymentLinks:settings.provider")}</Label>
            <select id="pl-provider" className={selectClass} value="sandbox" disabled>
              <option value="sandbox">{t("paymentLinks:settings.sandbox")}</option>
            </select>
          </div>
          <div className="grid gap-1">
            <Label htmlFor="pl-ttl">{t("paymentLinks:settings.ttlDays")}</Label>
            <Input id="pl-ttl" type="number" inputMode="numeric" min={1} max={90} step={1} value={ttlDays} onChange={(e) => setTtlDays(e.target.value)} className="w-32" />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="pl-method">{t("paymentLinks:settings.method")}</Label>
            <select id="pl-method" className={selectClass} value={paymentMethodId} onChange={(e) => setMethod(e.target.value)}>
              <option value="">{t("paymentLinks:settings.methodDefault")}</option>
              {(methods.data ?? [])
                .filter((m) => !isNotForPayments(m.code))
                .map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.code} · {m.name}
                  </option>
                ))}
            </select>
          </div>
          {error ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          ) : null}
          <div>
            <Button type="submit" disabled={save.isPending || current.isLoading} data-testid="payment-link-settings-save">
              {t("paymentLinks:settings.save")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
