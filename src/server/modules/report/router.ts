import { router } from "../../trpc/init";

/** report.*: issue 14. */
export const reportRouter = router({});
