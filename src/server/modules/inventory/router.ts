import { router } from "../../trpc/init";

export const warehouseMovementRouter = router({});
