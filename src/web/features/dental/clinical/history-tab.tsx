/** Placeholder until its tab lands (issue 18). */
export function HistoryTab(_props: { patientId: string }) {
  return null;
}
