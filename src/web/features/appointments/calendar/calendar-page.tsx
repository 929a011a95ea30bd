export function CalendarPage() {
  return null;
}
