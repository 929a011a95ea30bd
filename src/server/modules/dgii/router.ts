import { it1Input, previewInput, txtInput } from "../../../shared/dgii/codes";
import { protectedProcedure, requirePermission, router } from "../../trpc/init";
import { get606, get607, get608, getIt1, getTxt } from "./service";

const view = protectedProcedure.use(requirePermission("accounting.view"));

/**
 * dgii.*: the DGII 606 (purchases), 607 (sales), 608 (cancelled NCFs) of a month (period yyyyMM),
 * previewed with their validation issues and totals, the TXT files and the IT-1 helper (issue 14 §6).
 */
export const dgiiRouter = router({
  get606: view.input(previewInput).query(({ ctx, input }) => get606(ctx, input)),
  get607: view.input(previewInput).query(({ ctx, input }) => get607(ctx, input)),
  get608: view.input(previewInput).query(({ ctx, input }) => get608(ctx, input)),
  /** The file to upload to the Oficina Virtual: {fileName, content}, byte-exact (CRLF). */
  getTxt: protectedProcedure
    .use(requirePermission("accounting.export"))
    .input(txtInput)
    .query(({ ctx, input }) => getTxt(ctx, input)),
  getIt1: view.input(it1Input).query(({ ctx, input }) => getIt1(ctx, input)),
});
