import type { DatesSetArg, EventClickArg, EventContentArg, EventDropArg } from "@fullcalendar/core";
import esLocale from "@fullcalendar/core/locales/es";
import dayGridPlugin from "@fullcalendar/daygrid";
import interactionPlugin, { type DateClickArg } from "@fullcalendar/interaction";
import listPlugin from "@fullcalendar/list";
import FullCalendar from "@fullcalendar/react";
import timeGridPlugin from "@fullcalendar/timegrid";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarPlus, Filter, Lock } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { APPOINTMENT_STATUSES, type AppointmentStatus } from "../../../../shared/appointments/schemas";
import { useTRPC } from "../../../app/trpc";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { NativeSelect } from "../../../components/ui/input";
import { toast } from "../../../components/ui/use-toast";
import { todayInSantoDomingo } from "../../../lib/dates";
import { isTextField } from "../../../lib/keyboard";
import { usePermissions } from "../../../lib/permissions";
import { cn } from "../../../lib/utils";
import { AppointmentSheet } from "../booking/appointment-sheet";
import { formatTime, longDate } from "../booking/dates";
import { NewAppointmentWizard } from "../booking/new-appointment-wizard";
import type { AppointmentRow, WizardInitial } from "../booking/types";
import { type BlockTimeDefaults, BlockTimeDialog } from "./block-time-dialog";
import { appointmentEvent, blockEvents, type CalendarBlock, DEFAULT_BUSINESS_HOURS, localDate, localTime, STATUS_COLORS, scheduleBusinessHours, visibleRange } from "./calendar-events";
import { useMediaQuery } from "./use-media-query";
import "./calendar.css";

/** Where the day starts and ends on the time grid when nothing is shaded (an employee without a schedule). */
const SLOT_MIN = "07:00:00";
const SLOT_MAX = "21:00:00";
type ScheduleOf = Parameters<typeof scheduleBusinessHours>[0][number];
type Span = (typeof DEFAULT_BUSINESS_HOURS)[number];

