import type { RouteObject } from "react-router";
import { CreditNoteDetailPage } from "./credit-note-detail-page";
import { CreditNotesPage } from "./credit-notes-page";

/** /home/credit-notes: credit notes (B04) list and detail. */
export const creditNoteRoutes: RouteObject[] = [
  { path: "credit-notes", element: <CreditNotesPage /> },
  { path: "credit-notes/:id", element: <CreditNoteDetailPage /> },
];
