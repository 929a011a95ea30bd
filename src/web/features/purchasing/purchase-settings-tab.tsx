import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { formatOrderNumber } from "../../../shared/purchasing/schemas";
import { fieldErrors, useTRPC } from "../../app/trpc";
import { FormActionBar } from "../../components/form-actions";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader } from "../../components/ui/card";
import { Input, NativeSelect } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { Switch } from "../../components/ui/switch";
import { toast } from "../../components/ui/use-toast";
import { tMessage } from "../../lib/i18n";
import { usePermissions } from "../../lib/permissions";

interface Draft {
  approvalThreshold: string;
  receivingTolerancePercent: string;
  defaultPaymentTermId: string;
  numberPrefix: string;
  numberWidth: string;
  digestEnabled: boolean;
}

/** The 'Configuración' tab: approval threshold, receiving tolerance, default payment terms, order number format, digest on/off (issue 13 §5). */
export function PurchaseSettingsTab() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { can } = usePermissions();
  const editable = can("settings.configuration");
  const settings = useQuery(trpc.purchaseSettings.get.queryOptions());
  const terms = useQuery(trpc.invoiceCondition.getAll.queryOptions());
  const [draft, setDraft] = React.useState<Draft | null>(null);
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  React.useEffect(() => {
    if (settings.data && !draft)
      setDraft({ ...settings.data, defaultPaymentTermId: settings.data.defaultPaymentTermId ?? "", numberWidth: String(settings.data.numberWidth) });
  }, [settings.data]);
  const save = useMutation(
    trpc.purchaseSettings.update.mutationOptions({
      onSuccess: async (s) => {
        qc.setQueryData(trpc.purchaseSettings.get.queryKey(), s);
        toast({ title: t("purchasing:settings.saved"), variant: "success" });
      },
      onError: (e) => setErrors(fieldErrors(e)),
    }),
  );
  if (!draft) return <Skeleton className="h-64 w-full" />;
  const set = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  const width = Number(draft.numberWidth);
  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        setErrors({});
        save.mutate({ ...draft, defaultPaymentTermId: draft.defaultPaymentTermId || null, numberWidth: draft.numberWidth as never });
      }}
    >
      <Card>
        <CardHeader>
          <h1 className="text-lg font-semibold leading-none">{t("purchasing:settings.title")}</h1>
          {!editable ? <p className="text-sm text-muted-foreground">{t("purchasing:settings.readOnly")}</p> : null}
        </CardHeader>
        <CardContent>
          <fieldset disabled={!editable} className="grid gap-4 sm:grid-cols-2">
            <Field label={t("purchasing:settings.approvalThreshold")} htmlFor="ps-threshold" hint={t("purchasing:settings.approvalThresholdHint")} error={tMessage(errors.approvalThreshold)}>
              <Input id="ps-threshold" inputMode="decimal" value={draft.approvalThreshold} onChange={(e) => set({ approvalThreshold: e.target.value })} />
            </Field>
            <Field label={t("purchasing:settings.tolerance")} htmlFor="ps-tolerance" hint={t("purchasing:settings.toleranceHint")} error={tMessage(errors.receivingTolerancePercent)}>
              <Input id="ps-tolerance" inputMode="decimal" value={draft.receivingTolerancePercent} onChange={(e) => set({ receivingTolerancePercent: e.target.value })} />
            </Field>
            <Field label={t("purchasing:settings.defaultPaymentTerm")} htmlFor="ps-terms" error={tMessage(errors.defaultPaymentTermId)}>
              <NativeSelect id="ps-terms" value={draft.defaultPaymentTermId} onChange={(e) => set({ defaultPaymentTermId: e.target.value })}>
                <option value="">{t("purchasing:form.noTerms")}</option>
                {terms.data?.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <div className="grid grid-cols-2 gap-3">
              <Field label={t("purchasing:settings.numberPrefix")} htmlFor="ps-prefix" error={tMessage(errors.numberPrefix)}>
                <Input id="ps-prefix" value={draft.numberPrefix} onChange={(e) => set({ numberPrefix: e.target.value })} />
              </Field>
              <Field label={t("purchasing:settings.numberWidth")} htmlFor="ps-width" error={tMessage(errors.numberWidth)}>
                <Input id="ps-width" inputMode="numeric" value={draft.numberWidth} onChange={(e) => set({ numberWidth: e.target.value })} />
              </Field>
              <p className="col-span-2 text-xs text-muted-foreground" data-testid="po-number-preview">
                {t("purchasing:settings.numberPreview", { example: width >= 1 && width <= 10 ? formatOrderNumber(draft.numberPrefix, width, 1) : "—" })}
              </p>
            </div>
            <div className="flex items-start gap-3 sm:col-span-2">
              <Switch id="ps-digest" checked={draft.digestEnabled} onCheckedChange={(v) => set({ digestEnabled: v })} />
              <div className="grid gap-1">
                <label htmlFor="ps-digest" className="text-sm font-medium">
                  {t("purchasing:settings.digest")}
                </label>
                <p className="text-xs text-muted-foreground">{t("purchasing:settings.digestHint")}</p>
              </div>
            </div>
          </fieldset>
        </CardContent>
      </Card>
      {editable ? (
        <FormActionBar>
          <Button type="submit" disabled={save.isPending} data-testid="save-purchase-settings">
            {save.isPending ? t("common:saving") : t("common:actions.save")}
          </Button>
        </FormActionBar>
      ) : null}
    </form>
  );
}
