/** Placeholder: replaced by its helper in this issue. */
export function ContactMessagesPage() {
  return null;
}
