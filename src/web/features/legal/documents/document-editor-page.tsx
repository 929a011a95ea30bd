/** helper 2: a document in the rich-text editor, its versions and exports (issue 20). */
export function DocumentEditorPage() {
  return null;
}
