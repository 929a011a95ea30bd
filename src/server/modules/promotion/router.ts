import { router } from "../../trpc/init";

/** promotion.* (issue 16), being built. */
export const promotionRouter = router({});
