import { router } from "../../trpc/init";

/** accounting.*: issue 14. */
export const accountingRouter = router({});
