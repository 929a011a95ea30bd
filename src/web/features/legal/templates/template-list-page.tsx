/** helper 2: document templates (issue 20). */
export function TemplateListPage() {
  return null;
}
