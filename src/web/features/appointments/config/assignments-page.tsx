import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Pencil, Plus, UserCog } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { type AssignmentInput, type AssignmentOutput, assignmentInput } from "../../../../shared/appointments/config";
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
import { Switch } from "../../../components/ui/switch";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table";
import { toast } from "../../../components/ui/use-toast";
import { tMessage } from "../../../lib/i18n";
import { ConfigHeader, FlagSwitch, minutesText, OptionSelect, useEmployeeOptions, useErrorToast, useServiceOptions } from "./common";

interface AssignmentRow {
  id: string;
  employee_id: string;
  employee_name: string;
  service_id: string;
  service_name: string;
  service_duration: number | null;
  service_price: string;
  duration_override: number | null;
  price_override: string | null;
  buffer_before_override: number | null;
  buffer_after_override: number | null;
  max_concurrent_bookings: number;
  is_active: boolean;
}

/**
 * Empleados (spec 03 'employee service assignments'): which employee performs which service, with
 * overrides of the service's duration, price and buffers and how many bookings may overlap.
 * Filtered by employee or service; created and edited in a side sheet; switched on and off in the row.
 */
export function AssignmentsPage() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const errorToast = useErrorToast();
  const [employeeId, setEmployeeId] = React.useState("");
  const [serviceId, setServiceId] = React.useState("");
  const [editing, setEditing] = React.useState<AssignmentRow | "new" | null>(null);
  const { employees } = useEmployeeOptions();
  const { services } = useServiceOptions();
  const list = useQuery(trpc.appointment.getAssignments.queryOptions({ employee_id: employeeId || undefined, service_id: serviceId || undefined }));
  const rows = (list.data ?? []) as AssignmentRow[];
  const lang = i18n.language;
  const setActive = useMutation(
    trpc.appointment.setAssignmentActive.mutationOptions({
      meta: { silent: true },
      onSuccess: async (row) => {
        await qc.invalidateQueries(trpc.appointment.getAssignments.pathFilter());
        await qc.invalidateQueries(trpc.appointment.getServices.pathFilter());
        toast({ variant: "success", title: row.is_active ? t("appointmentConfig:assignments.activated") : t("appointmentConfig:assignments.deactivated"), description: `${row.employee_name} · ${row.service_name}` });
      },
      onError: errorToast(t("appointmentConfig:common.saveError")),
    }),
  );
  const filtered = !!(employeeId || serviceId);

  return (
    <div className="grid gap-4" data-testid="appointment-assignments-page">
      <ConfigHeader title={t("appointmentConfig:assignments.title")} subtitle={t("appointmentConfig:assignments.subtitle")}>
        <Button onClick={() => setEditing("new")} data-testid="new-assignment">
          <Plus />
          {t("appointmentConfig:assignments.new")}
        </Button>
      </ConfigHeader>
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <div className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
            <OptionSelect
              id="filter-employee"
              label={t("appointmentConfig:assignments.filterEmployee")}
              value={employeeId}
              onChange={setEmployeeId}
              options={employees}
              placeholder={t("appointmentConfig:assignments.allEmployees")}
            />
            <OptionSelect id="filter-service" label={t("appointmentConfig:assignments.filterService")} value={serviceId} onChange={setServiceId} options={services} placeholder={t("appointmentConfig:assignments.allServices")} />
          </div>
          <Table stack aria-label={t("appointmentConfig:assignments.title")}>
            <THead>
              <TR>
                <TH>{t("appointmentConfig:assignments.employee")}</TH>
                <TH>{t("appointmentConfig:assignments.service")}</TH>
                <TH>{t("appointmentConfig:assignments.duration")}</TH>
                <TH className="text-right">{t("appointmentConfig:assignments.price")}</TH>
                <TH>{t("appointmentConfig:assignments.buffers")}</TH>
                <TH>{t("appointmentConfig:assignments.concurrent")}</TH>
                <TH>{t("appointmentConfig:assignments.status")}</TH>
                <TH />
              </TR>
            </THead>
            <TBody>
              {rows.map((a) => (
                <TR key={a.id} data-testid="assignment-row" data-employee={a.employee_name} data-service={a.service_name}>
                  <TD stack="primary" className="whitespace-nowrap font-medium">
                    {a.employee_name}
                  </TD>
                  <TD label={t("appointmentConfig:assignments.service")}>{a.service_name}</TD>
                  <TD label={t("appointmentConfig:assignments.duration")} data-testid="assignment-duration">
                    {a.duration_override !== null ? (
                      <span className="font-medium">{minutesText(a.duration_override)}</span>
                    ) : (
                      <OfService value={minutesText(a.service_duration ?? 30)} />
                    )}
                  </TD>
                  <TD label={t("appointmentConfig:assignments.price")} className="text-right tabular-nums" data-testid="assignment-price">
                    {a.price_override !== null ? (
                      <span className="font-medium">{formatMoney(a.price_override, lang)}</span>
                    ) : (
                      <OfService value={formatMoney(a.service_price, lang)} />
                    )}
                  </TD>
                  <TD label={t("appointmentConfig:assignments.buffers")}>
                    {a.buffer_before_override === null && a.buffer_after_override === null ? (
                      <span className="text-muted-foreground">{t("appointmentConfig:assignments.serviceBuffers")}</span>
                    ) : (
                      t("appointmentConfig:services.buffersValue", { before: a.buffer_before_override ?? "—", after: a.buffer_after_override ?? "—" })
                    )}
                  </TD>
                  <TD label={t("appointmentConfig:assignments.concurrent")}>{a.max_concurrent_bookings}</TD>
                  <TD label={t("appointmentConfig:assignments.status")}>
                    <div className="flex items-center gap-2">
                      <Switch
                        checked={a.is_active}
                        onCheckedChange={(v) => setActive.mutate({ id: a.id, is_active: v })}
                        aria-label={t("appointmentConfig:assignments.toggle", { employee: a.employee_name, service: a.service_name })}
                        data-testid="assignment-active"
                      />
                      {a.is_active ? <Badge variant="success">{t("common:status.active")}</Badge> : <Badge variant="outline">{t("common:status.inactive")}</Badge>}
                    </div>
                  </TD>
                  <TD stack="actions" className="text-right">
                    <Button variant="ghost" size="icon" onClick={() => setEditing(a)} aria-label={t("common:actions.edit")} title={t("common:actions.edit")} data-testid="edit-assignment">
                      <Pencil />
                    </Button>
                  </TD>
                </TR>
              ))}
              {list.isLoading ? <SkeletonRows cols={8} /> : null}
              {!list.isLoading && rows.length === 0 ? (
                <EmptyTableRow
                  cols={8}
                  icon={UserCog}
                  title={filtered ? t("appointmentConfig:assignments.emptyFiltered") : t("appointmentConfig:assignments.emptyTitle")}
                  hint={t("appointmentConfig:assignments.emptyHint")}
                  testId="assignments-empty"
                >
                  <Button variant="outline" onClick={() => setEditing("new")}>
                    <Plus />
                    {t("appointmentConfig:assignments.new")}
                  </Button>
                </EmptyTableRow>
              ) : null}
            </TBody>
          </Table>
        </CardContent>
      </Card>
      <EditDialog editing={editing} onClose={() => setEditing(null)}>
        {(row) => <AssignmentSheet row={row} defaults={{ employee_id: employeeId, service_id: serviceId }} employees={employees} services={services} onDone={() => setEditing(null)} />}
      </EditDialog>
    </div>
  );
}

