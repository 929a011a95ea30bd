import type { IslandRegistry } from "../../public-site/island";

/** The shop's own interactive parts (search, filters, gallery…; helper A). */
export const shopIslands: IslandRegistry = {};
