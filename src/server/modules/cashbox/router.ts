import { router } from "../../trpc/init";

export const cashboxRouter = router({});
