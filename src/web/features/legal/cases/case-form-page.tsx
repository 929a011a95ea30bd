/** helper 3: new / edit case (issue 20). */
export function CaseFormPage() {
  return null;
}
