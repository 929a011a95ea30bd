/** Being built (issue 17). */
export function SubmissionDetailPage() {
  return null;
}
