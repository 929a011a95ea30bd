import { router } from "../../trpc/init";

export const customerRouter = router({});
export const customerTypeRouter = router({});
export const legattiCustomerRouter = router({});
