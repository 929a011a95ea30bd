/** Being built (issue 17). */
export function FormSharePage() {
  return null;
}
