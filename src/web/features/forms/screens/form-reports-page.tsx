/** Being built (issue 17). */
export function FormReportsPage() {
  return null;
}
