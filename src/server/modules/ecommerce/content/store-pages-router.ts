import { contactFormInput } from "../../../../shared/storefront/content";
import { ATTEMPT_WINDOW_MS, AttemptLimiter } from "../../../trpc/attempt-limit";
import { appError } from "../../../trpc/errors";
import { router } from "../../../trpc/init";
import { loadPublishedStore, shopProcedure } from "../access";
import { submitContactForm } from "./service";

/** Messages one visitor address may send to one shop per window (ATTEMPT_WINDOW_MS: 5 minutes). */
export const CONTACT_RATE_LIMIT = 5;
const contactSubmissions = new AttemptLimiter(ATTEMPT_WINDOW_MS);

/** `storePages.*`: the shop's contact form (storePages.submitContactForm; helper F). */
export const storePagesRouter = router({
  /** Public: stored in store_contact_messages and mailed to the shop (SMTP or the outbox). */
  submitContactForm: shopProcedure.input(contactFormInput).mutation(async ({ ctx, input }) => {
    const store = await loadPublishedStore(ctx.tx, ctx.tenant.id, input.store_id);
    const key = `${ctx.req.ip}|${ctx.tenant.id}`;
    if (contactSubmissions.isBlocked(key, CONTACT_RATE_LIMIT)) throw appError("TOO_MANY_REQUESTS", "storefrontContent:contact.tooMany");
    contactSubmissions.hit(key);
    return submitContactForm(ctx.tx, ctx.tenant.id, store, input);
  }),
});
