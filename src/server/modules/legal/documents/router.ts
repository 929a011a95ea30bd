import { router } from "../../../trpc/init";

/** legalCase.* for documents, their versions, templates and variables (helper 2). */
export const documentsRouter = router({});
