import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { Bell, CalendarDays, ChevronLeft, ChevronRight, Pencil, XCircle } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { eventCreateInput, eventUpdateInput } from "../../../../shared/legal/case";
import { CASE_PRIORITIES, EVENT_STATUSES, EVENT_TYPES, LOCATION_TYPES, REMINDER_MINUTES } from "../../../../shared/legal/constants";
import { addDays } from "../../../../shared/platform/dates";
import { type AppRouter, useTRPC } from "../../../app/trpc";
import { EmptyTableRow } from "../../../components/list-page";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent } from "../../../components/ui/dialog";
import { DropdownMenuItem } from "../../../components/ui/dropdown-menu";
import { SkeletonRows } from "../../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table";
import { toast } from "../../../components/ui/use-toast";
import { formatDate, todayInSantoDomingo } from "../../../lib/dates";
import { usePermissions } from "../../../lib/permissions";
import { CasePriorityBadge } from "./badges";
import { blanksToNull, FArea, FSelect, FSwitch, FText, RecordDialog, useDialogForm, useEnumOptions } from "./case-common";
import { RowMenu, TabHeader } from "./tab-shell";

export type LegalEvent = inferRouterOutputs<AppRouter>["legalCase"]["getEvents"][number];

/** The tab shows a year of events at a time (getEvents answers at most 366 days): from 4 months back to 8 ahead, moved a year with the arrows. */
function windowOf(shift: number): { from: string; to: string } {
  const today = new Date(`${todayInSantoDomingo()}T12:00:00Z`);
  const from = addDays(today, -120 + shift * 365);
  const to = addDays(from, 365);
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return { from: iso(from), to: iso(to) };
}

