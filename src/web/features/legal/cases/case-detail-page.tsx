/** helper 3: a case with its tabs (overview, parties, documents, events, tasks, time, communications) (issue 20). */
export function CaseDetailPage() {
  return null;
}
