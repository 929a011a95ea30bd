import type { AppointmentStatus } from "../../../../shared/appointments/schemas";

/** One appointment as appointment.getAll / getCalendar / updateStatus answer it (money as decimal strings). */
export interface AppointmentRow {
  id: string;
  appointment_number: string;
  status: AppointmentStatus;
  customer_id: string | null;
  customer_name: string;
  customer_email: string | null;
  customer_phone: string | null;
  service_id: string;
  service_name: string;
  employee_id: string;
  employee_name: string;
  /** yyyy-MM-dd */
  appointment_date: string;
  /** HH:mm */
  start_time: string;
  end_time: string;
  duration_minutes: number;
  party_size: number;
  customer_notes: string | null;
  total_amount: string;
  amount_paid: string;
  /** the effective deposit asked: the appointment's own or the policy's percentage */
  deposit_amount: string;
  balance_due: string;
  invoice_id: string | null;
  invoice_number: string | null;
  created_at: string | Date;
}

/** What the wizard may start from (a slot clicked on the calendar). */
export interface WizardInitial {
  date?: string;
  time?: string;
  employee_id?: string;
  service_id?: string;
}
