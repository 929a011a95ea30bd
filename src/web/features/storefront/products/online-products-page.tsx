/** Placeholder: replaced by its helper in this issue. */
export function OnlineProductsPage() {
  return null;
}
