/** Being built (issue 17). */
export function FormDesignerPage() {
  return null;
}
