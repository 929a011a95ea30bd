import { describe, expect, it } from "vitest";
import type { AppointmentRow } from "../booking/types";
import { appointmentEvent, blockEvents, type CalendarBlock, localDate, localTime, STATUS_COLORS, scheduleBusinessHours, visibleRange } from "./calendar-events";

const row = (patch: Partial<AppointmentRow> = {}): AppointmentRow => ({
  id: "a1",
  appointment_number: "000001",
  status: "pending",
  customer_id: null,
  customer_name: "Ana Pérez",
  customer_email: null,
  customer_phone: null,
  service_id: "s1",
  service_name: "Clase de cocina dominicana",
  employee_id: "e1",
  employee_name: "Ramón Peña",
  appointment_date: "2026-11-27",
  start_time: "09:00",
  end_time: "10:00",
  duration_minutes: 60,
  party_size: 1,
  customer_notes: null,
  total_amount: "1500.00",
  amount_paid: "0.00",
  deposit_amount: "450.00",
  balance_due: "1500.00",
  invoice_id: null,
  invoice_number: null,
  created_at: new Date("2026-11-26T12:00:00Z"),
  ...patch,
});

const block = (patch: Partial<CalendarBlock> = {}): CalendarBlock => ({
  id: "b1",
  employee_id: "e1",
  employee_name: "Ramón Peña",
  start_date: "2026-11-27",
  end_date: "2026-11-27",
  start_time: "16:00",
  end_time: "17:00",
  type: "other",
  reason: null,
  ...patch,
});

describe("appointmentEvent", () => {
  it("places the appointment at its wall-clock time, coloured by status, with time, customer and service in the title", () => {
    const e = appointmentEvent(row(), true);
    expect(e).toMatchObject({ id: "a1", start: "2026-11-27T09:00:00", end: "2026-11-27T10:00:00", backgroundColor: STATUS_COLORS.pending, title: "09:00 Ana Pérez · Clase de cocina dominicana" });
    expect(e.startEditable).toBe(true);
    expect(e.durationEditable).toBe(false);
  });

  it("lets only pending, confirmed and rescheduled appointments be dragged, and only by who may update", () => {
    for (const status of ["pending", "confirmed", "rescheduled"] as const) expect(appointmentEvent(row({ status }), true).startEditable).toBe(true);
    for (const status of ["cancelled", "completed", "no_show"] as const) expect(appointmentEvent(row({ status }), true).startEditable).toBe(false);
    expect(appointmentEvent(row(), false).startEditable).toBe(false);
  });

  it("ends an appointment that runs to midnight at the next day's 00:00", () => {
    expect(appointmentEvent(row({ start_time: "23:00", end_time: "24:00" }), true).end).toBe("2026-11-28T00:00:00");
  });
});

describe("blockEvents", () => {
  it("draws blocked hours as one background event a day, only on the visible days", () => {
    const events = blockEvents(block({ start_date: "2026-11-20", end_date: "2026-11-25" }), "2026-11-23", "2026-11-29", "Horario bloqueado · Ramón Peña");
    expect(events.map((e) => [e.start, e.end])).toEqual([
      ["2026-11-23T16:00:00", "2026-11-23T17:00:00"],
      ["2026-11-24T16:00:00", "2026-11-24T17:00:00"],
      ["2026-11-25T16:00:00", "2026-11-25T17:00:00"],
    ]);
    expect(events[0]).toMatchObject({ display: "background", title: "Horario bloqueado · Ramón Peña" });
  });

  it("draws whole days off as one all-day span (end exclusive)", () => {
    const [e] = blockEvents(block({ start_time: null, end_time: null, end_date: "2026-11-28", type: "vacation" }), "2026-11-23", "2026-11-29", "Vacaciones");
    expect(e).toMatchObject({ start: "2026-11-27", end: "2026-11-29", allDay: true, display: "background" });
  });
});

describe("dates", () => {
  it("reads local dates and times and turns FullCalendar's [start, end) into inclusive dates", () => {
    const start = new Date(2026, 10, 23, 0, 0);
    const end = new Date(2026, 10, 30, 0, 0);
    expect(visibleRange(start, end)).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    expect(localDate(new Date(2026, 0, 5, 7, 5))).toBe("2026-01-05");
    expect(localTime(new Date(2026, 0, 5, 7, 5))).toBe("07:05");
  });
});

describe("scheduleBusinessHours", () => {
  const workday = { dayOff: false, start: "08:00", end: "18:00", breaks: [{ start: "12:00", end: "13:00" }] };
  const off = { dayOff: true, start: "08:00", end: "18:00", breaks: [] };
  const week = [off, workday, workday, workday, workday, workday, { ...workday, end: "12:00", breaks: [] }];

  it("shades the working hours of the schedule in effect, without breaks or days off", () => {
    const hours = scheduleBusinessHours([{ effective_from: "2026-01-01", effective_until: null, days: week }], "2026-11-27");
    expect(hours?.filter((h) => h.daysOfWeek[0] === 1)).toEqual([
      { daysOfWeek: [1], startTime: "08:00", endTime: "12:00" },
      { daysOfWeek: [1], startTime: "13:00", endTime: "18:00" },
    ]);
    expect(hours?.some((h) => h.daysOfWeek[0] === 0)).toBe(false);
    expect(hours?.filter((h) => h.daysOfWeek[0] === 6)).toEqual([{ daysOfWeek: [6], startTime: "08:00", endTime: "12:00" }]);
  });

  it("takes the latest schedule started by the date, and none when none is in effect", () => {
    const later = { effective_from: "2026-12-01", effective_until: null, days: week.map(() => ({ ...workday, start: "10:00", breaks: [] })) };
    const first = { effective_from: "2026-01-01", effective_until: null, days: week };
    expect(scheduleBusinessHours([first, later], "2026-12-02")?.[0]).toMatchObject({ startTime: "10:00" });
    expect(scheduleBusinessHours([first, later], "2026-11-30")?.[0]).toMatchObject({ startTime: "08:00" });
    expect(scheduleBusinessHours([later], "2026-11-30")).toBeNull();
  });
});
