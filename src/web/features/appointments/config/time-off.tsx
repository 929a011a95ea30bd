import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, Plane, Plus, Trash2 } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { TIME_OFF_STATUSES, type TimeOffInput, type TimeOffOutput, timeOffInput } from "../../../../shared/appointments/config";
import { TIME_OFF_TYPES } from "../../../../shared/appointments/schemas";
import { fieldErrors, useTRPC } from "../../../app/trpc";
import { FormActions } from "../../../components/form-actions";
import { EmptyTableRow } from "../../../components/list-page";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Dialog, DialogDescription, DialogTitle, SheetContent } from "../../../components/ui/dialog";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Field } from "../../../components/ui/label";
import { SkeletonRows } from "../../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table";
import { toast } from "../../../components/ui/use-toast";
import { formatDate, todayInSantoDomingo } from "../../../lib/dates";
import { tMessage } from "../../../lib/i18n";
import { usePermissions } from "../../../lib/permissions";
import { ConfirmDialog } from "../../pos/panels/confirm-dialog";
import { FlagSwitch, useErrorToast } from "./common";

interface TimeOffRow {
  id: string;
  employee_name: string;
  start_date: string;
  end_date: string;
  start_time: string | null;
  end_time: string | null;
  type: string;
  reason: string | null;
  status: string;
}

