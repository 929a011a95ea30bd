import { mergeRouters } from "../../trpc/init";
import { casesRouter } from "./cases/router";
import { documentsRouter } from "./documents/router";

/**
 * legalCase.*: the legal case-management area of Legatti (issue 20), one flat namespace merged
 * from the case area (cases/) and the documents with their editor's templates (documents/).
 */
export const legalCaseRouter = mergeRouters(casesRouter, documentsRouter);
