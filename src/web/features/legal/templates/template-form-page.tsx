/** helper 2: a template in the rich-text editor (issue 20). */
export function TemplateFormPage() {
  return null;
}
