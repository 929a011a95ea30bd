import { router } from "../../trpc/init";

export const currencyRouter = router({});
