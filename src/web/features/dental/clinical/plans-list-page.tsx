/** Placeholder until its screen lands (issue 18). */
export function PlansListPage() {
  return null;
}
