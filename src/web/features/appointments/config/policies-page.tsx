import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus, Trash2 } from "lucide-react";
import { useFieldArray, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { type PolicyInput, type PolicyOutput, policyInput } from "../../../../shared/appointments/config";
import { fieldErrors, useTRPC } from "../../../app/trpc";
import { FormActionBar } from "../../../components/form-actions";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { Field } from "../../../components/ui/label";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/use-toast";
import { tMessage } from "../../../lib/i18n";
import { ConfigHeader, FlagSwitch, useErrorToast } from "./common";

type Policy = {
  min_notice_hours: number;
  max_advance_days: number;
  cancellation_fee: string;
  retention_amount: string;
  refund_window_hours: number;
  sliding_scale: { hours_before: number; refund_percent: number }[];
  is_active: boolean;
};

/** Políticas (spec 03 'Policy'): notice, advance booking, cancellation, refunds with a sliding scale (slot interval, deposit and reminder are in 'Configuración'). */
export function PoliciesPage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const policy = useQuery(trpc.appointment.getPolicy.queryOptions());
  return (
    <div className="grid gap-4" data-testid="appointment-policies-page">
      <ConfigHeader title={t("appointmentConfig:policies.title")} subtitle={t("appointmentConfig:policies.subtitle")} />
      {policy.data ? <PolicyForm key={String(policy.data.updated_at)} policy={policy.data} /> : <Skeleton className="h-96 w-full" />}
    </div>
  );
}

const toForm = (p: Policy): PolicyInput => ({
  min_notice_hours: String(p.min_notice_hours),
  max_advance_days: String(p.max_advance_days),
  cancellation_fee: p.cancellation_fee,
  retention_amount: p.retention_amount,
  refund_window_hours: String(p.refund_window_hours),
  sliding_scale: p.sliding_scale.map((s) => ({ hours_before: String(s.hours_before), refund_percent: String(s.refund_percent) })),
  is_active: p.is_active,
});

type Simple = "min_notice_hours" | "max_advance_days" | "cancellation_fee" | "retention_amount" | "refund_window_hours";

