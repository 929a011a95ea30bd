import { router } from "../../trpc/init";

/** creditNote.*: credit notes (B04) against invoices: returns, cancellations, store credit. */
export const creditNoteRouter = router({});
