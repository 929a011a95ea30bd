import { router } from "../../trpc/init";

export const productRouter = router({});
