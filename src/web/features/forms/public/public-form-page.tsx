/** Being built (issue 17). */
export function PublicFormPage() {
  return null;
}
