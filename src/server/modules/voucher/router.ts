import { router } from "../../trpc/init";

/** voucher.* (issue 16), being built. */
export const voucherRouter = router({});
