/** Placeholder until its tab lands (issue 18). */
export function LabOrdersTab(_props: { patientId: string }) {
  return null;
}
