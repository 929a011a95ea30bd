import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarClock, Copy, Pencil, Plus, Trash2, UserRound, X } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { DaySchedule } from "../../../../shared/appointments/availability";
import { copyMondayToAll, defaultWeek, scheduleInput } from "../../../../shared/appointments/config";
import { useTRPC } from "../../../app/trpc";
import { EmptyTableRow } from "../../../components/list-page";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { Field } from "../../../components/ui/label";
import { Skeleton, SkeletonRows } from "../../../components/ui/skeleton";
import { Switch } from "../../../components/ui/switch";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table";
import { toast } from "../../../components/ui/use-toast";
import { formatDate, todayInSantoDomingo } from "../../../lib/dates";
import { tMessage } from "../../../lib/i18n";
import { usePermissions } from "../../../lib/permissions";
import { ConfirmDialog } from "../../pos/panels/confirm-dialog";
import { ConfigHeader, issuesByPath, OptionSelect, useEmployeeOptions, useErrorToast } from "./common";
import { TimeOffCard } from "./time-off";

/** Monday first, as a Dominican week is read; the stored index stays 0 = Sunday. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

interface ScheduleRow {
  id: string;
  employee_id: string;
  effective_from: string;
  effective_until: string | null;
  days: DaySchedule[];
}

/**
 * Horarios (spec 03 'employee working hours plus time off'): pick an employee, then their weekly
 * schedules (versions by effective date, edited in a 7-day grid with breaks) and their time off
 * (requests, approval). The employee is kept in the address (?employee=) so a reload keeps it.
 */
export function SchedulesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const employeeId = params.get("employee") ?? "";
  const { employees, isLoading } = useEmployeeOptions();
  const employee = employees.find((e) => e.id === employeeId);

  return (
    <div className="grid gap-4" data-testid="appointment-schedules-page">
      <ConfigHeader title={t("appointmentConfig:schedules.title")} subtitle={t("appointmentConfig:schedules.subtitle")}>
        <div className="w-full sm:w-72">
          <OptionSelect
            id="schedule-employee"
            label={t("appointmentConfig:schedules.employee")}
            value={employeeId}
            onChange={(v) => setParams(v ? { employee: v } : {}, { replace: true })}
            options={employees}
            placeholder={t("appointmentConfig:schedules.chooseEmployee")}
          />
        </div>
      </ConfigHeader>
      {!employeeId ? (
        <Card>
          <CardContent className="grid justify-items-center gap-2 py-12 text-center" data-testid="select-employee-first">
            <UserRound className="size-10 text-muted-foreground" />
            <p className="font-medium">{t("appointmentConfig:errors.selectEmployeeFirst")}</p>
            <p className="text-sm text-muted-foreground">{t("appointmentConfig:schedules.selectHint")}</p>
          </CardContent>
        </Card>
      ) : isLoading ? (
        <Skeleton className="h-96 w-full" />
      ) : (
        <>
          <SchedulesCard key={employeeId} employeeId={employeeId} employeeName={employee?.name ?? ""} />
          <TimeOffCard key={`off-${employeeId}`} employeeId={employeeId} />
        </>
      )}
    </div>
  );
}

const daysSummary = (days: DaySchedule[], dayName: (i: number) => string) =>
  WEEK_ORDER.filter((i) => !days[i]?.dayOff)
    .map((i) => dayName(i))
    .join(", ");

