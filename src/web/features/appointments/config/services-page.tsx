import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CalendarClock, Pencil } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type ServiceConfigInput, type ServiceConfigOutput, serviceConfigInput } from "../../../../shared/appointments/config";
import { formatMoney } from "../../../../shared/money/format";
import { fieldErrors, useTRPC } from "../../../app/trpc";
import { FormActions } from "../../../components/form-actions";
import { EditDialog, EmptyTableRow } from "../../../components/list-page";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { DialogDescription, DialogTitle, SheetContent } from "../../../components/ui/dialog";
import { Input } from "../../../components/ui/input";
import { Field } from "../../../components/ui/label";
import { SkeletonRows } from "../../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table";
import { toast } from "../../../components/ui/use-toast";
import { tMessage } from "../../../lib/i18n";
import { ConfigHeader, FlagSwitch, minutesText, useErrorToast, useServiceOptions } from "./common";

type ServiceRow = ReturnType<typeof useServiceOptions>["services"][number];

/** Servicios (spec 03 'service configuration'): the schedulable services and their booking settings, edited in a side sheet. */
export function ServicesPage() {
  const { t, i18n } = useTranslation();
  const { services, isLoading } = useServiceOptions();
  const [editing, setEditing] = React.useState<ServiceRow | "new" | null>(null);
  const lang = i18n.language;

  return (
    <div className="grid gap-4" data-testid="appointment-services-page">
      <ConfigHeader title={t("appointmentConfig:services.title")} subtitle={t("appointmentConfig:services.subtitle")} />
      <Card>
        <CardContent className="pt-5">
          <Table stack aria-label={t("appointmentConfig:services.title")}>
            <THead>
              <TR>
                <TH>{t("appointmentConfig:services.service")}</TH>
                <TH className="text-right">{t("appointmentConfig:services.price")}</TH>
                <TH>{t("appointmentConfig:services.duration")}</TH>
                <TH>{t("appointmentConfig:services.buffers")}</TH>
                <TH>{t("appointmentConfig:services.attendees")}</TH>
                <TH>{t("appointmentConfig:services.employees")}</TH>
                <TH className="hidden lg:table-cell">{t("appointmentConfig:services.options")}</TH>
                <TH />
              </TR>
            </THead>
            <TBody>
              {services.map((s) => (
                <TR key={s.id} data-testid="service-row" data-name={s.name}>
                  <TD stack="primary">
                    <div className="font-medium">{s.name}</div>
                    <div className="font-mono text-xs text-muted-foreground">{s.sku}</div>
                  </TD>
                  <TD label={t("appointmentConfig:services.price")} className="text-right tabular-nums">
                    {formatMoney(s.price, lang)}
                  </TD>
                  <TD label={t("appointmentConfig:services.duration")} data-testid="service-duration">
                    {minutesText(s.duration_minutes)}
                  </TD>
                  <TD label={t("appointmentConfig:services.buffers")} data-testid="service-buffers">
                    {t("appointmentConfig:services.buffersValue", { before: s.buffer_before, after: s.buffer_after })}
                  </TD>
                  <TD label={t("appointmentConfig:services.attendees")}>{s.min_attendees === s.max_attendees ? s.max_attendees : `${s.min_attendees}–${s.max_attendees}`}</TD>
                  <TD label={t("appointmentConfig:services.employees")}>
                    {s.employee_count > 0 ? s.employee_count : <Badge variant="warning">{t("appointmentConfig:services.noEmployees")}</Badge>}
                  </TD>
                  <TD className="hidden lg:table-cell">
                    <div className="flex flex-wrap gap-1">
                      {s.allow_employee_selection ? <Badge variant="secondary">{t("appointmentConfig:services.chooseEmployee")}</Badge> : null}
                      {s.auto_payment_link ? <Badge variant="secondary">{t("appointmentConfig:services.paymentLink")}</Badge> : null}
                    </div>
                  </TD>
                  <TD stack="actions" className="text-right">
                    <Button variant="ghost" size="icon" onClick={() => setEditing(s)} aria-label={t("appointmentConfig:services.edit", { name: s.name })} title={t("common:actions.edit")} data-testid="edit-service">
                      <Pencil />
                    </Button>
                  </TD>
                </TR>
              ))}
              {isLoading ? <SkeletonRows cols={8} /> : null}
              {!isLoading && services.length === 0 ? (
                <EmptyTableRow cols={8} icon={CalendarClock} title={t("appointmentConfig:services.emptyTitle")} hint={t("appointmentConfig:services.emptyHint")} testId="services-empty">
                  <Button asChild variant="outline">
                    <Link to="/home/products">{t("appointmentConfig:services.goToProducts")}</Link>
                  </Button>
                </EmptyTableRow>
              ) : null}
            </TBody>
          </Table>
        </CardContent>
      </Card>
      <EditDialog editing={editing} onClose={() => setEditing(null)}>
        {(service) => (service ? <ServiceSheet service={service} onDone={() => setEditing(null)} /> : null)}
      </EditDialog>
    </div>
  );
}

