import { z } from "zod";
import { pageNumber } from "../../../shared/platform/pagination";
import { wholeNumber } from "../../../shared/platform/whole-number";
import { protectedProcedure, requirePermission, router } from "../../trpc/init";
import { findMessages, getMessage, markRead } from "./service";

/** Administrators (settings.access) read the tenant's mail here: what SMTP sent, and what stays in the outbox without SMTP. */
const admin = protectedProcedure.use(requirePermission("settings.access"));
const byId = z.object({ id: z.string().uuid() });

/** outbox.* — the tenant's outgoing mail (custom-discount codes, receipts, notices). */
export const outboxRouter = router({
  /** {page 1, pageSize 20} -> {data (newest first), pagination, unread}. */
  getAll: admin
    .input(
      z
        .object({
          page: pageNumber().optional().default(1),
          pageSize: wholeNumber(1, 100).optional().default(20),
        })
        .prefault({}),
    )
    .query(({ ctx, input }) => findMessages(ctx.tx, ctx.tenant.id, input)),
  /** One message with its text (and html, when it has one). */
  getById: admin.input(byId).query(({ ctx, input }) => getMessage(ctx.tx, ctx.tenant.id, input.id)),
  markRead: admin.input(byId).mutation(({ ctx, input }) => markRead(ctx.tx, ctx.tenant.id, input.id)),
});