/** The business's opening hours (index 0 = Sunday) as FullCalendar business hours. */
function openingSpans(days: { closed: boolean; open: string; close: string }[]): Span[] {
  return days.flatMap((d, weekday) => (d.closed || d.close <= d.open ? [] : [{ daysOfWeek: [weekday], startTime: d.open, endTime: d.close }]));
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const gridTime = (minutes: number) => `${String(minutes / 60).padStart(2, "0")}:00:00`;

/**
 * The time grid's first and last hour: an hour before the earliest shaded start and after the
 * latest shaded end, widened to show every loaded appointment and block; 07:00–21:00 when nothing is shaded.
 */
function gridRange(spans: Span[], times: { start: string | null; end: string | null }[]): { min: string; max: string; scroll: string } {
  if (spans.length === 0) return { min: SLOT_MIN, max: SLOT_MAX, scroll: "08:00:00" };
  let start = Math.min(...spans.map((s) => minutesOf(s.startTime)));
  let end = Math.max(...spans.map((s) => minutesOf(s.endTime)));
  const scroll = gridTime(Math.floor(start / 60) * 60);
  for (const t of times) {
    if (t.start) start = Math.min(start, minutesOf(t.start));
    if (t.end) end = Math.max(end, minutesOf(t.end));
  }
  const min = Math.max(0, Math.floor(start / 60) * 60 - 60);
  const max = Math.min(1440, Math.ceil(end / 60) * 60 + 60);
  return { min: gridTime(min), max: gridTime(max), scroll };
}
const NARROW_QUERY = "(max-width: 767px)";

type ViewName = "timeGridDay" | "timeGridWeek" | "dayGridMonth" | "listWeek";
const VIEWS: readonly ViewName[] = ["timeGridDay", "timeGridWeek", "dayGridMonth", "listWeek"];

const csv = (value: string | null) => (value ? value.split(",").filter(Boolean) : []);

/**
 * Calendario de citas (spec 03 'Appointment administration screens'): day, week and month views of
 * the appointments (coloured by status) and the employees' blocked time, filtered by employee,
 * service and status. A click on a free slot books there, a click on an appointment opens it, and
 * dragging one reschedules it (the server re-checks availability; a refusal puts it back).
 */
export function CalendarPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { can } = usePermissions();
  const narrow = useMediaQuery(NARROW_QUERY);
  const calendarRef = useRef<FullCalendar>(null);
  const [params, setParams] = useSearchParams();

  // Filters live in the address (a reload or a shared link keeps them).
  const employeeId = params.get("employee") ?? "";
  const serviceId = params.get("service") ?? "";
  const statuses = csv(params.get("status")).filter((s): s is AppointmentStatus => (APPOINTMENT_STATUSES as readonly string[]).includes(s));
  const initialView = ((VIEWS as readonly string[]).includes(params.get("view") ?? "") ? params.get("view") : narrow ? "timeGridDay" : "timeGridWeek") as ViewName;
  const initialDate = /^\d{4}-\d{2}-\d{2}$/.test(params.get("date") ?? "") ? (params.get("date") as string) : undefined;
  const setFilter = (patch: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );

  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [wizard, setWizard] = useState<{ open: boolean; initial?: WizardInitial; key: number }>({ open: false, key: 0 });
  const [sheetId, setSheetId] = useState<string | null>(null);
  const [block, setBlock] = useState<{ open: boolean; defaults: BlockTimeDefaults }>({ open: false, defaults: { date: todayInSantoDomingo() } });

  const calendar = useQuery({
    ...trpc.appointment.getCalendar.queryOptions(
      {
        from: range?.from ?? todayInSantoDomingo(),
        to: range?.to ?? todayInSantoDomingo(),
        employee_ids: employeeId ? [employeeId] : undefined,
        service_ids: serviceId ? [serviceId] : undefined,
        statuses: statuses.length > 0 ? statuses : undefined,
      },
      { enabled: range !== null },
    ),
    placeholderData: keepPreviousData,
  });

  // The schedulable services and the employees who give one (those have an agenda), plus any
  // that only the loaded appointments name (a service no longer offered, a reassigned employee).
  const services = useQuery(trpc.appointment.getServices.queryOptions());
  const staff = useQuery(trpc.appointment.getEmployees.queryOptions());
  const serviceList = useMemo(() => {
    const known = new Map<string, string>((services.data ?? []).map((p) => [p.id, p.name]));
    for (const a of calendar.data?.appointments ?? []) if (!known.has(a.service_id)) known.set(a.service_id, a.service_name);
    return [...known].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  }, [services.data, calendar.data]);
  const employeeList = useMemo(() => {
    const known = new Map<string, string>((staff.data ?? []).filter((e) => e.service_count > 0).map((e) => [e.id, e.name]));
    for (const a of calendar.data?.appointments ?? []) if (!known.has(a.employee_id)) known.set(a.employee_id, a.employee_name);
    for (const b of calendar.data?.blocks ?? []) if (!known.has(b.employee_id)) known.set(b.employee_id, b.employee_name);
    return [...known].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  }, [staff.data, calendar.data]);

  // Business hours: the chosen employee's schedule in effect, else the business's opening hours ('Negocio').
  const schedules = useQuery({ ...trpc.appointment.getSchedules.queryOptions({ employee_id: employeeId }), enabled: !!employeeId });
  const opening = useQuery({ ...trpc.appointment.getOpeningHours.queryOptions(), enabled: !employeeId });
  const businessHours = useMemo(() => {
    if (employeeId) return schedules.data ? (scheduleBusinessHours(schedules.data as ScheduleOf[], range?.from ?? todayInSantoDomingo()) ?? []) : DEFAULT_BUSINESS_HOURS;
    return opening.data ? openingSpans(opening.data.opening_hours) : DEFAULT_BUSINESS_HOURS;
  }, [employeeId, schedules.data, opening.data, range?.from]);
  const grid = useMemo(
    () =>
      gridRange(businessHours, [
        ...(calendar.data?.appointments ?? []).map((a) => ({ start: a.start_time, end: a.end_time === "24:00" ? "23:59" : a.end_time })),
        ...(calendar.data?.blocks ?? []).map((b) => ({ start: b.start_time, end: b.end_time === "24:00" ? "23:59" : b.end_time })),
      ]),
    [businessHours, calendar.data],
  );

  const canMove = can("appointments.update");
  const canCreate = can("appointments.create");
  const events = useMemo(() => {
    const data = calendar.data;
    if (!data || !range) return [];
    const rows = data.appointments as AppointmentRow[];
    const blocks = data.blocks as CalendarBlock[];
    return [
      ...rows.map((row) => appointmentEvent(row, canMove)),
      ...blocks.flatMap((b) => blockEvents(b, range.from, range.to, `${t(`appointmentAdmin:calendar.blockTypes.${b.type}`, { defaultValue: b.type })} · ${b.employee_name}`)),
    ];
  }, [calendar.data, range, canMove, t]);

  const reschedule = useMutation(trpc.appointment.reschedule.mutationOptions({ meta: { silent: true } }));

  const openWizard = (initial?: WizardInitial) => {
    if (!canCreate) return;
    setWizard((w) => ({ open: true, initial, key: w.key + 1 }));
  };

  // 'N': a new appointment, unless the user is typing or a dialog is open.
  const anyOverlayOpen = wizard.open || sheetId !== null || block.open;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.key !== "n" && e.key !== "N") || e.ctrlKey || e.metaKey || e.altKey || e.repeat) return;
      if (anyOverlayOpen || isTextField(document.activeElement) || document.querySelector('[role="dialog"]')) return;
      e.preventDefault();
      openWizard(singleFilters());
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  /** What the filters already say (one employee, one service) for a new appointment. */
  const singleFilters = (): WizardInitial => ({ employee_id: employeeId || undefined, service_id: serviceId || undefined });

  // FullCalendar's prev/next chevrons are role="img" spans with no text: the button's title names
  // it, so the icon is hidden from assistive technology instead (axe: role-img-alt).
  const hideToolbarIcons = () => {
    for (const icon of document.querySelectorAll<HTMLElement>('.enzzo-calendar .fc-icon[role="img"]')) {
      icon.removeAttribute("role");
      icon.setAttribute("aria-hidden", "true");
    }
  };
  useEffect(hideToolbarIcons);

  const onDatesSet = (arg: DatesSetArg) => {
    requestAnimationFrame(hideToolbarIcons);
    const next = visibleRange(arg.start, arg.end);
    setRange((prev) => (prev && prev.from === next.from && prev.to === next.to ? prev : next));
    const view = arg.view.type;
    const date = localDate(arg.view.currentStart);
    if (params.get("view") !== view || params.get("date") !== date) setFilter({ view, date });
  };

  const onDateClick = (arg: DateClickArg) => {
    const date = localDate(arg.date);
    openWizard({ ...singleFilters(), date, time: arg.allDay ? undefined : localTime(arg.date) });
  };

  const onEventClick = (arg: EventClickArg) => {
    arg.jsEvent.preventDefault();
    const row = arg.event.extendedProps.row as AppointmentRow | undefined;
    if (row) setSheetId(row.id);
  };

  const onEventDrop = async (arg: EventDropArg) => {
    const row = arg.event.extendedProps.row as AppointmentRow | undefined;
    const start = arg.event.start;
    if (!row || !start) return arg.revert();
    const appointment_date = localDate(start);
    const start_time = localTime(start);
    try {
      await reschedule.mutateAsync({ id: row.id, appointment_date, start_time });
      toast({
        variant: "success",
        title: t("appointmentAdmin:calendar.rescheduled"),
        description: t("appointmentAdmin:calendar.rescheduledDescription", { name: row.customer_name, date: longDate(appointment_date, lang), time: formatTime(start_time, lang) }),
      });
    } catch (error) {
      arg.revert();
      toast({ variant: "destructive", title: t("appointmentAdmin:calendar.rescheduleFailed"), description: error instanceof Error ? error.message : undefined });
    } finally {
      await qc.invalidateQueries(trpc.appointment.pathFilter());
    }
  };

  const activeFilters = (employeeId ? 1 : 0) + (serviceId ? 1 : 0) + (statuses.length > 0 ? 1 : 0);
  const toggleStatus = (s: AppointmentStatus) => {
    const next = statuses.includes(s) ? statuses.filter((x) => x !== s) : [...statuses, s];
    setFilter({ status: next.join(",") || null });
  };

  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-xl font-semibold">{t("appointmentAdmin:calendar.title")}</h2>
          <p className="text-sm text-muted-foreground">{canMove ? t("appointmentAdmin:calendar.hint") : t("appointmentAdmin:calendar.hintReadOnly")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" className="md:hidden" aria-expanded={filtersOpen} aria-controls="calendar-filters" onClick={() => setFiltersOpen((o) => !o)} data-testid="toggle-calendar-filters">
            <Filter />
            {activeFilters > 0 ? t("appointmentAdmin:calendar.filtersCount", { count: activeFilters }) : t("appointmentAdmin:calendar.filters")}
          </Button>
          {canMove ? (
            <Button
              variant="outline"
              onClick={() => setBlock({ open: true, defaults: { date: blockDefaultDate(range), employee_id: employeeId || undefined } })}
              data-testid="block-time"
            >
              <Lock />
              {t("appointmentAdmin:calendar.blockTime")}
            </Button>
          ) : null}
          {canCreate ? (
            <Button onClick={() => openWizard(singleFilters())} data-testid="new-appointment" aria-keyshortcuts="N">
              <CalendarPlus />
              {t("appointmentAdmin:calendar.newAppointment")}
              <kbd className="hidden rounded border border-current/40 px-1 text-[10px] font-normal opacity-80 sm:inline">N</kbd>
            </Button>
          ) : null}
        </div>
      </div>

      <Card>
        <CardContent className="grid gap-4 pt-5">
          <div id="calendar-filters" className={cn("flex-wrap items-end gap-3", filtersOpen ? "flex" : "hidden md:flex")} data-testid="calendar-filters">
            <label className="grid w-full gap-1 text-xs text-muted-foreground sm:w-56">
              {t("appointmentAdmin:calendar.employee")}
              <NativeSelect value={employeeId} onChange={(e) => setFilter({ employee: e.target.value || null })} data-testid="calendar-filter-employee">
                <option value="">{t("appointmentAdmin:calendar.allEmployees")}</option>
                {employeeList.map((e) => (
                  <option key={e.id} value={e.id}>
                    {e.name}
                  </option>
                ))}
              </NativeSelect>
            </label>
            <label className="grid w-full gap-1 text-xs text-muted-foreground sm:w-64">
              {t("appointmentAdmin:calendar.service")}
              <NativeSelect value={serviceId} onChange={(e) => setFilter({ service: e.target.value || null })} data-testid="calendar-filter-service">
                <option value="">{t("appointmentAdmin:calendar.allServices")}</option>
                {serviceList.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </NativeSelect>
            </label>
            <fieldset className="grid min-w-0 gap-1">
              <legend className="mb-1 text-xs text-muted-foreground">{t("appointmentAdmin:calendar.statusLegend")}</legend>
              <div className="flex flex-wrap gap-1.5" data-testid="calendar-filter-status">
                {APPOINTMENT_STATUSES.map((s) => {
                  const on = statuses.includes(s);
                  return (
                    <button
                      key={s}
                      type="button"
                      aria-pressed={on}
                      onClick={() => toggleStatus(s)}
                      data-testid={`calendar-status-${s}`}
                      className={cn(
                        "inline-flex h-9 items-center gap-1.5 rounded-full border px-3 text-xs font-medium hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring",
                        on && "border-foreground bg-accent",
                        statuses.length > 0 && !on && "opacity-60",
                      )}
                    >
                      <span aria-hidden className="size-2.5 rounded-full" style={{ backgroundColor: STATUS_COLORS[s] }} />
                      {t(`appointmentAdmin:calendar.statuses.${s}`)}
                    </button>
                  );
                })}
              </div>
            </fieldset>
            {activeFilters > 0 ? (
              <Button variant="ghost" size="sm" onClick={() => setFilter({ employee: null, service: null, status: null })} data-testid="clear-calendar-filters">
                {t("appointmentAdmin:calendar.clearFilters")}
              </Button>
            ) : null}
          </div>

          <div className={cn("enzzo-calendar min-w-0", calendar.isFetching && "is-fetching")} data-testid="appointments-calendar" aria-busy={calendar.isFetching}>
            <FullCalendar
              ref={calendarRef}
              plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
              initialView={initialView}
              initialDate={initialDate}
              locales={[esLocale]}
              locale={lang === "en" ? "en" : "es"}
              timeZone="local"
              headerToolbar={
                narrow
                  ? { left: "prev,next today", center: "title", right: "timeGridDay,listWeek,dayGridMonth" }
                  : { left: "prev,next today", center: "title", right: "timeGridDay,timeGridWeek,dayGridMonth,listWeek" }
              }
              buttonText={{
                today: t("appointmentAdmin:calendar.views.today"),
                timeGridDay: t("appointmentAdmin:calendar.views.day"),
                timeGridWeek: t("appointmentAdmin:calendar.views.week"),
                dayGridMonth: t("appointmentAdmin:calendar.views.month"),
                listWeek: t("appointmentAdmin:calendar.views.list"),
              }}
              height="auto"
              firstDay={1}
              nowIndicator
              slotMinTime={grid.min}
              slotMaxTime={grid.max}
              scrollTime={grid.scroll}
              slotDuration="00:30:00"
              snapDuration="00:15:00"
              slotLabelFormat={{ hour: "numeric", minute: "2-digit", meridiem: "short" }}
              businessHours={businessHours}
              allDaySlot
              allDayText={t("appointmentAdmin:calendar.allDay")}
              noEventsText={t("appointmentAdmin:calendar.noEvents")}
              dayMaxEvents={3}
              expandRows
              events={events}
              eventDurationEditable={false}
              // a timed appointment stays timed: not onto the week's 'all day' row (the month view moves dates only)
              eventAllow={(span) => !span.allDay || calendarRef.current?.getApi().view.type === "dayGridMonth"}
              views={{ dayGridMonth: { eventDisplay: "block" } }}
              eventOverlap
              eventContent={renderEvent}
              datesSet={onDatesSet}
              dateClick={canCreate ? onDateClick : undefined}
              eventClick={onEventClick}
              eventDrop={onEventDrop}
              eventDidMount={(arg) => {
                const row = arg.event.extendedProps.row as AppointmentRow | undefined;
                if (row) {
                  arg.el.dataset.testid = "calendar-event";
                  // Enter opens it (FullCalendar makes it focusable): a button to assistive technology
                  arg.el.setAttribute("role", "button");
                  arg.el.dataset.appointmentId = row.id;
                  arg.el.dataset.status = row.status;
                  arg.el.setAttribute("aria-label", eventLabel(row, t(`appointmentAdmin:calendar.statuses.${row.status}`)));
                } else {
                  arg.el.dataset.testid = "calendar-block";
                }
              }}
            />
          </div>
          {calendar.isError ? (
            <p className="text-sm text-destructive" role="alert">
              {t("appointmentAdmin:calendar.loadFailed")}
            </p>
          ) : null}
        </CardContent>
      </Card>

      <NewAppointmentWizard
        key={wizard.key}
        open={wizard.open}
        onOpenChange={(open) => setWizard((w) => ({ ...w, open }))}
        initial={wizard.initial}
        onCreated={(created) => {
          void qc.invalidateQueries(trpc.appointment.pathFilter());
          // the calendar shows where the new appointment went (it may be weeks ahead)
          if (created?.appointment_date) calendarRef.current?.getApi().gotoDate(created.appointment_date);
        }}
      />
      <AppointmentSheet
        appointmentId={sheetId}
        onOpenChange={(open) => {
          if (!open) setSheetId(null);
        }}
        onChanged={() => {
          void qc.invalidateQueries(trpc.appointment.pathFilter());
        }}
      />
      <BlockTimeDialog
        open={block.open}
        onOpenChange={(open) => setBlock((b) => ({ ...b, open }))}
        employees={employeeList}
        defaults={block.defaults}
        onBlocked={(values) => calendarRef.current?.getApi().gotoDate(values.date)}
      />
    </div>
  );
}

