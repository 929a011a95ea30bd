import { router } from "../../../trpc/init";

/** The section editor: pages, their draft and published sections, publish (helper B). */
export const editorRouter = router({});
