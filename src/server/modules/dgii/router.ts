import { router } from "../../trpc/init";

/** dgii.*: issue 14. */
export const dgiiRouter = router({});
