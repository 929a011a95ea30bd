import { router } from "../../trpc/init";

export const posRouter = router({});
