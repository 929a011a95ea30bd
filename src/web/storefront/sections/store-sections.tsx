import type { PageSection } from "../../../shared/storefront/sections";
import type { SectionData } from "../../../shared/storefront/types";

/**
 * Renders a page's visible sections in order, on the server (the shop) and in the back office (the
 * editor's preview). Helper B replaces this with the 20 section renderers.
 */
export function StoreSections(_props: { sections: PageSection[]; data: SectionData }) {
  return null;
}

/** The CSS of a page's sections: backgrounds, spacing, borders, mobile overrides, scoped custom CSS. */
export function sectionsStyle(_sections: PageSection[]): string {
  return "";
}
