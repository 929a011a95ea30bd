/** Placeholder until its tab lands (issue 18). */
export function DocumentsTab(_props: { patientId: string }) {
  return null;
}
