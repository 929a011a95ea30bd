import { z } from "zod";
import { STORE_PAGES } from "../../../../shared/storefront/constants";
import { pageSectionsSchema, SECTION_LIMITS } from "../../../../shared/storefront/sections";
import { router } from "../../../trpc/init";
import { storefrontUpdateProcedure, storefrontViewProcedure } from "../access";
import * as editor from "./service";

export const saveStorePageInput = z.object({ page: z.enum(STORE_PAGES), sections: pageSectionsSchema });
const previewInput = z.object({ sections: z.array(z.unknown()).max(SECTION_LIMITS.maxSectionsPerPage) });

/**
 * The section editor: pages, their draft and published sections, publish (helper B).
 * getEditorPreviewData reads nothing it changes but is a POST: a page's sections (banners, custom
 * HTML) are too long for a query's URL.
 */
export const editorRouter = router({
  getStorePages: storefrontViewProcedure.query(({ ctx }) => editor.getStorePages(ctx.tx, ctx.tenant.id)),
  saveStorePage: storefrontUpdateProcedure.input(saveStorePageInput).mutation(({ ctx, input }) => editor.saveStorePage(ctx.tx, ctx.tenant.id, ctx.user.id, input)),
  publishStore: storefrontUpdateProcedure.input(z.object({}).optional()).mutation(({ ctx }) => editor.publishStore(ctx.tx, ctx.tenant.id, ctx.user.id)),
  unpublishStore: storefrontUpdateProcedure.input(z.object({}).optional()).mutation(({ ctx }) => editor.unpublishStore(ctx.tx, ctx.tenant.id)),
  getEditorPreviewData: storefrontViewProcedure.input(previewInput).mutation(({ ctx, input }) => editor.getEditorPreviewData(ctx.tx, ctx.tenant.id, input.sections)),
});
