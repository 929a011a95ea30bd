/** helper 3: the events of every case on a month calendar (issue 20). */
export function LegalCalendarPage() {
  return null;
}
