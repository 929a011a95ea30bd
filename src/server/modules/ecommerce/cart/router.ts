import { router } from "../../../trpc/init";

/** The online cart, checkout and online orders (helper C). */
export const cartRouter = router({});
