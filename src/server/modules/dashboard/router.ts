import { router } from "../../trpc/init";

/** dashboard.*: issue 14. */
export const dashboardRouter = router({});
