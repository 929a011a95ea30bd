/** Placeholder until its screen lands (issue 18). */
export function XraysPage() {
  return null;
}
