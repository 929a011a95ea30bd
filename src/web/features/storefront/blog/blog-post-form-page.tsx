/** Placeholder: replaced by its helper in this issue. */
export function BlogPostFormPage() {
  return null;
}
