export function AssignmentsPage() {
  return null;
}
