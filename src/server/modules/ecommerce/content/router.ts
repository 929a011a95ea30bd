import {
  contactMessagesInput,
  findBlogPostsInput,
  idInput,
  mediaLibraryInput,
  saveBlogPostInput,
  saveToMediaLibraryInput,
  setBlogPostStatusInput,
  updateStoreSettingsInput,
} from "../../../../shared/storefront/content";
import { router } from "../../../trpc/init";
import { storefrontUpdateProcedure, storefrontViewProcedure } from "../access";
import * as content from "./service";

/** The media library, the blog, the store's settings and its contact messages (helper F). */
export const contentRouter = router({
  getTenantMediaLibrary: storefrontViewProcedure.input(mediaLibraryInput).query(({ ctx, input }) => content.getTenantMediaLibrary(ctx.tx, ctx.tenant.id, input.category)),
  saveToMediaLibrary: storefrontUpdateProcedure.input(saveToMediaLibraryInput).mutation(({ ctx, input }) => content.saveToMediaLibrary(ctx.tx, ctx.tenant.id, ctx.user.id, input)),
  deleteMediaLibraryImage: storefrontUpdateProcedure.input(idInput).mutation(({ ctx, input }) => content.deleteMediaLibraryImage(ctx.tx, ctx.tenant.id, input.id)),

  findContactMessages: storefrontViewProcedure.input(contactMessagesInput).query(({ ctx, input }) => content.findContactMessages(ctx.tx, ctx.tenant.id, input)),
  markContactMessageRead: storefrontViewProcedure.input(idInput).mutation(({ ctx, input }) => content.markContactMessageRead(ctx.tx, ctx.tenant.id, input.id)),

  findBlogPosts: storefrontViewProcedure.input(findBlogPostsInput).query(({ ctx, input }) => content.findBlogPosts(ctx.tx, ctx.tenant.id, input)),
  getBlogPost: storefrontViewProcedure.input(idInput).query(({ ctx, input }) => content.getBlogPost(ctx.tx, ctx.tenant.id, input.id)),
  saveBlogPost: storefrontUpdateProcedure.input(saveBlogPostInput).mutation(({ ctx, input }) => content.saveBlogPost(ctx.tx, ctx.tenant.id, ctx.user.id, input)),
  setBlogPostStatus: storefrontUpdateProcedure.input(setBlogPostStatusInput).mutation(({ ctx, input }) => content.setBlogPostStatus(ctx.tx, ctx.tenant.id, input)),
  deleteBlogPost: storefrontUpdateProcedure.input(idInput).mutation(({ ctx, input }) => content.deleteBlogPost(ctx.tx, ctx.tenant.id, input.id)),

  getStoreSettings: storefrontViewProcedure.query(({ ctx }) => content.getStoreSettings(ctx.tx, ctx.tenant.id)),
  updateStoreSettings: storefrontUpdateProcedure.input(updateStoreSettingsInput).mutation(({ ctx, input }) => content.updateStoreSettings(ctx.tx, ctx.tenant.id, input)),
});