/** A value the assignment takes from its service: the value, and 'del servicio' in small print beneath. */
function OfService({ value }: { value: string }) {
  const { t } = useTranslation();
  return (
    <span className="inline-grid text-muted-foreground">
      <span className="whitespace-nowrap">{value}</span>
      <span className="text-xs">{t("appointmentConfig:assignments.ofService")}</span>
    </span>
  );
}

const blank = (v: number | string | null) => (v === null ? "" : String(v));

function AssignmentSheet({
  row,
  defaults,
  employees,
  services,
  onDone,
}: {
  row: AssignmentRow | null;
  defaults: { employee_id: string; service_id: string };
  employees: { id: string; name: string }[];
  services: { id: string; name: string; duration_minutes: number; price: string }[];
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const errorToast = useErrorToast();
  const form = useForm<AssignmentInput, unknown, AssignmentOutput>({
    resolver: zodResolver(assignmentInput),
    defaultValues: {
      employee_id: row?.employee_id ?? defaults.employee_id,
      service_id: row?.service_id ?? defaults.service_id,
      duration_override: row ? blank(row.duration_override) : "",
      price_override: row ? blank(row.price_override) : "",
      buffer_before_override: row ? blank(row.buffer_before_override) : "",
      buffer_after_override: row ? blank(row.buffer_after_override) : "",
      max_concurrent_bookings: row ? String(row.max_concurrent_bookings) : "1",
      is_active: row?.is_active ?? true,
    },
  });
  const save = useMutation(
    trpc.appointment.saveAssignment.mutationOptions({
      meta: { silent: true },
      onSuccess: async (saved) => {
        await qc.invalidateQueries(trpc.appointment.getAssignments.pathFilter());
        await qc.invalidateQueries(trpc.appointment.getServices.pathFilter());
        toast({ variant: "success", title: t("appointmentConfig:assignments.saved"), description: `${saved.employee_name} · ${saved.service_name}` });
        onDone();
      },
      onError: (error) => {
        for (const [field, message] of Object.entries(fieldErrors(error))) {
          if (field in form.getValues()) form.setError(field as keyof AssignmentInput, { message });
        }
        errorToast(t("appointmentConfig:common.saveError"))(error);
      },
    }),
  );
  const errors = form.formState.errors;
  const service = services.find((s) => s.id === form.watch("service_id"));
  const num = (name: "duration_override" | "price_override" | "buffer_before_override" | "buffer_after_override" | "max_concurrent_bookings", label: string, placeholder?: string, required = false) => (
    <Field label={label} htmlFor={`assignment-${name}`} error={tMessage(errors[name]?.message)} required={required}>
      <Input id={`assignment-${name}`} inputMode={name === "price_override" ? "decimal" : "numeric"} autoComplete="off" placeholder={placeholder} {...form.register(name)} aria-invalid={!!errors[name]} />
    </Field>
  );
  // 'Please select both employee and service' once, under the pair
  const pairError = tMessage(errors.employee_id?.message ?? errors.service_id?.message);

  return (
    <SheetContent closeLabel={t("common:actions.close")} data-testid="assignment-sheet">
      <DialogTitle>{row ? t("appointmentConfig:assignments.edit") : t("appointmentConfig:assignments.new")}</DialogTitle>
      <DialogDescription>{t("appointmentConfig:assignments.sheetHint")}</DialogDescription>
      <form className="grid gap-4" onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate>
        <Field label={t("appointmentConfig:assignments.employee")} htmlFor="assignment-employee" required>
          <OptionSelect
            id="assignment-employee"
            value={form.watch("employee_id") ?? ""}
            onChange={(v) => form.setValue("employee_id", v, { shouldDirty: true })}
            options={employees}
            placeholder={t("appointmentConfig:assignments.chooseEmployee")}
            disabled={!!row}
            invalid={!!pairError}
          />
        </Field>
        <Field label={t("appointmentConfig:assignments.service")} htmlFor="assignment-service" required error={pairError}>
          <OptionSelect
            id="assignment-service"
            value={form.watch("service_id") ?? ""}
            onChange={(v) => form.setValue("service_id", v, { shouldDirty: true })}
            options={services}
            placeholder={t("appointmentConfig:assignments.chooseService")}
            disabled={!!row}
            invalid={!!pairError}
          />
        </Field>
        <fieldset className="grid gap-3 rounded-md border p-3">
          <legend className="px-1 text-sm font-semibold">{t("appointmentConfig:assignments.overrides")}</legend>
          <p className="text-xs text-muted-foreground">{t("appointmentConfig:assignments.overridesHint")}</p>
          <div className="grid grid-cols-2 gap-3">
            {num("duration_override", t("appointmentConfig:assignments.durationOverride"), service ? String(service.duration_minutes) : undefined)}
            {num("price_override", t("appointmentConfig:assignments.priceOverride"), service ? formatMoney(service.price, i18n.language) : undefined)}
            {num("buffer_before_override", t("appointmentConfig:services.bufferBefore"))}
            {num("buffer_after_override", t("appointmentConfig:services.bufferAfter"))}
          </div>
        </fieldset>
        {num("max_concurrent_bookings", t("appointmentConfig:assignments.maxConcurrent"), undefined, true)}
        <FlagSwitch
          id="assignment-active"
          label={t("appointmentConfig:assignments.isActive")}
          hint={t("appointmentConfig:assignments.isActiveHint")}
          checked={!!form.watch("is_active")}
          onChange={(v) => form.setValue("is_active", v, { shouldDirty: true })}
        />
        <FormActions pending={save.isPending} onCancel={onDone} testId="save-assignment" />
      </form>
    </SheetContent>
  );
}