/** The day a new block starts on: today when it is on screen (or nothing is), else the first day shown. */
function blockDefaultDate(range: { from: string; to: string } | null): string {
  const today = todayInSantoDomingo();
  return !range || (range.from <= today && today <= range.to) ? today : range.from;
}

/** The text a screen reader (and a hover) gets for an appointment. */
function eventLabel(row: AppointmentRow, status: string): string {
  return `${row.start_time}–${row.end_time} ${row.customer_name} · ${row.service_name} · ${row.employee_name} · ${status}`;
}

/** An appointment: time, customer and service, then the employee; a block: its label. */
function renderEvent(arg: EventContentArg) {
  const row = arg.event.extendedProps.row as AppointmentRow | undefined;
  if (!row) {
    const block = arg.event.extendedProps.block as CalendarBlock | undefined;
    return (
      <div className="calendar-block-label" title={block?.reason ?? undefined}>
        <span className="font-medium">{arg.event.title}</span>
        {block?.reason ? <span className="block truncate">{block.reason}</span> : null}
      </div>
    );
  }
  if (arg.view.type === "dayGridMonth") {
    return (
      <div className="truncate px-1 text-xs">
        <span className="font-semibold">{row.start_time}</span> {row.customer_name}
      </div>
    );
  }
  if (arg.view.type.startsWith("list")) {
    return (
      <span>
        <span className="font-medium">{row.customer_name}</span> · {row.service_name} · <span className="text-muted-foreground">{row.employee_name}</span>
      </span>
    );
  }
  return (
    <div className="calendar-event-body">
      <div className="truncate font-semibold">
        {row.start_time} {row.customer_name}
      </div>
      <div className="truncate">{row.service_name}</div>
      <div className="truncate italic">{row.employee_name}</div>
    </div>
  );
}
