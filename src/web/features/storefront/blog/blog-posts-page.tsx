/** Placeholder: replaced by its helper in this issue. */
export function BlogPostsPage() {
  return null;
}
