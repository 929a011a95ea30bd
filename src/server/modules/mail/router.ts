import { router } from "../../trpc/init";

export const outboxRouter = router({});
