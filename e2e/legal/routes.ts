import type { Page } from "@playwright/test";
import { trpcQuery } from "../catalog-helpers";

/**
 * The legal case area's screens (issue 20), for the generated sweep (axe, no sideways scroll) in
 * e2e/a11y/screens.spec.ts; they are screens of the `legal` demo tenant.
 */
export const LEGAL_ROUTES = ["/home/legal", "/home/legal/calendar", "/home/legal/cases/new", "/home/legal/templates", "/home/legal/templates/new"] as const;

/** A case (its summary tab and its edit form), one of its documents in the editor and a template, on records of the demo. */
export async function legalDetailRoutes(page: Page): Promise<string[]> {
  const cases = await trpcQuery<{ data: { id: string }[] }>(page, "legalCase.getCases", { page: 1, pageSize: 20 });
  const routes: string[] = [];
  for (const c of cases.data) {
    const documents = await trpcQuery<{ id: string }[]>(page, "legalCase.getDocuments", { caseId: c.id });
    if (documents[0]) {
      routes.push(`/home/legal/cases/${c.id}`, `/home/legal/cases/${c.id}/edit`, `/home/legal/documents/${documents[0].id}`);
      break;
    }
  }
  const templates = await trpcQuery<{ id: string }[]>(page, "legalCase.getTemplates", {});
  if (templates[0]) routes.push(`/home/legal/templates/${templates[0].id}`);
  return routes;
}
