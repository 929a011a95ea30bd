/** Being built (issue 17). */
export function FormsListPage() {
  return null;
}
