import { router } from "../../trpc/init";

/** invoice.*: the invoices back office (list, detail, manual invoice, payments, cancel, share). */
export const invoiceRouter = router({});
