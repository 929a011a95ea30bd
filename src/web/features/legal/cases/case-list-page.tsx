/** helper 3: the cases list with the statistics summary and filters (issue 20). */
export function CaseListPage() {
  return null;
}
