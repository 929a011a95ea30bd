import { z } from "zod";

/**
 * Page sections of the storefront (spec 03 'Page section', 'Section types', 'Storefront' constants).
 * A page is an ordered list of sections; each has settings and mobileSettings (applied at the
 * mobile breakpoint and below). Helper B completes the per-type settings schemas.
 */
export const SECTION_TYPES = [
  "hero",
  "promotional_banner",
  "category_banners",
  "featured_products",
  "categories",
  "testimonials",
  "about",
  "newsletter",
  "contact",
  "custom_html",
  "columns_layout",
  "sidebar",
  "new_arrivals",
  "sale_items",
  "brands",
  "product_carousel",
  "video",
  "blog_posts",
  "page_content",
  "contact_form",
] as const;
export type SectionType = (typeof SECTION_TYPES)[number];

export const pageSectionSchema = z.object({
  id: z.string().min(1).max(64),
  type: z.enum(SECTION_TYPES),
  isVisible: z.boolean(),
  settings: z.record(z.string(), z.unknown()),
  mobileSettings: z.record(z.string(), z.unknown()),
});
export type PageSection = z.infer<typeof pageSectionSchema>;
