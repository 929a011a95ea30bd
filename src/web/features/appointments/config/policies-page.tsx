export function PoliciesPage() {
  return null;
}
