/** Placeholder: replaced by its helper in this issue. */
export function StoreSettingsPage() {
  return null;
}
