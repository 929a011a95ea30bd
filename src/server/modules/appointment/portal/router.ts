import { router } from "../../../trpc/init";

/** portal.*: the public booking portal and the customer area (issue 15 §6). */
export const portalRouter = router({});