function SchedulesCard({ employeeId, employeeName }: { employeeId: string; employeeName: string }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { can } = usePermissions();
  const canEdit = can("appointments.configure");
  const errorToast = useErrorToast();
  const list = useQuery(trpc.appointment.getSchedules.queryOptions({ employee_id: employeeId }));
  const rows = (list.data ?? []) as ScheduleRow[];
  const [editing, setEditing] = React.useState<ScheduleRow | "new" | null>(null);
  const [deleting, setDeleting] = React.useState<ScheduleRow | null>(null);
  const dayShort = (i: number) => t(`appointmentConfig:days.short.${i}`);
  const remove = useMutation(
    trpc.appointment.deleteSchedule.mutationOptions({
      meta: { silent: true },
      onSuccess: async () => {
        await qc.invalidateQueries(trpc.appointment.getSchedules.pathFilter());
        toast({ variant: "success", title: t("appointmentConfig:schedules.deleted") });
        setDeleting(null);
        setEditing(null);
      },
      onError: errorToast(t("appointmentConfig:common.saveError")),
    }),
  );
  const today = todayInSantoDomingo();
  const current = [...rows].reverse().find((r) => r.effective_from <= today && (!r.effective_until || r.effective_until >= today));

  return (
    <Card data-testid="schedules-card">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>{t("appointmentConfig:schedules.weekly")}</CardTitle>
          <CardDescription>{t("appointmentConfig:schedules.weeklyHint", { name: employeeName })}</CardDescription>
        </div>
        {canEdit && editing === null ? (
          <Button onClick={() => setEditing("new")} data-testid="new-schedule">
            <Plus />
            {t("appointmentConfig:schedules.new")}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        <Table stack aria-label={t("appointmentConfig:schedules.versions")}>
          <THead>
            <TR>
              <TH>{t("appointmentConfig:schedules.from")}</TH>
              <TH>{t("appointmentConfig:schedules.until")}</TH>
              <TH>{t("appointmentConfig:schedules.workDays")}</TH>
              <TH>{t("appointmentConfig:schedules.hours")}</TH>
              <TH />
            </TR>
          </THead>
          <TBody>
            {rows.map((r) => {
              const monday = r.days[1];
              return (
                <TR key={r.id} data-testid="schedule-row" data-from={r.effective_from}>
                  <TD stack="primary" className="font-medium">
                    {formatDate(r.effective_from, i18n.language)} {r.id === current?.id ? <Badge variant="success">{t("appointmentConfig:schedules.current")}</Badge> : null}
                  </TD>
                  <TD label={t("appointmentConfig:schedules.until")}>{r.effective_until ? formatDate(r.effective_until, i18n.language) : t("appointmentConfig:schedules.openEnded")}</TD>
                  <TD label={t("appointmentConfig:schedules.workDays")}>{daysSummary(r.days, dayShort) || t("appointmentConfig:schedules.noWorkDays")}</TD>
                  <TD label={t("appointmentConfig:schedules.hours")} className="tabular-nums" data-testid="schedule-hours">
                    {monday && !monday.dayOff ? `${t("appointmentConfig:days.short.1")} ${monday.start}–${monday.end}${monday.breaks.length ? ` · ${t("appointmentConfig:schedules.breakShort")} ${monday.breaks.map((b) => `${b.start}–${b.end}`).join(", ")}` : ""}` : "—"}
                  </TD>
                  <TD stack="actions" className="text-right">
                    {canEdit ? (
                      <div className="flex justify-end gap-1">
                        <Button variant="ghost" size="icon" onClick={() => setEditing(r)} aria-label={t("common:actions.edit")} title={t("common:actions.edit")} data-testid="edit-schedule">
                          <Pencil />
                        </Button>
                        <Button variant="ghost" size="icon" onClick={() => setDeleting(r)} aria-label={t("appointmentConfig:common.delete")} title={t("appointmentConfig:common.delete")} data-testid="delete-schedule">
                          <Trash2 />
                        </Button>
                      </div>
                    ) : null}
                  </TD>
                </TR>
              );
            })}
            {list.isLoading ? <SkeletonRows cols={5} /> : null}
            {!list.isLoading && rows.length === 0 ? (
              <EmptyTableRow cols={5} icon={CalendarClock} title={t("appointmentConfig:schedules.emptyTitle")} hint={t("appointmentConfig:schedules.emptyHint")} testId="schedules-empty" />
            ) : null}
          </TBody>
        </Table>
        {editing !== null ? (
          <ScheduleEditor
            key={editing === "new" ? "new" : editing.id}
            employeeId={employeeId}
            schedule={editing === "new" ? null : editing}
            template={rows[rows.length - 1] ?? null}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        title={t("appointmentConfig:schedules.deleteTitle")}
        description={deleting ? t("appointmentConfig:schedules.deleteText", { date: formatDate(deleting.effective_from, i18n.language) }) : undefined}
        confirmLabel={t("appointmentConfig:common.delete")}
        destructive
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onCancel={() => setDeleting(null)}
        testId="delete-schedule-dialog"
      />
    </Card>
  );
}

/** The 7-day grid: per day a working/off switch, start and end, and its breaks; effective from/until; 'copy Monday to all'. */
function ScheduleEditor({ employeeId, schedule, template, onDone }: { employeeId: string; schedule: ScheduleRow | null; template: ScheduleRow | null; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const errorToast = useErrorToast();
  const [from, setFrom] = React.useState(schedule?.effective_from ?? todayInSantoDomingo());
  const [until, setUntil] = React.useState(schedule?.effective_until ?? "");
  const [days, setDays] = React.useState<DaySchedule[]>(() => structuredClone(schedule?.days ?? template?.days ?? defaultWeek()));
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const save = useMutation(
    trpc.appointment.saveSchedule.mutationOptions({
      meta: { silent: true },
      onSuccess: async () => {
        await qc.invalidateQueries(trpc.appointment.getSchedules.pathFilter());
        toast({ variant: "success", title: t("appointmentConfig:schedules.saved") });
        onDone();
      },
      onError: errorToast(t("appointmentConfig:common.saveError")),
    }),
  );
  const setDay = (i: number, patch: Partial<DaySchedule>) => setDays((d) => d.map((x, k) => (k === i ? { ...x, ...patch } : x)));
  const setBreak = (i: number, b: number, patch: Partial<{ start: string; end: string }>) => setDay(i, { breaks: days[i]!.breaks.map((x, k) => (k === b ? { ...x, ...patch } : x)) });
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const input = { id: schedule?.id ?? null, employee_id: employeeId, effective_from: from, effective_until: until, days };
    const parsed = scheduleInput.safeParse(input);
    if (!parsed.success) {
      setErrors(issuesByPath(parsed.error.issues, (k) => tMessage(k) ?? k));
      return;
    }
    setErrors({});
    save.mutate(input);
  };
  const err = (path: string) => errors[path];

  return (
    <form className="grid gap-4 rounded-md border p-3 sm:p-4" onSubmit={onSubmit} noValidate data-testid="schedule-editor">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-semibold">{schedule ? t("appointmentConfig:schedules.editTitle") : t("appointmentConfig:schedules.new")}</h4>
        <Button type="button" variant="outline" size="sm" onClick={() => setDays(copyMondayToAll(days))} data-testid="copy-monday">
          <Copy />
          {t("appointmentConfig:schedules.copyMonday")}
        </Button>
      </div>
      <div className="grid items-start gap-3 sm:grid-cols-2">
        <Field label={t("appointmentConfig:schedules.from")} htmlFor="schedule-from" error={err("effective_from")} required>
          <Input id="schedule-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} aria-invalid={!!err("effective_from")} />
        </Field>
        <Field label={t("appointmentConfig:schedules.until")} htmlFor="schedule-until" error={err("effective_until")} hint={t("appointmentConfig:schedules.untilHint")}>
          <Input id="schedule-until" type="date" value={until} onChange={(e) => setUntil(e.target.value)} aria-invalid={!!err("effective_until")} />
        </Field>
      </div>
      <div className="grid gap-2">
        {WEEK_ORDER.map((i) => {
          const d = days[i]!;
          const name = t(`appointmentConfig:days.long.${i}`);
          return (
            <div key={i} className="grid gap-2 rounded-md border p-3 md:grid-cols-[9rem_1fr]" data-testid="schedule-day" data-day={i}>
              <div className="flex items-center justify-between gap-2 md:flex-col md:items-start md:justify-start md:pt-1">
                <span className="font-medium">{name}</span>
                <label className="flex items-center gap-2 text-sm">
                  <Switch checked={!d.dayOff} onCheckedChange={(v) => setDay(i, { dayOff: !v })} aria-label={t("appointmentConfig:schedules.works", { day: name })} data-testid="day-works" />
                  {d.dayOff ? t("appointmentConfig:schedules.dayOff") : t("appointmentConfig:schedules.working")}
                </label>
              </div>
              {d.dayOff ? (
                <p className="self-center text-sm text-muted-foreground">{t("appointmentConfig:schedules.dayOffHint")}</p>
              ) : (
                <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
                  <TimeInput id={`day-${i}-start`} label={t("appointmentConfig:schedules.start")} value={d.start} onChange={(v) => setDay(i, { start: v })} error={err(`days.${i}.start`)} />
                  <TimeInput id={`day-${i}-end`} label={t("appointmentConfig:schedules.end")} value={d.end} onChange={(v) => setDay(i, { end: v })} error={err(`days.${i}.end`)} />
                  {d.breaks.map((b, k) => (
                    <div key={k} className="flex flex-wrap items-start gap-2 rounded-md bg-muted/50 px-2 pb-2" data-testid="schedule-break">
                      <TimeInput id={`day-${i}-break-${k}-start`} label={t("appointmentConfig:schedules.breakStart")} value={b.start} onChange={(v) => setBreak(i, k, { start: v })} error={err(`days.${i}.breaks.${k}.start`)} />
                      <TimeInput id={`day-${i}-break-${k}-end`} label={t("appointmentConfig:schedules.breakEnd")} value={b.end} onChange={(v) => setBreak(i, k, { end: v })} error={err(`days.${i}.breaks.${k}.end`)} />
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        className="mt-6"
                        onClick={() => setDay(i, { breaks: d.breaks.filter((_, x) => x !== k) })}
                        aria-label={t("appointmentConfig:schedules.removeBreak")}
                        title={t("appointmentConfig:schedules.removeBreak")}
                        data-testid="remove-break"
                      >
                        <X />
                      </Button>
                    </div>
                  ))}
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="mt-6"
                    onClick={() => setDay(i, { breaks: [...d.breaks, { start: "12:00", end: "13:00" }] })}
                    disabled={d.breaks.length >= 6}
                    data-testid="add-break"
                  >
                    <Plus />
                    {t("appointmentConfig:schedules.addBreak")}
                  </Button>
                </div>
              )}
            </div>
          );
        })}
        {err("days") ? <p className="text-xs text-destructive">{err("days")}</p> : null}
      </div>
      {Object.keys(errors).length > 0 ? (
        <p className="text-sm text-destructive" role="alert">
          {t("appointmentConfig:schedules.fixErrors")}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          {t("common:actions.cancel")}
        </Button>
        <Button type="submit" disabled={save.isPending} data-testid="save-schedule">
          {save.isPending ? t("common:saving") : t("appointmentConfig:schedules.save")}
        </Button>
      </div>
    </form>
  );
}

function TimeInput({ id, label, value, onChange, error }: { id: string; label: string; value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <Field label={label} htmlFor={id} error={error} className="w-28 [&_p]:max-w-28">
      <Input id={id} type="time" step={300} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={!!error} />
    </Field>
  );
}