/** An employee's time off (spec 03 'Time off'): type, dates, optional times, status badges, approve and delete, and a new request. */
export function TimeOffCard({ employeeId }: { employeeId: string }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { can } = usePermissions();
  const canApprove = can("appointments.configure");
  const canRequest = can("appointments.update");
  const errorToast = useErrorToast();
  const [status, setStatus] = React.useState("");
  const [creating, setCreating] = React.useState(false);
  const [deleting, setDeleting] = React.useState<TimeOffRow | null>(null);
  const list = useQuery(trpc.appointment.getTimeOff.queryOptions({ employee_id: employeeId, status: (status || undefined) as "pending" | "approved" | undefined }));
  const rows = (list.data ?? []) as TimeOffRow[];
  const refresh = () => qc.invalidateQueries(trpc.appointment.getTimeOff.pathFilter());
  const approve = useMutation(
    trpc.appointment.approveTimeOff.mutationOptions({
      meta: { silent: true },
      onSuccess: async () => {
        await refresh();
        toast({ variant: "success", title: t("appointmentConfig:timeOff.approved") });
      },
      onError: errorToast(t("appointmentConfig:common.saveError")),
    }),
  );
  const remove = useMutation(
    trpc.appointment.deleteTimeOff.mutationOptions({
      meta: { silent: true },
      onSuccess: async () => {
        await refresh();
        setDeleting(null);
        toast({ variant: "success", title: t("appointmentConfig:timeOff.deleted") });
      },
      onError: errorToast(t("appointmentConfig:common.saveError")),
    }),
  );
  const today = todayInSantoDomingo();
  const lang = i18n.language;
  const dates = (r: TimeOffRow) => (r.start_date === r.end_date ? formatDate(r.start_date, lang) : `${formatDate(r.start_date, lang)} – ${formatDate(r.end_date, lang)}`);
  const times = (r: TimeOffRow) => (r.start_time || r.end_time ? `${r.start_time ?? "00:00"}–${r.end_time ?? "24:00"}` : t("appointmentConfig:timeOff.allDay"));

  return (
    <Card data-testid="time-off-card">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>{t("appointmentConfig:timeOff.title")}</CardTitle>
          <CardDescription>{t("appointmentConfig:timeOff.subtitle")}</CardDescription>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <NativeSelect className="w-48" value={status} onChange={(e) => setStatus(e.target.value)} aria-label={t("appointmentConfig:timeOff.status")} data-testid="time-off-status-filter">
            <option value="">{t("appointmentConfig:timeOff.allStatuses")}</option>
            {TIME_OFF_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`appointmentConfig:timeOff.statuses.${s}`)}
              </option>
            ))}
          </NativeSelect>
          {canRequest ? (
            <Button onClick={() => setCreating(true)} data-testid="new-time-off">
              <Plus />
              {t("appointmentConfig:timeOff.new")}
            </Button>
          ) : null}
        </div>
      </CardHeader>
      <CardContent>
        <Table stack aria-label={t("appointmentConfig:timeOff.title")}>
          <THead>
            <TR>
              <TH>{t("appointmentConfig:timeOff.type")}</TH>
              <TH>{t("appointmentConfig:timeOff.dates")}</TH>
              <TH>{t("appointmentConfig:timeOff.times")}</TH>
              <TH className="hidden md:table-cell">{t("appointmentConfig:timeOff.reason")}</TH>
              <TH>{t("appointmentConfig:timeOff.status")}</TH>
              <TH />
            </TR>
          </THead>
          <TBody>
            {rows.map((r) => {
              const deletable = r.status === "pending" || r.start_date > today;
              return (
                <TR key={r.id} data-testid="time-off-row" data-type={r.type}>
                  <TD stack="primary" className="font-medium">
                    {t(`appointmentConfig:timeOff.types.${r.type}`)}
                  </TD>
                  <TD label={t("appointmentConfig:timeOff.dates")} className="tabular-nums" data-testid="time-off-dates">
                    {dates(r)}
                  </TD>
                  <TD label={t("appointmentConfig:timeOff.times")} className="tabular-nums">
                    {times(r)}
                  </TD>
                  <TD className="hidden max-w-64 truncate md:table-cell" title={r.reason ?? undefined}>
                    {r.reason ?? <span className="text-muted-foreground">—</span>}
                  </TD>
                  <TD label={t("appointmentConfig:timeOff.status")}>
                    <Badge variant={r.status === "approved" ? "success" : "warning"} data-testid="time-off-status">
                      {t(`appointmentConfig:timeOff.statuses.${r.status}`)}
                    </Badge>
                  </TD>
                  <TD stack="actions" className="text-right">
                    <div className="flex justify-end gap-1">
                      {canApprove && r.status === "pending" ? (
                        <Button variant="outline" size="sm" onClick={() => approve.mutate({ id: r.id })} disabled={approve.isPending} data-testid="approve-time-off">
                          <Check />
                          {t("appointmentConfig:timeOff.approve")}
                        </Button>
                      ) : null}
                      {canApprove && deletable ? (
                        <Button variant="ghost" size="icon" onClick={() => setDeleting(r)} aria-label={t("appointmentConfig:common.delete")} title={t("appointmentConfig:common.delete")} data-testid="delete-time-off">
                          <Trash2 />
                        </Button>
                      ) : null}
                    </div>
                  </TD>
                </TR>
              );
            })}
            {list.isLoading ? <SkeletonRows cols={6} /> : null}
            {!list.isLoading && rows.length === 0 ? (
              <EmptyTableRow cols={6} icon={Plane} title={t("appointmentConfig:timeOff.emptyTitle")} hint={t("appointmentConfig:timeOff.emptyHint")} testId="time-off-empty" />
            ) : null}
          </TBody>
        </Table>
      </CardContent>
      <Dialog open={creating} onOpenChange={(open) => !open && setCreating(false)}>
        {creating ? <TimeOffSheet employeeId={employeeId} canApprove={canApprove} onDone={() => setCreating(false)} /> : null}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t("appointmentConfig:timeOff.deleteTitle")}
        description={deleting ? t("appointmentConfig:timeOff.deleteText", { dates: dates(deleting) }) : undefined}
        confirmLabel={t("appointmentConfig:common.delete")}
        destructive
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onCancel={() => setDeleting(null)}
        testId="delete-time-off-dialog"
      />
    </Card>
  );
}

