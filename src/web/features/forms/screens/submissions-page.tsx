/** Being built (issue 17). */
export function SubmissionsPage() {
  return null;
}
