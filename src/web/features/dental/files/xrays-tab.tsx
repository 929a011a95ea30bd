/** Placeholder until its tab lands (issue 18). */
export function XraysTab(_props: { patientId: string }) {
  return null;
}