const NUMBER_FIELDS = ["duration_minutes", "buffer_before", "buffer_after", "min_attendees", "max_attendees", "min_notice_hours", "max_advance_days"] as const;

function ServiceSheet({ service, onDone }: { service: ServiceRow; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const errorToast = useErrorToast();
  const form = useForm<ServiceConfigInput, unknown, ServiceConfigOutput>({
    resolver: zodResolver(serviceConfigInput),
    defaultValues: {
      service_id: service.id,
      duration_minutes: String(service.duration_minutes),
      buffer_before: String(service.buffer_before),
      buffer_after: String(service.buffer_after),
      min_attendees: String(service.min_attendees),
      max_attendees: String(service.max_attendees),
      allow_employee_selection: service.allow_employee_selection,
      auto_payment_link: service.auto_payment_link,
      min_notice_hours: service.min_notice_hours === null ? "" : String(service.min_notice_hours),
      max_advance_days: service.max_advance_days === null ? "" : String(service.max_advance_days),
    },
  });
  const save = useMutation(
    trpc.appointment.updateServiceConfig.mutationOptions({
      meta: { silent: true },
      onSuccess: async (saved) => {
        await qc.invalidateQueries(trpc.appointment.getServices.pathFilter());
        toast({ variant: "success", title: t("appointmentConfig:services.saved"), description: saved.name });
        onDone();
      },
      onError: (error) => {
        for (const [field, message] of Object.entries(fieldErrors(error))) {
          if ((NUMBER_FIELDS as readonly string[]).includes(field)) form.setError(field as (typeof NUMBER_FIELDS)[number], { message });
        }
        errorToast(t("appointmentConfig:common.saveError"))(error);
      },
    }),
  );
  const errors = form.formState.errors;
  const num = (name: (typeof NUMBER_FIELDS)[number], label: string, hint?: string, required = true) => (
    <Field label={label} htmlFor={`service-${name}`} error={tMessage(errors[name]?.message)} hint={hint} required={required}>
      <Input id={`service-${name}`} inputMode="numeric" autoComplete="off" {...form.register(name)} aria-invalid={!!errors[name]} />
    </Field>
  );

  return (
    <SheetContent closeLabel={t("common:actions.close")} data-testid="service-sheet">
      <DialogTitle>{service.name}</DialogTitle>
      <DialogDescription>{t("appointmentConfig:services.sheetHint")}</DialogDescription>
      <form className="grid gap-4" onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate>
        {num("duration_minutes", t("appointmentConfig:services.durationMinutes"), t("appointmentConfig:services.durationHint"))}
        <div className="grid grid-cols-2 gap-3">
          {num("buffer_before", t("appointmentConfig:services.bufferBefore"))}
          {num("buffer_after", t("appointmentConfig:services.bufferAfter"))}
        </div>
        <p className="-mt-2 text-xs text-muted-foreground">{t("appointmentConfig:services.bufferHint")}</p>
        <div className="grid grid-cols-2 gap-3">
          {num("min_attendees", t("appointmentConfig:services.minAttendees"))}
          {num("max_attendees", t("appointmentConfig:services.maxAttendees"))}
        </div>
        <div className="grid grid-cols-2 gap-3">
          {num("min_notice_hours", t("appointmentConfig:services.minNotice"), undefined, false)}
          {num("max_advance_days", t("appointmentConfig:services.maxAdvance"), undefined, false)}
        </div>
        <p className="-mt-2 text-xs text-muted-foreground">{t("appointmentConfig:services.policyHint")}</p>
        <FlagSwitch
          id="service-allow-employee"
          label={t("appointmentConfig:services.allowEmployeeSelection")}
          hint={t("appointmentConfig:services.allowEmployeeSelectionHint")}
          checked={!!form.watch("allow_employee_selection")}
          onChange={(v) => form.setValue("allow_employee_selection", v, { shouldDirty: true })}
        />
        <FlagSwitch
          id="service-payment-link"
          label={t("appointmentConfig:services.autoPaymentLink")}
          hint={t("appointmentConfig:services.autoPaymentLinkHint")}
          checked={!!form.watch("auto_payment_link")}
          onChange={(v) => form.setValue("auto_payment_link", v, { shouldDirty: true })}
        />
        <FormActions pending={save.isPending} onCancel={onDone} testId="save-service" />
      </form>
    </SheetContent>
  );
}
