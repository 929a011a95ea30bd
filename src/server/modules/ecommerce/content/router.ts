import { router } from "../../../trpc/init";

/** The media library, the blog, the store's settings and its contact messages (helper F). */
export const contentRouter = router({});