export function EventsTab({ caseId }: { caseId: string }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { can } = usePermissions();
  const [shift, setShift] = React.useState(0);
  const range = windowOf(shift);
  const events = useQuery(trpc.legalCase.getEvents.queryOptions({ ...range, caseId }));
  const [editing, setEditing] = React.useState<LegalEvent | "new" | null>(null);
  const cancel = useMutation(
    trpc.legalCase.updateEvent.mutationOptions({
      onSuccess: async () => {
        await qc.invalidateQueries(trpc.legalCase.getEvents.pathFilter());
        toast({ variant: "success", title: t("legal:events.cancelled") });
      },
    }),
  );
  const rows = events.data ?? [];
  const lang = i18n.language;
  return (
    <div className="grid gap-3">
      <TabHeader title={t("legal:events.title")} newLabel={t("legal:events.new")} onNew={() => setEditing("new")} testId="new-event">
        <div className="flex items-center gap-1 text-sm" data-testid="events-range">
          <Button variant="outline" size="icon" onClick={() => setShift((s) => s - 1)} aria-label={t("legal:events.earlier")} title={t("legal:events.earlier")}>
            <ChevronLeft />
          </Button>
          <span className="px-1 tabular-nums">{t("legal:events.range", { from: formatDate(range.from, lang), to: formatDate(range.to, lang) })}</span>
          <Button variant="outline" size="icon" onClick={() => setShift((s) => s + 1)} aria-label={t("legal:events.later")} title={t("legal:events.later")}>
            <ChevronRight />
          </Button>
        </div>
      </TabHeader>
      <Table stack aria-label={t("legal:events.title")}>
        <THead>
          <TR>
            <TH>{t("legal:events.columns.date")}</TH>
            <TH>{t("legal:events.columns.event")}</TH>
            <TH>{t("legal:events.columns.type")}</TH>
            <TH>{t("legal:events.columns.location")}</TH>
            <TH>{t("legal:events.columns.status")}</TH>
            <TH>{t("legal:events.columns.reminder")}</TH>
            <TH>
              <span className="sr-only">{t("legal:common.actions")}</span>
            </TH>
          </TR>
        </THead>
        <TBody>
          {events.isLoading ? <SkeletonRows rows={3} cols={7} /> : null}
          {!events.isLoading && rows.length === 0 ? <EmptyTableRow cols={7} icon={CalendarDays} title={t("legal:events.empty")} hint={t("legal:events.emptyHint")} testId="events-empty" /> : null}
          {rows.map((e) => (
            <TR key={e.id} data-testid="event-row" id={`event-${e.id}`}>
              <TD className="whitespace-nowrap tabular-nums" label={t("legal:events.columns.date")}>
                {formatDate(e.eventDate, lang)}
                <span className="block text-xs text-muted-foreground">{e.allDay || !e.startTime ? t("legal:events.allDay") : `${e.startTime.slice(0, 5)}${e.endTime ? `–${e.endTime.slice(0, 5)}` : ""}`}</span>
              </TD>
              <TD stack="primary" className="break-words">
                <span className="font-medium">{e.title}</span> <CasePriorityBadge priority={e.priority} />
              </TD>
              <TD label={t("legal:events.columns.type")}>{t(`legal:eventType.${e.eventType}`)}</TD>
              <TD label={t("legal:events.columns.location")} className="break-words">
                {e.location ?? "—"}
                {e.locationType ? <span className="block text-xs text-muted-foreground">{t(`legal:locationType.${e.locationType}`)}</span> : null}
              </TD>
              <TD label={t("legal:events.columns.status")}>
                <Badge variant={e.status === "cancelled" ? "outline" : e.status === "completed" ? "secondary" : "default"}>{t(`legal:eventStatus.${e.status}`)}</Badge>
              </TD>
              <TD label={t("legal:events.columns.reminder")}>
                {e.reminderEnabled ? (
                  <span className="inline-flex items-center gap-1" data-testid="event-reminder">
                    <Bell className="size-4" aria-hidden />
                    {reminderLabel(t, e.reminderMinutes)}
                  </span>
                ) : (
                  "—"
                )}
              </TD>
              <TD stack="actions" className="text-right">
                {can("legal.update") ? (
                  <RowMenu label={t("legal:events.menu", { title: e.title })} testId="event-menu">
                    <DropdownMenuItem onSelect={() => setEditing(e)} data-testid="event-edit">
                      <Pencil />
                      {t("legal:common.edit")}
                    </DropdownMenuItem>
                    {e.status !== "cancelled" && e.status !== "completed" ? (
                      <DropdownMenuItem className="text-destructive focus:text-destructive" onSelect={() => cancel.mutate({ id: e.id, status: "cancelled" })} data-testid="event-cancel">
                        <XCircle />
                        {t("legal:events.cancelEvent")}
                      </DropdownMenuItem>
                    ) : null}
                  </RowMenu>
                ) : null}
              </TD>
            </TR>
          ))}
        </TBody>
      </Table>
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        {editing !== null ? (
          <DialogContent closeLabel={t("legal:common.cancel")} className="max-h-[92vh] max-w-2xl overflow-y-auto" data-testid="event-dialog">
            <EventForm caseId={caseId} event={editing === "new" ? null : editing} onDone={() => setEditing(null)} />
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}

export function reminderLabel(t: (key: string, o?: Record<string, unknown>) => string, minutes: number): string {
  return (REMINDER_MINUTES as readonly number[]).includes(minutes) ? t(`legal:reminder.${minutes}`) : t("legal:events.reminderMinutesCustom", { count: minutes });
}

function EventForm({ caseId, event, onDone }: { caseId: string; event: LegalEvent | null; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const options = useEnumOptions();
  const s = (v: string | null | undefined) => v ?? "";
  const f = useDialogForm(
    {
      eventType: event?.eventType ?? "hearing",
      title: s(event?.title),
      eventDate: event?.eventDate ?? todayInSantoDomingo(),
      allDay: event?.allDay ?? false,
      startTime: s(event?.startTime?.slice(0, 5)),
      endTime: s(event?.endTime?.slice(0, 5)),
      location: s(event?.location),
      locationType: s(event?.locationType),
      priority: event?.priority ?? "normal",
      status: event?.status ?? "scheduled",
      reminderEnabled: event?.reminderEnabled ?? false,
      reminderMinutes: String(event?.reminderMinutes ?? 1440),
      description: s(event?.description),
    },
    "event",
  );
  const done = async (title: string) => {
    await qc.invalidateQueries(trpc.legalCase.getEvents.pathFilter());
    toast({ variant: "success", title });
    onDone();
  };
  const silent = { meta: { silent: true } };
  const create = useMutation(trpc.legalCase.createEvent.mutationOptions({ ...silent, onSuccess: () => done(t("legal:events.created")), onError: f.fail }));
  const update = useMutation(trpc.legalCase.updateEvent.mutationOptions({ ...silent, onSuccess: () => done(t("legal:events.updated")), onError: f.fail }));
  const submit = () => {
    const v = f.values;
    const input = blanksToNull({ ...v, reminderMinutes: Number(v.reminderMinutes), startTime: v.allDay ? "" : v.startTime, endTime: v.allDay ? "" : v.endTime });
    if (event) {
      const parsed = f.check(eventUpdateInput, { ...input, id: event.id });
      if (parsed) update.mutate(parsed);
    } else {
      const parsed = f.check(eventCreateInput, { ...input, caseId });
      if (parsed) create.mutate(parsed);
    }
  };
  const pending = create.isPending || update.isPending;
  const reminders = (REMINDER_MINUTES as readonly number[]).includes(Number(f.values.reminderMinutes)) ? REMINDER_MINUTES : [...REMINDER_MINUTES, Number(f.values.reminderMinutes)];
  return (
    <RecordDialog area="events" editing={!!event} pending={pending} onSubmit={submit} onCancel={onDone} saveTestId="event-save">
      <div className="grid gap-3 sm:grid-cols-2">
        <FText f={f} name="title" label={t("legal:events.fields.title")} required autoFocus className="sm:col-span-2" />
        <FSelect f={f} name="eventType" label={t("legal:events.fields.eventType")} required options={options("eventType", EVENT_TYPES)} />
        <FText f={f} name="eventDate" type="date" label={t("legal:events.fields.eventDate")} required />
        <FSwitch f={f} name="allDay" label={t("legal:events.fields.allDay")} className="sm:col-span-2" />
        {f.values.allDay ? null : (
          <>
            <FText f={f} name="startTime" type="time" label={t("legal:events.fields.startTime")} />
            <FText f={f} name="endTime" type="time" label={t("legal:events.fields.endTime")} />
          </>
        )}
        <FText f={f} name="location" label={t("legal:events.fields.location")} />
        <FSelect f={f} name="locationType" label={t("legal:events.fields.locationType")} none={t("legal:common.choose")} options={options("locationType", LOCATION_TYPES)} />
        <FSelect f={f} name="priority" label={t("legal:events.fields.priority")} options={options("priority", CASE_PRIORITIES)} />
        <FSelect f={f} name="status" label={t("legal:events.fields.status")} options={options("eventStatus", EVENT_STATUSES)} />
        <FSwitch f={f} name="reminderEnabled" label={t("legal:events.fields.reminderEnabled")} hint={t("legal:events.reminderHint")} className="sm:col-span-2" />
        {f.values.reminderEnabled ? (
          <FSelect f={f} name="reminderMinutes" label={t("legal:events.fields.reminderMinutes")} options={reminders.map((m) => ({ value: String(m), label: reminderLabel(t, m) }))} />
        ) : null}
        <FArea f={f} name="description" label={t("legal:events.fields.description")} className="sm:col-span-2" />
      </div>
    </RecordDialog>
  );
}
