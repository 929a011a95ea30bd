import { router } from "../../../trpc/init";

/** Public reads of the shop that the browser asks for after the page is served (helper A). */
export const shopRouter = router({});
