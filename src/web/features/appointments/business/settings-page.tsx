import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { type BookingSettingsInput, type BookingSettingsOutput, bookingSettingsInput } from "../../../../shared/appointments/business";
import { fieldErrors, useTRPC } from "../../../app/trpc";
import { FormActionBar } from "../../../components/form-actions";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { Field } from "../../../components/ui/label";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/use-toast";
import { tMessage } from "../../../lib/i18n";
import { ConfigHeader, FlagSwitch, useErrorToast } from "../config/common";

type Settings = {
  slot_interval_minutes: number;
  deposit_percent: string;
  reminder_hours_before: number;
  auto_confirm: boolean;
  allow_customer_cancel: boolean;
  allow_customer_reschedule: boolean;
  updated_at: Date | string;
};

/** Configuración: how bookings work (slot interval, deposit, reminder, auto-confirmation, what a portal customer may change). */
export function SettingsPage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const settings = useQuery(trpc.appointment.getBookingSettings.queryOptions());
  return (
    <div className="grid gap-4" data-testid="appointment-settings-page">
      <ConfigHeader title={t("appointmentBusiness:settings.title")} subtitle={t("appointmentBusiness:settings.subtitle")} />
      {settings.data ? <SettingsForm key={String(settings.data.updated_at)} settings={settings.data} /> : <Skeleton className="h-96 w-full" />}
    </div>
  );
}

const toForm = (s: Settings): BookingSettingsInput => ({
  slot_interval_minutes: String(s.slot_interval_minutes),
  deposit_percent: s.deposit_percent,
  reminder_hours_before: String(s.reminder_hours_before),
  auto_confirm: s.auto_confirm,
  allow_customer_cancel: s.allow_customer_cancel,
  allow_customer_reschedule: s.allow_customer_reschedule,
});

type NumberField = "slot_interval_minutes" | "deposit_percent" | "reminder_hours_before";
type Flag = "auto_confirm" | "allow_customer_cancel" | "allow_customer_reschedule";

function SettingsForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const errorToast = useErrorToast();
  const form = useForm<BookingSettingsInput, unknown, BookingSettingsOutput>({ resolver: zodResolver(bookingSettingsInput), defaultValues: toForm(settings) });
  const save = useMutation(
    trpc.appointment.updateBookingSettings.mutationOptions({
      meta: { silent: true },
      onSuccess: async () => {
        await Promise.all([qc.invalidateQueries(trpc.appointment.getBookingSettings.pathFilter()), qc.invalidateQueries(trpc.appointment.getPolicy.pathFilter())]);
        toast({ variant: "success", title: t("appointmentBusiness:settings.saved") });
      },
      onError: (error) => {
        for (const [field, message] of Object.entries(fieldErrors(error))) form.setError(field as NumberField, { message });
        errorToast(t("appointmentBusiness:common.saveError"))(error);
      },
    }),
  );
  const errors = form.formState.errors;
  const number = (name: NumberField, label: string, suffix: string, hint: string, decimal = false) => (
    <Field label={label} htmlFor={`settings-${name}`} error={tMessage(errors[name]?.message)} hint={hint} required>
      <div className="flex items-center gap-2">
        <Input
          id={`settings-${name}`}
          inputMode={decimal ? "decimal" : "numeric"}
          autoComplete="off"
          className="text-right tabular-nums"
          {...form.register(name)}
          aria-invalid={!!errors[name]}
          aria-describedby={errors[name] ? `settings-${name}-error` : undefined}
        />
        <span className="shrink-0 text-sm text-muted-foreground">{suffix}</span>
      </div>
    </Field>
  );
  const flag = (name: Flag, label: string, hint: string) => (
    <FlagSwitch id={`settings-${name}`} label={label} hint={hint} checked={!!form.watch(name)} onChange={(v) => form.setValue(name, v, { shouldDirty: true })} />
  );

  return (
    <form className="grid gap-4" onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate data-testid="settings-form">
      <Card>
        <CardHeader>
          <CardTitle>{t("appointmentBusiness:settings.booking")}</CardTitle>
          <CardDescription>{t("appointmentBusiness:settings.bookingHint")}</CardDescription>
        </CardHeader>
        <CardContent className="grid items-start gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {number("slot_interval_minutes", t("appointmentBusiness:settings.slotInterval"), t("appointmentBusiness:settings.minutes"), t("appointmentBusiness:settings.slotIntervalHint"))}
          {number("deposit_percent", t("appointmentBusiness:settings.depositPercent"), "%", t("appointmentBusiness:settings.depositPercentHint"), true)}
          {number("reminder_hours_before", t("appointmentBusiness:settings.reminder"), t("appointmentBusiness:settings.hours"), t("appointmentBusiness:settings.reminderHint"))}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("appointmentBusiness:settings.confirmation")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">{flag("auto_confirm", t("appointmentBusiness:settings.autoConfirm"), t("appointmentBusiness:settings.autoConfirmHint"))}</CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("appointmentBusiness:settings.customers")}</CardTitle>
          <CardDescription>{t("appointmentBusiness:settings.customersHint")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3 md:grid-cols-2">
          {flag("allow_customer_cancel", t("appointmentBusiness:settings.allowCancel"), t("appointmentBusiness:settings.allowCancelHint"))}
          {flag("allow_customer_reschedule", t("appointmentBusiness:settings.allowReschedule"), t("appointmentBusiness:settings.allowRescheduleHint"))}
        </CardContent>
      </Card>
      <FormActionBar>
        <Button type="button" variant="outline" onClick={() => form.reset(toForm(settings))}>
          {t("appointmentBusiness:common.discard")}
        </Button>
        <Button type="submit" disabled={save.isPending} data-testid="save-settings">
          {save.isPending ? t("common:saving") : t("common:actions.save")}
        </Button>
      </FormActionBar>
    </form>
  );
}
