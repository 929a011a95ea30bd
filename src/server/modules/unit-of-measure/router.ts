import { router } from "../../trpc/init";

/** unitOfMeasure.* — built by the units work (see issue 3). */
export const unitOfMeasureRouter = router({});
