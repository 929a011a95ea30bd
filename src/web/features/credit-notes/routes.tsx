import type { RouteObject } from "react-router";

/** /home/credit-notes: credit notes list and detail. */
export const creditNoteRoutes: RouteObject[] = [];
