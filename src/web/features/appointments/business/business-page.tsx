import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { Copy } from "lucide-react";
import { type FieldPath, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { type BusinessProfileInput, type BusinessProfileOutput, businessProfileInput, type OpeningDay } from "../../../../shared/appointments/business";
import { type AppRouter, fieldErrors, useTRPC } from "../../../app/trpc";
import { FormActionBar } from "../../../components/form-actions";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { Field } from "../../../components/ui/label";
import { Skeleton } from "../../../components/ui/skeleton";
import { Switch } from "../../../components/ui/switch";
import { toast } from "../../../components/ui/use-toast";
import { tMessage } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";
import { Textarea } from "../../providers/provider-sheets";
import { ConfigHeader, useErrorToast } from "../config/common";

/** Monday first, Sunday last (the stored week is index 0 = Sunday). */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

type Profile = inferRouterOutputs<AppRouter>["appointment"]["getBusinessProfile"];

/** Negocio: the business as its customers see it (portal, messages) and its weekly opening hours (the calendar's working hours). */
export function BusinessPage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const profile = useQuery(trpc.appointment.getBusinessProfile.queryOptions());
  return (
    <div className="grid gap-4" data-testid="appointment-business-page">
      <ConfigHeader title={t("appointmentBusiness:profile.title")} subtitle={t("appointmentBusiness:profile.subtitle")} />
      {profile.data ? <BusinessForm key={String(profile.data.updated_at)} profile={profile.data} /> : <Skeleton className="h-96 w-full" />}
    </div>
  );
}

const toForm = (p: Profile): BusinessProfileInput => ({
  display_name: p.display_name,
  phone: p.phone ?? "",
  whatsapp: p.whatsapp ?? "",
  email: p.email ?? "",
  address: p.address ?? "",
  city: p.city ?? "",
  website: p.website ?? "",
  about: p.about ?? "",
  opening_hours: p.opening_hours.map((d) => ({ ...d })),
});

type TextField = "display_name" | "phone" | "whatsapp" | "email" | "address" | "city" | "website";

function BusinessForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const errorToast = useErrorToast();
  const form = useForm<BusinessProfileInput, unknown, BusinessProfileOutput>({ resolver: zodResolver(businessProfileInput), defaultValues: toForm(profile) });
  const save = useMutation(
    trpc.appointment.updateBusinessProfile.mutationOptions({
      meta: { silent: true },
      onSuccess: async () => {
        await Promise.all([qc.invalidateQueries(trpc.appointment.getBusinessProfile.pathFilter()), qc.invalidateQueries(trpc.appointment.getOpeningHours.pathFilter())]);
        toast({ variant: "success", title: t("appointmentBusiness:profile.saved") });
      },
      onError: (error) => {
        for (const [field, message] of Object.entries(fieldErrors(error))) form.setError(field as FieldPath<BusinessProfileInput>, { message });
        errorToast(t("appointmentBusiness:common.saveError"))(error);
      },
    }),
  );
  const errors = form.formState.errors;
  const hours = form.watch("opening_hours") as OpeningDay[];
  const setDay = (i: number, patch: Partial<OpeningDay>) => {
    const next = hours.map((d, k) => (k === i ? { ...d, ...patch } : d));
    form.setValue("opening_hours", next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };
  const copyMonday = () => {
    const monday = hours[1]!;
    form.setValue(
      "opening_hours",
      hours.map((d, i) => (i === 1 || d.closed ? d : { ...d, open: monday.open, close: monday.close })),
      { shouldDirty: true, shouldValidate: form.formState.isSubmitted },
    );
  };
  const text = (name: TextField, label: string, opts: { type?: string; placeholder?: string | null; hint?: string; required?: boolean; autoComplete?: string; inputMode?: "tel" | "email" | "url" } = {}) => (
    <Field label={label} htmlFor={`business-${name}`} error={tMessage(errors[name]?.message)} hint={opts.hint} required={opts.required}>
      <Input
        id={`business-${name}`}
        type={opts.type ?? "text"}
        inputMode={opts.inputMode}
        autoComplete={opts.autoComplete ?? "off"}
        placeholder={opts.placeholder ?? undefined}
        {...form.register(name)}
        aria-invalid={!!errors[name]}
        aria-describedby={errors[name] ? `business-${name}-error` : undefined}
      />
    </Field>
  );
  const fb = profile.fallback;
  const fallbackHint = (value: string | null) => (value ? t("appointmentBusiness:profile.fallbackHint", { value }) : undefined);

  return (
    <form className="grid gap-4" onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate data-testid="business-form">
      <Card>
        <CardHeader>
          <CardTitle>{t("appointmentBusiness:profile.identity")}</CardTitle>
          <CardDescription>{t("appointmentBusiness:profile.identityHint")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-2">
          {text("display_name", t("appointmentBusiness:profile.displayName"), { required: true, autoComplete: "organization" })}
          {text("website", t("appointmentBusiness:profile.website"), { inputMode: "url", placeholder: "www.minegocio.com.do" })}
          <div className="md:col-span-2">
            <Field label={t("appointmentBusiness:profile.about")} htmlFor="business-about" error={tMessage(errors.about?.message)} hint={t("appointmentBusiness:profile.aboutHint")}>
              <Textarea id="business-about" rows={3} {...form.register("about")} aria-invalid={!!errors.about} />
            </Field>
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("appointmentBusiness:profile.contact")}</CardTitle>
          <CardDescription>{t("appointmentBusiness:profile.contactHint")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-2">
          {text("phone", t("appointmentBusiness:profile.phone"), { type: "tel", inputMode: "tel", placeholder: fb.phone ?? "809-555-0100", hint: fallbackHint(fb.phone) ?? t("appointmentBusiness:profile.phoneHint") })}
          {text("whatsapp", t("appointmentBusiness:profile.whatsapp"), { type: "tel", inputMode: "tel", placeholder: "829-555-0100", hint: t("appointmentBusiness:profile.phoneHint") })}
          {text("email", t("appointmentBusiness:profile.email"), { type: "email", inputMode: "email", placeholder: fb.email, hint: fallbackHint(fb.email) })}
          {text("city", t("appointmentBusiness:profile.city"), { placeholder: "Santo Domingo" })}
          <div className="md:col-span-2">{text("address", t("appointmentBusiness:profile.address"), { placeholder: fb.address, hint: fallbackHint(fb.address) })}</div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
          <div className="grid gap-1.5">
            <CardTitle>{t("appointmentBusiness:hours.title")}</CardTitle>
            <CardDescription>{t("appointmentBusiness:hours.hint")}</CardDescription>
          </div>
          <Button type="button" variant="outline" size="sm" onClick={copyMonday} disabled={!!hours[1]?.closed} data-testid="copy-monday">
            <Copy />
            {t("appointmentBusiness:hours.copyMonday")}
          </Button>
        </CardHeader>
        <CardContent className="grid gap-2">
          {WEEK_ORDER.map((i) => {
            const d = hours[i]!;
            const name = t(`appointmentConfig:days.long.${i}`);
            const e = errors.opening_hours?.[i];
            return (
              <div key={i} className={cn("grid items-start gap-2 rounded-md border p-3 sm:grid-cols-[10rem_1fr]", d.closed && "bg-muted/40")} data-testid="opening-day" data-day={i}>
                <div className="flex items-center justify-between gap-2 sm:flex-col sm:items-start sm:pt-1">
                  <span className="font-medium">{name}</span>
                  <label className="flex items-center gap-2 text-sm">
                    <Switch checked={!d.closed} onCheckedChange={(v) => setDay(i, { closed: !v })} aria-label={t("appointmentBusiness:hours.openOn", { day: name })} data-testid="day-open" />
                    {d.closed ? t("appointmentBusiness:hours.closed") : t("appointmentBusiness:hours.open")}
                  </label>
                </div>
                {d.closed ? (
                  <p className="self-center text-sm text-muted-foreground">{t("appointmentBusiness:hours.closedHint")}</p>
                ) : (
                  <div className="flex flex-wrap items-start gap-3">
                    <Field label={t("appointmentBusiness:hours.opens")} htmlFor={`hours-${i}-open`} error={tMessage(e?.open?.message)} className="w-32 [&_p]:max-w-32">
                      <Input id={`hours-${i}-open`} type="time" step={900} value={d.open} onChange={(ev) => setDay(i, { open: ev.target.value })} aria-invalid={!!e?.open} />
                    </Field>
                    <Field label={t("appointmentBusiness:hours.closes")} htmlFor={`hours-${i}-close`} error={tMessage(e?.close?.message)} className="w-32 [&_p]:max-w-32">
                      <Input id={`hours-${i}-close`} type="time" step={900} value={d.close} onChange={(ev) => setDay(i, { close: ev.target.value })} aria-invalid={!!e?.close} />
                    </Field>
                  </div>
                )}
              </div>
            );
          })}
          {errors.opening_hours?.message ? <p className="text-xs text-destructive">{tMessage(errors.opening_hours.message)}</p> : null}
        </CardContent>
      </Card>
      {Object.keys(errors).length > 0 ? (
        <p className="text-sm text-destructive" role="alert">
          {t("appointmentBusiness:common.fixErrors")}
        </p>
      ) : null}
      <FormActionBar>
        <Button type="button" variant="outline" onClick={() => form.reset(toForm(profile))}>
          {t("appointmentBusiness:common.discard")}
        </Button>
        <Button type="submit" disabled={save.isPending} data-testid="save-business">
          {save.isPending ? t("common:saving") : t("common:actions.save")}
        </Button>
      </FormActionBar>
    </form>
  );
}
