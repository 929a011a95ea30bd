import type { RouteObject } from "react-router";

/** /home/credit-notes: credit notes (B04) list and detail; each page is its own chunk, fetched when first opened. */
export const creditNoteRoutes: RouteObject[] = [
  { path: "credit-notes", lazy: () => import("./credit-notes-page").then((m) => ({ Component: m.CreditNotesPage })) },
  { path: "credit-notes/:id", lazy: () => import("./credit-note-detail-page").then((m) => ({ Component: m.CreditNoteDetailPage })) },
];
