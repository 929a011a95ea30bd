import { router } from "../../../trpc/init";

/** legalCase.* for cases, parties, events, tasks, time entries, communications and the statistics (helper 1). */
export const casesRouter = router({});
