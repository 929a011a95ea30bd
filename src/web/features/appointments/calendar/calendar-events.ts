import type { EventInput } from "@fullcalendar/core";
import { type AppointmentStatus, MOVABLE_STATUSES } from "../../../../shared/appointments/schemas";
import { addDays } from "../booking/dates";
import type { AppointmentRow } from "../booking/types";

/**
 * What the calendar draws, from appointment.getCalendar: appointments as events coloured by
 * status, and the employees' approved time off (blocked time included) as grey background
 * events. Times are the business's wall clock ('yyyy-MM-ddTHH:mm:00' with no offset): FullCalendar
 * reads them in the browser's zone, which for the business's staff is America/Santo_Domingo.
 */

export type CalendarBlockType = "vacation" | "sick" | "personal" | "training" | "other";

export interface CalendarBlock {
  id: string;
  employee_id: string;
  employee_name: string;
  /** yyyy-MM-dd */
  start_date: string;
  end_date: string;
  /** HH:mm, null for whole days */
  start_time: string | null;
  end_time: string | null;
  type: CalendarBlockType | string;
  reason: string | null;
}

/** Each status's colour (white text on each meets WCAG AA, in every theme). */
export const STATUS_COLORS: Record<AppointmentStatus, string> = {
  pending: "#b45309",
  confirmed: "#1d4ed8",
  rescheduled: "#6d28d9",
  completed: "#15803d",
  no_show: "#b91c1c",
  cancelled: "#6b7280",
};

export const BLOCK_COLOR = "#64748b";

export const isMovable = (status: AppointmentStatus) => MOVABLE_STATUSES.includes(status);

/** One appointment as a FullCalendar event; `extendedProps.row` carries the whole row. */
export function appointmentEvent(row: AppointmentRow, canMove: boolean): EventInput {
  const color = STATUS_COLORS[row.status] ?? STATUS_COLORS.pending;
  return {
    id: row.id,
    title: `${row.start_time} ${row.customer_name} · ${row.service_name}`,
    start: `${row.appointment_date}T${row.start_time}:00`,
    // an appointment running to midnight ends at 24:00: the next day's 00:00
    end: row.end_time === "24:00" ? `${addDays(row.appointment_date, 1)}T00:00:00` : `${row.appointment_date}T${row.end_time}:00`,
    backgroundColor: color,
    borderColor: color,
    textColor: "#ffffff",
    startEditable: canMove && isMovable(row.status),
    durationEditable: false,
    classNames: [`appointment-${row.status}`],
    extendedProps: { kind: "appointment", row },
  };
}

/**
 * A time-off entry as background events: one per day when it has hours (a multi-day entry with
 * hours blocks those hours each day), one all-day span otherwise. Days outside [from, to] are left out.
 */
export function blockEvents(block: CalendarBlock, from: string, to: string, label: string): EventInput[] {
  const base = {
    display: "background",
    backgroundColor: BLOCK_COLOR,
    title: label,
    classNames: ["calendar-block", `calendar-block-${block.type}`],
    extendedProps: { kind: "block", block },
  } satisfies EventInput;
  if (!block.start_time || !block.end_time) {
    return [{ ...base, id: `block-${block.id}`, start: block.start_date, end: addDays(block.end_date, 1), allDay: true }];
  }
  const events: EventInput[] = [];
  const first = block.start_date > from ? block.start_date : from;
  const last = block.end_date < to ? block.end_date : to;
  for (let day = first; day <= last; day = addDays(day, 1)) {
    const end = block.end_time === "24:00" ? `${addDays(day, 1)}T00:00:00` : `${day}T${block.end_time}:00`;
    events.push({ ...base, id: `block-${block.id}-${day}`, start: `${day}T${block.start_time}:00`, end });
  }
  return events;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A local Date as the business's calendar date, 'yyyy-MM-dd'. */
export const localDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** A local Date's wall-clock time, 'HH:mm'. */
export const localTime = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** FullCalendar's visible range [start, end) as the inclusive dates appointment.getCalendar takes. */
export function visibleRange(start: Date, end: Date): { from: string; to: string } {
  return { from: localDate(start), to: addDays(localDate(end), -1) };
}

/** One day of a weekly schedule (index 0 = Sunday), as appointment.getSchedules answers it. */
export interface ScheduleDay {
  dayOff: boolean;
  start: string;
  end: string;
  breaks: { start: string; end: string }[];
}

export interface BusinessHoursSpan {
  daysOfWeek: number[];
  startTime: string;
  endTime: string;
}

/** The usual Dominican working week (and the demo's): shaded as business hours when no one employee is chosen. */
export const DEFAULT_BUSINESS_HOURS: BusinessHoursSpan[] = [{ daysOfWeek: [1, 2, 3, 4, 5, 6], startTime: "08:00", endTime: "18:00" }];

/**
 * An employee's working hours for FullCalendar's businessHours: the schedule in effect on `date`
 * (the latest one started by then), each working day's hours without its breaks.
 */
export function scheduleBusinessHours(
  schedules: { effective_from: string; effective_until: string | null; days: ScheduleDay[] }[],
  date: string,
): BusinessHoursSpan[] | null {
  const current = schedules.filter((s) => s.effective_from <= date && (!s.effective_until || s.effective_until >= date)).sort((a, b) => b.effective_from.localeCompare(a.effective_from))[0];
  if (!current) return null;
  const spans: BusinessHoursSpan[] = [];
  current.days.forEach((day, weekday) => {
    if (!day || day.dayOff || day.end <= day.start) return;
    let from = day.start;
    for (const b of [...day.breaks].sort((x, y) => x.start.localeCompare(y.start))) {
      if (b.start > from) spans.push({ daysOfWeek: [weekday], startTime: from, endTime: b.start < day.end ? b.start : day.end });
      if (b.end > from) from = b.end;
    }
    if (from < day.end) spans.push({ daysOfWeek: [weekday], startTime: from, endTime: day.end });
  });
  return spans;
}
