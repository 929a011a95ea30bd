/** Placeholder: replaced by its helper in this issue. */
export function OnlineOrdersPage() {
  return null;
}
