import { router } from "../../trpc/init";

export const employeeRouter = router({});
export const commissionRouter = router({});
