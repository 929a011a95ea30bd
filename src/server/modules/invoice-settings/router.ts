import { router } from "../../trpc/init";

/** invoiceCondition.*: payment terms (Contado, Crédito 30 días …). */
export const invoiceConditionRouter = router({});
/** invoiceType.*: kinds of invoice with their default NCF type. */
export const invoiceTypeRouter = router({});