function PolicyForm({ policy }: { policy: Policy }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const errorToast = useErrorToast();
  const form = useForm<PolicyInput, unknown, PolicyOutput>({ resolver: zodResolver(policyInput), defaultValues: toForm(policy) });
  const scale = useFieldArray({ control: form.control, name: "sliding_scale" });
  const save = useMutation(
    trpc.appointment.updatePolicy.mutationOptions({
      meta: { silent: true },
      onSuccess: async () => {
        await qc.invalidateQueries(trpc.appointment.getPolicy.pathFilter());
        toast({ variant: "success", title: t("appointmentConfig:policies.saved") });
      },
      onError: (error) => {
        for (const [field, message] of Object.entries(fieldErrors(error))) form.setError(field as Simple, { message });
        errorToast(t("appointmentConfig:common.saveError"))(error);
      },
    }),
  );
  const errors = form.formState.errors;
  const field = (name: Simple, label: string, opts: { hint?: string; suffix?: string; decimal?: boolean } = {}) => (
    <Field label={label} htmlFor={`policy-${name}`} error={tMessage(errors[name]?.message)} hint={opts.hint} required>
      <div className="flex items-center gap-2">
        <Input id={`policy-${name}`} inputMode={opts.decimal ? "decimal" : "numeric"} autoComplete="off" className={opts.decimal ? "text-right tabular-nums" : undefined} {...form.register(name)} aria-invalid={!!errors[name]} />
        {opts.suffix ? <span className="shrink-0 text-sm text-muted-foreground">{opts.suffix}</span> : null}
      </div>
    </Field>
  );
  const hours = t("appointmentConfig:policies.hours");

  return (
    <form className="grid gap-4" onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate data-testid="policy-form">
      <Card>
        <CardHeader>
          <CardTitle>{t("appointmentConfig:policies.booking")}</CardTitle>
          <CardDescription>{t("appointmentConfig:policies.bookingHint")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-2">
          {field("min_notice_hours", t("appointmentConfig:policies.minNotice"), { suffix: hours, hint: t("appointmentConfig:policies.minNoticeHint") })}
          {field("max_advance_days", t("appointmentConfig:policies.maxAdvance"), { suffix: t("appointmentConfig:policies.days"), hint: t("appointmentConfig:policies.maxAdvanceHint") })}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("appointmentConfig:policies.cancellation")}</CardTitle>
          <CardDescription>{t("appointmentConfig:policies.cancellationHint")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-4 md:grid-cols-3">
            {field("cancellation_fee", t("appointmentConfig:policies.cancellationFee"), { suffix: "RD$", decimal: true })}
            {field("retention_amount", t("appointmentConfig:policies.retentionAmount"), { suffix: "RD$", decimal: true })}
            {field("refund_window_hours", t("appointmentConfig:policies.refundWindow"), { suffix: hours, hint: t("appointmentConfig:policies.refundWindowHint") })}
          </div>
          <div className="grid gap-2" data-testid="sliding-scale">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div>
                <h4 className="text-sm font-semibold">{t("appointmentConfig:policies.slidingScale")}</h4>
                <p className="text-xs text-muted-foreground">{t("appointmentConfig:policies.slidingScaleHint")}</p>
              </div>
              <Button type="button" variant="outline" size="sm" onClick={() => scale.append({ hours_before: "", refund_percent: "" })} data-testid="add-scale-step">
                <Plus />
                {t("appointmentConfig:policies.addStep")}
              </Button>
            </div>
            {scale.fields.length === 0 ? (
              <p className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground" data-testid="scale-empty">
                {t("appointmentConfig:policies.noSteps")}
              </p>
            ) : null}
            {scale.fields.map((f, i) => {
              const e = errors.sliding_scale?.[i];
              return (
                <div key={f.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2 rounded-md border p-2" data-testid="scale-step">
                  <Field label={t("appointmentConfig:policies.hoursBefore")} htmlFor={`scale-${i}-hours`} error={tMessage(e?.hours_before?.message)}>
                    <Input id={`scale-${i}-hours`} inputMode="numeric" autoComplete="off" {...form.register(`sliding_scale.${i}.hours_before`)} aria-invalid={!!e?.hours_before} />
                  </Field>
                  <Field label={t("appointmentConfig:policies.refundPercent")} htmlFor={`scale-${i}-percent`} error={tMessage(e?.refund_percent?.message)}>
                    <Input id={`scale-${i}-percent`} inputMode="numeric" autoComplete="off" {...form.register(`sliding_scale.${i}.refund_percent`)} aria-invalid={!!e?.refund_percent} />
                  </Field>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="mt-6"
                    onClick={() => scale.remove(i)}
                    aria-label={t("appointmentConfig:policies.removeStep")}
                    title={t("appointmentConfig:policies.removeStep")}
                  >
                    <Trash2 />
                  </Button>
                </div>
              );
            })}
            {errors.sliding_scale?.message ? <p className="text-xs text-destructive">{tMessage(errors.sliding_scale.message)}</p> : null}
          </div>
        </CardContent>
      </Card>
      <FlagSwitch
        id="policy-active"
        label={t("appointmentConfig:policies.isActive")}
        hint={t("appointmentConfig:policies.isActiveHint")}
        checked={!!form.watch("is_active")}
        onChange={(v) => form.setValue("is_active", v, { shouldDirty: true })}
      />
      <FormActionBar>
        <Button type="button" variant="outline" onClick={() => form.reset(toForm(policy))}>
          {t("appointmentConfig:common.discard")}
        </Button>
        <Button type="submit" disabled={save.isPending} data-testid="save-policy">
          {save.isPending ? t("common:saving") : t("common:actions.save")}
        </Button>
      </FormActionBar>
    </form>
  );
}
