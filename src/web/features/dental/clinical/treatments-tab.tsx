/** Placeholder until its tab lands (issue 18). */
export function TreatmentsTab(_props: { patientId: string }) {
  return null;
}
