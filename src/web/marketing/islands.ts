import type { IslandRegistry } from "../public-site/island";

/** The marketing pages' interactive parts (language menu, testimonials, FAQ, demo modal, pricing; helper D). */
export const marketingIslands: IslandRegistry = {};
