import { router } from "../../trpc/init";

export const ncfRouter = router({});
