/** Placeholder until its tab lands (issue 18). */
export function PrescriptionsTab(_props: { patientId: string }) {
  return null;
}