function TimeOffSheet({ employeeId, canApprove, onDone }: { employeeId: string; canApprove: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const errorToast = useErrorToast();
  const today = todayInSantoDomingo();
  const form = useForm<TimeOffInput, unknown, TimeOffOutput>({
    resolver: zodResolver(timeOffInput),
    defaultValues: { employee_id: employeeId, start_date: today, end_date: today, start_time: "", end_time: "", type: "vacation", reason: "", approve: false },
  });
  const save = useMutation(
    trpc.appointment.createTimeOff.mutationOptions({
      meta: { silent: true },
      onSuccess: async (row) => {
        await qc.invalidateQueries(trpc.appointment.getTimeOff.pathFilter());
        toast({ variant: "success", title: row.status === "approved" ? t("appointmentConfig:timeOff.createdApproved") : t("appointmentConfig:timeOff.createdPending") });
        onDone();
      },
      onError: (error) => {
        for (const [field, message] of Object.entries(fieldErrors(error))) {
          if (field in form.getValues()) form.setError(field as keyof TimeOffInput, { message });
        }
        errorToast(t("appointmentConfig:common.saveError"))(error);
      },
    }),
  );
  const errors = form.formState.errors;

  return (
    <SheetContent closeLabel={t("common:actions.close")} data-testid="time-off-sheet">
      <DialogTitle>{t("appointmentConfig:timeOff.new")}</DialogTitle>
      <DialogDescription>{canApprove ? t("appointmentConfig:timeOff.sheetHintApprover") : t("appointmentConfig:timeOff.sheetHint")}</DialogDescription>
      <form className="grid gap-4" onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate>
        {errors.employee_id ? <p className="text-sm text-destructive">{tMessage(errors.employee_id.message)}</p> : null}
        <Field label={t("appointmentConfig:timeOff.type")} htmlFor="time-off-type" error={tMessage(errors.type?.message)} required>
          <NativeSelect id="time-off-type" {...form.register("type")}>
            {TIME_OFF_TYPES.map((x) => (
              <option key={x} value={x}>
                {t(`appointmentConfig:timeOff.types.${x}`)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label={t("appointmentConfig:timeOff.startDate")} htmlFor="time-off-start-date" error={tMessage(errors.start_date?.message)} required>
            <Input id="time-off-start-date" type="date" {...form.register("start_date")} aria-invalid={!!errors.start_date} />
          </Field>
          <Field label={t("appointmentConfig:timeOff.endDate")} htmlFor="time-off-end-date" error={tMessage(errors.end_date?.message)} required>
            <Input id="time-off-end-date" type="date" {...form.register("end_date")} aria-invalid={!!errors.end_date} />
          </Field>
          <Field label={t("appointmentConfig:timeOff.startTime")} htmlFor="time-off-start-time" error={tMessage(errors.start_time?.message)}>
            <Input id="time-off-start-time" type="time" step={300} {...form.register("start_time")} aria-invalid={!!errors.start_time} />
          </Field>
          <Field label={t("appointmentConfig:timeOff.endTime")} htmlFor="time-off-end-time" error={tMessage(errors.end_time?.message)}>
            <Input id="time-off-end-time" type="time" step={300} {...form.register("end_time")} aria-invalid={!!errors.end_time} />
          </Field>
        </div>
        <p className="-mt-2 text-xs text-muted-foreground">{t("appointmentConfig:timeOff.timesHint")}</p>
        <Field label={t("appointmentConfig:timeOff.reason")} htmlFor="time-off-reason" error={tMessage(errors.reason?.message)}>
          <Input id="time-off-reason" maxLength={500} autoComplete="off" {...form.register("reason")} />
        </Field>
        {canApprove ? (
          <FlagSwitch
            id="time-off-approve"
            label={t("appointmentConfig:timeOff.approveNow")}
            hint={t("appointmentConfig:timeOff.approveNowHint")}
            checked={!!form.watch("approve")}
            onChange={(v) => form.setValue("approve", v)}
          />
        ) : null}
        <FormActions pending={save.isPending} onCancel={onDone} testId="save-time-off" />
      </form>
    </SheetContent>
  );
}
