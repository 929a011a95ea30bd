export function AppointmentListPage() {
  return null;
}
