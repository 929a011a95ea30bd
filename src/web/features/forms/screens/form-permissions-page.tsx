/** Being built (issue 17). */
export function FormPermissionsPage() {
  return null;
}
