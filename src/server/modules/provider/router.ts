import { router } from "../../trpc/init";

/** provider.* — built by the providers work (see issue 3). */
export const providerRouter = router({});
