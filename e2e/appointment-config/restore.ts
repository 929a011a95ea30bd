import type { Page } from "@playwright/test";
import { trpcMutation, trpcQuery } from "../catalog-helpers";

/**
 * The demo's appointment set-up as a flow found it, to put back when it ends: the e2e flows share
 * one demo tenant, and the configuration flows change its services, assignments, schedules, time
 * off and policy (a later flow books against them).
 */
export interface AppointmentSetup {
  services: Record<string, unknown>[];
  policy: Record<string, unknown>;
  schedules: Set<string>;
  timeOff: Set<string>;
}

type Row = Record<string, unknown> & { id: string };

async function scheduleIds(page: Page): Promise<Set<string>> {
  const employees = await trpcQuery<Row[]>(page, "appointment.getEmployees");
  const ids = new Set<string>();
  for (const e of employees) for (const s of await trpcQuery<Row[]>(page, "appointment.getSchedules", { employee_id: e.id })) ids.add(s.id);
  return ids;
}

export async function saveAppointmentSetup(page: Page): Promise<AppointmentSetup> {
  return {
    services: await trpcQuery<Row[]>(page, "appointment.getServices"),
    policy: await trpcQuery<Row>(page, "appointment.getPolicy"),
    schedules: await scheduleIds(page),
    timeOff: new Set((await trpcQuery<Row[]>(page, "appointment.getTimeOff", {})).map((t) => t.id)),
  };
}

/** Puts the set-up back: service settings, every assignment without overrides and active, the schedules and time off the flow added removed, the policy. */
export async function restoreAppointmentSetup(page: Page, setup: AppointmentSetup): Promise<void> {
  for (const s of setup.services) {
    await trpcMutation(page, "appointment.updateServiceConfig", {
      service_id: s.id,
      duration_minutes: s.duration_minutes,
      buffer_before: s.buffer_before,
      buffer_after: s.buffer_after,
      min_attendees: s.min_attendees,
      max_attendees: s.max_attendees,
      allow_employee_selection: s.allow_employee_selection,
      auto_payment_link: s.auto_payment_link,
      min_notice_hours: s.min_notice_hours ?? null,
      max_advance_days: s.max_advance_days ?? null,
    });
  }
  for (const a of await trpcQuery<Row[]>(page, "appointment.getAssignments", {})) {
    await trpcMutation(page, "appointment.saveAssignment", { employee_id: a.employee_id, service_id: a.service_id, max_concurrent_bookings: 1, is_active: true });
  }
  for (const id of await scheduleIds(page)) if (!setup.schedules.has(id)) await trpcMutation(page, "appointment.deleteSchedule", { id });
  for (const t of await trpcQuery<Row[]>(page, "appointment.getTimeOff", {})) if (!setup.timeOff.has(t.id)) await trpcMutation(page, "appointment.deleteTimeOff", { id: t.id });
  const { id: _id, ...policy } = setup.policy;
  await trpcMutation(page, "appointment.updatePolicy", policy);
}
