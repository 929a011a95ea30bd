import type { IslandRegistry } from "../../public-site/island";

/** Interactive parts of the page sections (hero carousel, testimonials, contact form…; helper B). */
export const sectionIslands: IslandRegistry = {};
