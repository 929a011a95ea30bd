import { router } from "../../../trpc/init";

/** `storePages.*`: the shop's contact form (storePages.submitContactForm; helper F). */
export const storePagesRouter = router({});
