/** Placeholder until its screen lands (issue 18). */
export function PatientFormPage() {
  return null;
}
