import { router } from "../../../trpc/init";

/** dental.* procedures of this area (see src/server/modules/dental/router.ts). */
export const dentalFilesRouter = router({});
